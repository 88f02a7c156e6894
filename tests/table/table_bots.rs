//! Computer players at the table: seated in the lobby, moved by the clock, answering offers,
//! standing in for absent players, and resuming after a restart without a double move.

use crate::table_support;

use catan_bot::engine::{Action, Seat};
use catan_bot::i18n::InWords;
use catan_bot::table::bot_seats::is_bot_user;
use catan_bot::table::{Audience, ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{
    Harness, PLACE, assert_no_refusal, play_restarting, quiet_options, step_with_bots,
};

const DELAY: u64 = 1_500;

fn options() -> TableOptions {
    TableOptions {
        bot_delay_ms: DELAY,
        ..quiet_options()
    }
}

/// Alice alone opens a game with three bots and starts it.
fn alice_and_bots(settings: &str) -> Harness {
    let mut h = Harness::empty(&["alice"], options());
    let r = h.say("alice", &format!("new players 4 bots 3 {settings}"));
    assert_no_refusal(&r, "new with bots");
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    h
}

#[test]
fn one_player_and_three_bots_play_to_a_winner() {
    let mut h = alice_and_bots("seed 11 timer off");
    let seats = h.players();
    assert_eq!(seats.len(), 4);
    let bots: Vec<&(u64, String)> = seats.iter().filter(|(u, _)| is_bot_user(*u)).collect();
    assert_eq!(bots.len(), 3, "three bots seated: {seats:?}");
    assert!(bots.iter().all(|(_, name)| name.ends_with("Bot")));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut steps = 0;
    while step_with_bots(&mut h, &mut rng) {
        steps += 1;
        assert!(steps < 20_000, "the game did not end");
    }
    let g = h.state();
    assert!(g.winner().is_some());
    // Bots read nothing and are never mentioned: no reply goes to a bot's user.
    for r in &h.log {
        if let Audience::Private(u) = r.audience {
            assert!(!is_bot_user(u), "a private reply to a bot: {r:?}");
        }
        assert!(r.mention.iter().all(|u| !is_bot_user(*u)));
    }
    // They offer trades of their own now and then (alice, playing random moves, never does).
    let offers = h
        .log
        .iter()
        .filter(|r| matches!(r.kind, ReplyKind::TradeOffer { .. }))
        .count();
    assert!(offers > 0, "no bot made an offer");
    // Their moves are told in public like anyone's.
    let bot_name = &bots[0].1;
    assert!(
        h.public_replies()
            .any(|r| r.text.contains(bot_name.as_str())),
        "{bot_name}'s moves are public"
    );
}

/// With the Helpers of Catan too: a bot holding Marianne or Sean answers the offer its own
/// roll makes before it trades, so nothing it tries is refused.
#[test]
fn bots_play_a_helpers_game_to_a_winner() {
    for seed in [7, 11, 23] {
        let mut h = alice_and_bots(&format!("seed {seed} timer off helpers on"));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while step_with_bots(&mut h, &mut rng) {
            steps += 1;
            assert!(steps < 20_000, "seed {seed}: the game did not end");
        }
        assert!(h.state().winner().is_some());
    }
}

#[test]
fn bots_move_only_after_their_pause() {
    let mut h = alice_and_bots("seed 4 timer off");
    let g = h.state();
    let bots = h.table().bot_seats(h.game);
    if bots.contains(&g.waiting_for()[0]) {
        let version = g.version();
        let due = h.table().next_deadline().expect("due");
        let early = due - 1;
        h.tick(early);
        assert_eq!(
            h.state().version(),
            version,
            "nothing before the pause is over"
        );
        h.tick(due);
        assert_eq!(h.state().version(), version + 1, "one move when it is");
    } else {
        // Alice starts: nothing is due until she moves.
        assert_eq!(h.table().next_deadline(), None);
    }
}

#[test]
fn the_lobby_seats_and_unseats_bots_with_clear_refusals() {
    let mut h = Harness::empty(&["alice", "bob"], options());
    assert_no_refusal(&h.say("alice", "new players 3"), "new");
    assert_no_refusal(&h.say("bob", "join"), "join");
    let r = h.say("bob", "addbot");
    assert!(
        r[0].is_refusal() && r[0].text.contains("Only the host"),
        "{r:?}"
    );
    let r = h.say("alice", "addbot genius");
    assert!(r[0].text.contains("not a bot level"), "{r:?}");
    assert_no_refusal(&h.say("alice", "addbot easy"), "addbot");
    let r = h.say("alice", "addbot");
    assert!(r[0].text.contains("The table is full (3 players)"), "{r:?}");
    let r = h.say("alice", "removebot Zed");
    assert!(r[0].text.contains("no bot called Zed"), "{r:?}");
    let summary = h.table().game_in(PLACE).expect("lobby");
    assert_eq!(summary.players.len(), 3);
    let bot = summary.players[2].1.clone();
    assert_no_refusal(&h.say("alice", &format!("removebot {bot}")), "removebot");
    let summary = h.table().game_in(PLACE).expect("lobby");
    assert_eq!(summary.players.len(), 2);
    // `set bots 1` seats one again; the lobby survives a restart with it.
    assert_no_refusal(&h.say("alice", "set bots 1"), "set bots");
    h.reopen();
    let summary = h.table().game_in(PLACE).expect("lobby");
    assert_eq!(summary.players.len(), 3);
    assert!(is_bot_user(summary.players[2].0));
}

#[test]
fn bots_answer_an_offer_at_once() {
    let mut h = alice_and_bots("seed 21 timer off");
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    // Play until it is alice's main phase with cards to offer.
    let alice: Seat = h.seat_of("alice");
    for _ in 0..5_000 {
        let g = h.state();
        let hand = g.players()[alice as usize].hand;
        if g.current() == alice
            && *g.phase() == catan_bot::engine::Phase::Main
            && hand.total() > 0
            && g.waiting_for() == [alice]
        {
            break;
        }
        if g.waiting_for() == [alice] && *g.phase() == catan_bot::engine::Phase::Main {
            h.play(alice, &Action::EndTurn);
            continue;
        }
        assert!(step_with_bots(&mut h, &mut rng), "the game ended first");
    }
    let g = h.state();
    let hand = g.players()[alice as usize].hand;
    let give = catan_bot::engine::Resource::ALL
        .into_iter()
        .find(|r| hand[*r] > 0)
        .expect("a card");
    let get = catan_bot::engine::Resource::ALL
        .into_iter()
        .find(|r| *r != give)
        .expect("another resource");
    let r = h.say(
        "alice",
        &format!(
            "trade offer 1 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    assert_no_refusal(&r, "offer");
    // Every bot that holds the card answered, in public.
    let holders: Vec<String> = (0..4)
        .filter(|&s| s != alice && h.state().players()[s as usize].hand[get] > 0)
        .map(|s| h.seat_name(s))
        .collect();
    let last = r
        .iter()
        .rev()
        .find(|r| r.is_public())
        .expect("the offer's update");
    for name in &holders {
        assert!(
            last.text.contains(name.as_str()),
            "{name} answered: {}",
            last.text
        );
    }
}

#[test]
fn a_bot_stands_in_when_time_is_up_and_the_player_takes_the_seat_back() {
    let mut h = Harness::started(
        &["alice", "bob", "carol"],
        "timer 1 afk bot seed 5",
        options(),
    );
    let first = h.state().waiting_for()[0];
    let name = h.seat_name(first);
    let version = h.state().version();
    // The reminder first, then the deadline.
    let deadline = h.now + 60_000;
    h.tick(deadline - 1);
    let r = h.tick(deadline);
    assert!(
        r.iter().any(|r| r
            .text
            .contains(&format!("Time is up for {name}: a bot plays their seat"))),
        "{r:?}"
    );
    assert_eq!(h.state().version(), version + 1, "the bot moved at once");
    assert!(h.table().bot_seats(h.game).contains(&first));
    // Looking at one's hand does not take the seat back; a move does.
    h.say(&h.display_name(first), "hand");
    assert!(h.table().bot_seats(h.game).contains(&first));
    let r = h.say(&h.display_name(first), "back");
    assert!(r.iter().any(|r| r.text.contains("is back")), "{r:?}");
    assert!(h.table().bot_seats(h.game).is_empty());
    let r = h.say(&h.display_name(first), "back");
    assert!(r[0].is_refusal() && r[0].text.contains("Nobody plays your seat"));

    // `away` hands the seat over; it survives a restart; acting takes it back.
    let seat = h.state().waiting_for()[0];
    let who = h.display_name(seat);
    assert_no_refusal(&h.say(&who, "away"), "away");
    h.reopen();
    assert_eq!(h.table().bot_seats(h.game), vec![seat]);
    let legal = h.state().legal_actions(seat);
    let action = legal[0].clone();
    let r = h.play(seat, &action);
    assert!(r.iter().any(|r| r.text.contains("is back")), "{r:?}");
    assert!(h.table().bot_seats(h.game).is_empty());
}

/// While a stand-in plays a seat, its moves say a bot made them and nothing pings the
/// absent player (they would be pinged for moves the bot makes at once).
#[test]
fn a_stand_in_is_named_in_its_moves_and_the_absent_player_is_not_pinged() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 5", options());
    let seat = h.state().waiting_for()[0];
    let who = h.display_name(seat);
    let user = h.user_of(&who);
    assert_no_refusal(&h.say(&who, "away"), "away");
    let mut seen = Vec::new();
    for _ in 0..10 {
        if !h.state().waiting_for().contains(&seat) {
            break;
        }
        let due = h
            .table()
            .next_deadline()
            .expect("the stand-in's move is due");
        h.now = h.now.max(due);
        let now = h.now;
        seen.extend(h.tick(now));
    }
    assert!(
        !h.state().waiting_for().contains(&seat),
        "the stand-in moved"
    );
    let public: Vec<&str> = seen
        .iter()
        .filter(|r| r.is_public())
        .map(|r| r.text.as_str())
        .collect();
    assert!(
        public
            .iter()
            .any(|t| t.contains(&format!("{who} (bot) built a road"))),
        "the moves name the stand-in: {public:?}"
    );
    assert!(
        seen.iter().all(|r| !r.mention.contains(&user)),
        "{who} pinged while away: {seen:?}"
    );
}

#[test]
fn with_afk_wait_nobody_moves_for_the_absent() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "timer 1 afk wait", options());
    let version = h.state().version();
    let reminder = h.table().next_deadline().expect("a reminder is due");
    let r = h.tick(reminder);
    assert!(
        r.iter().any(|r| r.text.contains("waiting for you")),
        "{r:?}"
    );
    assert_eq!(h.table().next_deadline(), None, "nothing more is due");
    h.tick(h.now + 10 * 60_000);
    assert_eq!(h.state().version(), version);
}

/// The same seeded game played twice, once with a restart after every bot move: the same
/// moves, and never one twice.
#[test]
fn a_restart_between_bot_moves_changes_nothing() {
    let play =
        |restart: bool| play_restarting(alice_and_bots("seed 31 timer off"), 6, 400, restart);
    let (v1, a) = play(false);
    let (v2, b) = play(true);
    assert_eq!(v1, v2);
    assert!(a == b, "the restarted game differs");
}
