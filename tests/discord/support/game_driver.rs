//! The test's side of a whole game on the fake Discord (tests/discord/discord_full_game.rs): three
//! players who act only through what the channel shows them — buttons on the lobby and turn
//! messages, the private menus those open, reactions on trade offers — following
//! [`super::policy`], and checking on every step that what they chose was accepted.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::json;

use super::bot_process::BotProcess;
use super::fake_discord::*;
use super::players::*;
use super::policy::*;

/// How a game is set up and how long it may take.
pub struct Rules {
    /// The game replayed: board, seat order, dice.
    pub seed: u32,
    /// A game that has not ended after this many turns is a failure (the policy stalls).
    pub max_turns: usize,
    /// The regular turn at whose middle (after the roll) the bot is restarted.
    pub restart_turn: usize,
}

/// The test's side of the table: the players, what they know, what happened.
pub struct Table {
    pub rules: Rules,
    pub d: Discord,
    pub fake: FakeDiscord,
    pub bot: BotProcess,
    pub dir: tempfile::TempDir,
    pub sessions: usize,
    pub players: Vec<Player>,
    /// Each player's hand as last shown to them.
    pub hands: HashMap<u64, Hand>,
    /// Private answers players saw, for the transcript.
    pub private: Vec<String>,
    /// The live turn message as it showed after each step of the first turns.
    pub live: Vec<String>,
    pub choices: usize,
    pub presses: usize,
    pub reactions: usize,
    pub offers: usize,
    pub regular_turns: usize,
    /// (turn message id, request index of the restart)
    pub restart: Option<(u64, usize)>,
}

/// What a walk through a menu came to.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Applied,
    /// A trade offer was posted as this message.
    Offered(u64),
    /// The player chose nothing (closed the menu).
    Dismissed,
}

/// The highest game version among the buttons of a message or request.
pub fn version(ids: &[String]) -> u64 {
    ids.iter().filter_map(|b| id_version(b)).max().unwrap_or(0)
}

fn actions(m: &ShownMessage) -> Vec<String> {
    m.button_ids()
        .iter()
        .filter_map(|b| id_action(b).map(str::to_string))
        .collect()
}

/// "▶ Waiting for discards: alice 4 cards, bob 5 cards." → [("alice", 4), ("bob", 5)]
fn owed_discards(content: &str) -> Vec<(String, u64)> {
    let Some(line) = content
        .lines()
        .find_map(|l| l.split("Waiting for discards: ").nth(1))
    else {
        return Vec::new();
    };
    line.trim_end_matches('.')
        .split(", ")
        .filter_map(|part| {
            let mut words = part.split_whitespace();
            let name = words.next()?.to_string();
            let count = words.next()?.parse().ok()?;
            Some((name, count))
        })
        .collect()
}

impl Table {
    pub async fn seat(rules: Rules) -> Table {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let bot = start_bot(&fake, dir.path(), 1, "").await;
        let players = vec![
            Player::new(11, "alice"),
            Player::new(12, "bob"),
            Player::new(13, "carol"),
        ];
        for p in &players {
            fake.add_user(user_json(p.id, p.name));
        }
        Table {
            rules,
            d: Discord { fake: fake.clone() },
            fake,
            bot,
            dir,
            sessions: 1,
            players,
            hands: HashMap::new(),
            private: Vec::new(),
            live: Vec::new(),
            choices: 0,
            presses: 0,
            reactions: 0,
            offers: 0,
            regular_turns: 0,
            restart: None,
        }
    }

    fn player(&self, id: u64) -> Player {
        self.players.iter().find(|p| p.id == id).unwrap().clone()
    }

    fn named(&self, name: &str) -> Player {
        self.players
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .clone()
    }

    /// The live turn message: the latest channel message carrying a board (other than the
    /// game's summary, which shows the final board).
    pub fn turn(&self) -> ShownMessage {
        self.fake
            .channel_messages(CHANNEL_ID)
            .into_iter()
            .rev()
            .find(|m| m.has_board() && !m.content.contains(" is over after "))
            .expect("a turn message")
    }

    pub fn over(&self) -> bool {
        self.fake
            .channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| m.content.contains(" is over after "))
    }

    /// Keeps what a player saw privately; learns their hand from it.
    fn saw(&mut self, who: &Player, a: &Answer) {
        let mut view = format!("[{} sees privately] {}", who.name, a.content());
        if let Some(menu) = a.select() {
            let labels: Vec<&str> = menu.options.iter().map(|o| o.label.as_str()).collect();
            let _ = write!(
                view,
                "\n  menu «{}»: {}",
                menu.placeholder,
                labels.join(" | ")
            );
        }
        self.private.push(view);
        if let Some(hand) = parse_hand(&a.content()) {
            self.hands.insert(who.id, hand);
        }
    }

    /// Waits until the game moved past version `v0` on the turn message `turn` (an edit, a
    /// new turn message, or the end).
    async fn settle(&mut self, start: usize, turn: u64, v0: u64) {
        self.fake
            .wait_index_from(start, &format!("the game past version {v0}"), |r| {
                let moved = version(&r.button_ids()) > v0;
                (r.is_channel_post() && !r.png_files().is_empty() && moved)
                    || (r.edited_message() == Some(turn) && moved)
                    || (r.is_channel_post() && r.content().contains(" is over after "))
            })
            .await;
        // No wait for the bot to record a new turn message's id: it delivers in the table's
        // order, so the next click's update edits the new message even when it arrives first.
        if self.live.len() < 40 {
            let m = self.turn();
            let labels: Vec<String> = m.buttons().into_iter().map(|b| b.label).collect();
            self.live
                .push(format!("{}\n[buttons: {}]", m.content, labels.join(" · ")));
        }
    }

    /// Presses a button of the turn message; returns the answer, where the request log was,
    /// the turn message id and the version the button was made at.
    async fn press(&mut self, who: &Player, action: &str) -> (Answer, usize, u64, u64) {
        let turn = self.turn();
        let id = turn
            .button_ids()
            .into_iter()
            .find(|b| id_action(b) == Some(action))
            .unwrap_or_else(|| panic!("no {action} button on the turn message: {turn:?}"));
        let v0 = id_version(&id).unwrap_or(0);
        let start = self.fake.request_count();
        let a = self.d.press(who, &id, &turn.json()).await;
        self.presses += 1;
        self.saw(who, &a);
        (a, start, turn.id, v0)
    }

    /// A button whose action applies at once (roll, end): accepted, answered privately.
    async fn act(&mut self, who: &Player, action: &str) {
        let (a, start, turn, v0) = self.press(who, action).await;
        assert!(
            a.first.is_ephemeral() && a.content().contains("Your hand"),
            "{} pressed {action}: refused or public: {:?}",
            who.name,
            a.first.json
        );
        self.settle(start, turn, v0).await;
    }

    /// A menu button: opens the clicker's private menu.
    async fn open_menu(&mut self, who: &Player, action: &str) -> Answer {
        let a = self.try_menu(who, action).await;
        assert!(
            a.select().is_some(),
            "{} pressed {action}: no menu: {}",
            who.name,
            a.content()
        );
        a
    }

    /// A menu button that may have nothing to offer (Build and Play card are shown from
    /// public facts only, so the hand may allow nothing): the private answer either way.
    async fn try_menu(&mut self, who: &Player, action: &str) -> Answer {
        let (a, ..) = self.press(who, action).await;
        assert!(
            a.first.is_ephemeral(),
            "menus are private: {:?}",
            a.first.json
        );
        assert_eq!(a.kind(), RESPONSE_MESSAGE);
        a
    }

    /// Walks a menu down with `pick` until an action applies. Every chosen option must be
    /// accepted: it either narrows the menu (the options shown are under the one chosen) or
    /// applies (the answer shows the hand afterwards).
    async fn walk(
        &mut self,
        who: &Player,
        mut answer: Answer,
        pick: &mut dyn FnMut(&SelectView) -> Option<Vec<String>>,
    ) -> Outcome {
        loop {
            let menu = answer.select().expect("a menu");
            assert!(!menu.options.is_empty() && menu.options.len() <= 25);
            let Some(values) = pick(&menu) else {
                return Outcome::Dismissed;
            };
            assert_eq!(values.len() as u64, menu.min_values.max(1));
            let chosen = values[0].clone();
            let label = menu
                .options
                .iter()
                .find(|o| o.value == chosen)
                .map(|o| o.label.clone())
                .expect("the choice is an option of the menu");
            let v0 = id_version(&menu.custom_id).unwrap_or(0);
            let turn = self.turn().id;
            let start = self.fake.request_count();
            let message = answer.ephemeral_message(&self.fake);
            let next = self.d.choose(who, &menu, &values, &message).await;
            self.choices += 1;
            self.saw(who, &next);
            assert_eq!(
                next.kind(),
                RESPONSE_UPDATE_MESSAGE,
                "a choice replaces its menu: {:?}",
                next.first.json
            );
            assert!(next.first.is_ephemeral());
            if let Some(narrower) = next.select() {
                let under = format!("{chosen}/");
                assert!(
                    narrower.options.iter().all(|o| o.value.starts_with(&under)),
                    "{} chose «{label}» ({chosen}) and was refused: {}\nnow offered: {:?}",
                    who.name,
                    next.content(),
                    narrower.options
                );
                answer = next;
                continue;
            }
            assert!(
                next.content().contains("Your hand"),
                "{} chose «{label}» ({chosen}) and was refused: {}",
                who.name,
                next.content()
            );
            if chosen.starts_with("offer/") {
                let offer = self
                    .fake
                    .wait_from(start, "the trade offer message", |r| {
                        r.is_channel_post() && r.content().starts_with("Trade offer #")
                    })
                    .await;
                return Outcome::Offered(offer.created_message.unwrap());
            }
            self.settle(start, turn, v0).await;
            return Outcome::Applied;
        }
    }

    // ------------------------------------------------------------------ phases

    pub async fn lobby(&mut self) -> u64 {
        let alice = self.players[0].clone();
        let start = self.fake.request_count();
        let a = self
            .d
            .command(
                &alice,
                &["catan", "new"],
                // No turn timer: nothing here depends on how fast the machine is.
                &[
                    ("seed", json!(self.rules.seed)),
                    ("players", json!(3)),
                    ("timer", json!(0)),
                ],
            )
            .await;
        assert!(a.first.is_ephemeral(), "{:?}", a.first.json);
        let lobby = self
            .fake
            .wait_from(start, "the lobby", |r| {
                r.is_channel_post() && r.button_ids().iter().any(|b| b.contains(":join:"))
            })
            .await
            .created_message
            .unwrap();
        let joiners: Vec<Player> = self.players[1..].to_vec();
        for p in joiners {
            let start = self.fake.request_count();
            let shown = self.fake.message(lobby).unwrap();
            let a = self.d.press_shown(&p, &shown, "join").await;
            self.presses += 1;
            assert_eq!(a.kind(), RESPONSE_DEFERRED_UPDATE, "{:?}", a.first.json);
            self.fake
                .wait_from(start, "the lobby shows the new seat", |r| {
                    r.edited_message() == Some(lobby) && r.content().contains(p.name)
                })
                .await;
        }
        let start = self.fake.request_count();
        let shown = self.fake.message(lobby).unwrap();
        let a = self.d.press_shown(&alice, &shown, "start").await;
        self.presses += 1;
        assert_eq!(a.kind(), RESPONSE_DEFERRED_UPDATE, "{:?}", a.first.json);
        self.fake
            .wait_from(start, "the first turn message", |r| {
                r.is_channel_post() && !r.png_files().is_empty()
            })
            .await;
        self.fake
            .wait_from(start, "the lobby becomes the start message", |r| {
                r.edited_message() == Some(lobby) && r.button_ids().is_empty()
            })
            .await;
        lobby
    }

    /// One step of whoever the turn message waits for. Returns false once the game is over.
    pub async fn step(&mut self) -> bool {
        if self.over() {
            return false;
        }
        let turn = self.turn();
        let acts = actions(&turn);
        let current = self.player(*turn.pinged.first().expect("a turn message pings"));
        if acts.iter().any(|a| a == "roll") {
            self.regular_turns += 1;
            assert!(
                self.regular_turns <= self.rules.max_turns,
                "no winner after {} turns",
                self.rules.max_turns
            );
            self.act(&current, "roll").await;
        } else if acts.iter().any(|a| a == "discard") {
            for (name, count) in owed_discards(&turn.content) {
                let who = self.named(&name);
                let menu = self.open_menu(&who, "discard").await;
                assert_eq!(menu.select().unwrap().min_values, count);
                let outcome = self.walk(&who, menu, &mut pick_first).await;
                assert_eq!(outcome, Outcome::Applied);
            }
        } else if acts.iter().any(|a| a == "robber") {
            let menu = self.open_menu(&current, "robber").await;
            let outcome = self.walk(&current, menu, &mut pick_first).await;
            assert_eq!(outcome, Outcome::Applied);
        } else if acts.iter().any(|a| a == "end") {
            if self.regular_turns == self.rules.restart_turn && self.restart.is_none() {
                self.restart_bot().await;
            }
            self.main_phase(&current).await;
        } else if acts.iter().any(|a| a == "build") {
            // Setup: place a settlement, then a road, where the dice pay most.
            let menu = self.open_menu(&current, "build").await;
            let outcome = self.walk(&current, menu, &mut pick_best).await;
            assert_eq!(outcome, Outcome::Applied);
        } else {
            panic!("nothing to press on the turn message: {turn:?}");
        }
        true
    }

    /// After the roll: build, trade, play a card, then end the turn.
    async fn main_phase(&mut self, who: &Player) {
        let turn_id = self.turn().id;
        let (mut roads, mut trades, mut played, mut offered) = (0, 0, false, false);
        loop {
            if self.over() {
                return;
            }
            let acts = actions(&self.turn());
            let has = |a: &str| acts.iter().any(|x| x == a);
            if has("play") && !played {
                played = true;
                let menu = self.try_menu(who, "play").await;
                if menu.select().is_some() {
                    assert_eq!(
                        self.walk(who, menu, &mut pick_first).await,
                        Outcome::Applied
                    );
                    continue;
                }
                assert!(menu.content().contains("play"), "{}", menu.content());
            }
            let menu = if has("build") {
                Some(self.try_menu(who, "build").await)
            } else {
                None
            };
            if let Some(menu) = menu.filter(|m| m.select().is_some()) {
                let mut chose_road = false;
                let mut pick = |m: &SelectView| {
                    let p = pick_build(m, roads < 1);
                    chose_road = p.as_ref().is_some_and(|v| v[0].starts_with("road"));
                    p
                };
                if self.walk(who, menu, &mut pick).await == Outcome::Applied {
                    roads += usize::from(chose_road);
                    continue;
                }
            }
            let hand = self.hands.get(&who.id).cloned().unwrap_or_default();
            if has("trade") && trades < 3 && bank_trade_possible(&hand) {
                let menu = self.open_menu(who, "trade").await;
                let mut pick = |m: &SelectView| pick_bank_trade(m, &hand);
                if self.walk(who, menu, &mut pick).await == Outcome::Applied {
                    trades += 1;
                    continue;
                }
            }
            if has("trade")
                && !offered
                && let Some((give, want)) = wanted_swap(&hand)
            {
                offered = true;
                let menu = self.open_menu(who, "trade").await;
                let mut pick = |m: &SelectView| pick_offer(m, &give, &want);
                if let Outcome::Offered(offer) = self.walk(who, menu, &mut pick).await {
                    self.answer_offer(who, offer, &want).await;
                    continue;
                }
            }
            break;
        }
        if self.over() {
            return;
        }
        self.act(who, "end").await;
        if let Some((restarted, at)) = self.restart
            && restarted == turn_id
        {
            self.fake
                .wait_from(at, "an edit of the turn message after the restart", |r| {
                    r.edited_message() == Some(turn_id)
                })
                .await;
        }
    }

    /// The other players look at their hands and react to offer `offer` (✅ if they hold the
    /// wanted card); the offerer confirms the first who accepted.
    async fn answer_offer(&mut self, offerer: &Player, offer: u64, want: &str) {
        self.offers += 1;
        let others: Vec<Player> = self
            .players
            .iter()
            .filter(|p| p.id != offerer.id)
            .cloned()
            .collect();
        for p in &others {
            let (a, ..) = self.press(p, "hand").await;
            assert!(a.first.is_ephemeral(), "{:?}", a.first.json);
            let has = parse_hand(&a.content())
                .expect("My hand shows the hand")
                .get(want)
                .is_some_and(|n| *n > 0);
            let start = self.fake.request_count();
            let emoji = if has { "✅" } else { "❌" };
            self.fake.dispatch(
                "MESSAGE_REACTION_ADD",
                reaction_add(CHANNEL_ID, offer, &p.member, emoji),
            );
            self.reactions += 1;
            self.fake
                .wait_from(start, "the offer shows the answer", |r| {
                    r.edited_message() == Some(offer) && r.content().contains(p.name)
                })
                .await;
        }
        let shown = self.fake.message(offer).unwrap();
        let Some(confirm) = shown
            .button_ids()
            .into_iter()
            .find(|b| b.contains(":confirm-"))
        else {
            return;
        };
        let turn = self.turn();
        let v0 = version(&turn.button_ids());
        let start = self.fake.request_count();
        let a = self.d.press(offerer, &confirm, &shown.json()).await;
        self.presses += 1;
        self.saw(offerer, &a);
        assert!(
            a.content().contains("Your hand"),
            "confirming refused: {}",
            a.content()
        );
        self.settle(start, turn.id, v0).await;
    }

    /// Kills the bot mid-turn and starts it again on the same data, once every message shows
    /// its latest state (old turn messages have lost their buttons).
    async fn restart_bot(&mut self) {
        let turn = self.turn();
        for m in self.fake.channel_messages(CHANNEL_ID) {
            if m.has_board() && m.id != turn.id {
                self.fake
                    .wait_for("an old turn message without buttons", |r| {
                        r.edited_message() == Some(m.id) && r.button_ids().is_empty()
                    })
                    .await;
            }
        }
        self.bot.kill();
        self.sessions += 1;
        self.bot = start_bot(&self.fake, self.dir.path(), self.sessions, "").await;
        self.restart = Some((turn.id, self.fake.request_count()));
    }
}
