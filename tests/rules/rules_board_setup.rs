//! RULES.md §1 (components), §2 (board) and §3 (setup).

use catan_bot::engine::game::{CITY_LIMIT, ROAD_LIMIT, SETTLEMENT_LIMIT};
use catan_bot::engine::testkit::{self, TestGame};
use catan_bot::engine::{
    Action, BoardSize, DevCard, Event, Game, Layout, LayoutKind, Phase, PortKind, Resource,
    Resources, RuleError, Settings, Terrain, Topology, invariants,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn count_terrain(g: &Game, t: Terrain) -> usize {
    g.layout().terrain.iter().filter(|&&x| x == t).count()
}

#[test]
fn components_three_four_players() {
    for players in [3, 4] {
        let g = Game::new(Settings::for_players(players), 2);
        assert_eq!(g.layout().size, BoardSize::Standard);
        assert_eq!(g.bank(), Resources([19; 5]));
        assert_eq!(g.deck_size(), 25);
        let n = |c| testkit::deck(&g).iter().filter(|&&d| d == c).count();
        assert_eq!(
            [
                n(DevCard::Knight),
                n(DevCard::VictoryPoint),
                n(DevCard::RoadBuilding),
                n(DevCard::Invention),
                n(DevCard::Monopoly)
            ],
            [14, 5, 2, 2, 2]
        );
        assert_eq!(
            [
                Terrain::Hills,
                Terrain::Forest,
                Terrain::Pasture,
                Terrain::Fields,
                Terrain::Mountains,
                Terrain::Desert
            ]
            .map(|t| count_terrain(&g, t)),
            [3, 4, 4, 4, 3, 1]
        );
        let mut tokens: Vec<u8> = g.layout().tokens.iter().flatten().copied().collect();
        tokens.sort();
        assert_eq!(
            tokens,
            vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
        );
        assert_eq!(g.layout().ports.len(), 9);
        let generic = g
            .layout()
            .ports
            .iter()
            .filter(|p| p.kind == PortKind::Generic)
            .count();
        assert_eq!(generic, 4);
        for r in Resource::ALL {
            let special = g
                .layout()
                .ports
                .iter()
                .filter(|p| p.kind == PortKind::Special(r))
                .count();
            assert_eq!(special, 1, "{r:?} port");
        }
        for p in g.players() {
            assert_eq!(
                (p.roads_left, p.settlements_left, p.cities_left),
                (ROAD_LIMIT, SETTLEMENT_LIMIT, CITY_LIMIT)
            );
            assert_eq!((ROAD_LIMIT, SETTLEMENT_LIMIT, CITY_LIMIT), (15, 5, 4));
        }
    }
}

#[test]
fn components_five_six_players() {
    for players in [5, 6] {
        let g = Game::new(Settings::for_players(players), 2);
        assert_eq!(g.layout().size, BoardSize::Extended);
        assert_eq!(g.bank(), Resources([24; 5]));
        assert_eq!(g.deck_size(), 34);
        let n = |c| testkit::deck(&g).iter().filter(|&&d| d == c).count();
        assert_eq!(
            [
                n(DevCard::Knight),
                n(DevCard::VictoryPoint),
                n(DevCard::RoadBuilding),
                n(DevCard::Invention),
                n(DevCard::Monopoly)
            ],
            [20, 5, 3, 3, 3]
        );
        assert_eq!(
            [
                Terrain::Hills,
                Terrain::Forest,
                Terrain::Pasture,
                Terrain::Fields,
                Terrain::Mountains,
                Terrain::Desert
            ]
            .map(|t| count_terrain(&g, t)),
            [5, 6, 6, 6, 5, 2]
        );
        assert_eq!(g.layout().tokens.iter().flatten().count(), 28);
        assert_eq!(g.layout().ports.len(), 11);
        let wool = g
            .layout()
            .ports
            .iter()
            .filter(|p| p.kind == PortKind::Special(Resource::Wool))
            .count();
        assert_eq!(wool, 2);
        assert_eq!(g.players().len(), players as usize);
    }
}

#[test]
fn beginner_map_matches_the_rulebook() {
    let mut s = Settings::for_players(4);
    s.layout = LayoutKind::Beginner;
    let g = Game::new(s, 99);
    use Terrain::*;
    let expected = [
        (Mountains, Some(10)),
        (Pasture, Some(2)),
        (Forest, Some(9)),
        (Fields, Some(12)),
        (Hills, Some(6)),
        (Pasture, Some(4)),
        (Hills, Some(10)),
        (Fields, Some(9)),
        (Forest, Some(11)),
        (Desert, None),
        (Forest, Some(3)),
        (Mountains, Some(8)),
        (Forest, Some(8)),
        (Mountains, Some(3)),
        (Fields, Some(4)),
        (Pasture, Some(5)),
        (Hills, Some(5)),
        (Fields, Some(6)),
        (Pasture, Some(11)),
    ];
    for (h, (t, tok)) in expected.iter().enumerate() {
        assert_eq!(
            (g.layout().terrain[h], g.layout().tokens[h]),
            (*t, *tok),
            "hex {h}"
        );
    }
    assert_eq!(g.robber(), 9, "robber starts on the desert");
}

#[test]
fn robber_starts_on_a_desert_and_seed_fixes_the_board() {
    for players in 3..=6 {
        for seed in 0..5 {
            let a = Game::new(Settings::for_players(players), seed);
            let b = Game::new(Settings::for_players(players), seed);
            assert_eq!(a.layout(), b.layout());
            assert_eq!(testkit::deck(&a), testkit::deck(&b));
            assert_eq!(a.layout().terrain[a.robber() as usize], Terrain::Desert);
            invariants::check(&a).unwrap();
        }
    }
    let a = Game::new(Settings::for_players(4), 1);
    let b = Game::new(Settings::for_players(4), 2);
    assert_ne!(a.layout(), b.layout());
}

#[test]
fn variable_board_tokens_follow_the_spiral() {
    // Tokens follow the book's spiral sequence from one of the six corners, skipping deserts.
    let spiral = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];
    for seed in 0..10 {
        let g = Game::new(Settings::for_players(4), seed);
        let topo = g.topology();
        let ok = (0..6).any(|c| {
            let seq: Vec<u8> = topo
                .spiral(c)
                .iter()
                .filter_map(|&h| g.layout().tokens[h as usize])
                .collect();
            seq == spiral
        });
        assert!(ok, "seed {seed}: tokens are not in spiral order");
    }
}

#[test]
fn setup_order_for_every_player_count() {
    for players in 2..=6u8 {
        let mut g = Game::new(Settings::for_players(players), 4);
        let mut order = Vec::new();
        while g.in_setup() {
            order.push(g.current());
            for _ in 0..2 {
                let a = g.legal_actions(g.current())[0].clone();
                g.apply(g.current(), &a).unwrap();
            }
        }
        let mut expected: Vec<u8> = (0..players).collect();
        expected.extend((0..players).rev());
        assert_eq!(order, expected);
        assert_eq!(*g.phase(), Phase::BeforeRoll);
        assert_eq!((g.current(), g.turn()), (0, 1));
        for p in g.players() {
            assert_eq!((p.settlements_left, p.roads_left), (3, 13));
        }
    }
}

#[test]
fn setup_settlement_then_road_touching_it() {
    let mut g = Game::new(Settings::for_players(3), 8);
    // a road first is refused
    let e = g.topology().vertex_edges[10][0];
    let err = g.apply(0, &Action::BuildRoad(e)).unwrap_err();
    assert!(said(&g, &err).contains("setup settlement"), "{err}");
    g.apply(0, &Action::BuildSettlement(10)).unwrap();
    // a second settlement before the road is refused
    let err = g.apply(0, &Action::BuildSettlement(40)).unwrap_err();
    assert!(
        said(&g, &err).contains("road touching your settlement at 11"),
        "{err}"
    );
    // legal roads are exactly the free edges at that settlement
    let legal = g.legal_actions(0);
    let expected: Vec<Action> = g.topology().vertex_edges[10]
        .iter()
        .map(|&e| Action::BuildRoad(e))
        .collect();
    assert_eq!(legal, expected);
}

#[test]
fn round_two_road_must_touch_the_second_settlement() {
    let mut g = testkit::game_in_setup_round_two(3, 5);
    let seat = g.current();
    assert_eq!(seat, 2);
    let own_first = (0..54u8)
        .find(|&v| matches!(g.buildings()[v as usize], Some(b) if b.owner == seat))
        .unwrap();
    let v = (0..54u8)
        .find(|&v| g.legal_actions(seat).contains(&Action::BuildSettlement(v)))
        .unwrap();
    g.apply(seat, &Action::BuildSettlement(v)).unwrap();
    // an edge at the first settlement is not allowed now
    let topo = g.topology();
    let at_first = topo.vertex_edges[own_first as usize]
        .iter()
        .copied()
        .find(|&e| g.roads()[e as usize].is_none())
        .unwrap();
    let before = testkit::serialize(&g);
    let err = g.apply(seat, &Action::BuildRoad(at_first)).unwrap_err();
    assert!(matches!(err, RuleError::SetupRoadMustTouch { .. }), "{err}");
    assert_eq!(before, testkit::serialize(&g));
}

#[test]
fn starting_resources_only_for_the_second_settlement_desert_gives_nothing() {
    let mut s = Settings::for_players(3);
    s.layout = LayoutKind::Beginner;
    let mut g = Game::new(s, 1);
    let topo = Topology::get(BoardSize::Standard);
    // round one: settlement at a corner of the desert (C3, hex 9)
    let desert_corner = topo.hex_vertices[9][0];
    g.apply(0, &Action::BuildSettlement(desert_corner)).unwrap();
    assert!(g.players()[0].hand.is_empty());
    let road = topo.vertex_edges[desert_corner as usize][0];
    g.apply(0, &Action::BuildRoad(road)).unwrap();
    // finish round one and round two for seats 2 and 1
    while g.current() != 0 || matches!(g.phase(), Phase::Setup { round: 1, .. }) {
        let a = g.legal_actions(g.current())[0].clone();
        g.apply(g.current(), &a).unwrap();
    }
    // seat 0's second settlement: another desert corner if still free, else any
    let v = topo.hex_vertices[9]
        .iter()
        .copied()
        .find(|&v| g.legal_actions(0).contains(&Action::BuildSettlement(v)))
        .unwrap();
    let mut expected = Resources::default();
    for &h in &topo.vertex_hexes[v as usize] {
        if let Some(r) = g.layout().terrain[h as usize].resource() {
            expected[r] += 1;
        }
    }
    assert_eq!(
        expected.total() as usize,
        topo.vertex_hexes[v as usize].len() - 1
    );
    let ev = g.apply(0, &Action::BuildSettlement(v)).unwrap();
    assert!(ev.contains(&Event::StartingResources {
        seat: 0,
        cards: expected
    }));
    assert_eq!(g.players()[0].hand, expected);
}

#[test]
fn distance_rule_applies_in_setup_and_later() {
    let mut t = TestGame::main_phase(4);
    t.settlement(1, 20);
    let n = t.topo().vertex_neighbors[20][0];
    let beyond = t.topo().vertex_neighbors[n as usize]
        .iter()
        .copied()
        .find(|&x| x != 20)
        .unwrap();
    t.road(0, t.edge(n, beyond));
    t.give(0, Resources::SETTLEMENT);
    let err = t.refuse(0, Action::BuildSettlement(n));
    assert_eq!(
        said(&t.g, &err),
        format!(
            "Intersection {} is next to a settlement or city at 21 (distance rule).",
            n + 1
        )
    );
    // a city counts too
    let mut t = TestGame::main_phase(4);
    t.city(2, 20);
    t.road(0, t.edge(n, beyond));
    t.give(0, Resources::SETTLEMENT);
    assert!(matches!(
        t.refuse(0, Action::BuildSettlement(n)),
        RuleError::DistanceRule { .. }
    ));
}

#[test]
fn bad_places_are_refused_with_labels() {
    let mut g = Game::new(Settings::for_players(4), 1);
    let err = g.apply(0, &Action::BuildSettlement(200)).unwrap_err();
    assert_eq!(
        said(&g, &err),
        "There is no intersection 201 on this board."
    );
    let err = g.apply(9, &Action::Roll).unwrap_err();
    assert!(said(&g, &err).contains("no seat 9"), "{err}");
    g.apply(0, &Action::BuildSettlement(0)).unwrap();
    let e = g.topology().vertex_edges[0][0];
    g.apply(0, &Action::BuildRoad(e)).unwrap();
    let err = g.apply(1, &Action::BuildSettlement(0)).unwrap_err();
    assert_eq!(said(&g, &err), "Intersection 1 is taken.");
}

/// A refusal as players read it (the table puts the engine's facts in words).
fn said(g: &Game, err: &RuleError) -> String {
    catan_bot::table::refusals::text(err, g.topology(), &[])
}

/// The Almanac (Set-up, Variable Board, 4b): with fully random number tokens, no two red
/// numbers (6, 8) and no two equal numbers lie on adjacent hexes. Checked here on 10,000
/// boards of each size, from the topology's adjacency, independently of the engine's check;
/// every board also keeps the full token set (one per land hex, none on a desert), the
/// harbor markers shuffled over the frame's fixed coves, and its seed.
#[test]
fn random_tokens_follow_the_almanac_on_ten_thousand_boards_of_each_size() {
    for (players, spiral) in [
        (
            4u8,
            &[5u8, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11][..],
        ),
        (
            6,
            &[
                2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12,
                3, 2, 6,
            ][..],
        ),
    ] {
        let mut expected_tokens = spiral.to_vec();
        expected_tokens.sort();
        let size = BoardSize::for_players(players as usize);
        let topo = Topology::get(size);
        let mut boards = std::collections::HashSet::new();
        for seed in 0..10_000u64 {
            let layout = Layout::generate(
                size,
                LayoutKind::RandomTokens,
                &mut ChaCha8Rng::seed_from_u64(seed),
            );
            for h in 0..topo.hex_count() {
                let Some(mine) = layout.tokens[h] else {
                    continue;
                };
                for &n in &topo.hex_neighbors[h] {
                    let Some(theirs) = layout.tokens[n as usize] else {
                        continue;
                    };
                    let red = |t: u8| t == 6 || t == 8;
                    assert!(
                        !(red(mine) && red(theirs)),
                        "{size:?} seed {seed}: red {mine} on {} next to red {theirs} on {}",
                        topo.hex_labels[h],
                        topo.hex_labels[n as usize]
                    );
                    assert_ne!(
                        mine, theirs,
                        "{size:?} seed {seed}: two {mine}s side by side on {} and {}",
                        topo.hex_labels[h], topo.hex_labels[n as usize]
                    );
                }
            }
            let mut tokens: Vec<u8> = layout.tokens.iter().flatten().copied().collect();
            tokens.sort();
            assert_eq!(tokens, expected_tokens, "{size:?} seed {seed}");
            for (h, t) in layout.terrain.iter().enumerate() {
                assert_eq!(*t == Terrain::Desert, layout.tokens[h].is_none());
            }
            let edges: Vec<_> = layout.ports.iter().map(|p| p.edge).collect();
            assert_eq!(edges, topo.port_places, "{size:?} seed {seed}: coves");
            boards.insert(format!("{:?}", layout.tokens));
        }
        // The draw really is random: practically every seed gives its own arrangement.
        assert!(
            boards.len() > 9_900,
            "{size:?}: {} arrangements",
            boards.len()
        );
        // And the seed fixes it.
        let again = |seed| {
            Layout::generate(
                size,
                LayoutKind::RandomTokens,
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
        };
        assert_eq!(again(77), again(77));
    }
}
