//! Turns a platform-neutral [`Reply`] into the pieces of a Discord message: text split to
//! Discord's length limit, the board PNG as an embedded attachment, buttons in action rows,
//! and pings limited to the users the table named (so a player called "@everyone" pings no one).

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
    UserId,
};

use super::hints::discord_hints_line;
use crate::table::{Attachment, Button, Menu, Reply, ReplyKind};

/// Discord refuses message contents longer than this many characters.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// Discord allows 5 rows of 5 buttons (4 rows when a select menu takes one).
const MAX_BUTTONS: usize = 25;
/// File name of the board attachment; the embed refers to it.
pub const BOARD_FILE: &str = "board.png";
/// custom_id of the "My hand" button the adapter adds to turn messages that lack one; the
/// event handler answers it with the `hand` command.
pub const HAND_BUTTON_ID: &str = "catan:hand";

/// One Discord message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub content: String,
    pub png: Option<Vec<u8>>,
    /// Other files (a game's public record, the summary's dice chart).
    pub files: Vec<Attachment>,
    pub buttons: Vec<Button>,
    pub menu: Option<Menu>,
    pub mentions: Vec<u64>,
}

impl Outgoing {
    /// A plain text message.
    pub fn text(content: impl Into<String>) -> Outgoing {
        Outgoing {
            content: content.into(),
            png: None,
            files: vec![],
            buttons: vec![],
            menu: None,
            mentions: vec![],
        }
    }
}

/// The messages for one reply, with its picture already drawn (`png`): long texts are split
/// on line boundaries; hints go under the text; the picture, buttons, menu and pings go with
/// the last part, so they stay together under the complete text.
pub fn outgoing(reply: &Reply, png: Option<Vec<u8>>) -> Vec<Outgoing> {
    // Our words around the table's text are in the reply's language.
    let _lang = crate::i18n::scope(reply.lang);
    let mut text = reply.text.clone();
    if let Some(line) = discord_hints_line(&reply.hints) {
        text = format!("{text}\n{line}");
    }
    if let Some(deadline) = reply.deadline_ms {
        // Discord shows `<t:…:R>` as "in 4 minutes", live, in each reader's own time zone.
        let timer = crate::t!("dc-turn-timer", at = format!("<t:{}:R>", deadline / 1000));
        text = format!("{text}\n{timer}");
    }
    let missing: Vec<String> = reply
        .mention
        .iter()
        .map(|u| format!("<@{u}>"))
        .filter(|m| !text.contains(m.as_str()))
        .collect();
    if !missing.is_empty() {
        text = format!("{} {text}", missing.join(" "));
    }
    let mut buttons = reply.buttons.clone();
    if reply.kind == ReplyKind::TurnStart && !buttons.iter().any(|b| is_hand_button(&b.id)) {
        buttons.push(Button {
            id: HAND_BUTTON_ID.to_string(),
            label: crate::t!("dc-my-hand"),
        });
    }
    buttons.truncate(MAX_BUTTONS - if reply.menu.is_some() { 5 } else { 0 });
    let mut parts: Vec<Outgoing> = split_text(&text, MAX_CONTENT_CHARS)
        .into_iter()
        .map(Outgoing::text)
        .collect();
    if let Some(last) = parts.last_mut() {
        last.png = png;
        last.files = reply.file.iter().cloned().collect();
        if let ReplyKind::GameEnd {
            dice_chart: Some(chart),
            ..
        } = &reply.kind
        {
            last.files.push(Attachment {
                name: "dice.png".into(),
                bytes: chart.clone(),
            });
        }
        if let ReplyKind::GameEnd {
            timeline_chart: Some(chart),
            ..
        } = &reply.kind
        {
            last.files.push(Attachment {
                name: "timeline.png".into(),
                bytes: chart.clone(),
            });
        }
        last.buttons = buttons;
        last.menu = reply.menu.clone();
        last.mentions = reply.mention.clone();
    }
    parts
}

/// Whether a button shows the presser's hand (ours, or one the table made).
pub fn is_hand_button(id: &str) -> bool {
    id == HAND_BUTTON_ID || id.split(':').nth(2) == Some("hand")
}

/// Splits `text` into pieces of at most `limit` characters, preferring line breaks. Always
/// returns at least one piece (Discord needs content or an attachment; we keep text).
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        let mut line = line;
        while line.chars().count() > limit {
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
            }
            let cut = line
                .char_indices()
                .nth(limit)
                .map_or(line.len(), |(i, _)| i);
            parts.push(line[..cut].to_string());
            line = &line[cut..];
        }
        if current.chars().count() + line.chars().count() > limit {
            parts.push(std::mem::take(&mut current));
        }
        current.push_str(line);
    }
    if !current.is_empty() || parts.is_empty() {
        parts.push(current);
    }
    parts
        .into_iter()
        .map(|p| {
            let trimmed = p.trim_end_matches('\n');
            if trimmed.is_empty() {
                "\u{200b}".to_string()
            } else {
                trimmed.to_string()
            }
        })
        .collect()
}

/// Buttons five to a row, then the select menu (if any) in a row of its own.
fn action_rows(o: &Outgoing) -> Vec<CreateActionRow> {
    let mut rows = button_rows(&o.buttons);
    if let Some(menu) = &o.menu {
        rows.push(select_row(menu));
    }
    rows
}

fn select_row(menu: &Menu) -> CreateActionRow {
    let options: Vec<CreateSelectMenuOption> = menu
        .options
        .iter()
        .map(|o| {
            let mut option = CreateSelectMenuOption::new(truncate(&o.label, 100), o.value.clone());
            if !o.description.is_empty() {
                option = option.description(truncate(&o.description, 100));
            }
            option
        })
        .collect();
    let pick = u8::try_from(menu.options.len())
        .unwrap_or(u8::MAX)
        .min(menu.pick.max(1));
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(menu.id.clone(), CreateSelectMenuKind::String { options })
            .placeholder(truncate(&menu.placeholder, 150))
            .min_values(pick)
            .max_values(pick),
    )
}

fn button_rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    buttons
        .chunks(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        let style = if is_hand_button(&b.id) {
                            ButtonStyle::Secondary
                        } else {
                            ButtonStyle::Primary
                        };
                        CreateButton::new(b.id.clone())
                            .label(truncate(&b.label, 80))
                            .style(style)
                    })
                    .collect(),
            )
        })
        .collect()
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

fn allowed_mentions(users: &[u64]) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(users.iter().map(|&u| UserId::new(u.max(1))))
}

fn board_embed() -> CreateEmbed {
    CreateEmbed::new().image(format!("attachment://{BOARD_FILE}"))
}

fn board_file(png: &[u8]) -> CreateAttachment {
    CreateAttachment::bytes(png.to_vec(), BOARD_FILE)
}

fn other_file(f: &Attachment) -> CreateAttachment {
    CreateAttachment::bytes(f.bytes.clone(), f.name.clone())
}

/// A new channel message (bot token; the only way to get a message id back and edit it later).
pub fn create_message(o: &Outgoing) -> CreateMessage {
    let mut m = CreateMessage::new()
        .content(o.content.clone())
        .allowed_mentions(allowed_mentions(&o.mentions))
        .components(action_rows(o));
    if let Some(png) = &o.png {
        m = m.add_file(board_file(png)).embed(board_embed());
    }
    for f in &o.files {
        m = m.add_file(other_file(f));
    }
    m
}

/// The first answer to an interaction.
pub fn response_message(o: &Outgoing, ephemeral: bool) -> CreateInteractionResponseMessage {
    let mut m = CreateInteractionResponseMessage::new()
        .content(o.content.clone())
        .ephemeral(ephemeral)
        .allowed_mentions(allowed_mentions(&o.mentions))
        .components(action_rows(o));
    if let Some(png) = &o.png {
        m = m.add_file(board_file(png)).embed(board_embed());
    }
    for f in &o.files {
        m = m.add_file(other_file(f));
    }
    m
}

/// A further answer to an interaction (within its 15-minute token lifetime).
pub fn followup_message(o: &Outgoing, ephemeral: bool) -> CreateInteractionResponseFollowup {
    let mut m = CreateInteractionResponseFollowup::new()
        .content(o.content.clone())
        .ephemeral(ephemeral)
        .allowed_mentions(allowed_mentions(&o.mentions))
        .components(action_rows(o));
    if let Some(png) = &o.png {
        m = m.add_file(board_file(png)).embed(board_embed());
    }
    for f in &o.files {
        m = m.add_file(other_file(f));
    }
    m
}

/// An edit of a message posted earlier with the bot token (re-attaching any picture, which an
/// edit would otherwise drop).
pub fn edit_message(o: &Outgoing) -> EditMessage {
    let mut m = EditMessage::new()
        .content(o.content.clone())
        .allowed_mentions(allowed_mentions(&o.mentions))
        .components(action_rows(o));
    if let Some(png) = &o.png {
        m = m.new_attachment(board_file(png)).embed(board_embed());
    }
    for f in &o.files {
        m = m.new_attachment(other_file(f));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(text: &str) -> Reply {
        Reply::public(1, text)
    }

    #[test]
    fn short_text_is_one_part() {
        assert_eq!(split_text("hello\nworld", 2000), vec!["hello\nworld"]);
        assert_eq!(split_text("", 2000), vec!["\u{200b}"]);
    }

    #[test]
    fn long_text_splits_on_lines_within_limit() {
        let text = (0..300)
            .map(|i| format!("line number {i}"))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = split_text(&text, 2000);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.join("\n"), text);
    }

    #[test]
    fn one_huge_line_is_cut() {
        let text = "é".repeat(4500);
        let parts = split_text(&text, 2000);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.concat(), text);
    }

    #[test]
    fn picture_buttons_and_pings_go_on_the_last_part() {
        let mut r = reply(&"x\n".repeat(1500));
        r.kind = ReplyKind::TurnStart;
        r.mention = vec![42];
        r.buttons = vec![Button {
            id: "catan:1:roll:3".into(),
            label: "Roll".into(),
        }];
        let parts = outgoing(&r, Some(vec![1, 2, 3]));
        assert_eq!(parts.len(), 2);
        assert!(parts[0].png.is_none() && parts[0].buttons.is_empty());
        assert!(parts[0].content.starts_with("<@42> "));
        assert_eq!(parts[1].png, Some(vec![1, 2, 3]));
        assert_eq!(parts[1].mentions, vec![42]);
        let ids: Vec<&str> = parts[1].buttons.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, vec!["catan:1:roll:3", HAND_BUTTON_ID]);
    }

    #[test]
    fn turn_start_keeps_the_tables_own_hand_button() {
        let mut r = reply("your turn <@7>");
        r.kind = ReplyKind::TurnStart;
        r.mention = vec![7];
        r.buttons = vec![Button {
            id: "catan:1:hand:3".into(),
            label: "My hand".into(),
        }];
        let parts = outgoing(&r, None);
        assert_eq!(parts[0].buttons.len(), 1);
        assert_eq!(parts[0].content, "your turn <@7>", "no duplicate ping");
    }

    #[test]
    fn ordinary_messages_get_no_extra_button() {
        let parts = outgoing(&reply("hi"), None);
        assert!(parts[0].buttons.is_empty());
    }
}
