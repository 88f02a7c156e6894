//! The adapter's shared state: the homeserver client, the table, what it remembers
//! (`state.rs`), the edit queue, and the translations between Matrix ids and table numbers.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use matrix_sdk::Client;

use super::client::{self, Text};
use super::error::MatrixError;
use super::ids::{self, Kind};
use super::state::State;
use crate::hosting::TableHandle;
use crate::hosting::edits::{EditQueue, Editor};
use crate::table::Caller;

/// How long a user's display name and power level are trusted before being asked again.
const PROFILE_TTL: Duration = Duration::from_secs(300);
/// Profiles remembered at once (a per-user resource: bounded).
const PROFILES_KEPT: usize = 10_000;
/// (room, sender, session) triples already asked to resend (bounded: forgotten all at once).
const UNDECRYPTABLE_KEPT: usize = 10_000;

/// A user's display name and rights in a room, as last asked.
struct Profile {
    name: String,
    is_manager: bool,
    asked: Instant,
}

pub struct MatrixBot {
    pub client: Client,
    pub table: TableHandle,
    /// The bot's own user id: its own events are never handled.
    pub me: String,
    /// Rooms it plays in (room ids); empty = every room it is invited to.
    pub rooms: Vec<String>,
    state: Mutex<State>,
    pub edits: Arc<EditQueue<(String, String), Text>>,
    /// (room, user) → what was found out about them there.
    profiles: Mutex<HashMap<(String, String), Profile>>,
    /// Undecryptable messages already answered, by (room, sender, Megolm session).
    undecryptable: Mutex<HashSet<(String, String, String)>>,
    /// Held while a direct room is looked up or made: two private replies at once (say a
    /// hand and a robbery note) must not make a player two direct rooms.
    dm_lock: tokio::sync::Mutex<()>,
}

impl MatrixBot {
    pub fn new(
        client: Client,
        table: TableHandle,
        me: String,
        rooms: Vec<String>,
        state: State,
        edit_debounce: Duration,
    ) -> MatrixBot {
        let edit_client = client.clone();
        let editor: Editor<(String, String), Text> = Arc::new(move |(room, event), text| {
            let client = edit_client.clone();
            Box::pin(async move {
                client::edit(&client, &room, &event, &text)
                    .await
                    .map_err(|e| e.to_string())
            })
        });
        MatrixBot {
            client,
            table,
            me,
            rooms,
            state: Mutex::new(state),
            edits: Arc::new(EditQueue::new(editor, edit_debounce)),
            profiles: Mutex::new(HashMap::new()),
            undecryptable: Mutex::new(HashSet::new()),
            dm_lock: tokio::sync::Mutex::new(()),
        }
    }

    pub fn state(&self) -> MutexGuard<'_, State> {
        // Short, panic-free critical sections.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The table's number for a Matrix id, remembered (durably) so it can be turned back.
    pub fn number(&self, kind: Kind, id: &str) -> Result<u64, MatrixError> {
        let n = ids::number(kind, id);
        match kind {
            Kind::Event => self.state().remember_message(n, id)?,
            Kind::Room | Kind::User => self.state().remember_name(n, id)?,
        }
        Ok(n)
    }

    /// The Matrix id behind a table number, if this adapter made it.
    pub fn id_of(&self, number: u64) -> Option<String> {
        self.state().name(number).map(str::to_string)
    }

    /// Whether the bot plays in `room`.
    pub fn allowed(&self, room: &str) -> bool {
        self.rooms.is_empty() || self.rooms.iter().any(|r| r == room)
    }

    /// Who sent a command in `room`: their display name (else the user id's local part) and
    /// whether they may manage the room.
    pub async fn caller(&self, room: &str, user: &str) -> Result<Caller, MatrixError> {
        let key = (room.to_string(), user.to_string());
        let cached = self
            .profiles
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .filter(|p| p.asked.elapsed() < PROFILE_TTL)
            .map(|p| (p.name.clone(), p.is_manager));
        let (name, is_manager) = match cached {
            Some(found) => found,
            None => {
                let name = client::display_name(&self.client, user)
                    .await
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| local_part(user));
                let manager = client::is_manager(&self.client, room, user).await;
                let mut profiles = self.profiles.lock().unwrap_or_else(|p| p.into_inner());
                if profiles.len() >= PROFILES_KEPT {
                    profiles.retain(|_, p| p.asked.elapsed() < PROFILE_TTL);
                }
                profiles.insert(
                    key,
                    Profile {
                        name: name.clone(),
                        is_manager: manager,
                        asked: Instant::now(),
                    },
                );
                (name, manager)
            }
        };
        let place = self.number(Kind::Room, room)?;
        Ok(Caller {
            place,
            user: self.number(Kind::User, user)?,
            name,
            is_manager,
            lang: None,
            place_lang: None,
            // A room is its own community: its games, its ratings.
            community: Some(place),
            manages_community: is_manager,
        })
    }

    /// Whether this is the first undecryptable message of `sender` in `room` with `session`
    /// (the one that gets a notice).
    pub fn first_undecryptable(&self, room: &str, sender: &str, session: &str) -> bool {
        let mut asked = self.undecryptable.lock().unwrap_or_else(|p| p.into_inner());
        if asked.len() >= UNDECRYPTABLE_KEPT {
            asked.clear();
        }
        asked.insert((room.to_string(), sender.to_string(), session.to_string()))
    }

    /// The direct room with `user`: the one remembered, else one the player already has
    /// with the bot (a direct chat they opened, as Element shows it), else a new one; then
    /// remembered.
    pub async fn dm_room(&self, user: &str) -> Result<String, MatrixError> {
        let _one_at_a_time = self.dm_lock.lock().await;
        if let Some(room) = self.state().dm_room(user) {
            return Ok(room.to_string());
        }
        let room = match client::existing_dm(&self.client, user).await {
            Some(room) => room,
            None => client::create_dm(&self.client, user).await?,
        };
        self.state().remember_dm(user, &room)?;
        Ok(room)
    }
}

/// `alice` for `@alice:example.org`.
pub fn local_part(user: &str) -> String {
    user.trim_start_matches('@')
        .split(':')
        .next()
        .unwrap_or(user)
        .to_string()
}
