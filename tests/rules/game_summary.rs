//! The end of a game through the table: whole games played to a winner (with domestic and
//! bank trades, discards, robberies and a restart on the way), whose one summary reply is
//! checked against counts the test keeps itself; and the rematch that follows.

use crate::table_support;

use catan_bot::engine::{Action, Event, Game, Phase, Resource, Resources, Seat};
use catan_bot::i18n::InWords;
use catan_bot::store::{SledStore, Store};
use catan_bot::table::command::resources_words;
use catan_bot::table::lobby::{LobbySettings, parse_settings};
use catan_bot::table::record::decode_snapshot;
use catan_bot::table::summary::GameEndSummary;
use catan_bot::table::{Reply, ReplyKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// What the test counts itself, from the actions it sends and the events a shadow copy of the
/// game produces for them.
#[derive(Default)]
struct Tally {
    /// `roll` actions sent.
    roll_actions: u32,
    dice: [u32; 11],
    produced: [u32; 3],
    robbed: [u32; 3],
    /// Cards in the `discard` actions sent.
    discarded: [u32; 3],
    /// Trades the test confirmed, per side.
    domestic: [u32; 3],
    /// `bank` actions sent.
    bank: [u32; 3],
}

impl Tally {
    fn action(&mut self, seat: Seat, action: &Action) {
        let s = seat as usize;
        match action {
            Action::Roll => self.roll_actions += 1,
            Action::Discard(cards) => self.discarded[s] += cards.total(),
            Action::MaritimeTrade { .. } => self.bank[s] += 1,
            _ => {}
        }
    }

    fn events(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Rolled { dice, .. } => self.dice[(dice.0 + dice.1 - 2) as usize] += 1,
                Event::Produced { gains } => {
                    for (seat, cards) in gains {
                        self.produced[*seat as usize] += cards.total();
                    }
                }
                Event::Stole { victim, .. } => self.robbed[*victim as usize] += 1,
                _ => {}
            }
        }
    }
}

/// A game played by the test through the table, next to a shadow engine game that receives
/// the same actions (so the test sees every event without asking the table).
struct Played {
    h: Harness,
    shadow: Game,
    tally: Tally,
    /// The events of each accepted action, in log order.
    events: Vec<Vec<Event>>,
    rng: ChaCha8Rng,
    started_ms: u64,
}

impl Played {
    fn new(settings: &str, seed: u64) -> Played {
        let h = Harness::started(&NAMES, &format!("seed {seed} {settings}"), quiet_options());
        Played {
            shadow: h.state().clone(),
            started_ms: h.now,
            h,
            tally: Tally::default(),
            events: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn send(&mut self, seat: Seat, action: &Action) -> Vec<Reply> {
        let events = self
            .shadow
            .apply(seat, action)
            .expect("legal in the shadow");
        self.tally.action(seat, action);
        self.tally.events(&events);
        self.events.push(events);
        self.h.play(seat, action)
    }

    /// Sometimes, in the current player's main phase, a one-for-one trade with another player
    /// through offer, accept and confirm.
    fn maybe_trade_with_a_player(&mut self) {
        let g = &self.shadow;
        if *g.phase() != Phase::Main || !self.rng.gen_bool(0.15) {
            return;
        }
        let cur = g.current();
        let hand = |s: Seat| g.players()[s as usize].hand;
        let Some(give) = Resource::ALL.into_iter().find(|&r| hand(cur)[r] > 0) else {
            return;
        };
        let partner = (0..3).filter(|&s| s != cur).find_map(|s| {
            Resource::ALL
                .into_iter()
                .find(|&r| r != give && hand(s)[r] > 0)
                .map(|r| (s, r))
        });
        let Some((with, get)) = partner else {
            return;
        };
        let (cur_n, with_n) = (self.h.seat_name(cur), self.h.seat_name(with));
        let r = self.h.say(
            &cur_n,
            &format!(
                "trade offer 1 {give} for 1 {get} to {with_n}",
                give = give.in_words(),
                get = get.in_words()
            ),
        );
        assert_no_refusal(&r, "offer");
        let offer = r
            .iter()
            .find_map(|r| match r.kind {
                ReplyKind::TradeOffer { offer, .. } => Some(offer),
                _ => None,
            })
            .expect("offer posted");
        assert_no_refusal(
            &self.h.say(&with_n, &format!("trade accept {offer}")),
            "accept",
        );
        let r = self
            .h
            .say(&cur_n, &format!("trade confirm {offer} {with_n}"));
        assert_no_refusal(&r, "confirm");
        let action = Action::DomesticTrade {
            with,
            give: Resources::one(give),
            get: Resources::one(get),
        };
        let events = self
            .shadow
            .apply(cur, &action)
            .expect("same trade in the shadow");
        self.events.push(events);
        self.tally.domestic[cur as usize] += 1;
        self.tally.domestic[with as usize] += 1;
    }

    /// Plays until `done` says so; false if the game was won first.
    fn play_until(&mut self, done: impl Fn(&Game) -> bool) -> bool {
        while !done(&self.shadow) {
            if self.shadow.winner().is_some() {
                return false;
            }
            self.step();
        }
        true
    }

    /// Plays to the winner; returns the replies to the winning action.
    fn play_to_the_end(&mut self) -> Vec<Reply> {
        loop {
            let replies = self.step();
            if self.shadow.winner().is_some() {
                return replies;
            }
        }
    }

    fn step(&mut self) -> Vec<Reply> {
        assert!(self.events.len() < 20_000, "no winner");
        self.maybe_trade_with_a_player();
        let seat = self.shadow.waiting_for()[0];
        let action = choose(&self.shadow.legal_actions(seat), &mut self.rng);
        self.send(seat, &action)
    }

    /// After a restart: the table's game is the shadow, bit for bit.
    fn assert_resumed(&self) {
        assert_eq!(
            bincode::serialize(self.h.state()).expect("state"),
            bincode::serialize(&self.shadow).expect("shadow"),
            "the resumed game is the game"
        );
    }
}

fn summary_reply(replies: &[Reply]) -> Option<(&Reply, &GameEndSummary, Option<&Vec<u8>>)> {
    replies.iter().find_map(|r| match &r.kind {
        ReplyKind::GameEnd {
            summary,
            dice_chart,
            ..
        } => Some((r, summary.as_ref(), dice_chart.as_ref())),
        _ => None,
    })
}

#[test]
fn the_summary_matches_what_happened_across_a_restart() {
    let mut p = Played::new("", 11);
    // Restart late, once a snapshot holds most of the counts; draw pictures from then on.
    p.h.options.snapshot_every = 10;
    p.h.options.render_boards = true;
    assert!(p.play_until(|g| (0..3).any(|s| g.total_vp(s) >= 8)));
    p.h.reopen();
    p.assert_resumed();
    let replies = p.play_to_the_end();
    let g = p.shadow.clone();
    let winner = g.winner().expect("won");
    let t = &p.tally;

    // One summary, public, and the only public message of the winning action.
    let summaries =
        p.h.log
            .iter()
            .filter(|r| matches!(r.kind, ReplyKind::GameEnd { .. }))
            .count();
    assert_eq!(summaries, 1);
    let (reply, s, chart) = summary_reply(&replies).expect("summary");
    assert!(reply.is_public());
    let public: Vec<&Reply> = replies
        .iter()
        // Edits of messages already posted (offers, the live turn message) are not new ones.
        .filter(|r| {
            r.is_public()
                && !matches!(
                    r.kind,
                    ReplyKind::TradeOfferUpdate { .. } | ReplyKind::TurnUpdate { .. }
                )
        })
        .collect();
    assert_eq!(public.len(), 1, "one new public message at the end");

    // Victory points: the final state's, broken down.
    assert_eq!(s.winner, winner);
    assert_eq!(s.game, p.h.game);
    for player in &s.players {
        assert_eq!(player.vp.total(), g.total_vp(player.seat) as u32);
        assert_eq!(player.name, p.h.seat_name(player.seat));
    }
    assert!(s.players[winner as usize].vp.total() >= g.settings().vp_target as u32);
    let holder = |held: Option<Seat>, of: &dyn Fn(usize) -> bool| {
        (0..3).all(|i| of(i) == (held == Some(i as Seat)))
    };
    assert!(holder(g.longest_route(), &|i| s.players[i]
        .vp
        .longest_route
        .is_some()));
    assert!(holder(g.largest_army(), &|i| s.players[i]
        .vp
        .largest_army
        .is_some()));

    // Dice: every roll sent, each total as the events showed it.
    assert_eq!(s.dice, t.dice);
    assert_eq!(s.rolls(), t.roll_actions);
    assert!(t.roll_actions > 20, "a real game: {} rolls", t.roll_actions);

    // Per player: production, robberies, discards and trades.
    for player in &s.players {
        let i = player.seat as usize;
        let st = &player.stats;
        assert_eq!(
            st.produced_total(),
            t.produced[i],
            "{} produced",
            player.name
        );
        assert_eq!(st.lost_to_robber, t.robbed[i], "{} robbed", player.name);
        assert_eq!(st.discarded, t.discarded[i], "{} discarded", player.name);
        assert_eq!(st.domestic_trades, t.domestic[i], "{} trades", player.name);
        assert_eq!(st.bank_trades, t.bank[i], "{} bank", player.name);
    }
    assert!(
        t.domestic.iter().sum::<u32>() > 0,
        "the game had player trades"
    );
    assert!(t.bank.iter().sum::<u32>() > 0, "the game had bank trades");
    assert!(t.robbed.iter().sum::<u32>() > 0, "the game had robberies");
    assert_eq!(s.counted_from_turn, None);

    // Over time, across the restart: one point per turn from the setup (0) to the last, the
    // last with every victory point, cards per turn adding up to each player's gains.
    let turns: Vec<u32> = s.timeline.iter().map(|p| p.turn).collect();
    assert_eq!(turns, (0..=g.turn()).collect::<Vec<u32>>());
    let last = s.timeline.last().expect("points");
    let totals: Vec<u8> = (0..3).map(|seat| g.total_vp(seat)).collect();
    assert_eq!(last.vp, totals);
    for p in &s.timeline[..s.timeline.len() - 1] {
        for seat in 0..3 {
            assert!(p.vp[seat] <= g.total_vp(seat as Seat), "turn {}", p.turn);
        }
    }
    for player in &s.players {
        let gained: u32 = s
            .timeline
            .iter()
            .map(|p| p.gained[player.seat as usize])
            .sum();
        assert!(gained >= player.stats.produced_total(), "{}", player.name);
    }

    // Length: turns, and the table's clock from `start` to the winning action.
    assert_eq!(s.turns, g.turn());
    assert_eq!(s.started_ms, p.started_ms);
    assert_eq!(s.ended_ms, p.h.now);

    // The reply: the winning line, then the summary in words; pictures; the Rematch button.
    let winner_name = p.h.seat_name(winner);
    assert!(
        reply.text.contains(&format!("{winner_name} wins")),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(&s.text()), "{}", reply.text);
    // The seed is revealed in the same message, with the public record to check it against.
    assert!(reply.text.contains("The seed of game"), "{}", reply.text);
    assert!(reply.file.is_some(), "the public record is attached");
    let board = reply
        .image
        .as_ref()
        .expect("final board")
        .png()
        .expect("drawn");
    let chart = chart.expect("dice chart");
    let graph = match &reply.kind {
        ReplyKind::GameEnd {
            timeline_chart: Some(png),
            ..
        } => png,
        _ => panic!("no graph over time"),
    };
    let drawn = image::load_from_memory(graph).expect("graph decodes");
    assert_eq!(drawn.width(), catan_bot::render::TIMELINE_WIDTH);
    for png in [&board, chart] {
        assert!(image::load_from_memory(png).is_ok());
    }
    assert!(chart.len() < 60_000, "chart of {} bytes", chart.len());
    let rematch = format!("catan:{}:rematch:0", p.h.game);
    assert!(
        reply
            .buttons
            .iter()
            .any(|b| b.id == rematch && b.label == "Rematch")
    );
}

#[test]
fn counts_lost_with_an_old_snapshot_are_said_not_hidden() {
    let mut p = Played::new("vp 6", 3);
    p.h.options.snapshot_every = 10;
    p.h.reopen();
    assert!(p.play_until(|g| g.turn() >= 8));
    // Rewrite the stored snapshot as a build without the counts wrote it.
    let game = p.h.game;
    let (mut upto, mut turn) = (0, 0);
    p.h.while_closed(|dir| {
        let store = SledStore::open(dir).expect("store");
        let stored = store.load_all().expect("load");
        let g = stored.iter().find(|g| g.id == game).expect("stored game");
        let (n, bytes) = g.snapshot.clone().expect("a snapshot");
        let snap = decode_snapshot(&bytes).expect("snapshot");
        let old = bincode::serialize(&(&snap.game, snap.last_activity_ms)).expect("old bytes");
        store.put_snapshot(game, n, &old).expect("rewrite");
        upto = n as usize;
        turn = snap.game.turn();
    });
    p.assert_resumed();
    let replies = p.play_to_the_end();
    let (reply, s, _) = summary_reply(&replies).expect("summary");
    // Counted from the snapshot's turn, and only what came after it.
    let mut after = Tally::default();
    for events in &p.events[upto..] {
        after.events(events);
    }
    assert_eq!(s.dice, after.dice);
    assert_ne!(
        s.dice, p.tally.dice,
        "the early rolls are not in the counts"
    );
    assert_eq!(s.counted_from_turn, Some(turn), "partial counts are marked");
    assert!(
        turn > 0 && turn < s.turns,
        "from turn {turn} of {}",
        s.turns
    );
    assert!(
        reply.text.contains(&format!("counted from turn {turn} on")),
        "{}",
        reply.text
    );
}

/// A finished game of the three, with these settings; returns the harness and the finished
/// game's id.
fn finished(settings: &str, seed: u64) -> (Harness, u64) {
    let mut p = Played::new(settings, seed);
    p.play_to_the_end();
    let id = p.h.game;
    assert!(p.h.table().game_in(PLACE).is_none(), "the place is free");
    (p.h, id)
}

fn lobby_players(h: &Harness) -> Vec<String> {
    let g = h.table().game_in(PLACE).expect("a lobby");
    assert_eq!(g.version, None, "a lobby, not a running game");
    g.players.into_iter().map(|(_, n)| n).collect()
}

#[test]
fn rematch_opens_a_lobby_with_the_same_settings_and_invites_the_players() {
    const SETTINGS: &str = "vp 5 discard 9 timer 3 board random-tokens";
    let (mut h, old) = finished(SETTINGS, 21);
    let button = format!("catan:{old}:rematch:0");

    // Someone who did not play can't ask for it; nothing opens.
    let r = h.button("dave", &button);
    let msg = refusal_text(&r).expect("refused");
    assert!(
        msg.contains("Only the players of game") && msg.contains("bob"),
        "{msg}"
    );
    assert!(h.table().game_in(PLACE).is_none());

    // bob asks: a lobby, bob seated as host, alice and carol invited by a ping.
    let r = h.button("bob", &button);
    assert_no_refusal(&r, "rematch");
    let lobby = r.iter().find(|r| r.is_public()).expect("lobby message");
    assert!(
        lobby.text.contains(&format!("Rematch of game {old}")),
        "{}",
        lobby.text
    );
    let mut invited = lobby.mention.clone();
    invited.sort();
    assert_eq!(invited, vec![h.user_of("alice"), h.user_of("carol")]);
    assert_eq!(lobby_players(&h), ["bob"]);
    let mut expected = LobbySettings::new(None);
    expected.apply(&parse_settings(&["players", "3"]).expect("players"));
    let words: Vec<&str> = SETTINGS.split_whitespace().collect();
    expected.apply(&parse_settings(&words).expect("settings"));
    assert!(lobby.text.contains(&expected.describe()), "{}", lobby.text);

    // The others sit down with the same button, or by typing.
    assert_no_refusal(&h.button("alice", &button), "alice rematch");
    assert_no_refusal(&h.say("carol", "rematch"), "carol rematch");
    assert_eq!(lobby_players(&h), ["bob", "alice", "carol"]);
    let again = h.button("carol", &button);
    assert!(
        refusal_text(&again)
            .expect("refused")
            .contains("already joined")
    );

    // Only the host starts; the new game has the old settings and a new seed.
    assert!(refusal_text(&h.say("alice", "start")).is_some());
    assert_no_refusal(&h.say("bob", "start"), "start");
    let new = h.table().game_in(PLACE).expect("running").id;
    assert_ne!(new, old);
    h.game = new;
    let g = h.state();
    assert_eq!(g.settings().players, 3);
    assert_eq!(g.settings().vp_target, 5);
    assert_eq!(g.settings().discard_limit, 9);
    assert_eq!(
        g.settings().layout,
        catan_bot::engine::LayoutKind::RandomTokens
    );
    assert_ne!(g.seed(), 21, "a rematch deals a new board and new dice");

    // While it runs, the old summary's button does not open another lobby.
    let r = h.button("alice", &button);
    assert!(refusal_text(&r).expect("refused").contains("being played"));
    assert_eq!(h.table().game_in(PLACE).expect("running").id, new);
}

#[test]
fn rematch_works_after_a_restart_and_refuses_what_it_cannot_do() {
    let (mut h, old) = finished("vp 5 timer 7", 5);
    h.reopen();
    assert!(h.table().game_in(PLACE).is_none());

    // Unknown or malformed rematch buttons are refused without effect.
    for id in [
        "catan:999:rematch:0",
        "catan:x:rematch:0",
        "catan:1:rematch",
    ] {
        let r = h.button("alice", id);
        assert!(refusal_text(&r).is_some(), "{id}");
        assert!(h.table().game_in(PLACE).is_none(), "{id}");
    }
    // In another place, there is nothing to play again.
    let caller = catan_bot::table::Caller::new(PLACE + 1, h.user_of("alice"), "alice");
    let now = h.now;
    let r = h.table_mut().handle_text(&caller, "rematch", now);
    assert!(
        refusal_text(&r)
            .expect("refused")
            .contains("no finished game")
    );
    let r = h
        .table_mut()
        .handle_button(&caller, &format!("catan:{old}:rematch:0"), now);
    assert!(refusal_text(&r).expect("refused").contains("another place"));

    // Typed in the place, after the restart: the stored record gives players and settings.
    let r = h.say("carol", "rematch");
    assert_no_refusal(&r, "rematch after restart");
    assert_eq!(lobby_players(&h), ["carol"]);
    let text = public_text(&r);
    assert!(
        text.contains("7 min turn timer") && text.contains("5 VP"),
        "{text}"
    );
    assert!(text.contains("Invited: "), "{text}");
    // The lobby is a normal one: it survives a restart too, and players join it.
    h.reopen();
    assert_no_refusal(&h.say("alice", "join"), "join");
    assert_eq!(lobby_players(&h), ["carol", "alice"]);
}

#[test]
fn discards_in_the_summary_equal_the_cards_discarded() {
    // A hoarding game: nobody builds, so 7s make people discard; then play on to the end.
    let mut p = Played::new("vp 5", 21);
    let mut sevens = 0;
    while sevens < 3 {
        assert!(p.events.len() < 20_000, "not enough discards");
        let g = &p.shadow;
        let seat = g.waiting_for()[0];
        let legal = g.legal_actions(seat);
        let action = if let Phase::Discard { owed } = g.phase() {
            let count = owed.iter().find(|(s, _)| *s == seat).map_or(0, |(_, n)| *n);
            let mut left = g.players()[seat as usize].hand;
            let mut cards = Resources::default();
            for _ in 0..count {
                let r = Resource::ALL
                    .into_iter()
                    .max_by_key(|&r| left[r])
                    .expect("a resource");
                left[r] -= 1;
                cards[r] += 1;
            }
            sevens += 1;
            Action::Discard(cards)
        } else if legal.contains(&Action::Roll) {
            Action::Roll
        } else if legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            choose(&legal, &mut p.rng)
        };
        if let Action::Discard(cards) = &action {
            let name = p.h.seat_name(seat);
            let text = format!("discard {}", resources_words(cards));
            let events = p.shadow.apply(seat, &action).expect("legal discard");
            p.tally.action(seat, &action);
            p.tally.events(&events);
            p.events.push(events);
            assert_no_refusal(&p.h.say(&name, &text), "discard");
        } else {
            p.send(seat, &action);
        }
    }
    let replies = p.play_to_the_end();
    let (_, s, _) = summary_reply(&replies).expect("summary");
    let discarded: u32 = s.players.iter().map(|p| p.stats.discarded).sum();
    assert!(discarded > 0);
    for player in &s.players {
        assert_eq!(
            player.stats.discarded,
            p.tally.discarded[player.seat as usize]
        );
    }
}
