//! The ratings' commands (`crate::community`): `leaderboard [season N]`, `profile [name]`,
//! `season new`. German: `rangliste [saison N]`, `profil [name]`, `saison neu` (the heads
//! through `command_words`, the words after them here).

use super::{Command, ParseError, usage};
use crate::i18n::excerpt;

pub(super) const U_LEADERBOARD: &str = "leaderboard [season 2]";
pub(super) const U_SEASON: &str = "season new";

/// `leaderboard`, `leaderboard season 2`, `leaderboard season:2`, `leaderboard 2`.
pub(super) fn parse_leaderboard(rest: &[&str]) -> Result<Command, ParseError> {
    let words: Vec<String> = rest
        .iter()
        .flat_map(|w| w.split(':'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let number = match words.as_slice() {
        [] => return Ok(Command::Leaderboard(None)),
        [n] => n,
        [word, n] if matches!(word.as_str(), "season" | "saison") => n,
        _ => {
            return Err(usage(
                crate::t!("community-leaderboard-usage"),
                U_LEADERBOARD,
            ));
        }
    };
    match number.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Command::Leaderboard(Some(n))),
        _ => Err(usage(
            crate::t!("community-not-a-season", value = excerpt(number)),
            U_LEADERBOARD,
        )),
    }
}

/// `profile` (the caller's own) or `profile <name or mention>`.
pub(super) fn parse_profile(rest: &[&str]) -> Command {
    let name = rest.join(" ");
    Command::Profile((!name.trim().is_empty()).then(|| name.trim().to_string()))
}

/// `season new` (`saison neu`).
pub(super) fn parse_season(rest: &[&str]) -> Result<Command, ParseError> {
    match rest {
        [word] if matches!(word.to_lowercase().as_str(), "new" | "neu" | "start") => {
            Ok(Command::SeasonNew)
        }
        _ => Err(usage(crate::t!("community-season-usage"), U_SEASON)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn the_ratings_commands_parse_in_both_languages() {
        assert_eq!(parse("leaderboard", None), Ok(Command::Leaderboard(None)));
        assert_eq!(
            parse("leaderboard season 2", None),
            Ok(Command::Leaderboard(Some(2)))
        );
        assert_eq!(
            parse("leaderboard season:3", None),
            Ok(Command::Leaderboard(Some(3)))
        );
        assert_eq!(
            parse("rangliste saison 2", None),
            Ok(Command::Leaderboard(Some(2)))
        );
        assert_eq!(parse("profile", None), Ok(Command::Profile(None)));
        assert_eq!(
            parse("profile Bob Smith", None),
            Ok(Command::Profile(Some("Bob Smith".into())))
        );
        assert_eq!(parse("profil", None), Ok(Command::Profile(None)));
        assert_eq!(parse("season new", None), Ok(Command::SeasonNew));
        assert_eq!(parse("saison neu", None), Ok(Command::SeasonNew));
    }

    #[test]
    fn bad_ratings_commands_are_refused_with_the_form() {
        let msg = |t: &str| parse(t, None).unwrap_err().to_string();
        assert!(msg("leaderboard season 0").contains("`0`"));
        assert!(msg("leaderboard season x").contains("`x`"));
        assert!(msg("leaderboard a b c").contains("leaderboard [season 2]"));
        assert!(msg("season").contains("season new"));
        assert!(msg("season old").contains("season new"));
    }
}
