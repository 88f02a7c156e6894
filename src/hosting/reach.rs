//! Whether each chat platform can be reached now, as its adapter sees it (Discord: every
//! gateway shard this process runs is connected; Matrix: the last `/sync` was answered), and
//! how often it came back. The timer reads it: a game's timers wait while its platform cannot
//! be reached, since its players cannot act then, and its turn clock starts again when the
//! platform is back (`timer`).
//!
//! Every platform starts unreachable when it is registered: the bot's first connection is a
//! return too, so turns that ran out while the bot was down get their time after it connects.

use tokio::sync::watch;

use super::platform::Platform;

/// One platform's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlatformReach {
    pub platform: Platform,
    pub reachable: bool,
    /// How many times it became reachable (a return the timer may not have seen yet).
    pub returns: u64,
}

/// The registered platforms' states (in registration order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub platforms: Vec<PlatformReach>,
}

impl Reach {
    /// Whether `id` (a place) belongs to a platform that cannot be reached now. Ids no
    /// registered platform owns are not held (their replies go nowhere anyway).
    pub fn held(&self, id: u64) -> bool {
        self.platforms
            .iter()
            .any(|p| !p.reachable && p.platform.owns(id))
    }
}

/// The shared states; adapters write, the timer watches.
pub struct Reachability {
    state: watch::Sender<Reach>,
}

impl Default for Reachability {
    fn default() -> Self {
        Reachability {
            state: watch::channel(Reach::default()).0,
        }
    }
}

impl Reachability {
    /// Adds `platform`, unreachable until its adapter says otherwise; again changes nothing.
    pub fn register(&self, platform: Platform) {
        self.state.send_if_modified(|reach| {
            if reach.platforms.iter().any(|p| p.platform == platform) {
                return false;
            }
            reach.platforms.push(PlatformReach {
                platform,
                reachable: false,
                returns: 0,
            });
            true
        });
    }

    /// `platform` can be reached (again). Registers it if it is new.
    pub fn reachable(&self, platform: Platform) {
        self.set(platform, true);
    }

    /// `platform` cannot be reached now.
    pub fn unreachable(&self, platform: Platform) {
        self.set(platform, false);
    }

    fn set(&self, platform: Platform, reachable: bool) {
        self.register(platform);
        self.state.send_if_modified(|reach| {
            let Some(p) = reach.platforms.iter_mut().find(|p| p.platform == platform) else {
                return false;
            };
            if p.reachable == reachable {
                return false;
            }
            p.reachable = reachable;
            if reachable {
                p.returns += 1;
            }
            true
        });
    }

    /// The states now and every later change.
    pub fn subscribe(&self) -> watch::Receiver<Reach> {
        self.state.subscribe()
    }

    pub fn now(&self) -> Reach {
        self.state.borrow().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOW: Platform = Platform::new("low", 0b11 << 62, 0);
    const HIGH: Platform = Platform::new("high", 1 << 63, 1 << 63);

    #[test]
    fn platforms_start_unreachable_and_count_their_returns() {
        let r = Reachability::default();
        r.register(LOW);
        r.register(HIGH);
        assert!(r.now().held(5) && r.now().held(1 << 63));
        r.reachable(LOW);
        r.reachable(LOW);
        assert!(!r.now().held(5) && r.now().held(1 << 63));
        r.unreachable(LOW);
        assert!(r.now().held(5));
        r.reachable(LOW);
        let low = r.now().platforms[0];
        assert_eq!((low.reachable, low.returns), (true, 2));
        assert!(!r.now().held(1 << 62), "no platform owns it: not held");
    }

    #[tokio::test]
    async fn a_change_wakes_the_watcher_and_a_repeat_does_not() {
        let r = Reachability::default();
        r.register(LOW);
        let mut seen = r.subscribe();
        seen.borrow_and_update();
        r.unreachable(LOW);
        assert!(!seen.has_changed().expect("open"), "already unreachable");
        r.reachable(LOW);
        assert!(seen.has_changed().expect("open"));
    }
}
