//! Information on request: `/catan hand`, `board`, `status`, `stats`, `log`, `export`, `rules`
//! and `help`.

use super::choices::RulesTopic;
use super::{CommandResult, Context, interaction_caller, send};
use crate::table::{Command, Request};

/// Show your hand (only you see it).
#[poise::command(slash_command)]
pub(super) async fn hand(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Hand)).await
}

/// Show the board.
#[poise::command(slash_command)]
pub(super) async fn board(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Board)).await
}

/// Show the game's status: scores, whose turn, what is awaited.
#[poise::command(slash_command)]
pub(super) async fn status(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Status)).await
}

/// Show the game's numbers so far: dice against expectation, cards, robber, trades, a graph.
#[poise::command(slash_command)]
pub(super) async fn stats(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Stats)).await
}

/// Show the latest moves.
#[poise::command(slash_command)]
pub(super) async fn log(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Log)).await
}

/// Get the game's public record (every move and announcement) as a file.
#[poise::command(slash_command)]
pub(super) async fn export(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Export)).await
}

/// Explain a rule, or answer a rules question.
#[poise::command(slash_command)]
pub(super) async fn rules(
    ctx: Context<'_>,
    #[description = "Topic"] topic: Option<RulesTopic>,
    #[description = "A rules question in your own words"]
    #[max_length = 300]
    question: Option<String>,
) -> CommandResult {
    send(ctx, rules_request(topic, question)).await
}

/// The topic chosen, or the question asked (the table prefers a question to a topic).
fn rules_request(topic: Option<RulesTopic>, question: Option<String>) -> Request {
    Request::Rules {
        topic: topic.map(Into::into),
        question,
    }
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub(super) async fn help(ctx: Context<'_>) -> CommandResult {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let who = interaction_caller(app.interaction, app.interaction.channel_id);
    let lang = ctx
        .data()
        .table
        .call_quiet(move |t| t.private_lang(&who))
        .await?;
    let reply = poise::CreateReply::default()
        .embed(super::super::help::help_embed(lang))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::all;
    use super::*;
    use crate::table::rules_help::Topic;

    #[test]
    fn rules_takes_a_topic_or_a_question_of_the_desk_s_length() {
        assert_eq!(
            rules_request(None, None).resolve(None),
            Ok(Command::Rules(None))
        );
        assert_eq!(
            rules_request(Some(RulesTopic::Seven), None).resolve(None),
            Ok(Command::RulesTopic(Topic::Seven))
        );
        assert_eq!(
            rules_request(
                Some(RulesTopic::Seven),
                Some(" can I move the thief? ".into())
            )
            .resolve(None),
            Ok(Command::Rules(Some("can i move the thief?".into())))
        );
        assert_eq!(
            rules_request(Some(RulesTopic::Ports), Some("  ".into())).resolve(None),
            Ok(Command::RulesTopic(Topic::Ports))
        );
        let tree = all();
        let rules = tree[0]
            .subcommands
            .iter()
            .find(|c| c.name == "rules")
            .expect("/catan rules");
        let question = rules
            .parameters
            .iter()
            .find(|p| p.name == "question")
            .expect("question option");
        assert!(!question.required);
        let option = question
            .create_as_slash_command_option()
            .expect("a slash option");
        let json = serde_json::to_value(&option).expect("option as JSON");
        assert_eq!(
            json["max_length"],
            crate::table::rules_desk::MAX_QUESTION_CHARS
        );
        assert!(rules.parameters.iter().any(|p| p.name == "topic"));
    }
}
