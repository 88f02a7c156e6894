//! Posting the table's replies in Matrix: the Matrix side ([`Transport`]) of the shared
//! delivery (`hosting::deliver`), which decides what each reply kind does.
//!
//! - Public replies are `m.notice`s in the game's room; the board goes first as an `m.image`
//!   with a thumbnail (Element shows that inline), so the newest message is the text that
//!   pings. Mentions are real: `m.mentions`, a pill, the player's name in the body.
//! - A room keeps every picture, and an edit cannot carry one: in setup the turn message
//!   comes with a board once per round, not after every piece (`pictures::worth_posting`).
//! - The lobby and the live turn message are posted once and then edited in place
//!   (`m.replace`, debounced). A turn start gets the turn reactions (🎲 🛒 ✅ 🃏) players
//!   click; a trade offer gets ✅ ❌.
//! - Private replies (hands, drawn cards, refusals, a victim's note) go to the player's direct
//!   room, never to the game room.

use std::sync::Arc;

use super::bot::MatrixBot;
use super::client::{self, Text};
use super::error::MatrixError;
use super::format::{Mention, reply_text, turn_reactions};
use super::ids::Kind;
use crate::hosting::TableHandle;
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::pictures::Drawn;
use crate::hosting::transport::{Pictures, Role, Transport};
use crate::table::{LiveSlot, PlaceId, Reply, ReplyKind};

/// The reactions players answer a trade offer with (accept, decline).
const OFFER_REACTIONS: [&str; 2] = ["✅", "❌"];

/// Posts a batch of replies (see `hosting::deliver`).
pub async fn deliver(bot: &Arc<MatrixBot>, batch: OrderedReplies) {
    crate::hosting::deliver::deliver(&mut Matrix { bot }, batch).await;
}

/// The Matrix side of a batch.
struct Matrix<'a> {
    bot: &'a MatrixBot,
}

/// The Matrix id of a table number, or an error naming it.
fn id(bot: &MatrixBot, number: u64) -> Result<String, MatrixError> {
    bot.id_of(number)
        .ok_or_else(|| MatrixError::BadId(format!("no Matrix id is known for {number}")))
}

/// A reply's text for `room`, its mentions named as the room knows them. Hints name the
/// turn reactions only on the live turn message, the one that has them.
async fn text(bot: &MatrixBot, room: &str, reply: &Reply, role: Role, notify: bool) -> Text {
    let mut mentions: Vec<Mention> = Vec::with_capacity(reply.mention.len());
    for user in reply.mention.iter().filter_map(|u| bot.id_of(*u)) {
        mentions.push(client::mention(&bot.client, room, &user).await);
    }
    reply_text(reply, &mentions, role == Role::Live(LiveSlot::Turn), notify)
}

/// Whether a reply must notify its reader ([`Text::notify`]): a public one that pings
/// someone (a turn, a discard, an offer to them); a private one that is not the answer to
/// what its reader just did (a robbery, a card taken): the answer they are waiting for needs
/// no notification. An edit keeps the turn message's kind (it never notifies anyway).
fn must_notify(reply: &Reply, private: bool, role: Role) -> bool {
    if private {
        !reply.reply_to_caller
    } else {
        !reply.mention.is_empty() || role == Role::Live(LiveSlot::Turn)
    }
}

/// Posts `reply` in `room`: its board first (with a thumbnail), then the text, then any
/// files. Returns the table's number for the text, for an offer or live message (a plain
/// one is never edited: its id is not kept).
async fn post_in(
    bot: &MatrixBot,
    room: &str,
    reply: &Reply,
    picture: Option<Drawn>,
    role: Role,
    private: bool,
) -> Result<Option<u64>, MatrixError> {
    if let Some(drawn) = picture {
        client::post_image(&bot.client, room, "board.png", drawn.png, drawn.thumbnail).await?;
    }
    let notify = must_notify(reply, private, role);
    let event = client::post(
        &bot.client,
        room,
        &text(bot, room, reply, role, notify).await,
    )
    .await?;
    if let ReplyKind::GameEnd {
        dice_chart: Some(chart),
        ..
    } = &reply.kind
    {
        client::post_file(&bot.client, room, "dice.png", chart.clone()).await?;
    }
    if let ReplyKind::GameEnd {
        timeline_chart: Some(chart),
        ..
    } = &reply.kind
    {
        client::post_file(&bot.client, room, "timeline.png", chart.clone()).await?;
    }
    if let Some(file) = &reply.file {
        client::post_file(&bot.client, room, &file.name, file.bytes.clone()).await?;
    }
    if role == Role::Plain {
        return Ok(None);
    }
    let number = bot.number(Kind::Event, &event)?;
    if role == Role::Live(LiveSlot::Turn) {
        // Before the table knows it: reactions on it are read as turn commands from now on.
        bot.state()
            .remember_turn_message(&event, reply.turn_stamp)?;
    }
    Ok(Some(number))
}

impl Transport for Matrix<'_> {
    type Error = MatrixError;
    const PICTURES: Pictures = Pictures::KeptInScrollback;

    fn table(&self) -> &TableHandle {
        &self.bot.table
    }

    /// Message numbers map to event ids in the adapter's state.
    fn knows(&self, message: u64) -> bool {
        self.bot.id_of(message).is_some()
    }

    async fn post(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
        role: Role,
    ) -> Result<Option<u64>, MatrixError> {
        post_in(self.bot, &id(self.bot, place)?, reply, picture, role, false).await
    }

    /// In the user's direct room (made on first use).
    async fn tell(
        &mut self,
        user: u64,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> Result<(), MatrixError> {
        let room = self.bot.dm_room(&id(self.bot, user)?).await?;
        post_in(self.bot, &room, reply, picture, Role::Plain, true)
            .await
            .map(drop)
    }

    /// An `m.replace` of the text. A board changed mid-turn shows with the next turn start
    /// (or `!catan board`): an edit cannot carry an image, and a new picture per build would
    /// flood the room.
    async fn edit(
        &mut self,
        place: PlaceId,
        message: u64,
        reply: &Reply,
        _picture: Option<Drawn>,
        role: Role,
    ) -> Result<(), MatrixError> {
        let room = id(self.bot, place)?;
        let event = id(self.bot, message)?;
        let text = text(
            self.bot,
            &room,
            reply,
            role,
            must_notify(reply, false, role),
        )
        .await;
        self.bot.edits.submit((room, event), text);
        Ok(())
    }

    /// ✅ ❌ on an offer; on a turn message the turn reactions that fit it.
    async fn invite_answers(
        &mut self,
        place: PlaceId,
        message: u64,
        reply: &Reply,
        role: Role,
    ) -> Result<(), MatrixError> {
        let reactions: Vec<&str> = match role {
            Role::Offer => OFFER_REACTIONS.to_vec(),
            Role::Live(LiveSlot::Turn) => turn_reactions(reply),
            Role::Live(LiveSlot::Lobby) | Role::Plain => Vec::new(),
        };
        if reactions.is_empty() {
            return Ok(());
        }
        let room = id(self.bot, place)?;
        let event = id(self.bot, message)?;
        for emoji in reactions {
            client::react(&self.bot.client, &room, &event, emoji).await?;
        }
        Ok(())
    }

    /// Redacts the bot's own reactions, found on the homeserver: this works for offers posted
    /// before a restart.
    async fn take_back_answers(&mut self, place: PlaceId, message: u64) {
        let redacted = match (id(self.bot, place), id(self.bot, message)) {
            (Ok(room), Ok(event)) => {
                client::redact_own_reactions(&self.bot.client, &room, &event, &self.bot.me).await
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
        };
        if let Err(e) = redacted {
            tracing::warn!(
                message,
                "taking back the bot's reactions on a closed offer failed: {e}"
            );
        }
    }
}
