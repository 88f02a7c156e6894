//! Placeholder until this module's issue lands.

/// Command-line arguments.
#[derive(clap::Args, Debug, Default)]
pub struct LocalArgs {}

/// Entry point of the subcommand.
pub fn run(_args: LocalArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("not available yet")
}
