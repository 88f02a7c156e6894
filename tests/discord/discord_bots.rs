//! Bots on Discord, against the fake Discord and the real bot binary: the lobby's Add bot
//! button seats one, `/catan bot away` hands a seat to a bot, which then plays it in the
//! channel like anyone, and `/catan bot back` takes it back. Nothing is ever addressed to a
//! bot.

use crate::support;

use serde_json::json;
use support::fake_discord::*;
use support::players::{Discord, Player, start_bot, wait_recorded};

fn is_channel_post(r: &Request) -> bool {
    r.method == "POST"
        && r.path
            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_joins_by_button_and_plays_a_seat_handed_to_it() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = start_bot(&fake, dir.path(), 1, "[table]\nbot_delay_ms = 20\n").await;
    let d = Discord { fake: fake.clone() };
    let alice = Player::new(11, "alice");
    let bob = Player::new(12, "bob");
    for p in [&alice, &bob] {
        fake.add_user(user_json(p.id, p.name));
    }

    // The lobby, and a bot seated by its button.
    let start = fake.request_count();
    d.command(
        &alice,
        &["catan", "new"],
        &[("seed", json!(9)), ("players", json!(3))],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains("alice")
        })
        .await;
    let lobby_id = lobby.created_message.expect("lobby id");
    wait_recorded(&bot, lobby_id).await;
    let shown = fake.message(lobby_id).expect("the lobby as shown");
    let start = fake.request_count();
    let refused = d.press_shown(&bob, &shown, "addbot").await;
    assert!(
        refused.first.is_ephemeral() && refused.content().contains("Only the host"),
        "{}",
        refused.content()
    );
    d.press_shown(&alice, &shown, "addbot").await;
    fake.wait_from(start, "the lobby with the bot", |r| {
        r.edited_message() == Some(lobby_id) && r.content().contains("AdaBot")
    })
    .await;
    d.command(&bob, &["catan", "join"], &[]).await;
    let start = fake.request_count();
    d.command(&alice, &["catan", "start"], &[]).await;
    let first = fake
        .wait_from(start, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    wait_recorded(&bot, first.created_message.expect("turn message")).await;

    // Both people hand their seats to bots: the game plays itself in the channel.
    // (The notice answers the command, in public.)
    for p in [&alice, &bob] {
        let a = d.command(p, &["catan", "bot", "away"], &[]).await;
        assert!(!a.first.is_ephemeral(), "{:?}", a.first.json);
        let notice = format!("A bot plays {}'s seat until they are back", p.name);
        assert!(a.content().contains(&notice), "{}", a.content());
    }
    let start = fake.request_count();
    fake.wait_from(start, "a roll by the bots", |r| {
        r.content().contains("rolled")
    })
    .await;

    // Alice takes her seat back; bob stays away.
    let a = d.command(&alice, &["catan", "bot", "back"], &[]).await;
    assert!(!a.first.is_ephemeral(), "{:?}", a.first.json);
    assert!(
        a.content()
            .contains("alice is back and plays their seat again"),
        "{}",
        a.content()
    );
    let again = d.command(&alice, &["catan", "bot", "back"], &[]).await;
    assert!(
        again.content().contains("Nobody plays your seat"),
        "{}",
        again.content()
    );

    // Nothing went to a bot: no direct message channel, no mention of a bot's user id.
    let bot_user_prefix = "<@9223370937";
    for r in fake.requests() {
        assert!(
            !r.content().contains(bot_user_prefix),
            "a bot was mentioned: {}",
            r.content()
        );
        assert!(
            fake.dm_recipient(&r)
                .is_none_or(|u| u == alice.id || u == bob.id)
        );
    }
}
