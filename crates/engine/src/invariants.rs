//! Invariants every reachable game state keeps, checked by the property tests and by
//! `catan-bot simulate --check` after every action.
//!
//! The errors are plain English developer text (which invariant broke, with seat numbers and
//! ids): only developers read them, in test failures and `simulate --check`, never players,
//! so they do not go through the catalogs.

use super::action::{Action, Phase};
use super::army::MIN_ARMY;
use super::derived::Derived;
use super::game::{CITY_LIMIT, Game, ROAD_LIMIT, SETTLEMENT_LIMIT};
use super::helpers::{Helper, HelperState, Pending};
use super::longest_route::{MIN_ROUTE, route_length};
use super::types::{DevCard, Resource, Seat};

/// Checks every invariant; the error names the first one broken.
pub fn check(g: &Game) -> Result<(), String> {
    check_scoped(g, true, true)
}

/// Checks every invariant after `action`, recomputing routes (the costly part) only after an
/// action that can change one: a road, a settlement (it may cut a route), Road Building; and
/// the derived bit sets only after an action that may place a piece (a stray piece placed by
/// any other action still breaks the piece count, checked after every action).
pub fn check_after(g: &Game, action: &Action) -> Result<(), String> {
    let routes = matches!(
        action,
        Action::BuildRoad(_) | Action::BuildSettlement(_) | Action::PlayRoadBuilding { .. }
    );
    let board = !matches!(
        action,
        Action::Roll
            | Action::EndTurn
            | Action::Discard(_)
            | Action::MoveRobber { .. }
            | Action::PlayKnight { .. }
            | Action::PlayInvention(..)
            | Action::PlayMonopoly(_)
            | Action::MaritimeTrade { .. }
            | Action::DomesticTrade { .. }
            | Action::BuyDevCard
    );
    check_scoped(g, routes, board)
}

fn check_scoped(g: &Game, routes: bool, board: bool) -> Result<(), String> {
    let n = g.players.len();
    let topo = g.topology();
    if !(2..=6).contains(&n) || g.current as usize >= n {
        return Err(format!("{n} players, current seat {}", g.current));
    }
    // resource cards: supply + hands = 19 (24) of each
    let total = g.resource_supply_total() as u32;
    for r in Resource::ALL {
        let held: u32 = g.players.iter().map(|p| p.hand[r] as u32).sum();
        if held + g.bank[r] as u32 != total {
            return Err(format!(
                "{}: supply {} + hands {held} != {total}",
                r.name(),
                g.bank[r]
            ));
        }
    }
    // development cards: deck + hands + played (+ discarded with Vincent, + looked at with
    // Candamir) = the mix, per kind where tracked
    let knights_discarded: u32 = g
        .helpers
        .as_ref()
        .map_or(0, |h| h.knights_discarded.iter().map(|&k| k as u32).sum());
    let looked_at_total = match g.helper_pending() {
        Some(Pending::KeepCard { cards, .. }) => cards.len() as u32,
        _ => 0,
    };
    // each kind in the deck, in hands and looked at, counted in one pass each
    let mut in_decks = [0u32; 5];
    for &c in &g.deck {
        in_decks[c as usize] += 1;
    }
    let mut helds = [0u32; 5];
    for c in g.players.iter().flat_map(|p| &p.dev_cards) {
        helds[c.card as usize] += 1;
    }
    let mut looked = [0u32; 5];
    if let Some(Pending::KeepCard { cards, .. }) = g.helper_pending() {
        for &c in cards {
            looked[c as usize] += 1;
        }
    }
    for (card, count) in g.dev_card_counts() {
        let in_deck = in_decks[card as usize];
        let held = helds[card as usize];
        let looked_at = looked[card as usize];
        let played: u32 = looked_at
            + match card {
                DevCard::Knight => {
                    g.players
                        .iter()
                        .map(|p| p.knights_played as u32)
                        .sum::<u32>()
                        + knights_discarded
                }
                DevCard::VictoryPoint => 0,
                _ => continue,
            };
        if in_deck + held + played != count as u32 {
            return Err(format!(
                "{}: deck {in_deck} + held {held} + played {played} != {count}",
                card.name()
            ));
        }
    }
    let all_cards: u32 = g.dev_card_counts().iter().map(|&(_, c)| c as u32).sum();
    let accounted = g.deck.len() as u32
        + knights_discarded
        + looked_at_total
        + g.players
            .iter()
            .map(|p| p.dev_cards.len() as u32 + p.knights_played as u32 + p.progress_played as u32)
            .sum::<u32>();
    if accounted != all_cards {
        return Err(format!(
            "development cards: {accounted} accounted of {all_cards}"
        ));
    }
    // the kept bit sets describe the board as it is
    if board && *g.derived() != Derived::compute(g) {
        return Err("derived bit sets differ from the board".into());
    }
    // pieces: on the board + left = limits (counted in one pass over the board)
    let mut road_count = [0u8; 6];
    for &o in g.roads.iter().flatten() {
        match road_count.get_mut(o as usize).filter(|_| (o as usize) < n) {
            Some(c) => *c = c.saturating_add(1),
            None => return Err(format!("a road of seat {o} with {n} players")),
        }
    }
    let mut building_count = [[0u8; 2]; 6];
    for b in g.buildings.iter().flatten() {
        let o = b.owner as usize;
        match building_count.get_mut(o).filter(|_| o < n) {
            Some(c) => c[b.city as usize] = c[b.city as usize].saturating_add(1),
            None => return Err(format!("a building of seat {o} with {n} players")),
        }
    }
    for (s, p) in g.players.iter().enumerate() {
        let seat = s as Seat;
        let roads = road_count[s];
        let [settlements, cities] = building_count[s];
        if roads + p.roads_left != ROAD_LIMIT
            || settlements + p.settlements_left != SETTLEMENT_LIMIT
            || cities + p.cities_left != CITY_LIMIT
        {
            return Err(format!(
                "seat {s} pieces: roads {roads}+{}, settlements {settlements}+{}, cities \
                 {cities}+{}",
                p.roads_left, p.settlements_left, p.cities_left
            ));
        }
        let len = if routes {
            route_length(topo, &g.roads, &g.buildings, seat)
        } else {
            p.route_length
        };
        if len != p.route_length {
            return Err(format!(
                "seat {s} route length {} but recomputed {len}",
                p.route_length
            ));
        }
        // public VP from the board equals what the view reports (no hidden cards)
        let board_vp = settlements + 2 * cities;
        let awards =
            2 * (g.longest_route == Some(seat)) as u8 + 2 * (g.largest_army == Some(seat)) as u8;
        if g.winner().is_none() {
            // what the view reports (`Game::view` shows `public_vp` until the game is won)
            let reported = g.public_vp(seat);
            if reported != board_vp + awards {
                return Err(format!(
                    "seat {s} public VP {reported}, board says {}",
                    board_vp + awards
                ));
            }
        }
    }
    // distance rule
    for (v, b) in g.buildings.iter().enumerate() {
        if b.is_some() {
            for &w in &topo.vertex_neighbors[v] {
                if g.buildings[w as usize].is_some() {
                    return Err(format!("buildings on neighbours {} and {}", v + 1, w + 1));
                }
            }
        }
    }
    // Longest Route holder
    let max_len = g.players.iter().map(|p| p.route_length).max().unwrap_or(0);
    let at_max = g
        .players
        .iter()
        .filter(|p| p.route_length == max_len)
        .count();
    match g.longest_route {
        Some(h) => {
            let l = g.players[h as usize].route_length;
            if l < MIN_ROUTE || l != max_len {
                return Err(format!(
                    "Longest Route held by seat {h} with {l}, longest is {max_len}"
                ));
            }
        }
        None => {
            if max_len >= MIN_ROUTE && at_max == 1 {
                return Err(format!(
                    "Longest Route unheld though one player alone has {max_len}"
                ));
            }
        }
    }
    // Largest Army holder
    let max_k = g
        .players
        .iter()
        .map(|p| p.knights_played)
        .max()
        .unwrap_or(0);
    match g.largest_army {
        Some(h) => {
            let k = g.players[h as usize].knights_played;
            if k < MIN_ARMY || k != max_k {
                return Err(format!(
                    "Largest Army held by seat {h} with {k}, most is {max_k}"
                ));
            }
        }
        None => {
            // with helpers, a discarded knight can leave a tie: the card is set aside
            let at_max_k = g
                .players
                .iter()
                .filter(|p| p.knights_played == max_k)
                .count();
            if max_k >= MIN_ARMY && (g.helpers.is_none() || at_max_k == 1) {
                return Err(format!("Largest Army unheld with {max_k} knights played"));
            }
        }
    }
    // robber on the board
    if g.robber as usize >= g.layout.terrain.len() {
        return Err(format!("robber on hex {}", g.robber));
    }
    // phase consistency
    match &g.phase {
        Phase::Discard { owed } => {
            if owed.is_empty() {
                return Err("discard phase with nobody owing".into());
            }
            for &(s, k) in owed {
                let hand = g.players[s as usize].hand.total();
                if k == 0 || k as u32 > hand {
                    return Err(format!("seat {s} owes {k} with {hand} cards"));
                }
            }
        }
        Phase::SpecialBuild { builder } if *builder == g.current || n < 5 => {
            return Err(format!("special building by seat {builder}"));
        }
        Phase::Finished { winner } => {
            let vp = g.total_vp(*winner);
            if vp < g.settings.vp_target {
                return Err(format!("winner {winner} has only {vp} VP"));
            }
        }
        _ => {}
    }
    if let Some(h) = &g.helpers {
        check_helpers(g, h)?;
    }
    Ok(())
}

/// Helpers of Catan: every player holds exactly one helper after the setup; held, display and
/// undealt stack are the ten helpers once each; the display is A side up by construction; a
/// pending step belongs to a seat holding the helper it concerns.
fn check_helpers(g: &Game, h: &HelperState) -> Result<(), String> {
    let n = g.players.len();
    if h.held.len() != n || h.knights_discarded.len() != n {
        return Err(format!("helper state for {} seats of {n}", h.held.len()));
    }
    if !g.in_setup() && h.held.iter().any(Option::is_none) {
        return Err("a player without a helper after the setup".into());
    }
    let mut all: Vec<Helper> = h.held.iter().flatten().map(|x| x.helper).collect();
    all.extend(&h.stack);
    all.extend(&h.display);
    all.sort();
    if all != Helper::ALL {
        return Err(format!("helpers held + stack + display = {all:?}"));
    }
    for (s, held) in h.held.iter().enumerate() {
        if let Some(x) = held
            && (x.received_turn > g.turn || x.used_turn.is_some_and(|t| t > g.turn))
        {
            return Err(format!(
                "seat {s} helper {x:?} from the future (turn {})",
                g.turn
            ));
        }
    }
    if let Some(p) = &h.pending {
        let seat = p.seat();
        let Some(x) = h.of(seat) else {
            return Err(format!("pending {p:?} for seat {seat} without a helper"));
        };
        let fresh = x.used_turn == Some(g.turn) || x.received_turn == g.turn;
        match p {
            Pending::Offer { helper, .. } if *helper != x.helper || fresh => {
                return Err(format!("offer {p:?} to seat {seat} holding {x:?}"));
            }
            Pending::Offer { .. } => {}
            _ if x.used_turn != Some(g.turn) => {
                return Err(format!("pending {p:?} but {x:?} was not used this turn"));
            }
            _ => {}
        }
    }
    Ok(())
}
