//! The Helpers of Catan at the table: `moves` lists the helper's uses when they are legal (and
//! flip or exchange after a use), `helper ?` and the autocomplete offer exactly the legal
//! helper commands, and what `moves` names is accepted.

use crate::table_support;

use catan_bot::engine::{Action, Phase, Seat};
use catan_bot::table::{Hint, PlaceKind, ReplyKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// Plays a helpers game until a seat the game waits for may use its helper.
fn until_a_helper_use(h: &mut Harness, rng: &mut ChaCha8Rng) -> Seat {
    for _ in 0..5000 {
        let g = h.state();
        if let Some(&seat) = g.waiting_for().first()
            && g.legal_actions(seat)
                .iter()
                .any(|a| matches!(a, Action::UseHelper(_)))
        {
            return seat;
        }
        assert!(
            h.step(rng),
            "the game ended before any helper could be used"
        );
    }
    panic!("no helper use came up in 5000 actions");
}

/// The private text `name` gets for `text`.
fn ask(h: &mut Harness, name: &str, text: &str) -> String {
    let user = h.user_of(name);
    let r = h.say(name, text);
    private_to(&r, user)
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The legal helper commands of `seat`, as the table writes them.
fn helper_commands(h: &Harness, seat: Seat) -> Vec<String> {
    h.state()
        .legal_actions(seat)
        .iter()
        .map(|a| h.command(a))
        .filter(|c| c.starts_with("helper "))
        .collect()
}

#[test]
fn moves_lists_the_helper_and_what_it_names_is_accepted() {
    let mut h = Harness::started(&NAMES, "helpers on seed 8", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let seat = until_a_helper_use(&mut h, &mut rng);
    let name = h.display_name(seat);
    let helper = h.state().helper_of(seat).expect("a helper").helper;
    let head = format!("helper use {}", helper.name().to_lowercase());

    let moves = ask(&mut h, &name, "moves");
    let line = moves
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no `{head}` line in:\n{moves}"));
    assert!(
        line.contains(&catan_bot::i18n::words::helper_summary(helper)),
        "{line}"
    );

    // The first use the line names, typed as it stands, is accepted.
    let after = &line[head.len()..];
    let first = if after.starts_with(" (") || after.starts_with(',') {
        String::new()
    } else {
        let words = after.trim_start();
        let end = [", ", " or ", " ("]
            .iter()
            .filter_map(|sep| words.find(sep))
            .min()
            .unwrap_or(words.len());
        format!(" {}", &words[..end])
    };
    let typed = format!("{head}{first}");
    assert!(
        helper_commands(&h, seat).contains(&typed),
        "`{typed}` from `{line}`"
    );

    // `helper ?` and the autocomplete offer exactly the legal helper commands.
    let legal = helper_commands(&h, seat);
    let listed = ask(&mut h, &name, "helper ?");
    for c in legal.iter().take(12) {
        let words = c.strip_prefix("helper ").unwrap_or(c);
        assert!(listed.contains(words), "`{words}` not in:\n{listed}");
    }
    let caller = h.caller(&name);
    let suggested = h.table().suggest(&caller, PlaceKind::Helper, "");
    assert_eq!(suggested.len(), legal.len().min(25));
    for (value, description) in &suggested {
        assert!(legal.contains(&format!("helper {value}")), "{value}");
        assert!(description.starts_with(value.as_str()), "{description}");
    }
    // Nobody else is offered a use of this seat's helper.
    for other in (0..4).filter(|s| *s != seat) {
        let caller = h.caller(&h.display_name(other));
        let theirs = h.table().suggest(&caller, PlaceKind::Helper, "");
        let own = helper_commands(&h, other);
        assert!(
            theirs
                .iter()
                .all(|(v, _)| own.contains(&format!("helper {v}")))
        );
    }

    // Used: while the use has steps to take, `moves` names the next one, and at the end the
    // flip or exchange.
    let before = h.state().version();
    let r = h.say(&name, &typed);
    assert_no_refusal(&r, &typed);
    assert!(h.state().version() > before, "{typed} was not applied");
    for _ in 0..4 {
        let pending = h.state().helper_pending().cloned();
        let Some(p) = pending else {
            panic!("no flip or exchange is due after a use");
        };
        assert_eq!(p.seat(), seat);
        let moves = ask(&mut h, &name, "moves");
        if matches!(p, catan_bot::engine::helpers::Pending::AfterUse { .. }) {
            assert!(
                moves.contains("helper exchange ") || moves.contains("helper flip"),
                "{moves}"
            );
            return;
        }
        // A second step (a card kept, taken or given back): named, then taken.
        let next = helper_commands(&h, seat);
        let step = next.first().expect("a next step").clone();
        let verb: Vec<&str> = step.split(' ').take(2).collect();
        assert!(moves.contains(&verb.join(" ")), "{step} not in:\n{moves}");
        assert_no_refusal(&h.say(&name, &step), &step);
    }
    panic!("the use never reached its flip or exchange");
}

#[test]
fn moves_names_no_helper_in_a_game_without_helpers() {
    let mut h = Harness::started(&NAMES, "seed 8", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..300 {
        let seat = h.state().waiting_for()[0];
        let name = h.display_name(seat);
        let moves = ask(&mut h, &name, "moves");
        assert!(!moves.contains("helper"), "{moves}");
        if !h.step(&mut rng) {
            break;
        }
    }
    let name = h.display_name(h.state().waiting_for()[0]);
    let answer = ask(&mut h, &name, "helper ?");
    assert!(answer.contains("without helpers"), "{answer}");
}

/// A roll that offers Marianne or Sean to a player whose turn it is not: the game waits for
/// them, so they are pinged, the turn message names them and what they may do (not the
/// roller's build and trade), and its buttons are the helper's menu and the hand only. Once
/// they answer, the turn message is the roller's again.
#[test]
fn a_helper_offered_on_someone_elses_roll_is_what_the_turn_message_awaits() {
    let mut h = Harness::started(&NAMES, "helpers on seed 8", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut found = None;
    for _ in 0..20_000 {
        let Some((action, replies)) = h.step_replies(&mut rng) else {
            break;
        };
        let g = h.state();
        if let Some(waiting) = g.helper_waiting()
            && waiting != g.current()
            && matches!(action, Action::Roll)
            && *g.phase() == Phase::Main
        {
            found = Some((waiting, replies));
            break;
        }
    }
    let (holder, replies) = found.expect("no roll offered a helper to another player");
    let name = h.display_name(holder);
    let user = h.user_of(&name);
    let helper = h.state().helper_of(holder).expect("a helper").helper.name();

    let ping = replies
        .iter()
        .find(|r| r.is_public() && r.mention == vec![user])
        .expect("the holder is pinged");
    assert!(ping.text.contains(helper), "{}", ping.text);
    assert_eq!(ping.hints, vec![Hint::Helper]);

    let turn = replies
        .iter()
        .find(|r| matches!(r.kind, ReplyKind::TurnUpdate { .. }))
        .expect("the turn message is updated");
    let awaited = turn.text.lines().last().unwrap_or_default();
    assert_eq!(
        awaited,
        format!("▶ {name}: use {helper} now, or let it pass."),
        "{}",
        turn.text
    );
    assert_eq!(turn.hints, vec![Hint::Helper]);
    let buttons: Vec<&str> = turn
        .buttons
        .iter()
        .filter_map(|b| b.id.split(':').nth(2))
        .collect();
    assert_eq!(buttons, ["helper", "hand"], "{}", turn.text);

    // The roller can do nothing until the holder answers.
    let roller = h.display_name(h.state().current());
    let refused = h.say(&roller, "end");
    assert!(refusal_text(&refused).is_some(), "{refused:?}");
    let replies = h.play(holder, &Action::DeclineHelper);
    let turn = replies
        .iter()
        .find(|r| matches!(r.kind, ReplyKind::TurnUpdate { .. }))
        .expect("the turn message is updated");
    assert!(
        turn.text.ends_with(&format!(
            "▶ {roller}: build, trade, play a card, or end the turn."
        )),
        "{}",
        turn.text
    );
}
