//! The Matrix test fixture itself works: a real Synapse starts, users register, and the
//! plain-HTTP players can do (and see) everything the bot's Matrix tests rely on.

use crate::matrix_support::{Invite, Player, Synapse, WAIT, wait_until};
use reqwest::Method;
use serde_json::{Value, json};

/// The event of `events` with this id.
fn find<'a>(events: &'a [Value], event_id: &str) -> Option<&'a Value> {
    events.iter().find(|event| event["event_id"] == event_id)
}

/// Position of an event in a chronological list.
fn position(events: &[Value], event_id: &str) -> usize {
    events
        .iter()
        .position(|event| event["event_id"] == event_id)
        .unwrap_or_else(|| panic!("{event_id} is not among the events"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_talk_react_redact_and_share_media_on_a_real_synapse() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    assert_eq!(synapse.server_name(), "localhost");

    let alice = Player::register(&synapse, "alice").await;
    let bob = Player::register(&synapse, "bob").await;
    assert_eq!(alice.user_id(), "@alice:localhost");
    assert_eq!(bob.user_id(), "@bob:localhost");
    assert!(!alice.account.access_token.is_empty());
    assert!(!alice.account.device_id.is_empty());

    // A private, unencrypted room; bob is invited and accepts.
    let room = alice.create_room("Catan table").await;
    assert!(alice.joined_rooms().await.contains(&room));
    let history = alice.messages(&room).await;
    assert_eq!(
        history[0]["type"], "m.room.create",
        "oldest first: {history:?}"
    );
    assert!(
        history
            .iter()
            .all(|event| event["type"] != "m.room.encryption"),
        "the room must not be encrypted: {history:?}"
    );
    assert!(bob.invited_rooms().await.is_empty());
    alice.invite(&room, bob.user_id()).await;
    let invites = wait_until("bob's invite", WAIT, async || {
        Some(bob.invited_rooms().await).filter(|invites| !invites.is_empty())
    })
    .await;
    let expected = Invite {
        room_id: room.clone(),
        inviter: alice.user_id().to_owned(),
        is_direct: false,
    };
    assert_eq!(invites, [expected]);
    assert_eq!(bob.direct_invite_from(alice.user_id()).await, None);
    assert_eq!(bob.accept_all_invites().await, vec![room.clone()]);
    assert_eq!(bob.joined_rooms().await, vec![room.clone()]);
    assert!(bob.invited_rooms().await.is_empty());
    assert!(!bob.is_direct_room(&room).await);

    // A direct room, made the way matrix-sdk's `create_dm` makes one.
    let body = json!({
        "preset": "trusted_private_chat",
        "is_direct": true,
        "invite": [bob.user_id()],
    });
    let created = alice
        .request(Method::POST, alice.v3(&["createRoom"]), Some(&body))
        .await;
    let dm = created["room_id"].as_str().expect("room_id").to_owned();
    let found = wait_until("bob's direct invite", WAIT, async || {
        bob.direct_invite_from(alice.user_id()).await
    })
    .await;
    assert_eq!(found, dm);
    // Joined by an alias: `#` must be percent-encoded in the path, or it starts a fragment.
    let alias = "#dm-alice-bob:localhost";
    let url = alice.v3(&["directory", "room", alias]);
    alice
        .request(Method::PUT, url, Some(&json!({ "room_id": dm })))
        .await;
    assert_eq!(bob.join(alias).await, dm);
    assert!(bob.is_direct_room(&dm).await);

    // A message, read back by the other player.
    let text = alice.send_text(&room, "hello bob").await;
    let again = alice.send_text(&room, "hello bob").await;
    assert_ne!(text, again, "two sends of one text are two events");
    let seen = wait_until("bob to see alice's message", WAIT, async || {
        find(&bob.messages(&room).await, &text).cloned()
    })
    .await;
    assert_eq!(seen["sender"], alice.user_id());
    assert_eq!(seen["type"], "m.room.message");
    assert_eq!(
        seen["content"],
        json!({ "msgtype": "m.text", "body": "hello bob" })
    );

    // A reaction, then its redaction (how a client takes a reaction back), both seen by alice.
    let reaction = bob.react(&room, &text, "👍").await;
    let seen = wait_until("alice to see bob's reaction", WAIT, async || {
        find(&alice.messages(&room).await, &reaction).cloned()
    })
    .await;
    assert_eq!(seen["type"], "m.reaction");
    assert_eq!(seen["sender"], bob.user_id());
    assert_eq!(
        seen["content"]["m.relates_to"],
        json!({ "rel_type": "m.annotation", "event_id": text, "key": "👍" })
    );
    let redaction = bob.redact(&room, &reaction).await;
    let events = wait_until("alice to see the redaction", WAIT, async || {
        let events = alice.messages(&room).await;
        find(&events, &redaction).is_some().then_some(events)
    })
    .await;
    let seen = find(&events, &redaction).expect("the redaction");
    assert_eq!(seen["type"], "m.room.redaction");
    assert_eq!(seen["sender"], bob.user_id());
    // Room versions 11+ carry `redacts` in the content, older ones at the top level.
    let redacts = seen["content"]["redacts"]
        .as_str()
        .or(seen["redacts"].as_str());
    assert_eq!(redacts, Some(reaction.as_str()));
    let redacted = find(&events, &reaction).expect("the redacted reaction stays in history");
    assert_eq!(redacted["content"], json!({}), "redacted: {redacted}");
    assert!(position(&events, &text) < position(&events, &reaction));
    assert!(position(&events, &reaction) < position(&events, &redaction));

    // More than one page of /messages comes back whole and in order.
    let mut sent = Vec::new();
    for n in 0..100 {
        sent.push(bob.send_text(&room, &format!("message {n}")).await);
    }
    let events = alice.messages(&room).await;
    assert!(events.len() > 100, "more than the 100 events of one page");
    let positions: Vec<usize> = sent.iter().map(|id| position(&events, id)).collect();
    assert!(positions.is_sorted(), "chronological order: {positions:?}");
    assert_eq!(events[0]["type"], "m.room.create");

    // Media: uploaded by one player, downloaded by another through the authenticated API.
    let bytes: Vec<u8> = (0..=255).cycle().take(5000).collect();
    let mxc = alice
        .upload(bytes.clone(), "application/octet-stream")
        .await;
    assert!(mxc.starts_with("mxc://localhost/"), "{mxc}");
    assert_eq!(bob.download_media(&mxc).await, bytes);
    let missing = bob
        .try_request(
            Method::GET,
            bob.url(&[
                "_matrix",
                "client",
                "v1",
                "media",
                "download",
                "localhost",
                "nope",
            ]),
            None,
        )
        .await;
    assert_eq!(missing.0, reqwest::StatusCode::NOT_FOUND, "{missing:?}");
}
