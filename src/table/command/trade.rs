//! Trading in the command language: `bank …` with the supply and `trade …` between players.

use super::{
    Command, ParseContext, ParseError, TradeCommand, U_BANK, U_CONFIRM, U_OFFER, U_TRADE, no_args,
    numbers, parse_player, parse_resources, usage,
};
use crate::engine::Resource;
use crate::i18n::{InWords, excerpt};

/// `bank 4 ore for 1 wool`, `bank ore for wool`, `bank 3 ore for wool`.
pub(super) fn parse_bank(rest: &[&str]) -> Result<Command, ParseError> {
    let Some(pos) = rest.iter().position(|w| w.eq_ignore_ascii_case("for")) else {
        return Err(usage(crate::t!("command-bank-for"), U_BANK));
    };
    let side = |words: &[&str]| -> Result<(Option<u8>, Resource), ParseError> {
        let cards = parse_resources(words, U_BANK)?;
        let kinds: Vec<(Resource, u8)> = cards.iter().collect();
        match kinds.as_slice() {
            [(r, n)] => {
                let explicit = words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()));
                Ok((explicit.then_some(*n), *r))
            }
            _ => Err(usage(crate::t!("command-bank-one-kind"), U_BANK)),
        }
    };
    let (give_amount, give) = side(&rest[..pos])?;
    let (get_amount, get) = side(&rest[pos + 1..])?;
    bank(give, give_amount, get, get_amount.unwrap_or(1))
}

/// A trade with the supply, refused when it would give and get the same resource.
pub fn bank(
    give: Resource,
    give_amount: Option<u8>,
    get: Resource,
    get_amount: u8,
) -> Result<Command, ParseError> {
    if give == get {
        return Err(usage(
            crate::t!(
                "command-bank-same",
                give = give.in_words(),
                get = get.in_words()
            ),
            U_BANK,
        ));
    }
    Ok(Command::Bank {
        give,
        give_amount,
        get,
        get_amount,
    })
}

fn parse_offer_id(word: Option<&&str>, usage_text: &'static str) -> Result<u32, ParseError> {
    let Some(w) = word else {
        return Err(usage(crate::t!("command-say-offer"), usage_text));
    };
    numbers::in_range(w.trim_start_matches('#'), 1, u64::from(u32::MAX))
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            usage(
                crate::t!("command-not-offer-number", word = excerpt(w)),
                usage_text,
            )
        })
}

pub(super) fn parse_trade(
    rest: &[&str],
    ctx: Option<&ParseContext>,
) -> Result<Command, ParseError> {
    let Some((&verb, args)) = rest.split_first() else {
        return Err(usage(crate::t!("command-say-trade"), U_TRADE));
    };
    let ctx = ctx.ok_or(ParseError::NoGame)?;
    let one_id = |name: &'static str, make: fn(u32) -> TradeCommand| {
        if args.len() > 1 {
            return Err(usage(
                crate::t!(
                    "command-one-offer-number",
                    command = crate::table::command_words::say(&format!("trade {name}"))
                ),
                U_TRADE,
            ));
        }
        parse_offer_id(args.first(), U_TRADE).map(|id| Command::Trade(make(id)))
    };
    match verb.to_ascii_lowercase().as_str() {
        "offer" | "propose" => parse_offer(args, ctx),
        "accept" | "yes" => one_id("accept", TradeCommand::Accept),
        "decline" | "reject" | "no" => one_id("decline", TradeCommand::Decline),
        "withdraw" | "cancel" => one_id("withdraw", TradeCommand::Withdraw),
        "confirm" => {
            let id = parse_offer_id(args.first(), U_CONFIRM)?;
            if args.len() < 2 {
                return Err(usage(crate::t!("command-say-whose"), U_CONFIRM));
            }
            let seat = parse_player(&args[1..].join(" "), ctx, U_CONFIRM)?;
            Ok(Command::Trade(TradeCommand::Confirm(id, seat)))
        }
        "list" | "offers" => no_args(args, Command::Trade(TradeCommand::List), "trade list"),
        other => Err(usage(
            crate::t!("command-not-trade-command", word = excerpt(other)),
            U_TRADE,
        )),
    }
}

fn parse_offer(args: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let Some(pos) = args.iter().position(|w| w.eq_ignore_ascii_case("for")) else {
        return Err(usage(crate::t!("command-offer-for"), U_OFFER));
    };
    let after = &args[pos + 1..];
    let to_pos = after.iter().position(|w| w.eq_ignore_ascii_case("to"));
    let (want_words, to) = match to_pos {
        Some(p) => {
            let who = after[p + 1..].join(" ");
            if who.is_empty() {
                return Err(usage(crate::t!("command-offer-to"), U_OFFER));
            }
            (&after[..p], Some(parse_player(&who, ctx, U_OFFER)?))
        }
        None => (after, None),
    };
    let give = parse_resources(&args[..pos], U_OFFER)?;
    let get = parse_resources(want_words, U_OFFER)?;
    Ok(Command::Trade(TradeCommand::Offer { give, get, to }))
}
