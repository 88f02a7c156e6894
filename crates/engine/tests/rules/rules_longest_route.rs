//! RULES.md §5, Longest Route: length rules (branches, loops, own and opponent buildings) and
//! who holds the card (first to 5, strictly longer to take, ties and cuts, set aside).

use catan_engine::longest_route::route_length;
use catan_engine::testkit::{TestGame, path_from};
use catan_engine::{Action, DevCard, Event, Resources, Seat, VertexId};

fn len(t: &TestGame, seat: Seat) -> u8 {
    route_length(t.topo(), t.g.roads(), t.g.buildings(), seat)
}

/// A neighbour of `v` not in `avoid`.
fn side(t: &TestGame, v: VertexId, avoid: &[VertexId]) -> VertexId {
    t.topo().vertex_neighbors[v as usize]
        .iter()
        .copied()
        .find(|n| !avoid.contains(n))
        .unwrap_or_else(|| panic!("{} has no free side", v + 1))
}

/// A path of `roads` roads whose vertex `k` has a third neighbour (for a side road).
fn path_with_branch_at(t: &TestGame, roads: usize, k: usize) -> Vec<VertexId> {
    for start in 0..t.topo().vertex_count() as VertexId {
        let p = path_from(t.topo(), start, roads + 1);
        if t.topo().vertex_neighbors[p[k] as usize].len() == 3
            && p.iter().all(|&v| t.g.buildings()[v as usize].is_none())
        {
            return p;
        }
    }
    panic!("no such path")
}

/// Seat `cutter` builds a real settlement (via `apply`) on `v`, reached by its own side road.
fn cut_with_settlement(
    t: &mut TestGame,
    cutter: Seat,
    v: VertexId,
    path: &[VertexId],
) -> Vec<Event> {
    let s = side(t, v, path);
    t.road(cutter, t.edge(v, s));
    catan_engine::testkit::set_current(&mut t.g, cutter);
    t.give(cutter, Resources::SETTLEMENT);
    t.ok(cutter, Action::BuildSettlement(v))
}

#[test]
fn first_to_five_takes_it_four_is_not_enough() {
    let mut t = TestGame::main_phase(4);
    let p = path_from(t.topo(), 0, 6);
    t.road_path(0, &p[..5]);
    assert_eq!(t.g.players()[0].route_length, 4);
    assert_eq!(t.g.longest_route(), None);
    // the fifth road through a real action
    t.give(0, Resources::ROAD);
    let ev = t.ok(0, Action::BuildRoad(t.edge(p[4], p[5])));
    assert_eq!(t.g.longest_route(), Some(0));
    assert!(ev.contains(&Event::LongestRouteChanged {
        from: None,
        to: Some(0),
        length: 5
    }));
    assert_eq!(t.g.public_vp(0), 2);
}

#[test]
fn branches_do_not_add() {
    let mut t = TestGame::main_phase(4);
    let p = path_with_branch_at(&t, 4, 2);
    t.road_path(0, &p);
    let b = side(&t, p[2], &p);
    t.road(0, t.edge(p[2], b));
    assert_eq!(len(&t, 0), 4);
    // Y with arms 2, 2, 1: longest is 4
    assert_eq!(t.g.players()[0].route_length, 4);
}

#[test]
fn closed_loop_of_six_counts_six_and_a_tail_adds() {
    let mut t = TestGame::main_phase(4);
    let c = t.topo().hex_vertices[9];
    for k in 0..6 {
        t.road(0, t.edge(c[k], c[(k + 1) % 6]));
    }
    assert_eq!(len(&t, 0), 6);
    assert_eq!(t.g.longest_route(), Some(0));
    let out = side(&t, c[0], &c);
    t.road(0, t.edge(c[0], out));
    assert_eq!(len(&t, 0), 7);
}

#[test]
fn two_loops_sharing_an_edge() {
    // Hexes 8 and 9 share one side: 11 roads; the best trail uses 10 of them... or all 11?
    // Vertices of the shared edge have degree 3: a trail can use at most all edges when at most
    // two vertices have odd degree: exactly the two shared-edge ends → 11 roads.
    let mut t = TestGame::main_phase(4);
    for h in [8usize, 9] {
        let c = t.topo().hex_vertices[h];
        for k in 0..6 {
            let e = t.edge(c[k], c[(k + 1) % 6]);
            if t.g.roads()[e as usize].is_none() {
                t.road(0, e);
            }
        }
    }
    assert_eq!(t.g.roads_of(0).len(), 11);
    assert_eq!(len(&t, 0), 11);
}

#[test]
fn route_passes_through_own_settlement() {
    let mut t = TestGame::main_phase(4);
    let p = path_from(t.topo(), 0, 6);
    t.road_path(0, &p);
    t.settlement(0, p[2]);
    assert_eq!(len(&t, 0), 5);
}

#[test]
fn opponent_settlement_cuts_but_road_ending_at_it_counts() {
    let mut t = TestGame::main_phase(4);
    let p = path_from(t.topo(), 0, 6);
    t.road_path(0, &p);
    // opponent settlement at the end of the route: still 5
    t.settlement(1, p[5]);
    assert_eq!(len(&t, 0), 5);
    // opponent settlement in the middle (after 2 roads): routes of 2 and 2 (end one stays 1+…)
    let mut t = TestGame::main_phase(4);
    t.road_path(0, &p);
    t.settlement(1, p[2]);
    assert_eq!(len(&t, 0), 3, "2 roads up to the settlement, 3 beyond it");
}

#[test]
fn another_player_takes_it_only_with_a_strictly_longer_route() {
    let mut t = TestGame::main_phase(4);
    let a = path_from(t.topo(), 0, 6);
    t.road_path(0, &a);
    assert_eq!(t.g.longest_route(), Some(0));
    // seat 1: 5 roads far away: a tie keeps the holder
    let b = path_from(t.topo(), 53, 7);
    t.road_path(1, &b[..6]);
    assert_eq!(t.g.players()[1].route_length, 5);
    assert_eq!(t.g.longest_route(), Some(0));
    // the sixth road (a real action): strictly longer takes it
    catan_engine::testkit::set_current(&mut t.g, 1);
    t.give(1, Resources::ROAD);
    let ev = t.ok(1, Action::BuildRoad(t.edge(b[5], b[6])));
    assert_eq!(t.g.longest_route(), Some(1));
    assert!(ev.contains(&Event::LongestRouteChanged {
        from: Some(0),
        to: Some(1),
        length: 6
    }));
    assert_eq!(t.g.public_vp(0), 0);
    assert_eq!(t.g.public_vp(1), 2);
}

#[test]
fn rulebook_example_cut_gives_it_to_the_single_longest() {
    // Red (0) has 7 and the card; White (1) has 6 and cuts Red into 4 + 3: White takes it.
    let mut t = TestGame::main_phase(4);
    let red = path_with_branch_at(&t, 7, 4);
    t.road_path(0, &red);
    assert_eq!(t.g.longest_route(), Some(0));
    let white = {
        let mut found = None;
        for start in (0..t.topo().vertex_count() as VertexId).rev() {
            let p = path_from(t.topo(), start, 7);
            let clear = p.iter().all(|v| {
                !red.contains(v)
                    && t.topo().vertex_neighbors[*v as usize]
                        .iter()
                        .all(|n| !red.contains(n))
            });
            if clear {
                found = Some(p);
                break;
            }
        }
        found.unwrap()
    };
    t.road_path(1, &white);
    assert_eq!(t.g.players()[1].route_length, 6);
    assert_eq!(t.g.longest_route(), Some(0));
    let ev = cut_with_settlement(&mut t, 1, red[4], &red);
    assert_eq!(t.g.players()[0].route_length, 4);
    assert_eq!(t.g.longest_route(), Some(1));
    assert!(ev.contains(&Event::LongestRouteChanged {
        from: Some(0),
        to: Some(1),
        length: 6
    }));
}

#[test]
fn holder_still_tied_after_a_cut_keeps_it() {
    // Holder (0) has a 5-line plus a separate 6-line? Simpler: holder has 7, cut to 5 by the
    // cutter; another player has 5: holder is still tied for longest and keeps the card.
    let mut t = TestGame::main_phase(4);
    let red = path_with_branch_at(&t, 7, 5);
    t.road_path(0, &red);
    let other = path_from(t.topo(), 53, 6);
    assert!(other.iter().all(|v| !red.contains(v)));
    t.road_path(2, &other);
    assert_eq!(t.g.players()[2].route_length, 5);
    cut_with_settlement(&mut t, 1, red[5], &red);
    assert_eq!(t.g.players()[0].route_length, 5);
    assert_eq!(t.g.longest_route(), Some(0));
}

#[test]
fn cut_with_a_tie_sets_it_aside_until_one_player_alone_is_longest() {
    // Holder 0 has 6 and is cut to 3+2; seats 2 and 3 have 5 each: set aside.
    let mut t = TestGame::main_phase(4);
    let red = path_with_branch_at(&t, 6, 3);
    t.road_path(0, &red);
    let far: Vec<Vec<VertexId>> = {
        let mut found: Vec<Vec<VertexId>> = Vec::new();
        for start in (0..t.topo().vertex_count() as VertexId).rev() {
            let p = path_from(t.topo(), start, 7);
            let used: Vec<VertexId> = red.iter().chain(found.iter().flatten()).copied().collect();
            if p.iter().all(|v| {
                !used.contains(v)
                    && t.topo().vertex_neighbors[*v as usize]
                        .iter()
                        .all(|n| !used.contains(n))
            }) {
                found.push(p);
                if found.len() == 2 {
                    break;
                }
            }
        }
        found
    };
    assert_eq!(far.len(), 2);
    t.road_path(2, &far[0][..6]);
    t.road_path(3, &far[1][..6]);
    assert_eq!(t.g.longest_route(), Some(0));
    let ev = cut_with_settlement(&mut t, 1, red[3], &red);
    assert_eq!(t.g.players()[0].route_length, 3);
    assert_eq!(t.g.longest_route(), None, "tie between 2 and 3: set aside");
    assert!(ev.contains(&Event::LongestRouteChanged {
        from: Some(0),
        to: None,
        length: 0
    }));
    // later seat 3 extends to 6: takes the card from the supply
    catan_engine::testkit::set_current(&mut t.g, 3);
    t.give(3, Resources::ROAD);
    let ev = t.ok(3, Action::BuildRoad(t.edge(far[1][5], far[1][6])));
    assert_eq!(t.g.longest_route(), Some(3));
    assert!(ev.contains(&Event::LongestRouteChanged {
        from: None,
        to: Some(3),
        length: 6
    }));
}

#[test]
fn holder_cut_below_five_with_nobody_else_sets_it_aside() {
    let mut t = TestGame::main_phase(4);
    let red = path_with_branch_at(&t, 5, 2);
    t.road_path(0, &red);
    assert_eq!(t.g.longest_route(), Some(0));
    cut_with_settlement(&mut t, 1, red[2], &red);
    assert_eq!(t.g.players()[0].route_length, 3);
    assert_eq!(t.g.longest_route(), None);
    assert_eq!(t.g.public_vp(0), 0);
}

#[test]
fn road_building_card_can_win_the_route() {
    let mut t = TestGame::main_phase(4);
    let p = path_from(t.topo(), 0, 6);
    t.road_path(0, &p[..4]);
    t.dev(0, DevCard::RoadBuilding);
    t.ok(
        0,
        Action::PlayRoadBuilding {
            first: t.edge(p[3], p[4]),
            second: Some(t.edge(p[4], p[5])),
        },
    );
    assert_eq!(t.g.players()[0].route_length, 5);
    assert_eq!(t.g.longest_route(), Some(0));
}
