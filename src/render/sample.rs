//! A plausible mid-game position, made up as a [`GameView`] (the renderer draws views, and a
//! view is plain public data): for the example image, the benchmark, the pixel tests and
//! `render --sample`. No rules are played: pieces obey the distance rule and roads grow from
//! their owner's settlements; hands, cards and the robber are random but consistent with the
//! pieces.

use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::game::{CITY_LIMIT, LastChange, OwnHand, SETTLEMENT_LIMIT, dev_card_counts};
use crate::engine::{
    Building, DevCard, Game, GameView, HeldCard, Layout, LayoutKind, Phase, Resources, Seat,
    Settings, Terrain, Topology, VertexId,
};

/// A game some turns in, as `viewer` sees it (`None`: public): 2–4 buildings and a few roads
/// per player, some cities, cards in hand, knights played, the robber away from the desert, a
/// last roll and a highlighted last move.
pub fn sample_view(players: u8, layout: LayoutKind, seed: u64, viewer: Option<Seat>) -> GameView {
    let players = players.clamp(2, 6);
    let settings = Settings {
        players,
        layout,
        ..Settings::default()
    };
    let mut deck = new_game_deck(&settings, seed);
    let mut view = Game::new(settings, seed).view(None);
    let topo = Topology::get(view.layout.size);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_cafe);
    let mut last = LastChange::default();
    let mut chains = vec![0u8; players as usize];

    for round in 0..4 {
        for seat in 0..players {
            if round >= 2 && rng.gen_bool(0.5) {
                continue;
            }
            let Some(v) = free_spot(&view, topo, &mut rng) else {
                continue;
            };
            view.buildings[v as usize] = Some(Building {
                owner: seat,
                city: false,
            });
            view.players[seat as usize].settlements_left -= 1;
            let chain = grow_roads(&mut view, topo, seat, v, rng.gen_range(1..=4), &mut rng);
            chains[seat as usize] = chains[seat as usize].max(chain.len() as u8);
            if seat == players - 1 {
                last = LastChange {
                    vertices: vec![v],
                    edges: chain.last().copied().into_iter().collect(),
                    robber: None,
                };
            }
        }
    }
    // Some settlements become cities.
    for v in 0..view.buildings.len() {
        if let Some(b) = view.buildings[v] {
            let p = &mut view.players[b.owner as usize];
            if !b.city && p.cities_left > 0 && rng.gen_bool(0.3) {
                view.buildings[v] = Some(Building {
                    owner: b.owner,
                    city: true,
                });
                p.cities_left -= 1;
                p.settlements_left += 1;
            }
        }
    }

    let mut hidden = Vec::new();
    for (seat, p) in view.players.iter_mut().enumerate() {
        let mut hand = Resources::default();
        for _ in 0..rng.gen_range(0..9) {
            hand.0[rng.gen_range(0..5)] += 1;
        }
        view.bank -= hand;
        let mut cards = Vec::new();
        for _ in 0..rng.gen_range(0..3) {
            if let Some(card) = deck.pop() {
                cards.push(HeldCard {
                    card,
                    bought_turn: 5,
                });
            }
        }
        p.resource_count = hand.total();
        p.dev_card_count = cards.len();
        p.knights_played = rng.gen_range(0..4);
        p.route_length = chains[seat].max(1);
        hidden.push((hand, cards));
    }
    view.deck_size = deck.len();
    let best_route = view.players.iter().max_by_key(|p| p.route_length);
    view.longest_route = best_route.filter(|p| p.route_length >= 5).map(|p| p.seat);
    let best_army = view.players.iter().max_by_key(|p| p.knights_played);
    view.largest_army = best_army.filter(|p| p.knights_played >= 3).map(|p| p.seat);
    for p in &mut view.players {
        let built = |left: u8, limit: u8| limit.saturating_sub(left);
        p.public_vp = built(p.settlements_left, SETTLEMENT_LIMIT)
            + 2 * built(p.cities_left, CITY_LIMIT)
            + 2 * u8::from(view.longest_route == Some(p.seat))
            + 2 * u8::from(view.largest_army == Some(p.seat));
    }

    let land: Vec<u8> = (0..topo.hex_count() as u8)
        .filter(|&h| view.layout.terrain[h as usize] != Terrain::Desert)
        .collect();
    if let Some(&h) = land.choose(&mut rng) {
        view.robber = h;
        last.robber = Some(h);
    }
    view.last_placed = last;
    view.last_roll = Some((rng.gen_range(1..=6), rng.gen_range(1..=6)));
    view.current = players - 1;
    view.turn = 14;
    view.phase = Phase::Main;

    view.viewer = viewer;
    view.own = viewer
        .and_then(|s| Some((s, hidden.get(s as usize)?)))
        .map(|(s, (hand, cards))| OwnHand {
            hand: *hand,
            dev_cards: cards.clone(),
            total_vp: view.players[s as usize].public_vp
                + cards
                    .iter()
                    .filter(|c| c.card == DevCard::VictoryPoint)
                    .count() as u8,
        });
    view
}

/// The development cards in the order a new game with these settings and seed stacks them:
/// the same draws `Game::new` makes (the board, then the deck), so the sample's cards are the
/// ones its pictures always showed.
fn new_game_deck(settings: &Settings, seed: u64) -> Vec<DevCard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let size = crate::engine::BoardSize::for_players(settings.players as usize);
    Layout::generate(size, settings.layout, &mut rng);
    let mut deck: Vec<DevCard> = dev_card_counts(size)
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
        .collect();
    deck.shuffle(&mut rng);
    deck
}

/// A random empty intersection obeying the distance rule.
fn free_spot(view: &GameView, topo: &Topology, rng: &mut ChaCha8Rng) -> Option<VertexId> {
    let free: Vec<VertexId> = (0..topo.vertex_count() as VertexId)
        .filter(|&v| {
            view.buildings[v as usize].is_none()
                && topo.vertex_neighbors[v as usize]
                    .iter()
                    .all(|&n| view.buildings[n as usize].is_none())
        })
        .collect();
    free.choose(rng).copied()
}

/// Lays up to `n` roads in a chain from `from`, stopping at other players' buildings.
fn grow_roads(
    view: &mut GameView,
    topo: &Topology,
    seat: Seat,
    from: VertexId,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<u8> {
    let mut at = from;
    let mut placed = Vec::new();
    for _ in 0..n {
        let options: Vec<u8> = topo.vertex_edges[at as usize]
            .iter()
            .copied()
            .filter(|&e| view.roads[e as usize].is_none())
            .collect();
        let Some(&e) = options.choose(rng) else { break };
        if view.players[seat as usize].roads_left == 0 {
            break;
        }
        view.roads[e as usize] = Some(seat);
        view.players[seat as usize].roads_left -= 1;
        placed.push(e);
        let [a, b] = topo.edge_vertices[e as usize];
        at = if a == at { b } else { a };
        if view.buildings[at as usize].is_some_and(|b| b.owner != seat) {
            break;
        }
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deck the sample draws from is the one a new game with the same seed stacks.
    #[test]
    fn the_sample_draws_from_the_deck_a_new_game_stacks() {
        use crate::engine::testkit;
        for (players, layout, seed) in [
            (4, LayoutKind::Variable, 7),
            (6, LayoutKind::RandomTokens, 3),
            (3, LayoutKind::Beginner, 5),
        ] {
            let settings = Settings {
                players,
                layout,
                ..Settings::default()
            };
            let game = Game::new(settings.clone(), seed);
            assert_eq!(new_game_deck(&settings, seed), testkit::deck(&game));
        }
    }

    /// The same position set up on a real game (through `testkit`) shows the same view: the
    /// sample's counts and victory points are the engine's (and its pictures what they were
    /// when the sample wrote a game's fields).
    #[test]
    fn the_sample_view_is_what_the_engine_shows_of_the_same_position() {
        use crate::engine::testkit;
        for (players, layout, seed) in [
            (4, LayoutKind::Variable, 7),
            (6, LayoutKind::Beginner, 33),
            (3, LayoutKind::RandomTokens, 21),
        ] {
            let settings = Settings {
                players,
                layout,
                ..Settings::default()
            };
            let mut g = Game::new(settings, seed);
            let topo = Topology::get(g.layout().size);
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_cafe);
            let mut last = LastChange::default();
            let mut chains = vec![0u8; players as usize];
            for round in 0..4 {
                for seat in 0..players {
                    if round >= 2 && rng.gen_bool(0.5) {
                        continue;
                    }
                    let Some(v) = free_spot(&g.view(None), topo, &mut rng) else {
                        continue;
                    };
                    testkit::place_settlement(&mut g, seat, v);
                    let mut view = g.view(None);
                    let chain =
                        grow_roads(&mut view, topo, seat, v, rng.gen_range(1..=4), &mut rng);
                    for &e in &chain {
                        let [a, b] = topo.edge_vertices[e as usize];
                        let mut t = testkit::TestGame { g };
                        t.road(seat, t.edge(a, b));
                        g = t.g;
                    }
                    chains[seat as usize] = chains[seat as usize].max(chain.len() as u8);
                    if seat == players - 1 {
                        last = LastChange {
                            vertices: vec![v],
                            edges: chain.last().copied().into_iter().collect(),
                            robber: None,
                        };
                    }
                }
            }
            for v in 0..g.buildings().len() {
                if let Some(b) = g.buildings()[v] {
                    let left = g.players()[b.owner as usize].cities_left;
                    if !b.city && left > 0 && rng.gen_bool(0.3) {
                        testkit::place_city(&mut g, b.owner, v as VertexId);
                    }
                }
            }
            let mut deck = testkit::deck(&g).to_vec();
            for seat in 0..players {
                let mut hand = Resources::default();
                for _ in 0..rng.gen_range(0..9) {
                    hand.0[rng.gen_range(0..5)] += 1;
                }
                let bank = g.bank() - hand;
                testkit::set_bank(&mut g, bank);
                testkit::set_hand(&mut g, seat, hand);
                let mut cards = Vec::new();
                for _ in 0..rng.gen_range(0..3) {
                    if let Some(card) = deck.pop() {
                        assert!(testkit::take_from_deck(&mut g, card));
                        cards.push(HeldCard {
                            card,
                            bought_turn: 5,
                        });
                    }
                }
                testkit::set_dev_cards(&mut g, seat, cards);
                testkit::set_knights_played(&mut g, seat, rng.gen_range(0..4));
                testkit::set_route_length(&mut g, seat, chains[seat as usize].max(1));
            }
            let route = |s: Seat| g.players()[s as usize].route_length;
            let best_route = (0..players).max_by_key(|&s| route(s));
            let holder = best_route.filter(|&s| route(s) >= 5);
            let army = |s: Seat| g.players()[s as usize].knights_played;
            let best_army = (0..players).max_by_key(|&s| army(s));
            let army_holder = best_army.filter(|&s| army(s) >= 3);
            testkit::set_longest_route(&mut g, holder);
            testkit::set_largest_army(&mut g, army_holder);
            let land: Vec<u8> = (0..topo.hex_count() as u8)
                .filter(|&h| g.layout().terrain[h as usize] != Terrain::Desert)
                .collect();
            if let Some(&h) = land.choose(&mut rng) {
                testkit::set_robber(&mut g, h);
                last.robber = Some(h);
            }
            testkit::set_last_placed(&mut g, last);
            testkit::set_last_roll(&mut g, Some((rng.gen_range(1..=6), rng.gen_range(1..=6))));
            testkit::set_current(&mut g, players - 1);
            testkit::set_turn(&mut g, 14);
            testkit::set_phase(&mut g, Phase::Main);
            for viewer in [None, Some(0), Some(players - 1)] {
                assert_eq!(sample_view(players, layout, seed, viewer), g.view(viewer));
            }
        }
    }

    /// What the view shows adds up: cards conserved, own hand as counted, VP as pieces say.
    #[test]
    fn the_sample_view_adds_up() {
        let view = sample_view(4, LayoutKind::Variable, 7, Some(2));
        let own = view.own.as_ref().expect("own hand");
        assert_eq!(own.hand.total(), view.players[2].resource_count);
        assert_eq!(own.dev_cards.len(), view.players[2].dev_card_count);
        let cards: u32 = view.players.iter().map(|p| p.resource_count).sum();
        assert_eq!(cards + view.bank.total(), 5 * 19);
        let dev: usize = view.players.iter().map(|p| p.dev_card_count).sum();
        assert_eq!(dev + view.deck_size, 25);
        assert_eq!(sample_view(4, LayoutKind::Variable, 7, None).own, None);
    }
}
