//! End-to-end: the real `catan-bot run` binary (poise/serenity, real table, real sled store)
//! against a fake Discord on loopback (tests/support/fake_discord.rs). The fake records every
//! REST request; the tests check what players would see.

mod support;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::*;

/// A Discord user taking part in the test.
struct Player {
    id: u64,
    name: &'static str,
    member: Value,
}

impl Player {
    fn new(id: u64, name: &'static str) -> Player {
        Player {
            id,
            name,
            member: member_json(id, name, "0"),
        }
    }
}

/// What a test does as Discord users.
struct Discord {
    fake: FakeDiscord,
}

/// The bot's first answer to one interaction.
struct Answer {
    /// The callback, or after a defer the message that replaced "thinking…".
    first: Request,
}

impl Discord {
    fn token(&self) -> String {
        format!("tok-{}", self.fake.new_id())
    }

    /// The answer to interaction `id`: the callback's message, or after a defer (type 5) the
    /// follow-up that replaces it.
    async fn answer(&self, id: u64, token: String) -> Answer {
        let callback = self
            .fake
            .wait_for(&format!("callback for interaction {id}"), |r| {
                r.is_callback_for(id)
            })
            .await;
        let first = if callback.json.as_ref().is_some_and(|j| j["type"] == 5) {
            let t = token.clone();
            self.fake
                .wait_for("follow-up after defer", move |r| {
                    r.method == "POST" && r.is_followup_for(&t)
                })
                .await
        } else {
            callback
        };
        Answer { first }
    }

    async fn command(&self, who: &Player, path: &[&str], options: &[(&str, Value)]) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            command_interaction(id, &token, CHANNEL_ID, &who.member, path, options, None),
        );
        self.answer(id, token).await
    }

    /// Autocomplete choices `(name, value)` for option `focused` of `/catan <path>`.
    async fn autocomplete(
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
        assert_eq!(json["type"], 8, "autocomplete result: {json}");
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

    async fn press(&self, who: &Player, custom_id: &str, message: &Value) -> Answer {
        let id = self.fake.new_id();
        let token = self.token();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            button_interaction(id, &token, CHANNEL_ID, &who.member, custom_id, message),
        );
        self.answer(id, token).await
    }

    /// `/catan hand`: must be ephemeral; returns the hand as resource → count.
    async fn hand(&self, who: &Player) -> BTreeMap<String, u32> {
        let a = self.command(who, &["hand"], &[]).await;
        assert!(a.first.is_ephemeral(), "a hand must be ephemeral");
        parse_hand(&a.first.content())
    }
}

/// "Your hand: 1 brick, 2 ore (3 cards) · your VP: 2" → {brick: 1, ore: 2}.
fn parse_hand(text: &str) -> BTreeMap<String, u32> {
    let start = text.find("Your hand: ").expect("hand text") + "Your hand: ".len();
    let list = &text[start..];
    let list = &list[..list.find(" (").unwrap_or(list.len())];
    let mut hand = BTreeMap::new();
    if list.starts_with("nothing") {
        return hand;
    }
    for item in list.split(", ") {
        let (n, r) = item.split_once(' ').expect("count and resource");
        hand.insert(r.to_string(), n.parse().expect("count"));
    }
    hand
}

/// The message JSON a channel message request created (what a button interaction carries).
fn posted_message(r: &Request) -> Value {
    message_json(
        r.created_message.expect("created message"),
        CHANNEL_ID,
        &r.payload(),
    )
}

fn is_channel_post(r: &Request) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
}

/// Starts a bot on `dir` and waits until it registered its commands (`identify_no`-th session).
async fn start_bot(fake: &FakeDiscord, dir: &std::path::Path, identify_no: usize) -> BotProcess {
    let config = write_config(dir, &fake.rest_url, "");
    let before = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count();
    let bot = BotProcess::start(&config, dir.join("bot.log"));
    fake.wait_for_identify(identify_no).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count()
        <= before
    {
        assert!(
            std::time::Instant::now() < deadline,
            "no command registration; log:\n{}",
            bot.log_text()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_with_unprivileged_intents_and_registers_catan() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1).await;
    let identify = &fake.identifies()[0];
    assert!(
        identify["d"]["token"]
            .as_str()
            .unwrap()
            .ends_with("fake.bot.token")
    );
    let intents = identify["d"]["intents"].as_u64().unwrap();
    assert_eq!(intents & (1 << 15), 0, "no MESSAGE_CONTENT intent");
    assert_eq!(intents & (1 << 1), 0, "no GUILD_MEMBERS intent");
    assert_eq!(intents & (1 << 8), 0, "no GUILD_PRESENCES intent");
    assert_ne!(intents & (1 << 10), 0, "GUILD_MESSAGE_REACTIONS intent");

    let registration = fake
        .wait_for("guild command registration", |r| {
            r.method == "PUT" && r.path.ends_with(&format!("/guilds/{GUILD_ID}/commands"))
        })
        .await;
    let commands = registration.json.unwrap();
    assert_eq!(commands.as_array().unwrap().len(), 1);
    assert_eq!(commands[0]["name"], "catan");
    let subs: Vec<&str> = commands[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    for s in ["new", "join", "start", "build", "trade", "hand", "abandon"] {
        assert!(subs.contains(&s), "/catan {s} registered");
    }
    // Resources are fixed choices, places are autocompleted.
    let bank = commands[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "bank")
        .unwrap();
    assert_eq!(bank["options"][0]["choices"].as_array().unwrap().len(), 5);
    let build = commands[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "build")
        .unwrap();
    let road = build["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "road")
        .unwrap();
    assert_eq!(road["options"][0]["autocomplete"], true);
}

/// A short real game: lobby, a non-player refused, setup through autocomplete, a restart of the
/// bot process, a roll through a button posted before the restart, a trade by reactions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_game_with_restart_and_reaction_trade() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = start_bot(&fake, dir.path(), 1).await;
    let d = Discord { fake: fake.clone() };
    let alice = Player::new(11, "alice");
    let bob = Player::new(12, "bob");
    let carol = Player::new(13, "carol");
    let dave = Player::new(14, "dave");
    let players = [&alice, &bob, &carol];

    // Lobby.
    let a = d
        .command(
            &alice,
            &["new"],
            &[("seed", json!(7)), ("players", json!(3))],
        )
        .await;
    assert!(
        !a.first.is_ephemeral(),
        "the lobby is public: {:?}",
        a.first.json
    );
    for p in [&bob, &carol] {
        let a = d.command(p, &["join"], &[]).await;
        assert!(a.first.content().contains(p.name), "{}", a.first.content());
    }
    // Someone not seated cannot start or act; the refusal is private and says why.
    let refused = d.command(&dave, &["start"], &[]).await;
    assert!(refused.first.is_ephemeral());
    assert!(!refused.first.content().is_empty());
    d.command(&alice, &["start"], &[]).await;
    let refused = d.command(&dave, &["roll"], &[]).await;
    assert!(refused.first.is_ephemeral(), "refusal to a non-player");
    assert!(
        refused.first.content().to_lowercase().contains("not")
            || refused.first.content().to_lowercase().contains("no "),
        "refusal explains: {}",
        refused.first.content()
    );

    // Setup: whoever has legal settlement places builds the first one offered, then a road.
    for placement in 0..6 {
        let mut placed = false;
        for p in players {
            let places = d
                .autocomplete(
                    p,
                    &["build", "settlement"],
                    &[("place", json!(""))],
                    "place",
                )
                .await;
            if places.is_empty() {
                continue;
            }
            assert!(places.len() <= 25);
            assert!(places[0].0.contains(" · "), "described: {:?}", places[0]);
            let a = d
                .command(
                    p,
                    &["build", "settlement"],
                    &[("place", json!(places[0].1))],
                )
                .await;
            assert!(
                !a.first.is_ephemeral(),
                "placement {placement} accepted publicly: {}",
                a.first.content()
            );
            let roads = d
                .autocomplete(p, &["build", "road"], &[("place", json!(""))], "place")
                .await;
            assert!(!roads.is_empty(), "a road follows the settlement");
            let a = d
                .command(p, &["build", "road"], &[("place", json!(roads[0].1))])
                .await;
            assert!(!a.first.is_ephemeral(), "{}", a.first.content());
            placed = true;
            break;
        }
        assert!(placed, "someone must be placing (placement {placement})");
    }

    // The first turn starts with a pinging message carrying the board and a roll button.
    let turn = fake
        .wait_for("turn start with a roll button", |r| {
            is_channel_post(r) && r.button_ids().iter().any(|b| b.contains(":roll:"))
        })
        .await;
    let pinged: Vec<u64> = turn.payload()["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(pinged.len(), 1, "the turn start pings its player");
    assert!(
        turn.content().contains(&format!("<@{}>", pinged[0])),
        "{}",
        turn.content()
    );
    let roll_id = turn
        .button_ids()
        .into_iter()
        .find(|b| b.contains(":roll:"))
        .unwrap();
    assert!(
        turn.button_ids().iter().any(|b| b.contains("hand")),
        "every turn message has a My hand button"
    );
    let png = turn.png_files();
    assert_eq!(png.len(), 1, "board attached at turn start");
    assert_eq!(png[0].filename, "board.png");
    assert_eq!(
        turn.payload()["embeds"][0]["image"]["url"],
        "attachment://board.png"
    );
    let turn_message = posted_message(&turn);
    let current = *players.iter().find(|p| p.id == pinged[0]).unwrap();

    // Restart the bot process on the same data directory.
    bot.kill();
    bot = start_bot(&fake, dir.path(), 2).await;

    // Someone else pressing the roll button is refused privately.
    let other = *players.iter().find(|p| p.id != current.id).unwrap();
    let refused = d.press(other, &roll_id, &turn_message).await;
    assert!(refused.first.is_ephemeral());
    // The button posted before the restart still works for its player.
    let rolled = d.press(current, &roll_id, &turn_message).await;
    assert!(
        !rolled.first.is_ephemeral(),
        "roll is public: {}",
        rolled.first.content()
    );
    assert!(
        rolled.first.content().contains("rolled"),
        "{}",
        rolled.first.content()
    );
    // The same button again is stale now.
    let stale = d.press(current, &roll_id, &turn_message).await;
    assert!(stale.first.is_ephemeral(), "stale click refused privately");

    // A 7: move the robber to the first legal hex (stealing from the first victim offered).
    let hexes = d
        .autocomplete(current, &["robber"], &[("hex", json!(""))], "hex")
        .await;
    let mut robbed: Option<u64> = None;
    if !hexes.is_empty() {
        let victims = d
            .autocomplete(
                current,
                &["robber"],
                &[("hex", json!(hexes[0].1)), ("victim", json!(""))],
                "victim",
            )
            .await;
        let mut options = vec![("hex", json!(hexes[0].1))];
        if let Some(v) = victims.first() {
            options.push(("victim", json!(v.1)));
            // The choice shows "name · N cards"; its value is the seat (`seat 2`).
            robbed = players
                .iter()
                .find(|p| v.0.starts_with(&format!("{} · ", p.name)))
                .map(|p| p.id);
            assert!(v.1.starts_with("seat "), "victim value {:?}", v.1);
        }
        d.command(current, &["robber"], &options).await;
    }

    // A trade by reactions: the current player offers one card they hold for one card another
    // player holds.
    let my_hand = d.hand(current).await;
    let (give, partner, want) = {
        let mut found = None;
        for p in players.iter().filter(|p| p.id != current.id) {
            let theirs = d.hand(p).await;
            if let Some(give) = my_hand.keys().next()
                && let Some(want) = theirs.keys().find(|r| *r != give)
            {
                found = Some((give.clone(), *p, want.clone()));
                break;
            }
        }
        found.expect("seed 7 leaves a possible trade")
    };
    let partner_hand = d.hand(partner).await;
    let before_offer = fake.request_count();
    d.command(
        current,
        &["trade", "offer"],
        &[
            ("give", json!(format!("1 {give}"))),
            ("want", json!(format!("1 {want}"))),
        ],
    )
    .await;
    let offer = fake
        .wait_from(before_offer, "trade offer message", |r| {
            is_channel_post(r) && r.content().contains(&format!("1 {want}"))
        })
        .await;
    let offer_id = offer.created_message.unwrap();
    for emoji in ["%E2%9C%85", "%E2%9D%8C"] {
        fake.wait_for("bot adds its reactions", |r| {
            r.method == "PUT"
                && r.path
                    == format!(
                        "/api/v10/channels/{CHANNEL_ID}/messages/{offer_id}/reactions/{emoji}/@me"
                    )
        })
        .await;
    }
    // The bot's own reactions come back as events: ignored.
    fake.dispatch(
        "MESSAGE_REACTION_ADD",
        reaction_add(
            CHANNEL_ID,
            offer_id,
            &json!({"user": bot_user(), "roles": [],
            "joined_at": null, "deaf": false, "mute": false, "flags": 0}),
            "✅",
        ),
    );
    fake.dispatch(
        "MESSAGE_REACTION_ADD",
        reaction_add(CHANNEL_ID, offer_id, &partner.member, "✅"),
    );
    let edit_path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{offer_id}");
    let update = fake
        .wait_for("offer edited with a confirm button", |r| {
            r.method == "PATCH"
                && r.path == edit_path
                && r.button_ids().iter().any(|b| b.contains("confirm"))
        })
        .await;
    let confirm = update
        .button_ids()
        .into_iter()
        .find(|b| b.contains("confirm"))
        .unwrap();
    let confirmed = d
        .press(
            current,
            &confirm,
            &message_json(offer_id, CHANNEL_ID, &update.payload()),
        )
        .await;
    assert!(
        !confirmed.first.content().is_empty(),
        "confirmation answered"
    );
    let my_after = d.hand(current).await;
    let partner_after = d.hand(partner).await;
    let count = |h: &BTreeMap<String, u32>, r: &str| h.get(r).copied().unwrap_or(0);
    assert_eq!(count(&my_after, &give) + 1, count(&my_hand, &give));
    assert_eq!(count(&my_after, &want), count(&my_hand, &want) + 1);
    assert_eq!(
        count(&partner_after, &want) + 1,
        count(&partner_hand, &want)
    );
    assert_eq!(
        count(&partner_after, &give),
        count(&partner_hand, &give) + 1
    );

    // Privacy over the whole run: hands only ever in ephemeral answers; the bot never talked
    // to itself.
    let requests = fake.requests();
    for r in &requests {
        if let Some(recipient) = fake.dm_recipient(r) {
            // A private notice (e.g. to a robbed player) only ever carries that player's hand.
            let hand_line = r.content().contains("Your hand");
            assert!(
                players.iter().any(|p| p.id == recipient),
                "DM to a non-player"
            );
            assert!(
                !hand_line || Some(recipient) == robbed,
                "only the robbed player gets a private notice here"
            );
            continue;
        }
        if r.is_public_message() {
            assert!(
                !r.content().contains("Your hand"),
                "hand content in a public message: {} {}",
                r.path,
                r.content()
            );
        }
    }
    assert!(
        !requests
            .iter()
            .any(|r| r.path == "/api/v10/users/@me/channels"
                && r.payload()["recipient_id"]
                    .as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    == Some(BOT_ID)),
        "the bot reacted to its own reaction"
    );
    if let Some(victim) = robbed {
        assert!(
            requests
                .iter()
                .any(|r| fake.dm_recipient(r) == Some(victim) && r.content().contains("stole")),
            "the robbed player is told privately (by DM) what was stolen"
        );
    }
    let log = bot.log_text();
    assert!(!log.contains("panicked"), "{log}");
}

/// With `game_threads`, `/catan new` opens a public thread, the lobby lives there and the
/// command's public answer points to it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_game_in_its_own_thread() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), &fake.rest_url, "game_threads = true");
    let _bot = BotProcess::start(&config, dir.path().join("bot.log"));
    fake.wait_for_identify(1).await;
    fake.wait_for("registration", |r| r.method == "PUT").await;
    let d = Discord { fake: fake.clone() };
    let alice = Player::new(11, "alice");

    let a = d.command(&alice, &["new"], &[]).await;
    let thread = fake
        .wait_for("thread creation", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/threads")
        })
        .await;
    assert_eq!(thread.payload()["type"], 11, "a public thread");
    let listing = fake.requests();
    let thread_id = listing
        .iter()
        .position(|r| r.path.ends_with("/threads"))
        .and_then(|i| {
            listing[i + 1..].iter().find_map(|r| {
                let rest = r.path.strip_prefix("/api/v10/channels/")?;
                let (id, tail) = rest.split_once('/')?;
                (tail == "messages" && id != CHANNEL_ID.to_string()).then(|| id.to_string())
            })
        })
        .expect("the lobby is posted into the thread");
    assert!(!a.first.is_ephemeral());
    assert!(
        a.first.content().contains(&format!("<#{thread_id}>")),
        "answer points to the thread: {}",
        a.first.content()
    );
    let lobby = fake
        .wait_for("lobby in the thread", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{thread_id}/messages")
        })
        .await;
    assert!(
        lobby.content().contains("alice"),
        "lobby names its host: {}",
        lobby.content()
    );
}

/// When the table is slow the bot defers ("thinking…", ephemeral): public replies then go to
/// the channel as messages and the deferred answer carries only private text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_answers_stay_private() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Defer at once, as if every table call took too long.
    let config = write_config(dir.path(), &fake.rest_url, "defer_after_ms = 0");
    let _bot = BotProcess::start(&config, dir.path().join("bot.log"));
    fake.wait_for_identify(1).await;
    fake.wait_for("registration", |r| r.method == "PUT").await;
    let alice = Player::new(11, "alice");
    let dave = Player::new(14, "dave");

    let id = fake.new_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        command_interaction(
            id,
            "tok-new",
            CHANNEL_ID,
            &alice.member,
            &["new"],
            &[],
            None,
        ),
    );
    let defer = fake.wait_for("defer", |r| r.is_callback_for(id)).await;
    let defer_json = defer.json.clone().unwrap();
    assert_eq!(defer_json["type"], 5, "deferred");
    assert_eq!(defer_json["data"]["flags"], 64, "deferred privately");
    let lobby = fake
        .wait_for("lobby as a channel message", |r| {
            is_channel_post(r) && r.content().contains("alice")
        })
        .await;
    assert!(!lobby.is_ephemeral());
    let done = fake
        .wait_for("the deferred answer", |r| {
            r.method == "POST" && r.is_followup_for("tok-new")
        })
        .await;
    assert!(!done.content().is_empty());

    // A refusal after a defer is still private: it replaces the ephemeral "thinking…".
    let id = fake.new_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        command_interaction(
            id,
            "tok-dave",
            CHANNEL_ID,
            &dave.member,
            &["start"],
            &[],
            None,
        ),
    );
    let refusal = fake
        .wait_for("refusal follow-up", |r| {
            r.method == "POST" && r.is_followup_for("tok-dave")
        })
        .await;
    assert!(refusal.is_ephemeral(), "{:?}", refusal.json);
    assert!(!refusal.content().is_empty());
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| is_channel_post(r) && r.content() == refusal.content()),
        "the refusal was not posted publicly"
    );
}

/// Figures, not assertions: round trip of a command through the fake gateway, the real bot
/// (poise, table, sled) and back to the fake REST server. Run with
/// `cargo test --release --test discord_e2e -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn measure_command_round_trip() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1).await;
    let d = Discord { fake: fake.clone() };
    let players = [
        Player::new(11, "alice"),
        Player::new(12, "bob"),
        Player::new(13, "carol"),
    ];
    d.command(&players[0], &["new"], &[("seed", json!(7))])
        .await;
    for p in &players[1..] {
        d.command(p, &["join"], &[]).await;
    }
    d.command(&players[0], &["start"], &[]).await;
    let samples = |name: &'static str| (name, Vec::new());
    let mut results = vec![
        samples("status"),
        samples("hand"),
        samples("settlement autocomplete"),
    ];
    for i in 0..300 {
        let p = &players[i % 3];
        let t = std::time::Instant::now();
        d.command(p, &["status"], &[]).await;
        results[0].1.push(t.elapsed());
        let t = std::time::Instant::now();
        d.command(p, &["hand"], &[]).await;
        results[1].1.push(t.elapsed());
        let t = std::time::Instant::now();
        d.autocomplete(
            p,
            &["build", "settlement"],
            &[("place", json!(""))],
            "place",
        )
        .await;
        results[2].1.push(t.elapsed());
    }
    for (name, mut s) in results {
        s.sort();
        let pct = |q: f64| s[((s.len() as f64 - 1.0) * q) as usize];
        println!(
            "{name}: n={} p50={:?} p99={:?} max={:?}",
            s.len(),
            pct(0.5),
            pct(0.99),
            s[s.len() - 1]
        );
    }
}
