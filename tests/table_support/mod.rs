//! Shared test harness: a real table on a real sled store in a temp dir, players who type
//! commands, and a biased random player that drives whole games through `command_for`.
// Included by several test crates (rules, table, store, console), each using a part.
#![allow(dead_code)]

pub mod failing_store;

use std::path::{Path, PathBuf};

use catan_bot::engine::{Action, Game, Seat};
use catan_bot::store::SledStore;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{
    Audience, Caller, GameId, PlaceId, Reply, ReplyKind, Table, TableOptions, TurnControl,
    TurnStamp, command_for,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub const PLACE: PlaceId = 777;

pub struct Harness {
    table: Option<Table>,
    /// Keeps the temp dir alive (None when the dir was given).
    _tmp: Option<tempfile::TempDir>,
    pub dir: PathBuf,
    pub options: TableOptions,
    pub place: PlaceId,
    /// Players in join order; user id = index + 1.
    pub names: Vec<String>,
    pub now: u64,
    pub game: GameId,
    /// Every reply the table produced, in order.
    pub log: Vec<Reply>,
    /// The final state of the game once it finished (the table drops finished games from
    /// memory; this is read back from the store).
    finished: Option<Game>,
    /// The seated players (user id, table name) as last seen while the game was hosted.
    players: Vec<(u64, String)>,
}

pub fn quiet_options() -> TableOptions {
    TableOptions {
        snapshot_every: 25,
        render_boards: false,
        default_timer_minutes: None,
        ..TableOptions::default()
    }
}

impl Harness {
    /// A table on a fresh temp dir, nothing hosted yet.
    pub fn empty(names: &[&str], options: TableOptions) -> Harness {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().to_path_buf();
        let table = open_table(&dir, options.clone());
        Harness {
            table: Some(table),
            _tmp: Some(tmp),
            dir,
            options,
            place: PLACE,
            names: names.iter().map(|s| s.to_string()).collect(),
            now: 1_000_000,
            game: 0,
            log: Vec::new(),
            finished: None,
            players: Vec::new(),
        }
    }

    /// A started game: the first name opens it with `settings`, the others join, host starts.
    pub fn started(names: &[&str], settings: &str, options: TableOptions) -> Harness {
        let mut h = Harness::empty(names, options);
        let r = h.say(names[0], &format!("new players {} {settings}", names.len()));
        assert_no_refusal(&r, "new");
        for n in &names[1..] {
            let r = h.say(n, "join");
            assert_no_refusal(&r, "join");
        }
        let r = h.say(names[0], "start");
        assert_no_refusal(&r, "start");
        h.game = h.table().game_in(PLACE).expect("a game in the place").id;
        h.note_finish();
        h
    }

    pub fn table(&self) -> &Table {
        self.table.as_ref().expect("table open")
    }

    pub fn table_mut(&mut self) -> &mut Table {
        self.table.as_mut().expect("table open")
    }

    /// Drops the table and its store (releasing the data directory, e.g. for `verify --data`).
    pub fn close(&mut self) {
        self.table = None;
    }

    /// Drops the table (and the store with it) and opens both again from disk.
    pub fn reopen(&mut self) {
        self.table = None;
        self.table = Some(open_table(&self.dir, self.options.clone()));
    }

    /// Closes the table (and the store), lets `f` work on the data directory, then reopens.
    pub fn while_closed(&mut self, f: impl FnOnce(&Path)) {
        self.table = None;
        f(&self.dir);
        self.table = Some(open_table(&self.dir, self.options.clone()));
    }

    pub fn user_of(&self, name: &str) -> u64 {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u64 + 1)
            .unwrap_or(999)
    }

    pub fn caller(&self, name: &str) -> Caller {
        Caller::new(self.place, self.user_of(name), name)
    }

    /// `name` types `text`; the clock moves one second.
    pub fn say(&mut self, name: &str, text: &str) -> Vec<Reply> {
        self.now += 1000;
        let caller = self.caller(name);
        let now = self.now;
        let r = self.table_mut().handle_text(&caller, text, now);
        self.log.extend(r.iter().cloned());
        self.note_finish();
        r
    }

    /// Ticks the table's clock at `now`.
    pub fn tick(&mut self, now: u64) -> Vec<Reply> {
        let r = self.table_mut().tick(now);
        self.log.extend(r.iter().cloned());
        self.note_finish();
        r
    }

    /// Keeps the final state and the players once the game has left the table's memory.
    fn note_finish(&mut self) {
        if let Some(g) = self.table().games().into_iter().find(|g| g.id == self.game) {
            self.players = g.players;
        }
        if self.game != 0 && self.finished.is_none() && self.table().game_state(self.game).is_none()
        {
            self.finished = self.table().finished_state(self.game);
        }
    }

    pub fn button(&mut self, name: &str, id: &str) -> Vec<Reply> {
        self.now += 1000;
        let caller = self.caller(name);
        let now = self.now;
        let r = self.table_mut().handle_button(&caller, id, now);
        self.log.extend(r.iter().cloned());
        self.note_finish();
        r
    }

    /// A turn message's control used without its button (Matrix's reactions), on the
    /// message `on` stamps.
    pub fn turn_control(
        &mut self,
        name: &str,
        control: TurnControl,
        on: Option<TurnStamp>,
    ) -> Vec<Reply> {
        self.now += 1000;
        let caller = self.caller(name);
        let now = self.now;
        let r = self
            .table_mut()
            .handle_turn_control(&caller, control, on, now);
        self.log.extend(r.iter().cloned());
        self.note_finish();
        r
    }

    /// The game's full state (also after it finished).
    pub fn state(&self) -> &Game {
        self.table()
            .game_state(self.game)
            .or(self.finished.as_ref())
            .expect("game state")
    }

    /// The seated names in seat order.
    pub fn seat_names(&self) -> Vec<String> {
        self.players().into_iter().map(|(_, n)| n).collect()
    }

    /// The seated players (user id, table name) in seat order, also after the game finished.
    pub fn players(&self) -> Vec<(u64, String)> {
        self.table()
            .games()
            .into_iter()
            .find(|g| g.id == self.game)
            .map(|g| g.players)
            .unwrap_or_else(|| self.players.clone())
    }

    pub fn seat_name(&self, seat: Seat) -> String {
        self.seat_names()[seat as usize].clone()
    }

    pub fn seat_of(&self, name: &str) -> Seat {
        self.seat_names()
            .iter()
            .position(|n| n == name)
            .expect("seated") as Seat
    }

    pub fn command(&self, action: &Action) -> String {
        let players = self.players();
        let ctx = ParseContext {
            topology: self.state().topology(),
            players: &players,
        };
        command_for(action, &ctx)
    }

    /// The chat name the player in `seat` joined with (the table may have changed it to keep
    /// names unique and typeable, see `table::names`).
    pub fn display_name(&self, seat: Seat) -> String {
        let user = self.players().get(seat as usize).map_or(0, |p| p.0);
        self.names
            .get((user as usize).wrapping_sub(1))
            .cloned()
            .unwrap_or_default()
    }

    /// Sends the command for `action` as `seat`; asserts it was accepted (version +1).
    pub fn play(&mut self, seat: Seat, action: &Action) -> Vec<Reply> {
        let text = self.command(action);
        let name = self.display_name(seat);
        let before = self.state().version();
        let r = self.say(&name, &text);
        assert_no_refusal(&r, &format!("{name}: {text}"));
        assert_eq!(
            self.state().version(),
            before + 1,
            "{name}: {text} was not applied"
        );
        r
    }

    /// One biased-random step for whoever the game waits for. False once the game is over.
    pub fn step(&mut self, rng: &mut ChaCha8Rng) -> bool {
        self.step_replies(rng).is_some()
    }

    /// [`Harness::step`], with the action taken and its replies (`None` once the game is over).
    pub fn step_replies(&mut self, rng: &mut ChaCha8Rng) -> Option<(Action, Vec<Reply>)> {
        let g = self.state();
        if g.winner().is_some() {
            return None;
        }
        let seat = g.waiting_for()[0];
        let action = choose(&g.legal_actions(seat), rng);
        let replies = self.play(seat, &action);
        Some((action, replies))
    }

    /// Plays until the game ends or `max_actions` were taken; returns actions taken.
    pub fn play_out(&mut self, rng: &mut ChaCha8Rng, max_actions: usize) -> usize {
        let mut n = 0;
        while n < max_actions && self.step(rng) {
            n += 1;
        }
        n
    }

    pub fn serialized(&self) -> Vec<u8> {
        bincode::serialize(self.state()).expect("serialize")
    }

    pub fn public_replies(&self) -> impl Iterator<Item = &Reply> {
        self.log.iter().filter(|r| r.is_public())
    }
}

/// The lines `name: command` of a game played in-process (seed in the settings and names as
/// the console uses them), up to `max` actions, with the harness at the end of it.
pub fn script_lines(names: &[&str], seed: u64, max: usize) -> (Vec<String>, Harness) {
    use rand::SeedableRng;
    let mut h = Harness::started(names, &format!("seed {seed}"), quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = Vec::new();
    while lines.len() < max {
        let g = h.state();
        if g.winner().is_some() {
            break;
        }
        let seat = g.waiting_for()[0];
        let action = choose(&g.legal_actions(seat), &mut rng);
        lines.push(format!("{}: {}", h.seat_name(seat), h.command(&action)));
        h.play(seat, &action);
    }
    (lines, h)
}

pub fn open_table(dir: &Path, options: TableOptions) -> Table {
    let store = SledStore::open(dir).expect("open sled store");
    Table::open(Box::new(store), options).expect("open table")
}

/// A play style that finishes games: build when possible, often buy cards, sometimes roads,
/// trades and card plays, otherwise end the turn. Always legal (picked from `legal`).
pub fn choose(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let of = |f: fn(&Action) -> bool| -> Vec<&Action> { legal.iter().filter(|a| f(a)).collect() };
    let pick = |v: Vec<&Action>, rng: &mut ChaCha8Rng| v[rng.gen_range(0..v.len())].clone();
    let cities = of(|a| matches!(a, Action::BuildCity(_)));
    if !cities.is_empty() {
        return pick(cities, rng);
    }
    let settlements = of(|a| matches!(a, Action::BuildSettlement(_)));
    if !settlements.is_empty() {
        return pick(settlements, rng);
    }
    let buys = of(|a| matches!(a, Action::BuyDevCard));
    if !buys.is_empty() && rng.gen_bool(0.6) {
        return pick(buys, rng);
    }
    let roads = of(|a| matches!(a, Action::BuildRoad(_)));
    if !roads.is_empty() && rng.gen_bool(0.5) {
        return pick(roads, rng);
    }
    let plays = of(|a| {
        matches!(
            a,
            Action::PlayKnight { .. }
                | Action::PlayInvention(..)
                | Action::PlayMonopoly(_)
                | Action::PlayRoadBuilding { .. }
        )
    });
    if !plays.is_empty() && rng.gen_bool(0.5) {
        return pick(plays, rng);
    }
    let trades = of(|a| matches!(a, Action::MaritimeTrade { .. }));
    if !trades.is_empty() && rng.gen_bool(0.3) {
        return pick(trades, rng);
    }
    if legal.contains(&Action::EndTurn) {
        return Action::EndTurn;
    }
    pick(legal.iter().collect(), rng)
}

pub fn assert_no_refusal(replies: &[Reply], what: &str) {
    if let Some(r) = replies.iter().find(|r| r.is_refusal()) {
        panic!("{what} was refused: {}", r.text);
    }
}

pub fn refusal_text(replies: &[Reply]) -> Option<String> {
    replies
        .iter()
        .find(|r| r.is_refusal())
        .map(|r| r.text.clone())
}

pub fn private_to(replies: &[Reply], user: u64) -> Vec<&Reply> {
    replies
        .iter()
        .filter(|r| r.audience == Audience::Private(user))
        .collect()
}

pub fn public_text(replies: &[Reply]) -> String {
    replies
        .iter()
        .filter(|r| r.is_public())
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn has_kind(replies: &[Reply], f: fn(&ReplyKind) -> bool) -> bool {
    replies.iter().any(|r| f(&r.kind))
}

/// `config` with failure seeds kept next to the test's source file
/// (`tests/table/table_names.proptest-regressions`). Proptest's default would put them in
/// `tests/proptest-regressions/`, since the test crates' directories hold a `main.rs`.
pub fn regressions_beside_source(
    config: proptest::test_runner::Config,
) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..config
    }
}

/// One step: a human the game waits for plays a random legal move, or, when only bots are
/// waited for, the clock moves past their pause and they move. Every bot tick must make
/// progress: a bot never attempts a move the engine refuses. False once the game is over.
pub fn step_with_bots(h: &mut Harness, rng: &mut ChaCha8Rng) -> bool {
    let g = h.state();
    if g.winner().is_some() {
        return false;
    }
    let bots = h.table().bot_seats(h.game);
    let human = g.waiting_for().into_iter().find(|s| !bots.contains(s));
    match human {
        Some(seat) => {
            let legal = g.legal_actions(seat);
            let action = choose(&legal, rng);
            h.play(seat, &action);
        }
        None => {
            let before = g.version();
            let due = h.table().next_deadline().expect("the bots' move is due");
            h.now = h.now.max(due);
            let now = h.now;
            let r = h.tick(now);
            // A move, or a trade offer made or settled; never a refused attempt.
            assert!(
                h.state().version() > before || !r.is_empty(),
                "the bots did nothing at v{before}"
            );
            let refused: Vec<&str> = r
                .iter()
                .filter(|r| r.is_refusal())
                .map(|r| r.text.as_str())
                .collect();
            assert!(refused.is_empty(), "a bot's move was refused: {refused:?}");
        }
    }
    true
}

/// A seeded game with bots played `moves` steps (a person's moves drawn with `rng_seed`), the
/// table reopened after every bots' move when `restart`: its version and bytes at the end.
pub fn play_restarting(
    mut h: Harness,
    rng_seed: u64,
    moves: usize,
    restart: bool,
) -> (u64, Vec<u8>) {
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    for _ in 0..moves {
        let bots = h.table().bot_seats(h.game);
        let bots_turn = h.state().waiting_for().iter().all(|s| bots.contains(s));
        if !step_with_bots(&mut h, &mut rng) {
            break;
        }
        if restart && bots_turn {
            h.reopen();
        }
    }
    (h.state().version(), h.serialized())
}
