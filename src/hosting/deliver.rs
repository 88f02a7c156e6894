//! Delivering a batch of the table's replies, the same on every chat platform: the rules of
//! each reply kind live here, the platform's operations behind [`Transport`].
//!
//! - Boards are drawn before the batch's turn comes (see [`super::delivery_order`]), off the
//!   table's lock; which ones depends on how the platform keeps pictures ([`Pictures`]).
//! - Replies go out in the table's order. A failure is logged per reply and does not stop the
//!   others: the game already changed, and the remaining players must still hear about it.
//! - Private replies go to the platform's private channel ([`Transport::tell`]).
//! - A trade offer is posted, its message recorded with the offer (durably, by the table) and
//!   its answer reactions added. An offer's update edits the message the table's record names
//!   (found again after a restart, [`offers::update_target`]); an open offer whose message is
//!   unknown is posted anew, a closed one as plain news. A closed offer's message loses the
//!   bot's reactions.
//! - A live message (lobby, turn) is edited in place when the table knows where it was posted,
//!   else posted anew (a turn start always is: it must ping) and recorded.

use super::delivery_order::OrderedReplies;
use super::offers::{self, OfferMessage, PostedInBatch};
use super::pictures::{self, Drawn};
use super::transport::{Pictures, Role, Transport};
use crate::table::{Audience, LiveSlot, PlaceId, Reply, ReplyKind};

/// Posts a batch of replies in order, once every earlier batch for its places is out; boards
/// are drawn meanwhile.
pub async fn deliver<T: Transport>(transport: &mut T, batch: OrderedReplies) {
    let mut drawn = Vec::with_capacity(batch.replies.len());
    for reply in &batch.replies {
        drawn.push(picture(T::PICTURES, reply).await);
    }
    batch.wait_turn().await;
    let mut posted = PostedInBatch::default();
    let mut shown = None;
    for (reply, picture) in batch.replies.iter().zip(drawn) {
        match deliver_one(transport, reply, picture, &mut posted).await {
            Ok(live) => shown = shown.or(live),
            Err(e) => tracing::warn!(?reply.audience, "posting a reply failed: {e}"),
        }
    }
    transport.finish(shown).await;
}

/// A reply's board as the platform shows it, if it gets one.
async fn picture(pictures: Pictures, reply: &Reply) -> Option<Drawn> {
    match pictures {
        Pictures::EditedInPlace => pictures::draw(reply).await.map(|png| Drawn {
            png,
            thumbnail: None,
        }),
        Pictures::KeptInScrollback if keeps_board(reply) => {
            pictures::draw_with_thumbnail(reply).await
        }
        Pictures::KeptInScrollback => None,
    }
}

/// Whether a room that keeps every picture gets this reply's board: a live message's only at
/// a setup round's edge (a request for the board always gets it).
fn keeps_board(reply: &Reply) -> bool {
    match &reply.image {
        Some(picture) if reply.kind.live_slot().is_some() => pictures::worth_posting(picture),
        _ => true,
    }
}

/// Delivers one reply; returns the live message (place, message) it posted or edited, if any.
async fn deliver_one<T: Transport>(
    t: &mut T,
    reply: &Reply,
    picture: Option<Drawn>,
    posted: &mut PostedInBatch,
) -> Result<Option<(PlaceId, u64)>, T::Error> {
    let place = match reply.audience {
        Audience::Private(user) if reply.kind == ReplyKind::UnchangedHand => {
            t.tell_quietly(user, reply, picture).await?;
            return Ok(None);
        }
        Audience::Private(user) => {
            t.tell(user, reply, picture).await?;
            return Ok(None);
        }
        Audience::Channel(place) => place,
    };
    match &reply.kind {
        ReplyKind::TradeOffer { game, offer } => {
            if let Some(message) = post_offer(t, place, reply, picture, *game, *offer).await? {
                posted.record(*game, *offer, message);
            }
            Ok(None)
        }
        ReplyKind::TradeOfferUpdate { game, offer, .. } => {
            match offers::update_target(t.table(), reply, posted).await? {
                Some(OfferMessage::Known(message)) if t.knows(message) => {
                    t.edit(place, message, reply, picture, Role::Offer).await?;
                    if offers::is_closed(reply) {
                        t.take_back_answers(place, message).await;
                    }
                }
                Some(OfferMessage::Unknown { open: true }) => {
                    post_offer(t, place, reply, picture, *game, *offer).await?;
                }
                // Nothing to edit and nothing to answer: the news alone, with no reactions.
                _ => {
                    t.post(place, reply, picture, Role::Plain).await?;
                }
            }
            Ok(None)
        }
        kind if let Some(slot) = kind.live_slot() => {
            let live = post_or_edit_live(t, place, reply, picture, slot).await?;
            Ok(live.map(|message| (place, message)))
        }
        _ => {
            t.say(place, reply, picture).await?;
            Ok(None)
        }
    }
}

/// Posts a trade offer, tells the table where (it stores the message with the offer:
/// reactions on it reach the offer and its updates edit it, also after a restart), and adds
/// the answer reactions. Returns the message posted.
async fn post_offer<T: Transport>(
    t: &mut T,
    place: PlaceId,
    reply: &Reply,
    picture: Option<Drawn>,
    game: u64,
    offer: u32,
) -> Result<Option<u64>, T::Error> {
    let Some(message) = t.post(place, reply, picture, Role::Offer).await? else {
        return Ok(None);
    };
    if let Err(e) = t
        .table()
        .call(move |table| table.offer_posted(game, offer, message))
        .await
    {
        tracing::error!("recording a posted offer failed: {e}");
    }
    // Tests wait for this line before answering the offer.
    tracing::debug!(game, offer, message_id = message, "offer message recorded");
    t.invite_answers(place, message, reply, Role::Offer).await?;
    Ok(Some(message))
}

/// A live message (lobby, turn): edited in place when the table knows where it was posted,
/// else posted anew (a turn start always is: it must ping) and recorded. Returns the message.
async fn post_or_edit_live<T: Transport>(
    t: &mut T,
    place: PlaceId,
    reply: &Reply,
    picture: Option<Drawn>,
    slot: LiveSlot,
) -> Result<Option<u64>, T::Error> {
    let Some(game) = reply.game else {
        return Ok(None);
    };
    let role = Role::Live(slot);
    let known = if reply.kind == ReplyKind::TurnStart {
        None
    } else {
        t.table()
            .call(move |table| table.live_message(game, slot))
            .await?
            .filter(|message| t.knows(*message))
    };
    if let Some(message) = known {
        t.edit(place, message, reply, picture, role).await?;
        return Ok(Some(message));
    }
    let Some(message) = t.post(place, reply, picture, role).await? else {
        return Ok(None);
    };
    match t
        .table()
        .call(move |table| table.live_posted(game, slot, message))
        .await
    {
        // Tests wait for this line before acting on the new message.
        Ok(()) => tracing::debug!(game, ?slot, message_id = message, "live message recorded"),
        Err(e) => tracing::warn!("recording a posted message failed: {e}"),
    }
    t.invite_answers(place, message, reply, role).await?;
    Ok(Some(message))
}

#[cfg(test)]
mod tests;
