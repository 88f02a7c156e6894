//! Helpers of Catan (RULES.md §7), one scenario per helper from the rule text, each on side A
//! (used, then flipped) and on side B (used, then it must be exchanged); plus the
//! prohibitions: never on the turn received, never twice a turn, never in the special building
//! phase.
//!
//! Long: every Helper of Catan's rules, one area of tests.

use catan_bot::engine::helpers::{HelperChoice, Pending, Side};
use catan_bot::engine::testkit::{self, TestGame, path_from};
use catan_bot::engine::{
    Action, DevCard, Event, Helper, HelperUse, Phase, Resource, Resources, RuleError, SeanUse,
    Seat, Terrain, VincentBuild,
};

fn game() -> TestGame {
    TestGame::main_phase_with_helpers(4)
}

fn set_side(t: &mut TestGame, seat: Seat, side: Side) {
    let state = testkit::helpers_mut(&mut t.g).expect("helpers");
    state.held[seat as usize].as_mut().expect("a helper").side = side;
}

fn use_ok(t: &mut TestGame, seat: Seat, u: HelperUse) -> Vec<Event> {
    let action = Action::UseHelper(u);
    assert!(
        t.g.legal_actions(seat).contains(&action),
        "{action:?} not among the legal actions"
    );
    t.ok(seat, action)
}

/// A refusal as players read it (the table puts the engine's facts in words).
fn said(t: &TestGame, err: &RuleError) -> String {
    catan_bot::table::refusals::text(err, t.g.topology(), &[])
}

fn is_helper_refusal(e: &RuleError) -> bool {
    matches!(
        e,
        RuleError::Helper(_) | RuleError::WrongPhase { .. } | RuleError::NotYourTurn { .. }
    )
}

/// After a use: on side A flip (then no second use this turn); on side B flip is refused and
/// the helper must be exchanged (the new one can't be used this turn).
fn after_use(t: &mut TestGame, seat: Seat, side: Side, second_use: HelperUse) {
    assert_eq!(t.g.helper_pending(), Some(&Pending::AfterUse { seat }));
    let helper = t.g.helper_of(seat).unwrap().helper;
    let other = (seat + 1) % t.g.players().len() as Seat;
    let err = t.refuse(other, Action::EndTurn);
    assert!(matches!(err, RuleError::NotYourTurn { .. }), "{err}");
    match side {
        Side::A => {
            t.ok(seat, Action::FlipHelper);
            let held = t.g.helper_of(seat).unwrap();
            assert_eq!((held.helper, held.side), (helper, Side::B));
            // never twice a turn (Marianne and Sean are only offered, so refused either way)
            let err = t.refuse(seat, Action::UseHelper(second_use));
            assert!(is_helper_refusal(&err), "{err}");
        }
        Side::B => {
            let err = t.refuse(seat, Action::FlipHelper);
            assert!(said(t, &err).contains("exchange"), "{err}");
            let display = t.g.helpers().unwrap().display.clone();
            assert!(!display.contains(&helper));
            let err = t.refuse(seat, Action::ExchangeHelper(helper));
            assert!(said(t, &err).contains("not in the display"), "{err}");
            let took = display[0];
            let ev = t.ok(seat, Action::ExchangeHelper(took));
            assert!(ev.contains(&Event::HelperExchanged {
                seat,
                returned: helper,
                took
            }));
            let held = t.g.helper_of(seat).unwrap();
            assert_eq!((held.helper, held.side), (took, Side::A));
            assert!(t.g.helpers().unwrap().display.contains(&helper));
        }
    }
    assert_eq!(t.g.helper_pending(), None);
}

#[test]
fn jean_trades_the_named_resource_two_to_one_for_the_turn() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Jean);
        set_side(&mut t, 0, side);
        t.give(0, Resources::of(Resource::Ore, 3));
        let two_for_one = Action::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            count: 1,
        };
        t.refuse(0, two_for_one.clone());
        use_ok(&mut t, 0, HelperUse::Jean(Resource::Ore));
        after_use(&mut t, 0, side, HelperUse::Jean(Resource::Ore));
        t.ok(0, two_for_one.clone());
        assert_eq!(t.g.players()[0].hand[Resource::Ore], 1);
        assert_eq!(
            t.g.trade_rate(0, Resource::Grain),
            4,
            "only the named resource"
        );
        t.ok(0, Action::EndTurn);
        assert_eq!(
            t.g.trade_rates(0)[Resource::Ore.index()],
            4,
            "only this turn"
        );
    }
}

#[test]
fn marianne_takes_a_resource_after_a_roll_that_gave_nothing() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(1, Helper::Marianne);
        set_side(&mut t, 1, side);
        // in her own turn she can't ask for it
        let err = t.refuse(0, Action::UseHelper(HelperUse::Marianne(Resource::Ore)));
        assert!(is_helper_refusal(&err), "{err}");
        testkit::set_phase(&mut t.g, Phase::BeforeRoll);
        let ev = t.roll_exact(6);
        assert!(ev.contains(&Event::HelperOffered {
            seat: 1,
            helper: Helper::Marianne
        }));
        // the roller waits for her (before any other helper)
        let err = t.refuse(0, Action::EndTurn);
        assert!(matches!(err, RuleError::NotYourTurn { .. }), "{err}");
        let ev = use_ok(&mut t, 1, HelperUse::Marianne(Resource::Ore));
        assert!(ev.contains(&Event::HelperTook {
            seat: 1,
            helper: Helper::Marianne,
            card: Resource::Ore
        }));
        assert_eq!(t.g.players()[1].hand, Resources::one(Resource::Ore));
        after_use(&mut t, 1, side, HelperUse::Marianne(Resource::Ore));
        t.ok(0, Action::EndTurn);
    }
}

#[test]
fn marianne_is_not_offered_on_a_seven_or_when_the_roll_paid() {
    let mut t = game();
    t.helper(1, Helper::Marianne);
    testkit::set_phase(&mut t.g, Phase::BeforeRoll);
    t.roll_exact(7);
    assert_eq!(t.g.helper_pending(), None);
    let mut t = game();
    t.helper(1, Helper::Marianne);
    // a settlement on every hex with a 6
    for h in 0..t.g.layout().tokens.len() {
        if t.g.layout().tokens[h] == Some(6) {
            let v = t.topo().hex_vertices[h][0];
            t.settlement(1, v);
        }
    }
    testkit::set_phase(&mut t.g, Phase::BeforeRoll);
    t.roll_exact(6);
    assert!(t.g.players()[1].hand.total() > 0);
    assert_eq!(t.g.helper_pending(), None);
}

#[test]
fn sean_spares_a_big_hand_the_discard_on_a_seven() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(2, Helper::Sean);
        set_side(&mut t, 2, side);
        t.give(2, Resources([2, 2, 2, 2, 1]));
        t.give(1, Resources([2, 2, 2, 2, 1]));
        testkit::set_phase(&mut t.g, Phase::BeforeRoll);
        let ev = t.roll_exact(7);
        assert!(ev.contains(&Event::HelperOffered {
            seat: 2,
            helper: Helper::Sean
        }));
        let err = t.refuse(
            2,
            Action::UseHelper(HelperUse::Sean(SeanUse::Take(Resource::Ore))),
        );
        assert!(said(&t, &err).contains("spares you the discard"), "{err}");
        use_ok(&mut t, 2, HelperUse::Sean(SeanUse::KeepHand));
        after_use(&mut t, 2, side, HelperUse::Sean(SeanUse::KeepHand));
        assert_eq!(*t.g.phase(), Phase::Discard { owed: vec![(1, 4)] });
        assert_eq!(t.g.players()[2].hand.total(), 9);
    }
}

#[test]
fn sean_gives_a_small_hand_a_resource_on_a_seven() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(2, Helper::Sean);
        set_side(&mut t, 2, side);
        t.give(2, Resources([1, 1, 0, 0, 0]));
        testkit::set_phase(&mut t.g, Phase::BeforeRoll);
        t.roll_exact(7);
        let err = t.refuse(2, Action::UseHelper(HelperUse::Sean(SeanUse::KeepHand)));
        assert!(said(&t, &err).contains("nothing to discard"), "{err}");
        use_ok(&mut t, 2, HelperUse::Sean(SeanUse::Take(Resource::Grain)));
        after_use(&mut t, 2, side, HelperUse::Sean(SeanUse::KeepHand));
        assert_eq!(t.g.players()[2].hand, Resources([1, 1, 0, 1, 0]));
        assert_eq!(*t.g.phase(), Phase::MoveRobber);
    }
}

#[test]
fn sean_may_be_declined() {
    let mut t = game();
    t.helper(2, Helper::Sean);
    testkit::set_phase(&mut t.g, Phase::BeforeRoll);
    t.roll_exact(7);
    let ev = t.ok(2, Action::DeclineHelper);
    assert!(ev.contains(&Event::HelperDeclined {
        seat: 2,
        helper: Helper::Sean
    }));
    assert_eq!(t.g.helper_of(2).unwrap().used_turn, None);
    assert_eq!(*t.g.phase(), Phase::MoveRobber);
}

fn desert(t: &TestGame) -> u8 {
    t.g.layout()
        .terrain
        .iter()
        .position(|&x| x == Terrain::Desert)
        .unwrap() as u8
}

#[test]
fn lin_sends_the_robber_to_the_desert_for_a_resource() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Lin);
        set_side(&mut t, 0, side);
        let d = desert(&t);
        let err = t.refuse(0, Action::UseHelper(HelperUse::Lin { desert: d }));
        assert!(said(&t, &err).contains("already in a desert"), "{err}");
        let hex = (0..t.g.layout().terrain.len())
            .find(|&h| t.g.layout().terrain[h].resource().is_some())
            .unwrap();
        let r = t.g.layout().terrain[hex].resource().unwrap();
        testkit::set_robber(&mut t.g, hex as u8);
        testkit::set_phase(&mut t.g, Phase::BeforeRoll); // before the roll too
        let err = t.refuse(0, Action::UseHelper(HelperUse::Lin { desert: hex as u8 }));
        assert!(said(&t, &err).contains("not a desert"), "{err}");
        let ev = use_ok(&mut t, 0, HelperUse::Lin { desert: d });
        assert!(ev.contains(&Event::RobberMoved { seat: 0, hex: d }));
        assert_eq!(t.g.robber(), d);
        assert_eq!(t.g.players()[0].hand, Resources::one(r));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Stole { .. })),
            "no steal"
        );
        after_use(&mut t, 0, side, HelperUse::Lin { desert: d });
    }
}

#[test]
fn lin_waits_while_a_seven_is_resolved() {
    let mut t = game();
    t.helper(0, Helper::Lin);
    testkit::set_robber(&mut t.g, 0);
    testkit::set_phase(&mut t.g, Phase::MoveRobber);
    let d = desert(&t);
    let err = t.refuse(0, Action::UseHelper(HelperUse::Lin { desert: d }));
    assert!(is_helper_refusal(&err), "{err}");
}

#[test]
fn louis_moves_a_dead_end_road() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Louis);
        set_side(&mut t, 0, side);
        let topo = t.topo();
        let path = path_from(topo, 10, 3);
        t.settlement(0, path[0]);
        t.road_path(0, &path);
        let dead_end = t.edge(path[1], path[2]);
        let inner = t.edge(path[0], path[1]);
        let c = topo.vertex_neighbors[path[0] as usize]
            .iter()
            .copied()
            .find(|&c| c != path[1])
            .unwrap();
        let to = t.edge(path[0], c);
        let err = t.refuse(0, Action::UseHelper(HelperUse::Louis { from: inner, to }));
        assert!(said(&t, &err).contains("not one"), "{err}");
        let far = t.edge(40, topo.vertex_neighbors[40][0]);
        let err = t.refuse(
            0,
            Action::UseHelper(HelperUse::Louis {
                from: dead_end,
                to: far,
            }),
        );
        assert!(said(&t, &err).contains("connect"), "{err}");
        let ev = use_ok(&mut t, 0, HelperUse::Louis { from: dead_end, to });
        assert!(ev.contains(&Event::RoadLifted {
            seat: 0,
            edge: dead_end
        }));
        assert_eq!(t.g.roads()[dead_end as usize], None);
        assert_eq!(t.g.roads()[to as usize], Some(0));
        assert_eq!(t.g.players()[0].roads_left, 13);
        assert_eq!(t.g.players()[0].hand, Resources::default(), "free");
        after_use(
            &mut t,
            0,
            side,
            HelperUse::Louis {
                from: to,
                to: dead_end,
            },
        );
    }
}

#[test]
fn william_builds_a_road_with_one_resource_swapped() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::William);
        set_side(&mut t, 0, side);
        t.settlement(0, 10);
        t.give(
            0,
            Resources::one(Resource::Lumber) + Resources::one(Resource::Wool),
        );
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        t.refuse(0, Action::BuildRoad(e));
        let err = t.refuse(
            0,
            Action::UseHelper(HelperUse::William {
                edge: e,
                keep: Resource::Wool,
                with: Resource::Lumber,
            }),
        );
        assert!(said(&t, &err).contains("William keeps"), "{err}");
        let u = HelperUse::William {
            edge: e,
            keep: Resource::Lumber,
            with: Resource::Wool,
        };
        use_ok(&mut t, 0, u.clone());
        assert_eq!(t.g.roads()[e as usize], Some(0));
        assert!(t.g.players()[0].hand.is_empty());
        after_use(&mut t, 0, side, u);
    }
}

#[test]
fn candamir_swaps_a_resource_and_keeps_one_of_the_top_three() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Candamir);
        set_side(&mut t, 0, side);
        t.give(0, Resources([1, 0, 1, 1, 0])); // brick, wool, grain: no ore
        t.refuse(0, Action::BuyDevCard);
        let deck = testkit::deck(&t.g).to_vec();
        let top3: Vec<DevCard> = deck.iter().rev().take(3).copied().collect();
        let ev = use_ok(
            &mut t,
            0,
            HelperUse::Candamir {
                swap: Some((Resource::Ore, Resource::Brick)),
            },
        );
        let looked = ev
            .iter()
            .find(|e| matches!(e, Event::CardsLookedAt { .. }))
            .unwrap();
        assert_eq!(looked.private_to(), vec![0]);
        assert_eq!(
            looked,
            &Event::CardsLookedAt {
                seat: 0,
                cards: top3.clone()
            }
        );
        assert!(t.g.players()[0].hand.is_empty());
        // only the buyer sees the cards
        let mine = t.g.view(Some(0)).helpers.unwrap();
        assert_eq!(mine.own_cards, top3);
        assert!(t.g.view(Some(1)).helpers.unwrap().own_cards.is_empty());
        let missing = DevCard::ALL
            .into_iter()
            .find(|c| !top3.contains(c))
            .unwrap();
        let err = t.refuse(0, Action::HelperChoice(HelperChoice::Keep(missing)));
        assert!(said(&t, &err).contains("not among"), "{err}");
        t.ok(0, Action::HelperChoice(HelperChoice::Keep(top3[2])));
        assert_eq!(t.g.players()[0].dev_cards.len(), 1);
        assert_eq!(t.g.players()[0].dev_cards[0].card, top3[2]);
        assert_eq!(t.g.deck_size(), deck.len() - 1);
        after_use(&mut t, 0, side, HelperUse::Candamir { swap: None });
    }
}

#[test]
fn nassir_demands_a_resource_and_gives_a_card_back_for_each() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Nassir);
        set_side(&mut t, 0, side);
        t.give(0, Resources::one(Resource::Ore));
        t.give(1, Resources::of(Resource::Wool, 2));
        let u = HelperUse::Nassir {
            resource: Resource::Wool,
            from: 1,
            also: Some(2),
        };
        let ev = use_ok(&mut t, 0, u.clone());
        assert!(ev.contains(&Event::NassirDemanded {
            seat: 0,
            resource: Resource::Wool,
            gave: vec![1],
            had_none: vec![2]
        }));
        let err = t.refuse(
            0,
            Action::HelperChoice(HelperChoice::GiveBack {
                to: 2,
                card: Resource::Ore,
            }),
        );
        assert!(said(&t, &err).contains("owe no card"), "{err}");
        t.refuse(0, Action::EndTurn);
        t.ok(
            0,
            Action::HelperChoice(HelperChoice::GiveBack {
                to: 1,
                card: Resource::Ore,
            }),
        );
        assert_eq!(t.g.players()[0].hand, Resources::one(Resource::Wool));
        assert_eq!(
            t.g.players()[1].hand,
            Resources::one(Resource::Wool) + Resources::one(Resource::Ore)
        );
        after_use(&mut t, 0, side, u);
    }
}

#[test]
fn nassir_names_only_opponents() {
    let mut t = game();
    t.helper(0, Helper::Nassir);
    let err = t.refuse(
        0,
        Action::UseHelper(HelperUse::Nassir {
            resource: Resource::Wool,
            from: 0,
            also: None,
        }),
    );
    assert!(said(&t, &err).contains("not one"), "{err}");
}

#[test]
fn hilde_looks_at_a_leaders_hand_and_takes_a_card() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Hilde);
        set_side(&mut t, 0, side);
        t.settlement(0, 0);
        t.settlement(1, 10);
        t.settlement(1, 20);
        t.settlement(2, 30);
        t.give(1, Resources([0, 0, 1, 0, 2]));
        t.give(2, Resources::one(Resource::Ore));
        let err = t.refuse(0, Action::UseHelper(HelperUse::Hilde { victim: 2 }));
        assert!(said(&t, &err).contains("more points"), "{err}");
        testkit::set_phase(&mut t.g, Phase::BeforeRoll);
        let err = t.refuse(0, Action::UseHelper(HelperUse::Hilde { victim: 1 }));
        assert!(said(&t, &err).contains("after your roll"), "{err}");
        testkit::set_phase(&mut t.g, Phase::Main);
        let ev = use_ok(&mut t, 0, HelperUse::Hilde { victim: 1 });
        let looked = ev
            .iter()
            .find(|e| matches!(e, Event::HandLookedAt { .. }))
            .unwrap();
        assert_eq!(looked.private_to(), vec![0, 1]);
        assert_eq!(
            t.g.view(Some(0)).helpers.unwrap().looked_at,
            Some(Resources([0, 0, 1, 0, 2]))
        );
        assert_eq!(t.g.view(Some(2)).helpers.unwrap().looked_at, None);
        let err = t.refuse(0, Action::HelperChoice(HelperChoice::Take(Resource::Brick)));
        assert!(said(&t, &err).contains("no brick"), "{err}");
        t.ok(0, Action::HelperChoice(HelperChoice::Take(Resource::Ore)));
        assert_eq!(t.g.players()[0].hand, Resources::one(Resource::Ore));
        assert_eq!(t.g.players()[1].hand, Resources([0, 0, 1, 0, 1]));
        after_use(&mut t, 0, side, HelperUse::Hilde { victim: 1 });
    }
}

/// Seat 0 with `knights` played knights (taken from the deck).
fn with_knights(t: &mut TestGame, seat: Seat, knights: u8) {
    for _ in 0..knights {
        assert!(testkit::take_from_deck(&mut t.g, DevCard::Knight));
    }
    testkit::set_knights_played(&mut t.g, seat, knights);
}

#[test]
fn vincent_discards_a_knight_for_a_cheap_settlement() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Vincent);
        set_side(&mut t, 0, side);
        let path = path_from(t.topo(), 10, 3);
        t.settlement(0, path[0]);
        t.road_path(0, &path);
        t.give(0, Resources::ROAD);
        let u = HelperUse::Vincent(VincentBuild::Settlement(path[2]));
        let err = t.refuse(0, Action::UseHelper(u.clone()));
        assert!(said(&t, &err).contains("knights"), "{err}");
        with_knights(&mut t, 0, 1);
        let ev = use_ok(&mut t, 0, u.clone());
        assert!(ev.contains(&Event::KnightDiscarded { seat: 0 }));
        assert!(ev.contains(&Event::SettlementBuilt {
            seat: 0,
            vertex: path[2]
        }));
        assert!(t.g.players()[0].hand.is_empty());
        assert_eq!(t.g.players()[0].knights_played, 0);
        assert_eq!(t.g.helpers().unwrap().knights_discarded[0], 1);
        after_use(&mut t, 0, side, u);
        catan_bot::engine::invariants::check(&t.g).unwrap();
    }
}

#[test]
fn vincent_city_for_two_ore_and_a_grain_can_cost_largest_army() {
    for side in [Side::A, Side::B] {
        let mut t = game();
        t.helper(0, Helper::Vincent);
        set_side(&mut t, 0, side);
        t.settlement(0, 10);
        t.give(0, Resources([0, 0, 0, 1, 2]));
        with_knights(&mut t, 0, 3);
        testkit::set_largest_army(&mut t.g, Some(0));
        let u = HelperUse::Vincent(VincentBuild::City(10));
        let ev = use_ok(&mut t, 0, u.clone());
        assert!(ev.contains(&Event::LargestArmySetAside { from: 0 }));
        assert_eq!(t.g.largest_army(), None);
        assert!(t.g.buildings()[10].is_some_and(|b| b.city));
        after_use(&mut t, 0, side, u);
        catan_bot::engine::invariants::check(&t.g).unwrap();
    }
}

#[test]
fn a_helper_is_never_used_on_the_turn_it_is_received() {
    let mut t = game();
    t.helper(0, Helper::Jean);
    testkit::helpers_mut(&mut t.g).unwrap().held[0]
        .as_mut()
        .unwrap()
        .received_turn = 1;
    let err = t.refuse(0, Action::UseHelper(HelperUse::Jean(Resource::Ore)));
    assert!(said(&t, &err).contains("this turn"), "{err}");
    assert!(
        !t.g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::UseHelper(_)))
    );
}

#[test]
fn no_helper_in_the_special_building_phase() {
    let mut t = TestGame::main_phase_with_helpers(5);
    t.helper(1, Helper::William);
    t.settlement(1, 10);
    t.give(
        1,
        Resources::one(Resource::Lumber) + Resources::one(Resource::Wool),
    );
    t.ok(0, Action::EndTurn);
    assert_eq!(*t.g.phase(), Phase::SpecialBuild { builder: 1 });
    let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
    let err = t.refuse(
        1,
        Action::UseHelper(HelperUse::William {
            edge: e,
            keep: Resource::Lumber,
            with: Resource::Wool,
        }),
    );
    assert!(is_helper_refusal(&err), "{err}");
    assert!(
        !t.g.legal_actions(1)
            .iter()
            .any(|a| matches!(a, Action::UseHelper(_)))
    );
}

#[test]
fn games_without_helpers_refuse_helper_actions() {
    let mut t = TestGame::main_phase(4);
    let err = t.refuse(0, Action::UseHelper(HelperUse::Jean(Resource::Ore)));
    assert!(said(&t, &err).contains("without helpers"), "{err}");
    let err = t.refuse(0, Action::FlipHelper);
    assert!(said(&t, &err).contains("without helpers"), "{err}");
}
