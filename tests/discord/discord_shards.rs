//! Gateway sharding across processes, end to end: two real `catan-bot run` processes, each with
//! its own data directory and shard range ("0" and "1" of 2), against the fake Discord, which
//! (as Discord) sends each guild's events only to the session of the shard that owns it,
//! `(guild_id >> 22) % 2`. Each process hosts its own guild's game only; an event of the other
//! guild pushed to it anyway is ignored; killing and restarting one leaves the other alone.

use crate::support;

use std::path::Path;

use serde_json::{Value, json};
use support::bot_process::BotProcess;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot, strip_ansi};

/// Guild on shard 0 of 2 (`GUILD_ID >> 22` is odd, so one less is even) and its channel.
const GUILD_A: u64 = GUILD_ID - (1 << 22);
const CHANNEL_A: u64 = 900_000_000_000_000_100;
/// Guild on shard 1 of 2 and its channel.
const GUILD_B: u64 = GUILD_ID;
const CHANNEL_B: u64 = 900_000_000_000_000_200;

fn sharded(shards: &str) -> String {
    format!("[discord]\nshards = \"{shards}\"\nshard_count = 2\n")
}

fn is_post_in(r: &Request, channel: u64) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{channel}/messages")
}

/// Opens a 2-player game in `place` (seed 7) and starts it; returns when its first turn message
/// is posted.
async fn open_game(d: &Discord, place: (u64, u64), host: &Player, guest: &Player) {
    let start = d.fake.request_count();
    let opened = d
        .command_in(
            place,
            host,
            &["catan", "new"],
            &[("players", json!(2)), ("seed", json!(7))],
        )
        .await;
    assert!(opened.first.is_ephemeral(), "{:?}", opened.first.json);
    d.fake
        .wait_from(start, "the lobby", |r| {
            is_post_in(r, place.1) && r.content().contains(host.name)
        })
        .await;
    d.command_in(place, guest, &["catan", "join"], &[]).await;
    let start = d.fake.request_count();
    d.command_in(place, host, &["catan", "start"], &[]).await;
    d.fake
        .wait_from(start, "the first turn message", |r| {
            is_post_in(r, place.1) && !r.png_files().is_empty()
        })
        .await;
}

/// Autocomplete choices for `/catan build <kind>` in `place`.
async fn build_places(d: &Discord, place: (u64, u64), who: &Player, kind: &str) -> Vec<String> {
    let id = d.fake.new_id();
    let token = d.token();
    let event = command_interaction(
        id,
        &token,
        place.1,
        &who.member,
        &["catan-move", "build", kind],
        &[("place", json!(""))],
        Some("place"),
    );
    d.fake
        .dispatch("INTERACTION_CREATE", in_guild(event, place.0, place.1));
    let answer = d
        .fake
        .wait_for("autocomplete answer", |r| r.is_callback_for(id))
        .await;
    answer.payload()["choices"]
        .as_array()
        .map(|c| {
            c.iter()
                .filter_map(|c| c["value"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The next setup move in `place`: whoever is placing builds the first settlement (or road)
/// offered; the channel shows it.
async fn setup_move(d: &Discord, place: (u64, u64), players: [&Player; 2]) {
    for kind in ["settlement", "road"] {
        for p in players {
            let places = build_places(d, place, p, kind).await;
            let Some(first) = places.first() else {
                continue;
            };
            let start = d.fake.request_count();
            let built = d
                .command_in(
                    place,
                    p,
                    &["catan-move", "build", kind],
                    &[("place", json!(first))],
                )
                .await;
            assert!(built.content().contains("Your hand"), "{}", built.content());
            let channel = format!("/api/v10/channels/{}/messages", place.1);
            d.fake
                .wait_from(start, &format!("the {kind} in the channel"), |r| {
                    r.path.starts_with(&channel)
                        && r.content().contains(&format!("{} built a {kind}", p.name))
                })
                .await;
            return;
        }
    }
    panic!(
        "nobody could build in channel {}; status: {}",
        place.1,
        status(d, place, players[0]).await
    );
}

/// `/catan status` in `place`, as the user sees it.
async fn status(d: &Discord, place: (u64, u64), who: &Player) -> String {
    d.command_in(place, who, &["catan", "status"], &[])
        .await
        .content()
}

/// The places of the games stored in a (stopped) bot's data directory.
fn stored_places(data: &Path) -> Vec<u64> {
    let store = catan_bot::store::SledStore::open(data).expect("store");
    let table =
        catan_bot::table::Table::open(Box::new(store), catan_bot::table::TableOptions::default())
            .expect("table");
    table.games().into_iter().map(|g| g.place).collect()
}

fn shard_of_identify(identify: &Value) -> (u64, u64) {
    let shard = &identify["d"]["shard"];
    (
        shard[0].as_u64().unwrap_or(99),
        shard[1].as_u64().unwrap_or(99),
    )
}

async fn start_shard(fake: &FakeDiscord, dir: &Path, shards: &str, identify: usize) -> BotProcess {
    start_bot(fake, dir, identify, &sharded(shards)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_host_their_own_guilds_and_restart_independently() {
    assert_eq!((GUILD_A >> 22) % 2, 0);
    assert_eq!((GUILD_B >> 22) % 2, 1);
    let fake = FakeDiscord::start().await;
    let d = Discord { fake: fake.clone() };
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut bot_a = start_shard(&fake, dir_a.path(), "0", 1).await;
    let mut bot_b = start_shard(&fake, dir_b.path(), "1-1", 2).await;
    fake.wait_for_shards(&[0, 1]).await;
    let shards: Vec<_> = fake.identifies().iter().map(shard_of_identify).collect();
    assert_eq!(
        shards,
        [(0, 2), (1, 2)],
        "each process identifies its shard"
    );

    let (alice, bob) = (Player::new(11, "alice"), Player::new(12, "bob"));
    let (carol, dave) = (Player::new(13, "carol"), Player::new(14, "dave"));
    let a = (GUILD_A, CHANNEL_A);
    let b = (GUILD_B, CHANNEL_B);
    open_game(&d, a, &alice, &bob).await;
    open_game(&d, b, &carol, &dave).await;
    setup_move(&d, a, [&alice, &bob]).await;
    setup_move(&d, b, [&carol, &dave]).await;

    // An event of guild B pushed to process A (Discord never does this with the same
    // shard_count everywhere) is ignored there: not answered, no game opened.
    let foreign = fake.new_id();
    let token = d.token();
    let event = command_interaction(
        foreign,
        &token,
        CHANNEL_B + 1,
        &carol.member,
        &["catan", "new"],
        &[],
        None,
    );
    fake.dispatch_on_shard(
        0,
        "INTERACTION_CREATE",
        in_guild(event, GUILD_B, CHANNEL_B + 1),
    );
    wait_for_log(&bot_a, &format!("ignored an event of server {GUILD_B}")).await;

    // Process B dies. Process A's game goes on meanwhile.
    bot_b.kill();
    fake.wait_for_shards(&[0]).await;
    setup_move(&d, a, [&alice, &bob]).await;
    let status_a = status(&d, a, &alice).await;

    // B restarts on its data directory and still has its game; A was not touched.
    let mut bot_b = start_shard(&fake, dir_b.path(), "1", 3).await;
    fake.wait_for_shards(&[0, 1]).await;
    assert!(bot_a.is_running());
    let shard0_sessions = fake
        .identifies()
        .iter()
        .filter(|i| shard_of_identify(i) == (0, 2))
        .count();
    assert_eq!(shard0_sessions, 1, "process A kept its one gateway session");
    assert_eq!(status(&d, a, &alice).await, status_a, "A's game unchanged");
    let status_b = status(&d, b, &carol).await;
    assert!(
        status_b.contains("carol") && status_b.contains("dave"),
        "B's game survived the restart: {status_b}"
    );
    setup_move(&d, b, [&carol, &dave]).await;

    assert!(
        !fake.requests().iter().any(|r| r.is_callback_for(foreign)),
        "the event of a guild process A does not own was answered"
    );
    // Each data directory holds its own guild's game only.
    for bot in [&mut bot_a, &mut bot_b] {
        bot.signal(libc::SIGTERM);
        bot.wait();
    }
    assert_eq!(stored_places(&dir_a.path().join("data")), [CHANNEL_A]);
    assert_eq!(stored_places(&dir_b.path().join("data")), [CHANNEL_B]);
}

/// Without `shard_count`, a bot runs every shard the gateway recommends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unset_shard_count_follows_the_gateway() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1, "").await;
    // serenity starts the second shard some seconds after the first (Discord's identify rate).
    fake.wait_for_shards(&[0, 1]).await;
    let mut shards: Vec<_> = fake.identifies().iter().map(shard_of_identify).collect();
    shards.sort_unstable();
    assert_eq!(shards, [(0, 2), (1, 2)]);
    // Both guilds are hosted by this one process.
    let d = Discord { fake: fake.clone() };
    let (alice, bob) = (Player::new(11, "alice"), Player::new(12, "bob"));
    open_game(&d, (GUILD_A, CHANNEL_A), &alice, &bob).await;
    open_game(&d, (GUILD_B, CHANNEL_B), &alice, &bob).await;
}

/// Waits until the bot's log has a line containing `text`.
async fn wait_for_log(bot: &BotProcess, text: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let log = strip_ansi(&bot.log_text());
        if log.lines().any(|l| l.contains(text)) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never logged `{text}`; log:\n{log}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}
