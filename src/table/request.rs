//! Typed requests: what a platform's structured input asks for (a slash command and its
//! options), handed to the table as values, never as command text. What a player chose from
//! a list arrives settled (resources, counts, settings, bot levels, rules topics). What they
//! typed into a field (a board label such as `12`, `8-13` or `C3`, a player's name, cards
//! written out) is carried as typed and resolved here, against the running game, by the
//! parser's own functions: a bad label is refused in the words a typed line gets. The text
//! parser ([`command::parse`]) serves typed lines only (console, Matrix).

use super::command::questions;
use super::command::{
    self, Command, ParseContext, ParseError, TradeCommand, U_BANK, U_CITY, U_CONFIRM, U_DISCARD,
    U_KNIGHT, U_OFFER, U_ROBBER, U_SETTLEMENT,
};
use super::lobby::{self, Setting};
use super::names;
use super::reply::UserId;
use super::rules_help::Topic;
use crate::engine::{Action, Resource};

/// A piece a player builds on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Road,
    Settlement,
    City,
}

impl Piece {
    /// The piece as the command language names it (for `?` questions).
    fn word(self) -> &'static str {
        match self {
            Piece::Road => "road",
            Piece::Settlement => "settlement",
            Piece::City => "city",
        }
    }
}

/// One typed request. `String` fields hold what the player typed into that field, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Nothing typed to resolve: the command itself.
    Command(Command),
    /// Open a lobby here. `lang` is the language as the player wrote it (`de`, `Deutsch`).
    New {
        settings: Vec<Setting>,
        lang: Option<String>,
    },
    /// Build at a place: an intersection (`12`) or, for a road, two (`8-13`).
    Build { piece: Piece, place: String },
    /// Move the robber after a 7 to a hex (`C3`), robbing the named player.
    Robber { hex: String, victim: Option<String> },
    /// Play a knight: the robber to a hex, robbing the named player.
    Knight { hex: String, victim: Option<String> },
    /// Play Road Building: one or two roads (`8-13`).
    RoadBuilding {
        first: String,
        second: Option<String>,
    },
    /// Discard these many cards of each resource (zero counts are none).
    Discard(Vec<(Resource, u32)>),
    /// Get `count` cards of `get` from the supply for `give`, at the caller's best rate.
    Bank {
        give: Resource,
        get: Resource,
        count: u32,
    },
    /// Offer cards written out (`1 wool 1 brick`), to everyone or to one chat user.
    Offer {
        give: String,
        get: String,
        to: Option<UserId>,
    },
    /// Make the trade of offer `offer` with the chat user `player`, who accepted it.
    Confirm { offer: u32, player: UserId },
    /// A question in the player's own words wins over a topic; with neither, the topics.
    Rules {
        topic: Option<Topic>,
        question: Option<String>,
    },
    /// What follows `helper`, typed or chosen from its autocomplete (`use jean ore`).
    Helper(String),
}

impl Request {
    /// The command asked for. `ctx` is the running game in the caller's place, if any:
    /// places and players are resolved against it.
    pub fn resolve(self, ctx: Option<&ParseContext>) -> Result<Command, ParseError> {
        let need = || ctx.ok_or(ParseError::NoGame);
        match self {
            // Trades are between the players of a running game (as for a typed line).
            Request::Command(trade @ Command::Trade(_)) => need().map(|_| trade),
            Request::Command(command) => Ok(command),
            Request::New { mut settings, lang } => {
                lobby::check(&settings)?;
                let lang = lang.map(|l| names::command_text(&l));
                if let Some(lang) = lang.filter(|l| !l.is_empty()) {
                    settings.push(Setting::Lang(lobby::language(&lang)?));
                }
                Ok(Command::New(settings))
            }
            Request::Build { piece, place } => {
                if let Some(asked) = question(&["build", piece.word()], &[place.as_str()], ctx) {
                    return asked;
                }
                let ctx = need()?;
                let place = names::command_text(&place);
                let words: Vec<&str> = place.split_whitespace().collect();
                Ok(Command::Action(match piece {
                    Piece::Road => Action::BuildRoad(command::parse_road(&words, ctx)?),
                    Piece::Settlement => Action::BuildSettlement(command::parse_one_vertex(
                        &words,
                        ctx,
                        U_SETTLEMENT,
                    )?),
                    Piece::City => {
                        Action::BuildCity(command::parse_one_vertex(&words, ctx, U_CITY)?)
                    }
                }))
            }
            Request::Robber { hex, victim } => {
                let typed = [hex.as_str(), victim.as_deref().unwrap_or_default()];
                if let Some(asked) = question(&["robber"], &typed, ctx) {
                    return asked;
                }
                let (hex, victim) = robber_target(&hex, victim.as_deref(), need()?, U_ROBBER)?;
                Ok(Command::Action(Action::MoveRobber { hex, victim }))
            }
            Request::Knight { hex, victim } => {
                let typed = [hex.as_str(), victim.as_deref().unwrap_or_default()];
                if let Some(asked) = question(&["play", "knight"], &typed, ctx) {
                    return asked;
                }
                let (hex, victim) = robber_target(&hex, victim.as_deref(), need()?, U_KNIGHT)?;
                Ok(Command::Action(Action::PlayKnight { hex, victim }))
            }
            Request::RoadBuilding { first, second } => {
                let typed = [first.as_str(), second.as_deref().unwrap_or_default()];
                if let Some(asked) = question(&["play", "road-building"], &typed, ctx) {
                    return asked;
                }
                let ctx = need()?;
                let typed = typed.map(names::command_text);
                let words: Vec<&str> = typed.iter().flat_map(|t| t.split_whitespace()).collect();
                command::parse_road_building(&words, ctx)
            }
            Request::Discard(counts) => {
                let cards = command::counted_resources(&counts, U_DISCARD)?;
                Ok(Command::Action(Action::Discard(cards)))
            }
            Request::Bank { give, get, count } => {
                // The count is held to the range a typed one is.
                let wanted = command::counted_resources(&[(get, count)], U_BANK)?;
                command::bank(give, None, get, wanted[get])
            }
            Request::Offer { give, get, to } => {
                let ctx = need()?;
                let to = match to {
                    Some(user) => Some(command::player_by_id(user, ctx, U_OFFER)?),
                    None => None,
                };
                let give = command::written_resources(&give, U_OFFER)?;
                let get = command::written_resources(&get, U_OFFER)?;
                Ok(Command::Trade(TradeCommand::Offer { give, get, to }))
            }
            Request::Confirm { offer, player } => {
                let seat = command::player_by_id(player, need()?, U_CONFIRM)?;
                Ok(Command::Trade(TradeCommand::Confirm(offer, seat)))
            }
            Request::Rules { topic, question } => {
                // Compared as a typed question is: one space between words, lowercase.
                let question = question
                    .map(|q| {
                        names::command_text(&q)
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .filter(|q| !q.is_empty())
                    .map(|q| q.to_lowercase());
                Ok(match (question, topic) {
                    (Some(q), _) => Command::Rules(Some(q)),
                    (None, Some(topic)) => Command::RulesTopic(topic),
                    (None, None) => Command::Rules(None),
                })
            }
            Request::Helper(what) => command::parse_headed("helper", &what, ctx),
        }
    }
}

/// The robber's hex and victim as typed into their fields, resolved.
fn robber_target(
    hex: &str,
    victim: Option<&str>,
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<(crate::engine::HexId, Option<crate::engine::Seat>), ParseError> {
    let hex = names::command_text(hex);
    let victim = victim.map(names::command_text);
    command::robber_target(&hex, victim.as_deref(), ctx, usage_text)
}

/// A field whose text ends in `?` asks for the choices there, as `build road ?` typed does
/// (`asked` is the command's head in English command words, `typed` its fields in order).
/// `None` when nothing is asked.
fn question(
    asked: &[&str],
    typed: &[&str],
    ctx: Option<&ParseContext>,
) -> Option<Result<Command, ParseError>> {
    let typed: Vec<String> = typed.iter().map(|t| names::command_text(t)).collect();
    let last = typed.iter().rev().find(|t| !t.is_empty())?;
    if !last.ends_with('?') {
        return None;
    }
    let mut words: Vec<&str> = asked.to_vec();
    words.extend(typed.iter().flat_map(|t| t.split_whitespace()));
    questions::parse(&words, ctx).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Resources, Topology};
    use crate::table::reply::PlaceKind;

    fn players() -> Vec<(UserId, String)> {
        vec![
            (11, "alice".into()),
            (22, "Bob".into()),
            (33, "carol".into()),
        ]
    }

    /// `request` resolved on the standard board with [`players`].
    fn resolve(request: Request) -> Result<Command, ParseError> {
        let p = players();
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &p,
        };
        request.resolve(Some(&ctx))
    }

    /// What the typed line `text` is understood as, in the same game.
    fn typed(text: &str) -> Result<Command, ParseError> {
        let p = players();
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &p,
        };
        command::parse(text, Some(&ctx))
    }

    fn build(piece: Piece, place: &str) -> Request {
        Request::Build {
            piece,
            place: place.into(),
        }
    }

    #[test]
    fn places_resolve_as_typed_lines_do() {
        for (request, line) in [
            (build(Piece::Road, " 8-13 "), "build road 8-13"),
            (build(Piece::Road, "13 8"), "build road 13 8"),
            (build(Piece::Settlement, "12"), "build settlement 12"),
            (build(Piece::City, "５４"), "build city 54"),
            (
                Request::RoadBuilding {
                    first: "8-13".into(),
                    second: Some("13-9".into()),
                },
                "play road-building 8-13 13-9",
            ),
            (
                Request::RoadBuilding {
                    first: "8-13".into(),
                    second: None,
                },
                "play road-building 8-13",
            ),
        ] {
            let resolved = resolve(request.clone());
            assert!(matches!(resolved, Ok(Command::Action(_))), "{request:?}");
            assert_eq!(resolved, typed(line), "{request:?}");
        }
    }

    /// A bad label is refused in the very words a typed line gets.
    #[test]
    fn bad_places_are_refused_as_typed_lines_are() {
        for (request, line) in [
            (build(Piece::Settlement, "E12"), "build settlement E12"),
            (build(Piece::Settlement, "99"), "build settlement 99"),
            (build(Piece::Settlement, "8 13"), "build settlement 8 13"),
            (build(Piece::Settlement, " "), "build settlement"),
            (build(Piece::Road, "12-13"), "build road 12-13"),
            (build(Piece::Road, "12"), "build road 12"),
            (
                Request::Robber {
                    hex: "Z9".into(),
                    victim: None,
                },
                "robber Z9",
            ),
            (
                Request::Knight {
                    hex: "C3".into(),
                    victim: Some("dave".into()),
                },
                "play knight C3 dave",
            ),
            (
                Request::Robber {
                    hex: "".into(),
                    victim: None,
                },
                "robber",
            ),
        ] {
            let refused = resolve(request.clone());
            assert!(refused.is_err(), "{request:?}");
            assert_eq!(refused, typed(line), "{request:?}");
        }
        let err = resolve(build(Piece::Settlement, "E12")).unwrap_err();
        assert!(err.to_string().contains("`E12`"), "{err}");
    }

    #[test]
    fn robber_victims_by_name_or_none() {
        let c3 = Topology::get(BoardSize::Standard)
            .parse_hex("C3")
            .expect("C3 is a hex");
        assert_eq!(
            resolve(Request::Robber {
                hex: " c3 ".into(),
                victim: Some("@bob".into()),
            }),
            Ok(Command::Action(Action::MoveRobber {
                hex: c3,
                victim: Some(1)
            }))
        );
        assert_eq!(
            resolve(Request::Knight {
                hex: "C3".into(),
                victim: Some(" ".into()),
            }),
            Ok(Command::Action(Action::PlayKnight {
                hex: c3,
                victim: None
            }))
        );
    }

    #[test]
    fn a_question_mark_asks_for_the_choices() {
        assert_eq!(
            resolve(build(Piece::Road, "?")),
            Ok(Command::Choices(PlaceKind::Road))
        );
        assert_eq!(
            resolve(Request::Robber {
                hex: "C3".into(),
                victim: Some("?".into()),
            }),
            typed("robber C3 ?")
        );
    }

    #[test]
    fn counts_become_cards_within_the_typed_range() {
        assert_eq!(
            resolve(Request::Discard(vec![
                (Resource::Lumber, 0),
                (Resource::Wool, 2),
                (Resource::Ore, 1),
            ])),
            Ok(Command::Action(Action::Discard(Resources([0, 0, 2, 0, 1]))))
        );
        assert_eq!(
            resolve(Request::Discard(vec![(Resource::Wool, 0)])),
            typed("discard")
        );
        assert_eq!(
            resolve(Request::Discard(vec![(Resource::Wool, 31)])),
            typed("discard 31 wool")
        );
        // A resource given more than once is summed without overflow (`1 + u32::MAX` wool
        // once wrapped to none) and held to the same bound.
        assert_eq!(
            resolve(Request::Discard(vec![
                (Resource::Wool, 1),
                (Resource::Wool, u32::MAX)
            ])),
            typed("discard 1 wool 4294967295 wool")
        );
        assert_eq!(
            resolve(Request::Discard(vec![(Resource::Wool, 20); 2])),
            typed("discard 20 wool 20 wool")
        );
        assert_eq!(
            resolve(Request::Discard(vec![(Resource::Wool, 15); 2])),
            typed("discard 30 wool")
        );
        assert_eq!(
            resolve(Request::Bank {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 2,
            }),
            typed("bank ore for 2 wool")
        );
        assert!(matches!(
            resolve(Request::Bank {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 1,
            }),
            Ok(Command::Bank {
                give_amount: None,
                get_amount: 1,
                ..
            })
        ));
        assert_eq!(
            resolve(Request::Bank {
                give: Resource::Ore,
                get: Resource::Ore,
                count: 1,
            }),
            typed("bank ore for ore")
        );
    }

    #[test]
    fn trades_name_players_by_chat_user() {
        assert_eq!(
            resolve(Request::Offer {
                give: "1 wool 1 brick".into(),
                get: "ore".into(),
                to: Some(33),
            }),
            typed("trade offer 1 wool 1 brick for ore to carol")
        );
        assert_eq!(
            resolve(Request::Offer {
                give: "2 Wolle und Erz".into(),
                get: "1 grain".into(),
                to: None,
            }),
            typed("trade offer 2 wool and ore for 1 grain")
        );
        assert_eq!(
            resolve(Request::Offer {
                give: "1 wool".into(),
                get: "1 ore".into(),
                to: Some(99),
            }),
            typed("trade offer 1 wool for 1 ore to <@99>")
        );
        assert_eq!(
            resolve(Request::Confirm {
                offer: 3,
                player: 22
            }),
            Ok(Command::Trade(TradeCommand::Confirm(3, 1)))
        );
        assert_eq!(
            Request::Command(Command::Trade(TradeCommand::Accept(1))).resolve(None),
            Err(ParseError::NoGame)
        );
    }

    #[test]
    fn lobby_settings_are_checked_and_the_language_named() {
        let de = crate::i18n::Lang::parse("de").expect("German");
        assert_eq!(
            resolve(Request::New {
                settings: vec![Setting::Players(4)],
                lang: Some(" Deutsch ".into()),
            }),
            Ok(Command::New(vec![Setting::Players(4), Setting::Lang(de)]))
        );
        assert_eq!(
            resolve(Request::New {
                settings: vec![Setting::Players(9)],
                lang: None,
            }),
            typed("new players 9")
        );
        assert_eq!(
            resolve(Request::New {
                settings: Vec::new(),
                lang: Some("klingon".into()),
            }),
            typed("new lang klingon")
        );
    }

    #[test]
    fn rules_questions_win_over_topics() {
        let rules = |topic, question: Option<&str>| {
            resolve(Request::Rules {
                topic,
                question: question.map(str::to_string),
            })
        };
        assert_eq!(rules(None, None), Ok(Command::Rules(None)));
        assert_eq!(
            rules(Some(Topic::Seven), Some("  ")),
            Ok(Command::RulesTopic(Topic::Seven))
        );
        assert_eq!(
            rules(Some(Topic::Seven), Some(" Can I  move the thief? ")),
            typed("rules can I move the thief?")
        );
    }

    #[test]
    fn helper_words_are_read_after_helper() {
        assert_eq!(
            resolve(Request::Helper("flip".into())),
            typed("helper flip")
        );
        assert_eq!(
            resolve(Request::Helper("?".into())),
            Ok(Command::Choices(PlaceKind::Helper))
        );
    }
}
