//! The command language of the Helpers of Catan scenario: `helper use NAME …`, the second
//! steps (`helper keep`, `helper take`, `helper give`), `helper decline`, `helper flip` and
//! `helper exchange NAME`; and the inverse, the command text of every helper action.

use super::command::{
    Command, ParseContext, ParseError, parse_edges, parse_hex_label, parse_one_vertex,
    parse_player, usage,
};
use super::names;
use crate::engine::{
    Action, Helper, HelperChoice, HelperUse, Resource, SeanUse, Seat, VincentBuild,
};
use crate::i18n::{InWords, excerpt};
use crate::t;

pub(super) const U_HELPER: &str = "helper use jean ore | helper use nassir wool from bob and carol | \
helper use louis 8-13 to 20-25 | helper use william 8-13 lumber wool | helper use candamir ore for \
wool | helper use hilde bob | helper use lin D1 | helper use vincent city 12 | helper use marianne \
ore | helper use sean keep | helper keep knight | helper take ore | helper give wool to bob | \
helper decline | helper flip | helper exchange jean";

fn resource(word: &str) -> Result<Resource, ParseError> {
    super::command::card_names::resource(word)
        .ok_or_else(|| usage(t!("command-not-resource", word = excerpt(word)), U_HELPER))
}

fn not_a_helper(name: &str) -> ParseError {
    usage(t!("helper-cmd-not-helper", name = excerpt(name)), U_HELPER)
}

fn one_resource(args: &[&str]) -> Result<Resource, ParseError> {
    match args {
        [one] => resource(one),
        _ => Err(usage(t!("command-name-one-resource"), U_HELPER)),
    }
}

/// Parses the words after `helper`.
pub fn parse_helper(rest: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let Some((&verb, args)) = rest.split_first() else {
        return Err(usage(t!("helper-cmd-say-what"), U_HELPER));
    };
    let action = match verb.to_ascii_lowercase().as_str() {
        "use" => Action::UseHelper(parse_use(args, ctx)?),
        "decline" | "pass" | "skip" => Action::DeclineHelper,
        "flip" | "keep-b" => Action::FlipHelper,
        "exchange" | "swap" => match args {
            [name] => {
                Action::ExchangeHelper(Helper::parse(name).ok_or_else(|| not_a_helper(name))?)
            }
            _ => return Err(usage(t!("helper-cmd-name-exchange"), U_HELPER)),
        },
        "keep" => {
            let card = super::command::card_names::dev_card(&args.join(" "))
                .ok_or_else(|| usage(t!("helper-cmd-name-keep"), U_HELPER))?;
            Action::HelperChoice(HelperChoice::Keep(card))
        }
        "take" => Action::HelperChoice(HelperChoice::Take(one_resource(args)?)),
        "give" => {
            let Some(pos) = args.iter().position(|w| w.eq_ignore_ascii_case("to")) else {
                return Err(usage(t!("helper-cmd-give-to"), U_HELPER));
            };
            let card = one_resource(&args[..pos])?;
            let to = parse_player(&args[pos + 1..].join(" "), ctx, U_HELPER)? as Seat;
            Action::HelperChoice(HelperChoice::GiveBack { to, card })
        }
        other => {
            return Err(usage(
                t!("helper-cmd-unknown", verb = excerpt(other)),
                U_HELPER,
            ));
        }
    };
    Ok(Command::Action(action))
}

fn parse_use(args: &[&str], ctx: &ParseContext) -> Result<HelperUse, ParseError> {
    let Some((&name, args)) = args.split_first() else {
        return Err(usage(t!("helper-cmd-name-use"), U_HELPER));
    };
    let Some(helper) = Helper::parse(name) else {
        return Err(not_a_helper(name));
    };
    let topo = ctx.topology;
    Ok(match helper {
        Helper::Jean => HelperUse::Jean(one_resource(args)?),
        Helper::Marianne => HelperUse::Marianne(one_resource(args)?),
        Helper::Sean => match args {
            [w] if w.eq_ignore_ascii_case("keep") => HelperUse::Sean(SeanUse::KeepHand),
            _ => HelperUse::Sean(SeanUse::Take(one_resource(args)?)),
        },
        Helper::Hilde => HelperUse::Hilde {
            victim: parse_player(&args.join(" "), ctx, U_HELPER)? as Seat,
        },
        Helper::Lin => match args {
            [hex] => HelperUse::Lin {
                desert: parse_hex_label(hex, topo, U_HELPER)?,
            },
            _ => return Err(usage(t!("helper-cmd-lin"), U_HELPER)),
        },
        Helper::Candamir => match args {
            [] => HelperUse::Candamir { swap: None },
            [a, f, b] if f.eq_ignore_ascii_case("for") => HelperUse::Candamir {
                swap: Some((resource(a)?, resource(b)?)),
            },
            _ => {
                return Err(usage(t!("helper-cmd-candamir"), U_HELPER));
            }
        },
        Helper::Nassir => {
            let Some((&res, rest)) = args.split_first() else {
                return Err(usage(t!("helper-cmd-nassir"), U_HELPER));
            };
            let resource = resource(res)?;
            let rest = match rest.first() {
                Some(w) if w.eq_ignore_ascii_case("from") => &rest[1..],
                _ => rest,
            };
            let text = rest.join(" ");
            let mut parts = text.split(" and ");
            let from = parse_player(parts.next().unwrap_or(""), ctx, U_HELPER)? as Seat;
            let also = match parts.next() {
                Some(p) => Some(parse_player(p, ctx, U_HELPER)? as Seat),
                None => None,
            };
            HelperUse::Nassir {
                resource,
                from,
                also,
            }
        }
        Helper::Louis => {
            let Some(pos) = args.iter().position(|w| w.eq_ignore_ascii_case("to")) else {
                return Err(usage(t!("helper-cmd-louis-to"), U_HELPER));
            };
            let from = parse_edges(&args[..pos], topo, U_HELPER)?;
            let to = parse_edges(&args[pos + 1..], topo, U_HELPER)?;
            match (from.as_slice(), to.as_slice()) {
                ([from], [to]) => HelperUse::Louis {
                    from: *from,
                    to: *to,
                },
                _ => return Err(usage(t!("helper-cmd-louis-one"), U_HELPER)),
            }
        }
        Helper::William => {
            let n = args.len();
            if n < 3 {
                return Err(usage(t!("helper-cmd-william"), U_HELPER));
            }
            let edges = parse_edges(&args[..n - 2], topo, U_HELPER)?;
            let [edge] = edges.as_slice() else {
                return Err(usage(t!("helper-cmd-one-road"), U_HELPER));
            };
            HelperUse::William {
                edge: *edge,
                keep: resource(args[n - 2])?,
                with: resource(args[n - 1])?,
            }
        }
        Helper::Vincent => {
            let Some((&what, rest)) = args.split_first() else {
                return Err(usage(t!("helper-cmd-vincent"), U_HELPER));
            };
            let v = parse_one_vertex(rest, ctx, U_HELPER)?;
            match what.to_ascii_lowercase().as_str() {
                "settlement" | "settle" => HelperUse::Vincent(VincentBuild::Settlement(v)),
                "city" => HelperUse::Vincent(VincentBuild::City(v)),
                _ => return Err(usage(t!("helper-cmd-vincent-what"), U_HELPER)),
            }
        }
    })
}

/// The command text of a helper action (`None` for other actions).
pub fn helper_command_for(action: &Action, ctx: &ParseContext) -> Option<String> {
    let topo = ctx.topology;
    let name = |seat: Seat| names::address(seat as usize, ctx.players);
    Some(match action {
        Action::DeclineHelper => "helper decline".into(),
        Action::FlipHelper => "helper flip".into(),
        Action::ExchangeHelper(h) => format!("helper exchange {}", h.name().to_lowercase()),
        Action::HelperChoice(HelperChoice::Keep(c)) => format!("helper keep {c}", c = c.in_words()),
        Action::HelperChoice(HelperChoice::Take(r)) => format!("helper take {r}", r = r.in_words()),
        Action::HelperChoice(HelperChoice::GiveBack { to, card }) => {
            format!(
                "helper give {card} to {}",
                name(*to),
                card = card.in_words()
            )
        }
        Action::UseHelper(u) => {
            let rest = match u {
                HelperUse::Jean(r) | HelperUse::Marianne(r) => r.in_words(),
                HelperUse::Sean(SeanUse::KeepHand) => "keep".into(),
                HelperUse::Sean(SeanUse::Take(r)) => r.in_words(),
                HelperUse::Hilde { victim } => name(*victim),
                HelperUse::Lin { desert } => topo
                    .hex_labels
                    .get(*desert as usize)
                    .cloned()
                    .unwrap_or_default(),
                HelperUse::Candamir { swap: None } => String::new(),
                HelperUse::Candamir { swap: Some((a, b)) } => {
                    format!("{a} for {b}", a = a.in_words(), b = b.in_words())
                }
                HelperUse::Nassir {
                    resource,
                    from,
                    also,
                } => match also {
                    Some(a) => format!(
                        "{resource} from {} and {}",
                        name(*from),
                        name(*a),
                        resource = resource.in_words()
                    ),
                    None => format!(
                        "{resource} from {}",
                        name(*from),
                        resource = resource.in_words()
                    ),
                },
                HelperUse::Louis { from, to } => {
                    format!("{} to {}", topo.edge_label(*from), topo.edge_label(*to))
                }
                HelperUse::William { edge, keep, with } => {
                    format!(
                        "{} {keep} {with}",
                        topo.edge_label(*edge),
                        keep = keep.in_words(),
                        with = with.in_words()
                    )
                }
                HelperUse::Vincent(VincentBuild::Settlement(v)) => {
                    format!("settlement {}", topo.vertex_label(*v))
                }
                HelperUse::Vincent(VincentBuild::City(v)) => {
                    format!("city {}", topo.vertex_label(*v))
                }
            };
            let helper = u.helper().name().to_lowercase();
            if rest.is_empty() {
                format!("helper use {helper}")
            } else {
                format!("helper use {helper} {rest}")
            }
        }
        _ => return None,
    })
}
