//! Placeholder until this module's issue lands.

/// Command-line arguments.
#[derive(clap::Args, Debug, Default)]
pub struct RenderArgs {}

/// Entry point of the subcommand.
pub fn run_cli(_args: RenderArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("not available yet")
}

/// Why a board could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the renderer is not available yet")]
    Unavailable,
}

/// Draws the board as seen by `view`'s viewer. Placeholder until the renderer lands.
pub fn render_board(
    _view: &crate::engine::GameView,
    _names: &[String],
) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
