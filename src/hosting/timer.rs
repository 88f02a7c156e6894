//! The timer task: sleeps until the table's next deadline (turn reminders, automatic moves,
//! retries of moves that could not be saved), calls `tick`, and posts what it says. Woken early
//! when a player's input may have moved a deadline, or when a platform's reachability changed.
//!
//! With no game, or games that only wait, it sleeps: one table call per deadline or player
//! input, never more. (It used to wake itself: its own table calls left a wake-up permit, so
//! every wait ended at once and it burned a core.)
//!
//! Timers act only where players can: the games of a platform that cannot be reached now
//! ([`super::reach`]) are left out of every tick, and when it is back their turn clocks start
//! again (each timed turn gets its whole timer from that moment, reminder included), so no
//! stand-in plays and no automatic move happens for a player who could not have moved.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::delivery_order::OrderedReplies;
use super::reach::{PlatformReach, Reach};
use super::{HostError, Outlets, TableHandle, now_ms, test_clock};

/// What one [`TimerTask::step`] did.
#[derive(Debug)]
pub enum Step {
    /// A player's input may have moved the deadlines, or a platform came or went: look again.
    Woken,
    /// A deadline came: the table's replies to post.
    Ticked(OrderedReplies),
}

/// The timer loop's state: the table, a clock (the table's milliseconds) and the platforms'
/// reachability.
pub struct TimerTask {
    table: TableHandle,
    clock: Box<dyn Fn() -> u64 + Send + Sync>,
    reach: watch::Receiver<Reach>,
    /// What this task last acted on of each platform.
    seen: Vec<PlatformReach>,
}

impl TimerTask {
    pub fn new(
        table: TableHandle,
        clock: impl Fn() -> u64 + Send + Sync + 'static,
        reach: watch::Receiver<Reach>,
    ) -> TimerTask {
        TimerTask {
            table,
            clock: Box::new(clock),
            reach,
            seen: Vec::new(),
        }
    }

    /// Waits for the next deadline (then ticks) or a wake-up, whichever comes first.
    pub async fn step(&mut self) -> Result<Step, HostError> {
        // Listen before reading the deadline: a player's move in between is not missed.
        let table = self.table.clone();
        let woken = table.woken();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let looked_at = test_clock::offset();
        // Likewise: a change after this read ends the wait below.
        let reach = self.reach.borrow_and_update().clone();
        self.follow(&reach).await?;
        let held = reach.clone();
        let next = self
            .table
            .call_quiet(move |t| t.next_deadline_except(&|place| held.held(place)))
            .await?;
        let changed = changed(&mut self.reach);
        tokio::pin!(changed);
        let Some(deadline) = next else {
            test_clock::timer_waits(looked_at);
            tokio::select! {
                () = &mut woken => {}
                () = &mut changed => {}
            }
            return Ok(Step::Woken);
        };
        let wait = Duration::from_millis(deadline.saturating_sub((self.clock)()));
        if !wait.is_zero() {
            test_clock::timer_waits(looked_at);
        }
        tokio::select! {
            () = &mut woken => return Ok(Step::Woken),
            () = &mut changed => return Ok(Step::Woken),
            () = tokio::time::sleep(wait) => {}
        }
        let now = (self.clock)();
        let replies = self
            .table
            .call_quiet_replies(move |t| t.tick_except(now, &|place| reach.held(place)))
            .await?;
        Ok(Step::Ticked(replies))
    }

    /// Acts on what changed since the last look: a platform back starts its games' turn
    /// clocks again; one gone is said (its games are held by every tick until it is back).
    async fn follow(&mut self, reach: &Reach) -> Result<(), HostError> {
        for now in &reach.platforms {
            let before = self.seen.iter().find(|p| p.platform == now.platform);
            let (was_reachable, returns) = before.map_or((false, 0), |p| (p.reachable, p.returns));
            let platform = now.platform;
            if now.returns > returns {
                let at = (self.clock)();
                let moved = self
                    .table
                    .call_quiet(move |t| t.restart_turn_clocks(at, &|place| platform.owns(place)))
                    .await?;
                if returns == 0 {
                    tracing::debug!(
                        turns = moved,
                        "{platform} reached: its turn timers count from now"
                    );
                } else {
                    tracing::info!(
                        turns = moved,
                        "{platform} is back: the turn timers of its games start again"
                    );
                }
            }
            if !now.reachable && (was_reachable || now.returns > returns) {
                tracing::info!(
                    "{platform} cannot be reached: the turn timers of its games wait until it is back"
                );
            }
        }
        self.seen.clone_from(&reach.platforms);
        Ok(())
    }
}

/// Resolves at the next change of `reach` (never, once nothing can change it).
async fn changed(reach: &mut watch::Receiver<Reach>) {
    if reach.changed().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Runs the timer for the bot until the table closes; what it says goes to each game's
/// platform.
pub async fn run(table: TableHandle, outlets: Arc<Outlets>) {
    let mut task = TimerTask::new(table, now_ms, outlets.reachability().subscribe());
    loop {
        match task.step().await {
            Ok(Step::Ticked(replies)) => outlets.deliver(replies).await,
            Ok(Step::Woken) => {}
            Err(HostError::Stopping) => return,
            Err(e) => {
                tracing::error!("the turn timer failed: {e}; trying again in a minute");
                tokio::time::sleep(Duration::from_secs(60)).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Paused tokio clock: time only moves when every task waits, so "the step is still
    //! waiting after a virtual day" is exact, not a guess about speed.

    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::hosting::reach::Reachability;
    use crate::store::{GameId, GameWrite, SledStore, Store, StoreError, StoredGame};
    use crate::table::{Caller, Table, TableOptions};

    const MINUTE: u64 = 60_000;
    const DAY: Duration = Duration::from_secs(24 * 3600);
    /// The table's clock at the start of each test.
    const START: u64 = 1_000_000;

    /// Sled with writes that fail while `fail` is set.
    struct Flaky {
        inner: SledStore,
        fail: Arc<AtomicBool>,
    }

    impl Flaky {
        fn check(&self) -> Result<(), StoreError> {
            match self.fail.load(Ordering::SeqCst) {
                true => Err(StoreError::Io(std::io::Error::other("disk full"))),
                false => Ok(()),
            }
        }
    }

    impl Store for Flaky {
        fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError> {
            self.check()?;
            self.inner.commit(id, write)
        }
        fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
            self.check()?;
            self.inner.remove_game(id)
        }
        fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
            self.inner.load_all()
        }
        fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
            self.inner.finished_games()
        }
        fn size_on_disk(&self) -> Result<u64, StoreError> {
            self.inner.size_on_disk()
        }
    }

    struct Setup {
        task: TimerTask,
        table: TableHandle,
        fail: Arc<AtomicBool>,
        /// No platform registered unless a test does: nothing is held.
        reach: Reachability,
        _dir: tempfile::TempDir,
    }

    /// A table with `games` started 2-player games (one-minute timers), driven by a timer task
    /// whose clock follows tokio's (paused) clock.
    fn setup(games: u64) -> Setup {
        let dir = tempfile::tempdir().expect("tmp");
        let fail = Arc::new(AtomicBool::new(false));
        let store = Flaky {
            inner: SledStore::open(dir.path()).expect("store"),
            fail: fail.clone(),
        };
        let options = TableOptions {
            render_boards: false,
            ..TableOptions::default()
        };
        let mut table = Table::open(Box::new(store), options).expect("table");
        for place in 1..=games {
            let host = Caller::new(place, 1, "alice");
            for (caller, text) in [
                (&host, "new players 2 timer 1"),
                (&Caller::new(place, 2, "bob"), "join"),
                (&host, "start"),
            ] {
                let r = table.handle_text(caller, text, START);
                assert!(!r.iter().any(|r| r.is_refusal()), "{text}: {r:?}");
            }
        }
        let table = TableHandle::new(table);
        let origin = tokio::time::Instant::now();
        let reach = Reachability::default();
        let task = TimerTask::new(
            table.clone(),
            move || START + origin.elapsed().as_millis() as u64,
            reach.subscribe(),
        );
        Setup {
            task,
            table,
            fail,
            reach,
            _dir: dir,
        }
    }

    fn clock(s: &Setup) -> u64 {
        (s.task.clock)()
    }

    #[tokio::test(start_paused = true)]
    async fn with_no_game_the_timer_sleeps_until_woken() {
        let mut s = setup(0);
        // A whole virtual day passes inside one step: one table call, no wake-up.
        let step = tokio::time::timeout(DAY, s.task.step()).await;
        assert!(step.is_err(), "the step ended by itself: {step:?}");
        assert_eq!(s.table.calls(), 1, "only the deadline was read");
        // A player's input wakes it (and only that).
        s.table.call(|_| ()).await.expect("call");
        assert!(matches!(s.task.step().await, Ok(Step::Woken)));
        assert_eq!(s.table.calls(), 3);
        let step = tokio::time::timeout(DAY, s.task.step()).await;
        assert!(step.is_err(), "no permit is left over: {step:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn waiting_games_cost_one_tick_per_deadline() {
        let mut s = setup(20);
        let calls = s.table.calls();
        // The reminders of all 20 games are due together, 45 s after the start.
        match s.task.step().await {
            Ok(Step::Ticked(replies)) => assert_eq!(replies.replies.len(), 20),
            other => panic!("expected the reminders, got {other:?}"),
        }
        assert_eq!(clock(&s), START + 45_000);
        assert_eq!(s.table.calls(), calls + 2, "one read, one tick");
        // Then the automatic moves at the deadline, nothing in between.
        match s.task.step().await {
            Ok(Step::Ticked(replies)) => assert!(!replies.replies.is_empty()),
            other => panic!("expected the automatic moves, got {other:?}"),
        }
        assert_eq!(clock(&s), START + MINUTE);
        assert_eq!(s.table.calls(), calls + 4);
    }

    #[tokio::test(start_paused = true)]
    async fn a_failing_save_backs_off_instead_of_spinning() {
        let mut s = setup(1);
        assert!(matches!(s.task.step().await, Ok(Step::Ticked(_)))); // reminder
        s.fail.store(true, Ordering::SeqCst);
        let mut told = 0;
        let mut at = Vec::new();
        // Deadline, then retries: 1 + 2 + 4 + … s after it, at most a minute apart.
        for _ in 0..10 {
            match s.task.step().await {
                Ok(Step::Ticked(replies)) => {
                    told += replies
                        .replies
                        .iter()
                        .filter(|r| r.text.contains("could not be saved"))
                        .count();
                }
                other => panic!("expected a tick, got {other:?}"),
            }
            at.push((clock(&s) - START - MINUTE) / 1000);
        }
        assert_eq!(at, [0, 1, 3, 7, 15, 31, 63, 123, 183, 243]);
        assert_eq!(told, 1, "the players are told once");
        // Two table calls (read, tick) per step, nothing else: the reminder and 10 attempts.
        assert_eq!(s.table.calls(), 2 * 11);
    }

    #[tokio::test(start_paused = true)]
    async fn a_closed_table_ends_the_timer() {
        let mut s = setup(0);
        s.table.close().await;
        assert!(matches!(s.task.step().await, Err(HostError::Stopping)));
    }

    /// Owns the odd places: `setup(2)` has one game on it (place 1) and one elsewhere (2).
    const ODD: crate::hosting::Platform = crate::hosting::Platform::new("odd", 1, 1);

    /// The places a batch of replies goes to.
    fn places(replies: &OrderedReplies) -> Vec<u64> {
        let mut places: Vec<u64> = replies
            .replies
            .iter()
            .filter_map(|r| match r.audience {
                crate::table::Audience::Channel(place) => Some(place),
                crate::table::Audience::Private(_) => None,
            })
            .collect();
        places.dedup();
        places
    }

    fn texts(replies: &OrderedReplies) -> String {
        replies
            .replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[tokio::test(start_paused = true)]
    async fn timers_wait_while_the_platform_cannot_be_reached_then_get_a_whole_turn() {
        let mut s = setup(1);
        s.reach.register(ODD);
        // A virtual day without the platform: one look at the deadlines, nothing else.
        let step = tokio::time::timeout(DAY, s.task.step()).await;
        assert!(step.is_err(), "the step ended: {step:?}");
        assert_eq!(s.table.calls(), 1, "only the deadlines were read");
        let back = clock(&s);
        s.reach.reachable(ODD);
        // Back: the turn's clock starts again, reminder first.
        match s.task.step().await {
            Ok(Step::Ticked(r)) => assert!(texts(&r).contains("15 s left"), "{}", texts(&r)),
            other => panic!("expected the reminder, got {other:?}"),
        }
        assert_eq!(clock(&s), back + 45_000);
        match s.task.step().await {
            Ok(Step::Ticked(r)) => assert!(texts(&r).contains("Time is up"), "{}", texts(&r)),
            other => panic!("expected the stand-in, got {other:?}"),
        }
        assert_eq!(clock(&s), back + MINUTE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_platform_lost_during_a_wait_holds_its_deadline() {
        let mut s = setup(1);
        s.reach.reachable(ODD);
        assert!(matches!(s.task.step().await, Ok(Step::Ticked(_)))); // reminder
        assert_eq!(clock(&s), START + 45_000);
        {
            let step = s.task.step();
            tokio::pin!(step);
            let early = tokio::time::timeout(Duration::from_secs(10), &mut step).await;
            assert!(early.is_err(), "the deadline is 15 s away: {early:?}");
            s.reach.unreachable(ODD);
            assert!(
                matches!(step.await, Ok(Step::Woken)),
                "the loss wakes the wait"
            );
        }
        let step = tokio::time::timeout(DAY, s.task.step()).await;
        assert!(step.is_err(), "held for a day: {step:?}");
        let back = clock(&s);
        s.reach.reachable(ODD);
        // The reminder was sent before; the new clock brings a new one, then the deadline.
        match s.task.step().await {
            Ok(Step::Ticked(r)) => assert!(texts(&r).contains("15 s left"), "{}", texts(&r)),
            other => panic!("expected the reminder, got {other:?}"),
        }
        assert_eq!(clock(&s), back + 45_000);
        assert!(matches!(s.task.step().await, Ok(Step::Ticked(_))));
        assert_eq!(clock(&s), back + MINUTE);
    }

    #[tokio::test(start_paused = true)]
    async fn only_the_games_of_the_unreachable_platform_wait() {
        let mut s = setup(2);
        s.reach.register(ODD);
        for (at, what) in [(45_000, "s left"), (MINUTE, "Time is up")] {
            match s.task.step().await {
                Ok(Step::Ticked(r)) => {
                    assert_eq!(places(&r), [2], "{}", texts(&r));
                    assert!(texts(&r).contains(what), "{}", texts(&r));
                }
                other => panic!("expected a tick of game 2, got {other:?}"),
            }
            assert_eq!(clock(&s), START + at);
        }
    }
}
