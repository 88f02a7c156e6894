//! The `[discord]` section: which gateway shards this process runs. Discord sends a guild's
//! events only to shard `(guild_id >> 22) % shard_count`, so a process that runs a range of
//! shards hosts exactly the games of the guilds those shards own (README: "Many processes").

use serde::Deserialize;

use super::{ConfigError, Source};

/// Environment variables that win over the `[discord]` section (one container per range).
pub const SHARDS_ENV: &str = "DISCORD_SHARDS";
pub const SHARD_COUNT_ENV: &str = "DISCORD_SHARD_COUNT";

/// The section as written.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub(super) struct RawDiscord {
    shards: Option<String>,
    shard_count: Option<u32>,
}

/// The sharding environment overrides.
#[derive(Clone, Debug, Default)]
pub struct DiscordEnv {
    pub shards: Option<String>,
    pub shard_count: Option<String>,
}

impl DiscordEnv {
    pub fn from_process() -> DiscordEnv {
        let var = |name| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        DiscordEnv {
            shards: var(SHARDS_ENV),
            shard_count: var(SHARD_COUNT_ENV),
        }
    }
}

/// Shards `first..=last`, inclusive both ends as in the config (`"0-3"` is four shards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
}

impl std::fmt::Display for ShardRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}-{}", self.first, self.last)
        }
    }
}

/// Which shards this process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sharding {
    /// `None`: every shard (one process for the whole bot).
    pub range: Option<ShardRange>,
    /// `None`: the count the gateway recommends (`GET /gateway/bot`) at each start; only
    /// allowed without a range, since processes that each ask could be told different counts.
    pub count: Option<u32>,
}

/// Reads the section and its overrides; every problem is one [`ConfigError::Invalid`].
pub(super) fn resolve(
    raw: RawDiscord,
    env: &DiscordEnv,
    file: &Source,
) -> Result<Sharding, ConfigError> {
    let invalid = |field, from: &Source, reason: String| ConfigError::Invalid {
        from: from.clone(),
        field,
        reason,
    };
    let (count, count_from) = match &env.shard_count {
        Some(text) => {
            let count = text.trim().parse::<u32>().map_err(|_| {
                invalid(
                    "shard_count",
                    &Source::Env(SHARD_COUNT_ENV),
                    format!("`{text}` is not a whole number"),
                )
            })?;
            (Some(count), Source::Env(SHARD_COUNT_ENV))
        }
        None => (raw.shard_count, file.clone()),
    };
    if count == Some(0) {
        return Err(invalid(
            "shard_count",
            &count_from,
            "must be at least 1".into(),
        ));
    }
    let (text, range_from) = match &env.shards {
        Some(text) => (Some(text.clone()), Source::Env(SHARDS_ENV)),
        None => (raw.shards, file.clone()),
    };
    let Some(text) = text else {
        return Ok(Sharding { range: None, count });
    };
    let range = parse_range(&text).map_err(|reason| invalid("shards", &range_from, reason))?;
    let Some(total) = count else {
        return Err(invalid(
            "shards",
            &range_from,
            format!(
                "a range of shards needs `shard_count` (or {SHARD_COUNT_ENV}) too, the same in \
                 every process: the gateway's recommended count can change between starts"
            ),
        ));
    };
    if range.last >= total {
        return Err(invalid(
            "shards",
            &range_from,
            format!(
                "shard {} does not exist with shard_count = {total} (shards are numbered 0 to {})",
                range.last,
                total - 1
            ),
        ));
    }
    Ok(Sharding {
        range: Some(range),
        count,
    })
}

/// `"A-B"` or `"N"`.
fn parse_range(text: &str) -> Result<ShardRange, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{text}` is not a shard number or a range like \"0-3\""))
    };
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if first > last {
        return Err(format!(
            "`{text}` starts after it ends; write the lower shard first"
        ));
    }
    Ok(ShardRange { first, last })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> Source {
        Source::File("c.toml".into())
    }

    fn raw(shards: Option<&str>, shard_count: Option<u32>) -> RawDiscord {
        RawDiscord {
            shards: shards.map(str::to_string),
            shard_count,
        }
    }

    fn sharding(first: u32, last: u32, count: u32) -> Sharding {
        Sharding {
            range: Some(ShardRange { first, last }),
            count: Some(count),
        }
    }

    #[test]
    fn ranges_and_single_shards() {
        let env = DiscordEnv::default();
        assert_eq!(
            resolve(raw(Some("0-3"), Some(16)), &env, &file()),
            Ok(sharding(0, 3, 16))
        );
        assert_eq!(
            resolve(raw(Some(" 5 "), Some(16)), &env, &file()),
            Ok(sharding(5, 5, 16))
        );
        assert_eq!(
            resolve(raw(None, None), &env, &file()),
            Ok(Sharding::default())
        );
        assert_eq!(
            resolve(raw(None, Some(4)), &env, &file()),
            Ok(Sharding {
                range: None,
                count: Some(4)
            })
        );
        assert_eq!(ShardRange { first: 2, last: 2 }.to_string(), "2");
        assert_eq!(ShardRange { first: 0, last: 3 }.to_string(), "0-3");
    }

    #[test]
    fn environment_wins() {
        let env = DiscordEnv {
            shards: Some("4-7".into()),
            shard_count: Some("8".into()),
        };
        assert_eq!(
            resolve(raw(Some("0-3"), Some(16)), &env, &file()),
            Ok(sharding(4, 7, 8))
        );
    }

    #[test]
    fn bad_values_are_one_clear_line() {
        let env = DiscordEnv::default();
        let cases = [
            (raw(Some("3-1"), Some(4)), "shards", "starts after it ends"),
            (raw(Some("0-4"), Some(4)), "shards", "numbered 0 to 3"),
            (raw(Some("a-b"), Some(4)), "shards", "not a shard number"),
            (raw(Some("-1"), Some(4)), "shards", "not a shard number"),
            (raw(None, Some(0)), "shard_count", "at least 1"),
            (raw(Some("0-1"), None), "shards", "needs `shard_count`"),
        ];
        for (raw, field, needle) in cases {
            let e = resolve(raw, &env, &file()).unwrap_err();
            assert!(
                matches!(&e, ConfigError::Invalid { field: f, .. } if *f == field),
                "{e}"
            );
            let msg = e.to_string();
            assert!(msg.contains(needle) && !msg.contains('\n'), "{msg}");
            assert!(msg.contains("c.toml"), "{msg}");
        }
        let env = DiscordEnv {
            shards: None,
            shard_count: Some("many".into()),
        };
        let e = resolve(raw(None, None), &env, &file()).unwrap_err();
        assert!(e.to_string().contains(SHARD_COUNT_ENV), "{e}");
    }
}
