//! `catan-bot run`: one process, one table and one data directory for every chat platform
//! configured (Discord, Matrix or both), the shared timer task, and an orderly stop on
//! SIGTERM / Ctrl-C in every state.

use std::future::pending;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::config::{Config, Env};
use crate::discord;
use crate::hosting::{HostError, Outlets, TableHandle, open_table, stop, test_clock, timer};

/// Command-line arguments of `catan-bot run`.
#[derive(clap::Args, Debug, Default)]
pub struct RunArgs {
    /// Configuration file (default: ./config.toml; see config.example.toml).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

/// The exit status for an error that ended `run`: a refused start has its own
/// ([`discord::Refusal`], listed in the README), everything else is 1.
pub fn exit_code(error: &anyhow::Error) -> ExitCode {
    match error.downcast_ref::<discord::BotError>() {
        Some(discord::BotError::Refused(refused)) => ExitCode::from(refused.exit_code()),
        _ => ExitCode::FAILURE,
    }
}

/// Runs the bot until it is stopped (Ctrl-C / SIGTERM) or a platform fails for good (then the
/// error says why, and [`exit_code`] gives the process's exit status).
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref(), &Env::from_process())?;
    let links = discord::logging::init(&config.log_level, config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(config, links));
    // The table is closed by now. Whatever still tries to reach a homeserver or Discord (a
    // name lookup on a blocking thread, a connection attempt) is not waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(config: Config, links: discord::logging::Links) -> anyhow::Result<()> {
    // Listen for the stop signals first: from here on a stop is always orderly.
    let mut stop = stop::Signals::install()?;
    let table = {
        let config = config.clone();
        tokio::task::spawn_blocking(move || open_table(&config))
            .await
            .map_err(|e| HostError::Open(e.to_string()))??
    };
    for problem in table.load_problems() {
        tracing::error!(
            game = problem.game,
            "a stored game could not be resumed: {}",
            problem.reason
        );
    }
    tracing::info!(
        data_dir = %config.data_dir.display(),
        games = table.games().len(),
        bytes_on_disk = table.store_size().unwrap_or(0),
        "games loaded"
    );
    let table = TableHandle::new(table);
    test_clock::listen(table.clone());
    let outlets = Arc::new(Outlets::default());
    // Every configured platform is registered before the timer starts, so its replies wait
    // for it while it connects (each adapter registers itself too, for hosts without a timer).
    if config.discord_enabled() {
        outlets.register(discord::PLATFORM)?;
    }
    #[cfg(feature = "matrix")]
    if config.matrix.is_some() {
        outlets.register(crate::matrix::PLATFORM)?;
    }
    tokio::spawn(timer::run(table.clone(), outlets.clone()));

    let shards = OnceLock::new();
    let discord = async {
        if !config.discord_enabled() {
            return pending().await;
        }
        discord::connect_and_serve(&config, table.clone(), outlets.clone(), links, &shards)
            .await
            .map_err(anyhow::Error::from)
    };
    let matrix = async {
        match &config.matrix {
            None => pending().await,
            Some(settings) => serve_matrix(settings, &config, table.clone(), outlets.clone()).await,
        }
    };
    // A platform that ends (a fatal error, a refused start, or serenity giving up) ends the
    // whole process, as a stop signal does, the other platform too: a restart policy then
    // shows it. A platform not configured never ends.
    let outcome = tokio::select! {
        outcome = discord => outcome,
        outcome = matrix => outcome,
        () = stop.next() => Ok(()),
    };
    if outcome.is_ok() {
        tracing::info!("stopping");
    }
    discord::disconnect(&shards).await;
    // A second signal does not wait any more.
    tokio::spawn(async move {
        stop.next().await;
        tracing::warn!("second stop signal: exiting at once");
        std::process::exit(130);
    });
    table.close().await;
    tracing::info!(table_calls = table.calls(), "stopped");
    outcome
}

#[cfg(feature = "matrix")]
async fn serve_matrix(
    settings: &crate::config::MatrixConfig,
    config: &Config,
    table: TableHandle,
    outlets: Arc<Outlets>,
) -> anyhow::Result<()> {
    crate::matrix::serve(settings, &config.data_dir, table, outlets)
        .await
        .map_err(anyhow::Error::from)
}

#[cfg(not(feature = "matrix"))]
async fn serve_matrix(
    _: &crate::config::MatrixConfig,
    _: &Config,
    _: TableHandle,
    _: Arc<Outlets>,
) -> anyhow::Result<()> {
    anyhow::bail!(
        "the config has a [matrix] section, but this catan-bot was built without Matrix \
         (rebuild with `--features matrix`)"
    )
}
