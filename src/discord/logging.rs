//! Log output for `catan-bot run`: text lines (colours only on a terminal, never in a file or
//! the journal) or JSON lines (`log_format = "json"`), and plain words when Discord cannot be
//! reached.
//!
//! serenity retries a lost gateway connection by itself every 5 s and logs its internal error
//! at each attempt (`[Shard Queuer] Err starting shard 0: Tungstenite(Io(Os { … }))`). Those
//! lines are hidden; a small layer catches them and hands the cause to [`report_connection`],
//! which says "cannot reach Discord (connection refused), retrying in 5 s" (again when the
//! cause changes, or after a minute), and "connected to Discord again" when it is back.

use std::error::Error;
use std::io::IsTerminal;
use std::time::Duration;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

use super::config::LogFormat;

/// serenity's pause between two attempts to start a gateway connection
/// (`WAIT_BETWEEN_BOOTS_IN_SECONDS` in its shard queuer).
pub const SERENITY_RETRY_S: u64 = 5;
/// Where serenity logs its connection attempts.
const SERENITY_BRIDGE: &str = "serenity::gateway::bridge";
/// matrix-sdk warns "no backup key was found" after every sync while key backup is not set
/// up (a bot with an access token only, or a lost store without its recovery key, which the
/// log says once at start): noise in the host's log, shown only at `error`.
const MATRIX_BACKUPS: &str = "matrix_sdk_crypto::backups=error";
/// matrix-sdk logs every failed request as an error in its own debug form before handing it
/// back (a refused login, the expected first answer of the password check that setting up
/// cross-signing needs): the adapter says what failed, in words, where it matters.
const MATRIX_REQUESTS: &str = "matrix_sdk::http_client=off";

/// What a host's log shows without `RUST_LOG`: warnings and errors of every crate (less the
/// known noise above), the bot's own lines from `level`. Tests hold a normal game's log to
/// it: a host must be able to alert on every ERROR line.
pub fn default_directives(level: &str) -> String {
    format!("warn,{SERENITY_BRIDGE}=error,{MATRIX_BACKUPS},{MATRIX_REQUESTS},catan_bot={level}")
}

/// What the watch layer saw of serenity's gateway connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// An attempt to connect failed, for this cause (plain words).
    Down(String),
    /// A connection is running.
    Up,
}

/// Sets up logging; returns what the watch layer reports, for [`report_connection`].
pub fn init(level: &str, format: LogFormat) -> UnboundedReceiver<Link> {
    // RUST_LOG replaces the configured level; serenity's connection lines stay hidden unless
    // it names serenity.
    let directives = match std::env::var("RUST_LOG") {
        Ok(custom) if custom.contains("serenity") => custom,
        Ok(custom) if !custom.trim().is_empty() => format!("{custom},{SERENITY_BRIDGE}=error"),
        _ => default_directives(level),
    };
    let filter = EnvFilter::try_new(&directives).unwrap_or_else(|e| {
        eprintln!("RUST_LOG is not understood ({e}); using the configured log_level");
        EnvFilter::new(default_directives(level))
    });
    let lines: Box<dyn Layer<_> + Send + Sync> = match format {
        LogFormat::Text => Box::new(
            tracing_subscriber::fmt::layer()
                .with_ansi(colours_wanted())
                .with_filter(filter),
        ),
        LogFormat::Json => Box::new(
            tracing_subscriber::fmt::layer()
                .json()
                .with_ansi(false)
                .with_filter(filter),
        ),
    };
    let (tx, rx) = unbounded_channel();
    let watch = SerenityWatch { tx }.with_filter(filter_fn(|meta| {
        meta.is_event()
            && meta.target().starts_with(SERENITY_BRIDGE)
            && *meta.level() <= Level::INFO
    }));
    // Fails only if a subscriber is already set (e.g. by an embedding program): keep that one.
    let _ = tracing_subscriber::registry()
        .with(lines)
        .with(watch)
        .try_init();
    rx
}

/// ANSI colours only when a person reads the output (stdout is where the lines go).
fn colours_wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Logs the watch layer's reports in plain words until the bot stops.
pub async fn report_connection(mut links: UnboundedReceiver<Link>) {
    let mut last: Option<(String, tokio::time::Instant)> = None;
    while let Some(link) = links.recv().await {
        match link {
            Link::Down(cause) => {
                let repeat = last.as_ref().is_some_and(|(said, at)| {
                    *said == cause && at.elapsed() < Duration::from_secs(60)
                });
                if !repeat {
                    tracing::warn!(
                        "cannot reach Discord ({cause}), retrying in {SERENITY_RETRY_S} s"
                    );
                    last = Some((cause, tokio::time::Instant::now()));
                }
            }
            Link::Up => {
                if last.take().is_some() {
                    tracing::info!("connected to Discord again");
                }
            }
        }
    }
}

/// Turns serenity's connection log events into [`Link`]s.
struct SerenityWatch {
    tx: UnboundedSender<Link>,
}

impl<S: Subscriber> Layer<S> for SerenityWatch {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let mut message = MessageText(String::new());
        event.record(&mut message);
        if let Some(link) = link_of(&message.0) {
            let _ = self.tx.send(link);
        }
    }
}

/// The `message` field of an event, formatted.
struct MessageText(String);

impl Visit for MessageText {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// What a serenity bridge log message says about the connection, if anything.
fn link_of(message: &str) -> Option<Link> {
    if let Some((_, error)) = message
        .split_once("Err starting shard")
        .and_then(|(_, rest)| rest.split_once(": "))
    {
        return Some(Link::Down(plain_cause(error)));
    }
    (message.starts_with("[ShardRunner") && message.ends_with("] Running")).then_some(Link::Up)
}

/// The gist of an error's `Debug` text, e.g. `Tungstenite(Io(Os { code: 111, kind:
/// ConnectionRefused, message: "Connection refused" }))` → "connection refused".
pub fn plain_cause(debug: &str) -> String {
    for key in ["message: \"", "error: \""] {
        if let Some(start) = debug.rfind(key) {
            let rest = &debug[start + key.len()..];
            if let Some(end) = rest.find('"') {
                return lower_first(&rest[..end]);
            }
        }
    }
    // The innermost name: `Tungstenite(Protocol(HandshakeIncomplete))` → "handshake incomplete".
    let inner = debug
        .trim_end_matches(')')
        .rsplit('(')
        .next()
        .unwrap_or(debug)
        .trim();
    if !inner.is_empty() && inner.chars().all(char::is_alphanumeric) {
        let mut words = String::new();
        for (i, c) in inner.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                words.push(' ');
            }
            words.extend(c.to_lowercase());
        }
        return words;
    }
    debug.lines().next().unwrap_or(debug).to_string()
}

/// The innermost cause of an error chain, in plain words: reqwest's "error sending request for
/// url (…)" becomes "connection refused (os error 111)".
pub fn root_cause(error: &dyn Error) -> String {
    let mut inner = error;
    while let Some(next) = inner.source() {
        inner = next;
    }
    let text = inner.to_string();
    // "Connection refused (os error 111)": the number adds nothing for a reader.
    let text = match text.rsplit_once(" (os error ") {
        Some((words, code)) if code.trim_end_matches(')').parse::<i32>().is_ok() => words,
        _ => &text,
    };
    lower_first(text)
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serenity_errors_become_plain_words() {
        assert_eq!(
            plain_cause(
                r#"Tungstenite(Io(Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }))"#
            ),
            "connection refused"
        );
        assert_eq!(
            plain_cause(
                r#"Tungstenite(Io(Custom { kind: Uncategorized, error: "failed to lookup address information: Name or service not known" }))"#
            ),
            "failed to lookup address information: Name or service not known"
        );
        assert_eq!(
            plain_cause("Tungstenite(Protocol(HandshakeIncomplete))"),
            "handshake incomplete"
        );
        assert_eq!(
            plain_cause("Gateway(InvalidAuthentication)"),
            "invalid authentication"
        );
        assert_eq!(plain_cause("odd: shape {"), "odd: shape {");
    }

    #[test]
    fn only_connection_attempts_are_links() {
        assert_eq!(
            link_of(
                r#"[Shard Queuer] Err starting shard 0: Tungstenite(Io(Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }))"#
            ),
            Some(Link::Down("connection refused".into()))
        );
        assert_eq!(
            link_of("[ShardRunner ShardInfo { id: ShardId(0), total: 1 }] Running"),
            Some(Link::Up)
        );
        assert_eq!(link_of("[Shard Queuer] Re-queueing start of shard 0"), None);
        assert_eq!(link_of("Shutting down all shards"), None);
    }

    #[test]
    fn root_cause_is_the_innermost_error() {
        #[derive(Debug)]
        struct Outer(std::io::Error);
        impl std::fmt::Display for Outer {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("error sending request for url (http://x/)")
            }
        }
        impl Error for Outer {
            fn source(&self) -> Option<&(dyn Error + 'static)> {
                Some(&self.0)
            }
        }
        let e = Outer(std::io::Error::from_raw_os_error(111));
        assert_eq!(root_cause(&e), "connection refused");
        let e = Outer(std::io::Error::other("no route (to host)"));
        assert_eq!(root_cause(&e), "no route (to host)");
    }
}
