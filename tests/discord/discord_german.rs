//! German on Discord, against the fake Discord and the real bot binary: a game starts in the
//! server's preferred language, `/catan new language:de` makes it German in public (lobby,
//! turn message, buttons), the help is in each asker's own language, and what only an
//! English player sees is English.

use crate::support;

use serde_json::json;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot, wait_recorded};

fn is_channel_post(r: &Request) -> bool {
    r.method == "POST"
        && r.path
            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
}

/// The embed's title and field names of an interaction answer.
fn embed_text(r: &Request) -> String {
    let embed = &r.payload()["embeds"][0];
    let mut parts = vec![embed["title"].as_str().unwrap_or("").to_string()];
    for f in embed["fields"].as_array().into_iter().flatten() {
        parts.push(f["name"].as_str().unwrap_or("").to_string());
        parts.push(f["value"].as_str().unwrap_or("").to_string());
    }
    parts.join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_client_gets_a_german_game_and_others_their_own_language() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = start_bot(&fake, dir.path(), 1, "[table]\nbot_delay_ms = 20\n").await;
    let d = Discord { fake: fake.clone() };
    let anna = Player::speaking(11, "anna", "de");
    let bob = Player::new(12, "bob");
    fake.add_user(user_json(anna.id, anna.name));
    fake.add_user(user_json(bob.id, bob.name));

    // The help: German for anna, English for bob.
    let help = d.command(&anna, &["catan", "help"], &[]).await;
    let german = embed_text(&help.first);
    assert!(german.contains("Catan hier: so wird gespielt"), "{german}");
    assert!(
        german.contains("/catan neu") && !german.contains("/catan new"),
        "{german}"
    );
    let help = d.command(&bob, &["catan", "help"], &[]).await;
    let english = embed_text(&help.first);
    assert!(english.contains("Catan here: how to play"), "{english}");

    // A game starts in the server's preferred language (the fake server's is en-US), even
    // when its opener's client speaks German.
    let start = fake.request_count();
    d.command(&anna, &["catan", "new"], &[]).await;
    let lobby = fake
        .wait_from(start, "the English lobby", |r| {
            is_channel_post(r) && r.content().contains("anna")
        })
        .await;
    assert!(lobby.content().contains("Settings"), "{}", lobby.content());
    wait_recorded(&bot, lobby.created_message.expect("lobby id")).await;
    d.command(&anna, &["catan", "game", "abandon"], &[]).await;

    // The opener picks the language with `/catan new language:`, offered by name.
    let offered = d
        .autocomplete(
            &anna,
            &["catan", "new"],
            &[("language", json!("deu"))],
            "language",
        )
        .await;
    assert_eq!(offered, [("Deutsch".to_string(), "de".to_string())]);
    let start = fake.request_count();
    d.command(
        &anna,
        &["catan", "new"],
        &[
            ("seed", json!(3)),
            ("players", json!(3)),
            ("language", json!("de")),
        ],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains("anna")
        })
        .await;
    let text = lobby.content();
    assert!(
        text.contains("Spielplan") || text.contains("Siegpunkte"),
        "{text}"
    );
    assert!(!text.contains("Settings"), "{text}");
    let labels: Vec<String> = lobby.buttons().into_iter().map(|b| b.label).collect();
    assert!(labels.contains(&"Mitspielen".to_string()), "{labels:?}");
    wait_recorded(&bot, lobby.created_message.expect("lobby id")).await;

    // bob joins and presses his hand button later: his own answers are English, the game's
    // public messages stay German.
    let from = fake.request_count();
    d.command(&bob, &["catan", "join"], &[]).await;
    d.command(&anna, &["catan", "bot", "add"], &[]).await;
    d.command(&anna, &["catan", "start"], &[]).await;
    let turn = fake
        .wait_from(from, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    let text = turn.content();
    assert!(
        text.contains("Gründungsphase") && text.contains("Siedlung"),
        "{text}"
    );
    let labels: Vec<String> = turn.buttons().into_iter().map(|b| b.label).collect();
    assert!(labels.contains(&"Meine Hand".to_string()), "{labels:?}");

    let hand = d.command(&bob, &["catan", "hand"], &[]).await;
    assert!(hand.content().contains("Your hand"), "{}", hand.content());
    let hand = d.command(&anna, &["catan", "hand"], &[]).await;
    assert!(hand.content().contains("Deine Hand"), "{}", hand.content());
}
