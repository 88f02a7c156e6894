//! A seeded three-player game in an encrypted room, played by encrypting players
//! ([`EncryptedPlayer`]) whose brains are the bot's table (the test reads the true state and
//! types or clicks the moves). Shared by the encrypted-room tests that go past the setup: a
//! whole game (builds, trades, a 7) and the roll latency figures.
//!
//! Every move is checked to apply exactly once; every wait is on an observed event, bounded
//! by [`WAIT`] only as a failure guard.

use std::path::PathBuf;

use catan_bot::engine::{Action, Game, Resources};
use catan_bot::hosting::TableHandle;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{GameSummary, LiveSlot, command_for};

use super::bot::{
    Bot, body, event_number, live_turn_message, oracle, settings, start_bot, stop_bot, version,
};
use super::encrypted_player::Seen;
use super::{
    EncryptedPlayer, Synapse, WAIT, wait_joined_encrypted, wait_until, wait_until_or_explain,
};

/// The bot, three encrypting players (alice, bob, carol) and their encrypted room, with a
/// started game. Fields drop in order: the players stop syncing before Synapse stops.
pub struct EncryptedTable {
    pub bot: Option<Bot>,
    pub bot_user: String,
    pub room: String,
    pub players: Vec<EncryptedPlayer>,
    pub data: PathBuf,
    pub synapse: Synapse,
}

/// The bot's messages `viewer` read in `room`, oldest first.
pub fn bot_messages(viewer: &EncryptedPlayer, room: &str, bot: &str) -> Vec<Seen> {
    viewer
        .events(room)
        .into_iter()
        .filter(|s| s.event["sender"] == bot && s.event["type"] == "m.room.message")
        .collect()
}

/// The event id of the live turn message, as `viewer`'s client read it.
pub async fn turn_message(
    table: &TableHandle,
    viewer: &EncryptedPlayer,
    room: &str,
    bot: &str,
) -> String {
    wait_until("the player reads this turn's message", WAIT, async || {
        let (number, header) = live_turn_message(table).await?;
        bot_messages(viewer, room, bot)
            .iter()
            .find(|s| {
                s.event["event_id"].as_str().map(event_number) == Some(number)
                    && body(&s.event).contains(&header)
            })
            .and_then(|s| s.event["event_id"].as_str())
            .map(str::to_string)
    })
    .await
}

impl EncryptedTable {
    /// Starts Synapse, the players, their encrypted room and the bot, and a game with `seed`
    /// by encrypted commands. `None` when there is no Synapse to test against.
    pub async fn start(seed: u64) -> Option<EncryptedTable> {
        let synapse = Synapse::start().await?;
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
        players[0].invite(&room, &bot_user).await;
        let data = synapse.dir().join("bot-data");
        let bot = start_bot(&settings(&synapse, &bot_account), &data).await;
        let t = EncryptedTable {
            bot: Some(bot),
            bot_user,
            room,
            players,
            data,
            synapse,
        };
        wait_joined_encrypted(&t.players[0], &t.room, &t.bot_user).await;
        t.say("alice", &format!("!catan new seed {seed}")).await;
        wait_until("the lobby", WAIT, async || oracle(t.table()).await).await;
        for name in ["bob", "carol"] {
            t.say(name, "!catan join").await;
        }
        wait_until("three players seated", WAIT, async || {
            oracle(t.table())
                .await
                .filter(|(s, _)| s.players.len() == 3)
        })
        .await;
        t.say("alice", "!catan start").await;
        wait_until("the game starts", WAIT, async || {
            oracle(t.table()).await.and_then(|(_, game)| game)
        })
        .await;
        Some(t)
    }

    pub fn table(&self) -> &TableHandle {
        &self.bot.as_ref().expect("bot running").table
    }

    pub fn player(&self, name: &str) -> &EncryptedPlayer {
        self.players
            .iter()
            .find(|p| p.account.username == name)
            .expect("a player of ours")
    }

    /// The game's players and its true state.
    pub async fn state(&self) -> (GameSummary, Game) {
        let (summary, game) = oracle(self.table()).await.expect("a game");
        (summary, game.expect("the game is running"))
    }

    /// `name` types `text` in the game room (encrypted by their client).
    pub async fn say(&self, name: &str, text: &str) -> String {
        self.player(name).send_text(&self.room, text).await
    }

    /// The event id of the live turn message, as alice's client read it.
    pub async fn turn_message(&self) -> String {
        turn_message(self.table(), &self.players[0], &self.room, &self.bot_user).await
    }

    /// The direct room in which the bot wrote to `name` (as their client read it).
    pub async fn dm(&self, name: &str) -> String {
        let player = self.player(name);
        wait_until(
            &format!("the bot's direct room with {name}"),
            WAIT,
            async || {
                player
                    .all_events()
                    .into_iter()
                    .find(|s| {
                        s.room != self.room
                            && s.event["sender"] == self.bot_user.as_str()
                            && s.event["type"] == "m.room.message"
                    })
                    .map(|s| s.room)
            },
        )
        .await
    }

    /// The first bot message in `room` that `viewer` read containing `text`; waits for it.
    pub async fn read(&self, viewer: &str, room: &str, text: &str) -> Seen {
        let player = self.player(viewer);
        wait_until_or_explain(
            &format!("{viewer} reads {text:?}"),
            WAIT,
            async || {
                bot_messages(player, room, &self.bot_user)
                    .into_iter()
                    .find(|s| body(&s.event).contains(text))
            },
            || player.explain_from(&self.bot_user),
        )
        .await
    }

    /// The command a player types for `action`.
    pub fn typed(game: &Game, summary: &GameSummary, action: &Action) -> String {
        let ctx = ParseContext {
            topology: game.topology(),
            players: &summary.players,
        };
        format!("!catan {}", command_for(action, &ctx))
    }

    /// Waits until the game moved past `before`, and checks it moved by exactly one.
    pub async fn applied_once(&self, before: u64, what: &str) {
        wait_until(what, WAIT, async || {
            (version(self.table()).await > before).then_some(())
        })
        .await;
        assert_eq!(
            version(self.table()).await,
            before + 1,
            "{what} applied exactly once"
        );
    }

    /// `name` does `action` as a player would: 🎲 for a roll and ✅ for the end of the turn
    /// on the turn message, otherwise the typed command in the room; applied once.
    pub async fn act(&self, name: &str, action: &Action) {
        let (summary, game) = self.state().await;
        let before = game.view(None).version;
        match action {
            Action::Roll => {
                let turn = self.turn_message().await;
                self.player(name).react(&self.room, &turn, "🎲").await;
            }
            Action::EndTurn => {
                let turn = self.turn_message().await;
                self.player(name).react(&self.room, &turn, "✅").await;
            }
            other => {
                self.say(name, &Self::typed(&game, &summary, other)).await;
            }
        }
        self.applied_once(before, &format!("{name}: {action:?}"))
            .await;
    }

    /// Places every setup piece by typed commands.
    pub async fn play_setup(&self) {
        loop {
            let (summary, game) = self.state().await;
            if !game.in_setup() {
                return;
            }
            let seat = game.waiting_for()[0];
            let name = summary.players[seat as usize].1.clone();
            let place = game
                .legal_actions(seat)
                .into_iter()
                .find(|a| matches!(a, Action::BuildSettlement(_) | Action::BuildRoad(_)))
                .expect("a setup placement");
            self.act(&name, &place).await;
        }
    }

    /// `name`'s hand in the true state.
    pub async fn hand(&self, name: &str) -> Resources {
        let (summary, game) = self.state().await;
        let seat = summary
            .players
            .iter()
            .position(|(_, n)| n == name)
            .expect("a seated player");
        game.view(Some(seat as u8)).own.expect("own view").hand
    }

    pub async fn stop(mut self) {
        if let Some(bot) = self.bot.take() {
            stop_bot(bot).await;
        }
    }
}

/// How a hand changed: `after - before`, per resource.
pub fn change(before: &Resources, after: &Resources) -> [i32; 5] {
    std::array::from_fn(|i| i32::from(after.0[i]) - i32::from(before.0[i]))
}

/// `cards` as a change: minus when given away.
pub fn minus(cards: &Resources) -> [i32; 5] {
    std::array::from_fn(|i| -i32::from(cards.0[i]))
}
