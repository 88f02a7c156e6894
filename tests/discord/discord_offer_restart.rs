//! Trade offer messages across restarts: the real bot binary against the fake Discord, killed
//! (SIGKILL) between every step of two offers' lives. After each restart every open offer's
//! message is found again and edited in place; an offer that closes after a restart (done,
//! withdrawn) has its own message edited to say so, without buttons and without the bot's
//! ✅/❌, and no new message is posted for it.

use crate::support;

use std::collections::BTreeMap;

use serde_json::json;
use support::bot_process::BotProcess;
use support::fake_discord::*;
use support::first_turn::{is_channel_post, to_first_turn};
use support::players::{Discord, Player, start_bot, strip_ansi};

/// An edit debounce no step of the test waits out: an edit submitted under it is never sent
/// before the kill that follows.
const NEVER: &str = "edit_debounce_ms = 600000";

/// Waits until the bot's log has a line with every one of `needles`.
async fn wait_logged(bot: &BotProcess, needles: &[&str]) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let log = strip_ansi(&bot.log_text());
        if log.lines().any(|l| needles.iter().all(|n| l.contains(n))) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never logged {needles:?}; log:\n{log}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// A request on offer message `id` (an edit, a reaction), or a new post naming offer `n`.
fn touches(r: &Request, id: u64, n: u32) -> bool {
    r.path.contains(&format!("/messages/{id}"))
        || (is_channel_post(r) && r.content().contains(&format!("offer #{n}")))
}

/// The bot's own reaction `emoji` (URL-encoded) put on or taken off message `id`.
fn own_reaction(r: &Request, method: &str, id: u64, emoji: &str) -> bool {
    r.method == method
        && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}/reactions/{emoji}/@me")
}

const EMOJIS: [&str; 2] = ["%E2%9C%85", "%E2%9D%8C"];

/// Checks what closing offer `n` (message `id`) did since request `start`: its message was
/// edited in place to `says`, without buttons; the bot took its ✅/❌ back and added none;
/// nothing new was posted about it.
async fn closed_in_place(fake: &FakeDiscord, start: usize, id: u64, n: u32, says: &str) {
    let edit = fake
        .wait_from(start, "the offer's own message edited to its close", |r| {
            r.edited_message() == Some(id) && r.content().contains(says)
        })
        .await;
    assert!(edit.button_ids().is_empty(), "no buttons: {:?}", edit.json);
    for emoji in EMOJIS {
        fake.wait_from(start, "the bot's reaction taken back", |r| {
            own_reaction(r, "DELETE", id, emoji)
        })
        .await;
    }
    let since = &fake.requests()[start..];
    assert!(
        !since
            .iter()
            .any(|r| is_channel_post(r) && r.content().contains(&format!("offer #{n}"))),
        "no new message for the close of offer #{n}:\n{}",
        fake.describe()
    );
    assert!(
        !since.iter().any(|r| r.method == "PUT" && touches(r, id, n)),
        "no reaction added to a closed offer"
    );
    let shown = fake.message(id).expect("the offer message");
    assert!(shown.content.contains(says), "{}", shown.content);
    assert!(shown.button_ids().is_empty(), "{:?}", shown.button_ids());
}

/// The edit after request `start` that shows offer message `id` as `check` wants it.
async fn refreshed(
    fake: &FakeDiscord,
    start: usize,
    id: u64,
    what: &str,
    check: impl Fn(&Request) -> bool,
) -> Request {
    fake.wait_from(start, what, |r| r.edited_message() == Some(id) && check(r))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offer_messages_are_edited_in_place_across_kills() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let d = Discord { fake: fake.clone() };
    let (alice, bob, carol) = (
        Player::new(11, "alice"),
        Player::new(12, "bob"),
        Player::new(13, "carol"),
    );
    let players = [&alice, &bob, &carol];
    for p in players {
        fake.add_user(user_json(p.id, p.name));
    }
    let mut runs = 1;
    let mut bot = start_bot(&fake, dir.path(), runs, "").await;
    let current = to_first_turn(&d, &bot, players, 7).await;

    // Two offers of one card the current player holds for one a partner holds.
    let my_hand = d.hand(current).await;
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
    let (give, partner, want) = found.expect("seed 7 leaves a possible trade");
    let partner_hand = d.hand(partner).await;
    let mut offers = Vec::new();
    for n in [1u32, 2] {
        let start = fake.request_count();
        d.command(
            current,
            &["catan-trade", "offer"],
            &[
                ("give", json!(format!("1 {give}"))),
                ("want", json!(format!("1 {want}"))),
            ],
        )
        .await;
        let posted = fake
            .wait_from(start, "the offer message", |r| {
                is_channel_post(r) && r.content().contains(&format!("Trade offer #{n}"))
            })
            .await;
        let id = posted.created_message.expect("posted");
        for emoji in EMOJIS {
            fake.wait_from(start, "the bot's reaction", |r| {
                own_reaction(r, "PUT", id, emoji)
            })
            .await;
        }
        wait_logged(
            &bot,
            &["offer message recorded", &format!("message_id={id}")],
        )
        .await;
        offers.push(id);
    }
    let (first, second) = (offers[0], offers[1]);

    // Posted | kill: both messages are found again and edited in place, nothing is re-posted.
    bot.kill();
    let start = fake.request_count();
    runs += 1;
    bot = start_bot(&fake, dir.path(), runs, "").await;
    for (id, n) in [(first, 1), (second, 2)] {
        let edit = refreshed(&fake, start, id, "the open offer refreshed", |r| {
            r.content().contains(&format!("Trade offer #{n}"))
        })
        .await;
        assert!(
            edit.button_ids().iter().any(|b| b.contains("accept")),
            "open: still answerable {:?}",
            edit.json
        );
    }
    assert!(
        !fake.requests()[start..].iter().any(is_channel_post),
        "nothing posted anew:\n{}",
        fake.describe()
    );

    // Accepted (✅) | kill at once: the acceptance is saved (the partner is told by DM); the
    // process dies whether or not its edit of the offer went out (a long debounce makes a
    // lost edit likely, and the next process must not depend on it).
    bot.kill();
    runs += 1;
    bot = start_bot(&fake, dir.path(), runs, NEVER).await;
    let start = fake.request_count();
    fake.dispatch(
        "MESSAGE_REACTION_ADD",
        reaction_add(CHANNEL_ID, first, &partner.member, "✅"),
    );
    // (The predicate runs under the fake's lock: the recipient is checked after.)
    let told = fake
        .wait_from(start, "the partner told of their acceptance", |r| {
            r.content().contains("You accepted offer #1")
        })
        .await;
    assert_eq!(fake.dm_recipient(&told), Some(partner.id), "told privately");
    bot.kill();

    // After the restart the message shows the acceptance, with its Confirm button.
    let start = fake.request_count();
    runs += 1;
    bot = start_bot(&fake, dir.path(), runs, "").await;
    let accepted = format!("Accepted by: {}", partner.name);
    let edit = refreshed(&fake, start, first, "the acceptance shown", |r| {
        r.content().contains(&accepted)
    })
    .await;
    let confirm = edit
        .button_ids()
        .into_iter()
        .find(|b| b.contains("confirm"))
        .expect("a Confirm button");
    refreshed(&fake, start, second, "the other offer refreshed", |_| true).await;

    // Confirmed: the trade is made and the offer's own message says so.
    let start = fake.request_count();
    let shown = fake.message(first).expect("offer #1").json();
    let confirmed = d.press(current, &confirm, &shown).await;
    assert!(
        confirmed.first.is_ephemeral() && confirmed.content().contains("Your hand"),
        "{}",
        confirmed.content()
    );
    closed_in_place(&fake, start, first, 1, "Trade offer #1 is done").await;
    let count = |h: &BTreeMap<String, u32>, r: &str| h.get(r).copied().unwrap_or(0);
    let (mine, theirs) = (d.hand(current).await, d.hand(partner).await);
    assert_eq!(count(&mine, &give) + 1, count(&my_hand, &give));
    assert_eq!(count(&mine, &want), count(&my_hand, &want) + 1);
    assert_eq!(count(&theirs, &want) + 1, count(&partner_hand, &want));

    // Confirmed | kill: the closed offer's message is left alone (the open one is refreshed),
    // and its old Confirm button makes no second trade.
    bot.kill();
    let start = fake.request_count();
    runs += 1;
    bot = start_bot(&fake, dir.path(), runs, "").await;
    refreshed(&fake, start, second, "the open offer refreshed", |_| true).await;
    let stale = d.press(current, &confirm, &shown).await;
    assert!(stale.first.is_ephemeral(), "{:?}", stale.first.json);
    assert!(
        stale.content().contains("no open offer #1"),
        "{}",
        stale.content()
    );
    assert_eq!(d.hand(current).await, mine, "no second trade");

    // Withdrawn (offer #2, posted four processes ago): edited in place, not re-posted.
    let start_withdraw = fake.request_count();
    d.command(
        current,
        &["catan-trade", "withdraw"],
        &[("offer", json!(2))],
    )
    .await;
    closed_in_place(&fake, start_withdraw, second, 2, "was withdrawn").await;
    assert!(
        !fake.requests()[start..]
            .iter()
            .any(|r| touches(r, first, 1)),
        "nothing touched the closed offer #1 after its restart:\n{}",
        fake.describe()
    );

    // Withdrawn | kill: the next process posts nothing about either offer.
    bot.kill();
    let start = fake.request_count();
    runs += 1;
    bot = start_bot(&fake, dir.path(), runs, "").await;
    let list = d.command(current, &["catan-trade", "list"], &[]).await;
    assert!(
        !list.content().contains("#1") && !list.content().contains("#2"),
        "no open offers: {}",
        list.content()
    );
    let since = &fake.requests()[start..];
    assert!(
        !since
            .iter()
            .any(|r| touches(r, first, 1) || touches(r, second, 2)),
        "closed offers' messages untouched:\n{}",
        fake.describe()
    );
    let log = bot.log_text();
    assert!(!log.contains("panicked"), "{log}");
}
