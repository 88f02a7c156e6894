//! Autocomplete: the caller's legal places, players and offers. Every suggestion comes from
//! one of the caller's legal actions, so choosing it is accepted.

use crate::engine::{Action, EdgeId, Game, Seat, Topology};
use crate::table::place_order;

use super::{MAX_SUGGESTIONS, helper_moves, seated};
use crate::table::reply::{Caller, PlaceKind};
use crate::table::{Table, messages, names};

/// Autocomplete for `caller`: their choices of `kind` now, filtered by `partial`, at most
/// [`MAX_SUGGESTIONS`].
pub fn suggest(
    table: &Table,
    caller: &Caller,
    kind: PlaceKind,
    partial: &str,
) -> Vec<(String, String)> {
    let Some((id, seat)) = seated(table, caller) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let mut matching = narrow(places(g, seat, &s.names(), &kind), &kind, partial);
    matching.truncate(MAX_SUGGESTIONS);
    matching
}

/// Every choice of `kind` open to `seat` now, as (value, description), best first (see
/// [`place_order`]: pips, then variety and ports; players by seat). The value is what the
/// command takes (`23`, `8-13`, `C3`, `bob`); a corner's description shows its pips.
pub(super) fn places(
    g: &Game,
    seat: Seat,
    names: &[String],
    kind: &PlaceKind,
) -> Vec<(String, String)> {
    if *kind == PlaceKind::Helper {
        return helper_moves::helper_choices(g, seat, names);
    }
    let topo = g.topology();
    // The option chosen before this one, when the kind depends on it.
    let hex = match kind {
        PlaceKind::Victim { hex } => match topo.parse_hex(hex.trim()) {
            Some(h) => Some(h),
            None => return Vec::new(),
        },
        _ => None,
    };
    let first = match kind {
        PlaceKind::SecondFreeRoad { first } => match parse_road_label(topo, first) {
            Some(e) => Some(e),
            None => return Vec::new(),
        },
        _ => None,
    };
    // Each choice with its place's rank (`None` for players, who keep seat order).
    let mut out: Vec<(Option<place_order::Key>, String, String)> = Vec::new();
    let mut push = |rank: Option<place_order::Key>, value: String, desc: String| {
        if !out.iter().any(|(_, v, _)| *v == value) {
            out.push((rank, value, desc));
        }
    };
    let layout = g.layout();
    for a in g.legal_actions(seat) {
        match (kind, &a) {
            (PlaceKind::Settlement, Action::BuildSettlement(v))
            | (PlaceKind::City, Action::BuildCity(v)) => push(
                Some(place_order::spot_key(topo, layout, *v)),
                topo.vertex_label(*v),
                place_order::spot_text(topo, layout, *v),
            ),
            (PlaceKind::Road, Action::BuildRoad(e))
            | (PlaceKind::FreeRoad, Action::PlayRoadBuilding { first: e, .. }) => push(
                Some(place_order::road_key(topo, layout, *e)),
                topo.edge_label(*e),
                road_text(g, *e),
            ),
            (
                PlaceKind::SecondFreeRoad { .. },
                Action::PlayRoadBuilding {
                    first: f,
                    second: Some(e),
                },
            ) if Some(*f) == first => push(
                Some(place_order::road_key(topo, layout, *e)),
                topo.edge_label(*e),
                road_text(g, *e),
            ),
            (PlaceKind::Robber, Action::MoveRobber { hex, .. })
            | (PlaceKind::Knight, Action::PlayKnight { hex, .. }) => push(
                Some(place_order::hex_key(layout, *hex)),
                topo.hex_labels[*hex as usize].clone(),
                robber_text(g, seat, names, *hex),
            ),
            (
                PlaceKind::Victim { .. },
                Action::MoveRobber {
                    hex: h,
                    victim: Some(v),
                }
                | Action::PlayKnight {
                    hex: h,
                    victim: Some(v),
                },
            ) if Some(*h) == hex => {
                // The value is the seat, which always resolves to the player shown, whatever
                // the name looks like.
                let n = names.get(*v as usize).cloned().unwrap_or_default();
                let cards = g
                    .players()
                    .get(*v as usize)
                    .map(|p| p.hand.total())
                    .unwrap_or(0);
                push(
                    None,
                    format!("seat {}", *v + 1),
                    format!("{n} · {cards} cards"),
                )
            }
            _ => {}
        }
    }
    out.sort_by(|(ra, va, _), (rb, vb, _)| {
        ra.cmp(rb)
            .then_with(|| label_order(va).cmp(&label_order(vb)))
    });
    out.into_iter().map(|(_, v, d)| (v, d)).collect()
}

/// `C3 (ore 11) · rob bob or carol`: a hex for the robber, with whom it could rob there.
fn robber_text(g: &Game, seat: Seat, names: &[String], hex: crate::engine::HexId) -> String {
    let hex_text = messages::hex_text(g.topology(), g.layout(), hex);
    let victims: Vec<String> = g
        .robber_victims(seat, hex)
        .iter()
        .map(|&v| names.get(v as usize).cloned().unwrap_or_default())
        .collect();
    match victims.split_last() {
        None => hex_text,
        Some((last, [])) => format!("{hex_text} · rob {last}"),
        Some((last, rest)) => format!("{hex_text} · rob {} or {last}", rest.join(", ")),
    }
}

/// `8-13 · from 8 (lumber 5) to 13 (lumber 5, grain 2)`.
fn road_text(g: &Game, e: EdgeId) -> String {
    let topo = g.topology();
    let [a, b] = topo.edge_vertices[e as usize];
    let end = |v| {
        let text = place_order::spot_text(topo, g.layout(), v);
        match text.split_once(" · ") {
            Some((label, what)) => format!("{label} ({})", what.replace(" · ", ", ")),
            None => text,
        }
    };
    format!("{} · from {} to {}", topo.edge_label(e), end(a), end(b))
}

/// A road typed as `8-13`, `13-8` or `8 13`.
pub(super) fn parse_road_label(topo: &Topology, text: &str) -> Option<EdgeId> {
    let ends: Vec<&str> = text
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    match ends.as_slice() {
        [a, b] => topo.edge_between(topo.parse_vertex(a)?, topo.parse_vertex(b)?),
        _ => None,
    }
}

/// Sorts labels as players read them: numbers numerically (`8-13` before `12-17`), hexes and
/// names alphabetically.
fn label_order(value: &str) -> (Vec<u32>, String) {
    let lc = value.to_lowercase();
    let nums: Vec<u32> = lc.split('-').filter_map(|x| x.parse().ok()).collect();
    (nums, lc)
}

/// Keeps the choices `partial` matches. Typing a label narrows by label (`1` → 1, 10–19; a
/// road by either end); typing words searches the descriptions (`ore`, `port`, a name).
fn narrow(
    choices: Vec<(String, String)>,
    kind: &PlaceKind,
    partial: &str,
) -> Vec<(String, String)> {
    let p = partial.trim().to_lowercase();
    if *kind == PlaceKind::Helper {
        return helper_moves::narrow_helper(choices, partial);
    }
    if matches!(kind, PlaceKind::Victim { .. }) {
        // Players are found by name (or `seat N`), compared as names are; the description
        // starts with the name.
        let typed = names::key(partial);
        return choices
            .into_iter()
            .filter(|(v, d)| {
                let name = d.split(" · ").next().unwrap_or_default();
                *v == typed || names::key(name).contains(&typed)
            })
            .collect();
    }
    let roads = matches!(
        kind,
        PlaceKind::Road | PlaceKind::FreeRoad | PlaceKind::SecondFreeRoad { .. }
    );
    let hexes = matches!(kind, PlaceKind::Robber | PlaceKind::Knight);
    let by_label = p.chars().next().is_some_and(|c| c.is_ascii_digit()) || (hexes && p.len() <= 2);
    let mut matching: Vec<(String, String)> = choices
        .into_iter()
        .filter(|(v, d)| {
            let v = v.to_lowercase();
            if p.is_empty() {
                true
            } else if by_label {
                v.starts_with(&p) || (roads && v.split('-').any(|x| x.starts_with(&p)))
            } else {
                d.to_lowercase().contains(&p)
            }
        })
        .collect();
    // Exact prefix matches first, then the rest, each in the order of `places` (best first).
    matching.sort_by_key(|(v, _)| !v.to_lowercase().starts_with(&p));
    matching
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::HexId;
    use crate::engine::testkit::TestGame;
    use crate::engine::{DevCard, Phase, Resource, Resources};

    fn names() -> Vec<String> {
        vec!["alice".into(), "bob".into(), "carol".into()]
    }

    fn values(list: &[(String, String)]) -> Vec<String> {
        list.iter().map(|(v, _)| v.clone()).collect()
    }

    #[test]
    fn victims_are_only_those_on_the_chosen_hex_with_cards() {
        let mut t = TestGame::main_phase(3);
        let topo = t.topo();
        let hex: HexId = 4;
        let corners = topo.hex_vertices[hex as usize];
        t.settlement(2, corners[0]);
        // bob's settlement is elsewhere; carol is on the hex
        let far = (0..topo.vertex_count() as u8)
            .find(|v| !topo.vertex_hexes[*v as usize].contains(&hex))
            .unwrap_or(0);
        t.settlement(1, far);
        t.give(1, Resources::one(Resource::Ore));
        t.give(2, Resources::one(Resource::Wool));
        crate::engine::testkit::set_phase(&mut t.g, Phase::MoveRobber);
        let label = topo.hex_labels[hex as usize].clone();
        let victims = places(&t.g, 0, &names(), &PlaceKind::Victim { hex: label });
        assert_eq!(values(&victims), vec!["seat 3".to_string()]);
        assert_eq!(victims[0].1, "carol · 1 cards");
        // carol without cards: nobody to rob there
        crate::engine::testkit::set_hand(&mut t.g, 2, Resources::default());
        let bank = t.g.bank() + Resources::of(Resource::Wool, 1);
        crate::engine::testkit::set_bank(&mut t.g, bank);
        let label = topo.hex_labels[hex as usize].clone();
        assert!(places(&t.g, 0, &names(), &PlaceKind::Victim { hex: label }).is_empty());
        // a hex that does not exist suggests nobody
        let bad = PlaceKind::Victim { hex: "Z9".into() };
        assert!(places(&t.g, 0, &names(), &bad).is_empty());
    }

    #[test]
    fn second_free_road_builds_on_the_first_and_never_repeats_it() {
        let mut t = TestGame::main_phase(3);
        let topo = t.topo();
        t.settlement(0, 0);
        t.dev(0, DevCard::RoadBuilding);
        crate::engine::testkit::set_turn(&mut t.g, 2);
        let firsts = places(&t.g, 0, &names(), &PlaceKind::FreeRoad);
        assert!(!firsts.is_empty());
        for (first, _) in &firsts {
            let e = parse_road_label(topo, first).unwrap_or(0);
            let seconds = places(
                &t.g,
                0,
                &names(),
                &PlaceKind::SecondFreeRoad {
                    first: first.clone(),
                },
            );
            let seconds = values(&seconds);
            assert!(!seconds.contains(first), "{first}: {seconds:?}");
            // a road touching the far end of the first one is offered: it builds on it
            let [a, b] = topo.edge_vertices[e as usize];
            let far = if a == 0 { b } else { a };
            let beyond: Vec<String> = topo.vertex_edges[far as usize]
                .iter()
                .filter(|&&x| x != e)
                .map(|&x| topo.edge_label(x))
                .collect();
            assert!(
                beyond.iter().all(|r| seconds.contains(r)),
                "{first}: {seconds:?} lacks {beyond:?}"
            );
        }
    }

    #[test]
    fn robber_and_knight_hexes_are_apart() {
        let mut t = TestGame::main_phase(3);
        t.dev(0, DevCard::Knight);
        crate::engine::testkit::set_turn(&mut t.g, 2);
        let knight = places(&t.g, 0, &names(), &PlaceKind::Knight);
        assert_eq!(knight.len(), t.topo().hex_count() - 1);
        assert!(places(&t.g, 0, &names(), &PlaceKind::Robber).is_empty());
        crate::engine::testkit::set_phase(&mut t.g, Phase::MoveRobber);
        assert_eq!(
            places(&t.g, 0, &names(), &PlaceKind::Robber).len(),
            t.topo().hex_count() - 1
        );
    }

    #[test]
    fn partial_input_narrows_by_label_or_description() {
        let list = vec![
            ("1".to_string(), "1 · ore 8".to_string()),
            ("12".to_string(), "12 · grain 2".to_string()),
            ("21".to_string(), "21 · ore 3".to_string()),
        ];
        let k = PlaceKind::Settlement;
        assert_eq!(values(&narrow(list.clone(), &k, "1")), ["1", "12"]);
        assert_eq!(values(&narrow(list.clone(), &k, "ore")), ["1", "21"]);
        let roads = vec![
            ("8-13".to_string(), String::new()),
            ("12-17".to_string(), String::new()),
        ];
        assert_eq!(
            values(&narrow(roads, &PlaceKind::Road, "13")),
            ["8-13"],
            "a road matches by either end"
        );
    }
}
