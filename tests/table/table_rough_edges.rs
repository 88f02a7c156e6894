//! Small things players saw wrong (issue 24): plurals in `status`, the words of a withdrawn
//! offer, the discard example made from the player's own hand, and a rematch that seats the
//! finished game's bots again.

use crate::table_support;

use catan_bot::engine::{Phase, Resource};
use catan_bot::i18n::InWords;
use catan_bot::table::bot_seats::is_bot_user;
use catan_bot::table::{Audience, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{Harness, PLACE, assert_no_refusal, choose, quiet_options};

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

#[test]
fn status_says_one_card_not_one_cards() {
    let mut h = Harness::started(&NAMES, "seed 3", quiet_options());
    // Through the setup: every seat holds a few cards, none played a knight.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while matches!(h.state().phase(), Phase::Setup { .. }) {
        assert!(h.step(&mut rng));
    }
    let status = h.say("alice", "status");
    let text = &status[0].text;
    assert!(
        text.contains("0 knights") && text.contains("0 dev cards"),
        "{text}"
    );
    // Singular where there is one (the English and German catalogs choose by the number).
    for (counts, en, de) in [
        (
            (1, 1, 1),
            ["1 card ·", "1 dev card ·", "1 knight ·"],
            ["1 Karte ·", "1 Entwicklungskarte ·"],
        ),
        (
            (2, 2, 2),
            ["2 cards ·", "2 dev cards ·", "2 knights ·"],
            ["2 Karten ·", "2 Entwicklungskarten ·"],
        ),
    ] {
        let line = |lang: &str| {
            let l = catan_bot::i18n::Lang::parse(lang).expect("catalog");
            let _scope = catan_bot::i18n::scope(l);
            catan_bot::t!(
                "messages-status-player",
                name = "alice",
                colour = "red",
                vp = 2,
                cards = counts.0,
                devcards = counts.1,
                knights = counts.2,
                route = 1
            )
        };
        let (english, german) = (line("en"), line("de"));
        for want in en {
            assert!(english.contains(want), "{english}");
        }
        for want in de {
            assert!(german.contains(want), "{german}");
        }
    }
}

#[test]
fn a_withdrawn_offer_says_nothing_was_given() {
    let mut h = Harness::started(&NAMES, "seed 3", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // Until someone in their main phase holds a card to offer.
    let (name, give, get) = loop {
        let g = h.state();
        let seat = g.current();
        let held = Resource::ALL
            .into_iter()
            .find(|&r| g.players()[seat as usize].hand[r] > 0);
        if *g.phase() == Phase::Main
            && let Some(give) = held
        {
            let get = Resource::ALL
                .into_iter()
                .find(|&r| r != give)
                .expect("two kinds");
            break (h.seat_name(seat), give, get);
        }
        assert!(h.step(&mut rng), "the game ended");
    };
    let r = h.say(
        &name,
        &format!(
            "trade offer 1 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    assert_no_refusal(&r, "offer");
    let r = h.say(&name, "trade withdraw 1");
    assert_no_refusal(&r, "withdraw");
    let public = r
        .iter()
        .find(|r| r.is_public())
        .map(|r| r.text.clone())
        .unwrap_or_default();
    assert_eq!(
        public,
        format!(
            "Trade offer #1 ({name} offered 1 {give} for 1 {get}) was withdrawn.",
            give = give.in_words(),
            get = get.in_words()
        )
    );
    assert!(!public.contains("gave"), "{public}");
}

#[test]
fn the_discard_example_comes_from_the_players_own_hand() {
    let mut checked = 0;
    for seed in 1..40 {
        let mut h = Harness::started(&NAMES, &format!("seed {seed}"), quiet_options());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while checked < 6 {
            let before = matches!(h.state().phase(), Phase::Discard { .. });
            let Some((_, replies)) = h.step_replies(&mut rng) else {
                break;
            };
            let Phase::Discard { owed } = h.state().phase().clone() else {
                continue;
            };
            if before {
                continue;
            }
            for (seat, n) in owed {
                let user = h.user_of(&h.seat_name(seat));
                let hand = h.state().players()[seat as usize].hand;
                let prompts: Vec<&str> = replies
                    .iter()
                    .filter(|r| r.text.starts_with("You must discard"))
                    .filter(|r| {
                        assert!(!r.is_public(), "a hand's example in public: {}", r.text);
                        matches!(r.audience, Audience::Private(u) if u == user)
                    })
                    .map(|r| r.text.as_str())
                    .collect();
                assert_eq!(prompts.len(), 1, "{replies:?}");
                let example = prompts[0]
                    .split('`')
                    .nth(1)
                    .and_then(|c| c.strip_prefix("discard "))
                    .expect("an example command");
                let words: Vec<&str> = example.split(' ').collect();
                let mut total = 0;
                for pair in words.chunks(2) {
                    let count: u8 = pair[0].parse().expect("a count");
                    let r = Resource::ALL
                        .into_iter()
                        .find(|r| r.in_words() == pair[1])
                        .expect("a resource");
                    assert!(
                        count <= hand[r],
                        "{example} from a hand of {hand}",
                        hand = hand.in_words()
                    );
                    total += count;
                }
                assert_eq!(total, n, "{example}: half of {hand:?}");
                checked += 1;
            }
        }
        // The public hint names no cards.
        assert!(
            h.log
                .iter()
                .filter(|r| r.is_public())
                .all(|r| !r.text.contains("2 wool 1 ore"))
        );
        if checked >= 6 {
            break;
        }
    }
    assert!(checked >= 6, "only {checked} discards seen");
}

#[test]
fn a_rematch_seats_the_same_bots_at_once() {
    let options = TableOptions {
        bot_delay_ms: 0,
        ..quiet_options()
    };
    let mut h = Harness::empty(&["alice"], options);
    let r = h.say("alice", "new players 4 seed 5 vp 4 timer off");
    assert_no_refusal(&r, "new");
    let mut easy = String::new();
    for level in ["easy", "strong", "strong"] {
        let r = h.say("alice", &format!("addbot {level}"));
        assert_no_refusal(&r, "addbot");
        if level == "easy" {
            let text = &r[0].text;
            let at = text
                .find(" (an easy bot) joined")
                .expect("the easy bot's name");
            easy = text[..at]
                .split_whitespace()
                .last()
                .unwrap_or_default()
                .to_string();
        }
    }
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    let bots_before: Vec<(u64, String)> = h
        .players()
        .into_iter()
        .filter(|(u, _)| is_bot_user(*u))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20_000 {
        if h.state().winner().is_some() {
            break;
        }
        let g = h.state();
        let bots = h.table().bot_seats(h.game);
        if let Some(seat) = g.waiting_for().into_iter().find(|s| !bots.contains(s)) {
            let action = choose(&g.legal_actions(seat), &mut rng);
            h.play(seat, &action);
        } else {
            let due = h.table().next_deadline().expect("the bots' move is due");
            h.now = h.now.max(due);
            let now = h.now;
            h.tick(now);
        }
    }
    assert!(h.state().winner().is_some(), "the game did not end");
    let r = h.say("alice", "rematch");
    assert_no_refusal(&r, "rematch");
    let lobby = &r[0].text;
    assert!(!lobby.contains("Invited"), "bots are invited: {lobby}");
    assert!(
        lobby.contains(&format!("{easy} (an easy bot) joined")),
        "{lobby}"
    );
    let seated = h.table().game_in(PLACE).expect("the rematch lobby").players;
    let mut names: Vec<String> = seated.iter().map(|(_, n)| n.clone()).collect();
    let mut expected: Vec<String> = bots_before.iter().map(|(_, n)| n.clone()).collect();
    expected.push("alice".into());
    names.sort();
    expected.sort();
    assert_eq!(names, expected, "the same bots sit down");
    // Alice starts at once: nobody else is needed.
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start the rematch");
    assert!(h.table().game_in(PLACE).and_then(|g| g.version).is_some());
}

#[test]
fn other_counts_choose_singular_too() {
    let en = |count: u32| {
        let _scope = catan_bot::i18n::scope(catan_bot::i18n::Lang::EN);
        (
            catan_bot::t!("summary-over", game = 1, turns = count, duration = "1 min"),
            catan_bot::t!(
                "summary-player-stats",
                name = "alice",
                produced = count,
                robbed = 0,
                discarded = 0,
                trades = 0,
                bank = 0
            ),
            catan_bot::t!("menus-has-cards", name = "bob", count = count),
            catan_bot::t!("records-export", game = 1, count = count),
        )
    };
    let (over, stats, has, export) = en(1);
    assert!(over.contains("after 1 turn and"), "{over}");
    assert!(stats.contains("alice: 1 card produced"), "{stats}");
    assert_eq!(has, "bob has 1 card");
    assert!(export.contains("so far: 1 move and"), "{export}");
    let (over, stats, has, export) = en(2);
    assert!(over.contains("after 2 turns and"), "{over}");
    assert!(stats.contains("alice: 2 cards produced"), "{stats}");
    assert_eq!(has, "bob has 2 cards");
    assert!(export.contains("so far: 2 moves and"), "{export}");
}
