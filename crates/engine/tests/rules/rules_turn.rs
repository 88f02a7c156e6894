//! RULES.md §4: a turn — production (with shortage), a 7 (discards, robber, steal), trading,
//! building and development cards, driven through real actions.

use catan_engine::testkit::TestGame;
use catan_engine::{
    Action, DevCard, Event, HexId, Phase, PortKind, Resource, Resources, RuleError, VertexId,
};

/// A hex of the beginner map with `number`, its resource, and its corners.
fn hex_with(t: &TestGame, number: u8) -> (HexId, Resource, [VertexId; 6]) {
    let h =
        t.g.layout()
            .tokens
            .iter()
            .position(|&n| n == Some(number))
            .unwrap();
    (
        h as HexId,
        t.g.layout().terrain[h].resource().unwrap(),
        t.topo().hex_vertices[h],
    )
}

fn before_roll(players: u8) -> TestGame {
    let mut t = TestGame::main_phase(players);
    catan_engine::testkit::set_phase(&mut t.g, Phase::BeforeRoll);
    t
}

#[test]
fn roll_pays_settlements_one_and_cities_two_on_anyones_turn() {
    let mut t = before_roll(4);
    let (_, r, c) = hex_with(&t, 6);
    t.settlement(1, c[0]);
    t.city(2, c[2]);
    let ev = t.roll_exact(6);
    assert_eq!(t.g.players()[1].hand, Resources::one(r));
    assert_eq!(t.g.players()[2].hand, Resources::of(r, 2));
    assert!(t.g.players()[0].hand.is_empty());
    assert!(ev.iter().any(|e| matches!(e, Event::Produced { .. })));
    assert_eq!(*t.g.phase(), Phase::Main);
}

#[test]
fn robber_hex_produces_nothing() {
    let mut t = before_roll(4);
    let (h, _, c) = hex_with(&t, 6);
    t.settlement(1, c[0]);
    catan_engine::testkit::set_robber(&mut t.g, h);
    t.roll_exact(6);
    assert!(t.g.players()[1].hand.is_empty());
}

#[test]
fn shortage_nobody_gets_it_unless_one_player_is_owed() {
    // several owed: nobody
    let mut t = before_roll(4);
    let (_, r, c) = hex_with(&t, 6);
    t.city(1, c[0]);
    t.city(2, c[2]);
    t.take_bank_down_to(r, 3);
    let ev = t.roll_exact(6);
    assert_eq!(t.g.players()[1].hand[r] + t.g.players()[2].hand[r], 0);
    assert!(ev.contains(&Event::Shortage { resource: r }));
    assert_eq!(t.g.bank()[r], 3);
    // one player owed 4, 3 left: gets the 3
    let mut t = before_roll(4);
    let (_, r, c) = hex_with(&t, 6);
    t.city(1, c[0]);
    t.city(1, c[2]);
    t.take_bank_down_to(r, 3);
    t.roll_exact(6);
    assert_eq!(t.g.players()[1].hand[r], 3);
    assert_eq!(t.g.bank()[r], 0);
}

#[test]
fn seven_discards_in_any_order_then_robber_then_steal() {
    let mut t = before_roll(4);
    t.give(0, Resources([2, 2, 2, 2, 2])); // the roller too: 10 → 5
    t.give(2, Resources([0, 0, 0, 0, 8])); // 8 → 4
    t.give(3, Resources([1, 1, 1, 1, 3])); // 7 → none
    let ev = t.roll_exact(7);
    assert!(ev.contains(&Event::MustDiscard {
        owed: vec![(0, 5), (2, 4)]
    }));
    assert!(!t.g.players().iter().any(|_| false));
    // nothing produced on a 7, robber not yet movable
    assert!(matches!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: None
            }
        ),
        RuleError::WrongPhase { .. }
    ));
    assert_eq!(t.g.waiting_for(), vec![0, 2]);
    t.ok(2, Action::Discard(Resources::of(Resource::Ore, 4)));
    t.ok(0, Action::Discard(Resources([1, 1, 1, 1, 1])));
    assert_eq!(*t.g.phase(), Phase::MoveRobber);
    // every legal action is a robber move, none back onto the current hex
    let legal = t.g.legal_actions(0);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex != t.g.robber()))
    );
    // rob seat 3 on hex 0
    let c = t.topo().hex_vertices[0];
    t.settlement(3, c[0]);
    t.settlement(0, c[3]);
    assert!(matches!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: Some(0)
            }
        ),
        RuleError::Robber(_)
    ));
    t.ok(
        0,
        Action::MoveRobber {
            hex: 0,
            victim: Some(3),
        },
    );
    assert_eq!(t.g.players()[3].hand.total(), 6);
    assert_eq!(t.g.players()[0].hand.total(), 6);
    assert_eq!(*t.g.phase(), Phase::Main);
}

#[test]
fn seven_with_nobody_over_the_limit_goes_straight_to_the_robber() {
    let mut t = before_roll(4);
    t.give(1, Resources([1, 1, 1, 1, 3]));
    t.roll_exact(7);
    assert_eq!(*t.g.phase(), Phase::MoveRobber);
}

#[test]
fn trades_only_after_the_roll_with_the_current_player() {
    let mut t = before_roll(4);
    t.give(0, Resources::of(Resource::Ore, 4));
    t.give(1, Resources::one(Resource::Wool));
    let trade = Action::DomesticTrade {
        with: 1,
        give: Resources::one(Resource::Ore),
        get: Resources::one(Resource::Wool),
    };
    assert!(matches!(
        t.refuse(0, trade.clone()),
        RuleError::WrongPhase { .. }
    ));
    t.roll_exact(5);
    let ore = t.g.players()[0].hand[Resource::Ore];
    t.ok(0, trade);
    assert_eq!(t.g.players()[0].hand[Resource::Ore], ore - 1);
    assert_eq!(t.g.players()[1].hand[Resource::Wool], 0);
    // the others never trade among themselves
    t.give(2, Resources::one(Resource::Brick));
    assert!(matches!(
        t.refuse(
            1,
            Action::DomesticTrade {
                with: 2,
                give: Resources::one(Resource::Ore),
                get: Resources::one(Resource::Brick)
            }
        ),
        RuleError::NotYourTurn { .. }
    ));
}

#[test]
fn port_rates_and_legal_maritime_trades_are_exact() {
    let mut t = TestGame::main_phase(4);
    let wool_port =
        t.g.layout()
            .ports
            .iter()
            .find(|p| p.kind == PortKind::Special(Resource::Wool))
            .unwrap()
            .edge;
    let v = t.topo().edge_vertices[wool_port as usize][1];
    t.settlement(0, v);
    t.give(0, Resources([0, 0, 5, 0, 4]));
    let legal: Vec<Action> =
        t.g.legal_actions(0)
            .into_iter()
            .filter(|a| matches!(a, Action::MaritimeTrade { .. }))
            .collect();
    // wool at 2:1 → 1 or 2 of each of 4 others (8); ore at 4:1 → 1 of each of 4 others (4)
    assert_eq!(legal.len(), 12);
    for a in &legal {
        let Action::MaritimeTrade { give, count, .. } = *a else {
            unreachable!()
        };
        match give {
            Resource::Wool => assert!(count <= 2),
            Resource::Ore => assert_eq!(count, 1),
            _ => panic!("{a:?}"),
        }
    }
    t.ok(
        0,
        Action::MaritimeTrade {
            give: Resource::Wool,
            get: Resource::Brick,
            count: 2,
        },
    );
    assert_eq!(t.g.players()[0].hand, Resources([2, 0, 1, 0, 4]));
}

#[test]
fn building_costs_are_paid_to_the_supply() {
    let mut t = TestGame::main_phase(4);
    let cost = Resources::ROAD + Resources::SETTLEMENT + Resources::CITY + Resources::DEV_CARD;
    assert_eq!(cost, Resources([2, 2, 2, 4, 4]));
    t.give(0, cost);
    let path = catan_engine::testkit::path_from(t.topo(), 0, 3);
    t.settlement(0, path[0]);
    t.road(0, t.edge(path[0], path[1]));
    t.ok(0, Action::BuildRoad(t.edge(path[1], path[2])));
    t.ok(0, Action::BuildSettlement(path[2]));
    t.ok(0, Action::BuildCity(path[2]));
    t.ok(0, Action::BuyDevCard);
    assert!(t.g.players()[0].hand.is_empty());
    assert_eq!(t.g.bank(), Resources([19; 5]));
}

#[test]
fn dev_card_timing_before_roll_and_in_main_not_both() {
    let mut t = before_roll(4);
    t.dev(0, DevCard::Knight);
    t.dev(0, DevCard::Knight);
    t.ok(
        0,
        Action::PlayKnight {
            hex: 0,
            victim: None,
        },
    );
    t.roll_exact(5);
    assert_eq!(
        t.refuse(
            0,
            Action::PlayKnight {
                hex: 1,
                victim: None
            }
        ),
        RuleError::AlreadyPlayedDevCard
    );
    // next turn it may be played again
    t.ok(0, Action::EndTurn);
    catan_engine::testkit::set_current(&mut t.g, 0);
    catan_engine::testkit::set_phase(&mut t.g, Phase::Main);
    t.ok(
        0,
        Action::PlayKnight {
            hex: 1,
            victim: None,
        },
    );
    assert_eq!(t.g.players()[0].knights_played, 2);
}

#[test]
fn card_bought_this_turn_is_playable_next_turn() {
    let mut t = TestGame::main_phase(4);
    catan_engine::testkit::put_on_deck(&mut t.g, DevCard::Invention);
    t.give(0, Resources::DEV_CARD);
    t.ok(0, Action::BuyDevCard);
    assert!(matches!(
        t.refuse(0, Action::PlayInvention(Resource::Ore, Resource::Ore)),
        RuleError::NoSuchCard { .. }
    ));
    assert!(
        !t.g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::PlayInvention(..)))
    );
    for s in [0, 1, 2, 3] {
        if s != 0 {
            t.roll_exact(5);
        }
        t.ok(s, Action::EndTurn);
        if s == 3 {
            break;
        }
        catan_engine::testkit::set_phase(&mut t.g, Phase::BeforeRoll);
    }
    assert_eq!((t.g.current(), t.g.phase().clone()), (0, Phase::BeforeRoll));
    t.ok(0, Action::PlayInvention(Resource::Ore, Resource::Grain));
}

#[test]
fn legal_actions_match_apply_in_main() {
    let mut t = TestGame::main_phase(4);
    t.give(0, Resources([3, 3, 3, 3, 3]));
    t.settlement(0, 10);
    t.dev(0, DevCard::RoadBuilding);
    t.dev(0, DevCard::Monopoly);
    let legal = t.g.legal_actions(0);
    assert!(legal.contains(&Action::EndTurn));
    assert!(legal.contains(&Action::BuyDevCard));
    for a in &legal {
        let mut g = t.g.clone();
        g.apply(0, a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    // nobody else has anything to do
    for s in 1..4 {
        assert!(t.g.legal_actions(s).is_empty());
    }
}
