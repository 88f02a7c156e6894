//! TEMPORARY stand-in for `crate::table::Table` until the table branch is merged: same method
//! names, trivial behaviour (echoes commands), so the adapter and its end-to-end harness can be
//! built first. Removed when the real table lands.

use crate::store::Store;
use crate::table::{Audience, Button, Caller, Reply, ReplyKind};

#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    pub turn_timer_ms: Option<u64>,
}

#[derive(Debug, thiserror::Error)]
#[error("table error")]
pub struct TableError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKind {
    Settlement,
    City,
    Road,
    Hex,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    Accept,
    Decline,
}

pub struct Table {
    version: u32,
}

fn reply(audience: Audience, kind: ReplyKind, text: String) -> Reply {
    Reply {
        audience,
        kind,
        text,
        image: None,
        buttons: vec![],
        mention: vec![],
    }
}

impl Table {
    pub fn open(_store: Box<dyn Store>, _options: TableOptions) -> Result<Table, TableError> {
        Ok(Table { version: 0 })
    }
    pub fn handle_text(&mut self, caller: &Caller, text: &str, _now_ms: u64) -> Vec<Reply> {
        self.version += 1;
        let mut r = vec![reply(
            Audience::Channel(caller.place),
            ReplyKind::Message,
            format!("{} did: {text}", caller.name),
        )];
        if text == "hand" {
            r[0] = reply(
                Audience::Private(caller.user),
                ReplyKind::Message,
                "Your hand: nothing".into(),
            );
        }
        if text == "roll" {
            r[0].kind = ReplyKind::TurnStart;
            r[0].image = Some(vec![0x89, b'P', b'N', b'G']);
            r[0].mention = vec![caller.user];
            r[0].buttons = vec![Button {
                id: format!("catan:1:end:{}", self.version),
                label: "End turn".into(),
            }];
        }
        if text.starts_with("trade offer") {
            r[0].kind = ReplyKind::TradeOffer { game: 1, offer: 1 };
        }
        r
    }
    pub fn handle_button(&mut self, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
        self.handle_text(caller, custom_id, now_ms)
    }
    pub fn handle_reaction(
        &mut self,
        caller: &Caller,
        message_id: u64,
        reaction: Reaction,
        _now_ms: u64,
    ) -> Vec<Reply> {
        vec![reply(
            Audience::Channel(caller.place),
            ReplyKind::TradeOfferUpdate { game: 1, offer: 1 },
            format!("{} reacted {reaction:?} on {message_id}", caller.name),
        )]
    }
    pub fn offer_posted(&mut self, _game: u64, _offer: u32, _message_id: u64) {}
    pub fn tick(&mut self, _now_ms: u64) -> Vec<Reply> {
        vec![]
    }
    pub fn next_deadline(&self) -> Option<u64> {
        None
    }
    pub fn suggest(
        &self,
        _caller: &Caller,
        _kind: PlaceKind,
        partial: &str,
    ) -> Vec<(String, String)> {
        vec![(partial.to_string(), format!("{partial} · placeholder"))]
    }
}
