//! The room's ratings on a real Synapse (issue 28): a Matrix room is its own community. The
//! ratings a room's finished games left (written into the bot's data directory before it
//! starts) answer `!catan leaderboard` and `!catan profile [name]` in the asker's direct room;
//! `!catan season new` is refused to a member without the room's managing power level and
//! announced in the room when its creator says it (a creator of a version 12 room, whom the
//! power levels do not list, manages it).

use crate::matrix_support::bot::{body, settings, start_bot, stop_bot};
use crate::matrix_support::{Player, Synapse, WAIT, log_to_test, wait_joined, wait_until};
use catan_bot::community::records::{self, HEADER_SLOT, Header, Season};
use catan_bot::community::{GameResult, Participant};
use catan_bot::store::{SledStore, Store};
use sha2::{Digest, Sha256};

/// The table's number for a Matrix id (as `src/matrix/ids.rs` makes it).
fn number(kind: &str, id: &str) -> u64 {
    let digest = Sha256::new()
        .chain_update(kind.as_bytes())
        .chain_update([0u8])
        .chain_update(id.as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first) | (1 << 63)
}

/// Two finished games of `room`: the first player won both, the second came last.
fn seed_ratings(data: &std::path::Path, room: &str, players: &[(&str, &str)]) {
    let mut season = Season::default();
    for _ in 0..2 {
        let participants = players
            .iter()
            .enumerate()
            .map(|(i, (user, name))| Participant {
                key: number("user", user),
                name: name.to_string(),
                bot: false,
                left: false,
                won: i == 0,
                vp: [10, 4, 7][i],
                gained: [0, 0, 5, 0, 0],
                robbed: [0, 0, 0, 2, 0],
                route: 5,
            })
            .collect();
        season.record(&GameResult {
            participants,
            rated_setting: None,
            at_ms: 1,
        });
    }
    let store = SledStore::open(data).expect("store");
    let records = [
        (HEADER_SLOT, records::encode(&Header::first(1))),
        (1, records::encode(&season)),
    ];
    store
        .put_community(number("room", room), &records)
        .expect("seeded");
}

/// The bot's messages in `room` whose body contains `needle`.
async fn wait_text(viewer: &Player, room: &str, bot: &str, needle: &str) -> String {
    wait_until(&format!("`{needle}`"), WAIT, async || {
        viewer
            .messages(room)
            .await
            .iter()
            .filter(|e| e["sender"] == bot && e["type"] == "m.room.message")
            .map(|e| body(e).to_string())
            .find(|b| b.contains(needle))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn leaderboard_profile_and_season_answer_from_the_rooms_ratings() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    log_to_test();
    let bot_account = synapse.register("catan", "catan-password").await;
    let me = bot_account.user_id.clone();
    let alice = Player::register(&synapse, "alice").await;
    let bob = Player::register(&synapse, "bob").await;
    let carol = Player::register(&synapse, "carol").await;
    let room = alice.create_room("Catan league").await;
    for p in [&bob, &carol] {
        alice.invite(&room, p.user_id()).await;
        p.join(&room).await;
    }
    alice.invite(&room, &me).await;
    let data = synapse.dir().join("bot-data");
    seed_ratings(
        &data,
        &room,
        &[
            (alice.user_id(), "alice"),
            (bob.user_id(), "bob"),
            (carol.user_id(), "carol"),
        ],
    );
    let bot = start_bot(&settings(&synapse, &bot_account), &data).await;
    wait_joined(&alice, &room, &me).await;

    bob.send_text(&room, "!catan leaderboard").await;
    let dm = wait_until("bob's direct room", WAIT, async || {
        bob.direct_invite_from(&me).await
    })
    .await;
    bob.join(&dm).await;
    let board = wait_text(&bob, &dm, &me, "Leaderboard, season 1").await;
    let rows: Vec<&str> = board.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{board}");
    assert!(rows[0].starts_with("1. alice: "), "{board}");
    assert!(rows[2].starts_with("3. bob: "), "{board}");

    bob.send_text(&room, "!catan profile alice").await;
    let profile = wait_text(&bob, &dm, &me, "📇 alice").await;
    assert!(profile.contains("2 games, 2 wins"), "{profile}");
    assert!(profile.contains("(#1)"), "{profile}");
    assert!(
        profile.contains("Favourite resource: wool · robbed most: grain"),
        "{profile}"
    );
    assert!(profile.contains("Longest route: 5"), "{profile}");

    bob.send_text(&room, "!catan season new").await;
    wait_text(&bob, &dm, &me, "Only a manager of this community").await;
    alice.send_text(&room, "!catan season new").await;
    wait_text(&bob, &room, &me, "started season 2").await;
    bob.send_text(&room, "!catan leaderboard season 1").await;
    let old = wait_text(&bob, &dm, &me, "season 1 (finished)").await;
    assert!(old.contains("1. alice: "), "{old}");
    stop_bot(bot).await;
}
