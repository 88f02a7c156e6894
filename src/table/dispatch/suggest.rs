//! Autocomplete: the caller's legal places, players and offers.

use super::*;

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
    let topo = g.topology();
    let names = s.names();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |value: String, desc: String| {
        if !out.iter().any(|(v, _)| *v == value) {
            out.push((value, desc));
        }
    };
    for a in g.legal_actions(seat) {
        match (kind, &a) {
            (PlaceKind::Settlement, Action::BuildSettlement(v))
            | (PlaceKind::City, Action::BuildCity(v)) => push(
                topo.vertex_label(*v),
                messages::vertex_text(topo, &g.layout, *v),
            ),
            (PlaceKind::Road, Action::BuildRoad(e))
            | (PlaceKind::Road, Action::PlayRoadBuilding { first: e, .. }) => {
                let [a, b] = topo.edge_vertices[*e as usize];
                push(
                    topo.edge_label(*e),
                    format!(
                        "{} · from {} to {}",
                        topo.edge_label(*e),
                        messages::vertex_text(topo, &g.layout, a),
                        messages::vertex_text(topo, &g.layout, b)
                    ),
                )
            }
            (PlaceKind::Robber, Action::MoveRobber { hex, .. })
            | (PlaceKind::Robber, Action::PlayKnight { hex, .. }) => push(
                topo.hex_labels[*hex as usize].clone(),
                messages::hex_text(topo, &g.layout, *hex),
            ),
            (
                PlaceKind::Victim,
                Action::MoveRobber {
                    victim: Some(v), ..
                },
            )
            | (
                PlaceKind::Victim,
                Action::PlayKnight {
                    victim: Some(v), ..
                },
            ) => {
                // The value is the seat, which always resolves to the player shown, whatever
                // the name looks like.
                let n = names.get(*v as usize).cloned().unwrap_or_default();
                let cards = g
                    .players
                    .get(*v as usize)
                    .map(|p| p.hand.total())
                    .unwrap_or(0);
                push(format!("seat {}", *v + 1), format!("{n} · {cards} cards"))
            }
            _ => {}
        }
    }
    // Typing a label narrows by label (`1` → 1, 10–19; a road by either end); typing words
    // searches the descriptions (`ore`, `port`, a player's name).
    let p = partial.trim().to_lowercase();
    if kind == PlaceKind::Victim {
        // Players are found by name (or `seat N`), compared as names are.
        let typed = names::key(partial);
        let name_of = |value: &str| {
            let seat: usize = value.strip_prefix("seat ")?.parse().ok()?;
            names.get(seat.checked_sub(1)?)
        };
        out.retain(|(v, _)| {
            *v == typed || name_of(v).is_some_and(|n| names::key(n).contains(&typed))
        });
        out.truncate(MAX_SUGGESTIONS);
        return out;
    }
    let by_label = p.chars().next().is_some_and(|c| c.is_ascii_digit())
        || (kind == PlaceKind::Robber && p.len() <= 2);
    let mut matching: Vec<(String, String)> = out
        .into_iter()
        .filter(|(v, d)| {
            let v = v.to_lowercase();
            if p.is_empty() {
                true
            } else if by_label {
                v.starts_with(&p)
                    || (kind == PlaceKind::Road && v.split('-').any(|x| x.starts_with(&p)))
            } else {
                d.to_lowercase().contains(&p)
            }
        })
        .collect();
    // Exact prefix matches first, then the rest, each in label order.
    matching.sort_by_key(|(v, _)| {
        let lc = v.to_lowercase();
        let nums: Vec<u32> = lc.split('-').filter_map(|x| x.parse().ok()).collect();
        (!lc.starts_with(&p), nums, lc)
    });
    matching.truncate(MAX_SUGGESTIONS);
    matching
}
