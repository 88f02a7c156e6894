//! End-to-end on a real Synapse (tests/matrix/matrix_support): three players play a seeded game in a
//! Matrix room through setup and several turns, the way Element users would: `!catan …`
//! messages, 🎲 / ✅ reactions on the turn message, a trade offer answered with ✅ and
//! confirmed, a bank trade, a build, a 7 with a discard. The bot runs in this process on its
//! own data directory and is restarted mid-turn.
//!
//! The players choose their moves from the true game state (read from the bot's table: the test
//! is the players' brains), and type or click them in the room; every move is then checked to
//! have been applied exactly once.
//!
//! Checked: no message in the game room shows a hand; hands arrive in each player's direct
//! room; the board image downloads as a valid PNG; after a restart (with the sync position
//! forced back, as if the bot died before saving it) no old event is handled again, a reaction
//! made while the bot was down is handled once, on a message posted before the restart, even
//! with more chat after it than one sync brings.
//!
//! Long: one whole game on a real Synapse, with the restart, as one scenario.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::matrix_support::bot::{
    Bot, body, event_number, live_turn_message, oracle, settings, start_bot, stop_bot, version,
};
use crate::matrix_support::{Player, Synapse, WAIT, log_to_test, wait_joined, wait_until};
use catan_bot::config::{MatrixConfig, MatrixLogin, Source};
use catan_bot::engine::{Action, Game, Resource};
use catan_bot::hosting::{Outlets, TableHandle};
use catan_bot::i18n::InWords;
use catan_bot::store::SledStore;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{Table, TableOptions, command_for};
use reqwest::Method;
use serde_json::Value;

/// The game replayed: board, seat order, dice (host-chosen, shown to everyone).
const SEED: u64 = 11;
/// Chat messages sent while the bot is down, more than one sync brings.
const GAP_FILLER: usize = 130;
/// A game that has not shown everything after this many moves is a failure.
const MAX_MOVES: usize = 600;

async fn wait_version(table: &TableHandle, at_least: u64, what: &str) {
    wait_until(what, WAIT, async || {
        (version(table).await >= at_least).then_some(())
    })
    .await;
}

/// The bot's messages in `room`, oldest first.
async fn bot_messages(viewer: &Player, room: &str, bot: &str) -> Vec<Value> {
    viewer
        .messages(room)
        .await
        .into_iter()
        .filter(|e| e["sender"] == bot && e["type"] == "m.room.message")
        .collect()
}

/// The event id of the game's live turn message.
async fn turn_message(bot: &Bot, viewer: &Player, room: &str, bot_user: &str) -> String {
    wait_until("the player reads this turn's message", WAIT, async || {
        let (number, header) = live_turn_message(&bot.table).await?;
        bot_messages(viewer, room, bot_user)
            .await
            .iter()
            .find(|e| {
                e["event_id"].as_str().map(event_number) == Some(number)
                    && body(e).contains(&header)
            })
            .and_then(|e| e["event_id"].as_str())
            .map(str::to_string)
    })
    .await
}

/// What the run has shown so far.
#[derive(Default, Debug)]
struct Seen {
    rolls_by_reaction: usize,
    builds: usize,
    bank_trades: usize,
    reaction_trades: usize,
    discards: usize,
    ends_by_reaction: usize,
    restarted: bool,
}

impl Seen {
    fn all(&self) -> bool {
        self.rolls_by_reaction >= 3
            && self.builds >= 1
            && self.bank_trades >= 1
            && self.reaction_trades >= 1
            && self.discards >= 1
            && self.restarted
    }
}

struct Game3 {
    synapse: Synapse,
    bot_settings: MatrixConfig,
    bot_user: String,
    data: PathBuf,
    room: String,
    players: Vec<Player>,
    bot: Option<Bot>,
    seen: Seen,
}

impl Game3 {
    fn bot(&self) -> &Bot {
        self.bot.as_ref().expect("bot running")
    }

    fn player(&self, name: &str) -> &Player {
        self.players
            .iter()
            .find(|p| p.account.username == name)
            .expect("a player of ours")
    }

    async fn say(&self, name: &str, text: &str) {
        self.player(name).send_text(&self.room, text).await;
    }

    async fn react_on_turn(&self, name: &str, key: &str) {
        let viewer = &self.players[0];
        let event = turn_message(self.bot(), viewer, &self.room, &self.bot_user).await;
        self.player(name).react(&self.room, &event, key).await;
    }

    /// Does `action` for `name` the way a player would, and waits until it is applied once.
    async fn act(&mut self, game: &Game, names: &[(u64, String)], name: &str, action: &Action) {
        let before = game.view(None).version;
        match action {
            Action::Roll => {
                self.react_on_turn(name, "🎲").await;
                self.seen.rolls_by_reaction += 1;
            }
            Action::EndTurn => {
                self.react_on_turn(name, "✅").await;
                self.seen.ends_by_reaction += 1;
            }
            other => {
                let ctx = ParseContext {
                    topology: game.topology(),
                    players: names,
                };
                let text = format!("!catan {}", command_for(other, &ctx));
                self.say(name, &text).await;
            }
        }
        wait_version(
            &self.bot().table,
            before + 1,
            &format!("{name}: {action:?}"),
        )
        .await;
        assert_eq!(
            version(&self.bot().table).await,
            before + 1,
            "{name}: {action:?} applied exactly once"
        );
    }

    /// A trade offer to everyone, accepted by `partner` with ✅, confirmed by the offerer.
    async fn reaction_trade(
        &mut self,
        game: &Game,
        from: &str,
        partner: &str,
        give: Resource,
        get: Resource,
    ) {
        let before = game.view(None).version;
        self.say(
            from,
            &format!(
                "!catan trade offer 1 {give} for 1 {get}",
                give = give.in_words(),
                get = get.in_words()
            ),
        )
        .await;
        let viewer = &self.players[0];
        let (offer_event, number) = wait_until("the offer message", WAIT, async || {
            bot_messages(viewer, &self.room, &self.bot_user)
                .await
                .iter()
                .rev()
                .find_map(|e| {
                    let text = body(e);
                    let rest = text.split("Trade offer #").nth(1)?;
                    let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    (e["content"].get("m.relates_to").is_none() && text.contains("wants"))
                        .then(|| (e["event_id"].as_str().unwrap_or("").to_string(), n))
                })
        })
        .await;
        self.player(partner)
            .react(&self.room, &offer_event, "✅")
            .await;
        wait_until("the offer shows the acceptance", WAIT, async || {
            bot_messages(viewer, &self.room, &self.bot_user)
                .await
                .iter()
                .any(|e| {
                    e["content"]["m.relates_to"]["event_id"] == offer_event.as_str()
                        && body(e).contains(&format!("Accepted by: {partner}"))
                })
                .then_some(())
        })
        .await;
        // A third player declines, then takes it back by removing the reaction.
        let third = ["alice", "bob", "carol"]
            .into_iter()
            .find(|n| *n != from && *n != partner)
            .expect("a third player");
        let third_reaction = self
            .player(third)
            .react(&self.room, &offer_event, "❌")
            .await;
        let offer_text = async |this: &Self| {
            bot_messages(&this.players[0], &this.room, &this.bot_user)
                .await
                .iter()
                .rev()
                .find(|e| e["content"]["m.relates_to"]["event_id"] == offer_event.as_str())
                .map(|e| body(e).to_string())
                .unwrap_or_default()
        };
        wait_until("the decline", WAIT, async || {
            offer_text(self)
                .await
                .contains(&format!("Declined by: {third}"))
                .then_some(())
        })
        .await;
        self.player(third).redact(&self.room, &third_reaction).await;
        wait_until("the decline taken back", WAIT, async || {
            let text = offer_text(self).await;
            (text.contains(&format!("Accepted by: {partner}")) && !text.contains(third))
                .then_some(())
        })
        .await;
        // The bot stops with the offer accepted and open: the next process still edits the
        // offer's own message when it is confirmed.
        if self.seen.reaction_trades == 0 {
            stop_bot(self.bot.take().expect("running")).await;
            self.bot = Some(start_bot(&self.bot_settings, &self.data).await);
        }
        self.say(from, &format!("!catan trade confirm {number} {partner}"))
            .await;
        wait_version(&self.bot().table, before + 1, "the confirmed trade").await;
        let done = format!("Trade offer #{number} is done");
        wait_until(
            "the offer's own message says it is done",
            WAIT,
            async || offer_text(self).await.contains(&done).then_some(()),
        )
        .await;
        let messages = bot_messages(viewer, &self.room, &self.bot_user).await;
        assert!(
            !messages
                .iter()
                .any(|e| e["content"].get("m.relates_to").is_none() && body(e).contains(&done)),
            "the close is an edit of the offer, not a new message"
        );
        self.seen.reaction_trades += 1;
    }

    /// Stops the bot, forces its sync position back to its first one (as if it had died
    /// before saving any later position), ends the turn with ✅ on the turn message while it
    /// is down, and starts it again: the ✅ is handled once, nothing older again.
    async fn restart_mid_turn(&mut self, name: &str) {
        let turn_event =
            turn_message(self.bot(), &self.players[0], &self.room, &self.bot_user).await;
        let before = version(&self.bot().table).await;
        stop_bot(self.bot.take().expect("running")).await;
        let log = self.data.join("matrix").join("state.log");
        let text = std::fs::read_to_string(&log).expect("state log");
        let first = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find_map(|v| v["sync"]["token"].as_str().map(str::to_string))
            .expect("a saved sync position");
        let mut handled = 0;
        for line in text.lines() {
            handled += usize::from(line.contains("\"seen\""));
        }
        assert!(handled > 10, "the bot marked the events it handled");
        std::fs::write(
            &log,
            format!(
                "{text}{}\n",
                serde_json::json!({ "sync": { "token": first } })
            ),
        )
        .expect("rewind the sync position");
        self.player(name).react(&self.room, &turn_event, "✅").await;
        // Then more chat than one sync brings (100 events): the ✅ is only found by reading
        // the gap back.
        for i in 0..GAP_FILLER {
            self.players[i % 3]
                .send_text(&self.room, &format!("brb {i}"))
                .await;
        }
        self.bot = Some(start_bot(&self.bot_settings, &self.data).await);
        wait_version(
            &self.bot().table,
            before + 1,
            "the ✅ made while the bot was down",
        )
        .await;
        // Everything the rewound sync brought again came before that ✅ and was skipped: a
        // second handling of any move would have moved the version further or been refused.
        let after = version(&self.bot().table).await;
        assert_eq!(
            after,
            before + 1,
            "no event handled twice after the restart"
        );
        self.seen.restarted = true;
        self.seen.ends_by_reaction += 1;
    }
}

fn count(hand: &catan_bot::engine::Resources, r: Resource) -> u8 {
    hand.0[r as usize]
}

const RESOURCES: [Resource; 5] = [
    Resource::Brick,
    Resource::Lumber,
    Resource::Wool,
    Resource::Grain,
    Resource::Ore,
];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_players_play_a_game_in_a_matrix_room() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_to_test();
    let bot_account = synapse.register("catan", "catan-password").await;
    let mut players = Vec::new();
    for name in ["alice", "bob", "carol"] {
        players.push(Player::register(&synapse, name).await);
    }
    let room = players[0].create_room("Catan night").await;
    for p in &players[1..] {
        players[0].invite(&room, p.user_id()).await;
        p.join(&room).await;
    }
    players[0].invite(&room, &bot_account.user_id).await;
    let data = synapse.dir().join("bot-data");
    let bot_settings = settings(&synapse, &bot_account);
    let bot = start_bot(&bot_settings, &data).await;
    let bot_user = bot_account.user_id.clone();
    wait_joined(&players[0], &room, &bot_user).await;
    let mut g = Game3 {
        synapse,
        bot_settings,
        bot_user: bot_user.clone(),
        data,
        room: room.clone(),
        players,
        bot: Some(bot),
        seen: Seen::default(),
    };

    // Help, the lobby, the start.
    g.say("alice", "!catan help").await;
    wait_until("the Matrix help", WAIT, async || {
        bot_messages(&g.players[0], &g.room, &g.bot_user)
            .await
            .iter()
            .any(|e| body(e).contains("React on the turn message"))
            .then_some(())
    })
    .await;
    g.say("alice", &format!("!catan new seed {SEED}")).await;
    wait_until("the lobby", WAIT, async || oracle(&g.bot().table).await).await;
    for name in ["bob", "carol"] {
        g.say(name, "!catan join").await;
    }
    wait_until("three players seated", WAIT, async || {
        oracle(&g.bot().table)
            .await
            .filter(|(s, _)| s.players.len() == 3)
    })
    .await;
    g.say("alice", "!catan start").await;
    wait_until("the game starts", WAIT, async || {
        oracle(&g.bot().table).await.and_then(|(_, game)| game)
    })
    .await;

    // Play until everything was shown.
    for _ in 0..MAX_MOVES {
        let (summary, Some(game)) = oracle(&g.bot().table).await.expect("a game") else {
            panic!("the game ended before everything was shown: {:?}", g.seen);
        };
        if g.seen.all() && !game.in_setup() && game.waiting_for() == [game.view(None).current] {
            break;
        }
        let seat = game.waiting_for()[0];
        let name = summary.players[seat as usize].1.clone();
        let legal = game.legal_actions(seat);
        let hand = game.view(Some(seat)).own.expect("own hand").hand;
        let pick = |f: &dyn Fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
        if let Some(discard) = pick(&|a| matches!(a, Action::Discard(_))) {
            g.act(&game, &summary.players, &name, &discard).await;
            g.seen.discards += 1;
            continue;
        }
        if game.in_setup() {
            let place = pick(&|a| matches!(a, Action::BuildSettlement(_) | Action::BuildRoad(_)))
                .expect("a setup placement");
            g.act(&game, &summary.players, &name, &place).await;
            continue;
        }
        if let Some(robber) = pick(&|a| {
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
            g.act(&game, &summary.players, &name, &robber).await;
            continue;
        }
        if legal.contains(&Action::Roll) {
            g.act(&game, &summary.players, &name, &Action::Roll).await;
            continue;
        }
        // Main phase of `name`'s turn: one build, one bank trade, one ✅ trade, then cards are
        // kept (so a 7 makes someone discard) and the turn ends.
        if g.seen.builds == 0
            && let Some(build) = pick(&|a| {
                matches!(
                    a,
                    Action::BuildRoad(_) | Action::BuildSettlement(_) | Action::BuildCity(_)
                )
            })
        {
            g.act(&game, &summary.players, &name, &build).await;
            g.seen.builds += 1;
            continue;
        }
        if g.seen.bank_trades == 0
            && let Some(trade) = pick(&|a| matches!(a, Action::MaritimeTrade { .. }))
        {
            g.act(&game, &summary.players, &name, &trade).await;
            g.seen.bank_trades += 1;
            continue;
        }
        if g.seen.reaction_trades == 0 {
            let partner_seat = (seat as usize + 1) % 3;
            let partner_hand = game
                .view(Some(partner_seat as u8))
                .own
                .expect("partner hand")
                .hand;
            let give = RESOURCES.iter().find(|r| count(&hand, **r) > 0);
            let get = RESOURCES
                .iter()
                .find(|r| count(&partner_hand, **r) > 0 && Some(*r) != give);
            if let (Some(give), Some(get)) = (give, get) {
                let partner = summary.players[partner_seat].1.clone();
                g.reaction_trade(&game, &name, &partner, *give, *get).await;
                continue;
            }
        }
        if !g.seen.restarted && g.seen.reaction_trades > 0 && g.seen.rolls_by_reaction >= 4 {
            g.restart_mid_turn(&name).await;
            continue;
        }
        g.act(&game, &summary.players, &name, &Action::EndTurn)
            .await;
    }
    assert!(g.seen.all(), "everything was shown: {:?}", g.seen);

    // Hands: asked for with 🃏 on the turn message and typed; answered in direct rooms only.
    let current = {
        let (summary, game) = oracle(&g.bot().table).await.expect("a game");
        let game = game.expect("running");
        summary.players[game.view(None).current as usize].1.clone()
    };
    g.react_on_turn(&current, "🃏").await;
    for name in ["alice", "bob", "carol"] {
        g.say(name, "!catan hand").await;
    }
    for p in &g.players {
        let dm = wait_until("the bot's direct room", WAIT, async || {
            p.direct_invite_from(&g.bot_user).await
        })
        .await;
        p.join(&dm).await;
        let expected = if p.account.username == current { 2 } else { 1 };
        wait_until("the hand in the direct room", WAIT, async || {
            let hands = p
                .messages(&dm)
                .await
                .iter()
                .filter(|e| e["sender"] == g.bot_user.as_str() && body(e).contains("Your hand:"))
                .count();
            (hands >= expected).then_some(())
        })
        .await;
    }

    // The game room: never a hand; the board is a PNG that downloads.
    let room_events = bot_messages(&g.players[1], &g.room, &g.bot_user).await;
    let transcript: Vec<String> = g.players[1]
        .messages(&g.room)
        .await
        .iter()
        .filter(|e| e["type"] == "m.room.message")
        .map(|e| format!("{}: {}", e["sender"].as_str().unwrap_or("?"), body(e)))
        .collect();
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("matrix-transcript.txt");
    std::fs::write(&path, transcript.join("\n")).expect("transcript written");
    for e in &room_events {
        let text = body(e);
        assert!(
            !text.contains("Your hand:") && !text.contains("your hand:"),
            "a hand in the game room: {text}"
        );
    }
    let board = room_events
        .iter()
        .rev()
        .find(|e| e["content"]["msgtype"] == "m.image")
        .expect("a board image in the room");
    let url = board["content"]["url"].as_str().expect("mxc url");
    let png = g.players[2].download_media(url).await;
    let picture = image::load_from_memory(&png).expect("the board is a valid PNG");
    assert!(picture.width() > 300 && picture.height() > 300);
    assert_eq!(
        board["content"]["info"]["w"].as_u64(),
        Some(u64::from(picture.width()))
    );
    // The live turn message is edited in place.
    assert!(
        room_events
            .iter()
            .any(|e| e["content"]["m.relates_to"]["rel_type"] == "m.replace")
    );
    // What pings someone is an `m.text` (Element's default push rules silence every notice,
    // mention or not); the rest is a quiet notice (bots never answer notices: no loops).
    for e in room_events
        .iter()
        .filter(|e| e["content"].get("m.relates_to").is_none())
    {
        let pings = e["content"]["m.mentions"]["user_ids"]
            .as_array()
            .is_some_and(|users| !users.is_empty());
        let expected = match e["content"]["msgtype"].as_str() {
            Some("m.image" | "m.file") => continue,
            _ if pings => "m.text",
            _ => "m.notice",
        };
        assert_eq!(e["content"]["msgtype"], expected, "{e}");
    }
    // Synapse evaluated every player's default push rules: each was notified, highlighted,
    // by a message of the bot that pinged them, and by no quiet one.
    for p in &g.players {
        let notified = p.request(Method::GET, p.v3(&["notifications"]), None).await;
        let from_bot: Vec<&Value> = notified["notifications"]
            .as_array()
            .expect("a notification list")
            .iter()
            .filter(|n| {
                n["room_id"] == g.room.as_str() && n["event"]["sender"] == g.bot_user.as_str()
            })
            .collect();
        assert!(
            from_bot.iter().any(|n| {
                n["event"]["content"]["m.mentions"]["user_ids"]
                    .as_array()
                    .is_some_and(|users| users.iter().any(|u| u == p.user_id()))
                    && n["actions"]
                        .as_array()
                        .is_some_and(|a| a.iter().any(|t| t["set_tweak"] == "highlight"))
            }),
            "{} was pinged and notified: {from_bot:#?}",
            p.user_id()
        );
        assert!(
            from_bot
                .iter()
                .all(|n| n["event"]["content"]["msgtype"] != "m.notice"),
            "no notice notified {}: {from_bot:#?}",
            p.user_id()
        );
    }
    if let Some(bot) = g.bot.take() {
        stop_bot(bot).await;
    }
    drop(g.synapse);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_login_is_one_clear_line() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    let account = synapse.register("catan", "catan-password").await;
    let mut wrong = settings(&synapse, &account);
    wrong.login = MatrixLogin::Password("not the password".into());
    wrong.login_source = Source::Env("MATRIX_PASSWORD");
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open(dir.path()).expect("store");
    let table =
        TableHandle::new(Table::open(Box::new(store), TableOptions::default()).expect("table"));
    let outlets = Arc::new(Outlets::default());
    let error = catan_bot::matrix::serve(&wrong, dir.path(), table.clone(), outlets)
        .await
        .expect_err("a wrong password is fatal");
    let line = error.to_string();
    assert!(
        line.contains("refused the login of @catan:localhost")
            && line.contains("environment variable MATRIX_PASSWORD")
            && !line.contains('\n'),
        "{line}"
    );
    table.close().await;
}
