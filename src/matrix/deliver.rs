//! Posting the table's replies in Matrix.
//!
//! - Public replies are `m.notice`s in the game's room; the board goes first as an `m.image`
//!   with a thumbnail (Element shows that inline), so the newest message is the text that
//!   pings. Mentions are real: `m.mentions`, a pill, the player's name in the body.
//! - In setup the turn message comes with a board once per round, not after every piece
//!   (`pictures::worth_posting`): every picture stays in the room's scroll-back.
//! - The lobby and the live turn message are posted once and then edited in place
//!   (`m.replace`, debounced). A turn start gets the turn reactions (🎲 🛒 ✅ 🃏) players
//!   click; a trade offer gets ✅ ❌.
//! - Private replies (hands, drawn cards, refusals, a victim's note) go to the player's direct
//!   room, never to the game room.

use std::sync::Arc;

use super::bot::MatrixBot;
use super::client::{self, Text};
use super::error::MatrixError;
use super::format::{Mention, TURN_REACTIONS, reply_text};
use super::ids::Kind;
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::offers::{self, OfferMessage, PostedInBatch};
use crate::hosting::pictures::{Drawn, draw_with_thumbnail, worth_posting};
use crate::table::{Audience, LiveSlot, Reply, ReplyKind};

/// The reactions players answer a trade offer with (accept, decline).
const OFFER_REACTIONS: [&str; 2] = ["✅", "❌"];

/// Posts a batch of replies in order, once every earlier batch for its places is out; boards
/// are drawn meanwhile. A failure is logged per message and does not stop the others.
pub async fn deliver(bot: &Arc<MatrixBot>, batch: OrderedReplies) {
    let mut drawn = Vec::with_capacity(batch.replies.len());
    for reply in &batch.replies {
        drawn.push(if keeps_board(reply) {
            draw_with_thumbnail(reply).await
        } else {
            None
        });
    }
    batch.wait_turn().await;
    let mut posted = PostedInBatch::default();
    for (reply, png) in batch.replies.iter().zip(drawn) {
        if let Err(e) = deliver_one(bot, reply, png, &mut posted).await {
            tracing::warn!(?reply.audience, "posting a reply in Matrix failed: {e}");
        }
    }
}

/// Whether a reply's board is posted at all: a live message's only at a setup round's edge
/// (the room keeps every picture; a request for the board always gets it).
fn keeps_board(reply: &Reply) -> bool {
    match &reply.image {
        Some(picture) if reply.kind.live_slot().is_some() => worth_posting(picture),
        _ => true,
    }
}

/// The Matrix id of a table number, or an error naming it.
fn id(bot: &MatrixBot, number: u64) -> Result<String, MatrixError> {
    bot.id_of(number)
        .ok_or_else(|| MatrixError::BadId(format!("no Matrix id is known for {number}")))
}

/// A reply's text for `room`, its mentions named as the room knows them.
async fn text(bot: &MatrixBot, room: &str, reply: &Reply, on_turn_message: bool) -> Text {
    let mut mentions: Vec<Mention> = Vec::with_capacity(reply.mention.len());
    for user in reply.mention.iter().filter_map(|u| bot.id_of(*u)) {
        mentions.push(client::mention(&bot.client, room, &user).await);
    }
    reply_text(reply, &mentions, on_turn_message)
}

/// Posts a board with its thumbnail.
async fn post_board(bot: &MatrixBot, room: &str, drawn: Drawn) -> Result<(), MatrixError> {
    client::post_image(&bot.client, room, "board.png", drawn.png, drawn.thumbnail)
        .await
        .map(drop)
}

async fn deliver_one(
    bot: &Arc<MatrixBot>,
    reply: &Reply,
    png: Option<Drawn>,
    posted: &mut PostedInBatch,
) -> Result<(), MatrixError> {
    let room = match reply.audience {
        Audience::Private(user) => bot.dm_room(&id(bot, user)?).await?,
        Audience::Channel(place) => id(bot, place)?,
    };
    match &reply.kind {
        ReplyKind::TradeOffer { game, offer } => {
            let number = post_offer(bot, &room, reply, *game, *offer).await?;
            posted.record(*game, *offer, number);
            Ok(())
        }
        ReplyKind::TradeOfferUpdate { game, offer, .. } => {
            let found = offers::update_target(&bot.table, reply, posted).await?;
            let event = match found {
                Some(OfferMessage::Known(number)) => bot.id_of(number),
                _ => None,
            };
            match (event, found) {
                (Some(event), _) => {
                    let text = text(bot, &room, reply, false).await;
                    bot.edits.submit((room.clone(), event.clone()), text);
                    if offers::is_closed(reply) {
                        take_back_reactions(bot, &room, &event).await;
                    }
                    Ok(())
                }
                (None, Some(OfferMessage::Unknown { open: true })) => {
                    post_offer(bot, &room, reply, *game, *offer).await.map(drop)
                }
                // Nothing to edit and nothing to answer: the news alone, with no reactions.
                (None, _) => {
                    let text = text(bot, &room, reply, false).await;
                    client::post(&bot.client, &room, &text).await.map(drop)
                }
            }
        }
        kind if reply.is_public() && kind.live_slot().is_some() => {
            post_or_edit_live(bot, &room, reply, png).await
        }
        kind => {
            if let Some(drawn) = png {
                post_board(bot, &room, drawn).await?;
            }
            client::post(&bot.client, &room, &text(bot, &room, reply, false).await).await?;
            if let ReplyKind::GameEnd {
                dice_chart: Some(chart),
                ..
            } = kind
            {
                client::post_file(&bot.client, &room, "dice.png", chart.clone()).await?;
            }
            if let Some(file) = &reply.file {
                client::post_file(&bot.client, &room, &file.name, file.bytes.clone()).await?;
            }
            Ok(())
        }
    }
}

/// The lobby or the turn message: edited in place when the table knows where it was posted,
/// else posted anew (a turn start always is: it pings) and recorded.
async fn post_or_edit_live(
    bot: &Arc<MatrixBot>,
    room: &str,
    reply: &Reply,
    png: Option<Drawn>,
) -> Result<(), MatrixError> {
    let (Some(game), Some(slot)) = (reply.game, reply.kind.live_slot()) else {
        return Ok(());
    };
    let on_turn = slot == LiveSlot::Turn;
    let known = if reply.kind == ReplyKind::TurnStart {
        None
    } else {
        bot.table
            .call(move |t| t.live_message(game, slot))
            .await?
            .and_then(|n| bot.id_of(n))
    };
    if let Some(event) = known {
        // A board changed mid-turn shows with the next turn start (or `!catan board`): an
        // edit cannot carry an image, and a new picture per build would flood the room.
        let text = text(bot, room, reply, on_turn).await;
        bot.edits.submit((room.to_string(), event), text);
        return Ok(());
    }
    if let Some(drawn) = png {
        post_board(bot, room, drawn).await?;
    }
    let event = client::post(&bot.client, room, &text(bot, room, reply, on_turn).await).await?;
    let number = bot.number(Kind::Event, &event)?;
    if on_turn {
        bot.state().remember_turn_message(&event)?;
    }
    bot.table
        .call(move |t| t.live_posted(game, slot, number))
        .await?;
    tracing::debug!(game, ?slot, event, "live message recorded");
    if on_turn {
        for (emoji, _) in TURN_REACTIONS {
            client::react(&bot.client, room, &event, emoji).await?;
        }
    }
    Ok(())
}

/// Posts a trade offer, tells the table where (it stores the id with the offer: reactions on
/// it reach the offer and its updates edit it, also after a restart), and adds the ✅ ❌
/// players click. Returns the table's number for the message.
async fn post_offer(
    bot: &Arc<MatrixBot>,
    room: &str,
    reply: &Reply,
    game: u64,
    offer: u32,
) -> Result<u64, MatrixError> {
    let event = client::post(&bot.client, room, &text(bot, room, reply, false).await).await?;
    let number = bot.number(Kind::Event, &event)?;
    bot.table
        .call(move |t| t.offer_posted(game, offer, number))
        .await?;
    // Tests wait for this line before answering the offer.
    tracing::debug!(game, offer, event, "offer message recorded");
    for emoji in OFFER_REACTIONS {
        client::react(&bot.client, room, &event, emoji).await?;
    }
    Ok(number)
}

/// A closed offer invites no more answers: the bot redacts its own ✅ ❌ on it (players'
/// stay, as a record). Found on the homeserver, so it works for offers posted before a
/// restart; a failure is logged only (the table refuses answers to a closed offer anyway).
async fn take_back_reactions(bot: &MatrixBot, room: &str, event: &str) {
    if let Err(e) = client::redact_own_reactions(&bot.client, room, event, &bot.me).await {
        tracing::warn!(
            event,
            "taking back the bot's reactions on a closed offer failed: {e}"
        );
    }
}
