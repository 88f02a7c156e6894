//! The `[matrix]` section of the config file and its environment overrides.

use serde::Deserialize;

use super::{ConfigError, Source};

/// Environment variables that win over the `[matrix]` section (handy in Docker).
pub const HOMESERVER_ENV: &str = "MATRIX_HOMESERVER";
pub const USER_ENV: &str = "MATRIX_USER";
pub const PASSWORD_ENV: &str = "MATRIX_PASSWORD";
pub const ACCESS_TOKEN_ENV: &str = "MATRIX_ACCESS_TOKEN";
pub const RECOVERY_KEY_ENV: &str = "MATRIX_RECOVERY_KEY";

/// The section as written.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub(super) struct RawMatrix {
    homeserver: Option<String>,
    user: Option<String>,
    password: Option<String>,
    access_token: Option<String>,
    recovery_key: Option<String>,
    rooms: Vec<String>,
    edit_debounce_ms: Option<u64>,
}

/// The Matrix environment overrides.
#[derive(Clone, Debug, Default)]
pub struct MatrixEnv {
    pub homeserver: Option<String>,
    pub user: Option<String>,
    pub password: Option<String>,
    pub access_token: Option<String>,
    pub recovery_key: Option<String>,
}

impl MatrixEnv {
    pub fn from_process() -> MatrixEnv {
        let var = |name| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        MatrixEnv {
            homeserver: var(HOMESERVER_ENV),
            user: var(USER_ENV),
            password: var(PASSWORD_ENV),
            access_token: var(ACCESS_TOKEN_ENV),
            recovery_key: var(RECOVERY_KEY_ENV),
        }
    }

    fn any(&self) -> bool {
        self.homeserver.is_some() || self.user.is_some()
    }
}

/// How the bot logs in.
#[derive(Clone, PartialEq, Eq)]
pub enum MatrixLogin {
    Password(String),
    AccessToken(String),
}

impl std::fmt::Debug for MatrixLogin {
    // Never print a secret into a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatrixLogin::Password(_) => f.write_str("Password(…)"),
            MatrixLogin::AccessToken(_) => f.write_str("AccessToken(…)"),
        }
    }
}

/// The recovery key the bot printed at its first start, given back by the host so that a bot
/// whose crypto store was lost gets its identity and key backup back.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryKey {
    pub key: String,
    /// Where it came from, for the line that says it did not fit.
    pub from: Source,
}

impl std::fmt::Debug for RecoveryKey {
    // Never print a secret into a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RecoveryKey(…, from {})", self.from)
    }
}

/// The Matrix account the bot runs as, and where it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixConfig {
    /// e.g. `https://matrix.example.org`, without a trailing slash.
    pub homeserver: String,
    /// The bot's full user id, `@catan:example.org`.
    pub user: String,
    pub login: MatrixLogin,
    /// Where the login came from, for the one line that says it was refused.
    pub login_source: Source,
    /// Only needed to restore a lost crypto store (see `matrix/identity.rs`).
    pub recovery_key: Option<RecoveryKey>,
    /// Rooms the bot accepts invites to and plays in (room ids or aliases); empty = any room
    /// it is invited to.
    pub rooms: Vec<String>,
    /// Minimum time between two edits of one message.
    pub edit_debounce_ms: u64,
}

/// The `[matrix]` section with the environment applied, or `None` when neither configures it.
pub(super) fn resolve(
    raw: Option<RawMatrix>,
    env: &MatrixEnv,
    file: &Source,
) -> Result<Option<MatrixConfig>, ConfigError> {
    if raw.is_none() && !env.any() {
        return Ok(None);
    }
    let raw = raw.unwrap_or_default();
    let pick = |from_env: &Option<String>, var: &'static str, from_file: Option<String>| match (
        from_env, from_file,
    ) {
        (Some(v), _) => Some((v.trim().to_string(), Source::Env(var))),
        (None, Some(v)) if !v.trim().is_empty() => Some((v.trim().to_string(), file.clone())),
        _ => None,
    };
    let invalid = |field, from: Source, reason: &str| ConfigError::Invalid {
        from,
        field,
        reason: reason.to_string(),
    };
    let missing = |field| {
        invalid(
            field,
            file.clone(),
            "the [matrix] section needs `homeserver`, `user` and `password` or `access_token`",
        )
    };
    let (homeserver, hs_from) = pick(&env.homeserver, HOMESERVER_ENV, raw.homeserver)
        .ok_or_else(|| missing("matrix.homeserver"))?;
    if !(homeserver.starts_with("http://") || homeserver.starts_with("https://")) {
        return Err(invalid(
            "matrix.homeserver",
            hs_from,
            "must start with https:// (or http:// on your own machine), e.g. https://matrix.example.org",
        ));
    }
    let (user, user_from) =
        pick(&env.user, USER_ENV, raw.user).ok_or_else(|| missing("matrix.user"))?;
    let parts: Vec<&str> = user.splitn(2, ':').collect();
    if !user.starts_with('@') || parts.len() != 2 || parts[0].len() < 2 || parts[1].is_empty() {
        return Err(invalid(
            "matrix.user",
            user_from,
            "the bot's full user id, like @catan:example.org",
        ));
    }
    let token = pick(&env.access_token, ACCESS_TOKEN_ENV, raw.access_token);
    let password = pick(&env.password, PASSWORD_ENV, raw.password);
    let (login, login_source) = match (token, password) {
        (Some((t, from)), _) => (MatrixLogin::AccessToken(t), from),
        (None, Some((p, from))) => (MatrixLogin::Password(p), from),
        (None, None) => return Err(missing("matrix.password")),
    };
    let recovery_key = pick(&env.recovery_key, RECOVERY_KEY_ENV, raw.recovery_key)
        .map(|(key, from)| RecoveryKey { key, from });
    Ok(Some(MatrixConfig {
        homeserver: homeserver.trim_end_matches('/').to_string(),
        user,
        login,
        login_source,
        recovery_key,
        rooms: raw.rooms,
        edit_debounce_ms: raw.edit_debounce_ms.unwrap_or(1000),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> Source {
        Source::File("c.toml".into())
    }

    fn raw(text: &str) -> RawMatrix {
        toml::from_str(text).expect("valid section")
    }

    #[test]
    fn a_section_with_a_password_is_enough_and_env_wins() {
        let r = raw(
            "homeserver = \"https://m.example.org/\"\nuser = \"@catan:example.org\"\npassword = \"pw\"",
        );
        let c = resolve(Some(r), &MatrixEnv::default(), &file())
            .unwrap()
            .unwrap();
        assert_eq!(c.homeserver, "https://m.example.org");
        assert_eq!(c.login, MatrixLogin::Password("pw".into()));
        let env = MatrixEnv {
            access_token: Some("tok".into()),
            ..Default::default()
        };
        let r = raw(
            "homeserver = \"https://m.example.org\"\nuser = \"@catan:example.org\"\npassword = \"pw\"",
        );
        let c = resolve(Some(r), &env, &file()).unwrap().unwrap();
        assert_eq!(c.login, MatrixLogin::AccessToken("tok".into()));
        assert_eq!(c.login_source, Source::Env(ACCESS_TOKEN_ENV));
        assert!(
            !format!("{c:?}").contains("tok"),
            "secrets stay out of logs"
        );
    }

    #[test]
    fn the_recovery_key_is_optional_kept_secret_and_env_wins() {
        let section = "homeserver = \"https://h\"\nuser = \"@c:h\"\npassword = \"pw\"";
        let c = resolve(Some(raw(section)), &MatrixEnv::default(), &file())
            .unwrap()
            .unwrap();
        assert_eq!(c.recovery_key, None);
        let with_key = format!("{section}\nrecovery_key = \"EsTa bcDE secret\"");
        let c = resolve(Some(raw(&with_key)), &MatrixEnv::default(), &file())
            .unwrap()
            .unwrap();
        let key = c.recovery_key.clone().expect("a recovery key");
        assert_eq!((key.key.as_str(), key.from), ("EsTa bcDE secret", file()));
        assert!(
            !format!("{c:?}").contains("secret"),
            "secrets stay out of logs"
        );
        let env = MatrixEnv {
            recovery_key: Some("EsTf romEnv".into()),
            ..Default::default()
        };
        let c = resolve(Some(raw(&with_key)), &env, &file())
            .unwrap()
            .unwrap();
        let key = c.recovery_key.expect("a recovery key");
        assert_eq!(key.key, "EsTf romEnv");
        assert_eq!(key.from, Source::Env(RECOVERY_KEY_ENV));
    }

    #[test]
    fn bad_settings_say_what_is_allowed() {
        let e = resolve(
            Some(raw(
                "homeserver = \"matrix.org\"\nuser = \"@a:b\"\npassword = \"x\"",
            )),
            &MatrixEnv::default(),
            &file(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("https://"), "{e}");
        let e = resolve(
            Some(raw(
                "homeserver = \"https://h\"\nuser = \"catan\"\npassword = \"x\"",
            )),
            &MatrixEnv::default(),
            &file(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("@catan:example.org"), "{e}");
        let e = resolve(
            Some(raw("homeserver = \"https://h\"\nuser = \"@c:h\"")),
            &MatrixEnv::default(),
            &file(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("access_token"), "{e}");
        assert_eq!(resolve(None, &MatrixEnv::default(), &file()).unwrap(), None);
    }
}
