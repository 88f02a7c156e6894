//! End-to-end on a real Synapse (tests/matrix/matrix_support): what happens around the game in a
//! Matrix room.
//!
//! - Who left: a player who leaves the room mid-game (with `afk bot`) gets a bot in their
//!   seat, the room is told once, the game goes on; a restart that reads the timeline again
//!   (its sync position forced back) neither tells it again nor changes the seat; the player
//!   rejoins (told once) and takes the seat back with `back`. A player who leaves the room
//!   while in a lobby is unseated.
//! - Told, not logged: a room whose power levels forbid the bot to react gets exactly one
//!   notice in the room; a room where it may not post gets exactly one notice in the direct
//!   room of the person who invited it; a restart repeats neither.

use crate::matrix_support::bot::{Bot, body, settings, start_bot, stop_bot, version};
use crate::matrix_support::{Player, Synapse, WAIT, log_to_test, wait_joined, wait_until};
use catan_bot::hosting::TableHandle;
use catan_bot::table::GameSummary;
use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The table's number for a Matrix room (as `src/matrix/ids.rs` makes it).
fn room_number(room: &str) -> u64 {
    let digest = Sha256::new()
        .chain_update(b"room")
        .chain_update([0u8])
        .chain_update(room.as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first) | (1 << 63)
}

/// The game hosted in `room`, if any.
async fn game_in(table: &TableHandle, room: &str) -> Option<GameSummary> {
    let place = room_number(room);
    table
        .call(move |t| t.game_in(place))
        .await
        .expect("table open")
}

/// The seats a bot plays in the game in `room`.
async fn bot_seats(table: &TableHandle, room: &str) -> Vec<u8> {
    let Some(game) = game_in(table, room).await else {
        return Vec::new();
    };
    table
        .call(move |t| t.bot_seats(game.id))
        .await
        .expect("table open")
}

/// The bodies of the bot's messages in `room` (edits included), oldest first.
async fn bot_texts(viewer: &Player, room: &str, bot: &str) -> Vec<String> {
    viewer
        .messages(room)
        .await
        .iter()
        .filter(|e| e["sender"] == bot && e["type"] == "m.room.message")
        .map(|e| body(e).to_string())
        .collect()
}

/// How many of the bot's messages in `room` contain `needle` (an edit counts as its own).
async fn count(viewer: &Player, room: &str, bot: &str, needle: &str) -> usize {
    bot_texts(viewer, room, bot)
        .await
        .iter()
        .filter(|t| t.contains(needle))
        .count()
}

async fn wait_text(viewer: &Player, room: &str, bot: &str, needle: &str) {
    wait_until(&format!("`{needle}` in the room"), WAIT, async || {
        (count(viewer, room, bot, needle).await > 0).then_some(())
    })
    .await;
}

async fn leave(player: &Player, room: &str) {
    let url = player.v3(&["rooms", room, "leave"]);
    player.request(Method::POST, url, Some(&json!({}))).await;
}

/// Stops the bot and forces its sync position back to its first one, as if it had died
/// before saving any later one: the next start reads everything since again.
async fn stop_and_rewind(bot: Bot, data: &std::path::Path) {
    stop_bot(bot).await;
    let log = data.join("matrix").join("state.log");
    let text = std::fs::read_to_string(&log).expect("state log");
    let first = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find_map(|v| v["sync"]["token"].as_str().map(str::to_string))
        .expect("a saved sync position");
    std::fs::write(
        &log,
        format!("{text}{}\n", json!({ "sync": { "token": first } })),
    )
    .expect("rewind the sync position");
}

fn log_init() {
    log_to_test();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_player_who_leaves_is_replaced_once_and_a_lobby_leaver_unseated() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_init();
    let bot_account = synapse.register("catan", "catan-password").await;
    let me = bot_account.user_id.clone();
    let mut players = Vec::new();
    for name in ["alice", "bob", "carol"] {
        players.push(Player::register(&synapse, name).await);
    }
    let room = players[0].create_room("Catan night").await;
    for p in &players[1..] {
        players[0].invite(&room, p.user_id()).await;
        p.join(&room).await;
    }
    players[0].invite(&room, &me).await;
    let data = synapse.dir().join("bot-data");
    let bot_settings = settings(&synapse, &bot_account);
    let mut bot = start_bot(&bot_settings, &data).await;
    wait_joined(&players[0], &room, &me).await;

    players[0].send_text(&room, "!catan new seed 11").await;
    wait_until("the lobby", WAIT, async || game_in(&bot.table, &room).await).await;
    for p in &players[1..] {
        p.send_text(&room, "!catan join").await;
    }
    wait_until("three players seated", WAIT, async || {
        game_in(&bot.table, &room)
            .await
            .filter(|g| g.players.len() == 3)
    })
    .await;
    players[0].send_text(&room, "!catan start").await;
    wait_until("the game starts", WAIT, async || {
        game_in(&bot.table, &room)
            .await
            .filter(|g| g.version.is_some())
    })
    .await;

    // The player the game waits for first leaves the room.
    let (game, first) = {
        let (summary, state) = bot
            .table
            .call(|t| {
                let summary = t.games().into_iter().next()?;
                let state = t.game_state(summary.id).cloned()?;
                Some((summary, state))
            })
            .await
            .expect("table open")
            .expect("a running game");
        (summary, state.waiting_for()[0])
    };
    let name = game.players[first as usize].1.clone();
    let (leaver, stayer) = {
        let i = players
            .iter()
            .position(|p| p.account.username == name)
            .expect("a player of ours");
        (i, (i + 1) % 3)
    };
    let viewer = &players[stayer];
    leave(&players[leaver], &room).await;
    let told = format!("{name} left the room: a bot plays");
    wait_text(viewer, &room, &me, &told).await;
    wait_until("the bot plays the seat", WAIT, async || {
        (bot_seats(&bot.table, &room).await == [first]).then_some(())
    })
    .await;
    // The game goes on: the bot makes the seat's setup placements (settlement, road) and
    // the game moves on to the next seat.
    wait_until("the bot's placements", WAIT, async || {
        let waiting = bot
            .table
            .call(move |t| Some(t.game_state(game.id)?.waiting_for()))
            .await
            .expect("table open")?;
        (version(&bot.table).await >= 2 && !waiting.contains(&first)).then_some(())
    })
    .await;
    assert_eq!(count(viewer, &room, &me, &told).await, 1, "told once");

    // A restart that reads the whole timeline again: nothing repeated.
    let version_before = version(&bot.table).await;
    stop_and_rewind(bot, &data).await;
    bot = start_bot(&bot_settings, &data).await;
    viewer.send_text(&room, "!catan help").await;
    wait_text(viewer, &room, &me, "React on the turn message").await;
    assert_eq!(count(viewer, &room, &me, &told).await, 1, "not told again");
    assert_eq!(bot_seats(&bot.table, &room).await, [first]);
    assert_eq!(
        version(&bot.table).await,
        version_before,
        "no move made twice"
    );

    // Back in the room: told once; `back` takes the seat from the bot.
    viewer.invite(&room, players[leaver].user_id()).await;
    players[leaver].join(&room).await;
    let back = format!("{name} is back in the room");
    wait_text(viewer, &room, &me, &back).await;
    players[leaver].send_text(&room, "!catan back").await;
    wait_until("the seat taken back", WAIT, async || {
        bot_seats(&bot.table, &room).await.is_empty().then_some(())
    })
    .await;
    assert_eq!(count(viewer, &room, &me, &back).await, 1);
    assert_eq!(count(viewer, &room, &me, &told).await, 1);

    // A lobby in another room: bob leaves the room and the lobby.
    let lobby = players[0].create_room("Lobby night").await;
    players[0].invite(&lobby, players[1].user_id()).await;
    players[1].join(&lobby).await;
    players[0].invite(&lobby, &me).await;
    wait_joined(&players[0], &lobby, &me).await;
    players[0].send_text(&lobby, "!catan new").await;
    wait_until("the lobby", WAIT, async || {
        game_in(&bot.table, &lobby).await
    })
    .await;
    players[1].send_text(&lobby, "!catan join").await;
    wait_until("bob in the lobby", WAIT, async || {
        game_in(&bot.table, &lobby)
            .await
            .filter(|g| g.players.len() == 2)
    })
    .await;
    leave(&players[1], &lobby).await;
    let seated = wait_until("bob unseated", WAIT, async || {
        game_in(&bot.table, &lobby)
            .await
            .filter(|g| g.players.len() == 1)
    })
    .await;
    assert_eq!(seated.players[0].1, "alice");
    assert_eq!(seated.version, None, "still a lobby");
    wait_text(&players[0], &lobby, &me, "bob left the room").await;
    stop_bot(bot).await;
}

/// Creates a room whose power levels are the preset's with `levels` over them.
async fn room_with_levels(owner: &Player, name: &str, levels: Value) -> String {
    let body = json!({
        "name": name,
        "preset": "private_chat",
        "visibility": "private",
        "power_level_content_override": levels,
    });
    let answer = owner
        .request(Method::POST, owner.v3(&["createRoom"]), Some(&body))
        .await;
    answer["room_id"].as_str().expect("a room id").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn what_power_levels_forbid_the_bot_is_told_once() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_init();
    let bot_account = synapse.register("catan", "catan-password").await;
    let me = bot_account.user_id.clone();
    let alice = Player::register(&synapse, "alice").await;
    let no_reactions = room_with_levels(
        &alice,
        "No reactions",
        json!({ "events": { "m.reaction": 50 } }),
    )
    .await;
    let read_only = room_with_levels(&alice, "Read only", json!({ "events_default": 50 })).await;
    alice.invite(&no_reactions, &me).await;
    alice.invite(&read_only, &me).await;
    let data = synapse.dir().join("bot-data");
    let bot_settings = settings(&synapse, &bot_account);
    let bot = start_bot(&bot_settings, &data).await;

    // Reactions forbidden: the room is told.
    let react = "I can't add reactions in this room";
    wait_text(&alice, &no_reactions, &me, react).await;
    // Posting forbidden: the inviter, in a direct room.
    let dm = wait_until("the bot's direct room", WAIT, async || {
        alice.direct_invite_from(&me).await
    })
    .await;
    alice.join(&dm).await;
    let post = "I can't post in the room \"Read only\"";
    wait_text(&alice, &dm, &me, post).await;
    wait_joined(&alice, &read_only, &me).await;
    assert!(
        bot_texts(&alice, &read_only, &me).await.is_empty(),
        "nothing posted where the bot may not post"
    );

    // After a restart (and more events), neither is told again.
    stop_and_rewind(bot, &data).await;
    let bot = start_bot(&bot_settings, &data).await;
    alice.send_text(&no_reactions, "!catan help").await;
    wait_text(&alice, &no_reactions, &me, "React on the turn message").await;
    assert_eq!(count(&alice, &no_reactions, &me, react).await, 1);
    assert_eq!(count(&alice, &dm, &me, post).await, 1);
    assert_eq!(count(&alice, &dm, &me, "I can't").await, 1, "one notice");
    stop_bot(bot).await;
}
