//! Game settings chosen in the lobby (RULES.md §8) and the lobby message.

use serde::{Deserialize, Serialize};

use super::parse_error::ParseError;
use crate::engine::{LayoutKind, Settings};
use crate::i18n::{Lang, excerpt};

/// How settings are written after `new` or `set`.
pub const SETTINGS_USAGE: &str = "new players 4 board variable vp 10 discard 7 timer 5 (also: board beginner|random-tokens, timer off, helpers on, friendly on, balanced on, rated on|off, seed 42, bots 2, afk bot|auto|wait)";

/// What the table does when the turn timer runs out on a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AfkPolicy {
    /// A bot plays the seat until its player acts again (new games).
    Bot,
    /// The table makes the least harmful move (games from before bots had this).
    #[default]
    Auto,
    /// Nobody acts: the game waits for the player (a reminder is still sent).
    Wait,
}

impl AfkPolicy {
    pub fn name(self) -> &'static str {
        match self {
            AfkPolicy::Bot => "bot",
            AfkPolicy::Auto => "auto",
            AfkPolicy::Wait => "wait",
        }
    }
}

/// Smallest and largest table: the rules'.
pub use crate::engine::{MAX_PLAYERS, MIN_PLAYERS};

/// One setting as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Setting {
    /// Seats at the table (the lobby fills up to this many).
    Players(u8),
    Board(LayoutKind),
    VpTarget(u8),
    DiscardLimit(u8),
    /// Turn timer in minutes; `None` is off.
    Timer(Option<u32>),
    /// The game seed (fixes board, deck and dice), for replays and tests.
    Seed(u64),
    /// What happens when the turn timer runs out.
    Afk(AfkPolicy),
    /// Computer players in the lobby: bots are added or removed to make this many.
    Bots(u8),
    /// The Helpers of Catan scenario on or off.
    Helpers(bool),
    /// The friendly robber house rule on or off (`engine::friendly_robber`).
    FriendlyRobber(bool),
    /// The balanced dice house rule on or off (`engine::balanced_dice`).
    BalancedDice(bool),
    /// The language of the game's public messages.
    Lang(Lang),
    /// Whether the game moves its community's ratings (`crate::community::result`).
    Rated(bool),
}

/// A lobby's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbySettings {
    pub max_players: u8,
    pub board: LayoutKind,
    pub vp_target: u8,
    pub discard_limit: u8,
    pub timer_minutes: Option<u32>,
    pub seed: Option<u64>,
    /// Stored games from before this setting act for absent players themselves (`auto`).
    #[serde(default)]
    pub afk: AfkPolicy,
    /// The Helpers of Catan scenario (off in records written before it existed).
    #[serde(default)]
    pub helpers: bool,
    /// The friendly robber house rule (off in records written before it existed).
    #[serde(default)]
    pub friendly_robber: bool,
    /// The balanced dice house rule (off in records written before it existed).
    #[serde(default)]
    pub balanced_dice: bool,
    /// The language of the game's public messages and board (English in older records).
    #[serde(default)]
    pub lang: Lang,
    /// `rated on|off`; unset, a game is rated when no bot plays in it.
    #[serde(default)]
    pub rated: Option<bool>,
}

impl LobbySettings {
    pub fn new(default_timer: Option<u32>) -> LobbySettings {
        let s = Settings::default();
        LobbySettings {
            max_players: s.players,
            board: s.layout,
            vp_target: s.vp_target,
            discard_limit: s.discard_limit,
            timer_minutes: default_timer,
            seed: None,
            afk: AfkPolicy::Bot,
            helpers: false,
            friendly_robber: false,
            balanced_dice: false,
            lang: Lang::EN,
            rated: None,
        }
    }

    pub fn apply(&mut self, changes: &[Setting]) {
        for c in changes {
            match c {
                Setting::Players(n) => self.max_players = *n,
                Setting::Board(b) => self.board = *b,
                Setting::VpTarget(v) => self.vp_target = *v,
                Setting::DiscardLimit(d) => self.discard_limit = *d,
                Setting::Timer(t) => self.timer_minutes = *t,
                Setting::Seed(s) => self.seed = Some(*s),
                Setting::Afk(a) => self.afk = *a,
                // Seats, not a setting: the lobby adds or removes bots (`dispatch::bot_seats`).
                Setting::Bots(_) => {}
                Setting::Helpers(on) => self.helpers = *on,
                Setting::FriendlyRobber(on) => self.friendly_robber = *on,
                Setting::BalancedDice(on) => self.balanced_dice = *on,
                Setting::Lang(lang) => self.lang = *lang,
                Setting::Rated(on) => self.rated = Some(*on),
            }
        }
    }

    /// The engine settings for `players` seated players. The beginner map exists only for
    /// 3–4 players, so bigger tables get the variable setup.
    pub fn engine_settings(&self, players: u8) -> Settings {
        let layout = if players > 4 && self.board == LayoutKind::Beginner {
            LayoutKind::Variable
        } else {
            self.board
        };
        Settings {
            players,
            layout,
            vp_target: self.vp_target,
            discard_limit: self.discard_limit,
            helpers: self.helpers,
            friendly_robber: self.friendly_robber,
            balanced_dice: self.balanced_dice,
        }
    }

    /// One line for the lobby message. A host-chosen seed is shown to everyone: it fixes the
    /// board, the deck and every roll, so keeping it from the others would let the host
    /// rehearse the game.
    pub fn describe(&self) -> String {
        let seed = match self.seed {
            Some(s) => crate::t!("lobby-describe-seed", seed = s.to_string()),
            None => String::new(),
        };
        crate::t!(
            "lobby-describe",
            count = self.max_players,
            rules = format!("{}{}", self.describe_rules(), self.rated_note()),
            seed = seed
        )
    }

    /// ` · rated` or ` · unrated` when the host chose; nothing for the default.
    fn rated_note(&self) -> String {
        match self.rated {
            Some(true) => crate::t!("lobby-describe-rated"),
            Some(false) => crate::t!("lobby-describe-unrated"),
            None => String::new(),
        }
    }

    /// The settings that matter once the seats are taken.
    pub fn describe_rules(&self) -> String {
        let timer = match (self.timer_minutes, self.afk) {
            (Some(m), AfkPolicy::Bot) => crate::t!("lobby-timer-bot", minutes = m),
            (Some(m), AfkPolicy::Auto) => crate::t!("lobby-timer-auto", minutes = m),
            (Some(m), AfkPolicy::Wait) => crate::t!("lobby-timer-wait", minutes = m),
            (None, _) => crate::t!("lobby-timer-off"),
        };
        let helpers = if self.helpers {
            crate::t!("lobby-describe-helpers")
        } else {
            String::new()
        };
        let friendly = if self.friendly_robber {
            crate::t!("lobby-describe-friendly")
        } else {
            String::new()
        };
        let balanced = if self.balanced_dice {
            crate::t!("lobby-describe-balanced")
        } else {
            String::new()
        };
        crate::t!(
            "lobby-describe-rules",
            board = board_name(self.board),
            vp = self.vp_target,
            discard = self.discard_limit,
            timer = timer,
            helpers = helpers,
            friendly = friendly,
            balanced = balanced
        )
    }
}

pub fn board_name(b: LayoutKind) -> &'static str {
    match b {
        LayoutKind::Beginner => "beginner",
        LayoutKind::Variable => "variable",
        LayoutKind::RandomTokens => "random-tokens",
    }
}

fn bad(problem: String) -> ParseError {
    ParseError::Usage {
        problem,
        usage: SETTINGS_USAGE,
    }
}

/// The allowed values of the numeric settings, typed or chosen.
const PLAYERS: (u64, u64) = (MIN_PLAYERS as u64, MAX_PLAYERS as u64);
const VP: (u64, u64) = (3, 20);
const DISCARD: (u64, u64) = (3, 20);
const TIMER: (u64, u64) = (0, 10_080);
const BOTS: (u64, u64) = (0, MAX_PLAYERS as u64 - 1);

fn number<T: std::str::FromStr>(
    key: &str,
    value: &str,
    (lo, hi): (u64, u64),
) -> Result<T, ParseError> {
    let n: u64 = value.parse().map_err(|_| {
        bad(crate::t!(
            "lobby-needs-number",
            key = key,
            low = lo,
            high = hi,
            value = excerpt(value)
        ))
    })?;
    within(key, n, (lo, hi))?;
    n.to_string()
        .parse()
        .map_err(|_| bad(crate::t!("lobby-out-of-range", key = key)))
}

/// `n` for the setting `key` when it lies within `lo..=hi`.
fn within(key: &str, n: u64, (lo, hi): (u64, u64)) -> Result<(), ParseError> {
    if (lo..=hi).contains(&n) {
        return Ok(());
    }
    Err(bad(crate::t!(
        "lobby-out-of-bounds",
        key = key,
        low = lo,
        high = hi,
        value = n
    )))
}

/// Settings chosen rather than typed (a slash command's options) are held to the bounds
/// typed ones are, and refused in the same words.
pub fn check(settings: &[Setting]) -> Result<(), ParseError> {
    for setting in settings {
        match *setting {
            Setting::Players(n) => within("players", n.into(), PLAYERS)?,
            Setting::VpTarget(n) => within("vp", n.into(), VP)?,
            Setting::DiscardLimit(n) => within("discard", n.into(), DISCARD)?,
            Setting::Timer(Some(m)) => within("timer", m.into(), TIMER)?,
            Setting::Bots(n) => within("bots", n.into(), BOTS)?,
            Setting::Timer(None)
            | Setting::Board(_)
            | Setting::Seed(_)
            | Setting::Afk(_)
            | Setting::Helpers(_)
            | Setting::FriendlyRobber(_)
            | Setting::BalancedDice(_)
            | Setting::Lang(_)
            | Setting::Rated(_) => {}
        }
    }
    Ok(())
}

/// The game language a player named (`de`, `Deutsch`, `german`), refused naming the codes
/// there are catalogs for.
pub fn language(value: &str) -> Result<Lang, ParseError> {
    Lang::parse(value).ok_or_else(|| {
        bad(crate::t!(
            "lobby-not-a-language",
            value = excerpt(value),
            codes = Lang::codes()
        ))
    })
}

/// Parses `key value` pairs (also `key=value`).
pub fn parse_settings(words: &[&str]) -> Result<Vec<Setting>, ParseError> {
    let mut flat: Vec<String> = Vec::new();
    for w in words {
        for part in w.split('=').filter(|p| !p.is_empty()) {
            flat.push(part.to_ascii_lowercase());
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < flat.len() {
        let key = flat[i].as_str();
        let Some(value) = flat.get(i + 1).map(String::as_str) else {
            return Err(bad(crate::t!("lobby-needs-value", key = excerpt(key))));
        };
        let setting = match key {
            "players" | "seats" | "p" | "spieler" => Setting::Players(number(key, value, PLAYERS)?),
            "board" | "map" | "layout" | "spielplan" => Setting::Board(match value {
                "beginner" | "beginners" | "starter" | "fixed" | "einsteiger" => {
                    LayoutKind::Beginner
                }
                "variable" | "random" | "shuffled" | "variabel" => LayoutKind::Variable,
                "random-tokens" | "randomtokens" | "tokens" | "zufallszahlen" => {
                    LayoutKind::RandomTokens
                }
                _ => {
                    return Err(bad(crate::t!("lobby-not-a-board", value = excerpt(value))));
                }
            }),
            "vp" | "points" | "target" | "sp" | "siegpunkte" => {
                Setting::VpTarget(number(key, value, VP)?)
            }
            "discard" | "limit" | "ablegen" => Setting::DiscardLimit(number(key, value, DISCARD)?),
            "timer" | "turn-timer" | "minutes" | "zugtimer" => Setting::Timer(match value {
                "off" | "none" | "no" | "aus" => None,
                // 0 (also written `00`) is off too.
                _ => Some(number::<u32>(key, value, TIMER)?).filter(|&m| m > 0),
            }),
            "helpers" | "helfer" => match value {
                "off" | "no" | "false" | "aus" => Setting::Helpers(false),
                "on" | "yes" | "true" | "an" => Setting::Helpers(true),
                _ => {
                    return Err(bad(crate::t!(
                        "lobby-helpers-on-off",
                        value = excerpt(value)
                    )));
                }
            },
            "friendly" | "friendly-robber" | "friendlyrobber" | "freundlich" => match value {
                "off" | "no" | "false" | "aus" => Setting::FriendlyRobber(false),
                "on" | "yes" | "true" | "an" => Setting::FriendlyRobber(true),
                _ => {
                    return Err(bad(crate::t!(
                        "lobby-friendly-on-off",
                        value = excerpt(value)
                    )));
                }
            },
            "balanced" | "balanced-dice" | "balanceddice" | "ausgeglichen" => match value {
                "off" | "no" | "false" | "aus" => Setting::BalancedDice(false),
                "on" | "yes" | "true" | "an" => Setting::BalancedDice(true),
                _ => {
                    return Err(bad(crate::t!(
                        "lobby-balanced-on-off",
                        value = excerpt(value)
                    )));
                }
            },
            "rated" | "gewertet" => match value {
                "off" | "no" | "false" | "aus" => Setting::Rated(false),
                "on" | "yes" | "true" | "an" => Setting::Rated(true),
                _ => return Err(bad(crate::t!("lobby-rated-on-off", value = excerpt(value)))),
            },
            "afk" | "away" | "abwesend" => Setting::Afk(match value {
                "bot" | "bots" => AfkPolicy::Bot,
                "auto" | "automatisch" => AfkPolicy::Auto,
                "wait" | "warten" => AfkPolicy::Wait,
                _ => {
                    return Err(bad(crate::t!("lobby-not-afk", value = excerpt(value))));
                }
            }),
            "lang" | "language" | "sprache" => Setting::Lang(language(value)?),
            "bots" => Setting::Bots(number(key, value, BOTS)?),
            "seed" | "startwert" => Setting::Seed(value.parse().map_err(|_| {
                bad(crate::t!(
                    "lobby-seed-number",
                    value = excerpt(value),
                    high = u64::MAX.to_string()
                ))
            })?),
            _ => {
                return Err(bad(crate::t!("lobby-not-a-setting", key = excerpt(key))));
            }
        };
        out.push(setting);
        i += 2;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_setting() {
        let s = parse_settings(&[
            "players",
            "5",
            "board=beginner",
            "vp",
            "12",
            "discard",
            "9",
            "timer",
            "3",
            "seed",
            "42",
            "helpers",
            "off",
            "friendly=on",
            "balanced",
            "on",
        ]);
        assert_eq!(
            s,
            Ok(vec![
                Setting::Players(5),
                Setting::Board(LayoutKind::Beginner),
                Setting::VpTarget(12),
                Setting::DiscardLimit(9),
                Setting::Timer(Some(3)),
                Setting::Seed(42),
                Setting::Helpers(false),
                Setting::FriendlyRobber(true),
                Setting::BalancedDice(true),
            ])
        );
        assert_eq!(
            parse_settings(&["helpers", "on"]),
            Ok(vec![Setting::Helpers(true)])
        );
        assert_eq!(
            parse_settings(&["timer", "off"]),
            Ok(vec![Setting::Timer(None)])
        );
    }

    #[test]
    fn refuses_what_is_not_allowed() {
        let msg = |w: &[&str]| parse_settings(w).unwrap_err().to_string();
        assert!(msg(&["players", "7"]).contains("from 2 to 6"));
        assert!(msg(&["players", "1"]).contains("from 2 to 6"));
        assert!(msg(&["helpers", "maybe"]).contains("`on` or `off`"));
        assert!(msg(&["friendly", "maybe"]).contains("`friendly` is `on` or `off`"));
        assert!(msg(&["balanced", "maybe"]).contains("`balanced` is `on` or `off`, not `maybe`"));
        assert_eq!(
            parse_settings(&["ausgeglichen", "aus"]),
            Ok(vec![Setting::BalancedDice(false)])
        );
        assert!(msg(&["board", "moon"]).contains("beginner, variable or random-tokens"));
        assert!(msg(&["vp"]).contains("needs a value"));
        assert!(msg(&["colour", "red"]).contains("not a setting"));
    }

    #[test]
    fn chosen_settings_are_held_to_the_typed_bounds() {
        assert_eq!(
            check(&[Setting::Players(6), Setting::Timer(Some(10_080))]),
            Ok(())
        );
        let msg = |s: Setting| check(&[s]).unwrap_err().to_string();
        assert_eq!(
            msg(Setting::Players(7)),
            parse_settings(&["players", "7"]).unwrap_err().to_string()
        );
        assert!(msg(Setting::VpTarget(2)).contains("from 3 to 20"));
        assert!(msg(Setting::Bots(6)).contains("from 0 to 5"));
        assert_eq!(
            msg(Setting::Timer(Some(10_081))),
            parse_settings(&["timer", "10081"]).unwrap_err().to_string()
        );
        assert_eq!(language(" DE "), Ok(Lang::parse("de").expect("German")));
        assert!(language("klingon").unwrap_err().to_string().contains("en"));
    }

    #[test]
    fn beginner_map_falls_back_for_big_tables() {
        let mut l = LobbySettings::new(None);
        l.apply(&[Setting::Board(LayoutKind::Beginner), Setting::VpTarget(8)]);
        assert_eq!(l.engine_settings(4).layout, LayoutKind::Beginner);
        assert_eq!(l.engine_settings(5).layout, LayoutKind::Variable);
        assert_eq!(l.engine_settings(5).vp_target, 8);
        assert!(l.describe().contains("8 VP"));
        assert!(!l.describe().contains("seed"));
        l.apply(&[Setting::Seed(42)]);
        assert!(l.describe().contains("seed 42 (chosen by the host"));
    }
}
