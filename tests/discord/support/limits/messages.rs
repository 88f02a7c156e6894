//! Messages: content, embeds, attachments, polls, and the empty message Discord refuses.

use serde_json::Value;

use super::{Violation, chars, components, items, len_between, max_len};

pub const MAX_CONTENT: usize = 2000;
pub const MAX_EMBEDS: usize = 10;
/// All embeds of one message together.
pub const MAX_EMBED_TOTAL: usize = 6000;
pub const MAX_FILES: usize = 10;
/// Per file, for a bot without boosts.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// A new message (channel post, follow-up, interaction response): its fields, files, and that
/// it shows something.
pub fn new_message(m: &Value, files: &[usize]) -> Result<(), Violation> {
    fields(m, files)?;
    if shows_nothing(m, files.len()) {
        return Err(empty());
    }
    Ok(())
}

/// An edit: the fields it sends. (Whether the edited message still shows something depends on
/// the message: [`empty_after_edit`].)
pub fn edit(m: &Value, files: &[usize]) -> Result<(), Violation> {
    fields(m, files)
}

/// Discord's 50006: a message with no content, embeds, attachments, components, poll or
/// stickers.
pub fn empty() -> Violation {
    Violation::plain(400, 50006, "Cannot send an empty message")
}

/// Whether `m` (with `files` new files) has nothing a message can show.
pub fn shows_nothing(m: &Value, files: usize) -> bool {
    let blank = |key: &str| match &m[key] {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    };
    files == 0
        && [
            "content",
            "embeds",
            "attachments",
            "components",
            "sticker_ids",
        ]
        .into_iter()
        .all(blank)
        && m["poll"].is_null()
}

/// Refuses an edit that would leave `current` (the message as it is, its JSON) showing
/// nothing: each field the edit sends replaces the old one.
pub fn empty_after_edit(edit: &Value, files: usize, current: &Value) -> Result<(), Violation> {
    let mut after = current.clone();
    for key in ["content", "embeds", "attachments", "components"] {
        if let Some(sent) = edit.get(key) {
            after[key] = sent.clone();
        }
    }
    if shows_nothing(&after, files) {
        return Err(empty());
    }
    Ok(())
}

fn fields(m: &Value, files: &[usize]) -> Result<(), Violation> {
    max_len(m, "content", MAX_CONTENT)?;
    embeds(m)?;
    attachments(m, files)?;
    components::components(m)?;
    if !m["poll"].is_null() {
        poll(&m["poll"]).map_err(|v| v.under("poll"))?;
    }
    Ok(())
}

/// The `embeds` of `m`: each within its fields' limits, all together within 6,000 characters.
pub fn embeds(m: &Value) -> Result<(), Violation> {
    let list = items(m, "embeds", MAX_EMBEDS)?;
    let mut total = 0;
    for (i, e) in list.iter().enumerate() {
        total += embed(e).map_err(|v| v.under(i).under("embeds"))?;
    }
    if total > MAX_EMBED_TOTAL {
        return Err(Violation::field(
            &["embeds"],
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {MAX_EMBED_TOTAL} (got {total})"),
        ));
    }
    Ok(())
}

/// One embed's limits; returns the characters it counts toward the message's total.
fn embed(e: &Value) -> Result<usize, Violation> {
    max_len(e, "title", 256)?;
    max_len(e, "description", 4096)?;
    max_len(&e["footer"], "text", 2048).map_err(|v| v.under("footer"))?;
    max_len(&e["author"], "name", 256).map_err(|v| v.under("author"))?;
    let fields = items(e, "fields", 25)?;
    let mut total = chars(e, "title")
        + chars(e, "description")
        + chars(&e["footer"], "text")
        + chars(&e["author"], "name");
    for (i, f) in fields.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("fields");
        len_between(f, "name", 1, 256).map_err(within)?;
        len_between(f, "value", 1, 1024).map_err(within)?;
        total += chars(f, "name") + chars(f, "value");
    }
    Ok(total)
}

/// At most 10 attachments (the files sent, and the `attachments` list), each at most 10 MiB.
pub fn attachments(m: &Value, files: &[usize]) -> Result<(), Violation> {
    items(m, "attachments", MAX_FILES)?;
    if files.len() > MAX_FILES {
        return Err(Violation::field(
            &["attachments"],
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_FILES} or fewer in length."),
        ));
    }
    if files.iter().any(|&bytes| bytes > MAX_FILE_BYTES) {
        return Err(Violation::plain(413, 40005, "Request entity too large"));
    }
    Ok(())
}

/// A poll: question ≤ 300, 1–10 answers of ≤ 55 characters, 1–768 hours.
pub fn poll(p: &Value) -> Result<(), Violation> {
    len_between(&p["question"], "text", 1, 300).map_err(|v| v.under("question"))?;
    let answers = items(p, "answers", 10)?;
    if answers.is_empty() {
        return Err(Violation::field(
            &["answers"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 10 in length.",
        ));
    }
    for (i, a) in answers.iter().enumerate() {
        len_between(&a["poll_media"], "text", 1, 55)
            .map_err(|v| v.under("poll_media").under(i).under("answers"))?;
    }
    if let Some(hours) = p.get("duration").and_then(Value::as_u64)
        && !(1..=768).contains(&hours)
    {
        return Err(Violation::field(
            &["duration"],
            "NUMBER_TYPE_MAX",
            "int value should be between 1 and 768.",
        ));
    }
    Ok(())
}
