//! Posting the table's replies on Discord: the Discord side ([`Transport`]) of the shared
//! delivery (`hosting::deliver`), which decides what each reply kind does.
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
use serenity::{ChannelId, MessageId, ReactionType, UserId};

use super::bot::Bot;
use super::config::PrivateNotices;
use super::error::BotError;
use super::message::{Outgoing, create_message, outgoing};
pub use super::origin::{Answer, Origin};
use crate::hosting::TableHandle;
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::pictures::Drawn;
use crate::hosting::transport::{Pictures, Role, Transport};
use crate::table::{PlaceId, Reply};

/// Emoji players react with on a trade offer.
pub const ACCEPT_EMOJI: &str = "✅";
pub const DECLINE_EMOJI: &str = "❌";

/// Posts a batch of replies (see `hosting::deliver`), then closes the interaction being
/// answered, if any.
pub async fn deliver(bot: &Arc<Bot>, origin: Option<&mut Origin>, batch: OrderedReplies) {
    crate::hosting::deliver::deliver(&mut Discord { bot, origin }, batch).await;
}

/// Discord's side of a batch: channel messages with the bot token, and the interaction being
/// answered, if any.
struct Discord<'a> {
    bot: &'a Bot,
    origin: Option<&'a mut Origin>,
}

/// A table place as a channel (the table's places are Discord's channel ids).
fn channel(place: PlaceId) -> ChannelId {
    ChannelId::new(place.max(1))
}

fn message_id(message: u64) -> MessageId {
    MessageId::new(message.max(1))
}

/// The messages for a reply; Discord shows the full board (no thumbnail).
fn parts(reply: &Reply, picture: Option<Drawn>) -> Vec<Outgoing> {
    outgoing(reply, picture.map(|drawn| drawn.png))
}

impl Transport for Discord<'_> {
    type Error = BotError;
    const PICTURES: Pictures = Pictures::EditedInPlace;

    fn table(&self) -> &TableHandle {
        &self.bot.table
    }

    /// New channel messages (bot token: turn starts must ping, and offers and live messages
    /// need their id for reactions and later edits); the last one is the one edited later.
    async fn post(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
        _role: Role,
    ) -> Result<Option<u64>, BotError> {
        let mut last = None;
        for part in parts(reply, picture) {
            let sent = channel(place)
                .send_message(&self.bot.http, create_message(&part))
                .await?;
            last = Some(sent.id.get());
        }
        Ok(last)
    }

    /// The answer to the caller's interaction when the table marks it so, in its channel, not
    /// answered yet and pinging no one (an interaction response cannot ping); else a post.
    async fn say(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> Result<(), BotError> {
        match self.origin.as_deref_mut() {
            Some(origin)
                if reply.reply_to_caller
                    && origin.channel == channel(place)
                    && origin.answer == Answer::Pending
                    && reply.mention.is_empty() =>
            {
                for part in &parts(reply, picture) {
                    origin.send(self.bot, part, false).await?;
                }
                Ok(())
            }
            _ => self
                .post(place, reply, picture, Role::Plain)
                .await
                .map(drop),
        }
    }

    /// Ephemeral to the user whose interaction is answered; anyone else by DM or not at all.
    async fn tell(
        &mut self,
        user: u64,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> Result<(), BotError> {
        let parts = parts(reply, picture);
        match self.origin.as_deref_mut() {
            Some(origin) if origin.user.get() == user => {
                for part in &parts {
                    origin.send(self.bot, part, true).await?;
                }
            }
            _ => notify_privately(self.bot, user, &parts).await?,
        }
        Ok(())
    }

    /// The answer to the caller's click or command (it replaces a menu they chose from); never
    /// a direct message.
    async fn tell_quietly(
        &mut self,
        user: u64,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> Result<(), BotError> {
        match self.origin.as_deref() {
            Some(origin) if origin.user.get() == user => self.tell(user, reply, picture).await,
            _ => Ok(()),
        }
    }

    /// Shows the reply's last part (with its picture, buttons and menu) in the message.
    async fn edit(
        &mut self,
        place: PlaceId,
        message: u64,
        reply: &Reply,
        picture: Option<Drawn>,
        _role: Role,
    ) -> Result<(), BotError> {
        if let Some(last) = parts(reply, picture).pop() {
            self.bot
                .edits
                .submit((channel(place), message_id(message)), last);
        }
        Ok(())
    }

    /// ✅ and ❌ on an offer; the turn's actions are buttons on the message itself.
    async fn invite_answers(
        &mut self,
        place: PlaceId,
        message: u64,
        _reply: &Reply,
        role: Role,
    ) -> Result<(), BotError> {
        if role == Role::Offer {
            for emoji in [ACCEPT_EMOJI, DECLINE_EMOJI] {
                channel(place)
                    .create_reaction(
                        &self.bot.http,
                        message_id(message),
                        ReactionType::Unicode(emoji.to_string()),
                    )
                    .await?;
            }
        }
        Ok(())
    }

    async fn take_back_answers(&mut self, place: PlaceId, message: u64) {
        let message = message_id(message);
        for emoji in [ACCEPT_EMOJI, DECLINE_EMOJI] {
            let emoji = ReactionType::Unicode(emoji.to_string());
            if let Err(e) = channel(place)
                .delete_reaction(&self.bot.http, message, None, emoji)
                .await
            {
                tracing::warn!(%message, "taking back the bot's reaction on a closed offer failed: {e}");
            }
        }
    }

    /// Closes the interaction if nothing answered it, pointing to the live message shown.
    async fn finish(&mut self, shown: Option<(PlaceId, u64)>) {
        let Some(origin) = self.origin.as_deref_mut() else {
            return;
        };
        let shown = shown.map(|(place, message)| (channel(place), message_id(message)));
        let note = origin.finish_note(shown);
        if let Err(e) = origin.finish(self.bot, &note).await {
            tracing::warn!("closing an interaction failed: {e}");
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
