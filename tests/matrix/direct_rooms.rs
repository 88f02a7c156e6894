//! End-to-end on a real Synapse: where the bot's private replies go. A player who opened a
//! direct chat with the bot (as Element's "start chat" makes it: encrypted, the invite
//! marked direct) gets them there, in one room with the bot, never in a second one the bot
//! makes beside it.

use crate::matrix_support::bot::body;
use crate::matrix_support::encrypted_game::EncryptedTable;
use crate::matrix_support::{WAIT, log_to_test, wait_joined_encrypted, wait_until_or_explain};

/// Any seed: no move of the game matters here.
const SEED: u64 = 5;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_players_own_direct_chat_gets_their_private_replies() {
    log_to_test();
    let Some(t) = EncryptedTable::start(SEED).await else {
        return;
    };
    let carol = t.player("carol");
    let dm = carol.create_dm(&t.bot_user).await;
    wait_joined_encrypted(carol, &dm, &t.bot_user).await;

    t.say("carol", "!catan hand").await;
    let hand = wait_until_or_explain(
        "carol's hand",
        WAIT,
        async || {
            carol.all_events().into_iter().find(|s| {
                s.room != t.room
                    && s.event["sender"] == t.bot_user.as_str()
                    && body(&s.event).contains("Your hand:")
            })
        },
        || carol.explain_from(&t.bot_user),
    )
    .await;
    assert_eq!(hand.room, dm, "the hand came in carol's own direct chat");
    assert!(hand.decrypted, "encrypted: {:?}", hand.event);

    // Through the whole setup (private replies after placements), still that one room.
    t.play_setup().await;
    t.say("carol", "!catan hand").await;
    let hands = |room: &str| {
        carol
            .events(room)
            .into_iter()
            .filter(|s| {
                s.event["sender"] == t.bot_user.as_str() && body(&s.event).contains("Your hand:")
            })
            .count()
    };
    wait_until_or_explain(
        "carol's second asked-for hand",
        WAIT,
        async || (hands(&dm) >= 2).then_some(()),
        || carol.explain_from(&t.bot_user),
    )
    .await;
    let mut rooms: Vec<String> = carol
        .all_events()
        .into_iter()
        .filter(|s| s.event["sender"] == t.bot_user.as_str())
        .map(|s| s.room)
        .collect();
    rooms.sort();
    rooms.dedup();
    let mut expected = vec![t.room.clone(), dm.clone()];
    expected.sort();
    assert_eq!(rooms, expected, "{}", carol.explain_from(&t.bot_user));
    t.stop().await;
}
