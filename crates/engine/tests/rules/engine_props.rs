//! Property tests: random legal playouts keep every invariant; anything not offered by
//! `legal_actions` is refused with the state byte-for-byte unchanged; `legal_actions` is exact
//! (checked against an exhaustive candidate list); finished games refuse everything; replaying
//! settings + seed + actions reproduces the state.

use catan_engine::testkit::serialize;
use catan_engine::{
    Action, Game, LayoutKind, Phase, Resource, Resources, RuleError, Seat, Settings, invariants,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn resource() -> impl Strategy<Value = Resource> {
    prop::sample::select(Resource::ALL.to_vec())
}

fn resources() -> impl Strategy<Value = Resources> {
    prop::array::uniform5(0u8..4).prop_map(Resources)
}

/// Any action, with ids a little beyond the largest board so bad places are covered too.
fn any_action() -> impl Strategy<Value = Action> {
    let seat = 0u8..7;
    prop_oneof![
        Just(Action::Roll),
        Just(Action::EndTurn),
        Just(Action::BuyDevCard),
        resources().prop_map(Action::Discard),
        (0u8..32, prop::option::of(seat.clone()))
            .prop_map(|(hex, victim)| Action::MoveRobber { hex, victim }),
        (0u8..32, prop::option::of(seat.clone()))
            .prop_map(|(hex, victim)| Action::PlayKnight { hex, victim }),
        (0u8..112).prop_map(Action::BuildRoad),
        (0u8..82).prop_map(Action::BuildSettlement),
        (0u8..82).prop_map(Action::BuildCity),
        (0u8..112, prop::option::of(0u8..112))
            .prop_map(|(first, second)| Action::PlayRoadBuilding { first, second }),
        (resource(), resource()).prop_map(|(a, b)| Action::PlayInvention(a, b)),
        resource().prop_map(Action::PlayMonopoly),
        (resource(), resource(), 0u8..5).prop_map(|(give, get, count)| Action::MaritimeTrade {
            give,
            get,
            count
        }),
        (seat.clone(), resources(), resources())
            .prop_map(|(with, give, get)| Action::DomesticTrade { with, give, get }),
    ]
}

/// Every action worth trying for exactness at this state (a superset of the legal ones,
/// domestic trades excluded).
fn candidates(g: &Game, seat: Seat) -> Vec<Action> {
    let topo = g.topology();
    let hexes = topo.hex_count() as u8;
    let n = g.players().len() as u8;
    let mut c = vec![Action::Roll, Action::EndTurn, Action::BuyDevCard];
    for e in 0..topo.edge_count() as u8 {
        c.push(Action::BuildRoad(e));
        c.push(Action::PlayRoadBuilding {
            first: e,
            second: None,
        });
        for f in 0..topo.edge_count() as u8 {
            c.push(Action::PlayRoadBuilding {
                first: e,
                second: Some(f),
            });
        }
    }
    for v in 0..topo.vertex_count() as u8 {
        c.push(Action::BuildSettlement(v));
        c.push(Action::BuildCity(v));
    }
    for hex in 0..hexes {
        for victim in std::iter::once(None).chain((0..n).map(Some)) {
            c.push(Action::MoveRobber { hex, victim });
            c.push(Action::PlayKnight { hex, victim });
        }
    }
    for a in Resource::ALL {
        c.push(Action::PlayMonopoly(a));
        for b in Resource::ALL {
            c.push(Action::PlayInvention(a, b));
            for count in 0..=12 {
                c.push(Action::MaritimeTrade {
                    give: a,
                    get: b,
                    count,
                });
            }
        }
    }
    if let Phase::Discard { owed } = g.phase() {
        let hand = g.players()[seat as usize].hand;
        let due = owed
            .iter()
            .find(|&&(s, _)| s == seat)
            .map(|&(_, k)| k as u32)
            .unwrap_or(2);
        let mut r = [0u8; 5];
        fn rec(i: usize, hand: &Resources, r: &mut [u8; 5], due: u32, out: &mut Vec<Action>) {
            if i == 5 {
                let t: u32 = r.iter().map(|&x| x as u32).sum();
                if t + 1 >= due && t <= due + 1 {
                    out.push(Action::Discard(Resources(*r)));
                }
                return;
            }
            for k in 0..=hand.0[i].saturating_add(1) {
                r[i] = k;
                rec(i + 1, hand, r, due, out);
            }
        }
        rec(0, &hand, &mut r, due, &mut c);
    }
    c
}

/// Exactness: at this state, each candidate is accepted (on a copy) iff legal_actions lists
/// it, and refusals leave the state unchanged.
fn check_exact(g: &Game, seat: Seat) -> Result<(), String> {
    let legal = g.legal_actions(seat);
    let before = serialize(g);
    for a in candidates(g, seat) {
        let mut copy = g.clone();
        let result = copy.apply(seat, &a);
        let listed = legal.contains(&a);
        match (result, listed) {
            (Ok(_), true) => {}
            (Ok(_), false) => {
                return Err(format!("{a:?} accepted but not listed ({:?})", g.phase()));
            }
            (Err(e), true) => return Err(format!("{a:?} listed but refused: {e}")),
            (Err(_), false) => {
                if serialize(&copy) != before {
                    return Err(format!("{a:?} refused but changed the state"));
                }
            }
        }
    }
    for a in &legal {
        if matches!(a, Action::DomesticTrade { .. }) {
            return Err("domestic trade listed".into());
        }
    }
    Ok(())
}

fn settings(players: u8, vp_target: u8, beginner: bool) -> Settings {
    let mut s = Settings::for_players(players);
    s.vp_target = vp_target;
    if beginner && players <= 4 {
        s.layout = LayoutKind::Beginner;
    }
    s
}

/// Plays `steps` random legal actions, checking invariants and refusals of `probes` along
/// the way; returns the log.
fn playout(
    g: &mut Game,
    seed: u64,
    steps: usize,
    probes: &[(Seat, Action)],
    exact_every: usize,
) -> Result<Vec<(Seat, Action)>, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    let mut buf = Vec::new();
    for step in 0..steps {
        if g.winner().is_some() {
            break;
        }
        // random actions not offered are refused and change nothing
        let (pseat, probe) = &probes[step % probes.len()];
        let pseat = *pseat % g.players().len() as u8;
        g.legal_actions_into(pseat, &mut buf);
        if !buf.contains(probe) {
            let before = serialize(g);
            let mut copy = g.clone();
            match copy.apply(pseat, probe) {
                Err(_) => prop_assert_eq!(&before, &serialize(&copy), "{:?} changed state", probe),
                Ok(_) => prop_assert!(
                    matches!(probe, Action::DomesticTrade { .. }),
                    "unlisted {:?} accepted for seat {} in {:?}",
                    probe,
                    pseat,
                    g.phase()
                ),
            }
        }
        let seats = g.waiting_for();
        let seat = seats[rng.gen_range(0..seats.len())];
        if exact_every > 0 && step % exact_every == 0 {
            check_exact(g, seat).map_err(TestCaseError::fail)?;
            let other = (seat + 1) % g.players().len() as u8;
            check_exact(g, other).map_err(TestCaseError::fail)?;
        }
        g.legal_actions_into(seat, &mut buf);
        prop_assert!(!buf.is_empty(), "no legal action in {:?}", g.phase());
        let a = buf[rng.gen_range(0..buf.len())].clone();
        if let Err(e) = g.apply(seat, &a) {
            return Err(TestCaseError::fail(format!("legal {a:?} refused: {e}")));
        }
        invariants::check(g).map_err(|e| TestCaseError::fail(format!("after {a:?}: {e}")))?;
        log.push((seat, a));
    }
    Ok(log)
}

proptest! {
    #![proptest_config(crate::regressions_beside_source(
        ProptestConfig { cases: 48, .. ProptestConfig::default() }
    ))]

    #[test]
    fn playouts_keep_invariants_and_refuse_unlisted_actions(
        players in 3u8..=6,
        seed in any::<u64>(),
        vp_target in 4u8..=10,
        beginner in any::<bool>(),
        probes in prop::collection::vec((0u8..7, any_action()), 1..64),
    ) {
        let mut g = Game::new(settings(players, vp_target, beginner), seed);
        let log = playout(&mut g, seed, 1500, &probes, 0)?;
        // replay from settings + seed + actions gives the identical state
        let mut r = Game::new(settings(players, vp_target, beginner), seed);
        for (s, a) in &log {
            prop_assert!(r.apply(*s, a).is_ok());
        }
        prop_assert_eq!(serialize(&g), serialize(&r));
        // a finished game refuses everything, unchanged
        if g.winner().is_some() {
            let before = serialize(&g);
            for (s, a) in &probes {
                prop_assert_eq!(g.apply(*s % players, a), Err(RuleError::GameOver));
            }
            for s in 0..players {
                prop_assert!(g.legal_actions(s).is_empty());
            }
            prop_assert_eq!(before, serialize(&g));
        }
    }
}

proptest! {
    #![proptest_config(crate::regressions_beside_source(
        ProptestConfig { cases: 6, .. ProptestConfig::default() }
    ))]

    #[test]
    fn legal_actions_are_exact(players in 3u8..=6, seed in any::<u64>()) {
        let mut g = Game::new(settings(players, 10, false), seed);
        let probes = vec![(0u8, Action::EndTurn)];
        playout(&mut g, seed, 400, &probes, 23)?;
    }
}

#[test]
fn low_targets_finish_games() {
    // With a target of 4 random games end quickly; make sure the finished path is exercised.
    let mut finished = 0;
    for seed in 0..20 {
        let mut g = Game::new(settings(4, 4, false), seed);
        let probes = vec![(1u8, Action::Roll)];
        if playout(&mut g, seed, 3000, &probes, 0).is_err() {
            panic!("playout failed for seed {seed}");
        }
        finished += g.winner().is_some() as u32;
    }
    assert!(finished >= 15, "only {finished} of 20 games finished");
}
