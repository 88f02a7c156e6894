//! What a console line means: `name: command`, `as name`, a plain command for the player
//! chosen with `as` (or for nobody in particular), a comment, or `quit`.

use crate::table::command::{self, Command, ParseError};

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
pub fn player_names(raw: &[String]) -> anyhow::Result<Vec<String>> {
    let names: Vec<String> = raw.iter().map(|n| n.trim().to_string()).collect();
    if !(2..=6).contains(&names.len()) {
        anyhow::bail!("--players needs 2 to 6 names, e.g. --players alice,bob,carol");
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
/// asks about themselves. What every player may see (`help`, `rules`, `status`, `board`,
/// `log`) and lines refused whoever types them need no name.
pub fn needs_player(text: &str) -> bool {
    match command::parse(text, None) {
        Ok(Command::Help | Command::Rules(_) | Command::Status | Command::Board | Command::Log) => {
            false
        }
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
    if t.eq_ignore_ascii_case("quit") || t.eq_ignore_ascii_case("exit") {
        return Line::Quit;
    }
    if let Some(rest) = t.strip_prefix("as ") {
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
        assert_eq!(
            parse_line("zed: roll", &p),
            Line::UnknownPlayer("zed".into())
        );
        assert_eq!(parse_line("as zed", &p), Line::UnknownPlayer("zed".into()));
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
        let ok = player_names(&["a".into(), "b".into(), "c".into()]);
        assert_eq!(ok.ok(), Some(vec!["a".to_string(), "b".into(), "c".into()]));
        assert!(player_names(&["a".into()]).is_err());
        assert!(player_names(&["a".into(), "A".into()]).is_err());
        assert!(player_names(&["a:b".into(), "c".into()]).is_err());
        assert!(player_names(&vec!["x".to_string(); 7]).is_err());
    }
}
