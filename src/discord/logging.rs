//! Log output for `catan-bot run`: text lines (colours only on a terminal, never in a file or
//! the journal) or JSON lines (`log_format = "json"`), and plain words when Discord cannot be
//! reached.
//!
//! serenity retries a lost gateway connection by itself every 5 s and logs its internal error
//! at each attempt (`[Shard Queuer] Err starting shard 0: Tungstenite(Io(Os { … }))`). Those
//! lines are hidden; a small layer catches them (and the other connection events serenity only
//! logs: a session that ended, a close code no reconnection heals) and hands them on as
//! [`Link`]s to `connection::watch`, which says "cannot reach Discord (connection refused),
//! retrying in 5 s" (again when the cause changes, or after a minute), "connected to Discord
//! again" when it is back, and tells the timer whether Discord can be reached. serenity's own
//! ERROR lines about refused starts are hidden too: the bot says those in one line of its own
//! (`refusal`).

use std::error::Error;
use std::io::IsTerminal;

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{FilterExt, filter_fn};
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

/// What the watch layer saw of serenity's gateway connection (and what the adapter adds:
/// [`Link::Ready`]), in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// An attempt to start this shard failed, for this cause (plain words).
    Down { shard: u32, cause: String },
    /// This shard's session ended; serenity starts it again.
    Lost(u32),
    /// A connection is running.
    Up,
    /// This shard identified or resumed: its events flow (the framework's guard sends it).
    Ready(u32),
    /// Discord closed the gateway with a code that no reconnection heals.
    Refused(GatewayRefusal),
}

/// Close codes serenity keeps reconnecting after, though Discord will only close again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayRefusal {
    /// 4010: the shard id or count is not valid.
    InvalidShard,
    /// 4011: too many servers for the shard count.
    ShardingRequired,
}

/// The watch layer's reports, and a sender for the adapter's own ([`Link::Ready`]) in the same
/// order.
pub struct Links {
    pub tx: UnboundedSender<Link>,
    pub rx: UnboundedReceiver<Link>,
}

/// serenity's ERROR lines about refused starts (bad token, intents, shards): the bot says what
/// was refused in words of its own, once.
fn serenity_refusal_line(meta: &tracing::Metadata<'_>) -> bool {
    *meta.level() == Level::ERROR
        && (meta.target() == "serenity::gateway::shard"
            || meta.target() == "serenity::gateway::bridge::shard_runner")
}

/// Sets up logging; returns what the watch layer reports, for `connection::watch`.
pub fn init(level: &str, format: LogFormat) -> Links {
    // RUST_LOG replaces the configured level; serenity's connection lines stay hidden unless
    // it names serenity.
    let named_serenity = std::env::var("RUST_LOG").is_ok_and(|custom| custom.contains("serenity"));
    let directives = match std::env::var("RUST_LOG") {
        Ok(custom) if custom.contains("serenity") => custom,
        Ok(custom) if !custom.trim().is_empty() => format!("{custom},{SERENITY_BRIDGE}=error"),
        _ => default_directives(level),
    };
    let filter = EnvFilter::try_new(&directives).unwrap_or_else(|e| {
        eprintln!("RUST_LOG is not understood ({e}); using the configured log_level");
        EnvFilter::new(default_directives(level))
    });
    let shown = filter_fn(move |meta| named_serenity || !serenity_refusal_line(meta));
    let lines: Box<dyn Layer<_> + Send + Sync> = match format {
        LogFormat::Text => Box::new(
            tracing_subscriber::fmt::layer()
                .with_ansi(colours_wanted())
                .with_filter(filter.and(shown)),
        ),
        LogFormat::Json => Box::new(
            tracing_subscriber::fmt::layer()
                .json()
                .with_ansi(false)
                .with_filter(filter.and(shown)),
        ),
    };
    let (tx, rx) = unbounded_channel();
    let watch = SerenityWatch { tx: tx.clone() }.with_filter(filter_fn(|meta| {
        meta.is_event()
            && meta.target().starts_with(SERENITY_BRIDGE)
            && *meta.level() <= Level::INFO
    }));
    // Fails only if a subscriber is already set (e.g. by an embedding program): keep that one.
    let _ = tracing_subscriber::registry()
        .with(lines)
        .with(watch)
        .try_init();
    Links { tx, rx }
}

/// ANSI colours only when a person reads the output (stdout is where the lines go).
fn colours_wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
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
    if let Some((shard, error)) = message
        .split_once("Err starting shard ")
        .and_then(|(_, rest)| rest.split_once(": "))
    {
        return Some(Link::Down {
            shard: shard.trim().parse().ok()?,
            cause: plain_cause(error),
        });
    }
    if let Some(shard) = message.strip_prefix("Restarting shard ") {
        return shard.trim().parse().ok().map(Link::Lost);
    }
    if let Some(error) = message.strip_prefix("Shard handler received err: ") {
        return match error {
            "Gateway(InvalidShardData)" => Some(Link::Refused(GatewayRefusal::InvalidShard)),
            "Gateway(OverloadedShard)" => Some(Link::Refused(GatewayRefusal::ShardingRequired)),
            _ => None,
        };
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
            Some(Link::Down {
                shard: 0,
                cause: "connection refused".into()
            })
        );
        assert_eq!(link_of("Restarting shard 3"), Some(Link::Lost(3)));
        assert_eq!(
            link_of("Shard handler received err: Gateway(OverloadedShard)"),
            Some(Link::Refused(GatewayRefusal::ShardingRequired))
        );
        assert_eq!(
            link_of("Shard handler received err: Gateway(InvalidShardData)"),
            Some(Link::Refused(GatewayRefusal::InvalidShard))
        );
        // Returned by the client itself (`Refusal::of_gateway`), or healed by reconnecting.
        assert_eq!(
            link_of("Shard handler received err: Gateway(InvalidAuthentication)"),
            None
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
