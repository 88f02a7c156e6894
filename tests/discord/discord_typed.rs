//! Slash commands reach the table as typed requests: a place typed into an option is
//! resolved against the board there. A bad one is refused privately in the words a typed
//! line gets (the message, its expected form, and for a road the legal roads nearby), and
//! the game does not move; a `?` asks for the choices, as typed.

use crate::support;

use serde_json::json;
use support::fake_discord::*;
use support::first_turn::is_channel_post;
use support::players::{Discord, Player, start_bot, wait_recorded};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_places_are_refused_in_the_typed_words_and_change_nothing() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start_bot(&fake, dir.path(), 1, "").await;
    let d = Discord { fake: fake.clone() };
    let alice = Player::new(11, "alice");
    let bob = Player::new(12, "bob");
    let carol = Player::new(13, "carol");
    let players = [&alice, &bob, &carol];
    for p in players {
        fake.add_user(user_json(p.id, p.name));
    }
    let start = fake.request_count();
    d.command(
        &alice,
        &["catan", "new"],
        &[("seed", json!(7)), ("players", json!(3))],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains("alice")
        })
        .await;
    wait_recorded(&bot, lobby.created_message.unwrap()).await;
    for p in [&bob, &carol] {
        let a = d.command(p, &["catan", "join"], &[]).await;
        assert!(!a.content().is_empty());
    }
    let start = fake.request_count();
    d.command(&alice, &["catan", "start"], &[]).await;
    let first = fake
        .wait_from(start, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    wait_recorded(&bot, first.created_message.unwrap()).await;

    // Whoever places first (the seats are shuffled).
    let mut placer = None;
    for p in players {
        let places = d
            .autocomplete(
                p,
                &["catan-move", "build", "settlement"],
                &[("place", json!(""))],
                "place",
            )
            .await;
        if !places.is_empty() {
            placer = Some((p, places));
            break;
        }
    }
    let (p, places) = placer.expect("someone places the first settlement");

    let refused = d
        .command(
            p,
            &["catan-move", "build", "settlement"],
            &[("place", json!("E12"))],
        )
        .await;
    assert!(refused.first.is_ephemeral(), "{:?}", refused.first.json);
    assert!(
        refused.content().contains(
            "`E12` is not an intersection: intersections are numbered 1 to 54. \
             Expected: `build settlement 12`."
        ),
        "{}",
        refused.content()
    );
    // Nothing moved: the same places are offered.
    let again = d
        .autocomplete(
            p,
            &["catan-move", "build", "settlement"],
            &[("place", json!(""))],
            "place",
        )
        .await;
    assert_eq!(again, places);

    // A label from the autocomplete, typed: accepted.
    let built = d
        .command(
            p,
            &["catan-move", "build", "settlement"],
            &[("place", json!(places[0].1))],
        )
        .await;
    assert!(built.content().contains("Your hand"), "{}", built.content());

    // Two intersections that do not touch: the reason, then the legal roads nearby.
    let refused = d
        .command(
            p,
            &["catan-move", "build", "road"],
            &[("place", json!("1-40"))],
        )
        .await;
    assert!(refused.first.is_ephemeral());
    let text = refused.content();
    assert!(
        text.contains("Intersections 1 and 40 are not neighbours")
            && text.contains("You can build a road at"),
        "{text}"
    );

    // `?` asks for the choices, as `build road ?` typed does.
    let roads = d
        .autocomplete(
            p,
            &["catan-move", "build", "road"],
            &[("place", json!(""))],
            "place",
        )
        .await;
    let asked = d
        .command(
            p,
            &["catan-move", "build", "road"],
            &[("place", json!("?"))],
        )
        .await;
    assert!(
        asked.content().contains(&roads[0].1),
        "{} (choices {roads:?})",
        asked.content()
    );
}
