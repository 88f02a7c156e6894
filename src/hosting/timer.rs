//! The timer task: sleeps until the table's next deadline (turn reminders, automatic moves,
//! retries of moves that could not be saved), calls `tick`, and posts what it says. Woken early
//! when a player's input may have moved a deadline.
//!
//! With no game, or games that only wait, it sleeps: one table call per deadline or player
//! input, never more. (It used to wake itself: its own table calls left a wake-up permit, so
//! every wait ended at once and it burned a core.)

use std::sync::Arc;
use std::time::Duration;

use super::delivery_order::OrderedReplies;
use super::{HostError, Outlets, TableHandle, now_ms};

/// What one [`TimerTask::step`] did.
#[derive(Debug)]
pub enum Step {
    /// A player's input may have moved the deadlines: look again.
    Woken,
    /// A deadline came: the table's replies to post.
    Ticked(OrderedReplies),
}

/// The timer loop's state: the table and a clock (the table's milliseconds).
pub struct TimerTask {
    table: TableHandle,
    clock: Box<dyn Fn() -> u64 + Send + Sync>,
}

impl TimerTask {
    pub fn new(table: TableHandle, clock: impl Fn() -> u64 + Send + Sync + 'static) -> TimerTask {
        TimerTask {
            table,
            clock: Box::new(clock),
        }
    }

    /// Waits for the next deadline (then ticks) or a wake-up, whichever comes first.
    pub async fn step(&self) -> Result<Step, HostError> {
        // Listen before reading the deadline: a player's move in between is not missed.
        let woken = self.table.woken();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let next = self.table.call_quiet(|t| t.next_deadline()).await?;
        let Some(deadline) = next else {
            woken.await;
            return Ok(Step::Woken);
        };
        let wait = Duration::from_millis(deadline.saturating_sub((self.clock)()));
        tokio::select! {
            () = &mut woken => return Ok(Step::Woken),
            () = tokio::time::sleep(wait) => {}
        }
        let now = (self.clock)();
        let replies = self.table.call_quiet_replies(move |t| t.tick(now)).await?;
        Ok(Step::Ticked(replies))
    }
}

/// Runs the timer for the bot until the table closes; what it says goes to each game's
/// platform.
pub async fn run(table: TableHandle, outlets: Arc<Outlets>) {
    let task = TimerTask::new(table, now_ms);
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
        let task = TimerTask::new(table.clone(), move || {
            START + origin.elapsed().as_millis() as u64
        });
        Setup {
            task,
            table,
            fail,
            _dir: dir,
        }
    }

    fn clock(s: &Setup) -> u64 {
        (s.task.clock)()
    }

    #[tokio::test(start_paused = true)]
    async fn with_no_game_the_timer_sleeps_until_woken() {
        let s = setup(0);
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
        let s = setup(20);
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
        let s = setup(1);
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
        let s = setup(0);
        s.table.close().await;
        assert!(matches!(s.task.step().await, Err(HostError::Stopping)));
    }
}
