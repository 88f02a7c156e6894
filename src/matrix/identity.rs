//! The bot's own Matrix identity: cross-signing and key backup ("recovery"), set up once.
//!
//! Clients that share room keys only with devices their owner cross-signed (MSC4153, which
//! Element follows) would stop talking to a bot whose device is unsigned. So at its first start
//! the bot makes its cross-signing identity (the homeserver asks for the password again) and
//! signs its device with it, then turns on recovery: a key backup and secret storage, opened
//! by a recovery key that is printed once for the host (`recovery-key-shown` in the Matrix data
//! directory remembers that it was). Later starts change nothing.
//!
//! A bot whose crypto store was lost logs in as a new device; with the recovery key in its
//! config it imports its identity and the backup key and signs the new device. It never
//! makes a second identity by itself: players who verified the bot would see it change.
//!
//! Nothing here stops the bot: a problem is one clear line in the host's log, and the bot plays
//! on (unverified for clients that care).

use std::io::Write;
use std::path::Path;

use matrix_sdk::Client;
use matrix_sdk::encryption::recovery::RecoveryError;
use matrix_sdk::encryption::secret_storage::SecretStorageError;
use matrix_sdk::ruma::api::client::uiaa::{
    AuthData, MatrixUserIdentifier, Password, UserIdentifier,
};
use thiserror::Error;

use crate::config::{MatrixConfig, MatrixLogin, RecoveryKey};

/// The file in the Matrix data directory that says the recovery key was shown.
pub const SHOWN_MARKER: &str = "recovery-key-shown";
/// The line printed above the recovery key (tests look for it).
pub const KEY_HEADING: &str = "Matrix recovery key";

/// Why the bot's identity could not be set up or restored (each says what to do).
#[derive(Debug, Error)]
pub enum IdentityError {
    #[error(
        "the homeserver asks for the password of {user} to set up its cross-signing identity, \
         and the bot logs in with an access token: set `password` in [matrix] (or \
         MATRIX_PASSWORD) for one start, or set up cross-signing for the account in Element; \
         until then the bot's device is unverified"
    )]
    NeedsPassword { user: String },
    #[error(
        "{user} has a cross-signing identity (or key backup) whose keys this device does not \
         have, e.g. after its Matrix data directory was lost: set the recovery key the bot \
         printed at its first start as `recovery_key` in [matrix] (or MATRIX_RECOVERY_KEY); \
         until then the bot's device is unverified"
    )]
    KeysElsewhere { user: String },
    #[error("the recovery key from {from} does not fit {user}'s key storage: {reason}")]
    WrongRecoveryKey {
        user: String,
        from: String,
        reason: String,
    },
    #[error(
        "key backup and recovery for {user} were turned off after the bot showed its recovery \
         key; the bot does not turn them on again by itself: delete {marker} to let it make a \
         new recovery key at its next start"
    )]
    TurnedOff { user: String, marker: String },
    #[error(
        "{user} has a key backup that this device is not connected to: set its recovery key as \
         `recovery_key` in [matrix] (or MATRIX_RECOVERY_KEY)"
    )]
    BackupElsewhere { user: String },
    #[error("setting up the bot's Matrix identity failed: {0}")]
    Sdk(String),
    #[error("remembering that the recovery key was shown ({path}) failed: {reason}")]
    Marker { path: String, reason: String },
}

impl From<matrix_sdk::Error> for IdentityError {
    fn from(e: matrix_sdk::Error) -> Self {
        IdentityError::Sdk(e.to_string())
    }
}

impl From<RecoveryError> for IdentityError {
    fn from(e: RecoveryError) -> Self {
        IdentityError::Sdk(e.to_string())
    }
}

/// What a start did to the identity (logged, and told apart by tests).
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was in place.
    Unchanged,
    /// A new identity and backup; the recovery key was printed.
    Created,
    /// A lost store restored with the recovery key.
    Recovered,
}

/// Makes sure the bot's device is cross-signed by its own identity and its keys are backed up.
/// Call after the login, before syncing.
pub async fn establish(
    client: &Client,
    settings: &MatrixConfig,
    dir: &Path,
) -> Result<Outcome, IdentityError> {
    let encryption = client.encryption();
    // The SDK's own start-up work (resuming an existing backup, recovery's state) first.
    encryption.wait_for_e2ee_initialization_tasks().await;
    let user = settings.user.clone();
    let mut outcome = Outcome::Unchanged;
    if !has_identity_keys(client).await {
        if bootstrap(client, settings).await? {
            tracing::info!("made the bot's cross-signing identity and signed its device");
            outcome = Outcome::Created;
        } else {
            // An identity exists on the homeserver, its keys are not here.
            let key = settings
                .recovery_key
                .as_ref()
                .ok_or(IdentityError::KeysElsewhere { user: user.clone() })?;
            recover(client, &user, key).await?;
            return Ok(Outcome::Recovered);
        }
    }
    let secret_storage = encryption.secret_storage().is_enabled().await?;
    if !secret_storage {
        let marker = dir.join(SHOWN_MARKER);
        if marker.exists() {
            return Err(IdentityError::TurnedOff {
                user,
                marker: marker.display().to_string(),
            });
        }
        let key = encryption.recovery().enable().await.map_err(|e| match e {
            RecoveryError::BackupExistsOnServer => {
                IdentityError::BackupElsewhere { user: user.clone() }
            }
            other => other.into(),
        })?;
        show(&user, &key);
        remember_shown(&marker)?;
        tracing::info!("key backup and recovery turned on; the recovery key was printed once");
        return Ok(Outcome::Created);
    }
    if !encryption.backups().are_enabled().await {
        let key = settings
            .recovery_key
            .as_ref()
            .ok_or(IdentityError::KeysElsewhere { user: user.clone() })?;
        recover(client, &user, key).await?;
        return Ok(Outcome::Recovered);
    }
    Ok(outcome)
}

/// Whether this device holds all three private cross-signing keys.
async fn has_identity_keys(client: &Client) -> bool {
    client
        .encryption()
        .cross_signing_status()
        .await
        .is_some_and(|status| status.is_complete())
}

/// Makes and uploads a cross-signing identity if the account has none; `false` if it has one
/// already (made elsewhere, or by this bot before its store was lost).
async fn bootstrap(client: &Client, settings: &MatrixConfig) -> Result<bool, IdentityError> {
    let encryption = client.encryption();
    // The first try goes without authentication: some homeservers allow the first upload.
    let uiaa = match encryption.bootstrap_cross_signing_if_needed(None).await {
        Ok(()) => return Ok(has_identity_keys(client).await),
        Err(e) => match e.as_uiaa_response() {
            Some(uiaa) => uiaa.session.clone(),
            None => return Err(e.into()),
        },
    };
    let MatrixLogin::Password(password) = &settings.login else {
        return Err(IdentityError::NeedsPassword {
            user: settings.user.clone(),
        });
    };
    let mut auth = Password::new(
        UserIdentifier::Matrix(MatrixUserIdentifier::new(settings.user.clone())),
        password.clone(),
    );
    auth.session = uiaa;
    encryption
        .bootstrap_cross_signing(Some(AuthData::Password(auth)))
        .await?;
    Ok(true)
}

/// Imports the identity and the backup key from secret storage and signs this device.
async fn recover(client: &Client, user: &str, key: &RecoveryKey) -> Result<(), IdentityError> {
    client
        .encryption()
        .recovery()
        .recover(&key.key)
        .await
        .map_err(|e| match e {
            // A key that does not decode or open the storage; a network failure is not that.
            RecoveryError::SecretStorage(
                reason @ (SecretStorageError::SecretStorageKey(_)
                | SecretStorageError::MissingKeyInfo { .. }
                | SecretStorageError::Decryption(_)),
            ) => IdentityError::WrongRecoveryKey {
                user: user.to_string(),
                from: key.from.to_string(),
                reason: reason.to_string(),
            },
            other => other.into(),
        })?;
    if !has_identity_keys(client).await {
        return Err(IdentityError::WrongRecoveryKey {
            user: user.to_string(),
            from: key.from.to_string(),
            reason: "its secret storage holds no cross-signing keys".to_string(),
        });
    }
    tracing::info!("restored the bot's identity and key backup with the recovery key");
    Ok(())
}

/// The text that shows the recovery key to the host, once.
fn key_notice(user: &str, key: &str) -> String {
    format!(
        "{KEY_HEADING} for {user} (shown only this once):\n    {key}\n\
         Keep it outside this machine, e.g. in a password manager. It restores the bot's \
         verified identity and its key backup if its data directory is lost: then set it as \
         `recovery_key` in [matrix] (or MATRIX_RECOVERY_KEY). Anyone with it can act as the \
         bot's identity; never post it in a room.\n"
    )
}

/// Prints the recovery key on standard output (where the host runs the bot), not into the
/// log lines, which may be collected elsewhere.
fn show(user: &str, key: &str) {
    let mut out = std::io::stdout().lock();
    // Nothing better to do if stdout is gone; the marker is written anyway (the key stays
    // usable in secret storage, and a new one can be made from Element).
    let _ = out.write_all(key_notice(user, key).as_bytes());
    let _ = out.flush();
}

fn remember_shown(marker: &Path) -> Result<(), IdentityError> {
    let when = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let text = format!(
        "The recovery key was printed on standard output at {when} (Unix time). The bot will \
         not make a new one while this file exists.\n"
    );
    std::fs::write(marker, text).map_err(|e| IdentityError::Marker {
        path: marker.display().to_string(),
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_puts_the_key_on_the_line_after_the_heading_and_says_where_to_keep_it() {
        let text = key_notice("@catan:example.org", "EsTa bcDE");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with(KEY_HEADING) && lines[0].contains("@catan:example.org"));
        assert_eq!(lines[1].trim(), "EsTa bcDE");
        assert!(text.contains("password manager") && text.contains("recovery_key"));
    }

    #[test]
    fn the_marker_says_when_and_a_missing_directory_is_a_clear_error() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let marker = dir.path().join(SHOWN_MARKER);
        remember_shown(&marker).expect("written");
        let text = std::fs::read_to_string(&marker).expect("readable");
        assert!(text.contains("standard output"), "{text}");
        let missing = dir.path().join("nope").join(SHOWN_MARKER);
        let e = remember_shown(&missing).unwrap_err();
        assert!(e.to_string().contains("nope"), "{e}");
    }
}
