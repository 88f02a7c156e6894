//! Discord users driving the real bot through the fake: slash commands, button presses,
//! select-menu choices, and what they get back.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};

use super::bot_process::{BotProcess, write_config};
use super::fake_discord::*;

/// A Discord user taking part in a test.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: u64,
    pub name: &'static str,
    pub member: Value,
}

impl Player {
    pub fn new(id: u64, name: &'static str) -> Player {
        Player {
            id,
            name,
            member: member_json(id, name, "0"),
        }
    }

    /// alice, bob and carol (ids 11, 12, 13), known to the fake Discord as users.
    pub fn three_known_to(fake: &FakeDiscord) -> [Player; 3] {
        let players = [
            Player::new(11, "alice"),
            Player::new(12, "bob"),
            Player::new(13, "carol"),
        ];
        for p in &players {
            fake.add_user(user_json(p.id, p.name));
        }
        players
    }

    /// A player whose Discord client speaks `locale` (e.g. `de`).
    pub fn speaking(id: u64, name: &'static str, locale: &str) -> Player {
        let mut p = Player::new(id, name);
        p.member["_locale"] = serde_json::json!(locale);
        p
    }
}

/// The bot's answer to one interaction.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The interaction callback.
    pub callback: Request,
    /// What the user sees: the callback's message (new, or an update of the message the
    /// component was on), or after a defer the follow-up that replaced "thinking…". For a
    /// silent acknowledgement (type 6) the callback itself, with no content.
    pub first: Request,
}

impl Answer {
    /// The callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete).
    pub fn kind(&self) -> u64 {
        self.callback.response_type().unwrap_or(0)
    }

    pub fn content(&self) -> String {
        self.first.content()
    }

    /// The select menu the answer shows, if any.
    pub fn select(&self) -> Option<SelectView> {
        self.first.selects().into_iter().next()
    }

    /// The ephemeral message this answer shows, as Discord would send it with an interaction
    /// on it: a menu replaced in place keeps its id.
    pub fn ephemeral_message(&self, fake: &FakeDiscord) -> Value {
        let id = match (self.kind(), self.callback.on_message) {
            (RESPONSE_UPDATE_MESSAGE, Some(on)) => on.id,
            _ => fake.new_id(),
        };
        let mut payload = self.first.payload();
        payload["flags"] = json!(EPHEMERAL);
        message_json(id, CHANNEL_ID, &payload)
    }
}

/// What a test does as Discord users.
pub struct Discord {
    pub fake: FakeDiscord,
}

impl Discord {
    pub fn token(&self) -> String {
        format!("tok-{}", self.fake.new_id())
    }

    /// The answer to interaction `id`: the callback, or after a defer (type 5) the follow-up
    /// that replaces it.
    pub async fn answer(&self, id: u64, token: String) -> Answer {
        let callback = self
            .fake
            .wait_for(&format!("callback for interaction {id}"), |r| {
                r.is_callback_for(id)
            })
            .await;
        let first = if callback.response_type() == Some(RESPONSE_DEFERRED_MESSAGE) {
            let t = token.clone();
            self.fake
                .wait_for("follow-up after defer", move |r| {
                    r.method == "POST" && r.is_followup_for(&t)
                })
                .await
        } else {
            callback.clone()
        };
        Answer { callback, first }
    }

    pub async fn command(&self, who: &Player, path: &[&str], options: &[(&str, Value)]) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            command_interaction(id, &token, CHANNEL_ID, &who.member, path, options, None),
        );
        self.answer(id, token).await
    }

    /// `/catan <path>` in `channel` of guild `guild` (the others use the default guild and
    /// channel).
    pub async fn command_in(
        &self,
        (guild, channel): (u64, u64),
        who: &Player,
        path: &[&str],
        options: &[(&str, Value)],
    ) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        let event = command_interaction(id, &token, channel, &who.member, path, options, None);
        self.fake
            .dispatch("INTERACTION_CREATE", in_guild(event, guild, channel));
        self.answer(id, token).await
    }

    /// Autocomplete choices `(name, value)` for option `focused` of `/catan <path>`.
    pub async fn autocomplete(
        &self,
        who: &Player,
        path: &[&str],
        options: &[(&str, Value)],
        focused: &str,
    ) -> Vec<(String, String)> {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            command_interaction(
                id,
                &token,
                CHANNEL_ID,
                &who.member,
                path,
                options,
                Some(focused),
            ),
        );
        let cb = self
            .fake
            .wait_for("autocomplete answer", |r| r.is_callback_for(id))
            .await;
        let json = cb.json.unwrap();
        assert_eq!(
            json["type"], RESPONSE_AUTOCOMPLETE,
            "autocomplete result: {json}"
        );
        json["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_string(),
                    c["value"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }

    /// Presses the button `custom_id` on `message` (its JSON as Discord would send it).
    pub async fn press(&self, who: &Player, custom_id: &str, message: &Value) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            button_interaction(id, &token, CHANNEL_ID, &who.member, custom_id, message),
        );
        self.answer(id, token).await
    }

    /// Presses the button whose action is `action` (`roll`, `build`, …) on a channel message
    /// as it shows now.
    pub async fn press_shown(&self, who: &Player, shown: &ShownMessage, action: &str) -> Answer {
        let button = shown
            .button_ids()
            .into_iter()
            .find(|b| id_action(b) == Some(action))
            .unwrap_or_else(|| panic!("no {action} button on: {shown:?}"));
        self.press(who, &button, &shown.json()).await
    }

    /// Chooses `values` in the select menu `menu` of `message`.
    pub async fn choose(
        &self,
        who: &Player,
        menu: &SelectView,
        values: &[String],
        message: &Value,
    ) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            select_interaction(
                id,
                &token,
                CHANNEL_ID,
                &who.member,
                &menu.custom_id,
                values,
                message,
            ),
        );
        self.answer(id, token).await
    }

    /// `/catan hand`: must be ephemeral; returns the hand as resource → count.
    pub async fn hand(&self, who: &Player) -> BTreeMap<String, u32> {
        let a = self.command(who, &["catan", "hand"], &[]).await;
        assert!(a.first.is_ephemeral(), "a hand must be ephemeral");
        parse_hand(&a.content()).expect("a hand")
    }
}

/// "Your hand: 1 brick, 2 ore (3 cards) · your VP: 2" → {brick: 1, ore: 2}.
pub fn parse_hand(text: &str) -> Option<BTreeMap<String, u32>> {
    let start = text.find("Your hand: ")? + "Your hand: ".len();
    let list = &text[start..];
    let list = &list[..list.find(" (").unwrap_or(list.len())];
    let mut hand = BTreeMap::new();
    if list.starts_with("nothing") {
        return Some(hand);
    }
    for item in list.split(", ") {
        let (n, r) = item.split_once(' ')?;
        hand.insert(r.to_string(), n.parse().ok()?);
    }
    Some(hand)
}

/// Starts a bot on `dir` (with `extra` config lines) and waits until it registered its
/// commands on its `identify_no`-th gateway session.
pub async fn start_bot(
    fake: &FakeDiscord,
    dir: &Path,
    identify_no: usize,
    extra: &str,
) -> BotProcess {
    let config = write_config(dir, &fake.rest_url, extra);
    let before = fake.request_count();
    let bot = BotProcess::start(&config, dir.join("bot.log"));
    fake.wait_for_identify(identify_no).await;
    fake.wait_from(before, "command registration", |r| {
        r.method == "PUT" && r.path.ends_with("/commands")
    })
    .await;
    bot
}

/// Waits until the bot has recorded live message `id` (its log says so): from then on its
/// updates edit that message. (The bot learns a posted message's id from Discord's answer; an
/// update computed before that would edit the previous message; see the e2e report.)
pub async fn wait_recorded(bot: &BotProcess, id: u64) {
    let id_field = format!("message_id={id}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let log = strip_ansi(&bot.log_text());
        if log
            .lines()
            .any(|l| l.contains("live message recorded") && l.contains(&id_field))
        {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never recorded message {id}; log:\n{log}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// The log without terminal colour codes (`ESC [ … m`).
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
