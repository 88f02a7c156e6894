//! Nobody sees what they shouldn't: over whole games, no public reply carries a hand, a
//! drawn card or a stolen card's identity, and every private hand goes to its owner only.

use crate::table_support;

use catan_bot::engine::Resource;
use catan_bot::table::messages::hand_text;
use catan_bot::table::{Audience, ReplyKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const CARD_NAMES: [&str; 5] = [
    "Knight",
    "Victory Point",
    "Road Building",
    "Invention",
    "Monopoly",
];

fn check_public_line(line: &str) {
    assert!(!line.contains("Your hand"), "hand in public: {line}");
    assert!(!line.contains("You drew"), "drawn card in public: {line}");
    if line.contains("stole") {
        assert!(
            line.contains(" stole a card from ")
                && !Resource::ALL.iter().any(|r| line.contains(r.name())),
            "stolen card named in public: {line}"
        );
    }
    for card in CARD_NAMES {
        if line.contains(card) {
            let allowed = line.contains(&format!("played {card}."))
                || (card == "Victory Point" && line.starts_with("Final scores:"));
            assert!(allowed, "development card named in public: {line}");
        }
    }
}

fn play_and_watch(names: &[&str], seed: u64) -> (usize, usize) {
    let mut h = Harness::started(names, &format!("seed {seed}"), quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut steals, mut draws) = (0, 0);
    while let Some((_, replies)) = h.step_replies(&mut rng) {
        let g = h.state();
        let users: Vec<u64> = h.seat_names().iter().map(|n| h.user_of(n)).collect();
        for r in &replies {
            match r.audience {
                Audience::Channel(_) => r.text.lines().for_each(check_public_line),
                Audience::Private(user) => {
                    let seat = users
                        .iter()
                        .position(|&u| u == user)
                        .unwrap_or_else(|| panic!("private reply to a non-player: {}", r.text));
                    // The hand shown is exactly the recipient's own.
                    if let Some(line) = r.text.lines().find(|l| l.starts_with("Your hand:")) {
                        assert_eq!(line, hand_text(g, seat as u8), "wrong hand for {user}");
                    }
                    if r.text.contains("stole 1") || r.text.contains("You stole") {
                        steals += 1;
                    }
                    if r.text.contains("You drew") {
                        draws += 1;
                        assert!(CARD_NAMES.iter().any(|c| r.text.contains(c)));
                    }
                }
            }
        }
    }
    (steals, draws)
}

#[test]
fn whole_games_leak_nothing() {
    let mut steals = 0;
    let mut draws = 0;
    for (names, seed) in [
        (&["alice", "bob", "carol"][..], 11),
        (&["alice", "bob", "carol", "dave"][..], 23),
        (&["alice", "bob", "carol", "dave", "erin"][..], 31),
    ] {
        let (s, d) = play_and_watch(names, seed);
        steals += s;
        draws += d;
    }
    // The games really exercised the secrets this test is about.
    assert!(steals > 5, "only {steals} steal notes seen");
    assert!(draws > 5, "only {draws} drawn cards seen");
}

/// Every seat's resource and development cards (not when a card was bought).
fn all_cards(
    h: &Harness,
) -> Vec<(
    catan_bot::engine::Resources,
    Vec<catan_bot::engine::DevCard>,
)> {
    let players = h.state().players();
    players
        .iter()
        .map(|p| (p.hand, p.dev_cards.iter().map(|c| c.card).collect()))
        .collect()
}

/// A hand is told when it changed, never again unchanged (after every setup placement or
/// `end` it only filled a Matrix direct chat; an unchanged one is only the quiet answer a
/// Discord click needs); the player whose own move changed it is told.
#[test]
fn a_hand_is_told_only_when_it_changed() {
    let mut told_changed = 0;
    for seed in [3, 17] {
        let mut h = Harness::started(
            &["alice", "bob", "carol"],
            &format!("seed {seed}"),
            quiet_options(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let users: Vec<u64> = h.seat_names().iter().map(|n| h.user_of(n)).collect();
        let mut before = all_cards(&h);
        let mut unchanged_moves = 0;
        while let Some(seat) = h.state().waiting_for().first().copied() {
            let Some((action, replies)) = h.step_replies(&mut rng) else {
                break;
            };
            let after = all_cards(&h);
            for (s, user) in users.iter().enumerate() {
                let told = replies.iter().any(|r| {
                    matches!(r.audience, Audience::Private(u) if u == *user)
                        && r.kind != ReplyKind::UnchangedHand
                        && r.text.lines().any(|l| l.starts_with("Your hand:"))
                });
                let changed = before[s] != after[s];
                assert!(
                    !told || changed,
                    "seat {s} told an unchanged hand after {action:?}"
                );
                if s == seat as usize && changed {
                    assert!(told, "seat {s} not told its hand after its {action:?}");
                    told_changed += 1;
                }
                if s == seat as usize && !changed {
                    unchanged_moves += 1;
                }
            }
            before = after;
        }
        // The game had moves that left the mover's cards alone (placements, ends).
        assert!(
            unchanged_moves > 20,
            "only {unchanged_moves} moves without a card change"
        );
    }
    assert!(told_changed > 20, "only {told_changed} changed hands told");
}
