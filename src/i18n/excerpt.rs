//! What a reply may quote of what a player typed: a short excerpt, never the whole input.
//! Why: a refusal that echoes its input turns a 1 MiB line into a 1 MiB reply (a Matrix
//! message of ~64 KB into as long an answer); the start of it shows what was refused.

/// The most characters a quote of typed text has, its mark `…` included.
pub const EXCERPT_CHARS: usize = 60;

/// `typed` as a reply quotes it: whole if it has at most [`EXCERPT_CHARS`] characters, else
/// its first ones (cut between characters) and `…`. Line breaks and other control characters
/// become spaces, so a quote stays on its line.
pub fn excerpt(typed: &str) -> String {
    let one_line = |c: char| if c.is_control() { ' ' } else { c };
    if typed.chars().nth(EXCERPT_CHARS).is_none() {
        return typed.chars().map(one_line).collect();
    }
    let mut quoted: String = typed
        .chars()
        .take(EXCERPT_CHARS - 1)
        .map(one_line)
        .collect();
    quoted.push('…');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_cut_between_characters() {
        assert_eq!(excerpt("wool"), "wool");
        assert_eq!(excerpt(""), "");
        let sixty = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&sixty), sixty, "exactly the limit: whole");
        let long = "ä".repeat(1 << 20);
        let quoted = excerpt(&long);
        assert_eq!(quoted.chars().count(), EXCERPT_CHARS);
        assert!(quoted.ends_with('…'));
        assert_eq!(quoted, format!("{}…", "ä".repeat(EXCERPT_CHARS - 1)));
        // Characters of four bytes are never split.
        let emoji = excerpt(&"🐑".repeat(100));
        assert!(emoji.starts_with("🐑🐑") && emoji.ends_with('…'), "{emoji}");
    }

    #[test]
    fn line_breaks_become_spaces() {
        assert_eq!(excerpt("a\nb\r\tc"), "a b  c");
    }
}
