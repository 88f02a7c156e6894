//! Logging in: with an access token from the config, or with the password once and then the
//! session it gave (kept in `DATA_DIR/matrix/session.json`, so a restart does not create a new
//! device each time). A refused login is one clear line; an unreachable homeserver is retried.
//!
//! The SDK's store (SQLite: the device's encryption keys, the rooms and their members) lives
//! in `DATA_DIR/matrix/sdk/` and belongs to one device (`sdk-device` names it). A store of
//! another device (a new login) is moved aside, never deleted: its keys may still open old
//! messages. The bot never logs out: that would delete its device and keys.

use std::path::Path;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};

use super::backoff::Backoff;
use super::client::user_id;
use super::error::MatrixError;
use crate::config::{MatrixConfig, MatrixLogin};

/// What `session.json` holds.
#[derive(Serialize, Deserialize)]
struct SavedSession {
    homeserver: String,
    user: String,
    device_id: String,
    access_token: String,
}

/// A logged-in client whose token the homeserver accepted.
pub async fn login(settings: &MatrixConfig, dir: &Path) -> Result<Client, MatrixError> {
    let mut backoff = Backoff::from_entropy();
    loop {
        match try_login(settings, dir).await {
            Err(Failure::Unreachable(reason)) => {
                let pause = backoff.next_pause();
                tracing::warn!(
                    "cannot reach the homeserver {} ({reason}), retrying in {:.1} s",
                    settings.homeserver,
                    pause.as_secs_f64()
                );
                tokio::time::sleep(pause).await;
            }
            Err(Failure::Fatal(e)) => return Err(e),
            Ok(client) => return Ok(client),
        }
    }
}

enum Failure {
    Unreachable(String),
    Fatal(MatrixError),
}

impl From<MatrixError> for Failure {
    fn from(e: MatrixError) -> Self {
        Failure::Fatal(e)
    }
}

/// Sorts an HTTP failure: the homeserver said no (fatal) or could not be asked (retry).
fn classify(settings: &MatrixConfig, e: &matrix_sdk::HttpError) -> Failure {
    match e.as_client_api_error() {
        Some(api) if matches!(api.status_code.as_u16(), 401 | 403) => {
            Failure::Fatal(MatrixError::LoginRefused {
                homeserver: settings.homeserver.clone(),
                user: settings.user.clone(),
                with_token: matches!(settings.login, MatrixLogin::AccessToken(_)),
                from: settings.login_source.clone(),
                reason: api.to_string(),
            })
        }
        Some(api) => Failure::Fatal(MatrixError::BadHomeserver {
            url: settings.homeserver.clone(),
            reason: api.to_string(),
        }),
        None => Failure::Unreachable(root_cause(e)),
    }
}

fn root_cause(e: &dyn std::error::Error) -> String {
    let mut cause = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

async fn try_login(settings: &MatrixConfig, dir: &Path) -> Result<Client, Failure> {
    let session_file = dir.join("session.json");
    let saved = std::fs::read(&session_file)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<SavedSession>(&bytes).ok())
        .filter(|s| s.homeserver == settings.homeserver && s.user == settings.user);
    let (token, device) = match (&settings.login, saved) {
        (MatrixLogin::AccessToken(token), _) => {
            (token.clone(), token_device(settings, token).await?)
        }
        (MatrixLogin::Password(_), Some(saved)) => (saved.access_token, saved.device_id),
        (MatrixLogin::Password(password), None) => {
            // A new login is a new device: the store of the old one goes aside first.
            set_store_device(dir, None)?;
            let client = store_client(settings, dir).await?;
            let response = client
                .matrix_auth()
                .login_username(&settings.user, password)
                .initial_device_display_name("catan-bot")
                .send()
                .await
                .map_err(|e| match e {
                    matrix_sdk::Error::Http(http) => classify(settings, &http),
                    other => Failure::Fatal(MatrixError::from(other)),
                })?;
            let saved = SavedSession {
                homeserver: settings.homeserver.clone(),
                user: settings.user.clone(),
                device_id: response.device_id.to_string(),
                access_token: response.access_token.clone(),
            };
            save(&session_file, &saved).map_err(MatrixError::from)?;
            write_store_device(dir, &saved.device_id)?;
            tracing::info!(device = %saved.device_id, "logged in to Matrix");
            return Ok(client);
        }
    };
    set_store_device(dir, Some(&device))?;
    let client = store_client(settings, dir).await?;
    client
        .matrix_auth()
        .restore_session(
            session(settings, token, &device)?,
            RoomLoadSettings::default(),
        )
        .await
        .map_err(MatrixError::from)?;
    write_store_device(dir, &device)?;
    match client.whoami().await {
        Ok(_) => Ok(client),
        Err(e) => match classify(settings, &e) {
            // A saved session the homeserver forgot (logged out elsewhere): log in again.
            Failure::Fatal(MatrixError::LoginRefused { .. })
                if matches!(settings.login, MatrixLogin::Password(_)) && session_file.exists() =>
            {
                tracing::warn!("the saved Matrix session was refused; logging in again");
                drop(client);
                std::fs::remove_file(&session_file).map_err(MatrixError::from)?;
                Box::pin(try_login(settings, dir)).await
            }
            other => Err(other),
        },
    }
}

fn session(
    settings: &MatrixConfig,
    token: String,
    device: &str,
) -> Result<MatrixSession, MatrixError> {
    Ok(MatrixSession {
        meta: SessionMeta {
            user_id: user_id(&settings.user)?,
            device_id: device.into(),
        },
        tokens: SessionTokens {
            access_token: token,
            refresh_token: None,
        },
    })
}

/// A client on the homeserver with the SDK's SQLite store in `dir/sdk`.
async fn store_client(settings: &MatrixConfig, dir: &Path) -> Result<Client, Failure> {
    Client::builder()
        .homeserver_url(&settings.homeserver)
        .sqlite_store(dir.join(STORE_DIR), None)
        .build()
        .await
        .map_err(|e| {
            Failure::Fatal(match e {
                matrix_sdk::ClientBuildError::SqliteStore(e) => MatrixError::Store {
                    path: dir.join(STORE_DIR).display().to_string(),
                    reason: e.to_string(),
                },
                other => MatrixError::BadHomeserver {
                    url: settings.homeserver.clone(),
                    reason: other.to_string(),
                },
            })
        })
}

/// The device an access token from the config belongs to, asked of the homeserver by a client
/// without a store (the store must be opened for the right device).
async fn token_device(settings: &MatrixConfig, token: &str) -> Result<String, Failure> {
    let probe = Client::builder()
        .homeserver_url(&settings.homeserver)
        .build()
        .await
        .map_err(|e| {
            Failure::Fatal(MatrixError::BadHomeserver {
                url: settings.homeserver.clone(),
                reason: e.to_string(),
            })
        })?;
    probe
        .matrix_auth()
        .restore_session(
            session(settings, token.to_string(), "UNKNOWN")?,
            RoomLoadSettings::default(),
        )
        .await
        .map_err(MatrixError::from)?;
    let answer = probe.whoami().await.map_err(|e| classify(settings, &e))?;
    answer.device_id.map(|d| d.to_string()).ok_or_else(|| {
        Failure::Fatal(MatrixError::BadHomeserver {
            url: settings.homeserver.clone(),
            reason: "the access token belongs to no device; encryption needs one".to_string(),
        })
    })
}

/// Where the SDK's store lives in `DATA_DIR/matrix/`, and the file naming its device.
const STORE_DIR: &str = "sdk";
const STORE_DEVICE: &str = "sdk-device";

/// Moves the store aside (`sdk.old-DEVICE`) when it belongs to a device other than `device`
/// (`None`: a new device is coming). A store that names no device yet (a login that did not
/// get through) is kept for the next attempt.
fn set_store_device(dir: &Path, device: Option<&str>) -> Result<(), MatrixError> {
    let store = dir.join(STORE_DIR);
    let Ok(owner) = std::fs::read_to_string(dir.join(STORE_DEVICE)) else {
        return Ok(());
    };
    let owner = owner.trim();
    if !store.exists() || device.is_some_and(|d| d == owner) {
        return Ok(());
    }
    let mut aside = dir.join(format!("{STORE_DIR}.old-{owner}"));
    let mut n = 1;
    while aside.exists() {
        aside = dir.join(format!("{STORE_DIR}.old-{owner}-{n}"));
        n += 1;
    }
    tracing::warn!(
        old = %aside.display(),
        "the Matrix store belongs to another device (a new login): moved aside"
    );
    std::fs::rename(&store, &aside)?;
    let _ = std::fs::remove_file(dir.join(STORE_DEVICE));
    Ok(())
}

fn write_store_device(dir: &Path, device: &str) -> Result<(), MatrixError> {
    std::fs::write(dir.join(STORE_DEVICE), device)?;
    Ok(())
}

/// Writes the session readable by the bot's user only.
fn save(path: &Path, session: &SavedSession) -> std::io::Result<()> {
    let fresh = path.with_extension("json.new");
    let bytes = serde_json::to_vec(session).map_err(std::io::Error::other)?;
    {
        use std::io::Write;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&fresh)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
    }
    std::fs::rename(&fresh, path)
}
