//! `catan-bot local` read as a new user would: how to play is said at the start (seats with
//! their colours, `quit`, a warning when the game is not kept), nothing of chat platforms is
//! printed (buttons, pings, markdown, reactions, acknowledgements), a command without a name
//! asks whose it is, `moves` and `build road ?` list the legal choices, a road between
//! non-neighbours names the neighbours and the legal roads, and a stored game resumes only
//! with its own players' names.

use crate::table_support;

use std::path::Path;
use std::process::{Command, Output};

use catan_bot::engine::Action;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const SEED: u64 = 5;

fn local(players: &str, data: Option<&Path>, script: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_catan-bot"));
    cmd.args(["local", "--players", players, "--no-boards", "--seed"])
        .arg(SEED.to_string())
        .arg("--script")
        .arg(script);
    if let Some(d) = data {
        cmd.arg("--data").arg(d);
    }
    cmd.output().expect("run catan-bot local")
}

fn write_script(dir: &Path, name: &str, lines: &[String]) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n")).expect("write script");
    path
}

#[test]
fn a_first_session_reads_like_a_terminal_game() {
    // The same game in-process, to know the seat order and a legal first settlement.
    let h = Harness::started(&NAMES, &format!("seed {SEED}"), quiet_options());
    let seats = h.seat_names();
    let first = seats[0].clone();
    let g = h.state();
    let topo = g.topology();
    let spot = g
        .legal_actions(0)
        .into_iter()
        .find_map(|a| match a {
            Action::BuildSettlement(v) => Some(v),
            _ => None,
        })
        .expect("a setup settlement");
    let spot_label = topo.vertex_label(spot);
    let far = (0..topo.vertex_count() as u8)
        .find(|&v| v != spot && !topo.vertex_neighbors[spot as usize].contains(&v))
        .expect("an intersection that is no neighbour");
    let dir = tempfile::tempdir().expect("tmp");
    let script = write_script(
        dir.path(),
        "first.txt",
        &[
            "moves".into(),
            format!("{first}: moves"),
            format!("{first}: build road ?"),
            format!("{first}: build settlement {spot_label}"),
            format!(
                "{first}: build road {spot_label}-{}",
                topo.vertex_label(far)
            ),
            format!("as {first}"),
            "build road ?".into(),
            "rules trading".into(),
            "help".into(),
            "status".into(),
            "quit".into(),
            format!("{first}: moves"),
        ],
    );
    let out = local("alice,bob,carol", None, &script);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");

    // How to play, said once at the start.
    let colours: Vec<String> = seats
        .iter()
        .zip(["red", "blue", "white"])
        .map(|(n, c)| format!("{n} ({c})"))
        .collect();
    assert!(stdout.contains(&colours.join(", ")), "{stdout}");
    assert!(stdout.contains("`quit` stops"), "{stdout}");
    assert!(stdout.contains("This game is not kept"), "{stdout}");
    assert_eq!(
        stdout.matches("Lobby").count(),
        1,
        "only help names the lobby: {stdout}"
    );

    // Nothing of chat platforms.
    for chat in ["[buttons", "**", "@", "React", "✅", "❌", "Type `join`"] {
        assert!(!stdout.contains(chat), "`{chat}` printed:\n{stdout}");
    }
    assert!(!stdout.lines().any(|l| l.starts_with("ack ")), "{stdout}");

    // A plain command asks whose it is; `as` answers once for all.
    assert!(
        stdout.contains(&format!(
            "Whose command is `moves`? Players: alice, bob, carol. The game waits for {first}."
        )),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("* now typing as {first}")));

    // Choices: what to do now, where a road can go, why a road is refused.
    assert!(
        stdout.contains(&format!("[private to {first}] What you can do now:")),
        "{stdout}"
    );
    // Best places first: the hint's best corner (with its pips) leads the list of moves.
    let best = stdout
        .split("→ `build settlement ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("a setup hint");
    assert!(
        stdout.contains(&format!("`build settlement {best}` · ")) && stdout.contains(" pips"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("build settlement {best}, ")),
        "{stdout}"
    );
    assert!(stdout.contains("You can't build a road now."), "{stdout}");
    let neighbours = topo.vertex_neighbors[spot as usize].len();
    assert!(
        stdout.contains(&format!(
            "are not neighbours, so no road joins them: {spot_label} neighbours"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Where you can build a road now ({neighbours}):")),
        "{stdout}"
    );
    assert!(stdout.contains("You can build a road at"), "{stdout}");

    // The rules speak of typed answers; help adds how to type here; status names colours.
    assert!(
        stdout.contains("an offer is posted for everyone to accept or decline"),
        "{stdout}"
    );
    assert!(
        stdout.contains("`as name` makes plain commands"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("▶ {first} (red): 1 VP")),
        "{stdout}"
    );

    // `moves`, and the empty `build road ?` that adds what can be done instead; nothing after
    // `quit` ran.
    assert_eq!(stdout.matches("What you can do now").count(), 2, "{stdout}");
}

#[test]
fn a_stored_game_resumes_only_with_its_own_players() {
    let (lines, h) = script_lines(&NAMES, SEED, 40);
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let first = write_script(dir.path(), "first.txt", &lines[..20]);
    let out = local("alice,bob,carol", Some(&data), &first);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("not kept"), "{stdout}");

    // Another player's name: refused, naming the stored players; nothing changes.
    let rest = write_script(dir.path(), "rest.txt", &lines[20..]);
    let out = local("alice,bob,dave", Some(&data), &rest);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--players alice,bob,carol"), "{stderr}");
    assert!(
        stderr.contains("alice, bob, carol, not by alice, bob, dave"),
        "{stderr}"
    );

    // The same names in another order: each keeps their seat, the game goes on.
    let out = local("carol,alice,bob", Some(&data), &rest);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("resumed game 1 at move 20"), "{stdout}");
    assert!(!stdout.contains("It is not your turn"), "{stdout}");
    let table = open_table(&data, quiet_options());
    let g = table.game_state(1).expect("game");
    assert_eq!(g.version(), h.state().version());
    assert_eq!(bincode::serialize(g).expect("ser"), h.serialized());
}
