//! The picture checked pixel by pixel at the places `BoardGeometry` says things are drawn:
//! decode the PNG and look at the colours a player would see.

use catan_bot::engine::game::{HeldCard, LastChange};
use catan_bot::engine::testkit;
use catan_bot::engine::{
    Building, DevCard, Game, GameView, LayoutKind, Phase, PortKind, Resource, Resources, Topology,
};
use catan_bot::render::{
    BoardGeometry, Color, GLOW, PILL, PLAYER, ROBBER, TOKEN_HOT, panel_lines, render_board,
    resource_color, sample_view,
};
use image::RgbImage;

fn names() -> Vec<String> {
    ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn draw(view: &GameView) -> RgbImage {
    let png = render_board(view, &names()).expect("render");
    image::load_from_memory(&png).expect("valid PNG").to_rgb8()
}

fn at(img: &RgbImage, (x, y): (f32, f32)) -> Color {
    img.get_pixel(x as u32, y as u32).0
}

fn near(a: Color, b: Color, tol: i32) -> bool {
    a.iter()
        .zip(b)
        .all(|(&x, y)| (x as i32 - y as i32).abs() <= tol)
}

/// A made-up mid-game position as `viewer` sees it.
fn mid_game(players: u8, seed: u64, viewer: Option<u8>) -> GameView {
    sample_view(players, LayoutKind::Variable, seed, viewer)
}

#[test]
fn same_view_renders_to_identical_bytes() {
    let view = mid_game(4, 11, None);
    let a = render_board(&view, &names()).expect("render");
    let b = render_board(&view.clone(), &names()).expect("render");
    assert_eq!(a, b);
    let c = render_board(&mid_game(4, 11, None), &names()).expect("render");
    assert_eq!(a, c);
}

#[test]
fn every_road_midpoint_has_its_owners_colour() {
    for (players, seed) in [(4, 1), (4, 2), (6, 3)] {
        let view = mid_game(players, seed, None);
        let geo = BoardGeometry::new(&view).expect("geometry");
        let img = draw(&view);
        let mut checked = 0;
        for (e, owner) in view.roads.iter().enumerate() {
            let Some(owner) = owner else { continue };
            let got = at(&img, geo.edge_midpoints[e]);
            assert!(
                near(got, PLAYER[*owner as usize], 2),
                "{players}p: road {e} of seat {owner}: {got:?}"
            );
            checked += 1;
        }
        assert!(checked >= 2 * players as usize, "only {checked} roads");
    }
}

#[test]
fn robber_is_drawn_on_whichever_hex_it_stands() {
    for players in [4, 6] {
        let mut view = mid_game(players, 5, None);
        let geo = BoardGeometry::new(&view).expect("geometry");
        for hex in 0..view.layout.terrain.len() as u8 {
            view.robber = hex;
            let img = draw(&view);
            let got = at(&img, geo.robber_point(hex));
            assert!(near(got, ROBBER, 2), "robber on hex {hex}: {got:?}");
            // And not on another hex. (Within 12, not 30: with edges stepped to quarters, a
            // mountain peak's dark grey outline, 24–30 away from the robber's colour, can fall
            // on that spot.)
            let other = (hex + 1) % view.layout.terrain.len() as u8;
            assert!(!near(at(&img, geo.robber_point(other)), ROBBER, 12));
        }
    }
}

#[test]
fn empty_intersections_show_their_pill_and_occupied_ones_do_not() {
    let view = mid_game(4, 8, None);
    let geo = BoardGeometry::new(&view).expect("geometry");
    let img = draw(&view);
    let mut empty = 0;
    let mut occupied = 0;
    for (v, pill) in geo.label_pills.iter().enumerate() {
        // Inside the pill's rounded left end, left of the digits.
        let p = (pill.x + 3.5, pill.y + pill.h / 2.0);
        let got = at(&img, p);
        match view.buildings[v] {
            None => {
                assert!(near(got, PILL, 1), "pill of {}: {got:?}", v + 1);
                empty += 1;
            }
            Some(b) => {
                assert!(
                    !near(got, PILL, 1),
                    "no pill under {} (seat {})",
                    v + 1,
                    b.owner
                );
                occupied += 1;
            }
        }
    }
    assert!(
        empty > 20 && occupied >= 8,
        "{empty} empty, {occupied} occupied"
    );
}

#[test]
fn a_city_has_a_different_silhouette_from_a_settlement() {
    let mut view = Game::new(catan_bot::engine::Settings::for_players(4), 4).view(None);
    let (settlement, city) = (10u8, 40u8);
    view.buildings[settlement as usize] = Some(Building {
        owner: 1,
        city: false,
    });
    view.buildings[city as usize] = Some(Building {
        owner: 1,
        city: true,
    });
    let geo = BoardGeometry::new(&view).expect("geometry");
    let img = draw(&view);
    let blue = PLAYER[1];
    let w = geo.building_size();
    let mask = |v: u8| -> Vec<bool> {
        let (cx, cy) = geo.vertices[v as usize];
        let mut m = Vec::new();
        for dy in -30..=30 {
            for dx in -30..=30 {
                let (x, y) = (cx + dx as f32 * w / 40.0, cy + dy as f32 * w / 40.0);
                m.push(near(at(&img, (x, y)), blue, 3));
            }
        }
        m
    };
    let (ms, mc) = (mask(settlement), mask(city));
    let count = |m: &[bool]| m.iter().filter(|&&b| b).count();
    assert!(count(&ms) > 200, "settlement drawn: {}", count(&ms));
    assert!(count(&mc) > count(&ms) * 5 / 4, "city is bigger");
    let differing = ms.iter().zip(&mc).filter(|(a, b)| a != b).count();
    assert!(differing > 300, "silhouettes differ by {differing} samples");
    // The city's hall reaches right of the vertex where a house has already ended.
    let right = |v: u8| {
        let (cx, cy) = geo.vertices[v as usize];
        at(&img, (cx + 0.62 * w, cy + 0.25 * w))
    };
    assert!(near(right(city), blue, 3));
    assert!(!near(right(settlement), blue, 3));
}

#[test]
fn six_and_eight_tokens_have_red_numbers_and_others_do_not() {
    for players in [4, 6] {
        let view = Game::new(catan_bot::engine::Settings::for_players(players), 9).view(None);
        let geo = BoardGeometry::new(&view).expect("geometry");
        let img = draw(&view);
        let r = geo.token_radius();
        for (h, token) in view.layout.tokens.iter().enumerate() {
            let Some(n) = token else { continue };
            let (cx, cy) = geo.token_center(h as u8);
            let mut red = 0;
            for y in (cy - r) as u32..(cy + r) as u32 {
                for x in (cx - r) as u32..(cx + r) as u32 {
                    if near(img.get_pixel(x, y).0, TOKEN_HOT, 20) {
                        red += 1;
                    }
                }
            }
            if matches!(n, 6 | 8) {
                assert!(red > 80, "token {n} on hex {h}: {red} red pixels");
            } else {
                assert_eq!(red, 0, "token {n} on hex {h} has red");
            }
        }
    }
}

#[test]
fn port_badges_show_their_resource_colour() {
    let view = Game::new(catan_bot::engine::Settings::for_players(4), 2).view(None);
    let geo = BoardGeometry::new(&view).expect("geometry");
    let img = draw(&view);
    let s = geo.hex_size;
    let mut specials = 0;
    for (port, place) in view.layout.ports.iter().zip(&geo.ports) {
        let p = (
            place.badge.0 - 0.75 * place.radius,
            place.badge.1 + 0.03 * s,
        );
        if let PortKind::Special(r) = port.kind {
            let got = at(&img, p);
            assert!(near(got, resource_color(r), 2), "{r:?} port: {got:?}");
            specials += 1;
        }
    }
    assert_eq!(specials, 5);
}

#[test]
fn last_change_glows_and_nothing_else_does() {
    let mut plain = Game::new(catan_bot::engine::Settings::for_players(4), 6).view(None);
    let topo = Topology::get(plain.layout.size);
    let v = 20u8;
    plain.buildings[v as usize] = Some(Building {
        owner: 0,
        city: false,
    });
    let robber_hex = topo.vertex_hexes[v as usize][0];
    plain.robber = robber_hex;
    let glow_near = |view: &GameView, p: (f32, f32), radius: f32| {
        let img = draw(view);
        let mut n = 0;
        for y in (p.1 - radius) as u32..(p.1 + radius) as u32 {
            for x in (p.0 - radius) as u32..(p.0 + radius) as u32 {
                if near(img.get_pixel(x, y).0, GLOW, 12) {
                    n += 1;
                }
            }
        }
        n
    };
    let geo = BoardGeometry::new(&plain).expect("geometry");
    let s = geo.hex_size;
    assert_eq!(glow_near(&plain, geo.vertices[v as usize], 0.45 * s), 0);
    let mut lit = plain.clone();
    lit.last_placed = LastChange {
        vertices: vec![v],
        edges: vec![],
        robber: Some(robber_hex),
    };
    assert!(glow_near(&lit, geo.vertices[v as usize], 0.45 * s) > 100);
    let far_corner = geo.hex_centers[robber_hex as usize];
    let hex_ring = (far_corner.0 - 0.9 * s * 0.866, far_corner.1);
    assert!(glow_near(&lit, hex_ring, 6.0) > 5, "robber's hex outlined");
}

#[test]
fn panel_lines_follow_the_state() {
    let mut view = mid_game(4, 12, None);
    view.phase = Phase::BeforeRoll;
    view.current = 1;
    view.turn = 23;
    view.last_roll = Some((3, 4));
    view.players[1].knights_played = 3;
    view.largest_army = Some(1);
    view.players[2].resource_count = 11;
    let lines = panel_lines(&view, &names());
    assert_eq!(lines[0], "Turn 23: Bob to roll");
    assert_eq!(lines[1], "Last roll: 3 + 4 = 7");
    let carol = lines.iter().find(|l| l.starts_with("Carol")).expect("row");
    assert!(carol.contains("Cards 11"), "{carol}");
    let bob = lines.iter().find(|l| l.starts_with("Bob")).expect("row");
    assert!(
        bob.contains("[turn]") && bob.contains("[Largest Army]"),
        "{bob}"
    );
    assert!(bob.contains("Knights 3"), "{bob}");
    let vp = view.players[1].public_vp;
    assert!(bob.contains(&format!("VP {vp} ")), "{bob}");
    assert!(lines.iter().any(|l| l.contains("Largest Army: Bob (3)")));
    assert!(!lines.iter().any(|l| l.contains("Your hand")));

    view.phase = Phase::Discard {
        owed: vec![(0, 4), (3, 5)],
    };
    let lines = panel_lines(&view, &names());
    assert!(lines[0].contains("Alice 4, Dave 5"), "{}", lines[0]);
    // Missing or blank names fall back to the seat number.
    let lines = panel_lines(&view, &["Ann".into(), " \u{7}".into()]);
    assert!(lines.iter().any(|l| l.starts_with("Seat 2 (blue)")));
}

#[test]
fn the_private_hand_appears_only_for_its_owner() {
    let public = mid_game(4, 13, None);
    let mut private = mid_game(4, 13, Some(0));
    let own = private.own.as_mut().expect("own hand");
    own.hand = Resources([2, 0, 1, 0, 3]);
    own.dev_cards = vec![HeldCard {
        card: DevCard::VictoryPoint,
        bought_turn: 3,
    }];
    let lines = panel_lines(&private, &names());
    assert!(
        lines
            .iter()
            .any(|l| l == "Your hand: 2 brick, 0 lumber, 1 wool, 0 grain, 3 ore")
    );
    assert!(lines.iter().any(|l| l.contains("Victory Point")));
    assert!(
        !panel_lines(&public, &names())
            .iter()
            .any(|l| l.contains("Victory Point"))
    );

    let geo_pub = BoardGeometry::new(&public).expect("geometry");
    let geo_priv = BoardGeometry::new(&private).expect("geometry");
    assert!(geo_pub.panel.hand.is_none());
    let hand = geo_priv.panel.hand.expect("hand box");
    let img = draw(&private);
    // The brick chip is the first one in the box.
    let chip = (hand.x + 20.0, hand.y + 55.0);
    assert!(near(at(&img, chip), resource_color(Resource::Brick), 2));
    let img_pub = draw(&public);
    assert_eq!(img_pub.height(), geo_pub.height);
    assert!(img_pub.height() < img.height());
}

#[test]
fn public_picture_does_not_depend_on_hidden_information() {
    // A real game a few turns in: the secrets are the engine's, and `view` must hide them.
    let mut game = Game::new(catan_bot::engine::Settings::for_players(4), 14);
    testkit::random_playout(&mut game, 14, 150);
    testkit::set_hand(&mut game, 1, Resources([2, 0, 0, 0, 0]));
    testkit::set_dev_cards(
        &mut game,
        1,
        vec![HeldCard {
            card: DevCard::Knight,
            bought_turn: 2,
        }],
    );
    let before = render_board(&game.view(None), &names()).expect("render");
    let seat0_before = render_board(&game.view(Some(0)), &names()).expect("render");
    // Same counts, different secrets: other cards, a hidden VP card, another deck order.
    testkit::set_hand(&mut game, 1, Resources([0, 0, 0, 1, 1]));
    testkit::set_dev_cards(
        &mut game,
        1,
        vec![HeldCard {
            card: DevCard::VictoryPoint,
            bought_turn: 2,
        }],
    );
    testkit::reverse_deck(&mut game);
    assert_eq!(
        before,
        render_board(&game.view(None), &names()).expect("render")
    );
    assert_eq!(
        seat0_before,
        render_board(&game.view(Some(0)), &names()).expect("render")
    );
}

#[test]
fn every_board_and_player_count_renders() {
    for players in 3..=6u8 {
        for layout in [
            LayoutKind::Beginner,
            LayoutKind::Variable,
            LayoutKind::RandomTokens,
        ] {
            let view = sample_view(players, layout, 21, Some(0));
            let png = render_board(&view, &names()).expect("render");
            let img = image::load_from_memory(&png).expect("valid PNG").to_rgb8();
            let geo = BoardGeometry::new(&view).expect("geometry");
            assert_eq!(geo.hex_centers.len(), if players >= 5 { 30 } else { 19 });
            assert_eq!((img.width(), img.height()), (geo.width, geo.height));
        }
    }
}
