//! The game's actions: `/catan-move roll`, `build`, `buy`, `play`, `robber`, `discard`, `end`.
//! Places typed (or picked from the autocomplete) go to the table as typed; it resolves them
//! against the board.

use super::autocomplete::{
    city_places, free_road_places, knight_places, road_places, robber_places, second_road_places,
    settlement_places, victims,
};
use super::choices::ResourceChoice;
use super::{CommandResult, Context, send};
use crate::engine::{Action, Resource};
use crate::table::{Command, Piece, Request};

/// Your moves: roll, build, buy, play a card, the robber, discard, end the turn.
#[poise::command(
    slash_command,
    rename = "catan-move",
    guild_only,
    subcommands("roll", "build", "buy", "play", "robber", "discard", "end"),
    subcommand_required
)]
pub(super) async fn catan_move(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Roll the dice.
#[poise::command(slash_command)]
async fn roll(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Action(Action::Roll))).await
}

/// Build a road, settlement or city.
#[poise::command(
    slash_command,
    subcommands("build_road", "build_settlement", "build_city"),
    subcommand_required
)]
async fn build(_: Context<'_>) -> CommandResult {
    Ok(())
}

fn build_at(piece: Piece, place: String) -> Request {
    Request::Build { piece, place }
}

/// Build a road between two intersections.
#[poise::command(slash_command, rename = "road")]
async fn build_road(
    ctx: Context<'_>,
    #[description = "The road's two intersections, e.g. 8-13"]
    #[autocomplete = "road_places"]
    place: String,
) -> CommandResult {
    send(ctx, build_at(Piece::Road, place)).await
}

/// Build a settlement on an intersection.
#[poise::command(slash_command, rename = "settlement")]
async fn build_settlement(
    ctx: Context<'_>,
    #[description = "Intersection number"]
    #[autocomplete = "settlement_places"]
    place: String,
) -> CommandResult {
    send(ctx, build_at(Piece::Settlement, place)).await
}

/// Upgrade one of your settlements to a city.
#[poise::command(slash_command, rename = "city")]
async fn build_city(
    ctx: Context<'_>,
    #[description = "Intersection of your settlement"]
    #[autocomplete = "city_places"]
    place: String,
) -> CommandResult {
    send(ctx, build_at(Piece::City, place)).await
}

/// Buy a development card.
#[poise::command(slash_command)]
async fn buy(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Action(Action::BuyDevCard))).await
}

/// Play a development card.
#[poise::command(
    slash_command,
    subcommands("play_knight", "play_road_building", "play_invention", "play_monopoly"),
    subcommand_required
)]
async fn play(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Knight: move the robber and steal a card.
#[poise::command(slash_command, rename = "knight")]
async fn play_knight(
    ctx: Context<'_>,
    #[description = "Hex to move the robber to, e.g. C3"]
    #[autocomplete = "knight_places"]
    hex: String,
    #[description = "Player to steal from"]
    #[autocomplete = "victims"]
    victim: Option<String>,
) -> CommandResult {
    send(ctx, Request::Knight { hex, victim }).await
}

/// Road building: place two free roads.
#[poise::command(slash_command, rename = "road-building")]
async fn play_road_building(
    ctx: Context<'_>,
    #[description = "First road, e.g. 8-13"]
    #[autocomplete = "free_road_places"]
    first: String,
    #[description = "Second road, e.g. 13-9"]
    #[autocomplete = "second_road_places"]
    second: Option<String>,
) -> CommandResult {
    send(ctx, Request::RoadBuilding { first, second }).await
}

/// Invention (year of plenty): take two resources from the bank.
#[poise::command(slash_command, rename = "invention")]
async fn play_invention(
    ctx: Context<'_>,
    #[description = "First resource"] first: ResourceChoice,
    #[description = "Second resource"] second: ResourceChoice,
) -> CommandResult {
    let action = Action::PlayInvention(first.into(), second.into());
    send(ctx, Request::Command(Command::Action(action))).await
}

/// Monopoly: every player gives you all their cards of one resource.
#[poise::command(slash_command, rename = "monopoly")]
async fn play_monopoly(
    ctx: Context<'_>,
    #[description = "Resource to claim"] resource: ResourceChoice,
) -> CommandResult {
    let action = Action::PlayMonopoly(resource.into());
    send(ctx, Request::Command(Command::Action(action))).await
}

/// Move the robber after a 7 and steal a card.
#[poise::command(slash_command)]
async fn robber(
    ctx: Context<'_>,
    #[description = "Hex to move the robber to, e.g. C3"]
    #[autocomplete = "robber_places"]
    hex: String,
    #[description = "Player to steal from"]
    #[autocomplete = "victims"]
    victim: Option<String>,
) -> CommandResult {
    send(ctx, Request::Robber { hex, victim }).await
}

/// Discard half your hand after a 7 (give the counts to discard).
#[poise::command(slash_command)]
async fn discard(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 99]
    brick: Option<u32>,
    #[min = 0]
    #[max = 99]
    lumber: Option<u32>,
    #[min = 0]
    #[max = 99]
    wool: Option<u32>,
    #[min = 0]
    #[max = 99]
    grain: Option<u32>,
    #[min = 0]
    #[max = 99]
    ore: Option<u32>,
) -> CommandResult {
    send(ctx, discard_request([brick, lumber, wool, grain, ore])).await
}

/// The counts given, in resource order (brick, lumber, wool, grain, ore); the table leaves
/// out zeros and refuses a discard of nothing.
fn discard_request(counts: [Option<u32>; 5]) -> Request {
    Request::Discard(
        Resource::ALL
            .into_iter()
            .zip(counts)
            .filter_map(|(r, n)| Some((r, n?)))
            .collect(),
    )
}

/// End your turn.
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Action(Action::EndTurn))).await
}

#[cfg(test)]
mod tests {
    use super::super::resolved;
    use super::*;
    use crate::engine::{BoardSize, Resources, Topology};

    #[test]
    fn discard_counts_become_the_cards() {
        let request = discard_request([None, Some(0), Some(2), None, Some(1)]);
        assert_eq!(
            request,
            Request::Discard(vec![
                (Resource::Lumber, 0),
                (Resource::Wool, 2),
                (Resource::Ore, 1)
            ])
        );
        assert_eq!(
            resolved(request),
            Ok(Command::Action(Action::Discard(Resources([0, 0, 2, 0, 1]))))
        );
        let nothing = resolved(discard_request([None, Some(0), None, None, None]));
        assert!(
            nothing.is_err_and(|e| e.to_string().contains("discard 2 wool 1 ore")),
            "a discard of nothing is refused with an example"
        );
    }

    #[test]
    fn robber_and_places_resolve_against_the_board() {
        let topo = Topology::get(BoardSize::Standard);
        let c3 = topo.parse_hex("C3").expect("C3 is a hex");
        assert_eq!(
            resolved(Request::Robber {
                hex: "C3".into(),
                victim: Some("bob".into())
            }),
            Ok(Command::Action(Action::MoveRobber {
                hex: c3,
                victim: Some(1)
            }))
        );
        assert_eq!(
            resolved(build_at(Piece::Settlement, "12".into())),
            Ok(Command::Action(Action::BuildSettlement(11)))
        );
        let refused = resolved(build_at(Piece::Settlement, "E12".into()));
        assert!(
            refused.is_err_and(|e| e.to_string().contains("`E12` is not an intersection")),
            "a bad place is refused naming it"
        );
    }
}
