//! Trade offer messages, the same on every platform.
//!
//! - Which posted message an offer update edits: the one the table's durable record names
//!   (carried by the reply, or asked of the table), never an adapter's memory, so a message
//!   posted before a restart is found again and a closed offer's message is edited in place.
//! - What an adapter posts once connected: the start-up notices, and every open offer's
//!   message as it reads now (an edit made just before a kill may never have been sent).

use std::collections::HashMap;

use super::delivery_order::OrderedReplies;
use super::{HostError, Platform, TableHandle};
use crate::table::{Reply, ReplyKind};

/// Where an offer update goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferMessage {
    /// Edit this message in place.
    Known(u64),
    /// The offer's post was never reported (it failed, or a bot from before message ids were
    /// kept posted it): an open offer is posted anew with its reactions; a closed one as a
    /// plain message, with nothing to answer on it.
    Unknown { open: bool },
}

/// Offers posted earlier in the batch being delivered: an offer can be answered (by bots, at
/// once) or even settled in the batch that posts it, before its reply knew the message.
#[derive(Debug, Default)]
pub struct PostedInBatch(HashMap<(u64, u32), u64>);

impl PostedInBatch {
    pub fn record(&mut self, game: u64, offer: u32, message: u64) {
        self.0.insert((game, offer), message);
    }
}

/// Whether an offer reply shows a closed offer: the table gives an open offer's message its
/// Accept and Decline buttons, and a closed one (done, withdrawn, ended with the turn) none.
pub fn is_closed(reply: &Reply) -> bool {
    reply.buttons.is_empty()
}

/// The message a [`ReplyKind::TradeOfferUpdate`] edits; `None` for any other reply.
pub async fn update_target(
    table: &TableHandle,
    reply: &Reply,
    posted: &PostedInBatch,
) -> Result<Option<OfferMessage>, HostError> {
    let ReplyKind::TradeOfferUpdate {
        game,
        offer,
        message,
    } = reply.kind
    else {
        return Ok(None);
    };
    let known = match message.or_else(|| posted.0.get(&(game, offer)).copied()) {
        Some(id) => Some(id),
        // Made before the post was reported, delivered after: the record has it by now.
        None => table.call(move |t| t.offer_message(game, offer)).await?,
    };
    Ok(Some(match known {
        Some(id) => OfferMessage::Known(id),
        None => OfferMessage::Unknown {
            open: !is_closed(reply),
        },
    }))
}

/// What the adapter of `platform` posts once connected: the table's start-up notices and
/// every posted open offer's message as it should read now, in one ordered batch (a player's
/// first input after the restart is delivered after it).
pub async fn startup_batch(
    table: &TableHandle,
    platform: Platform,
) -> Result<OrderedReplies, HostError> {
    let all = table
        .call_quiet_replies(|t| {
            let mut replies = t.startup_notices().to_vec();
            replies.extend(t.open_offer_updates());
            replies
        })
        .await?;
    let (ours, _) = all.split(|id| platform.owns(id));
    Ok(ours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;
    use crate::table::{Button, Table, TableOptions};

    fn update(message: Option<u64>, buttons: usize) -> Reply {
        let mut r = Reply::public(5, "offer").with_kind(ReplyKind::TradeOfferUpdate {
            game: 1,
            offer: 2,
            message,
        });
        r.buttons = (0..buttons)
            .map(|i| Button {
                id: format!("b{i}"),
                label: "b".into(),
            })
            .collect();
        r
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn an_update_goes_to_the_recorded_message_or_a_post_that_fits() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SledStore::open(dir.path()).expect("store");
        let table =
            TableHandle::new(Table::open(Box::new(store), TableOptions::default()).expect("table"));
        let mut posted = PostedInBatch::default();
        let cases = [
            // A closed offer's message, from the record the reply carries.
            (update(Some(9), 0), Some(OfferMessage::Known(9))),
            (update(None, 2), Some(OfferMessage::Unknown { open: true })),
            // A closed offer is never posted as an offer.
            (update(None, 0), Some(OfferMessage::Unknown { open: false })),
            (Reply::public(5, "hi"), None),
        ];
        for (reply, expected) in cases {
            let found = update_target(&table, &reply, &posted).await;
            assert_eq!(found.expect("table open"), expected, "{reply:?}");
        }
        posted.record(1, 2, 77);
        let found = update_target(&table, &update(None, 0), &posted).await;
        assert_eq!(
            found.expect("table open"),
            Some(OfferMessage::Known(77)),
            "posted earlier in the batch"
        );
        table.close().await;
    }
}
