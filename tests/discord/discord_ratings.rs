//! The server's ratings through the real bot against the fake Discord (issue 28): the
//! ratings of the fake server (written into the data directory before the bot starts, as
//! finished games leave them) answer `/catan leaderboard` and `/catan profile` privately;
//! `/catan season new` is refused without Manage Server and starts season 2 with it; the
//! moved commands answer under `/catan game`.

use crate::support;

use catan_bot::community::records::{self, HEADER_SLOT, Header, Season};
use catan_bot::community::{GameResult, Participant};
use catan_bot::store::{SledStore, Store};
use serde_json::json;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot};

/// Two finished games on the fake server: alice won both, carol came last in both.
fn seed_ratings(data: &std::path::Path) {
    let seat = |key: u64, name: &str, vp: u8, won: bool| Participant {
        key,
        name: name.to_string(),
        bot: false,
        left: false,
        won,
        vp,
        gained: [1, 0, 0, 0, if key == 11 { 9 } else { 0 }],
        robbed: [0, 3, 0, 0, 0],
        route: 6,
    };
    let mut season = Season::default();
    for _ in 0..2 {
        season.record(&GameResult {
            participants: vec![
                seat(11, "alice", 10, true),
                seat(12, "bob", 7, false),
                seat(13, "carol", 4, false),
            ],
            rated_setting: None,
            at_ms: 1,
        });
    }
    let store = SledStore::open(data).expect("store");
    store
        .put_community(
            GUILD_ID,
            &[
                (HEADER_SLOT, records::encode(&Header::first(1))),
                (1, records::encode(&season)),
            ],
        )
        .expect("seeded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboard_profile_and_season_answer_from_the_servers_ratings() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    seed_ratings(&dir.path().join("data"));
    let _bot = start_bot(&fake, dir.path(), 1, "").await;
    let d = Discord { fake: fake.clone() };
    let players = Player::three_known_to(&fake);

    let board = d
        .command(&players[1], &["catan-ratings", "leaderboard"], &[])
        .await;
    assert!(board.first.is_ephemeral(), "{:?}", board.first.json);
    let text = board.content();
    assert!(text.contains("Leaderboard, season 1"), "{text}");
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[0].starts_with("1. alice: ") && rows[0].contains("2 rated games, 2 wins"));
    assert!(rows[2].starts_with("3. carol: "), "{text}");

    let mine = d
        .command(&players[0], &["catan-ratings", "profile"], &[])
        .await;
    assert!(mine.first.is_ephemeral());
    let text = mine.content();
    assert!(text.contains("📇 alice (season 1)"), "{text}");
    assert!(text.contains("2 games, 2 wins"), "{text}");
    assert!(text.contains("(#1)"), "{text}");
    assert!(
        text.contains("Favourite resource: ore · robbed most: lumber"),
        "{text}"
    );
    assert!(text.contains("Longest route: 6"), "{text}");
    let carols = d
        .command(
            &players[0],
            &["catan-ratings", "profile"],
            &[("player", json!("<@13>"))],
        )
        .await;
    assert!(
        carols.content().contains("📇 carol"),
        "{}",
        carols.content()
    );
    assert!(carols.content().contains("(#3)"), "{}", carols.content());
    let by_name = d
        .command(
            &players[0],
            &["catan-ratings", "profile"],
            &[("player", json!("Carol"))],
        )
        .await;
    assert_eq!(by_name.content(), carols.content());

    let refused = d
        .command(&players[1], &["catan-ratings", "season", "new"], &[])
        .await;
    assert!(refused.first.is_ephemeral());
    assert!(
        refused.content().contains("Only a manager"),
        "{}",
        refused.content()
    );
    let manager = Player {
        member: member_json(14, "dana", "32"), // Manage Server
        ..Player::new(14, "dana")
    };
    fake.add_user(user_json(manager.id, manager.name));
    let started = d
        .command(&manager, &["catan-ratings", "season", "new"], &[])
        .await;
    assert!(!started.first.is_ephemeral(), "announced in the channel");
    assert!(
        started.content().contains("dana started season 2"),
        "{}",
        started.content()
    );
    let fresh = d
        .command(&players[1], &["catan-ratings", "leaderboard"], &[])
        .await;
    assert!(fresh.content().contains("No rated game in this season yet"));
    let old = d
        .command(
            &players[1],
            &["catan-ratings", "leaderboard"],
            &[("season", json!(1))],
        )
        .await;
    assert!(
        old.content().contains("season 1 (finished)"),
        "{}",
        old.content()
    );
    assert!(old.content().contains("1. alice: "), "{}", old.content());

    // The game-wide commands moved under `/catan game` answer as before.
    let log = d.command(&players[0], &["catan", "game", "log"], &[]).await;
    assert!(log.first.is_ephemeral());
    assert!(log.content().contains("no game"), "{}", log.content());
}
