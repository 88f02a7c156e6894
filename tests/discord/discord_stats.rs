//! `/catan stats` through the real bot against the fake Discord: refused in a lobby with the
//! reason, answered privately in a running game with the dice so far against expectation and
//! a line per player.

use crate::support;

use serde_json::json;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_answers_privately_with_every_player() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path(), 1, "").await;
    let d = Discord { fake: fake.clone() };
    let players = Player::three_known_to(&fake);
    d.command(
        &players[0],
        &["catan", "new"],
        &[("seed", json!(7)), ("players", json!(3))],
    )
    .await;
    let early = d.command(&players[1], &["catan", "stats"], &[]).await;
    assert!(early.first.is_ephemeral());
    assert!(
        early.content().contains("has not started yet"),
        "{}",
        early.content()
    );
    for p in &players[1..] {
        d.command(p, &["catan", "join"], &[]).await;
    }
    d.command(&players[0], &["catan", "start"], &[]).await;
    // Anyone may ask (it is all public); the answer goes to the caller alone.
    let onlooker = Player::new(14, "dave");
    fake.add_user(user_json(onlooker.id, onlooker.name));
    let a = d.command(&onlooker, &["catan", "stats"], &[]).await;
    assert!(a.first.is_ephemeral(), "{:?}", a.first.json);
    let text = a.content();
    assert!(text.contains("turn 0: the numbers so far"), "{text}");
    assert!(
        text.contains("Dice (0 rolls; expected in brackets): 2: 0 (0.0)"),
        "{text}"
    );
    for p in &players {
        assert!(
            text.contains(&format!(
                "{}: 0 VP · 0 cards gained · robbed 0 times",
                p.name
            )),
            "{text}"
        );
    }
    assert!(!text.contains("Counted from turn"), "{text}");
}
