//! Placeholder until this module's issue lands.

/// Command-line arguments.
#[derive(clap::Args, Debug, Default)]
pub struct RenderArgs {}

/// Entry point of the subcommand.
pub fn run_cli(_args: RenderArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("not available yet")
}
