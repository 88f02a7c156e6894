//! How the table's replies read in a Matrix room: `m.notice` text with a plain `body` and an
//! HTML `formatted_body`, players pinged with real mentions (`m.mentions`, a pill in the HTML,
//! their display name in the plain `body` that notifications show), and hints in Matrix's own
//! terms (reactions on the turn message, `!catan …` commands for the rest).

use crate::table::typed_hints::typed_hint;
use crate::table::{Hint, Reply, TurnControl};

use super::client::Text;

/// The command prefix players type (Element keeps a leading `/` for itself).
pub const PREFIX: &str = "!catan";

/// Reactions on the live turn message and the control each one stands for.
pub const TURN_REACTIONS: [(&str, TurnControl); 4] = [
    ("🎲", TurnControl::Roll),
    ("🛒", TurnControl::BuyCard),
    ("✅", TurnControl::EndTurn),
    ("🃏", TurnControl::Hand),
];

/// The reactions a turn message gets: all four in a regular turn (the message lives through
/// the roll, the builds and the end); in the setup, or while the game waits for a discard or
/// the robber, only 🃏: rolling, buying and ending are impossible then.
pub fn turn_reactions(reply: &Reply) -> Vec<&'static str> {
    let regular_turn = reply.hints.iter().any(|h| {
        matches!(
            h,
            Hint::Roll | Hint::Build | Hint::BuyCard | Hint::EndTurn | Hint::Trade
        )
    });
    TURN_REACTIONS
        .iter()
        .filter(|(_, control)| regular_turn || *control == TurnControl::Hand)
        .map(|(emoji, _)| *emoji)
        .collect()
}

/// The control a reaction on the turn message stands for.
pub fn turn_reaction_control(key: &str) -> Option<TurnControl> {
    let key = key.trim_end_matches('\u{fe0f}');
    TURN_REACTIONS
        .iter()
        .find(|(emoji, _)| *emoji == key)
        .map(|(_, control)| *control)
}

/// How one hint reads on Matrix. On the turn message the common actions are its reactions.
fn hint(h: &Hint, on_turn_message: bool) -> String {
    let typed = typed_hint(h, &format!("{PREFIX} "));
    let reaction = match h {
        Hint::Roll => Some("🎲"),
        Hint::BuyCard => Some("🛒"),
        Hint::EndTurn => Some("✅"),
        Hint::Hand => Some("🃏"),
        _ => None,
    };
    match (reaction, h) {
        (Some(emoji), _) if on_turn_message => {
            crate::t!("mx-react-or-type", emoji = emoji, typed = typed)
        }
        (_, Hint::AnswerOffer { .. }) => crate::t!("mx-answer-offer", typed = typed),
        _ => typed,
    }
}

/// A user a message pings: their Matrix id and the name a reader knows them by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    /// `@carol:example.org`
    pub user_id: String,
    /// Their display name in the room (else the id's local part): what the `body` shows, so
    /// a notification reads "carol", not a raw id.
    pub name: String,
}

/// A reply as Matrix text. `mentions` are the users of `reply.mention`; `notify`: see
/// [`Text::notify`].
pub fn reply_text(
    reply: &Reply,
    mentions: &[Mention],
    on_turn_message: bool,
    notify: bool,
) -> Text {
    // Our words around the table's text are in the reply's language.
    let _lang = crate::i18n::scope(reply.lang);
    let mut plain = String::new();
    let mut html = String::new();
    if !mentions.is_empty() {
        let pills: Vec<String> = mentions.iter().map(pill).collect();
        let names: Vec<&str> = mentions.iter().map(|m| m.name.as_str()).collect();
        plain.push_str(&names.join(" "));
        plain.push('\n');
        html.push_str(&pills.join(" "));
        html.push_str("<br>");
    }
    plain.push_str(&reply.text.replace("**", ""));
    html.push_str(&markdown_to_html(&reply.text));
    if !reply.hints.is_empty() {
        let parts: Vec<String> = reply
            .hints
            .iter()
            .map(|h| hint(h, on_turn_message))
            .collect();
        let line = format!("→ {}", parts.join(" · "));
        plain.push('\n');
        plain.push_str(&line);
        html.push_str("<br>");
        html.push_str(&markdown_to_html(&line));
    }
    if let Some(deadline) = reply.deadline_ms {
        let secs = deadline / 1000;
        let at = format!("{:02}:{:02}", secs / 3600 % 24, secs / 60 % 60);
        let line = crate::t!("mx-turn-timer", at = at);
        plain.push('\n');
        plain.push_str(&line);
        html.push_str("<br>");
        html.push_str(&escape(&line));
    }
    Text {
        plain,
        html,
        mentions: mentions.iter().map(|m| m.user_id.clone()).collect(),
        notify,
    }
}

/// Plain text as a notice (help, errors of the adapter itself).
pub fn text(markdown: &str) -> Text {
    Text {
        plain: markdown.replace("**", ""),
        html: markdown_to_html(markdown),
        mentions: Vec::new(),
        notify: false,
    }
}

/// A mention pill: a matrix.to link to the user, showing their name (Element draws it as a
/// pill with their avatar).
fn pill(mention: &Mention) -> String {
    format!(
        "<a href=\"https://matrix.to/#/{}\">{}</a>",
        escape(&mention.user_id),
        escape(&mention.name)
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The table's light markdown (`**bold**`, `` `code` ``, line breaks) as HTML, everything
/// else escaped.
fn markdown_to_html(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        let mut bold = false;
        for (j, piece) in line.split('`').enumerate() {
            if j % 2 == 1 {
                out.push_str("<code>");
                out.push_str(&escape(piece));
                out.push_str("</code>");
                continue;
            }
            for (k, part) in piece.split("**").enumerate() {
                if k > 0 {
                    out.push_str(if bold { "</b>" } else { "<b>" });
                    bold = !bold;
                }
                out.push_str(&escape(part));
            }
        }
        if bold {
            out.push_str("</b>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_escaped_html() {
        assert_eq!(
            markdown_to_html("**alice** builds <road>\ntype `!catan roll`"),
            "<b>alice</b> builds &lt;road&gt;<br>type <code>!catan roll</code>"
        );
        assert_eq!(markdown_to_html("**open"), "<b>open</b>");
    }

    #[test]
    fn hints_name_reactions_only_on_the_turn_message_and_never_discord_or_console_words() {
        let reply = Reply::public(1, "alice's turn").with_hints(vec![
            Hint::Roll,
            Hint::PlayCard,
            Hint::AnswerOffer { offer: 2 },
        ]);
        let on_turn = reply_text(&reply, &[mention("@alice:hs", "Alice")], true, true);
        assert!(
            on_turn.plain.contains("🎲 or `!catan roll`"),
            "{}",
            on_turn.plain
        );
        assert!(on_turn.plain.contains("`!catan play <card> …`"));
        assert!(on_turn.plain.contains("react ✅ / ❌ on the offer"));
        assert!(on_turn.html.contains("https://matrix.to/#/@alice:hs"));
        let elsewhere = reply_text(&reply, &[], false, false);
        assert!(!elsewhere.plain.contains("🎲"));
        for text in [&on_turn.plain, &elsewhere.plain] {
            assert!(
                !text.contains("/catan") && !text.contains("button"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_setup_or_discard_turn_message_offers_only_the_hand_reaction() {
        let mut setup = Reply::public(1, "place your settlement");
        setup.hints = vec![
            Hint::PlaceSettlement {
                examples: Vec::new(),
            },
            Hint::Hand,
        ];
        assert_eq!(turn_reactions(&setup), ["🃏"]);
        let mut discard = Reply::public(1, "discard");
        discard.hints = vec![Hint::Discard];
        assert_eq!(turn_reactions(&discard), ["🃏"]);
        let mut turn = Reply::public(1, "your turn");
        turn.hints = vec![Hint::Roll, Hint::PlayCard];
        assert_eq!(turn_reactions(&turn), ["🎲", "🛒", "✅", "🃏"]);
    }

    fn mention(user_id: &str, name: &str) -> Mention {
        Mention {
            user_id: user_id.into(),
            name: name.into(),
        }
    }

    #[test]
    fn a_mention_is_real_a_pill_in_html_and_the_name_in_the_body() {
        let reply = Reply::public(1, "**Carol** places a settlement");
        let text = reply_text(
            &reply,
            &[
                mention("@carol:localhost", "Carol <C>"),
                mention("@dave:localhost", "dave"),
            ],
            true,
            true,
        );
        assert_eq!(text.mentions, ["@carol:localhost", "@dave:localhost"]);
        assert!(
            text.html.starts_with(
                "<a href=\"https://matrix.to/#/@carol:localhost\">Carol &lt;C&gt;</a> \
                 <a href=\"https://matrix.to/#/@dave:localhost\">dave</a><br>"
            ),
            "{}",
            text.html
        );
        assert!(text.plain.starts_with("Carol <C> dave\n"), "{}", text.plain);
        assert!(!text.plain.contains("@carol:localhost"), "{}", text.plain);
        assert!(!text.plain.contains(":localhost"), "{}", text.plain);
        let quiet = reply_text(&reply, &[], true, false);
        assert!(quiet.mentions.is_empty());
        assert!(!quiet.html.contains("matrix.to"));
    }

    #[test]
    fn turn_reactions_map_to_commands_with_or_without_the_emoji_selector() {
        assert_eq!(turn_reaction_control("🎲"), Some(TurnControl::Roll));
        assert_eq!(
            turn_reaction_control("✅\u{fe0f}"),
            Some(TurnControl::EndTurn)
        );
        assert_eq!(turn_reaction_control("👍"), None);
    }
}
