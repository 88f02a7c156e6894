//! Answering one Discord interaction: its id and token, and how far the answer got
//! (pending, deferred as "thinking…", answered). The first answer is the interaction's
//! response, later ones are follow-ups; a step of a private menu replaces that menu.

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, InteractionId,
    MessageId, UserId,
};

use super::bot::Bot;
use super::message::{Outgoing, followup_message, response_message};
use serenity::Builder as _;

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
    pub(super) async fn send(
        &mut self,
        bot: &Bot,
        o: &Outgoing,
        ephemeral: bool,
    ) -> serenity::Result<()> {
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

    /// What a command whose answer went to the channel says to the one who used it: a link
    /// to the game's message it posted or changed (the lobby of `/catan new`, the lobby
    /// `/catan join` edits), never a bare word.
    pub fn finish_note(&self, shown: Option<(ChannelId, MessageId)>) -> String {
        let _lang = crate::i18n::scope(self.lang.unwrap_or_default());
        match (shown, self.guild) {
            (Some((channel, message)), Some(guild)) => crate::t!(
                "discord-see-message",
                link = format!("https://discord.com/channels/{guild}/{channel}/{message}")
            ),
            _ => crate::t!(
                "discord-see-channel",
                channel = format!("<#{}>", self.channel)
            ),
        }
    }
}
