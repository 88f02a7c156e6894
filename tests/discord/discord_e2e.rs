//! End-to-end: the real `catan-bot run` binary (poise/serenity, real table, real sled store)
//! against a fake Discord on loopback (tests/discord/support/fake_discord.rs). The fake records every
//! REST request and what each channel message shows now; the tests check what players see.
//! A whole game by clicking is in tests/discord/discord_full_game.rs.
//!
//! Long: the fake Discord's end-to-end scenarios, one area of tests.

use crate::support;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot, wait_recorded};

/// A new message in the test's channel.
fn is_channel_post(r: &Request) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_with_unprivileged_intents_and_registers_catan() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1, "").await;
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
    let command = |name: &str| {
        let found = commands
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name);
        found
            .unwrap_or_else(|| panic!("/{name} registered"))
            .clone()
    };
    let option = |parent: &Value, name: &str| {
        let found = parent["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name);
        found
            .unwrap_or_else(|| panic!("{name} under {}", parent["name"]))
            .clone()
    };
    assert_eq!(commands.as_array().unwrap().len(), 4);
    for (top, subs) in [
        ("catan", &["new", "join", "start", "hand", "game"][..]),
        ("catan-move", &["roll", "build", "end"][..]),
        ("catan-trade", &["offer", "bank"][..]),
        ("catan-ratings", &["leaderboard", "profile"][..]),
    ] {
        let top = command(top);
        for sub in subs {
            option(&top, sub);
        }
    }
    // Resources are fixed choices, places are autocompleted.
    let bank = option(&command("catan-trade"), "bank");
    assert_eq!(bank["options"][0]["choices"].as_array().unwrap().len(), 5);
    let road = option(&option(&command("catan-move"), "build"), "road");
    assert_eq!(road["options"][0]["autocomplete"], true);
}

/// A short real game through slash commands: a lobby edited in place, a non-player refused,
/// setup through autocomplete, a restart of the bot process, a roll through a button posted
/// before the restart, a trade by reactions (an acceptance taken back by removing the ✅, then
/// given again and confirmed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_game_with_restart_and_reaction_trade() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = start_bot(&fake, dir.path(), 1, "").await;
    let d = Discord { fake: fake.clone() };
    let [alice, bob, carol] = Player::three_known_to(&fake);
    let dave = Player::new(14, "dave");
    fake.add_user(user_json(dave.id, dave.name));
    let players = [&alice, &bob, &carol];

    // Lobby: one public message, posted once; the command itself is answered privately.
    let start = fake.request_count();
    let a = d
        .command(
            &alice,
            &["catan", "new"],
            &[("seed", json!(7)), ("players", json!(3))],
        )
        .await;
    assert!(a.first.is_ephemeral(), "{:?}", a.first.json);
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains("alice")
        })
        .await;
    let lobby_id = lobby.created_message.unwrap();
    // The host's private answer links the lobby (never a bare "Done.").
    let link = format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{lobby_id}");
    assert!(a.content().contains(&link), "{}", a.content());
    wait_recorded(&bot, lobby_id).await;
    for p in [&bob, &carol] {
        let start = fake.request_count();
        let a = d.command(p, &["catan", "join"], &[]).await;
        assert!(a.first.is_ephemeral(), "{:?}", a.first.json);
        assert!(a.content().contains(&link), "{}", a.content());
        fake.wait_from(start, "the lobby edited with the new seat", |r| {
            r.edited_message() == Some(lobby_id) && r.content().contains(p.name)
        })
        .await;
    }
    // Someone not seated cannot start or act; the refusal is private and says why.
    let refused = d.command(&dave, &["catan", "start"], &[]).await;
    assert!(refused.first.is_ephemeral());
    assert!(!refused.content().is_empty());
    let start = fake.request_count();
    d.command(&alice, &["catan", "start"], &[]).await;
    let first = fake
        .wait_from(start, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    wait_recorded(&bot, first.created_message.unwrap()).await;
    let refused = d.command(&dave, &["catan-move", "roll"], &[]).await;
    assert!(refused.first.is_ephemeral(), "refusal to a non-player");
    assert!(
        refused.content().to_lowercase().contains("not")
            || refused.content().to_lowercase().contains("no "),
        "refusal explains: {}",
        refused.content()
    );
    assert_eq!(
        fake.requests()
            .iter()
            .filter(|r| is_channel_post(r) && r.button_ids().iter().any(|b| b.contains(":join:")))
            .count(),
        1,
        "one lobby message"
    );

    // Setup: whoever has legal settlement places builds the first one offered, then a road.
    // Each placement is acknowledged privately (with the placer's hand) and shows on the turn
    // message.
    for placement in 0..6 {
        let mut placed = false;
        for p in players {
            let places = d
                .autocomplete(
                    p,
                    &["catan-move", "build", "settlement"],
                    &[("place", json!(""))],
                    "place",
                )
                .await;
            if places.is_empty() {
                continue;
            }
            assert!(places.len() <= 25);
            assert!(places[0].0.contains(" · "), "described: {:?}", places[0]);
            let start = fake.request_count();
            let a = d
                .command(
                    p,
                    &["catan-move", "build", "settlement"],
                    &[("place", json!(places[0].1))],
                )
                .await;
            assert!(
                a.first.is_ephemeral() && a.content().contains("Your hand"),
                "placement {placement} accepted: {}",
                a.content()
            );
            fake.wait_from(start, "the settlement on the turn message", |r| {
                r.is_channel_edit()
                    && r.content()
                        .contains(&format!("{} built a settlement", p.name))
            })
            .await;
            let roads = d
                .autocomplete(
                    p,
                    &["catan-move", "build", "road"],
                    &[("place", json!(""))],
                    "place",
                )
                .await;
            assert!(!roads.is_empty(), "a road follows the settlement");
            let start = fake.request_count();
            let a = d
                .command(
                    p,
                    &["catan-move", "build", "road"],
                    &[("place", json!(roads[0].1))],
                )
                .await;
            assert!(
                a.first.is_ephemeral() && a.content().contains("Your hand"),
                "{}",
                a.content()
            );
            // The road ends this placement: the next one gets a new, pinging turn message.
            let next = fake
                .wait_from(start, "the next turn message", |r| {
                    is_channel_post(r) && !r.png_files().is_empty()
                })
                .await;
            wait_recorded(&bot, next.created_message.unwrap()).await;
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
    let turn_id = turn.created_message.unwrap();
    let turn_message = fake.message(turn_id).unwrap().json();
    let current = *players.iter().find(|p| p.id == pinged[0]).unwrap();

    // Someone else pressing the roll button is refused privately.
    let other = *players.iter().find(|p| p.id != current.id).unwrap();
    let refused = d.press(other, &roll_id, &turn_message).await;
    assert!(refused.first.is_ephemeral());
    assert!(
        !refused.content().contains("Your hand"),
        "{}",
        refused.content()
    );
    // Its player rolls: the roll shows on the turn message, the roller sees their hand
    // privately. (The edit also proves the bot stored the turn message's id.)
    let start = fake.request_count();
    let rolled = d.press(current, &roll_id, &turn_message).await;
    assert!(
        rolled.first.is_ephemeral() && rolled.content().contains("Your hand"),
        "roll answered privately: {}",
        rolled.content()
    );
    let edit = fake
        .wait_from(start, "the roll on the turn message", |r| {
            r.edited_message() == Some(turn_id) && r.content().contains("rolled")
        })
        .await;
    let shown_before_restart = fake.message(turn_id).unwrap();
    assert!(
        !edit.button_ids().iter().any(|b| b.contains(":roll:")),
        "no roll button after the roll: {:?}",
        edit.button_ids()
    );

    // Restart the bot process on the same data directory.
    bot.kill();
    bot = start_bot(&fake, dir.path(), 2, "").await;

    // The roll button is refused now (rolling is no longer legal), privately.
    let again = d.press(current, &roll_id, &turn_message).await;
    assert!(again.first.is_ephemeral(), "stale click refused privately");
    assert!(
        !again.content().contains("Your hand"),
        "{}",
        again.content()
    );
    // A button shown before the restart still works, and the turn message is still edited in
    // place.
    let next = if shown_before_restart
        .button_ids()
        .iter()
        .any(|b| b.contains(":robber:"))
    {
        "robber"
    } else {
        "trade"
    };
    let opened = d.press_shown(current, &shown_before_restart, next).await;
    assert!(opened.first.is_ephemeral(), "{:?}", opened.first.json);
    let menu = opened
        .select()
        .unwrap_or_else(|| panic!("the {next} button opens a menu: {}", opened.content()));
    assert!(!menu.options.is_empty());

    // A 7: move the robber to the first legal hex (stealing from the first victim offered).
    let hexes = d
        .autocomplete(
            current,
            &["catan-move", "robber"],
            &[("hex", json!(""))],
            "hex",
        )
        .await;
    let mut robbed: Option<u64> = None;
    if !hexes.is_empty() {
        let victims = d
            .autocomplete(
                current,
                &["catan-move", "robber"],
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
        d.command(current, &["catan-move", "robber"], &options)
            .await;
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
        &["catan-trade", "offer"],
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
    let has_confirm = |r: &Request| r.button_ids().iter().any(|b| b.contains("confirm"));
    let accept = |start: usize| {
        fake.dispatch(
            "MESSAGE_REACTION_ADD",
            reaction_add(CHANNEL_ID, offer_id, &partner.member, "✅"),
        );
        fake.wait_from(start, "offer edited with a confirm button", move |r| {
            r.edited_message() == Some(offer_id) && has_confirm(r)
        })
    };
    accept(fake.request_count()).await;
    // Taking the ✅ back withdraws the acceptance: the confirm button goes away.
    let start = fake.request_count();
    fake.dispatch(
        "MESSAGE_REACTION_REMOVE",
        reaction_remove(CHANNEL_ID, offer_id, partner.id, "✅"),
    );
    let withdrawn = fake
        .wait_from(start, "offer edited without the acceptance", |r| {
            r.edited_message() == Some(offer_id)
        })
        .await;
    assert!(!has_confirm(&withdrawn), "{:?}", withdrawn.json);
    assert!(
        !withdrawn.content().contains("Accepted by"),
        "{}",
        withdrawn.content()
    );
    let update = accept(fake.request_count()).await;
    let confirm = update
        .button_ids()
        .into_iter()
        .find(|b| b.contains("confirm"))
        .unwrap();
    let start = fake.request_count();
    let confirmed = d
        .press(current, &confirm, &fake.message(offer_id).unwrap().json())
        .await;
    assert!(!confirmed.content().is_empty(), "confirmation answered");
    let done = fake
        .wait_from(start, "the offer message says it is done", |r| {
            r.edited_message() == Some(offer_id)
        })
        .await;
    assert!(done.button_ids().is_empty(), "{:?}", done.json);
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

    // Privacy over the whole run: hands only ever in ephemeral answers or DMs to their owner;
    // the bot never talked to itself.
    let requests = fake.requests();
    for r in &requests {
        if let Some(recipient) = fake.dm_recipient(r) {
            assert!(
                players.iter().any(|p| p.id == recipient),
                "DM to a non-player"
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

    let a = d.command(&alice, &["catan", "new"], &[]).await;
    let thread = fake
        .wait_for("thread creation", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/threads")
        })
        .await;
    assert_eq!(thread.payload()["type"], 11, "a public thread");
    // Wait for the post itself (not a snapshot taken right after the thread appeared).
    let post = fake
        .wait_for("a message in the new thread", |r| {
            r.method == "POST"
                && r.path
                    .strip_prefix("/api/v10/channels/")
                    .and_then(|rest| rest.split_once('/'))
                    .is_some_and(|(id, tail)| tail == "messages" && id != CHANNEL_ID.to_string())
        })
        .await;
    let thread_id = post
        .path
        .strip_prefix("/api/v10/channels/")
        .and_then(|rest| rest.split_once('/'))
        .map(|(id, _)| id.to_string())
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
            &["catan", "new"],
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
            &["catan", "start"],
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
/// `cargo test --release --test discord discord_e2e:: -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn measure_command_round_trip() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1, "").await;
    let d = Discord { fake: fake.clone() };
    let players = [
        Player::new(11, "alice"),
        Player::new(12, "bob"),
        Player::new(13, "carol"),
    ];
    d.command(&players[0], &["catan", "new"], &[("seed", json!(7))])
        .await;
    for p in &players[1..] {
        d.command(p, &["catan", "join"], &[]).await;
    }
    d.command(&players[0], &["catan", "start"], &[]).await;
    let samples = |name: &'static str| (name, Vec::new());
    let mut results = vec![
        samples("status"),
        samples("hand"),
        samples("settlement autocomplete"),
    ];
    for i in 0..300 {
        let p = &players[i % 3];
        let t = std::time::Instant::now();
        d.command(p, &["catan", "status"], &[]).await;
        results[0].1.push(t.elapsed());
        let t = std::time::Instant::now();
        d.command(p, &["catan", "hand"], &[]).await;
        results[1].1.push(t.elapsed());
        let t = std::time::Instant::now();
        d.autocomplete(
            p,
            &["catan-move", "build", "settlement"],
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
