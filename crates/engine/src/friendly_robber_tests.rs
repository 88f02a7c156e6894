use super::*;
use crate::action::{Action, Event, Phase};
use crate::board::VertexId;
use crate::testkit::TestGame;
use crate::types::{DevCard, Resource, Resources};

/// A four-seat game waiting for seat 0 to move the robber, with the house rule on.
fn friendly() -> TestGame {
    let mut t = TestGame::main_phase(4);
    t.g.settings.friendly_robber = true;
    t.g.phase = Phase::MoveRobber;
    t
}

fn robber_hexes(t: &TestGame, seat: Seat) -> Vec<HexId> {
    let mut hexes: Vec<HexId> =
        t.g.legal_actions(seat)
            .iter()
            .filter_map(|a| match a {
                Action::MoveRobber { hex, .. } | Action::PlayKnight { hex, .. } => Some(*hex),
                _ => None,
            })
            .collect();
    hexes.dedup();
    hexes
}

fn other_hexes(t: &TestGame, except: &[HexId]) -> Vec<HexId> {
    (0..t.g.layout.terrain.len() as HexId)
        .filter(|h| *h != t.g.robber && !except.contains(h))
        .collect()
}

#[test]
fn a_protected_players_hex_is_refused_and_left_out_of_the_legal_moves() {
    let mut t = friendly();
    let corners = t.topo().hex_vertices[0];
    t.settlement(1, corners[0]);
    t.give(1, Resources::one(Resource::Ore));
    let err = t.refuse(
        0,
        Action::MoveRobber {
            hex: 0,
            victim: Some(1),
        },
    );
    assert_eq!(
        err,
        RuleError::Robber(RobberRefusal::Protected {
            hex: 0,
            seats: vec![1]
        })
    );
    let near_bob: Vec<HexId> = (0..t.g.layout.terrain.len() as HexId)
        .filter(|&h| t.g.seats_on_hex(h) != 0)
        .collect();
    assert!(near_bob.contains(&0), "{near_bob:?}");
    assert_eq!(robber_hexes(&t, 0), other_hexes(&t, &near_bob));
    // the same position without the house rule: hex 0 is open
    t.g.settings.friendly_robber = false;
    assert_eq!(robber_hexes(&t, 0), other_hexes(&t, &[]));
}

#[test]
fn three_public_points_lift_the_protection_but_hidden_points_dont_count() {
    let mut t = friendly();
    let corners = t.topo().hex_vertices[0];
    t.settlement(1, corners[0]);
    t.settlement(1, corners[3]);
    t.give(1, Resources::one(Resource::Ore));
    t.dev(1, DevCard::VictoryPoint);
    assert_eq!(t.g.public_vp(1), 2);
    assert!(matches!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: Some(1)
            }
        ),
        RuleError::Robber(RobberRefusal::Protected { .. })
    ));
    t.city(1, corners[0]);
    assert_eq!(t.g.public_vp(1), 3);
    let ev = t.ok(
        0,
        Action::MoveRobber {
            hex: 0,
            victim: Some(1),
        },
    );
    assert!(ev.contains(&Event::Stole {
        thief: 0,
        victim: 1,
        card: Resource::Ore
    }));
}

#[test]
fn a_hex_shared_with_an_unprotected_player_is_still_closed() {
    let mut t = friendly();
    let corners = t.topo().hex_vertices[0];
    t.settlement(1, corners[0]);
    t.city(2, corners[2]);
    t.settlement(2, corners[4]);
    t.give(2, Resources::one(Resource::Wool));
    assert!(matches!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: Some(2)
            }
        ),
        RuleError::Robber(RobberRefusal::Protected { hex: 0, .. })
    ));
}

#[test]
fn the_movers_own_buildings_never_restrict_them() {
    let mut t = friendly();
    let corners = t.topo().hex_vertices[0];
    t.settlement(0, corners[0]);
    assert!(t.g.public_vp(0) <= FRIENDLY_ROBBER_MAX_VP);
    let ev = t.ok(
        0,
        Action::MoveRobber {
            hex: 0,
            victim: None,
        },
    );
    assert!(ev.contains(&Event::NothingToSteal { seat: 0 }));
}

/// Settlements for seats 1–3, two each, touching every hex but the robber's.
fn cover_every_other_hex(t: &TestGame) -> Vec<VertexId> {
    let topo = t.topo();
    let robber = t.g.robber;
    let hexes = t.g.layout.terrain.len();
    fn search(
        topo: &crate::board::Topology,
        hexes: usize,
        robber: HexId,
        covered: u32,
        picked: &mut Vec<VertexId>,
    ) -> bool {
        let Some(h) = (0..hexes).find(|&h| h != robber as usize && covered & (1 << h) == 0) else {
            return true;
        };
        if picked.len() == 6 {
            return false;
        }
        for &v in &topo.hex_vertices[h] {
            let touches: u32 = (0..hexes)
                .filter(|&x| topo.hex_vertices[x].contains(&v))
                .fold(0, |m, x| m | (1 << x));
            if picked.contains(&v) || touches & (1 << robber) != 0 {
                continue;
            }
            picked.push(v);
            if search(topo, hexes, robber, covered | touches, picked) {
                return true;
            }
            picked.pop();
        }
        false
    }
    let mut picked = Vec::new();
    assert!(
        search(topo, hexes, robber, 0, &mut picked),
        "six corners cover the board"
    );
    picked
}

#[test]
fn when_every_other_hex_is_protected_any_hex_is_allowed_but_nobody_protected_is_robbed() {
    let mut t = friendly();
    let corners = cover_every_other_hex(&t);
    for (i, v) in corners.iter().enumerate() {
        t.settlement(1 + (i / 2) as Seat, *v);
    }
    for s in 1..4 {
        assert_eq!(t.g.public_vp(s), 2);
        t.give(s, Resources::one(Resource::Grain));
    }
    assert_eq!(t.g.friendly_closed_hexes(0), 0);
    // every hex but the robber's, each robbed of nobody
    let legal: Vec<Action> = t.g.legal_actions(0);
    let all: Vec<Action> = other_hexes(&t, &[])
        .into_iter()
        .map(|hex| Action::MoveRobber { hex, victim: None })
        .collect();
    assert_eq!(legal, all);
    let Action::MoveRobber { hex, .. } = all[all.len() / 2] else {
        unreachable!("only robber moves")
    };
    let victims = t.g.robber_victims(0, hex);
    assert!(victims.is_empty(), "{victims:?}");
    let protected = (1..4)
        .find(|&s| t.g.seats_on_hex(hex) & (1 << s) != 0)
        .expect("a protected seat on the hex");
    assert_eq!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex,
                victim: Some(protected)
            }
        ),
        RuleError::Robber(RobberRefusal::ProtectedVictim { seat: protected })
    );
    // the robber must still move
    let robber = t.g.robber;
    assert!(matches!(
        t.refuse(
            0,
            Action::MoveRobber {
                hex: robber,
                victim: None
            }
        ),
        RuleError::Robber(RobberRefusal::AlreadyThere { .. })
    ));
    let ev = t.ok(0, Action::MoveRobber { hex, victim: None });
    assert!(ev.contains(&Event::NothingToSteal { seat: 0 }));
    // one seat grows to three points: its hexes close no more, the others' stay open
    let mut t2 = friendly();
    for (i, v) in corners.iter().enumerate() {
        t2.settlement(1 + (i / 2) as Seat, *v);
    }
    t2.city(3, corners[5]);
    let closed = t2.g.friendly_closed_hexes(0);
    assert_ne!(closed, 0, "hexes touching seats 1 and 2 close again");
    assert_ne!(
        closed.count_ones() as usize,
        all.len(),
        "seat 3's own hexes open"
    );
}

#[test]
fn knights_follow_the_same_rule() {
    let mut t = TestGame::main_phase(4);
    t.g.settings.friendly_robber = true;
    t.dev(0, DevCard::Knight);
    let corners = t.topo().hex_vertices[0];
    t.settlement(1, corners[0]);
    t.give(1, Resources::one(Resource::Grain));
    assert_eq!(
        t.refuse(
            0,
            Action::PlayKnight {
                hex: 0,
                victim: Some(1)
            }
        ),
        RuleError::Robber(RobberRefusal::Protected {
            hex: 0,
            seats: vec![1]
        })
    );
    let knights = robber_hexes(&t, 0);
    assert!(!knights.is_empty() && !knights.contains(&0));
    let hex = knights[0];
    t.ok(0, Action::PlayKnight { hex, victim: None });
    assert_eq!(t.g.robber, hex);
}
