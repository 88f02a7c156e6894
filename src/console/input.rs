//! Reading console lines ([`LineReader`]: bytes in, bounded, never fatal) and what a line
//! means: `name: command`, `as name`, a plain command for the player chosen with `as` (or for
//! nobody in particular), a comment, or `quit`.

use std::io::{self, BufRead};

use crate::table::command::{self, Command, ParseError};

/// The longest line read, in bytes; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 4096;

/// A line that was skipped, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Skipped {
    #[error("longer than {MAX_LINE} bytes")]
    TooLong,
    #[error("not valid UTF-8 text")]
    NotUtf8,
}

/// Reads lines as bytes: a line longer than [`MAX_LINE`] is skipped up to its end without
/// keeping it (memory stays bounded whatever arrives), invalid UTF-8 is skipped too; both are
/// reported instead of ending the session.
pub struct LineReader<R> {
    inner: R,
    line: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner,
            line: Vec::with_capacity(MAX_LINE),
        }
    }

    /// The next line without its line ending, `Err` if it was skipped, `None` at the end.
    pub fn next_line(&mut self) -> io::Result<Option<Result<String, Skipped>>> {
        self.line.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..newline.unwrap_or(available.len())];
            if !too_long {
                if self.line.len() + chunk.len() > MAX_LINE {
                    too_long = true;
                    self.line.clear();
                } else {
                    self.line.extend_from_slice(chunk);
                }
            }
            let used = newline.map_or(available.len(), |i| i + 1);
            self.inner.consume(used);
            if newline.is_some() {
                break;
            }
        }
        if too_long {
            return Ok(Some(Err(Skipped::TooLong)));
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Ok(Some(
            std::str::from_utf8(&self.line)
                .map(str::to_string)
                .map_err(|_| Skipped::NotUtf8),
        ))
    }
}

/// Why an input line was not given to the table, as `--acks` says it: `nack <line> <word>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nack {
    /// An empty line or a `#` comment.
    Blank,
    /// Longer than [`MAX_LINE`] bytes.
    TooLong,
    /// Not valid UTF-8.
    NotUtf8,
    /// `name: ...` or `as name` with a name that is not playing.
    UnknownPlayer,
    /// A command without a name that must say whose it is.
    Whose,
}

impl Nack {
    /// The fixed word scripts read (never translated).
    pub fn word(self) -> &'static str {
        match self {
            Nack::Blank => "blank",
            Nack::TooLong => "too-long",
            Nack::NotUtf8 => "not-utf8",
            Nack::UnknownPlayer => "unknown-player",
            Nack::Whose => "whose",
        }
    }
}

impl From<&Skipped> for Nack {
    fn from(s: &Skipped) -> Nack {
        match s {
            Skipped::TooLong => Nack::TooLong,
            Skipped::NotUtf8 => Nack::NotUtf8,
        }
    }
}

/// One input line, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Blank,
    Quit,
    /// `as bob`: later plain commands are bob's.
    Switch(usize),
    /// `name: ...` with a name that is not playing.
    UnknownPlayer(String),
    /// A command for `player` (index), or without a name.
    Command {
        player: Option<usize>,
        text: String,
    },
}

/// Checks the `--players` list: 2–6 distinct, non-empty names without `:`.
pub fn player_names(raw: &[String], bots: u8) -> anyhow::Result<Vec<String>> {
    let names: Vec<String> = raw.iter().map(|n| n.trim().to_string()).collect();
    let seats = names.len() + bots as usize;
    if names.is_empty() || !(2..=6).contains(&seats) {
        anyhow::bail!(
            "--players and --bots need 2 to 6 seats with at least one player, e.g. --players \
             alice,bob,carol or --players alice --bots 3"
        );
    }
    for (i, n) in names.iter().enumerate() {
        if n.is_empty() || n.contains(':') || n.contains(char::is_whitespace) {
            anyhow::bail!("player name `{n}` must be one word without `:`");
        }
        if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
            anyhow::bail!("player name `{n}` appears twice");
        }
    }
    Ok(names)
}

/// Whether a command typed without `name:` must say whose it is: anything a player does or
/// asks about themselves. What every player may see (`help`, `rules`, `status`, `stats`,
/// `board`, `log`) and lines refused whoever types them need no name.
pub fn needs_player(text: &str) -> bool {
    match command::parse(text, None) {
        Ok(
            Command::Help
            | Command::Rules(_)
            | Command::Status
            | Command::Stats
            | Command::Board
            | Command::Log
            | Command::Leaderboard(_)
            | Command::Profile(_)
            | Command::SeasonNew,
        ) => false,
        Ok(_) | Err(ParseError::NoGame) => true,
        Err(_) => false,
    }
}

/// Whether `text` asks for the command list (the console adds its own lines to it).
pub fn is_help(text: &str) -> bool {
    matches!(command::parse(text, None), Ok(Command::Help))
}

fn find(players: &[String], name: &str) -> Option<usize> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(name.trim()))
}

pub fn parse_line(line: &str, players: &[String]) -> Line {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Line::Blank;
    }
    // English and German words (`schluss`, `als bob`): neither is a table command.
    if ["quit", "exit", "schluss"]
        .iter()
        .any(|w| t.eq_ignore_ascii_case(w))
    {
        return Line::Quit;
    }
    if let Some(rest) = t.strip_prefix("as ").or_else(|| t.strip_prefix("als ")) {
        let rest = rest.trim();
        if !rest.contains(char::is_whitespace) {
            return match find(players, rest) {
                Some(i) => Line::Switch(i),
                None => Line::UnknownPlayer(rest.to_string()),
            };
        }
    }
    if let Some((who, cmd)) = t.split_once(':') {
        let who = who.trim();
        // `<@12>`-style mentions have no `:`, so a one-word prefix is a player name.
        if !who.is_empty() && !who.contains(char::is_whitespace) {
            return match find(players, who) {
                Some(i) => Line::Command {
                    player: Some(i),
                    text: cmd.trim().to_string(),
                },
                None => Line::UnknownPlayer(who.to_string()),
            };
        }
    }
    Line::Command {
        player: None,
        text: t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<String> {
        vec!["alice".into(), "bob".into()]
    }

    #[test]
    fn lines() {
        let p = players();
        assert_eq!(
            parse_line("bob: build road 8-13", &p),
            Line::Command {
                player: Some(1),
                text: "build road 8-13".into()
            }
        );
        assert_eq!(parse_line("  as Alice ", &p), Line::Switch(0));
        assert_eq!(
            parse_line("roll", &p),
            Line::Command {
                player: None,
                text: "roll".into()
            }
        );
        assert_eq!(parse_line("# comment", &p), Line::Blank);
        assert_eq!(parse_line("", &p), Line::Blank);
        assert_eq!(parse_line("quit", &p), Line::Quit);
        assert_eq!(parse_line("Schluss", &p), Line::Quit);
        assert_eq!(parse_line("als bob", &p), parse_line("as bob", &p));
        assert_eq!(
            parse_line("zed: roll", &p),
            Line::UnknownPlayer("zed".into())
        );
        assert_eq!(parse_line("as zed", &p), Line::UnknownPlayer("zed".into()));
    }

    fn read_all(bytes: &[u8]) -> Vec<Result<String, Skipped>> {
        // A small buffer, so lines arrive in several pieces.
        let mut reader = LineReader::new(std::io::BufReader::with_capacity(7, bytes));
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().expect("in-memory reads do not fail") {
            lines.push(line);
        }
        lines
    }

    #[test]
    fn lines_are_read_as_bytes() {
        assert_eq!(
            read_all(b"roll\r\nbob: end\n\nlast"),
            vec![
                Ok("roll".to_string()),
                Ok("bob: end".into()),
                Ok(String::new()),
                Ok("last".into())
            ]
        );
        assert_eq!(read_all(b""), vec![]);
        assert_eq!(
            read_all(b"r\xffoll\n\xc3\nend\n\xc3\xa4rger\n"),
            vec![
                Err(Skipped::NotUtf8),
                Err(Skipped::NotUtf8),
                Ok("end".into()),
                Ok("ärger".into())
            ]
        );
    }

    #[test]
    fn long_lines_are_skipped_to_their_end_in_bounded_memory() {
        let mut input = vec![b'x'; MAX_LINE];
        input.push(b'\n');
        input.extend(std::iter::repeat_n(b'y', 10 * 1024 * 1024));
        input.extend_from_slice(b"\nroll\n");
        input.extend(std::iter::repeat_n(b'z', MAX_LINE + 1)); // no newline at the end
        let mut reader = LineReader::new(std::io::BufReader::new(&input[..]));
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().expect("reads") {
            lines.push(line);
            // The line buffer never grows past its first allocation.
            assert_eq!(reader.line.capacity(), MAX_LINE);
        }
        assert_eq!(
            lines,
            vec![
                Ok("x".repeat(MAX_LINE)),
                Err(Skipped::TooLong),
                Ok("roll".into()),
                Err(Skipped::TooLong)
            ]
        );
    }

    #[test]
    fn commands_for_everyone_need_no_name() {
        for text in [
            "help",
            "status",
            "board",
            "log",
            "rules robber",
            "dance",
            "roll twice",
        ] {
            assert!(!needs_player(text), "{text}");
        }
        for text in [
            "roll",
            "moves",
            "build road 8-13",
            "build road ?",
            "hand",
            "join",
            "end",
        ] {
            assert!(needs_player(text), "{text}");
        }
        assert!(is_help("help") && is_help("?") && !is_help("hand"));
    }

    #[test]
    fn player_lists() {
        let ok = player_names(&["a".into(), "b".into(), "c".into()], 0);
        assert_eq!(ok.ok(), Some(vec!["a".to_string(), "b".into(), "c".into()]));
        assert!(player_names(&["a".into()], 0).is_err());
        assert!(player_names(&["a".into()], 3).is_ok());
        assert!(player_names(&["a".into()], 6).is_err());
        assert!(player_names(&[], 3).is_err());
        assert!(player_names(&["a".into(), "A".into()], 0).is_err());
        assert!(player_names(&["a:b".into(), "c".into()], 0).is_err());
        assert!(player_names(&vec!["x".to_string(); 7], 0).is_err());
    }
}
