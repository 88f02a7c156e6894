//! A missing or broken configuration stops `catan-bot run` with one clear line and a non-zero
//! exit code, never a panic or a stack of messages.

use std::path::Path;
use std::process::{Command, Output};

fn run_with(config: &Path, env_token: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_catan-bot"));
    cmd.arg("run").arg("--config").arg(config);
    cmd.env_remove("DISCORD_TOKEN").env_remove("CATAN_DATA_DIR");
    cmd.env_remove("DISCORD_SHARDS")
        .env_remove("DISCORD_SHARD_COUNT");
    if let Some(t) = env_token {
        cmd.env("DISCORD_TOKEN", t);
    }
    cmd.output().unwrap()
}

/// Checks the process failed with exactly one line on stderr containing every `needle`.
fn assert_one_line_error(out: &Output, needles: &[&str]) {
    assert!(!out.status.success(), "must exit non-zero");
    assert_eq!(
        out.status.code(),
        Some(1),
        "an error exit, not a crash/panic"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line expected, got:\n{stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    for n in needles {
        assert!(lines[0].contains(n), "`{n}` missing from: {stderr}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn missing_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nope.toml");
    let out = run_with(&path, None);
    assert_one_line_error(&out, &["not found", "nope.toml", "config.example.toml"]);
}

#[test]
fn malformed_toml() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, "token = \"abc\n[commands\n").unwrap();
    let out = run_with(&path, None);
    assert_one_line_error(&out, &["bad.toml", "not valid TOML"]);
}

#[test]
fn missing_token() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "data_dir = \"x\"\n").unwrap();
    let out = run_with(&path, None);
    assert_one_line_error(&out, &["no bot token", "DISCORD_TOKEN", "config.toml"]);
}

#[test]
fn misspelled_setting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "token = \"a.b.c\"\ngame_thread = true\n").unwrap();
    let out = run_with(&path, None);
    assert_one_line_error(&out, &["game_thread"]);
}

#[test]
fn example_config_needs_only_a_token() {
    // The shipped example is valid TOML with every key known; only the token is missing.
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
    let out = run_with(&example, None);
    assert_one_line_error(&out, &["no bot token"]);
}

#[test]
fn a_bad_token_from_the_environment_is_blamed_on_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "token = \"a.b.c\"\n").unwrap();
    let out = run_with(&path, Some("pasted wrong"));
    assert_one_line_error(&out, &["DISCORD_TOKEN", "environment variable", "token"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("config.toml"), "{stderr}");
}

#[test]
fn a_shard_range_beyond_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        "token = \"a.b.c\"\n[discord]\nshards = \"2-4\"\nshard_count = 4\n",
    )
    .unwrap();
    let out = run_with(&path, None);
    assert_one_line_error(&out, &["`shards`", "config.toml", "shard 4 does not exist"]);
}
