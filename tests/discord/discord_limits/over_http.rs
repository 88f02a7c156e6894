//! Requests to the running fake over HTTP, as the bot sends them: refused with Discord's
//! status and body, recorded as violations; and a violation nobody takes fails the test.

use serde_json::{Value, json};

use super::{command_of_size, text};
use crate::support::fake_discord::*;

/// Sends `body` with `method` to `path` (after `/api/v10/`); returns the status and JSON body.
async fn send(fake: &FakeDiscord, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let url = format!("{}/api/v10/{path}", fake.rest_url);
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = reqwest::Client::new()
        .request(method, url)
        .header("authorization", "Bot fake.bot.token");
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The one refusal so far: its method, path and Discord's code.
fn one_refusal(fake: &FakeDiscord) -> (String, String, u64) {
    let refused = fake.take_violations();
    assert_eq!(refused.len(), 1, "{refused:?}");
    let r = &refused[0];
    (r.method.clone(), r.path.clone(), r.violation.code)
}

fn messages_path() -> String {
    format!("channels/{CHANNEL_ID}/messages")
}

#[tokio::test]
async fn a_message_over_2000_characters_is_refused() {
    let fake = FakeDiscord::start().await;
    let (status, body) = send(
        &fake,
        "POST",
        &messages_path(),
        Some(json!({"content": text(2000)})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(fake.violations().is_empty());
    let (status, body) = send(
        &fake,
        "POST",
        &messages_path(),
        Some(json!({"content": text(2001)})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], 50035);
    assert_eq!(
        body["errors"]["content"]["_errors"][0]["code"],
        "BASE_TYPE_MAX_LENGTH"
    );
    let path = format!("/api/v10/{}", messages_path());
    assert_eq!(one_refusal(&fake), ("POST".into(), path, 50035));
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1, "nothing posted");
}

#[tokio::test]
async fn an_oversized_command_is_refused_at_registration() {
    let fake = FakeDiscord::start().await;
    let path = format!("applications/{APP_ID}/guilds/{GUILD_ID}/commands");
    let (status, _) = send(&fake, "PUT", &path, Some(json!([command_of_size(4000)]))).await;
    assert_eq!(status, 200);
    let (status, body) = send(&fake, "PUT", &path, Some(json!([command_of_size(4001)]))).await;
    assert_eq!(status, 400);
    let error = &body["errors"]["0"]["_errors"][0];
    assert_eq!(error["code"], "APPLICATION_COMMAND_TOO_LARGE", "{body}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("Command exceeds maximum size (4000 characters, got 4001)"),
        "{body}"
    );
    assert_eq!(one_refusal(&fake).2, 50035);
}

#[tokio::test]
async fn an_interaction_is_answered_once() {
    let fake = FakeDiscord::start().await;
    let path = "interactions/77/tok-77/callback";
    let answer = json!({"type": 4, "data": {"content": "hi"}});
    assert_eq!(send(&fake, "POST", path, Some(answer.clone())).await.0, 204);
    let (status, body) = send(&fake, "POST", path, Some(answer)).await;
    assert_eq!(
        (status, body["code"].clone()),
        (400, json!(40060)),
        "{body}"
    );
    assert_eq!(one_refusal(&fake).2, 40060);
    // A refused answer leaves the interaction unanswered.
    let long =
        json!({"type": 8, "data": {"choices": vec![json!({"name": "n", "value": "v"}); 26]}});
    let path = "interactions/78/tok-78/callback";
    let (status, body) = send(&fake, "POST", path, Some(long)).await;
    assert_eq!(status, 400);
    assert!(body["errors"]["data"]["choices"].is_object(), "{body}");
    let short = json!({"type": 8, "data": {"choices": [{"name": "n", "value": "v"}]}});
    assert_eq!(send(&fake, "POST", path, Some(short)).await.0, 204);
    fake.take_violations();
}

/// Puts the bot's reaction `emoji` on `message`; returns the status and Discord's code.
async fn react(fake: &FakeDiscord, method: &str, message: &str, emoji: &str) -> (u16, Value) {
    let path = format!("{}/{message}/reactions/{emoji}/@me", messages_path());
    let (status, body) = send(fake, method, &path, None).await;
    (status, body["code"].clone())
}

#[tokio::test]
async fn at_most_20_distinct_reactions_on_a_message() {
    let fake = FakeDiscord::start().await;
    let (_, posted) = send(
        &fake,
        "POST",
        &messages_path(),
        Some(json!({"content": "offer"})),
    )
    .await;
    let id = posted["id"].as_str().unwrap();
    for i in 0..20 {
        assert_eq!(react(&fake, "PUT", id, &format!("e{i}")).await.0, 204);
    }
    assert_eq!(
        react(&fake, "PUT", id, "e3").await.0,
        204,
        "one already there"
    );
    assert_eq!(react(&fake, "PUT", id, "e20").await, (403, json!(30010)));
    assert_eq!(one_refusal(&fake).2, 30010);
    assert_eq!(react(&fake, "DELETE", id, "e0").await.0, 204);
    assert_eq!(react(&fake, "PUT", id, "e20").await.0, 204, "20 again");
}

#[tokio::test]
async fn an_ephemeral_message_cannot_be_reacted_to() {
    let fake = FakeDiscord::start().await;
    // A deferred ephemeral answer, replaced by its follow-up: that message is ephemeral.
    let defer = json!({"type": 5, "data": {"flags": EPHEMERAL}});
    assert_eq!(
        send(&fake, "POST", "interactions/5/tok-5/callback", Some(defer))
            .await
            .0,
        204
    );
    let followup = json!({"content": "your hand"});
    let hook = format!("webhooks/{APP_ID}/tok-5");
    let (_, private) = send(&fake, "POST", &hook, Some(followup.clone())).await;
    // A second follow-up without the flag is public.
    let (_, public) = send(&fake, "POST", &hook, Some(followup)).await;
    let (private, public) = (
        private["id"].as_str().unwrap(),
        public["id"].as_str().unwrap(),
    );
    assert_eq!(react(&fake, "PUT", public, "e").await.0, 204);
    assert_eq!(react(&fake, "PUT", private, "e").await, (404, json!(10008)));
    assert_eq!(one_refusal(&fake).2, 10008);
}

#[tokio::test]
async fn an_edit_that_empties_a_message_is_refused() {
    let fake = FakeDiscord::start().await;
    let (_, posted) = send(
        &fake,
        "POST",
        &messages_path(),
        Some(json!({"content": "x"})),
    )
    .await;
    let path = format!("{}/{}", messages_path(), posted["id"].as_str().unwrap());
    let (status, body) = send(&fake, "PATCH", &path, Some(json!({"content": ""}))).await;
    assert_eq!((status, body["code"].clone()), (400, json!(50006)));
    assert_eq!(one_refusal(&fake).2, 50006);
    let embed = json!({"content": "", "embeds": [{"title": "t"}]});
    assert_eq!(send(&fake, "PATCH", &path, Some(embed)).await.0, 200);
}

#[tokio::test]
#[should_panic(expected = "Discord would have refused 1 request(s) the bot made")]
async fn a_refusal_nobody_takes_fails_the_test() {
    let fake = FakeDiscord::start().await;
    let empty = json!({"content": ""});
    assert_eq!(
        send(&fake, "POST", &messages_path(), Some(empty)).await.0,
        400
    );
    // The test ends: dropping its last handle on the fake panics.
}

#[tokio::test]
#[should_panic(expected = "POST /api/v10/channels/900000000000000004/messages → ")]
async fn a_refusal_fails_the_next_wait() {
    let fake = FakeDiscord::start().await;
    let long = json!({"content": text(2001)});
    assert_eq!(
        send(&fake, "POST", &messages_path(), Some(long)).await.0,
        400
    );
    fake.wait_for("a later request", |r| r.method == "GET")
        .await;
}
