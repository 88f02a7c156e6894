//! House rules at the table: the friendly robber is set in the lobby, shown in the lobby and
//! start messages, kept with the game over a restart, and a robber move it forbids is refused
//! in the players' words without changing the game.

use crate::table_support;

use catan_bot::engine::{Action, HexId, Phase};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

#[test]
fn the_friendly_robber_is_shown_kept_and_refuses_a_protected_hex() {
    let mut h = Harness::empty(&NAMES, quiet_options());
    let lobby = h.say("alice", "new players 3 seed 5 friendly on");
    assert_no_refusal(&lobby, "new");
    assert!(
        public_text(&lobby).contains("friendly robber"),
        "{}",
        public_text(&lobby)
    );
    let bad = h.say("alice", "set friendly maybe");
    assert_eq!(
        refusal_text(&bad).map(|t| t.contains("`friendly` is `on` or `off`, not `maybe`")),
        Some(true),
        "{bad:?}"
    );
    for n in &NAMES[1..] {
        assert_no_refusal(&h.say(n, "join"), "join");
    }
    let start = h.say("alice", "start");
    assert_no_refusal(&start, "start");
    assert!(
        public_text(&start).contains("friendly robber"),
        "{}",
        public_text(&start)
    );
    h.game = h.table().game_in(PLACE).expect("a game").id;
    assert!(h.state().settings().friendly_robber);
    h.reopen();
    assert!(h.state().settings().friendly_robber, "kept over a restart");

    // Play until someone moves the robber while a protected opponent blocks a hex.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..20_000 {
        let g = h.state();
        let seat = g.waiting_for()[0];
        let moving = matches!(g.phase(), Phase::MoveRobber);
        let legal = g.legal_actions(seat);
        let open: Vec<HexId> = legal
            .iter()
            .filter_map(|a| match a {
                Action::MoveRobber { hex, .. } => Some(*hex),
                _ => None,
            })
            .collect();
        let closed =
            (0..g.layout().terrain.len() as HexId).find(|h| *h != g.robber() && !open.contains(h));
        if moving && let Some(hex) = closed {
            let name = h.display_name(seat);
            let text = h.command(&Action::MoveRobber { hex, victim: None });
            let before = h.serialized();
            let r = h.say(&name, &text);
            let refusal = refusal_text(&r).expect("a closed hex is refused");
            assert!(
                refusal.starts_with("Friendly robber: ")
                    && refusal.contains("2 or fewer public victory points")
                    && refusal.contains("so the robber can't go there"),
                "{refusal}"
            );
            assert_eq!(h.serialized(), before, "a refusal changes nothing");
            return;
        }
        assert!(h.step(&mut rng), "the game ended before a robber move");
    }
    panic!("no robber move with a protected hex in 20,000 actions");
}
