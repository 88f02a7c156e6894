//! Test support, in debug builds only: with `CATAN_BOT_TEST_CLOCK_STEP_MS` set, the table's
//! clock ([`super::now_ms`]) stands still at the process's start and moves only by that step
//! at each SIGUSR1, which also wakes the timer; the timer says "test hook: the timer waits at
//! +N ms" once a step that began at +N found nothing more due and waits (its ticks posted). The end-to-end tests make turn
//! timers run out this way, without waiting for them and whatever the machine's speed.
//! Release builds have none of it.

#[cfg(debug_assertions)]
mod hook {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};

    use crate::hosting::TableHandle;

    struct Frozen {
        start_ms: u64,
        step_ms: u64,
        offset_ms: AtomicU64,
        /// The offset the timer last said it waits at.
        said: AtomicU64,
    }

    static CLOCK: OnceLock<Option<Frozen>> = OnceLock::new();

    fn frozen() -> Option<&'static Frozen> {
        CLOCK
            .get_or_init(|| {
                let step_ms = std::env::var("CATAN_BOT_TEST_CLOCK_STEP_MS")
                    .ok()?
                    .parse()
                    .ok()?;
                Some(Frozen {
                    start_ms: crate::hosting::system_ms(),
                    step_ms,
                    offset_ms: AtomicU64::new(0),
                    said: AtomicU64::new(u64::MAX),
                })
            })
            .as_ref()
    }

    pub fn now_ms() -> Option<u64> {
        frozen().map(|f| f.start_ms + f.offset_ms.load(Ordering::SeqCst))
    }

    pub fn listen(table: TableHandle) {
        let Some(f) = frozen() else {
            return;
        };
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            // Registered before this returns: a signal sent once the bot runs is never lost.
            let mut signals = match signal(SignalKind::user_defined1()) {
                Ok(signals) => signals,
                Err(e) => {
                    tracing::error!("test hook: cannot listen for SIGUSR1: {e}");
                    return;
                }
            };
            tokio::spawn(async move {
                while signals.recv().await.is_some() {
                    let offset = f.offset_ms.fetch_add(f.step_ms, Ordering::SeqCst) + f.step_ms;
                    tracing::info!("test hook: the clock moved to +{offset} ms");
                    // Wakes the timer, as a player's input does.
                    let _ = table.call(|_| ()).await;
                }
            });
        }
    }

    pub fn offset() -> Option<u64> {
        frozen().map(|f| f.offset_ms.load(Ordering::SeqCst))
    }

    pub fn timer_waits(looked_at: Option<u64>) {
        let (Some(f), Some(looked_at)) = (frozen(), looked_at) else {
            return;
        };
        // A clock moved since the step looked is the next step's to say.
        if f.offset_ms.load(Ordering::SeqCst) != looked_at {
            return;
        }
        if f.said.swap(looked_at, Ordering::SeqCst) != looked_at {
            tracing::info!("test hook: the timer waits at +{looked_at} ms");
        }
    }
}

#[cfg(not(debug_assertions))]
mod hook {
    pub fn now_ms() -> Option<u64> {
        None
    }

    pub fn listen(_: crate::hosting::TableHandle) {}

    pub fn offset() -> Option<u64> {
        None
    }

    pub fn timer_waits(_: Option<u64>) {}
}

/// Moves the clock at each SIGUSR1 (when the hook is on).
pub use hook::listen;
/// The test clock's time, when the hook is on.
pub(super) use hook::now_ms;
/// How far the clock was moved (when the hook is on).
pub(super) use hook::offset;
/// Says once per clock value that the timer waits, with all that was due then done (when the
/// hook is on): given the clock's offset when the timer's step began.
pub(super) use hook::timer_waits;
