//! Autocomplete of `/catan`'s typed fields: places, victims and helper uses from the caller's
//! legal moves (the table's suggestions), and the languages there are catalogs for.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse};

use super::super::caller::{caller, with_locale};
use super::super::host::PlaceKind;
use super::Context;
use crate::i18n::Lang;

/// Discord shows at most 25 autocomplete choices and 100 characters per choice name.
const MAX_CHOICES: usize = 25;
const MAX_CHOICE_NAME: usize = 100;

/// The caller's choices of `kind` now, narrowed by what they typed so far.
pub(in crate::discord) async fn suggest(
    ctx: Context<'_>,
    kind: PlaceKind,
    partial: &str,
) -> CreateAutocompleteResponse {
    let poise::Context::Application(app) = ctx else {
        return CreateAutocompleteResponse::new();
    };
    let i = app.interaction;
    let who = with_locale(
        caller(i.channel_id, &i.user, i.member.as_deref()),
        &i.locale,
        i.guild_locale.as_deref(),
    );
    let partial = partial.to_string();
    let found = ctx
        .data()
        .with_table(move |t| t.suggest(&who, kind, &partial))
        .await
        .unwrap_or_default();
    CreateAutocompleteResponse::new().set_choices(choices(found))
}

/// Autocomplete choices from the table's (value, description) pairs, within Discord's limits.
fn choices(found: Vec<(String, String)>) -> Vec<AutocompleteChoice> {
    found
        .into_iter()
        .take(MAX_CHOICES)
        .map(|(value, description)| {
            let name: String = description.chars().take(MAX_CHOICE_NAME).collect();
            AutocompleteChoice::new(name, value)
        })
        .collect()
}

pub(super) async fn settlement_places(
    ctx: Context<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Settlement, partial).await
}
pub(super) async fn city_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::City, partial).await
}
pub(super) async fn road_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Road, partial).await
}
pub(super) async fn robber_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Robber, partial).await
}
pub(super) async fn knight_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Knight, partial).await
}
pub(super) async fn victims(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let hex = earlier_option(ctx, "hex");
    suggest(ctx, PlaceKind::Victim { hex }, partial).await
}
pub(super) async fn free_road_places(
    ctx: Context<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::FreeRoad, partial).await
}
pub(super) async fn second_road_places(
    ctx: Context<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    let first = earlier_option(ctx, "first");
    suggest(ctx, PlaceKind::SecondFreeRoad { first }, partial).await
}

/// What the user has filled in so far for option `name` of the command being completed (the
/// robber's hex when completing its victim); empty when not filled in yet.
fn earlier_option(ctx: Context<'_>, name: &str) -> String {
    let poise::Context::Application(app) = ctx else {
        return String::new();
    };
    app.args
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match &o.value {
            serenity::ResolvedValue::String(s) => Some(s.to_string()),
            serenity::ResolvedValue::Autocomplete { value, .. } => Some(value.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The languages there are catalogs for, each in its own name (`Deutsch`), valued by code.
pub(super) async fn language_choices(_: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let partial = partial.trim().to_lowercase();
    let found = Lang::all()
        .map(|l| (l.code().to_string(), l.native_name()))
        .filter(|(code, name)| name.to_lowercase().contains(&partial) || code.contains(&partial))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_respect_discord_limits() {
        let found: Vec<(String, String)> = (0..40)
            .map(|i| (i.to_string(), format!("{i} · {}", "x".repeat(150))))
            .collect();
        let c = choices(found);
        assert_eq!(c.len(), MAX_CHOICES);
        let json = serde_json::to_value(&c[3]).unwrap();
        assert_eq!(json["value"], "3");
        assert_eq!(
            json["name"].as_str().unwrap().chars().count(),
            MAX_CHOICE_NAME
        );
    }
}
