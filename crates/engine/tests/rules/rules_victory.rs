//! RULES.md §5 (Largest Army, VP counting, winning only on your own turn) and §6 (special
//! building phase for 5–6 players), with the VP target setting of §8.

use catan_engine::testkit::TestGame;
use catan_engine::{Action, DevCard, Event, Phase, Resource, Resources, RuleError, Seat};

fn knight(t: &mut TestGame, seat: Seat) -> Vec<Event> {
    catan_engine::testkit::set_current(&mut t.g, seat);
    catan_engine::testkit::set_phase(&mut t.g, Phase::Main);
    catan_engine::testkit::set_dev_played(&mut t.g, false);
    t.dev(seat, DevCard::Knight);
    let hex = if t.g.robber() == 0 { 1 } else { 0 };
    t.ok(seat, Action::PlayKnight { hex, victim: None })
}

fn spread_settlements(t: &mut TestGame, seat: Seat, n: usize) {
    let mut placed = 0;
    for v in 0..t.topo().vertex_count() as u8 {
        if placed == n {
            return;
        }
        let free = t.g.buildings()[v as usize].is_none()
            && t.topo().vertex_neighbors[v as usize]
                .iter()
                .all(|&w| t.g.buildings()[w as usize].is_none());
        if free {
            t.settlement(seat, v);
            placed += 1;
        }
    }
}

#[test]
fn largest_army_first_to_three_then_strictly_more() {
    let mut t = TestGame::main_phase(4);
    knight(&mut t, 1);
    knight(&mut t, 1);
    assert_eq!(t.g.largest_army(), None);
    knight(&mut t, 1);
    assert_eq!(t.g.largest_army(), Some(1));
    for _ in 0..3 {
        knight(&mut t, 2);
    }
    assert_eq!(t.g.largest_army(), Some(1));
    let ev = knight(&mut t, 2);
    assert_eq!(t.g.largest_army(), Some(2));
    assert!(ev.contains(&Event::LargestArmyChanged {
        from: Some(1),
        to: 2,
        knights: 4
    }));
}

#[test]
fn vp_counting() {
    let mut t = TestGame::main_phase(4);
    spread_settlements(&mut t, 0, 2);
    t.city(0, 53);
    t.dev(0, DevCard::VictoryPoint);
    t.dev(0, DevCard::VictoryPoint);
    for _ in 0..3 {
        knight(&mut t, 0);
    }
    // 2 settlements + 1 city (2) + army (2) = 6 public, + 2 hidden
    assert_eq!(t.g.public_vp(0), 6);
    assert_eq!(t.g.total_vp(0), 8);
    assert_eq!(t.g.view(Some(1)).players[0].public_vp, 6);
    assert_eq!(t.g.view(Some(0)).own.map(|o| o.total_vp), Some(8));
}

#[test]
fn win_on_own_turn_with_the_default_target() {
    let mut t = TestGame::main_phase(4);
    spread_settlements(&mut t, 0, 5);
    for _ in 0..4 {
        t.dev(0, DevCard::VictoryPoint);
    }
    assert_eq!(t.g.total_vp(0), 9);
    catan_engine::testkit::put_on_deck(&mut t.g, DevCard::VictoryPoint);
    t.give(0, Resources::DEV_CARD);
    let ev = t.ok(0, Action::BuyDevCard);
    assert_eq!(ev.last(), Some(&Event::Won { seat: 0, vp: 10 }));
    assert_eq!(t.g.winner(), Some(0));
    // finished: everything is refused, unchanged
    assert_eq!(t.refuse(0, Action::EndTurn), RuleError::GameOver);
    assert_eq!(t.refuse(2, Action::Roll), RuleError::GameOver);
    // hidden VP cards are revealed in the public view
    assert_eq!(t.g.view(None).players[0].public_vp, 10);
}

#[test]
fn reaching_the_target_on_another_turn_wins_at_own_turn_start_before_rolling() {
    let mut t = TestGame::main_phase(4);
    catan_engine::testkit::set_vp_target(&mut t.g, 6);
    // seat 2: 3 settlements and 3 hidden VP cards bought on earlier turns = 6 VP, reached
    // while it is seat 1's turn
    spread_settlements(&mut t, 2, 3);
    for _ in 0..3 {
        t.dev(2, DevCard::VictoryPoint);
    }
    catan_engine::testkit::set_current(&mut t.g, 1);
    catan_engine::testkit::set_phase(&mut t.g, Phase::Main);
    catan_engine::testkit::set_dev_played(&mut t.g, true);
    assert_eq!(t.g.total_vp(2), 6);
    // seat 1 acts: seat 2 does not win on seat 1's turn
    t.give(1, Resources::of(Resource::Ore, 4));
    t.ok(
        1,
        Action::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            count: 1,
        },
    );
    assert_eq!(t.g.winner(), None);
    let ev = t.ok(1, Action::EndTurn);
    assert_eq!(*t.g.phase(), Phase::Finished { winner: 2 });
    assert_eq!(t.g.last_roll(), None, "won before rolling");
    assert!(ev.contains(&Event::TurnStarted { seat: 2, turn: 2 }));
    assert!(ev.contains(&Event::Won { seat: 2, vp: 6 }));
}

#[test]
fn vp_target_setting_is_respected() {
    let mut t = TestGame::main_phase(4);
    catan_engine::testkit::set_vp_target(&mut t.g, 12);
    spread_settlements(&mut t, 0, 5);
    for _ in 0..5 {
        t.dev(0, DevCard::VictoryPoint);
    }
    t.give(0, Resources::of(Resource::Ore, 4));
    t.ok(
        0,
        Action::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            count: 1,
        },
    );
    assert_eq!(t.g.total_vp(0), 10);
    assert_eq!(t.g.winner(), None);
}

#[test]
fn special_building_phase_order_and_limits() {
    let mut t = TestGame::main_phase(6);
    catan_engine::testkit::set_current(&mut t.g, 4);
    t.settlement(2, 10);
    t.give(2, Resources::ROAD + Resources::of(Resource::Ore, 4));
    t.dev(2, DevCard::Knight);
    let ev = t.ok(4, Action::EndTurn);
    assert!(ev.contains(&Event::TurnEnded { seat: 4 }));
    let mut order = Vec::new();
    while let Phase::SpecialBuild { builder } = *t.g.phase() {
        order.push(builder);
        if builder == 2 {
            assert!(matches!(
                t.refuse(
                    2,
                    Action::MaritimeTrade {
                        give: Resource::Ore,
                        get: Resource::Wool,
                        count: 1
                    }
                ),
                RuleError::WrongPhase { .. }
            ));
            assert!(matches!(
                t.refuse(
                    2,
                    Action::PlayKnight {
                        hex: 0,
                        victim: None
                    }
                ),
                RuleError::WrongPhase { .. }
            ));
            assert!(matches!(
                t.refuse(2, Action::Roll),
                RuleError::WrongPhase { .. }
            ));
            let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
            t.ok(2, Action::BuildRoad(e));
        }
        t.ok(builder, Action::EndTurn);
    }
    assert_eq!(order, vec![5, 0, 1, 2, 3]);
    assert_eq!((t.g.current(), t.g.phase().clone()), (5, Phase::BeforeRoll));
}
