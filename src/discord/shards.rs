//! Gateway sharding across processes: which shards this process runs, which guilds they own
//! (Discord's rule: `(guild_id >> 22) % shard_count`), and a guard in front of poise that drops
//! any event of a guild this process does not own, so a guild's games live in one data
//! directory only, even if a misconfigured process were sent someone else's events. The guard
//! also reports each shard that became ready (identified or resumed) to `connection::watch`.

use poise::serenity_prelude as serenity;
use serenity::{Client, Context, Framework, FullEvent, GuildId, async_trait};
use tokio::sync::mpsc::UnboundedSender;

use super::logging::Link;
use crate::config::Sharding;

/// The shards `first..=last` of `total` this process runs, once the total is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnedShards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl OwnedShards {
    /// The configured range and count; an unset count is the gateway's `recommended` one
    /// (config validation allows that only together with "all shards").
    pub fn resolve(sharding: &Sharding, recommended: u32) -> OwnedShards {
        let total = sharding.count.unwrap_or(recommended).max(1);
        match sharding.range {
            Some(range) => OwnedShards {
                first: range.first,
                last: range.last.min(total - 1),
                total,
            },
            None => OwnedShards {
                first: 0,
                last: total - 1,
                total,
            },
        }
    }

    /// The shard Discord sends `guild`'s events to.
    pub fn shard_of(&self, guild: GuildId) -> u32 {
        // The remainder is below `total`, a u32.
        u32::try_from((guild.get() >> 22) % u64::from(self.total)).unwrap_or(u32::MAX)
    }

    pub fn owns(&self, guild: GuildId) -> bool {
        (self.first..=self.last).contains(&self.shard_of(guild))
    }
}

impl std::fmt::Display for OwnedShards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.total)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
        }
    }
}

/// The guild an event belongs to, for the events that can touch a game. Events without one
/// (DMs, which Discord sends to shard 0, and connection events) pass: no game lives in a DM.
fn guild_of(event: &FullEvent) -> Option<GuildId> {
    match event {
        FullEvent::InteractionCreate { interaction } => interaction.guild_id(),
        FullEvent::ReactionAdd { add_reaction } => add_reaction.guild_id,
        FullEvent::ReactionRemove { removed_reaction } => removed_reaction.guild_id,
        _ => None,
    }
}

/// Wraps the bot's framework (poise): events of guilds this process does not own never reach
/// it. Discord does not send them when every process has the same `shard_count`; this keeps a
/// misconfiguration from splitting a guild's games over two data directories.
pub struct OwnGuildsOnly<F> {
    inner: F,
    shards: OwnedShards,
    links: UnboundedSender<Link>,
}

impl<F> OwnGuildsOnly<F> {
    pub fn new(inner: F, shards: OwnedShards, links: UnboundedSender<Link>) -> Self {
        OwnGuildsOnly {
            inner,
            shards,
            links,
        }
    }
}

#[async_trait]
impl<F: Framework> Framework for OwnGuildsOnly<F> {
    async fn init(&mut self, client: &Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: Context, event: FullEvent) {
        if matches!(event, FullEvent::Ready { .. } | FullEvent::Resume { .. }) {
            // Gone only when the process ends.
            let _ = self.links.send(Link::Ready(ctx.shard_id.0));
        }
        if let Some(guild) = guild_of(&event)
            && !self.shards.owns(guild)
        {
            // Not answered either: the owning process may answer it.
            tracing::warn!(
                guild = guild.get(),
                "ignored an event of server {guild}: it belongs to shard {}, this process runs \
                 {} (is shard_count the same in every process?)",
                self.shards.shard_of(guild),
                self.shards
            );
            return;
        }
        self.inner.dispatch(ctx, event).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ShardRange;

    fn guild_on(shard: u64, total: u64) -> GuildId {
        GuildId::new(((1_000 * total + shard) << 22) | 12_345)
    }

    #[test]
    fn a_guild_belongs_to_one_shard_range() {
        let sharding = Sharding {
            range: Some(ShardRange { first: 4, last: 7 }),
            count: Some(16),
        };
        let owned = OwnedShards::resolve(&sharding, 1);
        assert_eq!(
            owned,
            OwnedShards {
                first: 4,
                last: 7,
                total: 16
            }
        );
        assert_eq!(owned.to_string(), "shards 4-7 of 16");
        for shard in 0..16 {
            assert_eq!(owned.shard_of(guild_on(shard, 16)), shard as u32);
            assert_eq!(owned.owns(guild_on(shard, 16)), (4..=7).contains(&shard));
        }
        // A real-sized id: 81384788765712384 >> 22 = 19403645698, which is 1 modulo 3.
        let g = GuildId::new(81_384_788_765_712_384);
        assert_eq!(OwnedShards::resolve(&Sharding::default(), 1).shard_of(g), 0);
        let of3 = Sharding {
            range: None,
            count: Some(3),
        };
        assert_eq!(OwnedShards::resolve(&of3, 9).shard_of(g), 1);
    }

    #[test]
    fn unset_count_is_the_recommended_one_and_all_shards() {
        let owned = OwnedShards::resolve(&Sharding::default(), 5);
        assert_eq!(
            owned,
            OwnedShards {
                first: 0,
                last: 4,
                total: 5
            }
        );
        assert!(owned.owns(guild_on(3, 5)));
        // A gateway that recommends 0 still gives one shard.
        assert_eq!(OwnedShards::resolve(&Sharding::default(), 0).total, 1);
    }
}
