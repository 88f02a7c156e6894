//! What a chat platform must do for the shared delivery ([`super::deliver`]): post, edit and
//! react, answer someone privately, and say how it keeps pictures. Everything it implements
//! is how; which reply goes where, in what order, and which message an update edits is
//! decided once, in the shared runtime. A new chat platform implements this trait and nothing
//! else of the delivery.
//!
//! Messages are named by the table's numbers (`u64`, like places and users): the adapter maps
//! them to its own ids, so the table can keep them durably and find them after a restart.

use std::future::Future;

use super::pictures::Drawn;
use super::{HostError, TableHandle};
use crate::table::{LiveSlot, PlaceId, Reply, UserId};

/// What a posted or edited message is for: a platform may show each differently (Matrix
/// names its reactions on the turn message; only a live turn message gets them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An ordinary message, also an offer's news when there is no message to edit.
    Plain,
    /// A trade offer players answer (accept, decline).
    Offer,
    /// A game's lobby or live turn message, edited in place by later replies.
    Live(LiveSlot),
}

/// How a platform keeps the pictures it posts, which decides which boards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pictures {
    /// A message is edited in place with its picture (Discord): every board is drawn, no
    /// thumbnail.
    EditedInPlace,
    /// Every picture stays in the scroll-back and an edit cannot carry one (Matrix): a live
    /// message's board only at a setup round's edge (`pictures::worth_posting`), each with a
    /// thumbnail to show inline.
    KeptInScrollback,
}

/// One chat platform's side of delivering a batch of replies. An implementation may carry
/// per-batch state (Discord: the interaction being answered), hence `&mut self`.
pub trait Transport: Send {
    type Error: std::fmt::Display + From<HostError> + Send;

    /// How this platform keeps pictures.
    const PICTURES: Pictures;

    /// The table the message records are kept in.
    fn table(&self) -> &TableHandle;

    /// Whether the table's `message` number still names a message here (Matrix maps numbers to
    /// event ids in its own state; Discord's numbers are the message ids). A message the
    /// platform cannot name is never edited: its update is posted instead.
    fn knows(&self, message: u64) -> bool {
        let _ = message;
        true
    }

    /// Posts `reply` in `place` as new messages (its picture with it), returning the table's
    /// number for the message later edits and answers go to. A platform may return `None` for
    /// a [`Role::Plain`] post (nothing will edit it).
    fn post(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
        role: Role,
    ) -> impl Future<Output = Result<Option<u64>, Self::Error>> + Send;

    /// An ordinary public reply. A platform may answer the caller's own input with it
    /// (Discord's interaction response); by default it is a plain post.
    fn say(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send {
        async move {
            self.post(place, reply, picture, Role::Plain)
                .await
                .map(drop)
        }
    }

    /// A reply only `user` may see (Discord: ephemeral to the caller, else a DM; Matrix: the
    /// user's direct room).
    fn tell(
        &mut self,
        user: UserId,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// A private answer that tells nothing new ([`crate::table::ReplyKind::UnchangedHand`]): a platform
    /// that must answer the caller's input anyway shows it there; by default it is left out
    /// (one more direct message for nothing).
    fn tell_quietly(
        &mut self,
        _user: UserId,
        _reply: &Reply,
        _picture: Option<Drawn>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send {
        async { Ok(()) }
    }

    /// Makes the posted `message` in `place` show `reply` (debounced: see `edits.rs`).
    fn edit(
        &mut self,
        place: PlaceId,
        message: u64,
        reply: &Reply,
        picture: Option<Drawn>,
        role: Role,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// Adds the reactions players answer a just posted message with, if this platform uses
    /// reactions for `role` (an offer's accept and decline; Matrix's turn shortcuts, those
    /// that fit what `reply` awaits).
    fn invite_answers(
        &mut self,
        place: PlaceId,
        message: u64,
        reply: &Reply,
        role: Role,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// A closed offer invites no more answers: the bot takes its own reactions back (players'
    /// stay, as a record). Failures are logged only: the table refuses answers to a closed
    /// offer anyway.
    fn take_back_answers(
        &mut self,
        place: PlaceId,
        message: u64,
    ) -> impl Future<Output = ()> + Send;

    /// Called once the batch is out; `shown` is the first live message (place, message) it
    /// posted or edited (Discord points the caller of a command answered elsewhere to it).
    fn finish(&mut self, shown: Option<(PlaceId, u64)>) -> impl Future<Output = ()> + Send {
        let _ = shown;
        async {}
    }
}
