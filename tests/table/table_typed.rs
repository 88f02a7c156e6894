//! Typed requests (what a slash command hands the table) and typed lines are one language:
//! for a bad place, a stranger, a discard of nothing, `Table::handle_command` answers exactly
//! what `handle_text` answers for the same line (the refusal, its hint of legal places, its
//! audience), and the game does not move; a place typed into a field builds as the line does.

use crate::table_support;

use catan_bot::engine::{Action, Resource};
use catan_bot::table::{Piece, Reply, Request};
use table_support::*;

/// What `name` gets for `request`, and for `line`, at the same moment.
fn both(h: &mut Harness, name: &str, request: Request, line: &str) -> (Vec<Reply>, Vec<Reply>) {
    let caller = h.caller(name);
    let now = h.now;
    let typed = h.table_mut().handle_command(&caller, request, now);
    let text = h.table_mut().handle_text(&caller, line, now);
    (typed, text)
}

#[test]
fn refusals_of_typed_fields_are_the_typed_lines_refusals() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 7", quiet_options());
    let seat = h.state().current();
    let name = h.seat_name(seat);
    let settle = h
        .state()
        .legal_actions(seat)
        .into_iter()
        .find(|a| matches!(a, Action::BuildSettlement(_)))
        .expect("a first settlement spot");
    assert_no_refusal(&h.play(seat, &settle), "the first settlement");
    let version = h.state().version();

    let build = |piece, place: &str| Request::Build {
        piece,
        place: place.into(),
    };
    for (request, line) in [
        (build(Piece::Settlement, "E12"), "build settlement E12"),
        (build(Piece::Road, "1-40"), "build road 1-40"),
        (build(Piece::Road, "12"), "build road 12"),
        (Request::Discard(vec![(Resource::Wool, 0)]), "discard"),
        (
            Request::Robber {
                hex: "C3".into(),
                victim: Some("dave".into()),
            },
            "robber C3 dave",
        ),
        (
            Request::Offer {
                give: "1 wool".into(),
                get: "1 ore".into(),
                to: Some(999),
            },
            "trade offer 1 wool for 1 ore to <@999>",
        ),
    ] {
        let (typed, text) = both(&mut h, &name, request, line);
        assert!(typed.iter().any(Reply::is_refusal), "{line}: {typed:?}");
        assert_eq!(typed, text, "{line}");
    }
    // A road between two corners that do not touch is explained, then the legal roads named.
    let (typed, _) = both(&mut h, &name, build(Piece::Road, "1-40"), "build road 1-40");
    let refusal = typed.iter().find(|r| r.is_refusal()).expect("refused");
    assert!(
        refusal.text.contains("not neighbours") && refusal.text.contains("You can build a road at"),
        "{}",
        refusal.text
    );
    assert_eq!(h.state().version(), version, "nothing moved");

    // The first legal road, its label typed into the field: built.
    let road = h
        .state()
        .legal_actions(seat)
        .into_iter()
        .find_map(|a| match a {
            Action::BuildRoad(e) => Some(e),
            _ => None,
        })
        .expect("a road after the settlement");
    let label = h.state().topology().edge_label(road);
    let caller = h.caller(&name);
    let now = h.now;
    let built = h
        .table_mut()
        .handle_command(&caller, build(Piece::Road, &label), now);
    assert_no_refusal(&built, "the road typed into its field");
    assert_eq!(h.state().version(), version + 1);
}
