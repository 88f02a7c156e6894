//! The stop signals: Ctrl-C (SIGINT) and SIGTERM (what `docker stop` and systemd send).
//! Registered when installed, so a signal that arrives while the store opens is not lost.

use super::HostError;

pub struct Signals {
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl Signals {
    pub fn install() -> Result<Signals, HostError> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let listen = |kind| signal(kind).map_err(|e| HostError::Signals(e.to_string()));
            Ok(Signals {
                terminate: listen(SignalKind::terminate())?,
                interrupt: listen(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// The next stop signal.
    pub async fn next(&mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.terminate.recv() => {}
            _ = self.interrupt.recv() => {}
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
