//! Questions about what is possible: `moves` (everything the caller can do now) and a command
//! ending in `?` (`build road ?`, `robber C3 ?`, `play road-building 8-13 ?`): the legal
//! choices for its next part, labelled like the autocomplete.

use super::{
    Command, ParseContext, ParseError, U_ROAD_BUILDING, parse_edges, parse_hex_label, usage,
};
use crate::i18n::excerpt;
use crate::table::reply::PlaceKind;

/// The questions, for refusals.
pub const U_QUESTIONS: &str = "moves | build road ? | build settlement ? | build city ? | robber ? | robber C3 ? | play knight ? | play road-building ? | play road-building 8-13 ? | helper ?";

/// `Ok(None)` when `words` (the command without any `/catan` prefix) is no question.
pub fn parse(words: &[&str], ctx: Option<&ParseContext>) -> Result<Option<Command>, ParseError> {
    let Some((&head, rest)) = words.split_first() else {
        return Ok(None);
    };
    let bare = head.trim_end_matches('?');
    if rest.is_empty()
        && (bare.eq_ignore_ascii_case("help") || bare.eq_ignore_ascii_case("commands"))
    {
        return Ok(Some(Command::Help));
    }
    if bare.eq_ignore_ascii_case("moves") {
        return if rest.is_empty() || rest == ["?"] {
            Ok(Some(Command::Moves))
        } else {
            Err(usage(
                crate::t!(
                    "command-no-arguments",
                    command = crate::table::command_words::say("moves")
                ),
                "moves",
            ))
        };
    }
    // `build road ?` or `build road?`; a lone `?` asks for help, not for a choice.
    let Some(last) = words.last() else {
        return Ok(None);
    };
    let Some(stem) = last.strip_suffix('?') else {
        return Ok(None);
    };
    let mut asked: Vec<&str> = words[..words.len() - 1].to_vec();
    if !stem.is_empty() {
        asked.push(stem);
    }
    if asked.is_empty() {
        return Ok(None);
    }
    let ctx = ctx.ok_or(ParseError::NoGame)?;
    choices(&asked, ctx).map(|kind| Some(Command::Choices(kind)))
}

/// What `build road`, `robber C3`, … ask the choices of.
fn choices(asked: &[&str], ctx: &ParseContext) -> Result<PlaceKind, ParseError> {
    let lower: Vec<String> = asked.iter().map(|w| w.to_ascii_lowercase()).collect();
    let mut words: Vec<&str> = lower.iter().map(String::as_str).collect();
    if matches!(
        words.first(),
        Some(&"build") | Some(&"play") | Some(&"move")
    ) {
        words.remove(0);
    }
    let topo = ctx.topology;
    let unknown = || {
        usage(
            crate::t!("questions-unknown", asked = excerpt(&asked.join(" "))),
            U_QUESTIONS,
        )
    };
    let hex_victims = |hex: &[&str], usage_text: &'static str| match hex {
        [] => Ok(None),
        [one] => {
            let h = parse_hex_label(one, topo, usage_text)?;
            Ok(Some(PlaceKind::Victim {
                hex: topo.hex_labels[h as usize].clone(),
            }))
        }
        _ => Err(usage(crate::t!("questions-one-hex"), usage_text)),
    };
    let Some((&what, args)) = words.split_first() else {
        return Err(unknown());
    };
    match what {
        "road" | "roads" if args.is_empty() => Ok(PlaceKind::Road),
        "settlement" | "settlements" | "settle" | "house" if args.is_empty() => {
            Ok(PlaceKind::Settlement)
        }
        "city" | "cities" if args.is_empty() => Ok(PlaceKind::City),
        "robber" | "rob" => {
            let args = match args.first() {
                Some(&"robber") => &args[1..],
                _ => args,
            };
            Ok(hex_victims(args, "robber C3 ?")?.unwrap_or(PlaceKind::Robber))
        }
        "knight" => Ok(hex_victims(args, "play knight C3 ?")?.unwrap_or(PlaceKind::Knight)),
        "road-building" | "roadbuilding" | "road_building" => free_roads(args, ctx),
        "road" if args.first() == Some(&"building") => free_roads(&args[1..], ctx),
        // `helper ?`, `helper use ?`: everything the helper can do now.
        "helper" | "helpers" if args.is_empty() || args == ["use"] => Ok(PlaceKind::Helper),
        _ => Err(unknown()),
    }
}

/// `play road-building ?` and `play road-building 8-13 ?`.
fn free_roads(args: &[&str], ctx: &ParseContext) -> Result<PlaceKind, ParseError> {
    if args.is_empty() {
        return Ok(PlaceKind::FreeRoad);
    }
    match parse_edges(args, ctx.topology, U_ROAD_BUILDING)?.as_slice() {
        [first] => Ok(PlaceKind::SecondFreeRoad {
            first: ctx.topology.edge_label(*first),
        }),
        _ => Err(usage(
            crate::t!("questions-first-road-only"),
            "play road-building 8-13 ?",
        )),
    }
}

/// The question that lists the choices of `kind`, e.g. `build road ?`.
pub fn question_for(kind: &PlaceKind) -> String {
    match kind {
        PlaceKind::Settlement => "build settlement ?".into(),
        PlaceKind::City => "build city ?".into(),
        PlaceKind::Road => "build road ?".into(),
        PlaceKind::Robber => "robber ?".into(),
        PlaceKind::Knight => "play knight ?".into(),
        PlaceKind::Victim { hex } => format!("robber {hex} ?"),
        PlaceKind::FreeRoad => "play road-building ?".into(),
        PlaceKind::SecondFreeRoad { first } => format!("play road-building {first} ?"),
        PlaceKind::Helper => "helper ?".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Topology};
    use crate::table::command::parse;

    fn ask(text: &str) -> Result<Command, ParseError> {
        let players = vec![(1, "alice".to_string()), (2, "bob".to_string())];
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &players,
        };
        parse(text, Some(&ctx))
    }

    #[test]
    fn questions_name_their_kind() {
        let c = |k: PlaceKind| Ok(Command::Choices(k));
        assert_eq!(ask("build road ?"), c(PlaceKind::Road));
        assert_eq!(ask("build road?"), c(PlaceKind::Road));
        assert_eq!(ask("road ?"), c(PlaceKind::Road));
        assert_eq!(ask("build settlement ?"), c(PlaceKind::Settlement));
        assert_eq!(ask("build city?"), c(PlaceKind::City));
        assert_eq!(ask("robber ?"), c(PlaceKind::Robber));
        assert_eq!(ask("move robber ?"), c(PlaceKind::Robber));
        assert_eq!(
            ask("robber c3 ?"),
            c(PlaceKind::Victim { hex: "C3".into() })
        );
        assert_eq!(ask("play knight ?"), c(PlaceKind::Knight));
        assert_eq!(
            ask("play knight A1?"),
            c(PlaceKind::Victim { hex: "A1".into() })
        );
        assert_eq!(ask("play road-building ?"), c(PlaceKind::FreeRoad));
        assert_eq!(ask("play road building ?"), c(PlaceKind::FreeRoad));
        assert_eq!(
            ask("play road-building 13-8 ?"),
            c(PlaceKind::SecondFreeRoad {
                first: "8-13".into()
            })
        );
        assert_eq!(ask("moves"), Ok(Command::Moves));
        assert_eq!(ask("moves?"), Ok(Command::Moves));
        assert_eq!(ask("help?"), Ok(Command::Help));
        assert_eq!(ask("/catan moves"), Ok(Command::Moves));
        assert_eq!(ask("?"), Ok(Command::Help));
        assert_eq!(ask("helper use ?"), c(PlaceKind::Helper));
    }

    #[test]
    fn bad_questions_say_what_can_be_asked() {
        let err = ask("trade ?").unwrap_err().to_string();
        assert!(err.contains("build road ?"), "{err}");
        let err = ask("robber Z9 ?").unwrap_err().to_string();
        assert!(err.contains("not a hex"), "{err}");
        let err = ask("play road-building 12-13 ?").unwrap_err().to_string();
        assert!(err.contains("not neighbours"), "{err}");
        assert!(ask("moves now").is_err());
        assert_eq!(parse("build road ?", None), Err(ParseError::NoGame));
    }

    #[test]
    fn every_kind_has_a_question_that_parses_back() {
        for kind in [
            PlaceKind::Settlement,
            PlaceKind::City,
            PlaceKind::Road,
            PlaceKind::Robber,
            PlaceKind::Knight,
            PlaceKind::Victim { hex: "C3".into() },
            PlaceKind::FreeRoad,
            PlaceKind::SecondFreeRoad {
                first: "8-13".into(),
            },
            PlaceKind::Helper,
        ] {
            let q = question_for(&kind);
            assert_eq!(ask(&q), Ok(Command::Choices(kind)), "{q}");
        }
    }
}
