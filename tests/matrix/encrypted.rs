//! End-to-end on a real Synapse (tests/matrix/matrix_support) with players on encrypting clients
//! (matrix-sdk with end-to-end encryption, as Element users are): a game in an encrypted room.
//!
//! Checked: the bot joins an encrypted room and answers encrypted commands; its notices,
//! edits and board picture are encrypted and decrypt for the players (the picture downloads
//! and decrypts to a valid PNG); setup moves typed and a roll by 🎲 reaction (encrypted too)
//! each apply once; a restart mid-game keeps the same device (no new login) and keeps
//! decrypting, and with its sync position forced back it handles no event twice; a hand
//! arrives in an encrypted direct room; a message the bot has no key for gets the "send it
//! again" notice (and the encrypted chat from before it joined does not).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::matrix_support::bot::{Bot, body, oracle, settings, start_bot, stop_bot, version};
use crate::matrix_support::encrypted_game::{EncryptedTable, bot_messages, turn_message};
use crate::matrix_support::encrypted_moves::{
    bank_trade, build_once, discard, reaction_trade, roll, stale_end, trade_partner,
};
use crate::matrix_support::encrypted_player::Seen;
use crate::matrix_support::{
    EncryptedPlayer, Player, Synapse, WAIT, log_to_test, wait_joined_encrypted, wait_until,
    wait_until_or_explain,
};
use catan_bot::engine::Action;
use catan_bot::hosting::TableHandle;
use catan_bot::table::command::ParseContext;
use catan_bot::table::command_for;
use matrix_sdk::encryption::vodozemac::megolm::{GroupSession, SessionConfig};
use reqwest::Method;
use serde_json::{Value, json};

/// The game replayed: board, seat order, dice.
const SEED: u64 = 11;
/// Setup placements made before the restart (of 12).
const BEFORE_RESTART: usize = 5;

/// The device ids of the bot's account, as the homeserver lists them.
async fn devices(bot: &Player) -> Vec<String> {
    let answer = bot.request(Method::GET, bot.v3(&["devices"]), None).await;
    let mut ids: Vec<String> = answer["devices"]
        .as_array()
        .expect("a device list")
        .iter()
        .filter_map(|d| d["device_id"].as_str().map(str::to_string))
        .collect();
    ids.sort();
    ids
}

struct Run {
    bot: Option<Bot>,
    bot_user: String,
    room: String,
    players: Vec<EncryptedPlayer>,
}

impl Run {
    fn table(&self) -> &TableHandle {
        &self.bot.as_ref().expect("bot running").table
    }

    fn player(&self, name: &str) -> &EncryptedPlayer {
        self.players
            .iter()
            .find(|p| p.account.username == name)
            .expect("a player of ours")
    }

    /// The event id of the live turn message, as alice's client read it.
    async fn turn_message(&self) -> String {
        turn_message(self.table(), &self.players[0], &self.room, &self.bot_user).await
    }

    /// The next move of whoever the game waits for, typed (or 🎲 for a roll), applied once.
    async fn next_move(&self) {
        let (summary, game) = oracle(self.table()).await.expect("a game");
        let game = game.expect("running");
        let before = game.view(None).version;
        let seat = game.waiting_for()[0];
        let name = summary.players[seat as usize].1.clone();
        let legal = game.legal_actions(seat);
        if legal.contains(&Action::Roll) {
            let turn = self.turn_message().await;
            self.player(&name).react(&self.room, &turn, "🎲").await;
        } else {
            let action = legal
                .iter()
                .find(|a| matches!(a, Action::BuildSettlement(_) | Action::BuildRoad(_)))
                .expect("a setup placement");
            let ctx = ParseContext {
                topology: game.topology(),
                players: &summary.players,
            };
            let text = format!("!catan {}", command_for(action, &ctx));
            self.player(&name).send_text(&self.room, &text).await;
        }
        let what = format!("{name}'s move at version {before}");
        wait_until(&what, WAIT, async || {
            (version(self.table()).await > before).then_some(())
        })
        .await;
        assert_eq!(
            version(self.table()).await,
            before + 1,
            "{what} applied once"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn players_on_encrypting_clients_play_in_an_encrypted_room() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_to_test();
    let bot_account = synapse.register("catan", "catan-password").await;
    let bot_user = bot_account.user_id.clone();
    let mut players = Vec::new();
    for name in ["alice", "bob", "carol"] {
        let account = synapse.register(name, &format!("{name}-password")).await;
        players.push(EncryptedPlayer::start(&synapse, account).await);
    }
    let room = players[0].create_encrypted_room("Catan night").await;
    for p in &players[1..] {
        players[0].invite(&room, p.user_id()).await;
        p.joined(&room).await;
    }
    // Chat from before the bot is there: encrypted with keys it never gets, and not asked to
    // be resent (checked with the resend notice below).
    players[0].send_text(&room, "hello, before the bot").await;
    players[0].invite(&room, &bot_user).await;
    let data: PathBuf = synapse.dir().join("bot-data");
    let bot_settings = settings(&synapse, &bot_account);
    let mut run = Run {
        bot: Some(start_bot(&bot_settings, &data).await),
        bot_user: bot_user.clone(),
        room: room.clone(),
        players,
    };
    wait_joined_encrypted(&run.players[0], &room, &bot_user).await;

    // The lobby and the start, by encrypted commands.
    run.player("alice")
        .send_text(&room, &format!("!catan new seed {SEED}"))
        .await;
    wait_until("the lobby", WAIT, async || oracle(run.table()).await).await;
    wait_until("bob reads the bot's lobby, decrypted", WAIT, async || {
        bot_messages(run.player("bob"), &room, &bot_user)
            .iter()
            .any(|s| s.decrypted && !body(&s.event).is_empty())
            .then_some(())
    })
    .await;
    for name in ["bob", "carol"] {
        run.player(name).send_text(&room, "!catan join").await;
    }
    wait_until("three players seated", WAIT, async || {
        oracle(run.table())
            .await
            .filter(|(s, _)| s.players.len() == 3)
    })
    .await;
    run.player("alice").send_text(&room, "!catan start").await;
    wait_until("the game starts", WAIT, async || {
        oracle(run.table()).await.and_then(|(_, game)| game)
    })
    .await;
    for _ in 0..BEFORE_RESTART {
        run.next_move().await;
    }

    // A restart mid-setup: same device, no new login; the sync position forced back to the
    // first one (as if the bot had died before saving any later one).
    let session = data.join("matrix").join("session.json");
    let read_device = || {
        let saved: Value =
            serde_json::from_slice(&std::fs::read(&session).expect("session.json")).expect("json");
        saved["device_id"]
            .as_str()
            .expect("a device id")
            .to_string()
    };
    let device = read_device();
    let bot_http = Player::new(&synapse, bot_account.clone());
    let devices_before = devices(&bot_http).await;
    assert!(devices_before.contains(&device), "{devices_before:?}");
    let before = version(run.table()).await;
    let first = run.bot.take().expect("running");
    let first_log = first.log.clone();
    stop_bot(first).await;
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
    run.bot = Some(start_bot(&bot_settings, &data).await);
    // The next encrypted command is decrypted with the keys kept in the store, and nothing
    // older is handled again (`next_move` checks the version moved by exactly one).
    run.next_move().await;
    assert_eq!(version(run.table()).await, before + 1);
    assert_eq!(read_device(), device, "the same device after the restart");
    assert_eq!(devices(&bot_http).await, devices_before, "no new login");

    // The rest of the setup, then a roll by 🎲 (an encrypted reaction).
    loop {
        let (_, game) = oracle(run.table()).await.expect("a game");
        if !game.expect("running").in_setup() {
            break;
        }
        run.next_move().await;
    }
    run.next_move().await;
    let (_, game) = oracle(run.table()).await.expect("a game");
    assert!(
        game.expect("running").view(None).last_roll.is_some(),
        "the roll was made"
    );

    // A hand, in an encrypted direct room.
    run.player("carol").send_text(&room, "!catan hand").await;
    let hand = wait_until_or_explain(
        "carol's hand in a direct room",
        WAIT,
        async || {
            run.player("carol").all_events().into_iter().find(|s| {
                s.room != room
                    && s.event["sender"] == bot_user.as_str()
                    && body(&s.event).contains("Your hand:")
            })
        },
        || run.player("carol").explain_from(&bot_user),
    )
    .await;
    assert!(hand.decrypted, "the hand came encrypted: {:?}", hand.event);

    // The numbers so far, privately too, naming every player.
    run.player("carol").send_text(&room, "!catan stats").await;
    let stats = wait_until_or_explain(
        "carol's statistics in a direct room",
        WAIT,
        async || {
            run.player("carol").all_events().into_iter().find(|s| {
                s.room != room
                    && s.event["sender"] == bot_user.as_str()
                    && body(&s.event).contains("the numbers so far")
            })
        },
        || run.player("carol").explain_from(&bot_user),
    )
    .await;
    assert!(
        stats.decrypted,
        "the stats came encrypted: {:?}",
        stats.event
    );
    for name in ["alice", "bob", "carol"] {
        assert!(body(&stats.event).contains(name), "{:?}", stats.event);
    }

    // A message the bot cannot have the key for: a Megolm session never shared with it.
    let forged = forged_command(run.player("bob"), &room).await;
    Player::new(&synapse, run.player("bob").account.clone())
        .send_event(&room, "m.room.encrypted", &forged)
        .await;
    let resend = wait_until("the 'send it again' notice", WAIT, async || {
        let notices: Vec<Seen> = bot_messages(run.player("alice"), &room, &bot_user)
            .into_iter()
            .filter(|s| body(&s.event).contains("could not decrypt"))
            .collect();
        (!notices.is_empty()).then_some(notices)
    })
    .await;
    assert_eq!(
        resend.len(),
        1,
        "one notice, none for the history: {resend:?}"
    );
    assert!(
        body(&resend[0].event).contains("bob"),
        "{:?}",
        resend[0].event
    );

    // Everything the bot said in the game room came encrypted; the board decrypts to a PNG.
    let said = bot_messages(run.player("bob"), &room, &bot_user);
    assert!(said.len() > 5, "{said:?}");
    assert!(said.iter().all(|s| s.decrypted), "all encrypted: {said:?}");
    assert!(
        said.iter().any(|s| !body(&s.event).contains("Your hand:")),
        "no hand in the room"
    );
    assert!(
        said.iter()
            .any(|s| s.event["content"]["m.relates_to"]["rel_type"] == "m.replace"),
        "live messages are edited in place"
    );
    let board = said
        .iter()
        .rev()
        .find(|s| s.event["content"]["msgtype"] == "m.image")
        .expect("a board picture");
    assert!(
        board.event["content"]["file"]["url"].is_string()
            && board.event["content"]["url"].is_null(),
        "an encrypted attachment: {:?}",
        board.event
    );
    let png = run
        .player("bob")
        .download_image(&board.event["content"])
        .await;
    let picture = image::load_from_memory(&png).expect("the board is a valid PNG");
    assert!(picture.width() > 300 && picture.height() > 300);

    // A host alerts on ERROR lines: an ordinary game (a restart, direct rooms made for
    // private replies, an undecryptable message answered, which is a warning) logs none.
    let second = run.bot.take().expect("running");
    let logged: Vec<String> = first_log
        .lines()
        .into_iter()
        .chain(second.log.lines())
        .collect();
    assert!(
        !logged.iter().any(|l| l.starts_with("ERROR")),
        "the bot's log: {logged:#?}"
    );
    stop_bot(second).await;
    drop(run);
    drop(synapse);
}

/// The content of an `m.room.encrypted` `!catan roll` from `player`'s device, encrypted with
/// a fresh Megolm session whose key nobody else ever got.
async fn forged_command(player: &EncryptedPlayer, room: &str) -> Value {
    let mut session = GroupSession::new(SessionConfig::version_1());
    let plaintext = json!({
        "type": "m.room.message",
        "room_id": room,
        "content": { "msgtype": "m.text", "body": "!catan roll" },
    });
    let ciphertext = session.encrypt(plaintext.to_string()).to_base64();
    let sender_key = player
        .client
        .encryption()
        .curve25519_key()
        .await
        .expect("the player's identity key");
    json!({
        "algorithm": "m.megolm.v1.aes-sha2",
        "ciphertext": ciphertext,
        "sender_key": sender_key.to_base64(),
        "device_id": player.account.device_id,
        "session_id": session.session_id(),
    })
}

/// The whole encrypted game: the seed whose dice give a 7 with a hand over the limit after
/// the first build and trades (the same seed and choices as tests/matrix/game.rs).
const GAME_SEED: u64 = 11;
/// A game that has not shown everything after this many moves is a failure.
const MAX_MOVES: usize = 600;

/// What the encrypted game has shown so far.
#[derive(Default, Debug)]
struct Shown {
    rolls: usize,
    builds: usize,
    bank_trades: usize,
    reaction_trades: usize,
    discards: usize,
    stale_ends_refused: usize,
}

impl Shown {
    fn all(&self) -> bool {
        self.rolls >= 3
            && self.builds >= 1
            && self.bank_trades >= 1
            && self.reaction_trades >= 1
            && self.discards >= 1
            && self.stale_ends_refused >= 1
    }
}

/// Several turns in an encrypted room: rolls by 🎲, a build, a bank trade, a trade accepted
/// by ✅ and confirmed, a 7 with a discard (the player is told in their encrypted direct room
/// and discards by command), turns ended by ✅, and a ✅ on an earlier turn's message refused. Each step is checked in the table (hands
/// changed exactly as the move says) and in what the other players' clients decrypted.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_encrypted_game_goes_through_builds_trades_and_a_seven() {
    log_to_test();
    let Some(t) = EncryptedTable::start(GAME_SEED).await else {
        return;
    };
    t.play_setup().await;
    let mut shown = Shown::default();
    // The first regular turn's number and its turn message, for a ✅ on it in a later turn.
    let mut first_turn: Option<(u32, String)> = None;
    for _ in 0..MAX_MOVES {
        let (summary, game) = t.state().await;
        let current = game.view(None).current;
        if shown.all() && game.waiting_for() == [current] {
            break;
        }
        let seat = game.waiting_for()[0];
        let name = summary.players[seat as usize].1.clone();
        let legal = game.legal_actions(seat);
        let pick = |f: &dyn Fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
        if let Some(Action::Discard(cards)) = pick(&|a| matches!(a, Action::Discard(_))) {
            discard(&t, &name, &cards).await;
            shown.discards += 1;
        } else if let Some(robber) = pick(&|a| {
            matches!(
                a,
                Action::MoveRobber {
                    victim: Some(_),
                    ..
                }
            )
        })
        .or_else(|| pick(&|a| matches!(a, Action::MoveRobber { .. })))
        {
            t.act(&name, &robber).await;
        } else if legal.contains(&Action::Roll) {
            let turn = game.view(None).turn;
            match &first_turn {
                None => first_turn = Some((turn, t.turn_message().await)),
                Some((first, message)) if turn > *first && shown.stale_ends_refused == 0 => {
                    stale_end(&t, &name, message).await;
                    shown.stale_ends_refused += 1;
                }
                Some(_) => {}
            }
            roll(&t, &name).await;
            shown.rolls += 1;
        } else if let Some(build) = pick(&|a| a.is_build())
            && shown.builds == 0
        {
            build_once(&t, &name, &build).await;
            shown.builds += 1;
        } else if let Some(Action::MaritimeTrade { give, get, count }) =
            pick(&|a| matches!(a, Action::MaritimeTrade { .. }))
            && shown.bank_trades == 0
        {
            bank_trade(&t, &name, give, get, count).await;
            shown.bank_trades += 1;
        } else if shown.reaction_trades == 0
            && let Some((partner, give, get)) = trade_partner(&t, &summary, &game, seat).await
        {
            reaction_trade(&t, &name, &partner, give, get).await;
            shown.reaction_trades += 1;
        } else {
            // Cards are kept (so a 7 makes someone discard); the turn ends by ✅.
            t.act(&name, &Action::EndTurn).await;
        }
    }
    assert!(shown.all(), "everything was shown: {shown:?}");
    // Everything the bot said in the game room came encrypted, and no hand was among it.
    let said = bot_messages(t.player("carol"), &t.room, &t.bot_user);
    assert!(said.iter().all(|s| s.decrypted), "all encrypted: {said:?}");
    assert!(
        !said.iter().any(|s| body(&s.event).contains("Your hand:")),
        "no hand in the game room"
    );
    // Each player's default push rules, evaluated on the decrypted events as Element does:
    // each was notified by a ping of theirs (their turn), and no quiet notice notified anyone.
    for player in &t.players {
        let seen = bot_messages(player, &t.room, &t.bot_user);
        let mut pinged = false;
        for s in seen
            .iter()
            .filter(|s| s.event["content"].get("m.relates_to").is_none())
        {
            let mentions = &s.event["content"]["m.mentions"]["user_ids"];
            let mine = mentions
                .as_array()
                .is_some_and(|users| users.iter().any(|u| u == player.user_id()));
            if mine {
                assert!(player.notifies(s).await, "a ping notifies: {:?}", s.event);
                pinged = true;
            }
            if s.event["content"]["msgtype"] == "m.notice" {
                assert!(
                    !player.notifies(s).await,
                    "a notice is quiet: {:?}",
                    s.event
                );
            }
        }
        assert!(pinged, "{} was pinged", player.user_id());
    }
    t.stop().await;
}

/// Rolls measured by [`roll_latency`].
const MEASURED_ROLLS: usize = 20;

/// Not a check, a measurement (it asserts nothing about time): how long a roll takes to be
/// seen by the player who rolled, in an encrypted room on loopback, from just before their
/// client sends `!catan roll` (even rolls) or 🎲 on the turn message (odd rolls) to their
/// client's sync bringing the bot's message with the dice (the turn message's edit or a new
/// notice, whichever comes first); and for comparison, `!catan status` in the room to its
/// answer arriving in the player's encrypted direct room. Prints median and p90. Run with
/// `cargo test --test matrix encrypted::roll_latency -- --ignored --nocapture`; with
/// `ROLL_TRACE=1` it also lists each roll's messages as the roller's client read them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "a measurement: run by hand, prints figures"]
async fn roll_latency() {
    let Some(t) = EncryptedTable::start(GAME_SEED).await else {
        return;
    };
    t.play_setup().await;
    // Each player's direct room, made by a first status answer (not measured).
    let mut dms = std::collections::HashMap::new();
    for name in ["alice", "bob", "carol"] {
        t.say(name, "!catan status").await;
        dms.insert(name.to_string(), t.dm(name).await);
    }
    let (mut typed, mut clicked, mut status) = (Vec::new(), Vec::new(), Vec::new());
    while typed.len() + clicked.len() < MEASURED_ROLLS {
        let (summary, game) = t.state().await;
        let seat = game.waiting_for()[0];
        let name = summary.players[seat as usize].1.clone();
        let legal = game.legal_actions(seat);
        if legal.contains(&Action::Roll) {
            let by_text = typed.len() <= clicked.len();
            // As a player does: roll once the turn message is there (the previous turn's
            // messages are all out, they come before it).
            let heading = format!("Turn {}: {name}'s turn", game.view(None).turn);
            let turn = wait_until("the roller reads the turn message", WAIT, async || {
                bot_messages(t.player(&name), &t.room, &t.bot_user)
                    .into_iter()
                    .find(|s| {
                        s.event["content"]["m.relates_to"].is_null()
                            && body(&s.event).contains(&heading)
                    })
                    .and_then(|s| s.event["event_id"].as_str().map(str::to_string))
            })
            .await;
            let before = game.view(None).version;
            let start = Instant::now();
            if by_text {
                t.say(&name, "!catan roll").await;
            } else {
                t.player(&name).react(&t.room, &turn, "🎲").await;
            }
            t.applied_once(before, "the roll").await;
            let (a, b) = t.state().await.1.view(None).last_roll.expect("rolled");
            let text = format!("{name} rolled {a} + {b} = {}", a + b);
            let seen = seen_after(&t, &name, &t.room, &text, start).await;
            let took = seen.duration_since(start);
            if std::env::var_os("ROLL_TRACE").is_some() {
                for s in bot_messages(t.player(&name), &t.room, &t.bot_user) {
                    if s.at >= start {
                        let b = body(&s.event);
                        eprintln!(
                            "  {:?} {} edit={} {}",
                            s.at.duration_since(start),
                            s.event["content"]["msgtype"],
                            s.event["content"]["m.relates_to"]["rel_type"] == "m.replace",
                            b.chars().take(70).collect::<String>().replace('\n', " | ")
                        );
                    }
                }
            }
            if by_text { &mut typed } else { &mut clicked }.push(took);
            // The status answer, at a quiet moment (the roll's messages are out).
            let start = Instant::now();
            t.say(&name, "!catan status").await;
            let answered = seen_after(&t, &name, &dms[&name], "Your hand:", start).await;
            status.push(answered.duration_since(start));
        } else if let Some(action) = legal
            .iter()
            .find(|a| matches!(a, Action::Discard(_)))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::MoveRobber { .. }))
            })
        {
            t.act(&name, action).await;
        } else {
            t.act(&name, &Action::EndTurn).await;
        }
    }
    let all: Vec<Duration> = typed.iter().chain(&clicked).copied().collect();
    for (what, figures) in [
        ("roll, all", &all),
        ("roll by `!catan roll`", &typed),
        ("roll by 🎲", &clicked),
        ("`!catan status` → answer in the DM", &status),
    ] {
        println!(
            "{what}: n={} median {:?} p90 {:?}",
            figures.len(),
            percentile(figures, 50),
            percentile(figures, 90)
        );
    }
    t.stop().await;
}

/// When `viewer`'s client first read a bot message in `room` containing `text`, among those
/// its sync brought after `start`.
async fn seen_after(
    t: &EncryptedTable,
    viewer: &str,
    room: &str,
    text: &str,
    start: Instant,
) -> Instant {
    wait_until(&format!("{viewer} reads {text:?}"), WAIT, async || {
        bot_messages(t.player(viewer), room, &t.bot_user)
            .into_iter()
            .find(|s| s.at >= start && body(&s.event).contains(text))
            .map(|s| s.at)
    })
    .await
}

/// The `p`th percentile (nearest rank) of `figures`.
fn percentile(figures: &[Duration], p: usize) -> Duration {
    let mut sorted = figures.to_vec();
    sorted.sort();
    match sorted.len() {
        0 => Duration::ZERO,
        n => sorted[((n * p).div_ceil(100)).clamp(1, n) - 1],
    }
}
