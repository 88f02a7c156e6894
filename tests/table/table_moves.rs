//! What is possible, said by the table: a refused place names legal ones (nearest first, each
//! of them accepted), the robber with only one possible victim robs them without being told,
//! and a production the robber blocks is said.

use crate::table_support;

use catan_bot::engine::{Action, Phase};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

#[test]
fn a_refused_settlement_names_legal_places_near_it() {
    let mut h = Harness::started(&NAMES, "seed 8", quiet_options());
    let first = h.seat_name(0);
    let topo = h.state().topology();
    let spot = 20u8; // intersection 21
    assert_no_refusal(
        &h.say(
            &first,
            &format!("build settlement {}", topo.vertex_label(spot)),
        ),
        "settle",
    );
    let road = topo.vertex_edges[spot as usize][0];
    assert_no_refusal(
        &h.say(&first, &format!("build road {}", topo.edge_label(road))),
        "road",
    );
    // The next player tries the neighbour of that settlement.
    let second = h.seat_name(1);
    let neighbour = topo.vertex_neighbors[spot as usize][0];
    let before = h.serialized();
    let r = h.say(
        &second,
        &format!("build settlement {}", topo.vertex_label(neighbour)),
    );
    let text = refusal_text(&r).expect("refused");
    assert!(text.contains("distance rule"), "{text}");
    assert_eq!(h.serialized(), before, "a refusal changes nothing");
    let (_, named) = text
        .split_once("You can build a settlement at ")
        .expect("legal places named");
    let labels: Vec<&str> = named
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(6)
        .collect();
    assert_eq!(labels.len(), 6, "{text}");
    assert!(named.contains("build settlement ?"), "{text}");
    // Every named place is legal, and the first is next to the refused one's neighbours.
    let legal = h.state().legal_actions(1);
    for l in &labels {
        let v = topo.parse_vertex(l).expect("a label");
        assert!(legal.contains(&Action::BuildSettlement(v)), "{l} in {text}");
    }
    let nearest = topo.parse_vertex(labels[0]).expect("a label");
    let two_steps = topo.vertex_neighbors[neighbour as usize]
        .iter()
        .any(|&n| n == nearest || topo.vertex_neighbors[n as usize].contains(&nearest));
    assert!(two_steps, "{text}");
}

/// Plays a fixed game until its current player must move the robber with a hex offering
/// exactly one victim; returns that hex label and the victim's name.
fn robber_with_one_victim(h: &mut Harness) -> (String, String) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..3000 {
        let g = h.state();
        if *g.phase() == Phase::MoveRobber {
            let seat = g.current();
            let topo = g.topology();
            for hex in 0..topo.hex_count() as u8 {
                if hex != g.robber()
                    && let [only] = g.robber_victims(seat, hex).as_slice()
                {
                    return (topo.hex_labels[hex as usize].clone(), h.seat_name(*only));
                }
            }
        }
        assert!(
            h.step(&mut rng),
            "the game ended before a robbery with one victim"
        );
    }
    panic!("no robbery with one victim in 3000 actions");
}

#[test]
fn with_one_possible_victim_the_robber_robs_them_unasked() {
    let mut h = Harness::started(&NAMES, "seed 12", quiet_options());
    let (hex, victim) = robber_with_one_victim(&mut h);
    let thief = h.seat_name(h.state().current());
    let version = h.state().version();
    let r = h.say(&thief, &format!("robber {hex}"));
    assert_no_refusal(&r, "robber without a victim");
    assert_eq!(h.state().version(), version + 1);
    assert!(
        public_text(&r).contains(&format!("{thief} stole a card from {victim}.")),
        "{}",
        public_text(&r)
    );
}

#[test]
fn production_lines_say_what_the_robber_blocked() {
    let mut h = Harness::started(&NAMES, "seed 3", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..3000 {
        let before = h.log.len();
        if !h.step(&mut rng) {
            break;
        }
        let g = h.state();
        let Some((a, b)) = g.last_roll() else {
            continue;
        };
        let robbed = g.robber() as usize;
        let blocked = g.layout().tokens[robbed] == Some(a + b)
            && g.topology().hex_vertices[robbed]
                .iter()
                .any(|&v| g.buildings()[v as usize].is_some());
        let said = h.log[before..]
            .iter()
            .filter(|r| r.is_public())
            .find(|r| r.text.contains("rolled"));
        if let Some(said) = said {
            let label = &g.topology().hex_labels[robbed];
            assert_eq!(
                said.text.contains(&format!("The robber on {label} (")),
                blocked,
                "{}",
                said.text
            );
            if blocked {
                assert!(said.text.contains("blocks production for"), "{}", said.text);
                return;
            }
        }
    }
    panic!("no blocked production in this game");
}
