//! A plausible mid-game position built by writing `Game`'s public fields directly, without the
//! rules engine: for the example image, the benchmark, the pixel tests and `render --sample`.
//! Pieces obey the distance rule and roads grow from their owner's settlements; hands, cards
//! and the robber are random but consistent with the pieces.

use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::game::{HeldCard, LastChange};
use crate::engine::{
    Building, Game, LayoutKind, Phase, Resources, Seat, Settings, Terrain, Topology, VertexId,
};

/// A game some turns in: 2–4 buildings and a few roads per player, some cities, cards in hand,
/// knights played, the robber away from the desert, a last roll and a highlighted last move.
pub fn sample_game(players: u8, layout: LayoutKind, seed: u64) -> Game {
    let players = players.clamp(2, 6);
    let mut game = Game::new(
        Settings {
            players,
            layout,
            ..Settings::default()
        },
        seed,
    );
    let topo = game.topology();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_cafe);
    let mut last = LastChange::default();
    let mut chains = vec![0u8; players as usize];

    for round in 0..4 {
        for seat in 0..players {
            if round >= 2 && rng.gen_bool(0.5) {
                continue;
            }
            let Some(v) = free_spot(&game, topo, &mut rng) else {
                continue;
            };
            place_settlement(&mut game, seat, v);
            let chain = grow_roads(&mut game, topo, seat, v, rng.gen_range(1..=4), &mut rng);
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
    for v in 0..game.buildings.len() {
        if let Some(b) = game.buildings[v] {
            let p = &mut game.players[b.owner as usize];
            if !b.city && p.cities_left > 0 && rng.gen_bool(0.3) {
                game.buildings[v] = Some(Building {
                    owner: b.owner,
                    city: true,
                });
                p.cities_left -= 1;
                p.settlements_left += 1;
            }
        }
    }

    for (seat, p) in game.players.iter_mut().enumerate() {
        let mut hand = Resources::default();
        for _ in 0..rng.gen_range(0..9) {
            hand.0[rng.gen_range(0..5)] += 1;
        }
        game.bank -= hand;
        p.hand = hand;
        for _ in 0..rng.gen_range(0..3) {
            if let Some(card) = game.deck.pop() {
                p.dev_cards.push(HeldCard {
                    card,
                    bought_turn: 5,
                });
            }
        }
        p.knights_played = rng.gen_range(0..4);
        p.route_length = chains[seat].max(1);
    }
    let best_route = (0..players).max_by_key(|&s| game.players[s as usize].route_length);
    game.longest_route = best_route.filter(|&s| game.players[s as usize].route_length >= 5);
    let best_army = (0..players).max_by_key(|&s| game.players[s as usize].knights_played);
    game.largest_army = best_army.filter(|&s| game.players[s as usize].knights_played >= 3);

    let land: Vec<u8> = (0..topo.hex_count() as u8)
        .filter(|&h| game.layout.terrain[h as usize] != Terrain::Desert)
        .collect();
    if let Some(&h) = land.choose(&mut rng) {
        game.robber = h;
        last.robber = Some(h);
    }
    game.last_placed = last;
    game.last_roll = Some((rng.gen_range(1..=6), rng.gen_range(1..=6)));
    game.current = players - 1;
    game.turn = 14;
    game.phase = Phase::Main;
    game
}

/// A random empty intersection obeying the distance rule.
fn free_spot(game: &Game, topo: &Topology, rng: &mut ChaCha8Rng) -> Option<VertexId> {
    let free: Vec<VertexId> = (0..topo.vertex_count() as VertexId)
        .filter(|&v| {
            game.buildings[v as usize].is_none()
                && topo.vertex_neighbors[v as usize]
                    .iter()
                    .all(|&n| game.buildings[n as usize].is_none())
        })
        .collect();
    free.choose(rng).copied()
}

fn place_settlement(game: &mut Game, seat: Seat, v: VertexId) {
    game.buildings[v as usize] = Some(Building {
        owner: seat,
        city: false,
    });
    game.players[seat as usize].settlements_left -= 1;
}

/// Lays up to `n` roads in a chain from `from`, stopping at other players' buildings.
fn grow_roads(
    game: &mut Game,
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
            .filter(|&e| game.roads[e as usize].is_none())
            .collect();
        let Some(&e) = options.choose(rng) else { break };
        if game.players[seat as usize].roads_left == 0 {
            break;
        }
        game.roads[e as usize] = Some(seat);
        game.players[seat as usize].roads_left -= 1;
        placed.push(e);
        let [a, b] = topo.edge_vertices[e as usize];
        at = if a == at { b } else { a };
        if game.buildings[at as usize].is_some_and(|b| b.owner != seat) {
            break;
        }
    }
    placed
}
