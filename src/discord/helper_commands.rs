//! `/catan helper`: the Helpers of Catan. One option, autocompleted with what the caller's
//! helper can do now (each use with its choices, the second step of a use, flip or exchange
//! after it); the choice (or what the player typed) goes to the table as typed, which reads
//! it as the words after `helper`.

use super::commands::{CommandResult, Context, send, suggest};
use super::host::PlaceKind;
use crate::table::Request;
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
    send(ctx, helper_request(&what)).await
}

/// The chosen (or typed) words, without a `helper` the player may have typed before them.
fn helper_request(what: &str) -> Request {
    let what = what.trim();
    let words = match what.get(..7) {
        Some(head) if head.eq_ignore_ascii_case("helper ") => what[7..].trim(),
        _ => what,
    };
    Request::Helper(words.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_becomes_the_helper_request() {
        let words = |what: &str| match helper_request(what) {
            Request::Helper(words) => words,
            other => panic!("{what}: {other:?}"),
        };
        assert_eq!(words("use jean ore"), "use jean ore");
        assert_eq!(words(" Helper flip "), "flip");
        assert_eq!(words("exchange lin"), "exchange lin");
        assert_eq!(words("?"), "?");
        assert_eq!(words("helpér"), "helpér");
    }

    #[test]
    fn the_table_reads_the_words_as_after_helper() {
        use crate::engine::{Action, BoardSize, Topology};
        use crate::table::Command;
        use crate::table::command::ParseContext;
        let players = vec![(11, "alice".to_string())];
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &players,
        };
        assert_eq!(
            helper_request("helper flip").resolve(Some(&ctx)),
            Ok(Command::Action(Action::FlipHelper))
        );
    }
}
