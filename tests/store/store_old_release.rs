//! A data directory written by the release before the Matrix adapter (commit 8e72478, the
//! console game in `tests/fixtures/data-8e72478.script.txt`: `catan-bot local --players
//! alice,bob,carol --seed 5 --data DIR --script …`) loads with today's code and the game goes
//! on: platform-neutral ids changed nothing in what is stored.

use catan_bot::store::SledStore;
use catan_bot::table::{Caller, Table, TableOptions};

fn copy_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/data-8e72478");
    for entry in std::fs::read_dir(&fixture).expect("fixture") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).expect("copy");
    }
    dir
}

fn open(dir: &std::path::Path) -> Table {
    let store = SledStore::open(dir).expect("the old directory opens");
    Table::open(Box::new(store), TableOptions::default()).expect("the table opens")
}

#[test]
fn a_game_stored_by_the_previous_release_resumes_and_goes_on() {
    let dir = copy_fixture();
    let mut table = open(dir.path());
    assert!(
        table.load_problems().is_empty(),
        "{:?}",
        table.load_problems()
    );
    let games = table.games();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let names: Vec<&str> = game.players.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["alice", "bob", "carol"]);
    assert!(
        catan_bot::discord::PLATFORM.owns(game.place),
        "old ids keep their platform"
    );
    // 12 setup placements and alice's roll.
    assert_eq!(game.version, Some(13));
    let (alice, _) = game.players[0].clone();
    let caller = Caller::new(game.place, alice, "alice");
    let replies = table.handle_text(&caller, "end", 1);
    assert!(!replies.iter().any(|r| r.is_refusal()), "{replies:?}");
    drop(table);
    let table = open(dir.path());
    assert_eq!(
        table.games()[0].version,
        Some(14),
        "the new move is stored too"
    );
}
