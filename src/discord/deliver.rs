//! Posting the table's replies on Discord.
//!
//! - Private replies to the user whose interaction we are answering become ephemeral
//!   responses (flag 64): the only private channel Discord offers inside a server.
//! - Private replies to anyone else (a robbed victim, a timer acting for an absent player)
//!   cannot be ephemeral: they are sent as a DM or dropped, per `private_notices`.
//! - Public replies the table marks as the answer to the caller (`reply_to_caller`) in the
//!   interaction's channel answer the interaction. Everything else public is a new channel
//!   message (bot token): turn starts must ping, and trade offers need their message id for
//!   reactions and later edits.
//! - Once an interaction was deferred ("thinking…", ephemeral), public replies go to the
//!   channel and the deferred answer carries only private text.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, InteractionId,
    MessageId, ReactionType, UserId,
};

use super::bot::Bot;
use super::config::PrivateNotices;
use super::error::BotError;
use super::message::{Outgoing, create_message, followup_message, outgoing, response_message};
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::offers::{self, OfferMessage, PostedInBatch};
use crate::hosting::pictures::draw;
use crate::table::{Audience, LiveSlot, Reply, ReplyKind};
use serenity::Builder as _;

/// Emoji players react with on a trade offer.
pub const ACCEPT_EMOJI: &str = "✅";
pub const DECLINE_EMOJI: &str = "❌";

/// How far we got answering an interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Pending,
    /// Deferred as an ephemeral "thinking…": the next follow-up replaces it, privately.
    Deferred,
    Answered,
}

/// An interaction being answered: its id and token, where and by whom it was used.
pub struct Origin {
    pub id: InteractionId,
    pub token: String,
    pub channel: ChannelId,
    pub user: UserId,
    pub answer: Answer,
    /// A button or menu press (not a slash command): may be acknowledged without a message.
    pub component: bool,
    /// ... on an ephemeral message (a menu shown to this user only): the answer may replace
    /// that message instead of adding another.
    pub on_ephemeral: bool,
    /// The user's language (their client's), for what the adapter itself says to them.
    pub lang: Option<crate::i18n::Lang>,
    /// The server it was used in (none in a DM), for links to the messages it changed.
    pub guild: Option<serenity::all::GuildId>,
}

impl Origin {
    /// Answers the interaction (first response or follow-up) with one message.
    async fn send(&mut self, bot: &Bot, o: &Outgoing, ephemeral: bool) -> serenity::Result<()> {
        match self.answer {
            // A step of a private menu: the next step (or the result) replaces it.
            Answer::Pending if self.on_ephemeral && ephemeral => {
                CreateInteractionResponse::UpdateMessage(response_message(o, true))
                    .execute(&bot.http, (self.id, &self.token))
                    .await?;
            }
            Answer::Pending => {
                CreateInteractionResponse::Message(response_message(o, ephemeral))
                    .execute(&bot.http, (self.id, &self.token))
                    .await?;
            }
            // The first follow-up after an ephemeral defer is ephemeral whatever we ask.
            Answer::Deferred | Answer::Answered => {
                followup_message(o, ephemeral)
                    .execute(&bot.http, (None, &self.token))
                    .await?;
            }
        }
        self.answer = Answer::Answered;
        Ok(())
    }

    /// Answers with a public text.
    pub async fn say_public(&mut self, bot: &Bot, text: &str) -> serenity::Result<()> {
        self.send(bot, &Outgoing::text(text), false).await
    }

    /// Tells Discord we are working on it; the answer will be ephemeral.
    pub async fn defer(&mut self, bot: &Bot) -> serenity::Result<()> {
        if self.answer == Answer::Pending {
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            )
            .execute(&bot.http, (self.id, &self.token))
            .await?;
            self.answer = Answer::Deferred;
        }
        Ok(())
    }

    /// Closes an interaction that got no reply of its own (everything went elsewhere), so the
    /// user is not left with "the application did not respond".
    /// A button press whose effect is visible elsewhere (an edited message) is acknowledged
    /// silently; anything else gets the short `note`.
    pub async fn finish(&mut self, bot: &Bot, note: &str) -> serenity::Result<()> {
        match self.answer {
            Answer::Answered => {}
            Answer::Pending if self.component => {
                CreateInteractionResponse::Acknowledge
                    .execute(&bot.http, (self.id, &self.token))
                    .await?;
                self.answer = Answer::Answered;
            }
            _ => self.send(bot, &Outgoing::text(note), true).await?,
        }
        Ok(())
    }
}

/// Posts a batch of replies in order, once every earlier batch for its places is out (see
/// [`crate::delivery_order`]); boards are drawn meanwhile. Failures are logged per message and
/// do not stop the others: the game already changed, and the remaining players must still hear
/// about it.
pub async fn deliver(bot: &Arc<Bot>, mut origin: Option<&mut Origin>, batch: OrderedReplies) {
    let mut drawn = Vec::with_capacity(batch.replies.len());
    for reply in &batch.replies {
        drawn.push(draw(reply).await);
    }
    batch.wait_turn().await;
    let mut posted = PostedInBatch::default();
    let mut shown = None;
    for (reply, png) in batch.replies.iter().zip(drawn) {
        match deliver_one(bot, origin.as_deref_mut(), reply, png, &mut posted).await {
            Ok(live) => shown = shown.or(live),
            Err(e) => tracing::warn!(?reply.audience, "posting a reply failed: {e}"),
        }
    }
    if let Some(origin) = origin {
        let note = finish_note(origin, shown);
        if let Err(e) = origin.finish(bot, &note).await {
            tracing::warn!("closing an interaction failed: {e}");
        }
    }
}

/// What a command whose answer went to the channel says to the one who used it: a link to
/// the game's message it posted or changed (the lobby of `/catan new`, the lobby `/catan join`
/// edits), never a bare word.
fn finish_note(origin: &Origin, shown: Option<(ChannelId, MessageId)>) -> String {
    let _lang = crate::i18n::scope(origin.lang.unwrap_or_default());
    match (shown, origin.guild) {
        (Some((channel, message)), Some(guild)) => crate::t!(
            "discord-see-message",
            link = format!("https://discord.com/channels/{guild}/{channel}/{message}")
        ),
        _ => crate::t!(
            "discord-see-channel",
            channel = format!("<#{}>", origin.channel)
        ),
    }
}

/// Posts one reply; returns the live message (lobby, turn) it posted or edited, if any.
async fn deliver_one(
    bot: &Arc<Bot>,
    origin: Option<&mut Origin>,
    reply: &Reply,
    png: Option<Vec<u8>>,
    posted: &mut PostedInBatch,
) -> Result<Option<(ChannelId, MessageId)>, BotError> {
    let parts = outgoing(reply, png);
    match (&reply.audience, &reply.kind) {
        (Audience::Private(user), _) => match origin {
            Some(origin) if origin.user.get() == *user => {
                for part in &parts {
                    origin.send(bot, part, true).await?;
                }
                Ok(None)
            }
            _ => {
                notify_privately(bot, *user, &parts).await?;
                Ok(None)
            }
        },
        (Audience::Channel(place), ReplyKind::TradeOffer { game, offer }) => {
            let channel = ChannelId::new((*place).max(1));
            let message = post_offer(bot, channel, *game, *offer, &parts).await?;
            if let Some(message) = message {
                posted.record(*game, *offer, message.get());
            }
            Ok(None)
        }
        (Audience::Channel(place), ReplyKind::TradeOfferUpdate { game, offer, .. }) => {
            let channel = ChannelId::new((*place).max(1));
            match offers::update_target(&bot.table, reply, posted).await? {
                Some(OfferMessage::Known(id)) => {
                    let message = MessageId::new(id.max(1));
                    if let Some(last) = parts.last() {
                        bot.edits.submit((channel, message), last.clone());
                    }
                    if offers::is_closed(reply) {
                        take_back_reactions(bot, channel, message).await;
                    }
                    Ok(None)
                }
                Some(OfferMessage::Unknown { open: true }) => {
                    post_offer(bot, channel, *game, *offer, &parts).await?;
                    Ok(None)
                }
                // Nothing to edit and nothing to answer: the news alone, with no reactions.
                Some(OfferMessage::Unknown { open: false }) | None => {
                    for part in &parts {
                        channel
                            .send_message(&bot.http, create_message(part))
                            .await?;
                    }
                    Ok(None)
                }
            }
        }
        (Audience::Channel(place), kind) if let Some(slot) = kind.live_slot() => {
            let channel = ChannelId::new((*place).max(1));
            let live = post_or_edit_live(bot, channel, reply, slot, &parts).await?;
            Ok(live.map(|message| (channel, message)))
        }
        (Audience::Channel(place), _) => {
            let channel = ChannelId::new((*place).max(1));
            match origin {
                Some(origin)
                    if reply.reply_to_caller
                        && origin.channel == channel
                        && origin.answer == Answer::Pending
                        && reply.mention.is_empty() =>
                {
                    for part in &parts {
                        origin.send(bot, part, false).await?;
                    }
                    Ok(None)
                }
                _ => {
                    for part in &parts {
                        channel
                            .send_message(&bot.http, create_message(part))
                            .await?;
                    }
                    Ok(None)
                }
            }
        }
    }
}

/// A live message (lobby, turn): edited in place when the table knows where it was posted,
/// else posted anew (a turn start always is: it must ping) and its id recorded.
async fn post_or_edit_live(
    bot: &Arc<Bot>,
    channel: ChannelId,
    reply: &Reply,
    slot: LiveSlot,
    parts: &[Outgoing],
) -> serenity::Result<Option<MessageId>> {
    let Some(game) = reply.game else {
        return Ok(None);
    };
    let known = if reply.kind == ReplyKind::TurnStart {
        None
    } else {
        bot.with_table(move |t| t.live_message(game, slot))
            .await
            .ok()
            .flatten()
    };
    if let (Some(id), Some(last)) = (known, parts.last()) {
        let message = MessageId::new(id.max(1));
        bot.edits.submit((channel, message), last.clone());
        return Ok(Some(message));
    }
    let mut posted = None;
    for part in parts {
        posted = Some(
            channel
                .send_message(&bot.http, create_message(part))
                .await?,
        );
    }
    if let Some(message) = posted {
        let id = message.id.get();
        match bot.with_table(move |t| t.live_posted(game, slot, id)).await {
            // Tests wait for this line before acting on the new message.
            Ok(()) => tracing::debug!(game, ?slot, message_id = id, "live message recorded"),
            Err(e) => tracing::warn!("recording a posted message failed: {e}"),
        }
        return Ok(Some(message.id));
    }
    Ok(None)
}

/// Posts a trade offer with the bot token, adds the ✅/❌ reactions players click, and tells the
/// table the message id, which it stores with the offer: reactions on the message reach the
/// offer, and its updates edit it, also after a restart. Returns the message posted.
async fn post_offer(
    bot: &Arc<Bot>,
    channel: ChannelId,
    game: u64,
    offer: u32,
    parts: &[Outgoing],
) -> serenity::Result<Option<MessageId>> {
    let mut last = None;
    for part in parts {
        last = Some(
            channel
                .send_message(&bot.http, create_message(part))
                .await?,
        );
    }
    let Some(message) = last else {
        return Ok(None);
    };
    let message_id = message.id.get();
    if let Err(e) = bot
        .with_table(move |t| t.offer_posted(game, offer, message_id))
        .await
    {
        tracing::error!("recording a posted offer failed: {e}");
    }
    // Tests wait for this line before answering the offer.
    tracing::debug!(game, offer, message_id, "offer message recorded");
    for emoji in [ACCEPT_EMOJI, DECLINE_EMOJI] {
        message
            .react(&bot.http, ReactionType::Unicode(emoji.to_string()))
            .await?;
    }
    Ok(Some(message.id))
}

/// A closed offer invites no more answers: the bot takes its own ✅/❌ back (players' stay,
/// as a record). A failure is logged only: the table refuses answers to a closed offer anyway.
async fn take_back_reactions(bot: &Bot, channel: ChannelId, message: MessageId) {
    for emoji in [ACCEPT_EMOJI, DECLINE_EMOJI] {
        let emoji = ReactionType::Unicode(emoji.to_string());
        if let Err(e) = channel
            .delete_reaction(&bot.http, message, None, emoji)
            .await
        {
            tracing::warn!(%message, "taking back the bot's reaction on a closed offer failed: {e}");
        }
    }
}

async fn notify_privately(bot: &Bot, user: u64, parts: &[Outgoing]) -> serenity::Result<()> {
    if bot.config.private_notices == PrivateNotices::Drop {
        return Ok(());
    }
    let dm = UserId::new(user.max(1))
        .create_dm_channel(&bot.http)
        .await?;
    for part in parts {
        // No buttons in DMs: their ids are bound to the game's channel.
        let mut plain = part.clone();
        plain.buttons.clear();
        plain.menu = None;
        dm.id
            .send_message(&bot.http, create_message(&plain))
            .await?;
    }
    Ok(())
}
