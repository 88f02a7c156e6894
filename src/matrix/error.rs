//! Errors of the Matrix adapter.

use thiserror::Error;

use crate::config::Source;
use crate::hosting::HostError;

#[derive(Debug, Error)]
pub enum MatrixError {
    #[error("Matrix request failed: {0}")]
    Http(#[from] Box<matrix_sdk::HttpError>),
    #[error("Matrix client error: {0}")]
    Sdk(#[from] Box<matrix_sdk::Error>),
    #[error("bad Matrix id {0}")]
    BadId(String),
    #[error("the Matrix adapter's state in the data directory failed: {0}")]
    State(#[from] std::io::Error),
    /// The one line a host sees when the homeserver says no (what, and what to check).
    #[error("{}", refused_line(homeserver, user, *with_token, from, reason))]
    LoginRefused {
        homeserver: String,
        user: String,
        /// An access token was refused (else a password).
        with_token: bool,
        from: Source,
        reason: String,
    },
    #[error("the homeserver URL {url} is not usable: {reason}")]
    BadHomeserver { url: String, reason: String },
    #[error("the Matrix store (encryption keys, rooms) in {path} cannot be used: {reason}")]
    Store { path: String, reason: String },
    #[error("the bot does not know the Matrix room {0} (not joined, or not synced yet)")]
    UnknownRoom(String),
    #[error(transparent)]
    Host(#[from] HostError),
}

fn refused_line(
    homeserver: &str,
    user: &str,
    with_token: bool,
    from: &Source,
    reason: &str,
) -> String {
    if with_token {
        format!(
            "the homeserver {homeserver} refused the access token of {user} from {from} \
             ({reason}): make a new access token for the bot's account, or give its password \
             instead"
        )
    } else {
        format!(
            "the homeserver {homeserver} refused the login of {user} with the password from \
             {from} ({reason}): check that password, and that {user} exists on {homeserver} and \
             is not deactivated"
        )
    }
}

impl From<matrix_sdk::HttpError> for MatrixError {
    fn from(e: matrix_sdk::HttpError) -> Self {
        MatrixError::Http(Box::new(e))
    }
}

impl From<matrix_sdk::Error> for MatrixError {
    fn from(e: matrix_sdk::Error) -> Self {
        MatrixError::Sdk(Box::new(e))
    }
}
