//! Gateway events that are not slash commands: button presses and menu choices (routed by
//! custom_id, so they keep working after a restart; the table refuses only what is no longer
//! legal) and reactions on trade offers (added: an answer; removed: that answer taken back).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, FullEvent, Interaction, MessageFlags,
    Reaction, ReactionType,
};

use super::bot::{Bot, now_ms};
use super::caller::{caller, with_locale};
use super::deliver::{ACCEPT_EMOJI, Answer, DECLINE_EMOJI, Origin, deliver};
use super::error::BotError;
use super::host::Reaction as Vote;
use super::interact::answer;
use super::message::HAND_BUTTON_ID;
use crate::table::{Caller, Command, Request};

/// Prefix of every custom_id this bot makes.
const ID_PREFIX: &str = "catan:";

pub async fn handle(
    framework: poise::FrameworkContext<'_, Arc<Bot>, BotError>,
    event: &FullEvent,
) -> Result<(), BotError> {
    let bot = framework.user_data().await;
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(press),
        } if press.data.custom_id.starts_with(ID_PREFIX) => {
            button(bot, press).await;
        }
        FullEvent::ReactionAdd { add_reaction } => {
            let me = framework.serenity_context.cache.current_user().id;
            if add_reaction.user_id != Some(me) {
                reaction(bot, add_reaction, true).await;
            }
        }
        FullEvent::ReactionRemove { removed_reaction } => {
            let me = framework.serenity_context.cache.current_user().id;
            if removed_reaction.user_id != Some(me) {
                reaction(bot, removed_reaction, false).await;
            }
        }
        _ => {}
    }
    Ok(())
}

async fn button(bot: &Arc<Bot>, press: &ComponentInteraction) {
    let who = with_locale(
        caller(press.channel_id, &press.user, press.member.as_ref()),
        &press.locale,
        press.guild_locale.as_deref(),
    );
    let origin = Origin {
        id: press.id,
        token: press.token.clone(),
        channel: press.channel_id,
        user: press.user.id,
        answer: Answer::Pending,
        component: true,
        on_ephemeral: press
            .message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL)),
        lang: who.lang,
        guild: press.guild_id,
    };
    let id = press.data.custom_id.clone();
    match &press.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            let values = values.clone();
            answer(bot, origin, move |t, now| {
                t.handle_choice(&who, &id, &values, now)
            })
            .await;
        }
        _ if id == HAND_BUTTON_ID => {
            let hand = Request::Command(Command::Hand);
            answer(bot, origin, move |t, now| t.handle_command(&who, hand, now)).await;
        }
        _ => {
            answer(bot, origin, move |t, now| t.handle_button(&who, &id, now)).await;
        }
    };
}

async fn reaction(bot: &Arc<Bot>, r: &Reaction, added: bool) {
    let vote = match &r.emoji {
        ReactionType::Unicode(e) if e == ACCEPT_EMOJI => Vote::Accept,
        ReactionType::Unicode(e) if e == DECLINE_EMOJI => Vote::Decline,
        _ => return,
    };
    let Some(user_id) = r.user_id else { return };
    let who = match &r.member {
        Some(member) => caller(r.channel_id, &member.user, Some(member)),
        None => match user_id.to_user(&bot.http).await {
            Ok(user) => caller(r.channel_id, &user, None),
            Err(_) => Caller {
                place: r.channel_id.get(),
                user: user_id.get(),
                name: format!("<@{user_id}>"),
                is_manager: false,
                lang: None,
                place_lang: None,
                community: r.guild_id.map(|g| g.get()),
                manages_community: false,
            },
        },
    };
    let message = r.message_id.get();
    match bot
        .table
        .call_replies(move |t| {
            if added {
                t.handle_reaction(&who, message, vote, now_ms())
            } else {
                t.handle_reaction_removed(&who, message, vote)
            }
        })
        .await
    {
        Ok(replies) => deliver(bot, None, replies).await,
        Err(e) => tracing::error!("reaction handling failed: {e}"),
    }
}
