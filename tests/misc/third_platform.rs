//! Issue 26: a third chat platform touches no shared file. Written as a new adapter would be,
//! from outside the crate with its public API only: the platform declares its share of the id
//! space (the free `01` range, see `hosting::Platform`), registers beside Discord and Matrix,
//! and receives its replies; hosting's code is not changed for it.

use std::sync::Arc;

use catan_bot::hosting::delivery_order::{DeliveryOrder, OrderedReplies};
use catan_bot::hosting::{Outlet, Outlets, Platform};
use catan_bot::table::Reply;
use catan_bot::table::bot_seats::BOT_USERS;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

/// The third platform's own declaration, as `discord::PLATFORM` and `matrix::PLATFORM` are.
const CHAT3: Platform = Platform::new("Chat3", 0b11 << 62, 0b01 << 62);

/// One of its ids: a counter in the free range, as a third adapter could give them out.
fn chat3_id(n: u64) -> u64 {
    (0b01 << 62) | n
}

fn recording(platform: Platform, seen: &UnboundedSender<(String, Vec<String>)>) -> Outlet {
    let seen = seen.clone();
    Arc::new(move |b: OrderedReplies| {
        let texts = b.replies.iter().map(|r| r.text.clone()).collect();
        let _ = seen.send((platform.to_string(), texts));
        Box::pin(async {})
    })
}

#[test]
fn the_free_range_is_disjoint_from_discord_and_matrix() {
    for taken in [catan_bot::discord::PLATFORM, catan_bot::matrix::PLATFORM] {
        assert!(!CHAT3.overlaps(&taken), "{taken:?}");
    }
    assert!(CHAT3.owns(chat3_id(1)) && !BOT_USERS.contains(&chat3_id(1)));
    // The table's computer players sit inside the free range: a third adapter avoids them.
    assert!(CHAT3.owns(BOT_USERS.start));
}

#[tokio::test]
async fn a_third_platform_registers_and_receives_its_replies() {
    let outlets = Outlets::default();
    let platforms = [
        catan_bot::discord::PLATFORM,
        catan_bot::matrix::PLATFORM,
        CHAT3,
    ];
    for platform in platforms {
        outlets
            .register(platform)
            .expect("disjoint ranges register");
    }
    let (tx, mut rx) = unbounded_channel();
    // The third one connects first; its replies do not wait for the others'.
    outlets
        .connect(CHAT3, recording(CHAT3, &tx))
        .expect("connects");
    let order = Arc::new(DeliveryOrder::default());
    let matrix_room = catan_bot::matrix::MATRIX_ID_BIT | 9;
    let batch = order.order(vec![
        Reply::public(chat3_id(1), "c1"),
        Reply::public(matrix_room, "m1"),
        Reply::public(1_234_567_890_123_456_789, "d1"),
        Reply::private(chat3_id(2), "c2"),
    ]);
    outlets.deliver(batch).await;
    let seen = rx.recv().await.expect("Chat3's part");
    assert_eq!(seen, ("Chat3".to_string(), vec!["c1".into(), "c2".into()]));
    for platform in [catan_bot::discord::PLATFORM, catan_bot::matrix::PLATFORM] {
        outlets
            .connect(platform, recording(platform, &tx))
            .expect("connects");
    }
    let mut rest = vec![
        rx.recv().await.expect("a waiting part"),
        rx.recv().await.expect("a waiting part"),
    ];
    rest.sort();
    assert_eq!(
        rest,
        [
            ("Discord".to_string(), vec!["d1".to_string()]),
            ("Matrix".to_string(), vec!["m1".to_string()]),
        ]
    );
}
