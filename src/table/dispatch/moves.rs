//! Answers about what is possible now: `moves`, `build road ?`, the legal places a refused
//! place names, and the robber's victim filled in when only one player can be robbed.

use super::suggest::places;
use super::{helper_moves, private_to_caller, seat_refusal, seated};
use crate::engine::{Action, Game, HexId, Phase, Seat, Topology, VertexId};
use crate::i18n::InWords;
use crate::t;
use crate::table::command::ParseError;
use crate::table::command::questions::question_for;
use crate::table::reply::{Caller, GameId, PlaceKind, Reply};
use crate::table::{Table, command};

/// How many places a `moves` line names before "… (N in all)".
const NAMED: usize = 12;
/// How many places a refusal names: the nearest to the refused one.
const NEAREST: usize = 6;

/// `build road ?` and the like: every choice of `kind`, one per line with its description.
pub(super) fn choices(table: &Table, caller: &Caller, kind: &PlaceKind) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some((g, names)) = game_and_names(table, id) else {
        return seat_refusal(table, caller);
    };
    let list = places(g, seat, &names, kind);
    let text = if list.is_empty() {
        format!(
            "{}\n{}",
            nothing_of(g, seat, &names, kind),
            moves_text(g, seat, &names)
        )
    } else {
        let mut lines = vec![format!("{} ({}):", heading(kind), list.len())];
        lines.extend(list.into_iter().map(|(_, description)| description));
        lines.join("\n")
    };
    vec![private_to_caller(caller, text).with_game(id)]
}

/// `moves`: everything the caller can do now, grouped by command.
pub(super) fn moves(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some((g, names)) = game_and_names(table, id) else {
        return seat_refusal(table, caller);
    };
    vec![private_to_caller(caller, moves_text(g, seat, &names)).with_game(id)]
}

fn game_and_names(table: &Table, id: GameId) -> Option<(&Game, Vec<String>)> {
    let s = table.sessions.get(&id)?;
    Some((s.game()?, s.names()))
}

fn heading(kind: &PlaceKind) -> String {
    match kind {
        PlaceKind::Settlement => t!("moves-head-settlement"),
        PlaceKind::City => t!("moves-head-city"),
        PlaceKind::Road => t!("moves-head-road"),
        PlaceKind::Robber => t!("moves-head-robber"),
        PlaceKind::Knight => t!("moves-head-knight"),
        PlaceKind::Victim { hex } => t!("moves-head-victim", hex = hex.as_str()),
        PlaceKind::FreeRoad => t!("moves-head-free-road"),
        PlaceKind::SecondFreeRoad { first } => {
            t!("moves-head-second-road", first = first.as_str())
        }
        PlaceKind::Helper => t!("moves-head-helper"),
    }
}

/// Why a `?` question has no answer, in words.
fn nothing_of(g: &Game, seat: Seat, names: &[String], kind: &PlaceKind) -> String {
    match kind {
        PlaceKind::Settlement => t!("moves-none-settlement"),
        PlaceKind::City => t!("moves-none-city"),
        PlaceKind::Road => t!("moves-none-road"),
        PlaceKind::Robber => t!("moves-none-robber"),
        PlaceKind::Knight => t!("moves-none-knight"),
        PlaceKind::Victim { hex } => {
            let hexes = |k: &PlaceKind| places(g, seat, names, k);
            let open = hexes(&PlaceKind::Robber)
                .into_iter()
                .chain(hexes(&PlaceKind::Knight))
                .any(|(h, _)| h.eq_ignore_ascii_case(hex));
            if open {
                t!("moves-none-victim", hex = hex.as_str())
            } else {
                t!("moves-none-robber-hex", hex = hex.as_str())
            }
        }
        PlaceKind::FreeRoad => t!("moves-none-free-road"),
        PlaceKind::SecondFreeRoad { first } => {
            t!("moves-none-second-road", first = first.as_str())
        }
        PlaceKind::Helper if g.helpers().is_none() => t!("moves-none-helpers-off"),
        PlaceKind::Helper => t!("moves-none-helper"),
    }
}

/// `moves` in words: one line per command, with the places it takes.
pub(super) fn moves_text(g: &Game, seat: Seat, names: &[String]) -> String {
    let legal = g.legal_actions(seat);
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let listed = |kind: PlaceKind| {
        let values: Vec<String> = places(g, seat, names, &kind)
            .into_iter()
            .map(|(v, _)| v)
            .collect();
        name_some(&values, NAMED, &question_for(&kind))
    };
    let mut lines: Vec<String> = Vec::new();
    if has(|a| *a == Action::Roll) {
        lines.push(t!("moves-roll"));
    }
    if let Phase::Discard { owed } = g.phase()
        && let Some((_, n)) = owed.iter().find(|(s, _)| *s == seat)
    {
        // An example from the player's own hand: the first `n` cards of it.
        let mut example = crate::engine::Resources::default();
        let hand = g.players()[seat as usize].hand;
        for (r, count) in hand.iter() {
            let take = count.min(n - example.total() as u8);
            example[r] += take;
        }
        lines.push(t!(
            "moves-discard",
            count = *n,
            example = command::resources_words(&example)
        ));
    }
    if has(|a| matches!(a, Action::MoveRobber { .. })) {
        lines.push(t!("moves-robber", places = listed(PlaceKind::Robber)));
    }
    if has(|a| matches!(a, Action::BuildSettlement(_))) {
        lines.push(t!(
            "moves-build-settlement",
            places = listed(PlaceKind::Settlement)
        ));
    }
    if has(|a| matches!(a, Action::BuildRoad(_))) {
        lines.push(t!("moves-build-road", places = listed(PlaceKind::Road)));
    }
    if has(|a| matches!(a, Action::BuildCity(_))) {
        lines.push(t!("moves-build-city", places = listed(PlaceKind::City)));
    }
    if has(|a| *a == Action::BuyDevCard) {
        lines.push(t!("moves-buy"));
    }
    if has(|a| matches!(a, Action::PlayKnight { .. })) {
        lines.push(t!("moves-play-knight", places = listed(PlaceKind::Knight)));
    }
    if has(|a| matches!(a, Action::PlayRoadBuilding { .. })) {
        lines.push(t!(
            "moves-play-road-building",
            places = listed(PlaceKind::FreeRoad)
        ));
    }
    if has(|a| matches!(a, Action::PlayInvention(..))) {
        lines.push(t!("moves-play-invention"));
    }
    if has(|a| matches!(a, Action::PlayMonopoly(_))) {
        lines.push(t!("moves-play-monopoly"));
    }
    for group in helper_moves::helper_groups(g, seat, names) {
        let rests: Vec<String> = group
            .rests
            .iter()
            .filter(|r| !r.is_empty())
            .cloned()
            .collect();
        let list = name_some(&rests, NAMED, &question_for(&PlaceKind::Helper));
        // Candamir's plain use and its swaps: the plain command, then the swaps it may add.
        let head = crate::table::command_words::say(&group.head);
        let list = crate::table::command_words::say(&list);
        let words = match (group.rests.iter().any(String::is_empty), list.is_empty()) {
            (_, true) => head,
            (false, false) => format!("{head} {list}"),
            (true, false) => t!("moves-helper-swap", head = head, list = list),
        };
        lines.push(t!(
            "moves-helper",
            words = words,
            what = group.what.as_str()
        ));
    }
    let mut bank: Vec<String> = Vec::new();
    for a in &legal {
        if let Action::MaritimeTrade { give, .. } = a {
            let offer = format!(
                "{} {give}",
                g.trade_rate(seat, *give),
                give = give.in_words()
            );
            if !bank.contains(&offer) {
                bank.push(offer);
            }
        }
    }
    if !bank.is_empty() {
        lines.push(t!("moves-bank", offers = bank.join(&t!("moves-or"))));
    }
    if *g.phase() == Phase::Main {
        let current = names.get(g.current() as usize).cloned().unwrap_or_default();
        lines.push(if seat == g.current() {
            t!("moves-trade-own")
        } else {
            t!("moves-trade-with", name = current)
        });
    }
    if has(|a| *a == Action::EndTurn) {
        lines.push(t!("moves-end"));
    }
    if lines.is_empty() {
        let waiting: Vec<String> = g
            .waiting_for()
            .iter()
            .map(|&s| names.get(s as usize).cloned().unwrap_or_default())
            .collect();
        return if waiting.is_empty() {
            t!("moves-nothing-over")
        } else {
            t!("moves-nothing-waits", who = waiting.join(&t!("moves-and")))
        };
    }
    let mut text = vec![t!("moves-what-now")];
    text.extend(lines.into_iter().map(|l| format!("  {l}")));
    text.join("\n")
}

/// `8-12, 12-17 or 17-22`, or the first few and `… (40 in all: build road ?)`.
fn name_some(values: &[String], limit: usize, question: &str) -> String {
    if values.len() <= limit {
        return match values.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{}{}{last}", rest.join(", "), t!("moves-or"))
            }
            Some((last, _)) => last.clone(),
            None => String::new(),
        };
    }
    t!(
        "moves-some",
        first = values[..limit].join(", "),
        count = values.len(),
        question = crate::table::command_words::say(question)
    )
}

/// When only one player can be robbed on the chosen hex, the robber or knight robs them
/// without being told whom.
pub(super) fn with_only_victim(table: &Table, id: GameId, seat: Seat, action: Action) -> Action {
    let Some(g) = table.sessions.get(&id).and_then(|s| s.game()) else {
        return action;
    };
    let only = |hex: HexId| match g.robber_victims(seat, hex).as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    match action {
        Action::MoveRobber { hex, victim: None } => Action::MoveRobber {
            hex,
            victim: only(hex),
        },
        Action::PlayKnight { hex, victim: None } => Action::PlayKnight {
            hex,
            victim: only(hex),
        },
        other => other,
    }
}

/// For a refused build at a place that is not open to `seat`: the places that are.
pub(super) fn place_hint(table: &Table, id: GameId, seat: Seat, action: &Action) -> Option<String> {
    let (g, names) = game_and_names(table, id)?;
    let topo = g.topology();
    let (kind, refused, what) = match action {
        Action::BuildSettlement(v) => (
            PlaceKind::Settlement,
            topo.vertex_label(*v),
            t!("moves-can-settlement-at"),
        ),
        Action::BuildCity(v) => (
            PlaceKind::City,
            topo.vertex_label(*v),
            t!("moves-can-city-at"),
        ),
        Action::BuildRoad(e) => (
            PlaceKind::Road,
            topo.edge_label(*e),
            t!("moves-can-road-at"),
        ),
        Action::PlayRoadBuilding { first, second } => {
            let first_label = topo.edge_label(*first);
            let firsts = places(g, seat, &names, &PlaceKind::FreeRoad);
            match second {
                Some(s) if firsts.iter().any(|(v, _)| *v == first_label) => (
                    PlaceKind::SecondFreeRoad {
                        first: first_label.clone(),
                    },
                    topo.edge_label(*s),
                    t!("moves-can-second-road-at"),
                ),
                _ => (
                    PlaceKind::FreeRoad,
                    first_label,
                    t!("moves-can-free-road-at"),
                ),
            }
        }
        _ => return None,
    };
    let values: Vec<String> = places(g, seat, &names, &kind)
        .into_iter()
        .map(|(v, _)| v)
        .collect();
    if values.is_empty() || values.contains(&refused) {
        return None;
    }
    let values = nearest_first(topo, &label_vertices(topo, &refused), values);
    Some(format!(
        "{what} {}.",
        name_some(&values, NEAREST, &question_for(&kind))
    ))
}

/// The intersections a place label names: `12` one, `8-13` two.
fn label_vertices(topo: &Topology, label: &str) -> Vec<VertexId> {
    label
        .split('-')
        .filter_map(|part| topo.parse_vertex(part))
        .collect()
}

/// `values` (place labels) sorted by how many steps along the paths they are from `near`,
/// so a refusal names the places close to what was asked for.
fn nearest_first(topo: &Topology, near: &[VertexId], mut values: Vec<String>) -> Vec<String> {
    let mut distance = vec![usize::MAX; topo.vertex_count()];
    let mut queue: std::collections::VecDeque<VertexId> = near.iter().copied().collect();
    for &v in near {
        distance[v as usize] = 0;
    }
    while let Some(v) = queue.pop_front() {
        for &n in &topo.vertex_neighbors[v as usize] {
            if distance[n as usize] == usize::MAX {
                distance[n as usize] = distance[v as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    values.sort_by_key(|label| {
        label_vertices(topo, label)
            .iter()
            .map(|&v| distance[v as usize])
            .min()
            .unwrap_or(usize::MAX)
    });
    values
}

/// For a road typed between two intersections that do not touch: the roads open to the caller.
pub(super) fn parse_hint(table: &Table, caller: &Caller, error: &ParseError) -> Option<String> {
    let ParseError::NotNeighbours { a, b, usage, .. } = error else {
        return None;
    };
    let (id, seat) = seated(table, caller)?;
    let (g, names) = game_and_names(table, id)?;
    let (kind, what) = if *usage == command::U_ROAD_BUILDING {
        (PlaceKind::FreeRoad, t!("moves-can-free-road-at"))
    } else {
        (PlaceKind::Road, t!("moves-can-road-at"))
    };
    let values: Vec<String> = places(g, seat, &names, &kind)
        .into_iter()
        .map(|(v, _)| v)
        .collect();
    let topo = g.topology();
    let values = nearest_first(topo, &label_vertices(topo, &format!("{a}-{b}")), values);
    (!values.is_empty()).then(|| {
        format!(
            "{what} {}.",
            name_some(&values, NEAREST, &question_for(&kind))
        )
    })
}

/// Adds `hint` to the refusal among `replies`, if there is one.
pub(super) fn add_to_refusal(replies: &mut [Reply], hint: Option<String>) {
    if let Some(hint) = hint
        && let Some(r) = replies.iter_mut().find(|r| r.is_refusal())
    {
        r.text.push(' ');
        r.text.push_str(&hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_cut_and_point_to_the_question() {
        let few: Vec<String> = ["3", "7", "23"].map(String::from).to_vec();
        assert_eq!(name_some(&few, 12, "build settlement ?"), "3, 7 or 23");
        assert_eq!(name_some(&few[..1], 12, "x"), "3");
        let many: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
        assert_eq!(
            name_some(&many, 12, "build settlement ?"),
            "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, … (20 in all: build settlement ?)"
        );
    }

    #[test]
    fn refusals_name_the_nearest_places_first() {
        let topo = Topology::get(crate::engine::BoardSize::Standard);
        let labels: Vec<String> = ["1", "54", "8-13", "17", "30-36"]
            .map(String::from)
            .to_vec();
        // From 12: 8-13 and 17 are one step away (12 neighbours 8 and 17), 1 three, 54 far.
        let sorted = nearest_first(topo, &[11], labels);
        assert_eq!(sorted[..2], ["8-13".to_string(), "17".to_string()]);
        assert_eq!(sorted.last().map(String::as_str), Some("54"));
    }
}
