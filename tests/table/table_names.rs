//! Player names: whatever a chat name looks like (`@`, `,` `;` `–` `—`, mention syntax, case and
//! compatibility variants, invisible characters), every player can be addressed by seat, mention
//! or exact name, and each address reaches exactly that seat; autocomplete choices too.

use crate::table_support;

use catan_bot::engine::{Action, BoardSize, Phase, Resource, Resources, Seat, Topology};
use catan_bot::table::command::{Command, ParseContext, TradeCommand, command_for, parse};
use catan_bot::table::names::{key, resolve, table_name};
use catan_bot::table::{PlaceKind, UserId};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

/// Pieces names are made of, weighted towards the ones that used to break commands.
fn name_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zA-Z]{1,4}",
        1 => Just("@".to_string()),
        1 => Just(",".to_string()),
        1 => Just(";".to_string()),
        1 => Just("–".to_string()),
        1 => Just("—".to_string()),
        1 => Just(" ".to_string()),
        1 => Just("<@11>".to_string()),
        1 => Just("<@".to_string()),
        1 => Just(">".to_string()),
        1 => Just("seat".to_string()),
        1 => Just("2".to_string()),
        1 => Just("Ärger".to_string()),
        1 => Just("ärger".to_string()),
        1 => Just("ß".to_string()),
        1 => Just("SS".to_string()),
        1 => Just("ＢＯＢ".to_string()),
        1 => Just("\u{200b}".to_string()),
        1 => Just("\n".to_string()),
        1 => Just("to".to_string()),
        1 => Just("for".to_string()),
        1 => any::<char>().prop_map(|c| c.to_string()),
    ]
}

fn raw_name() -> impl Strategy<Value = String> {
    prop::collection::vec(name_piece(), 0..8).prop_map(|v| v.concat())
}

/// Seats players the way the lobby does: each joins with its chat name.
fn seat_all(raw: &[String]) -> Vec<(UserId, String)> {
    let mut players: Vec<(UserId, String)> = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let user = 10 + i as UserId;
        let taken: Vec<String> = players.iter().map(|(_, n)| n.clone()).collect();
        players.push((user, table_name(r, user, &taken)));
    }
    players
}

fn victim_of(text: &str, ctx: &ParseContext) -> Option<Seat> {
    match parse(text, Some(ctx)) {
        Ok(Command::Action(Action::MoveRobber { victim, .. })) => victim,
        other => panic!("{text:?} did not parse as a robber move: {other:?}"),
    }
}

proptest! {
    #![proptest_config(table_support::regressions_beside_source(
        ProptestConfig { cases: 400, .. ProptestConfig::default() }
    ))]

    #[test]
    fn every_name_resolves_to_its_own_seat(raw in prop::collection::vec(raw_name(), 2..=6)) {
        let players = seat_all(&raw);
        let ctx = ParseContext { topology: Topology::get(BoardSize::Standard), players: &players };
        let keys: Vec<String> = players.iter().map(|(_, n)| key(n)).collect();
        for (seat, (user, name)) in players.iter().enumerate() {
            let s = seat as Seat;
            prop_assert!(!key(name).is_empty(), "empty name from {:?}", raw[seat]);
            prop_assert_eq!(keys.iter().filter(|k| **k == keys[seat]).count(), 1, "{:?}", players);
            prop_assert_eq!(resolve(name, &players), Ok(seat));
            prop_assert_eq!(victim_of(&format!("robber C3 {name}"), &ctx), Some(s));
            prop_assert_eq!(victim_of(&format!("robber C3 seat {}", seat + 1), &ctx), Some(s));
            prop_assert_eq!(victim_of(&format!("robber C3 <@{user}>"), &ctx), Some(s));
            prop_assert_eq!(
                parse(&format!("trade confirm 4 {name}"), Some(&ctx)),
                Ok(Command::Trade(TradeCommand::Confirm(4, s)))
            );
            prop_assert_eq!(
                parse(&format!("trade offer 1 wool for 1 ore to {name}"), Some(&ctx)),
                Ok(Command::Trade(TradeCommand::Offer {
                    give: Resources::one(Resource::Wool),
                    get: Resources::one(Resource::Ore),
                    to: Some(s),
                }))
            );
            let knight = Action::PlayKnight { hex: 7, victim: Some(s) };
            prop_assert_eq!(parse(&command_for(&knight, &ctx), Some(&ctx)), Ok(Command::Action(knight)));
        }
    }
}

#[test]
fn names_that_broke_robbery_are_robbed_correctly_through_autocomplete() {
    let names = ["@bob", "x, y; z", "Ärger", "ärger"];
    let mut h = Harness::started(&names, "seed 9", quiet_options());
    let seated = h.seat_names();
    let ks: Vec<String> = seated.iter().map(|n| key(n)).collect();
    assert!(
        ks.iter()
            .all(|k| ks.iter().filter(|o| *o == k).count() == 1),
        "case-folded duplicates at one table: {seated:?}"
    );
    assert!(seated.iter().any(|n| n == "ärger2"), "{seated:?}");
    // Play until the robber must move and someone can be robbed.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut robberies = 0;
    while robberies < 3 {
        let g = h.state();
        let seat = g.waiting_for()[0];
        let robbing = *g.phase() == Phase::MoveRobber
            && g.legal_actions(seat).iter().any(|a| {
                matches!(
                    a,
                    Action::MoveRobber {
                        victim: Some(_),
                        ..
                    }
                )
            });
        if !robbing {
            assert!(h.step(&mut rng), "the game ended before three robberies");
            continue;
        }
        let thief = h.display_name(seat);
        // A hex where someone can be robbed, then the victims suggested for it.
        let hexes: Vec<_> = h
            .state()
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::MoveRobber {
                    hex,
                    victim: Some(_),
                } => Some(hex),
                _ => None,
            })
            .collect();
        let hex = hexes[robberies % hexes.len()];
        let label = h.state().topology().hex_labels[hex as usize].clone();
        let kind = PlaceKind::Victim { hex: label.clone() };
        let choices = h.table().suggest(&h.caller(&thief), kind, "");
        assert!(!choices.is_empty());
        let (value, description) = choices[robberies % choices.len()].clone();
        let shown = seated
            .iter()
            .position(|n| description.starts_with(&format!("{n} · ")))
            .expect("the choice shows a seated name") as Seat;
        let before: Vec<u32> = h.state().players().iter().map(|p| p.hand.total()).collect();
        let r = h.say(&thief, &format!("robber {label} {value}"));
        assert_no_refusal(&r, &format!("{thief}: robber {label} {value}"));
        let after: Vec<u32> = h.state().players().iter().map(|p| p.hand.total()).collect();
        assert_eq!(
            after[shown as usize] + 1,
            before[shown as usize],
            "{description} was not the one robbed"
        );
        assert!(public_text(&r).contains(&format!("stole a card from {}", seated[shown as usize])));
        robberies += 1;
    }
}
