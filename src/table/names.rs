//! Player names at a table. A player is addressed three ways, in this order of precedence: a
//! mention (`<@id>`), a seat (`seat 2`, counted from 1 in seat order), or the exact name. So that
//! the three never overlap and every name can be typed back, the table gives each player a
//! *table name* when they sit down ([`table_name`]): printable, bounded, never shaped like a
//! mention or a seat, and unique under [`key`].
//!
//! [`key`] is how two spellings of a name are compared: NFKC (compatibility forms such as
//! full-width letters become plain ones), Unicode full case folding (`Ärger` = `ärger`,
//! `STRASSE` = `straße`), then the same character mapping the command parser applies to a line
//! (`,` `;` → space, `–` `—` → `-`, whitespace runs → one space), without invisible characters
//! and without leading `@`s.
//! Case folding is `unicase`'s (full CaseFolding.txt, already in the dependency tree through
//! serenity); plain `to_lowercase` would keep `ß`/`ss` and final/medial sigma apart.

use unicase::UniCase;
use unicode_normalization::UnicodeNormalization;

use super::reply::UserId;
use crate::i18n::excerpt;

/// Longest table name, in characters (Discord display names have at most 32).
pub const MAX_NAME_CHARS: usize = 32;

/// The comparable form of a name or of typed text (see the module docs).
pub fn key(text: &str) -> String {
    let nfkc: String = text.nfkc().filter(|c| !ignorable(*c)).collect();
    let folded = UniCase::new(nfkc.as_str()).to_folded_case();
    let folded: String = folded.nfkc().map(parser_char).collect();
    folded
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches('@')
        .trim_start()
        .to_string()
}

/// Characters that show nothing (zero-width spaces and joiners, bidi controls, soft hyphens,
/// variation selectors): dropped from names and keys, so `bob` and `bob` + U+200B are one name.
fn ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E0FFF}')
}

/// A typed command line as the parser reads it: NFKC (full-width `ｒｏｌｌ` and `１２` become
/// `roll` and `12`, an ideographic space a space), without invisible characters, and each
/// character mapped by [`parser_char`]. Case is left to the parser, which compares command
/// words case-insensitively and keeps a rules question's text.
pub fn command_text(text: &str) -> String {
    text.nfkc()
        .filter(|c| !ignorable(*c))
        .map(parser_char)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The command parser's view of one character (see `command::parse`).
pub fn parser_char(c: char) -> char {
    match c {
        ',' | ';' => ' ',
        '–' | '—' => '-',
        c => c,
    }
}

/// Typed text that is a mention: `<@123>` or `<@!123>` (the id, if it is a number).
pub fn mention(text: &str) -> Option<Option<UserId>> {
    let inner = text.trim().strip_prefix("<@")?.strip_suffix('>')?;
    Some(inner.trim_start_matches('!').parse().ok())
}

/// Typed text that names a seat: `seat 2` or `seat2` (the digits as typed, counted from 1;
/// `None` when no number follows).
pub fn seat_number(text: &str) -> Option<Option<String>> {
    let k = key(text);
    let rest = k.strip_prefix("seat")?.trim_start();
    if rest.is_empty() {
        return Some(None);
    }
    rest.chars()
        .all(|c| c.is_ascii_digit())
        .then(|| Some(rest.to_string()))
}

/// The 0-based seat that `digits` (a seat number as typed, from 1) names among `count`
/// seats. Checked, never wrapped: `seat 4294967297` is no seat.
fn seat_index(digits: &str, count: usize) -> Option<usize> {
    let n: usize = digits.parse().ok()?;
    (1..=count).contains(&n).then(|| n - 1)
}

/// A name that the parser would read as something else: a mention, a seat, or nothing at all.
/// `seat` alone is reserved too, because a clash suffix would turn it into `seat2`.
fn reserved(name: &str) -> bool {
    let k = key(name);
    k.is_empty() || mention(&k).is_some() || seat_number(&k).is_some()
}

/// The table name for a player whose chat display name is `display`, given the names already
/// taken at the table: control characters dropped, trimmed (also of a trailing `?`, which
/// asks for choices), at most [`MAX_NAME_CHARS`] characters, prefixed with `player ` if it would read as a mention or seat, `player<id>` if
/// nothing usable is left, and a number appended (`bob2`) if it clashes with a taken name.
pub fn table_name(display: &str, user: UserId, taken: &[String]) -> String {
    let cleaned: String = display
        .chars()
        .filter(|c| !ignorable(*c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // A command ending in `?` asks for the choices (`robber C3 ?`), so a name never ends so,
    // not even before what the parser reads as a space (`?,` is `? ` to it).
    // Cut to length first, so the cut cannot leave such an ending.
    let cut: String = cleaned.chars().take(MAX_NAME_CHARS).collect();
    let mut base = cut
        .trim_end_matches(|c: char| c == '?' || parser_char(c).is_whitespace())
        .to_string();
    if key(&base).is_empty() {
        base = format!("player{user}");
    } else if reserved(&base) {
        base = format!("player {base}");
    }
    let taken: Vec<String> = taken.iter().map(|t| key(t)).collect();
    let free = |n: &str| !taken.contains(&key(n));
    if free(&base) {
        return base;
    }
    // At most `taken.len()` candidates clash, so this finds one within that many steps.
    (2..=taken.len() + 2)
        .map(|i| format!("{base}{i}"))
        .find(|n| free(n))
        .unwrap_or_else(|| format!("player{user}"))
}

/// Why typed text did not name a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    NotAPlayer,
    /// The seat number as typed (digits, never wrapped) and how many seats there are.
    NoSuchSeat(String, usize),
    Unknown(String),
}

impl std::fmt::Display for NameError {
    /// The refusal in the current language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            NameError::NotAPlayer => crate::t!("names-not-a-player"),
            NameError::NoSuchSeat(n, count) => {
                crate::t!("names-no-such-seat", seat = excerpt(n), count = *count)
            }
            NameError::Unknown(text) => crate::t!("names-unknown", name = excerpt(text)),
        })
    }
}

impl std::error::Error for NameError {}

/// The seat (0-based) that `text` addresses among `players` (user id and table name, in seat
/// order): a mention, `seat N`, or an exact name under [`key`].
pub fn resolve(text: &str, players: &[(UserId, String)]) -> Result<usize, NameError> {
    if let Some(id) = mention(text) {
        return id
            .and_then(|id| players.iter().position(|(u, _)| *u == id))
            .ok_or(NameError::NotAPlayer);
    }
    if let Some(n) = seat_number(text) {
        let n = n.unwrap_or_default();
        return seat_index(&n, players.len()).ok_or(NameError::NoSuchSeat(n, players.len()));
    }
    let k = key(text);
    players
        .iter()
        .position(|(_, n)| !k.is_empty() && key(n) == k)
        .ok_or_else(|| NameError::Unknown(text.trim().to_string()))
}

/// How a player can be written so that [`resolve`] finds exactly that seat: the name, or
/// `seat N` when the name is ambiguous (only possible for names stored by older versions).
pub fn address(seat: usize, players: &[(UserId, String)]) -> String {
    match players.get(seat) {
        Some((_, name)) if resolve(name, players) == Ok(seat) => name.clone(),
        _ => format!("seat {}", seat + 1),
    }
}

/// `1 alice, 2 bob`: the players with their seat numbers, for refusals.
pub fn roster(players: &[(UserId, String)]) -> String {
    players
        .iter()
        .enumerate()
        .map(|(i, (_, n))| format!("{} {n}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seated(names: &[&str]) -> Vec<(UserId, String)> {
        let mut out: Vec<(UserId, String)> = Vec::new();
        for (i, n) in names.iter().enumerate() {
            let taken: Vec<String> = out.iter().map(|(_, n)| n.clone()).collect();
            out.push((i as u64 + 10, table_name(n, i as u64 + 10, &taken)));
        }
        out
    }

    #[test]
    fn command_text_is_nfkc_without_invisible_characters() {
        assert_eq!(command_text("ｒｏｌｌ"), "roll");
        assert_eq!(
            command_text("ＢＵＩＬＤ\u{3000}ｓｅｔｔｌｅｍｅｎｔ １２"),
            "BUILD settlement 12"
        );
        assert_eq!(command_text(" ro\u{200B}ll "), "roll");
        assert_eq!(
            command_text("discard 2 wool, 1 ore"),
            "discard 2 wool  1 ore"
        );
    }

    #[test]
    fn keys_fold_case_and_compatibility_forms() {
        assert_eq!(key("Ärger"), key("ärger"));
        assert_eq!(key("STRASSE"), key("straße"));
        assert_eq!(key("ΣΑΣ"), key("σας"));
        assert_eq!(key("ＢＯＢ"), key("bob"));
        assert_eq!(key("@bob"), "bob");
        assert_eq!(key("a,b;c–d"), "a b c-d");
        assert_ne!(key("bob"), key("bobby"));
    }

    #[test]
    fn names_are_unique_under_the_key() {
        let p = seated(&["Ärger", "ärger", "ÄRGER"]);
        assert_eq!(p[0].1, "Ärger");
        assert_eq!(p[1].1, "ärger2");
        assert_eq!(p[2].1, "ÄRGER3");
        let p = seated(&["bob", "@bob", "Bob2"]);
        assert_eq!(p[1].1, "@bob2");
        assert_eq!(p[2].1, "Bob22");
    }

    #[test]
    fn reserved_shapes_and_empty_names_are_renamed() {
        assert_eq!(table_name("<@22>", 7, &[]), "player <@22>");
        assert_eq!(table_name("seat 2", 7, &[]), "player seat 2");
        assert_eq!(table_name("Seat", 7, &[]), "player Seat");
        assert_eq!(table_name(" ,; @@ ", 7, &[]), "player7");
        assert_eq!(table_name("  ali\nce ", 7, &[]), "ali ce");
        assert_eq!(table_name(&"x".repeat(100), 7, &[]).chars().count(), 32);
        assert_eq!(table_name("<3 anna", 7, &[]), "<3 anna");
        assert_eq!(table_name("?", 7, &[]), "player7");
        assert_eq!(table_name("bob ? ?", 7, &[]), "bob");
        assert_eq!(table_name("what? me", 7, &[]), "what? me");
        assert_eq!(table_name("A?", 7, &[]), "A");
        assert_eq!(table_name("?,", 7, &[]), "player7");
        assert_eq!(table_name("ann?;,?", 7, &[]), "ann");
        let long = format!("{}? tail", "x".repeat(MAX_NAME_CHARS - 1));
        assert_eq!(table_name(&long, 7, &[]), "x".repeat(MAX_NAME_CHARS - 1));
    }

    #[test]
    fn resolves_mentions_seats_and_exact_names_only() {
        let p = seated(&["alice", "@bob", "x, y"]);
        assert_eq!(resolve("<@11>", &p), Ok(1));
        assert_eq!(resolve("<@!12>", &p), Ok(2));
        assert_eq!(resolve("seat 1", &p), Ok(0));
        assert_eq!(resolve("SEAT3", &p), Ok(2));
        assert_eq!(resolve("bob", &p), Ok(1));
        assert_eq!(resolve("@BOB", &p), Ok(1));
        assert_eq!(resolve("x y", &p), Ok(2));
        assert_eq!(resolve("ali", &p), Err(NameError::Unknown("ali".into())));
        assert_eq!(resolve("<@99>", &p), Err(NameError::NotAPlayer));
        assert_eq!(
            resolve("seat 4", &p),
            Err(NameError::NoSuchSeat("4".into(), 3))
        );
        // Huge seat numbers are refused as typed, never wrapped onto a real seat.
        for huge in [
            "4294967297",
            "18446744073709551617",
            "99999999999999999999999",
        ] {
            assert_eq!(
                resolve(&format!("seat {huge}"), &p),
                Err(NameError::NoSuchSeat(huge.into(), 3))
            );
        }
        assert!(
            NameError::NoSuchSeat("4294967297".into(), 3)
                .to_string()
                .contains("4294967297")
        );
        assert_eq!(roster(&p), "1 alice, 2 @bob, 3 x, y");
    }

    #[test]
    fn legacy_clashing_names_are_addressed_by_seat() {
        let p = vec![(1, "bob".to_string()), (2, "BOB".to_string())];
        assert_eq!(address(0, &p), "bob");
        assert_eq!(address(1, &p), "seat 2");
        assert_eq!(resolve(&address(1, &p), &p), Ok(1));
    }
}
