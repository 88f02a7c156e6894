//! `/catan helper`: the Helpers of Catan. One option, autocompleted with what the caller's
//! helper can do now (each use with its choices, the second step of a use, flip or exchange
//! after it); the choice is the table's `helper …` command text.

use super::commands::{CommandResult, Context, suggest};
use super::host::PlaceKind;
use poise::serenity_prelude::CreateAutocompleteResponse;

async fn helper_choices(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Helper, partial).await
}

/// Use your helper, or flip or exchange it after a use (Helpers of Catan).
#[poise::command(slash_command)]
pub(super) async fn helper(
    ctx: Context<'_>,
    #[description = "What your helper does: the choices are what it can do now"]
    #[autocomplete = "helper_choices"]
    #[max_length = 100]
    what: String,
) -> CommandResult {
    send_text(ctx, &what).await
}

async fn send_text(ctx: Context<'_>, what: &str) -> CommandResult {
    super::commands::send(ctx, helper_text(what)).await
}

/// The table's command for the chosen (or typed) words: `use jean ore` → `helper use jean ore`.
fn helper_text(what: &str) -> String {
    let what = what.trim();
    let words = match what.get(..7) {
        Some(head) if head.eq_ignore_ascii_case("helper ") => what[7..].trim(),
        _ => what,
    };
    format!("helper {words}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_becomes_the_helper_command() {
        assert_eq!(helper_text("use jean ore"), "helper use jean ore");
        assert_eq!(helper_text(" Helper flip "), "helper flip");
        assert_eq!(helper_text("exchange lin"), "helper exchange lin");
        assert_eq!(helper_text("?"), "helper ?");
        assert_eq!(helper_text("helpér"), "helper helpér");
    }
}
