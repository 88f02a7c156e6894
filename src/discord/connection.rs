//! The gateway connection as the adapter follows it: [`Link`]s from the log watch (attempts,
//! sessions that ended, refusals) and from the framework's guard (shards ready), in the order
//! they happened. Says in plain words when Discord cannot be reached and when it is back,
//! tells the timer whether Discord can be reached (every shard of this process is connected),
//! and ends with the [`Refusal`] when Discord closes the gateway for good.

use std::collections::BTreeSet;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;

use super::PLATFORM;
use super::logging::{GatewayRefusal, Link, SERENITY_RETRY_S};
use super::refusal::Refusal;
use super::shards::OwnedShards;
use crate::hosting::reach::Reachability;

/// What the shard layout was, for a refusal's words.
pub struct Layout {
    pub owned: OwnedShards,
    /// The count Discord recommended at start-up.
    pub recommended: u32,
    /// Whether `shard_count` was configured (else it is the recommended one).
    pub count_configured: bool,
}

/// Follows `links` until Discord refuses the gateway for good; never returns otherwise.
pub async fn watch(
    mut links: UnboundedReceiver<Link>,
    layout: Layout,
    reach: &Reachability,
) -> Refusal {
    let mut ready = BTreeSet::new();
    let mut last: Option<(String, tokio::time::Instant)> = None;
    let shards = layout.owned.last - layout.owned.first + 1;
    while let Some(link) = links.recv().await {
        match link {
            Link::Down { shard, cause } => {
                ready.remove(&shard);
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
            Link::Lost(shard) => {
                ready.remove(&shard);
            }
            Link::Up => {
                if last.take().is_some() {
                    tracing::info!("connected to Discord again");
                }
            }
            Link::Ready(shard) => {
                ready.insert(shard);
            }
            Link::Refused(refused) => return refusal(refused, &layout),
        }
        if ready.len() == shards as usize {
            reach.reachable(PLATFORM);
        } else {
            reach.unreachable(PLATFORM);
        }
    }
    // The log layer holds a sender for as long as the process runs.
    std::future::pending().await
}

fn refusal(refused: GatewayRefusal, layout: &Layout) -> Refusal {
    match refused {
        GatewayRefusal::InvalidShard => Refusal::InvalidShard {
            shards: layout.owned.to_string(),
        },
        GatewayRefusal::ShardingRequired => Refusal::ShardingRequired {
            total: layout.owned.total,
            advice: if layout.count_configured {
                format!(
                    "raise [discord] shard_count (DISCORD_SHARD_COUNT) to at least {}, the count \
                     Discord recommends (in every process, each with its range)",
                    layout.recommended.max(layout.owned.total + 1)
                )
            } else {
                "start the bot again: it runs as many shards as Discord recommends at start-up, \
                 and Discord's count grew"
                    .to_string()
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosting::Platform;
    use tokio::sync::mpsc::unbounded_channel;

    fn layout(first: u32, last: u32, total: u32) -> Layout {
        Layout {
            owned: OwnedShards { first, last, total },
            recommended: 8,
            count_configured: true,
        }
    }

    fn reachable(reach: &Reachability, platform: Platform) -> bool {
        reach
            .now()
            .platforms
            .iter()
            .any(|p| p.platform == platform && p.reachable)
    }

    #[tokio::test]
    async fn discord_is_reachable_while_every_shard_is_ready() {
        let reach = Reachability::default();
        reach.register(PLATFORM);
        let (tx, rx) = unbounded_channel();
        for link in [
            Link::Ready(4),
            Link::Ready(5),
            Link::Lost(4),
            Link::Ready(4),
            Link::Refused(GatewayRefusal::ShardingRequired),
        ] {
            tx.send(link).expect("open");
        }
        // The links before the refusal are all handled when it returns: check the states by
        // replaying them one at a time.
        let refused = watch(rx, layout(4, 5, 6), &reach).await;
        assert!(reachable(&reach, PLATFORM));
        assert_eq!(
            reach.now().platforms[0].returns,
            2,
            "ready, lost, ready again"
        );
        assert!(
            refused
                .to_string()
                .contains("shard_count (DISCORD_SHARD_COUNT) to at least 8"),
            "{refused}"
        );
        let (tx, rx) = unbounded_channel();
        tx.send(Link::Ready(4)).expect("open");
        tx.send(Link::Refused(GatewayRefusal::InvalidShard))
            .expect("open");
        let reach = Reachability::default();
        let refused = watch(rx, layout(4, 5, 6), &reach).await;
        assert!(
            !reachable(&reach, PLATFORM),
            "one shard of two is not ready"
        );
        assert!(refused.to_string().contains("shards 4-5 of 6"), "{refused}");
    }
}
