//! The command language's tests: every form a command may be typed in, the refusals, and
//! `command_for` round trips.

use super::*;
use crate::engine::BoardSize;

fn players() -> Vec<(UserId, String)> {
    vec![
        (11, "alice".into()),
        (22, "Bob".into()),
        (33, "carol".into()),
    ]
}

fn with_ctx<T>(f: impl FnOnce(&ParseContext) -> T) -> T {
    let p = players();
    let ctx = ParseContext {
        topology: Topology::get(BoardSize::Standard),
        players: &p,
    };
    f(&ctx)
}

fn p(text: &str) -> Result<Command, ParseError> {
    with_ctx(|ctx| parse(text, Some(ctx)))
}

fn act(text: &str) -> Action {
    match p(text) {
        Ok(Command::Action(a)) => a,
        other => panic!("{text}: {other:?}"),
    }
}

fn topo() -> &'static Topology {
    Topology::get(BoardSize::Standard)
}

#[test]
fn roads_in_any_order_and_separator() {
    let t = topo();
    let e = t
        .edge_between(7, 12)
        .expect("8-13 is an edge on the standard board");
    for text in [
        "build road 8-13",
        "build road 13-8",
        "build road 8 13",
        "road 13 8",
    ] {
        assert_eq!(act(text), Action::BuildRoad(e), "{text}");
    }
}

#[test]
fn road_between_non_neighbours_is_refused_with_reason() {
    let err = p("build road 1-40").unwrap_err();
    assert!(err.to_string().contains("not neighbours"), "{err}");
    let err = p("build road 99-100").unwrap_err();
    assert!(err.to_string().contains("numbered 1 to 54"), "{err}");
    let err = p("build road 12").unwrap_err();
    assert!(err.to_string().contains("two intersections"), "{err}");
}

#[test]
fn road_examples_are_roads_on_every_board() {
    let p = players();
    for size in [BoardSize::Standard, BoardSize::Extended] {
        let ctx = ParseContext {
            topology: Topology::get(size),
            players: &p,
        };
        for example in [U_ROAD, U_ROAD_BUILDING, "play road-building 8-13"] {
            assert!(
                matches!(parse(example, Some(&ctx)), Ok(Command::Action(_))),
                "{example} on {size:?}"
            );
        }
    }
}

#[test]
fn non_neighbours_are_refused_naming_the_neighbours() {
    let err = p("build road 12-13").unwrap_err();
    assert_eq!(
        err,
        ParseError::NotNeighbours {
            a: "12".into(),
            b: "13".into(),
            neighbours: "8 and 17".into(),
            usage: U_ROAD
        }
    );
    assert!(
        err.to_string().contains(": 12 neighbours 8 and 17."),
        "{err}"
    );
    let err = p("play road-building 8-13 14-15").unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::NotNeighbours {
                usage: U_ROAD_BUILDING,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn settlements_cities_and_buy() {
    assert_eq!(act("build settlement 12"), Action::BuildSettlement(11));
    assert_eq!(act("settle 1"), Action::BuildSettlement(0));
    assert_eq!(act("build city 54"), Action::BuildCity(53));
    assert_eq!(act("buy"), Action::BuyDevCard);
    assert_eq!(act("buy development card"), Action::BuyDevCard);
    assert_eq!(act("Roll"), Action::Roll);
    assert_eq!(act("end turn"), Action::EndTurn);
    assert!(p("build settlement 55").is_err());
    assert!(
        p("build castle 5")
            .unwrap_err()
            .to_string()
            .contains("castle")
    );
    assert!(p("buy road").is_err());
}

#[test]
fn resources_in_every_form() {
    let want = Resources([0, 0, 2, 0, 1]);
    for text in [
        "discard 2 wool 1 ore",
        "discard wool wool ore",
        "discard 2 sheep and 1 stone",
        "discard 2wool, ore",
    ] {
        assert_eq!(act(text), Action::Discard(want), "{text}");
    }
    let err = p("discard 2 gold").unwrap_err();
    assert!(
        err.to_string().contains("`gold` is not a resource"),
        "{err}"
    );
    assert!(p("discard 2").is_err());
    assert!(p("discard").is_err());
    assert!(p("discard 0 wool").is_err());
}

#[test]
fn cards_in_both_editions() {
    assert_eq!(
        act("play year of plenty wheat wood"),
        Action::PlayInvention(Resource::Grain, Resource::Lumber)
    );
    assert_eq!(
        act("play invention 2 ore"),
        Action::PlayInvention(Resource::Ore, Resource::Ore)
    );
    assert_eq!(
        act("play monopoly sheep"),
        Action::PlayMonopoly(Resource::Wool)
    );
    let e1 = topo().edge_between(7, 12).unwrap_or_default();
    let e2 = topo().edge_between(12, 8).unwrap_or_default();
    assert_eq!(
        act("play road building 8-13 13-9"),
        Action::PlayRoadBuilding {
            first: e1,
            second: Some(e2)
        }
    );
    assert_eq!(
        act("play road-building 8-13"),
        Action::PlayRoadBuilding {
            first: e1,
            second: None
        }
    );
    assert!(
        p("play invention ore")
            .unwrap_err()
            .to_string()
            .contains("exactly 2")
    );
    assert!(
        p("play vp")
            .unwrap_err()
            .to_string()
            .contains("never played")
    );
    assert!(p("play chess").is_err());
}

#[test]
fn robber_and_knight_targets() {
    let c3 = topo().parse_hex("C3").unwrap_or_default();
    assert_eq!(
        act("robber C3 bob"),
        Action::MoveRobber {
            hex: c3,
            victim: Some(1)
        }
    );
    assert_eq!(
        act("move robber c3 @Bob"),
        Action::MoveRobber {
            hex: c3,
            victim: Some(1)
        }
    );
    assert_eq!(
        act("robber C3 <@33>"),
        Action::MoveRobber {
            hex: c3,
            victim: Some(2)
        }
    );
    assert_eq!(
        act("robber C3"),
        Action::MoveRobber {
            hex: c3,
            victim: None
        }
    );
    assert_eq!(
        act("play knight C3 seat 3"),
        Action::PlayKnight {
            hex: c3,
            victim: Some(2)
        }
    );
    assert!(
        p("robber C3 dave")
            .unwrap_err()
            .to_string()
            .contains("1 alice, 2 Bob, 3 carol")
    );
    // Exact names only: a prefix could name the wrong player.
    assert!(p("robber C3 car").is_err());
    assert!(p("robber Z9 bob").unwrap_err().to_string().contains("A1"));
    assert!(p("robber C3 <@99>").is_err());
}

#[test]
fn bank_trades() {
    assert_eq!(
        p("bank 4 ore for 1 wool"),
        Ok(Command::Bank {
            give: Resource::Ore,
            give_amount: Some(4),
            get: Resource::Wool,
            get_amount: 1
        })
    );
    assert_eq!(
        p("bank ore for 2 wool"),
        Ok(Command::Bank {
            give: Resource::Ore,
            give_amount: None,
            get: Resource::Wool,
            get_amount: 2
        })
    );
    assert!(p("bank 4 ore for 4 ore").is_err());
    assert!(p("bank 4 ore").is_err());
    assert!(p("bank 2 ore 2 wool for grain").is_err());
}

#[test]
fn trade_commands() {
    assert_eq!(
        p("trade offer 1 wool for 1 ore to bob"),
        Ok(Command::Trade(TradeCommand::Offer {
            give: Resources::one(Resource::Wool),
            get: Resources::one(Resource::Ore),
            to: Some(1)
        }))
    );
    assert_eq!(
        p("trade accept 3"),
        Ok(Command::Trade(TradeCommand::Accept(3)))
    );
    assert_eq!(
        p("trade decline #3"),
        Ok(Command::Trade(TradeCommand::Decline(3)))
    );
    assert_eq!(
        p("trade confirm 3 carol"),
        Ok(Command::Trade(TradeCommand::Confirm(3, 2)))
    );
    assert_eq!(
        p("trade withdraw 1"),
        Ok(Command::Trade(TradeCommand::Withdraw(1)))
    );
    assert_eq!(p("trade list"), Ok(Command::Trade(TradeCommand::List)));
    assert!(p("trade accept x").is_err());
    assert!(p("trade confirm 3").is_err());
    assert!(p("trade offer 1 wool").is_err());
    assert!(p("trade dance").is_err());
}

#[test]
fn game_commands_need_a_game() {
    assert_eq!(parse("build road 1-2", None), Err(ParseError::NoGame));
    assert_eq!(parse("roll", None), Ok(Command::Action(Action::Roll)));
    assert_eq!(parse("/catan join", None), Ok(Command::Join));
    assert_eq!(parse("Rematch", None), Ok(Command::Rematch));
    assert!(parse("rematch now", None).is_err());
    assert_eq!(parse("export", None), Ok(Command::Export));
    assert_eq!(parse("   ", None), Err(ParseError::Empty));
    assert!(matches!(parse("dance", None), Err(ParseError::Unknown(_))));
}

#[test]
fn command_for_round_trips_every_kind() {
    let t = topo();
    let e1 = t.edge_between(7, 12).unwrap_or_default();
    let e2 = t.edge_between(12, 8).unwrap_or_default();
    let actions = vec![
        Action::Roll,
        Action::EndTurn,
        Action::BuyDevCard,
        Action::Discard(Resources([1, 0, 2, 0, 1])),
        Action::MoveRobber {
            hex: 4,
            victim: Some(2),
        },
        Action::MoveRobber {
            hex: 4,
            victim: None,
        },
        Action::BuildRoad(e1),
        Action::BuildSettlement(7),
        Action::BuildCity(53),
        Action::PlayKnight {
            hex: 18,
            victim: Some(0),
        },
        Action::PlayRoadBuilding {
            first: e1,
            second: Some(e2),
        },
        Action::PlayRoadBuilding {
            first: e2,
            second: None,
        },
        Action::PlayInvention(Resource::Brick, Resource::Brick),
        Action::PlayMonopoly(Resource::Grain),
    ];
    for a in actions {
        let text = with_ctx(|ctx| command_for(&a, ctx));
        assert_eq!(act(&text), a, "{text}");
    }
    let bank = with_ctx(|ctx| {
        command_for(
            &Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 2,
            },
            ctx,
        )
    });
    assert_eq!(
        p(&bank),
        Ok(Command::Bank {
            give: Resource::Ore,
            give_amount: None,
            get: Resource::Wool,
            get_amount: 2
        })
    );
}
