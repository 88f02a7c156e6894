//! End-to-end on a real Synapse (tests/matrix/matrix_support): a room that stays tidy.
//!
//! Three players with display names play a seeded game's setup in a Matrix room. Checked:
//! - every board image carries a thumbnail (`info.thumbnail_info` and `thumbnail_url`) that
//!   downloads as a PNG at most 320 px wide, with the width, height, type and size its info
//!   says (Element shows it inline instead of the full board);
//! - setup posts one board per round, not one per piece: after the first placement, exactly
//!   two boards up to the first roll (round one done, setup done), plus the empty board the
//!   game starts with;
//! - a turn message pings with a real mention: `m.mentions.user_ids` holds the player, the
//!   HTML has a matrix.to pill showing their display name, and the plain body (what a
//!   notification shows) has their display name and no raw user id.
//!
//! An encrypting player's room gets the same thumbnail, encrypted (`thumbnail_file`): it
//! downloads and decrypts to a small PNG.

use crate::matrix_support::bot::{body, oracle, settings, start_bot, stop_bot, version};
use crate::matrix_support::{
    EncryptedPlayer, Player, Synapse, WAIT, log_to_test, wait_joined, wait_joined_encrypted,
    wait_until,
};
use catan_bot::engine::Action;
use catan_bot::hosting::TableHandle;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{LiveSlot, command_for};
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::events::room::message::{MessageType, RoomMessageEventContent};
use reqwest::Method;
use serde_json::{Value, json};

/// The game replayed: board, seat order.
const SEED: u64 = 11;
/// The widest thumbnail the bot sends.
const THUMBNAIL_MAX: u64 = 320;

/// The players' accounts and the display names they set.
const PLAYERS: [(&str, &str); 3] = [
    ("alice", "Alice Ant"),
    ("bob", "Bob Bee"),
    ("carol", "Carol Cat"),
];

async fn set_display_name(player: &Player, name: &str) {
    let url = player.v3(&["profile", player.user_id(), "displayname"]);
    player
        .request(Method::PUT, url, Some(&json!({ "displayname": name })))
        .await;
}

/// Whether the game's live turn message has been posted (its board, if any, went first).
async fn turn_message_posted(table: &TableHandle) -> bool {
    table
        .call(|t| t.live_message(t.games().into_iter().next()?.id, LiveSlot::Turn))
        .await
        .expect("table open")
        .is_some()
}

fn is_image(e: &Value) -> bool {
    e["type"] == "m.room.message" && e["content"]["msgtype"] == "m.image"
}

/// A new text message (not an edit, not a picture) of the bot: a quiet notice, or a ping.
fn is_new_text(e: &Value, bot: &str) -> bool {
    e["sender"] == bot
        && e["type"] == "m.room.message"
        && matches!(
            e["content"]["msgtype"].as_str(),
            Some("m.notice" | "m.text")
        )
        && e["content"].get("m.relates_to").is_none()
}

/// Checks one board event's thumbnail against what it downloads to; returns its bytes.
async fn check_thumbnail(viewer: &Player, board: &Value) -> Vec<u8> {
    let info = &board["content"]["info"];
    let thumb = &info["thumbnail_info"];
    let url = info["thumbnail_url"]
        .as_str()
        .unwrap_or_else(|| panic!("a board without a thumbnail_url: {board}"));
    assert_eq!(thumb["mimetype"], "image/png", "{board}");
    let bytes = viewer.download_media(url).await;
    let picture = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .expect("the thumbnail is a valid PNG");
    let (w, h) = (u64::from(picture.width()), u64::from(picture.height()));
    assert!(w <= THUMBNAIL_MAX && w > 100 && h > 100, "{w}×{h}");
    assert_eq!(thumb["w"].as_u64(), Some(w), "{board}");
    assert_eq!(thumb["h"].as_u64(), Some(h), "{board}");
    assert_eq!(thumb["size"].as_u64(), Some(bytes.len() as u64), "{board}");
    // The full board is much bigger, and the thumbnail keeps its shape.
    let full_w = info["w"].as_u64().expect("the board's width");
    let full_h = info["h"].as_u64().expect("the board's height");
    assert!(full_w > 2 * w, "{full_w} vs {w}");
    assert!(
        (h * full_w).abs_diff(full_h * w) <= full_w,
        "aspect {w}×{h} vs {full_w}×{full_h}"
    );
    bytes
}

/// Makes the next setup placement of whoever the game waits for, typed; returns the id of the
/// command's event once the move is applied (once).
async fn place_next(table: &TableHandle, players: &[Player], room: &str) -> String {
    let (summary, game) = oracle(table).await.expect("a game");
    let game = game.expect("running");
    let before = game.view(None).version;
    let seat = game.waiting_for()[0];
    let seat_user = summary.players[seat as usize].0;
    let name = summary.players[seat as usize].1.clone();
    let action = game
        .legal_actions(seat)
        .into_iter()
        .find(|a| matches!(a, Action::BuildSettlement(_) | Action::BuildRoad(_)))
        .expect("a setup placement");
    let ctx = ParseContext {
        topology: game.topology(),
        players: &summary.players,
    };
    let text = format!("!catan {}", command_for(&action, &ctx));
    // The seat's player: the one whose display name the table uses.
    let player = PLAYERS
        .iter()
        .position(|(_, display)| *display == name)
        .map(|i| &players[i])
        .unwrap_or_else(|| panic!("seat {seat} ({seat_user}, {name}) is none of ours"));
    let event = player.send_text(room, &text).await;
    let what = format!("{name}'s placement at version {before}");
    wait_until(&what, WAIT, async || {
        (version(table).await > before).then_some(())
    })
    .await;
    assert_eq!(version(table).await, before + 1, "{what} applied once");
    event
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn boards_have_thumbnails_setup_shows_one_per_round_and_mentions_are_real() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_to_test();
    let bot_account = synapse.register("catan", "catan-password").await;
    let bot_user = bot_account.user_id.clone();
    let mut players = Vec::new();
    for (user, display) in PLAYERS {
        let p = Player::register(&synapse, user).await;
        set_display_name(&p, display).await;
        players.push(p);
    }
    let room = players[0].create_room("Catan night").await;
    for p in &players[1..] {
        players[0].invite(&room, p.user_id()).await;
        p.join(&room).await;
    }
    players[0].invite(&room, &bot_user).await;
    let data = synapse.dir().join("bot-data");
    let bot = start_bot(&settings(&synapse, &bot_account), &data).await;
    wait_joined(&players[0], &room, &bot_user).await;

    players[0]
        .send_text(&room, &format!("!catan new seed {SEED}"))
        .await;
    wait_until("the lobby", WAIT, async || oracle(&bot.table).await).await;
    for p in &players[1..] {
        p.send_text(&room, "!catan join").await;
    }
    wait_until("three players seated", WAIT, async || {
        oracle(&bot.table)
            .await
            .filter(|(s, _)| s.players.len() == 3)
    })
    .await;
    players[0].send_text(&room, "!catan start").await;
    // The first turn message (and the empty board before it) is out before anyone places.
    wait_until("the first turn message", WAIT, async || {
        turn_message_posted(&bot.table).await.then_some(())
    })
    .await;

    let mut first_placement = None;
    loop {
        let (_, game) = oracle(&bot.table).await.expect("a game");
        if !game.expect("running").in_setup() {
            break;
        }
        let event = place_next(&bot.table, &players, &room).await;
        first_placement.get_or_insert(event);
    }
    let first_placement = first_placement.expect("setup had placements");
    let (summary, game) = oracle(&bot.table).await.expect("a game");
    let current = game.expect("running").view(None).current as usize;
    let (current_user, current_name) = {
        let name = summary.players[current].1.clone();
        let i = PLAYERS
            .iter()
            .position(|(_, display)| *display == name)
            .expect("one of ours");
        (players[i].user_id().to_string(), name)
    };

    // The first roll's turn message: every setup post is out before it (posts keep order).
    let viewer = &players[1];
    let (events, roll_turn) = wait_until("the first roll's turn message", WAIT, async || {
        let events = viewer.messages(&room).await;
        let at = events
            .iter()
            .position(|e| is_new_text(e, &bot_user) && body(e).contains("!catan roll"))?;
        Some((events, at))
    })
    .await;
    let placed_at = events
        .iter()
        .position(|e| e["event_id"] == first_placement.as_str())
        .expect("the first placement is in the room");
    let boards: Vec<&Value> = events[..=roll_turn]
        .iter()
        .filter(|e| e["sender"] == bot_user.as_str() && is_image(e))
        .collect();
    let before_setup = events[..placed_at]
        .iter()
        .filter(|e| e["sender"] == bot_user.as_str() && is_image(e))
        .count();
    // 2 rounds of 3 seats: 12 placements, 6 finished seat turns; one board per round.
    assert_eq!(before_setup, 1, "the empty board the game starts with");
    assert_eq!(
        boards.len() - before_setup,
        2,
        "setup's boards: one when round one is done, one when setup is"
    );

    // Each board carries a thumbnail that downloads to a small PNG.
    for (i, board) in boards.iter().enumerate() {
        let bytes = check_thumbnail(&players[2], board).await;
        if i == boards.len() - 1 {
            let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-thumb.png");
            std::fs::write(&path, &bytes).expect("thumbnail written");
        }
    }

    // The roll's turn message pings the current player with a real mention.
    let turn = &events[roll_turn]["content"];
    assert_eq!(
        turn["m.mentions"]["user_ids"],
        json!([current_user]),
        "{turn}"
    );
    let pill = format!("<a href=\"https://matrix.to/#/{current_user}\">{current_name}</a>");
    let html = turn["formatted_body"].as_str().unwrap_or("");
    assert!(html.contains(&pill), "{html}");
    let plain = turn["body"].as_str().unwrap_or("");
    assert!(plain.starts_with(&format!("{current_name}\n")), "{plain}");
    // No message of the bot shows a raw user id where a name belongs.
    for e in events.iter().filter(|e| is_new_text(e, &bot_user)) {
        for p in &players {
            assert!(!body(e).contains(p.user_id()), "a raw user id: {}", body(e));
        }
        let pinged = e["content"]["m.mentions"]["user_ids"]
            .as_array()
            .map_or(0, Vec::len);
        let pills = e["content"]["formatted_body"]
            .as_str()
            .unwrap_or("")
            .matches("https://matrix.to/#/@")
            .count();
        assert_eq!(pinged, pills, "a pill per mention: {e}");
    }
    stop_bot(bot).await;
    drop(synapse);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_encrypted_rooms_board_has_an_encrypted_thumbnail() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    let bot_account = synapse.register("catan", "catan-password").await;
    let bot_user = bot_account.user_id.clone();
    let alice = EncryptedPlayer::start(&synapse, synapse.register("alice", "a-pw").await).await;
    let bob = EncryptedPlayer::start(&synapse, synapse.register("bob", "b-pw").await).await;
    let room = alice.create_encrypted_room("Catan, encrypted").await;
    alice.invite(&room, bob.user_id()).await;
    alice.invite(&room, &bot_user).await;
    bob.joined(&room).await;
    let data = synapse.dir().join("bot-data");
    let bot = start_bot(&settings(&synapse, &bot_account), &data).await;
    // The bot joins (its membership shows in alice's timeline) and reads encrypted commands.
    wait_joined_encrypted(&alice, &room, &bot_user).await;
    alice
        .send_text(&room, &format!("!catan new seed {SEED}"))
        .await;
    wait_until("the lobby", WAIT, async || oracle(&bot.table).await).await;
    bob.send_text(&room, "!catan join").await;
    wait_until("two players seated", WAIT, async || {
        oracle(&bot.table)
            .await
            .filter(|(s, _)| s.players.len() == 2)
    })
    .await;
    alice.send_text(&room, "!catan start").await;
    let board = wait_until("the board, decrypted", WAIT, async || {
        bob.events(&room)
            .into_iter()
            .find(|s| s.event["sender"] == bot_user.as_str() && is_image(&s.event))
    })
    .await;
    assert!(board.decrypted, "the board came encrypted");
    let info = &board.event["content"]["info"];
    assert!(
        info.get("thumbnail_url").is_none(),
        "no plain thumbnail: {info}"
    );
    assert!(
        info["thumbnail_file"]["key"].is_object(),
        "an encrypted thumbnail: {info}"
    );
    let content: RoomMessageEventContent =
        serde_json::from_value(board.event["content"].clone()).expect("an m.room.message");
    let MessageType::Image(image) = content.msgtype else {
        panic!("not an image");
    };
    let thumb_info = image
        .info
        .as_ref()
        .and_then(|i| i.thumbnail_info.clone())
        .expect("thumbnail info");
    let source = image
        .info
        .and_then(|i| i.thumbnail_source)
        .expect("a thumbnail source");
    let request = MediaRequestParameters {
        source,
        format: MediaFormat::File,
    };
    let bytes = bob
        .client
        .media()
        .get_media_content(&request, false)
        .await
        .expect("download and decrypt the thumbnail");
    let picture = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .expect("the thumbnail decrypts to a PNG");
    assert!(u64::from(picture.width()) <= THUMBNAIL_MAX);
    assert_eq!(
        thumb_info.width.map(u64::from),
        Some(u64::from(picture.width()))
    );
    assert_eq!(
        thumb_info.height.map(u64::from),
        Some(u64::from(picture.height()))
    );
    assert_eq!(thumb_info.size.map(u64::from), Some(bytes.len() as u64));
    stop_bot(bot).await;
    drop((alice, bob));
    drop(synapse);
}
