//! Message limits: content, embeds, attachments, polls, empty messages; and the endpoints
//! that carry messages.

use serde_json::{Value, json};

use super::{assert_refused, edge, text};
use crate::support::limits::messages::{
    MAX_EMBED_TOTAL, MAX_FILE_BYTES, attachments, edit, empty_after_edit, new_message,
};
use crate::support::limits::{Violation, callback, check_request};

fn post(m: Value) -> Result<(), Violation> {
    new_message(&m, &[])
}

/// A message with one embed.
fn embed(e: Value) -> Result<(), Violation> {
    post(json!({"embeds": [e]}))
}

#[test]
fn content_is_at_most_2000_characters() {
    let v = edge(
        2000,
        |n| post(json!({"content": text(n)})),
        "content",
        "BASE_TYPE_MAX_LENGTH",
    );
    assert_eq!(
        v.body(),
        json!({"code": 50035, "message": "Invalid Form Body", "errors": {"content": {"_errors": [
            {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]}}})
    );
    edge(
        2000,
        |n| edit(&json!({"content": text(n)}), &[]),
        "content",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn every_endpoint_that_sends_a_message_checks_it() {
    let long = json!({"content": text(2001)});
    for (method, path) in [
        ("POST", "channels/1/messages"),
        ("PATCH", "channels/1/messages/2"),
        ("POST", "webhooks/1/tok"),
        ("PATCH", "webhooks/1/tok/messages/@original"),
    ] {
        let segments: Vec<&str> = path.split('/').collect();
        let v = check_request(method, &segments, &long, &[]).unwrap_err();
        assert_refused(&v, "content", "BASE_TYPE_MAX_LENGTH");
    }
    for kind in [4, 7] {
        let v = callback(&json!({"type": kind, "data": long}), &[]).unwrap_err();
        assert_refused(&v, "data.content", "BASE_TYPE_MAX_LENGTH");
    }
    assert!(callback(&json!({"type": 5, "data": {"flags": 64}}), &[]).is_ok());
    assert!(callback(&json!({"type": 6}), &[]).is_ok());
}

#[test]
fn at_most_10_embeds() {
    let embeds = |n: usize| post(json!({"embeds": vec![json!({"title": "t"}); n]}));
    edge(10, embeds, "embeds", "BASE_TYPE_MAX_LENGTH");
}

#[test]
fn embed_title_256_description_4096() {
    edge(
        256,
        |n| embed(json!({"title": text(n)})),
        "embeds.0.title",
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        4096,
        |n| embed(json!({"description": text(n)})),
        "embeds.0.description",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn embed_footer_2048_author_256() {
    edge(
        2048,
        |n| embed(json!({"footer": {"text": text(n)}})),
        "embeds.0.footer.text",
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        256,
        |n| embed(json!({"author": {"name": text(n)}})),
        "embeds.0.author.name",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn embed_fields_25_of_name_256_and_value_1024() {
    let field = json!({"name": "n", "value": "v"});
    edge(
        25,
        |n| embed(json!({"fields": vec![field.clone(); n]})),
        "embeds.0.fields",
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        256,
        |n| embed(json!({"fields": [{"name": text(n), "value": "v"}]})),
        "embeds.0.fields.0.name",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        1024,
        |n| embed(json!({"fields": [{"name": "n", "value": text(n)}]})),
        "embeds.0.fields.0.value",
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn all_embeds_together_at_most_6000_characters() {
    // Three embeds: a 4,000-character description, a 1,000-character field, and the rest in
    // the title, author and footer of the last.
    let embeds = |n: usize| {
        let rest = n - 5000;
        post(json!({"embeds": [
            {"description": text(4000)},
            {"fields": [{"name": text(24), "value": text(976)}]},
            {"title": text(100), "author": {"name": text(100)},
             "footer": {"text": text(rest - 200)}},
        ]}))
    };
    let v = edge(MAX_EMBED_TOTAL, embeds, "embeds", "MAX_EMBED_SIZE_EXCEEDED");
    assert!(v.field_message.contains("got 6001"), "{v}");
}

#[test]
fn at_most_10_attachments_of_10_mib_each() {
    let none = json!({"content": "board"});
    edge(
        10,
        |n| attachments(&none, &vec![1; n]),
        "attachments",
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        10,
        |n| attachments(&json!({"attachments": vec![json!({"id": 0}); n]}), &[]),
        "attachments",
        "BASE_TYPE_MAX_LENGTH",
    );
    assert!(new_message(&none, &[MAX_FILE_BYTES, 5]).is_ok());
    let v = new_message(&none, &[5, MAX_FILE_BYTES + 1]).unwrap_err();
    assert_eq!(
        v.body(),
        json!({"code": 40005, "message": "Request entity too large"})
    );
    assert_eq!(v.status, 413);
}

#[test]
fn an_empty_message_is_refused() {
    let empty = json!({"code": 50006, "message": "Cannot send an empty message"});
    for nothing in [
        json!({}),
        json!({"content": ""}),
        json!({"content": "", "embeds": [], "components": [], "flags": 64}),
    ] {
        assert_eq!(post(nothing).unwrap_err().body(), empty);
    }
    assert_eq!(
        callback(&json!({"type": 4, "data": {}}), &[])
            .unwrap_err()
            .body(),
        empty
    );
    let row = json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]);
    for something in [
        json!({"content": "x"}),
        json!({"embeds": [{"title": "t"}]}),
        json!({"components": row}),
        json!({"sticker_ids": ["1"]}),
        json!({"poll": {"question": {"text": "q"}, "answers": [{"poll_media": {"text": "a"}}]}}),
    ] {
        assert!(post(something.clone()).is_ok(), "{something}");
    }
    assert!(new_message(&json!({}), &[1]).is_ok(), "a file alone");
}

#[test]
fn an_edit_may_not_leave_the_message_empty() {
    let current = json!({"content": "x", "embeds": [], "components": [], "attachments": []});
    let refused = |e: Value| empty_after_edit(&e, 0, &current).unwrap_err().code;
    assert_eq!(refused(json!({"content": ""})), 50006);
    assert!(empty_after_edit(&json!({"embeds": []}), 0, &current).is_ok());
    assert!(empty_after_edit(&json!({"content": ""}), 1, &current).is_ok());
    let with_board = json!({"content": "x", "attachments": [{"id": "5"}]});
    assert!(empty_after_edit(&json!({"content": ""}), 0, &with_board).is_ok());
    assert_eq!(
        empty_after_edit(&json!({"content": "", "attachments": []}), 0, &with_board)
            .unwrap_err()
            .code,
        50006
    );
}

/// A poll with `question` and `answers`, lasting `hours`.
fn poll(question: String, answers: Vec<String>, hours: u64) -> Result<(), Violation> {
    let answers: Vec<Value> = answers
        .into_iter()
        .map(|a| json!({"poll_media": {"text": a}}))
        .collect();
    post(json!({"poll": {"question": {"text": question}, "answers": answers, "duration": hours}}))
}

#[test]
fn poll_question_300_and_1_to_10_answers_of_55() {
    let a = || vec!["a".to_string()];
    edge(
        300,
        |n| poll(text(n), a(), 24),
        "poll.question.text",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        10,
        |n| poll("q".into(), vec!["a".into(); n], 24),
        "poll.answers",
        "BASE_TYPE_MAX_LENGTH",
    );
    assert_refused(
        &poll("q".into(), vec![], 24).unwrap_err(),
        "poll.answers",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        55,
        |n| poll("q".into(), vec![text(n)], 24),
        "poll.answers.0.poll_media.text",
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn poll_lasts_1_to_768_hours() {
    let q = || "q".to_string();
    let a = || vec!["a".to_string()];
    edge(
        768,
        |h| poll(q(), a(), h as u64),
        "poll.duration",
        "NUMBER_TYPE_MAX",
    );
    assert!(poll(q(), a(), 1).is_ok());
    assert_refused(
        &poll(q(), a(), 0).unwrap_err(),
        "poll.duration",
        "NUMBER_TYPE_MAX",
    );
}
