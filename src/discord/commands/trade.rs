//! Trading: `/catan-trade offer …` with other players and `/catan-trade bank` with the supply. Offers
//! are answered with reactions on the posted offer, or with these commands.

use poise::serenity_prelude::User;

use super::choices::ResourceChoice;
use super::{CommandResult, Context, send};
use crate::table::command::TradeCommand;
use crate::table::{Command, Request, UserId};

/// Trade: offers to other players, and the bank.
#[poise::command(
    slash_command,
    rename = "catan-trade",
    guild_only,
    subcommands(
        "trade_offer",
        "trade_accept",
        "trade_decline",
        "trade_confirm",
        "trade_withdraw",
        "trade_list",
        "bank"
    ),
    subcommand_required
)]
pub(super) async fn catan_trade(_: Context<'_>) -> CommandResult {
    Ok(())
}

fn trade_request(trade: TradeCommand) -> Request {
    Request::Command(Command::Trade(trade))
}

/// The table's user id of a picked Discord user.
fn user_id(user: &User) -> UserId {
    user.id.get()
}

/// Offer cards to the other players (they answer with ✅ / ❌ reactions).
#[poise::command(slash_command, rename = "offer")]
async fn trade_offer(
    ctx: Context<'_>,
    #[description = "What you give, e.g. 1 wool 1 brick"] give: String,
    #[description = "What you want, e.g. 1 ore"] want: String,
    #[description = "Offer only to this player"] to: Option<User>,
) -> CommandResult {
    let to = to.as_ref().map(user_id);
    send(
        ctx,
        Request::Offer {
            give,
            get: want,
            to,
        },
    )
    .await
}

/// Accept a trade offer.
#[poise::command(slash_command, rename = "accept")]
async fn trade_accept(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, trade_request(TradeCommand::Accept(offer))).await
}

/// Decline a trade offer.
#[poise::command(slash_command, rename = "decline")]
async fn trade_decline(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, trade_request(TradeCommand::Decline(offer))).await
}

/// Make the trade with one player who accepted your offer.
#[poise::command(slash_command, rename = "confirm")]
async fn trade_confirm(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
    #[description = "The player who accepted"] player: User,
) -> CommandResult {
    let player = user_id(&player);
    send(ctx, Request::Confirm { offer, player }).await
}

/// Withdraw your trade offer.
#[poise::command(slash_command, rename = "withdraw")]
async fn trade_withdraw(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, trade_request(TradeCommand::Withdraw(offer))).await
}

/// List the open trade offers.
#[poise::command(slash_command, rename = "list")]
async fn trade_list(ctx: Context<'_>) -> CommandResult {
    send(ctx, trade_request(TradeCommand::List)).await
}

/// Trade with the bank at your best rate (4:1, or 3:1 / 2:1 at your ports).
#[poise::command(slash_command)]
async fn bank(
    ctx: Context<'_>,
    #[description = "Resource you give"] give: ResourceChoice,
    #[description = "Resource you get"] get: ResourceChoice,
    #[description = "How many cards you get (default 1)"]
    #[min = 1]
    #[max = 9]
    count: Option<u8>,
) -> CommandResult {
    send(ctx, bank_request(give, get, count)).await
}

/// At the caller's rate (the table works it out), one card unless a count is given.
fn bank_request(give: ResourceChoice, get: ResourceChoice, count: Option<u8>) -> Request {
    Request::Bank {
        give: give.into(),
        get: get.into(),
        count: count.map_or(1, u32::from),
    }
}

#[cfg(test)]
mod tests {
    use super::super::resolved;
    use super::*;
    use crate::engine::{Resource, Resources};

    #[test]
    fn bank_at_the_callers_rate() {
        assert_eq!(
            resolved(bank_request(
                ResourceChoice::Ore,
                ResourceChoice::Wool,
                None
            )),
            Ok(Command::Bank {
                give: Resource::Ore,
                give_amount: None,
                get: Resource::Wool,
                get_amount: 1
            })
        );
        assert_eq!(
            resolved(bank_request(
                ResourceChoice::Grain,
                ResourceChoice::Brick,
                Some(2)
            )),
            Ok(Command::Bank {
                give: Resource::Grain,
                give_amount: None,
                get: Resource::Brick,
                get_amount: 2
            })
        );
        let same = resolved(bank_request(ResourceChoice::Ore, ResourceChoice::Ore, None));
        assert!(same.is_err(), "ore for ore is refused: {same:?}");
    }

    #[test]
    fn offers_and_confirms_name_players_by_their_discord_user() {
        assert_eq!(
            resolved(Request::Offer {
                give: "1 wool 1 brick".into(),
                get: "1 ore".into(),
                to: Some(12),
            }),
            Ok(Command::Trade(TradeCommand::Offer {
                give: Resources([1, 0, 1, 0, 0]),
                get: Resources::one(Resource::Ore),
                to: Some(1)
            }))
        );
        assert_eq!(
            resolved(Request::Confirm {
                offer: 4,
                player: 11
            }),
            Ok(Command::Trade(TradeCommand::Confirm(4, 0)))
        );
        let stranger = resolved(Request::Confirm {
            offer: 4,
            player: 99,
        });
        assert!(
            stranger.is_err_and(|e| e.to_string().contains("1 alice, 2 bob")),
            "someone not playing is refused, naming the players"
        );
    }
}
