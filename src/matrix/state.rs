//! What the Matrix adapter must remember across restarts, in `DATA_DIR/matrix/`: the login
//! session, the sync position, which events were already handled, the ids it maps to the
//! table's numbers, each player's direct room, and the reactions players made (to recognise
//! their removal). The game state itself is the table's, in the store.
//!
//! One append-only log of JSON lines, each flushed to disk (`sync_data`) before the adapter
//! acts on it. Loading replays it; a torn last line (a kill mid-write) is ignored, it was never
//! acted on. At each start the log is compacted: rewritten with what is still needed, to a new
//! file renamed over the old one.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::table::TurnStamp;

/// Handled events remembered (a restart re-reads at most one sync batch).
const SEEN_KEPT: usize = 2_000;
/// Players' reactions remembered (to undo an acceptance when one is removed).
const REACTIONS_KEPT: usize = 5_000;
/// Posted messages whose ids are remembered (live messages and offers of running games are
/// always among the latest; one forgotten is posted anew instead of edited).
const MESSAGES_KEPT: usize = 50_000;
/// Turn messages remembered (their reactions act, as long as what they ask is legal).
const TURN_MESSAGES_KEPT: usize = 2_000;

/// One line of the log.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Entry {
    /// A room or user id and the table number it maps to.
    Id { number: u64, name: String },
    /// A message's event id and the table number it maps to.
    Message { number: u64, event: String },
    /// The direct room the bot made with a player.
    Dm { user: String, room: String },
    /// A player's reaction: its event, the event it annotates, the key, who made it.
    Reaction {
        event: String,
        target: String,
        key: String,
        sender: String,
    },
    /// An event handled (or being handled): never handled again.
    Seen { event: String },
    /// A turn message the bot posted: 🎲 🛒 ✅ 🃏 on it are actions, judged as of the turn its
    /// stamp names (older builds wrote none).
    TurnMessage {
        event: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stamp: Option<TurnStamp>,
    },
    /// Who invited the bot to a room (told when the bot cannot post there).
    Inviter { room: String, user: String },
    /// What the bot may not do in a room and has told someone (`power.rs`): the whole list,
    /// replacing the room's last one (a problem fixed and back is told again).
    Told { room: String, problems: Vec<String> },
    /// Where the next sync starts, and the homeserver time of the newest event handled
    /// until then (older events are never handled again, whatever the sync brings).
    Sync {
        token: String,
        #[serde(default)]
        handled_until_ms: u64,
    },
}

/// A player's reaction, as remembered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownReaction {
    pub target: String,
    pub key: String,
    pub sender: String,
}

/// The adapter's memory, loaded from and appended to its log.
pub struct State {
    path: PathBuf,
    /// Open for appending once the log is compacted.
    file: Option<File>,
    names: HashMap<u64, String>,
    messages: HashMap<u64, String>,
    message_order: VecDeque<u64>,
    dms: HashMap<String, String>,
    reactions: HashMap<String, KnownReaction>,
    reaction_order: VecDeque<String>,
    seen: Bounded,
    turn_messages: Bounded,
    /// The stamps of the remembered turn messages that have one.
    turn_stamps: HashMap<String, TurnStamp>,
    inviters: HashMap<String, String>,
    told: HashMap<String, Vec<String>>,
    sync_token: Option<String>,
    handled_until_ms: u64,
}

impl State {
    /// Loads `dir/state.log` (creating `dir`), compacts it and opens it for appending.
    pub fn open(dir: &Path) -> std::io::Result<State> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join("state.log");
        let mut state = State {
            file: None,
            path: path.clone(),
            names: HashMap::new(),
            messages: HashMap::new(),
            message_order: VecDeque::new(),
            dms: HashMap::new(),
            reactions: HashMap::new(),
            reaction_order: VecDeque::new(),
            seen: Bounded::new(SEEN_KEPT),
            turn_messages: Bounded::new(TURN_MESSAGES_KEPT),
            turn_stamps: HashMap::new(),
            inviters: HashMap::new(),
            told: HashMap::new(),
            sync_token: None,
            handled_until_ms: 0,
        };
        if let Ok(file) = File::open(&path) {
            for line in BufReader::new(file).lines() {
                // A line that does not parse is the torn last write of a killed process.
                match serde_json::from_str::<Entry>(&line?) {
                    Ok(entry) => state.apply(entry),
                    Err(e) => tracing::warn!(file = %path.display(), "skipping a torn line: {e}"),
                }
            }
        }
        state.compact()?;
        Ok(state)
    }

    fn apply(&mut self, entry: Entry) {
        match entry {
            Entry::Id { number, name } => {
                self.names.insert(number, name);
            }
            Entry::Message { number, event } => {
                if self.messages.insert(number, event).is_none() {
                    self.message_order.push_back(number);
                }
                if self.message_order.len() > MESSAGES_KEPT
                    && let Some(old) = self.message_order.pop_front()
                {
                    self.messages.remove(&old);
                }
            }
            Entry::Dm { user, room } => {
                self.dms.insert(user, room);
            }
            Entry::Reaction {
                event,
                target,
                key,
                sender,
            } => {
                if self.reaction_order.len() >= REACTIONS_KEPT
                    && let Some(old) = self.reaction_order.pop_front()
                {
                    self.reactions.remove(&old);
                }
                self.reaction_order.push_back(event.clone());
                self.reactions.insert(
                    event,
                    KnownReaction {
                        target,
                        key,
                        sender,
                    },
                );
            }
            Entry::Seen { event } => {
                self.seen.insert(event);
            }
            Entry::TurnMessage { event, stamp } => {
                if let Some(old) = self.turn_messages.insert(event.clone()) {
                    self.turn_stamps.remove(&old);
                }
                if let Some(stamp) = stamp {
                    self.turn_stamps.insert(event, stamp);
                }
            }
            Entry::Inviter { room, user } => {
                self.inviters.insert(room, user);
            }
            Entry::Told { room, problems } if problems.is_empty() => {
                self.told.remove(&room);
            }
            Entry::Told { room, problems } => {
                self.told.insert(room, problems);
            }
            Entry::Sync {
                token,
                handled_until_ms,
            } => {
                self.sync_token = Some(token);
                self.handled_until_ms = self.handled_until_ms.max(handled_until_ms);
            }
        }
    }

    /// Rewrites the log with what is still remembered, atomically (new file, then rename).
    fn compact(&mut self) -> std::io::Result<()> {
        let mut entries: Vec<Entry> = Vec::new();
        let mut names: Vec<_> = self.names.iter().collect();
        names.sort();
        entries.extend(names.into_iter().map(|(n, s)| Entry::Id {
            number: *n,
            name: s.clone(),
        }));
        for number in &self.message_order {
            if let Some(event) = self.messages.get(number) {
                entries.push(Entry::Message {
                    number: *number,
                    event: event.clone(),
                });
            }
        }
        let mut dms: Vec<_> = self.dms.iter().collect();
        dms.sort();
        entries.extend(dms.into_iter().map(|(u, r)| Entry::Dm {
            user: u.clone(),
            room: r.clone(),
        }));
        for event in &self.reaction_order {
            if let Some(r) = self.reactions.get(event) {
                entries.push(Entry::Reaction {
                    event: event.clone(),
                    target: r.target.clone(),
                    key: r.key.clone(),
                    sender: r.sender.clone(),
                });
            }
        }
        entries.extend(
            self.seen
                .order
                .iter()
                .map(|e| Entry::Seen { event: e.clone() }),
        );
        entries.extend(self.turn_messages.order.iter().map(|e| Entry::TurnMessage {
            event: e.clone(),
            stamp: self.turn_stamps.get(e).copied(),
        }));
        let mut inviters: Vec<_> = self.inviters.iter().collect();
        inviters.sort();
        entries.extend(inviters.into_iter().map(|(room, user)| Entry::Inviter {
            room: room.clone(),
            user: user.clone(),
        }));
        let mut told: Vec<_> = self.told.iter().collect();
        told.sort();
        entries.extend(told.into_iter().map(|(room, problems)| Entry::Told {
            room: room.clone(),
            problems: problems.clone(),
        }));
        if let Some(token) = &self.sync_token {
            entries.push(Entry::Sync {
                token: token.clone(),
                handled_until_ms: self.handled_until_ms,
            });
        }
        let fresh = self.path.with_extension("log.new");
        {
            let mut out = File::create(&fresh)?;
            for entry in &entries {
                writeln!(out, "{}", line(entry))?;
            }
            out.sync_all()?;
        }
        std::fs::rename(&fresh, &self.path)?;
        if let Some(dir) = self.path.parent() {
            File::open(dir)?.sync_all()?;
        }
        self.file = Some(OpenOptions::new().append(true).open(&self.path)?);
        Ok(())
    }

    /// Appends `entry` durably, then remembers it.
    fn record(&mut self, entry: Entry) -> std::io::Result<()> {
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the state log is not open"))?;
        writeln!(file, "{}", line(&entry))?;
        file.sync_data()?;
        self.apply(entry);
        Ok(())
    }

    /// The Matrix id (room, user or message) behind a table number.
    pub fn name(&self, number: u64) -> Option<&str> {
        self.names
            .get(&number)
            .or_else(|| self.messages.get(&number))
            .map(String::as_str)
    }

    /// Remembers that `number` stands for the message `event` (once).
    pub fn remember_message(&mut self, number: u64, event: &str) -> std::io::Result<()> {
        if self.messages.contains_key(&number) {
            return Ok(());
        }
        self.record(Entry::Message {
            number,
            event: event.to_string(),
        })
    }

    /// Remembers that `number` stands for `name` (once).
    pub fn remember_name(&mut self, number: u64, name: &str) -> std::io::Result<()> {
        if self.names.contains_key(&number) {
            return Ok(());
        }
        self.record(Entry::Id {
            number,
            name: name.to_string(),
        })
    }

    pub fn dm_room(&self, user: &str) -> Option<&str> {
        self.dms.get(user).map(String::as_str)
    }

    pub fn remember_dm(&mut self, user: &str, room: &str) -> std::io::Result<()> {
        self.record(Entry::Dm {
            user: user.to_string(),
            room: room.to_string(),
        })
    }

    pub fn reaction(&self, event: &str) -> Option<&KnownReaction> {
        self.reactions.get(event)
    }

    pub fn remember_reaction(&mut self, event: &str, r: KnownReaction) -> std::io::Result<()> {
        self.record(Entry::Reaction {
            event: event.to_string(),
            target: r.target,
            key: r.key,
            sender: r.sender,
        })
    }

    pub fn is_seen(&self, event: &str) -> bool {
        self.seen.set.contains(event)
    }

    /// `None` if `event` is not a turn message the bot remembers; else the turn it belongs to,
    /// if known.
    pub fn turn_message(&self, event: &str) -> Option<Option<TurnStamp>> {
        self.turn_messages
            .set
            .contains(event)
            .then(|| self.turn_stamps.get(event).copied())
    }

    pub fn remember_turn_message(
        &mut self,
        event: &str,
        stamp: Option<TurnStamp>,
    ) -> std::io::Result<()> {
        self.record(Entry::TurnMessage {
            event: event.to_string(),
            stamp,
        })
    }

    /// Marks `event` handled, durably, before it is handled: after a crash it is not handled
    /// twice (at most once: a kill between this and the table's answer loses the command,
    /// which was never answered, so its sender sees no reply and types it again).
    pub fn mark_seen(&mut self, event: &str) -> std::io::Result<()> {
        self.record(Entry::Seen {
            event: event.to_string(),
        })
    }

    /// Who invited the bot to `room`, if it was invited since this was recorded.
    pub fn inviter(&self, room: &str) -> Option<&str> {
        self.inviters.get(room).map(String::as_str)
    }

    pub fn remember_inviter(&mut self, room: &str, user: &str) -> std::io::Result<()> {
        if self.inviter(room) == Some(user) {
            return Ok(());
        }
        self.record(Entry::Inviter {
            room: room.to_string(),
            user: user.to_string(),
        })
    }

    /// The problems with `room`'s power levels someone was told of (and not fixed since).
    pub fn told(&self, room: &str) -> &[String] {
        self.told.get(room).map_or(&[], Vec::as_slice)
    }

    /// Records the problems of `room` that stand told now (an empty list: none).
    pub fn set_told(&mut self, room: &str, problems: &[String]) -> std::io::Result<()> {
        if self.told(room) == problems {
            return Ok(());
        }
        self.record(Entry::Told {
            room: room.to_string(),
            problems: problems.to_vec(),
        })
    }

    pub fn sync_token(&self) -> Option<&str> {
        self.sync_token.as_deref()
    }

    /// The homeserver time of the newest event handled before the saved position.
    pub fn handled_until_ms(&self) -> u64 {
        self.handled_until_ms
    }

    pub fn save_sync_token(&mut self, token: &str, handled_until_ms: u64) -> std::io::Result<()> {
        if self.sync_token.as_deref() == Some(token) && handled_until_ms <= self.handled_until_ms {
            return Ok(());
        }
        self.record(Entry::Sync {
            token: token.to_string(),
            handled_until_ms: handled_until_ms.max(self.handled_until_ms),
        })
    }
}

/// A set of event ids that forgets the oldest beyond `cap`.
struct Bounded {
    cap: usize,
    set: HashSet<String>,
    order: VecDeque<String>,
}

impl Bounded {
    fn new(cap: usize) -> Bounded {
        Bounded {
            cap,
            set: HashSet::new(),
            order: VecDeque::new(),
        }
    }

    /// Adds `event`; returns the oldest one forgotten to make room.
    fn insert(&mut self, event: String) -> Option<String> {
        if !self.set.insert(event.clone()) {
            return None;
        }
        self.order.push_back(event);
        if self.order.len() <= self.cap {
            return None;
        }
        let old = self.order.pop_front()?;
        self.set.remove(&old);
        Some(old)
    }
}

fn line(entry: &Entry) -> String {
    // Serializing these plain structs cannot fail.
    serde_json::to_string(entry).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_recorded_survives_a_reopen_and_a_torn_line_is_ignored() {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let mut s = State::open(dir.path()).expect("open");
            s.remember_name(9, "!room:hs").unwrap();
            s.remember_dm("@a:hs", "!dm:hs").unwrap();
            s.mark_seen("$e1").unwrap();
            s.remember_turn_message(
                "$t",
                Some(TurnStamp {
                    game: 4,
                    made_at: 17,
                }),
            )
            .unwrap();
            s.remember_turn_message("$old", None).unwrap();
            s.remember_inviter("!room:hs", "@a:hs").unwrap();
            s.set_told("!room:hs", &["react".into()]).unwrap();
            s.set_told("!other:hs", &["post".into()]).unwrap();
            s.set_told("!other:hs", &[]).unwrap();
            s.save_sync_token("s1", 5).unwrap();
            s.save_sync_token("s2", 9).unwrap();
            s.remember_reaction(
                "$r",
                KnownReaction {
                    target: "$m".into(),
                    key: "✅".into(),
                    sender: "@a:hs".into(),
                },
            )
            .unwrap();
        }
        // A kill in the middle of a write.
        let mut f = OpenOptions::new()
            .append(true)
            .open(dir.path().join("state.log"))
            .unwrap();
        write!(f, "{{\"seen\":{{\"event\":\"$e2").unwrap();
        drop(f);
        let s = State::open(dir.path()).expect("reopen");
        assert_eq!(s.name(9), Some("!room:hs"));
        assert_eq!(s.dm_room("@a:hs"), Some("!dm:hs"));
        assert!(s.is_seen("$e1") && !s.is_seen("$e2"));
        assert_eq!(
            s.turn_message("$t"),
            Some(Some(TurnStamp {
                game: 4,
                made_at: 17
            }))
        );
        assert_eq!(s.turn_message("$old"), Some(None));
        assert_eq!(s.turn_message("$e1"), None);
        assert_eq!(s.sync_token(), Some("s2"));
        assert_eq!(s.handled_until_ms(), 9);
        assert_eq!(s.reaction("$r").map(|r| r.key.as_str()), Some("✅"));
        assert_eq!(s.inviter("!room:hs"), Some("@a:hs"));
        assert_eq!(s.told("!room:hs"), ["react".to_string()]);
        assert!(s.told("!other:hs").is_empty(), "fixed since");
    }

    #[test]
    fn message_ids_are_bounded_and_found_by_number() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut s = State::open(dir.path()).expect("open");
        s.remember_message(1, "$first").unwrap();
        assert_eq!(s.name(1), Some("$first"));
        for i in 2..MESSAGES_KEPT as u64 + 2 {
            s.apply(Entry::Message {
                number: i,
                event: format!("${i}"),
            });
        }
        assert_eq!(s.name(1), None, "the oldest is forgotten");
        assert_eq!(s.messages.len(), MESSAGES_KEPT);
    }

    #[test]
    fn seen_events_are_bounded() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut s = State::open(dir.path()).expect("open");
        for i in 0..SEEN_KEPT + 10 {
            s.apply(Entry::Seen {
                event: format!("$e{i}"),
            });
        }
        assert_eq!(s.seen.set.len(), SEEN_KEPT);
        assert!(!s.is_seen("$e0") && s.is_seen(&format!("$e{}", SEEN_KEPT + 9)));
    }
}
