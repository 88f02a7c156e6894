//! The Helpers of Catan on Discord, against the fake Discord and the real bot binary: a game
//! opened with `helpers:True` against two bots, in which alice uses her helper through
//! `/catan helper`, whose autocomplete offers what her helper can do now, and then flips or
//! exchanges it the same way.

use crate::support;

use serde_json::json;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot, wait_recorded};

fn is_channel_post(r: &Request) -> bool {
    r.method == "POST"
        && r.path
            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
}

/// The helper choices `(name, value)` autocomplete offers `who` now.
async fn helper_choices(d: &Discord, who: &Player) -> Vec<(String, String)> {
    d.autocomplete(who, &["catan", "helper"], &[("what", json!(""))], "what")
        .await
}

/// Whether `r` shows the live turn message awaiting alice for something other than her roll
/// (after a roll that offered a bot its helper, the game waits for the bot first).
fn awaits_alice_after_her_roll(r: &Request) -> bool {
    r.content()
        .lines()
        .any(|l| l.starts_with("▶ alice:") && !l.contains("roll the dice"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_uses_a_helper_through_autocomplete() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = start_bot(&fake, dir.path(), 1, "[table]\nbot_delay_ms = 20\n").await;
    let d = Discord { fake: fake.clone() };
    let alice = Player::new(11, "alice");
    fake.add_user(user_json(alice.id, alice.name));

    let start = fake.request_count();
    d.command(
        &alice,
        &["catan", "new"],
        &[
            ("seed", json!(9)),
            ("players", json!(3)),
            ("bots", json!(2)),
            ("helpers", json!(true)),
        ],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains("Helpers of Catan")
        })
        .await;
    wait_recorded(&bot, lobby.created_message.expect("lobby id")).await;
    // Before the game, nothing to choose.
    assert!(helper_choices(&d, &alice).await.is_empty());
    let mut from = fake.request_count();
    d.command(&alice, &["catan", "start"], &[]).await;

    let ping = format!("<@{}>", alice.id);
    let mut used = None;
    let mut placements = 0;
    for _ in 0..40 {
        // Alice's turn (or placement): the turn message pings her; or a bot's roll offers her
        // helper (Marianne, Sean), and the game waits for her.
        let (_, turn) = fake
            .wait_index_from(from, "alice's turn", |r| {
                (is_channel_post(r) && r.content().contains(&ping) && !r.png_files().is_empty())
                    || r.content().contains("alice may use")
            })
            .await;
        if turn.content().contains("alice may use") {
            let choices = helper_choices(&d, &alice).await;
            let first = choices.first().expect("the offered helper").clone();
            used = Some((first, choices));
            break;
        }
        wait_recorded(&bot, turn.created_message.expect("turn message")).await;
        if placements < 2 {
            placements += 1;
            let spots = d
                .autocomplete(
                    &alice,
                    &["catan-move", "build", "settlement"],
                    &[("place", json!(""))],
                    "place",
                )
                .await;
            let (_, spot) = spots.first().expect("a place for the settlement");
            d.command(
                &alice,
                &["catan-move", "build", "settlement"],
                &[("place", json!(spot))],
            )
            .await;
            let roads = d
                .autocomplete(
                    &alice,
                    &["catan-move", "build", "road"],
                    &[("place", json!(""))],
                    "place",
                )
                .await;
            let (_, road) = roads.first().expect("a road follows the settlement");
            from = fake.request_count();
            d.command(
                &alice,
                &["catan-move", "build", "road"],
                &[("place", json!(road))],
            )
            .await;
            continue;
        }
        let rolled = fake.request_count();
        d.command(&alice, &["catan-move", "roll"], &[]).await;
        fake.wait_from(
            rolled,
            "the game awaiting alice after her roll",
            awaits_alice_after_her_roll,
        )
        .await;
        let choices = helper_choices(&d, &alice).await;
        if let Some(first) = choices.first() {
            used = Some((first.clone(), choices));
            break;
        }
        // A 7: the robber first.
        let hexes = d
            .autocomplete(
                &alice,
                &["catan-move", "robber"],
                &[("hex", json!(""))],
                "hex",
            )
            .await;
        if let Some((_, hex)) = hexes.first() {
            let victims = d
                .autocomplete(
                    &alice,
                    &["catan-move", "robber"],
                    &[("hex", json!(hex)), ("victim", json!(""))],
                    "victim",
                )
                .await;
            let mut options = vec![("hex", json!(hex))];
            if let Some((_, v)) = victims.first() {
                options.push(("victim", json!(v)));
            }
            d.command(&alice, &["catan-move", "robber"], &options).await;
        }
        from = fake.request_count();
        d.command(&alice, &["catan-move", "end"], &[]).await;
    }
    let Some(((name, value), choices)) = used else {
        panic!("alice never had a helper use in 40 turns");
    };
    // Every choice reads as its command with what it does, within Discord's limits.
    assert!(choices.len() <= 25);
    for (n, v) in &choices {
        assert!(n.starts_with(v.as_str()) && n.contains(" · "), "{n} / {v}");
        assert!(n.chars().count() <= 100);
    }
    // Typing narrows to the choices holding the words typed.
    let word = value.split(' ').nth(1).unwrap_or("").to_string();
    let narrowed = d
        .autocomplete(
            &alice,
            &["catan", "helper"],
            &[("what", json!(word))],
            "what",
        )
        .await;
    assert!(
        narrowed.iter().all(|(n, _)| n.contains(&word)),
        "{narrowed:?}"
    );
    assert!(narrowed.iter().any(|(_, v)| *v == value));

    // The use is accepted and shown in the channel.
    let start = fake.request_count();
    let a = d
        .command(&alice, &["catan", "helper"], &[("what", json!(value))])
        .await;
    let helper = value.split(' ').nth(1).unwrap_or("").to_string();
    let shown = fake
        .wait_from(start, "the use in the channel", |r| {
            r.content().contains("alice uses") || r.content().contains("alice lets")
        })
        .await;
    assert!(
        shown.content().to_lowercase().contains(&helper),
        "{name}: {} / {}",
        a.content(),
        shown.content()
    );
    if value == "decline" {
        return;
    }

    // Any second steps, then flip or exchange: each time the autocomplete has the next step.
    for _ in 0..4 {
        let next = helper_choices(&d, &alice).await;
        let Some((_, step)) = next.first() else {
            panic!("nothing offered after using {helper}");
        };
        let start = fake.request_count();
        d.command(&alice, &["catan", "helper"], &[("what", json!(step))])
            .await;
        if step.starts_with("flip") || step.starts_with("exchange") {
            fake.wait_from(start, "the flip or exchange in the channel", |r| {
                r.content().contains("side B") || r.content().contains("to the display")
            })
            .await;
            assert!(
                helper_choices(&d, &alice)
                    .await
                    .iter()
                    .all(|(_, v)| !v.starts_with("use ")),
                "a helper is never used twice a turn"
            );
            return;
        }
    }
    panic!("the use of {helper} never came to its flip or exchange");
}
