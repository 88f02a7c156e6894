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
use serenity::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, InteractionId,
    MessageId, ReactionType, UserId,
};

use super::bot::Bot;
use super::config::PrivateNotices;
use super::error::BotError;
use super::message::{Outgoing, create_message, followup_message, outgoing, response_message};
use crate::hosting::TableHandle;
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::pictures::Drawn;
use crate::hosting::transport::{Pictures, Role, Transport};
use crate::table::{PlaceId, Reply};
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
        let note = finish_note(origin, shown);
        if let Err(e) = origin.finish(self.bot, &note).await {
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
