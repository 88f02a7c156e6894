//! The `catan-bot` command: the Discord bot (default), a local console game, board renders,
//! random playouts, benchmarks and the verification of a finished game's dice.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "catan-bot", version, about = "Catan in a chat channel")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot on every configured platform, Discord and/or Matrix (the default).
    Run(catan_bot::serve::RunArgs),
    /// Play a game in the terminal: several local players type commands.
    Local(catan_bot::console::LocalArgs),
    /// Render a board PNG after some random legal moves.
    Render(catan_bot::render::RenderArgs),
    /// Play random games, check invariants and report speed.
    Simulate(catan_bot::sim::SimulateArgs),
    /// Check a finished game's dice and cards against the seed commitment.
    Verify(catan_bot::verify::VerifyArgs),
    /// Measure engine speed and board pictures (CPU time; one `name value` line each).
    Bench(catan_bot::bench::BenchArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => catan_bot::serve::run(catan_bot::serve::RunArgs::default()),
        Some(Command::Run(args)) => catan_bot::serve::run(args),
        Some(Command::Local(args)) => catan_bot::console::run(args),
        Some(Command::Render(args)) => catan_bot::render::run_cli(args),
        Some(Command::Simulate(args)) => catan_bot::sim::run(args),
        Some(Command::Verify(args)) => catan_bot::verify::run(args),
        Some(Command::Bench(args)) => catan_bot::bench::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // One line: what went wrong and what to do.
            eprintln!("error: {e:#}");
            catan_bot::serve::exit_code(&e)
        }
    }
}
