//! Ratings per community at the end of a game (issue 28): a finished game among people moves
//! their ratings in their community's season, in the same write as the game's end; an
//! abandoned game changes nothing; a game with bots is recorded but rated only with
//! `rated on`; a game with one person changes nothing; a player who left the running game is
//! rated last; a restart keeps everything.

use crate::table_support;

use catan_bot::community::{self, Community, Rating};
use catan_bot::store::SledStore;
use catan_bot::table::Caller;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{Harness, assert_no_refusal, quiet_options, step_with_bots};

const GUILD: u64 = 5150;

/// `names[0]` opens a game in `GUILD` with `settings`, the others join, the host starts.
fn started_in_guild(names: &[&str], settings: &str) -> Harness {
    let mut h = Harness::empty(names, quiet_options());
    h.now += 1000;
    let opener = Caller {
        community: Some(GUILD),
        ..h.caller(names[0])
    };
    let now = h.now;
    let r = h
        .table_mut()
        .handle_text(&opener, &format!("new {settings}"), now);
    assert_no_refusal(&r, "new");
    for n in &names[1..] {
        assert_no_refusal(&h.say(n, "join"), "join");
    }
    assert_no_refusal(&h.say(names[0], "start"), "start");
    h.game = h.table().game_in(h.place).expect("a game").id;
    h
}

/// Plays the game to its end (people and bots alike).
fn play_to_end(h: &mut Harness, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        if !step_with_bots(h, &mut rng) {
            return;
        }
    }
    panic!("the game did not end");
}

/// The guild's records, read from the data directory with the table closed.
fn records(h: &mut Harness) -> Community {
    let mut found = None;
    h.while_closed(|dir| {
        let store = SledStore::open(dir).expect("store");
        found = Some(community::store::load(&store, GUILD).expect("readable"));
    });
    found.expect("read")
}

#[test]
fn a_finished_game_moves_its_players_ratings_and_a_restart_keeps_them() {
    let mut h = started_in_guild(&["alice", "bob", "carol"], "players 3 seed 11");
    play_to_end(&mut h, 1);
    let g = h.state().clone();
    let winner = g.winner().expect("won");
    let winner_user = h.players()[winner as usize].0;
    let found = records(&mut h);
    assert_eq!(found.current(), 1);
    let season = found.season(1);
    assert_eq!(season.games, 1);
    assert_eq!(season.players.len(), 3);
    for (user, s) in &season.players {
        assert_eq!((s.games, s.rated_games), (1, 1), "{}", s.name);
        assert_eq!(s.wins, u32::from(*user == winner_user));
        assert_eq!(s.trend.len(), 1);
    }
    let top = season
        .players
        .values()
        .max_by_key(|s| s.rating.points())
        .expect("players");
    assert_eq!(top.wins, 1, "the winner rates highest");
    assert!(top.trend[0] > 0);
    h.reopen();
    assert_eq!(records(&mut h), found, "a restart keeps the ratings");
}

#[test]
fn an_abandoned_game_changes_no_rating() {
    let mut h = started_in_guild(&["alice", "bob"], "players 2 seed 3");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..40 {
        step_with_bots(&mut h, &mut rng);
    }
    assert_no_refusal(&h.say("alice", "abandon"), "abandon");
    assert_eq!(records(&mut h), Community::default());
}

#[test]
fn a_game_with_bots_is_recorded_but_rated_only_when_the_host_says_so() {
    let mut h = started_in_guild(&["alice", "bob"], "players 3 bots 1 seed 5");
    play_to_end(&mut h, 3);
    let season = records(&mut h).season(1);
    assert_eq!(
        season.players.len(),
        2,
        "bots are not recorded in an unrated game"
    );
    for s in season.players.values() {
        assert_eq!((s.games, s.rated_games), (1, 0));
        assert_eq!(s.rating, Rating::default());
    }

    let mut h = started_in_guild(&["alice", "bob"], "players 3 bots 1 rated on seed 5");
    play_to_end(&mut h, 3);
    let season = records(&mut h).season(1);
    assert_eq!(
        season.players.len(),
        3,
        "the bot is rated as the opponent it was"
    );
    assert!(season.players.values().all(|s| s.rated_games == 1));
    assert_eq!(season.players.values().filter(|s| s.bot).count(), 1);
}

#[test]
fn a_game_with_one_person_changes_nothing() {
    let mut h = started_in_guild(&["alice"], "players 2 bots 1 rated on seed 8");
    play_to_end(&mut h, 4);
    assert_eq!(records(&mut h), Community::default());
}

#[test]
fn a_player_who_left_the_running_game_is_rated_last() {
    let mut h = started_in_guild(&["alice", "bob", "carol"], "players 3 seed 21 afk bot");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..30 {
        step_with_bots(&mut h, &mut rng);
    }
    let carol = h.user_of("carol");
    let place = h.place;
    let r = h.table_mut().player_left(place, carol);
    assert!(!r.is_empty(), "the leave is announced");
    play_to_end(&mut h, 9);
    let season = records(&mut h).season(1);
    let left = &season.players[&carol];
    assert_eq!(left.wins, 0, "a leaver's seat never counts as a win");
    assert!(
        left.trend[0] < 0,
        "last place loses points: {:?}",
        left.trend
    );
    let lowest = season
        .players
        .values()
        .map(|s| s.rating.mu)
        .fold(f64::INFINITY, f64::min);
    assert_eq!(left.rating.mu, lowest, "rated last");
}

#[test]
fn a_game_without_a_community_keeps_no_ratings() {
    let mut h = Harness::started(&["alice", "bob"], "seed 3", quiet_options());
    play_to_end(&mut h, 5);
    assert_eq!(records(&mut h), Community::default());
}

/// `name` asks `text` in the guild (as a manager when `manager`); the text of the answers.
fn ask(h: &mut Harness, name: &str, text: &str, manager: bool) -> (String, bool) {
    h.now += 1000;
    let who = Caller {
        community: Some(GUILD),
        manages_community: manager,
        ..h.caller(name)
    };
    let now = h.now;
    let r = h.table_mut().handle_text(&who, text, now);
    let refused = r.iter().any(|r| r.is_refusal());
    let text = r
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    (text, refused)
}

#[test]
fn leaderboard_profile_and_seasons_answer_from_the_ratings() {
    let mut h = started_in_guild(&["alice", "bob", "carol"], "players 3 seed 11");
    play_to_end(&mut h, 1);
    let winner = h.state().winner().expect("won");
    let winner_name = h.players()[winner as usize].1.clone();

    let (board, refused) = ask(&mut h, "bob", "leaderboard", false);
    assert!(!refused, "{board}");
    assert!(board.contains("Leaderboard, season 1"), "{board}");
    let first = board.lines().nth(1).expect("a first row");
    assert!(
        first.starts_with("1. ") && first.contains(&winner_name),
        "{board}"
    );
    assert_eq!(board.lines().count(), 4, "head and three players: {board}");

    let (me, _) = ask(&mut h, &winner_name, "profile", false);
    assert!(me.contains(&format!("📇 {winner_name}")), "{me}");
    assert!(me.contains("1 game, 1 win"), "{me}");
    assert!(me.contains("(#1)"), "{me}");
    assert!(me.contains("Longest route:"), "{me}");
    let (other, _) = ask(
        &mut h,
        "bob",
        &format!("profile {}", winner_name.to_uppercase()),
        false,
    );
    assert_eq!(other, me, "a profile by name, any case");
    let (nobody, refused) = ask(&mut h, "bob", "profile zed", false);
    assert!(refused && nobody.contains("zed"), "{nobody}");

    let (refusal, refused) = ask(&mut h, "bob", "season new", false);
    assert!(refused && refusal.contains("Only a manager"), "{refusal}");
    assert_eq!(
        ask(&mut h, "bob", "leaderboard", false).0,
        board,
        "nothing changed"
    );

    let (news, refused) = ask(&mut h, "alice", "season new", true);
    assert!(!refused && news.contains("started season 2"), "{news}");
    let (fresh, _) = ask(&mut h, "bob", "leaderboard", false);
    assert!(
        fresh.contains("season 2") && fresh.contains("No rated game"),
        "{fresh}"
    );
    let (old, _) = ask(&mut h, "bob", "leaderboard season 1", false);
    assert_eq!(old, board.replace("season 1", "season 1 (finished)"));
    let (later, refused) = ask(&mut h, "bob", "leaderboard season 3", false);
    assert!(refused && later.contains("season 2"), "{later}");
    let (me_now, _) = ask(&mut h, &winner_name, "profile", false);
    assert!(me_now.contains("1 game, 1 win") && me_now.contains("No rated game this season"));

    h.reopen();
    assert_eq!(
        ask(&mut h, "bob", "leaderboard season 1", false).0,
        old,
        "kept over a restart"
    );
}

#[test]
fn a_place_without_a_community_says_it_keeps_no_ratings() {
    let mut h = Harness::empty(&["alice"], quiet_options());
    for text in ["leaderboard", "profile", "season new", "rangliste"] {
        let r = h.say("alice", text);
        assert!(r.iter().all(|r| r.is_refusal()), "{text}");
        assert!(
            r[0].text.contains("Ratings are kept per community"),
            "{}",
            r[0].text
        );
    }
}

#[test]
fn the_rated_setting_is_shown_and_checked_in_the_lobby() {
    let mut h = Harness::empty(&["alice"], quiet_options());
    let r = h.say("alice", "new rated maybe");
    assert!(r[0].is_refusal(), "{}", r[0].text);
    assert!(
        r[0].text.contains("`rated` is `on` or `off`, not `maybe`"),
        "{}",
        r[0].text
    );
    let r = h.say("alice", "new rated off");
    assert!(
        r.iter().any(|r| r.text.contains("· unrated")),
        "shown in the lobby"
    );
    let r = h.say("alice", "set gewertet an");
    assert!(
        r.iter().any(|r| r.text.contains("· rated")),
        "German words too"
    );
}

#[test]
fn the_leaderboard_comes_with_its_picture_when_boards_are_drawn() {
    let mut h = started_in_guild(&["alice", "bob"], "players 2 seed 3");
    play_to_end(&mut h, 5);
    h.options.render_boards = true;
    h.reopen();
    h.now += 1000;
    let asker = Caller {
        community: Some(GUILD),
        ..h.caller("bob")
    };
    let now = h.now;
    let r = h.table_mut().handle_text(&asker, "leaderboard", now);
    let file = r[0].file.as_ref().expect("the picture");
    assert_eq!(file.name, "leaderboard-season-1.png");
    let img = image::load_from_memory(&file.bytes).expect("a PNG");
    assert_eq!(img.width(), catan_bot::render::LEADERBOARD_WIDTH);
    assert_eq!(
        img.height(),
        catan_bot::render::leaderboard_height(2, false)
    );
}

#[test]
fn the_ratings_answer_in_german_too() {
    let mut h = started_in_guild(&["alice", "bob"], "players 2 seed 3");
    play_to_end(&mut h, 5);
    h.now += 1000;
    let asker = Caller {
        community: Some(GUILD),
        lang: catan_bot::i18n::Lang::parse("de"),
        ..h.caller("bob")
    };
    let now = h.now;
    let board = h.table_mut().handle_text(&asker, "rangliste", now);
    assert!(
        board[0].text.contains("Rangliste, Saison 1"),
        "{}",
        board[0].text
    );
    assert!(
        board[0].text.contains("1 gewertetes Spiel"),
        "{}",
        board[0].text
    );
    let profile = h.table_mut().handle_text(&asker, "profil", now);
    assert!(
        profile[0].text.contains("Lieblingsrohstoff"),
        "{}",
        profile[0].text
    );
    let season = h.table_mut().handle_text(&asker, "saison neu", now);
    assert!(
        season[0].text.contains("Nur ein Verwalter"),
        "{}",
        season[0].text
    );
}
