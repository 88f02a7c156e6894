//! A seeded three-player game brought to its first turn through slash commands, for tests
//! that need a game in its main phase (trades, say): the lobby, the setup (each placement at
//! the first place autocomplete offers), the first roll and, on a 7, the robber.

use serde_json::json;

use super::bot_process::BotProcess;
use super::fake_discord::*;
use super::players::{Discord, Player, wait_recorded};

/// A new message in the test's channel.
pub fn is_channel_post(r: &Request) -> bool {
    r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
}

/// Opens a game with `seed` for `players` (the first is the host), seats the others, starts
/// it, places every setup piece and makes the first roll. Returns the player whose turn it is.
pub async fn to_first_turn<'a>(
    d: &Discord,
    bot: &BotProcess,
    players: [&'a Player; 3],
    seed: u32,
) -> &'a Player {
    let fake = &d.fake;
    let start = fake.request_count();
    d.command(
        players[0],
        &["catan", "new"],
        &[("seed", json!(seed)), ("players", json!(3))],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby message", |r| {
            is_channel_post(r) && r.content().contains(players[0].name)
        })
        .await;
    let lobby_id = lobby.created_message.expect("posted");
    wait_recorded(bot, lobby_id).await;
    for p in &players[1..] {
        let start = fake.request_count();
        d.command(p, &["catan", "join"], &[]).await;
        fake.wait_from(start, "the lobby edited with the new seat", |r| {
            r.edited_message() == Some(lobby_id) && r.content().contains(p.name)
        })
        .await;
    }
    let start = fake.request_count();
    d.command(players[0], &["catan", "start"], &[]).await;
    let first = fake
        .wait_from(start, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    wait_recorded(bot, first.created_message.expect("posted")).await;
    for placement in 0..6 {
        place_one(d, bot, players, placement).await;
    }
    for p in players {
        let rolled = d.command(p, &["catan-move", "roll"], &[]).await;
        if !rolled.content().contains("Your hand") {
            continue;
        }
        let hexes = d
            .autocomplete(p, &["catan-move", "robber"], &[("hex", json!(""))], "hex")
            .await;
        if let Some(hex) = hexes.first() {
            let victims = d
                .autocomplete(
                    p,
                    &["catan-move", "robber"],
                    &[("hex", json!(hex.1)), ("victim", json!(""))],
                    "victim",
                )
                .await;
            let mut options = vec![("hex", json!(hex.1))];
            if let Some(v) = victims.first() {
                options.push(("victim", json!(v.1)));
            }
            let moved = d.command(p, &["catan-move", "robber"], &options).await;
            assert!(
                moved.content().contains("Your hand"),
                "the robber moved: {}",
                moved.content()
            );
        }
        return p;
    }
    panic!("nobody could roll:\n{}", fake.describe());
}

/// One setup placement: a settlement and its road by whoever is placing now.
async fn place_one(d: &Discord, bot: &BotProcess, players: [&Player; 3], placement: usize) {
    let fake = &d.fake;
    for p in players {
        let places = d
            .autocomplete(
                p,
                &["catan-move", "build", "settlement"],
                &[("place", json!(""))],
                "place",
            )
            .await;
        let Some(place) = places.first() else {
            continue;
        };
        let start = fake.request_count();
        let built = d
            .command(
                p,
                &["catan-move", "build", "settlement"],
                &[("place", json!(place.1))],
            )
            .await;
        assert!(built.content().contains("Your hand"), "{}", built.content());
        fake.wait_from(start, "the settlement on the turn message", |r| {
            r.is_channel_edit()
                && r.content()
                    .contains(&format!("{} built a settlement", p.name))
        })
        .await;
        let roads = d
            .autocomplete(
                p,
                &["catan-move", "build", "road"],
                &[("place", json!(""))],
                "place",
            )
            .await;
        let road = roads.first().expect("a road follows the settlement");
        let start = fake.request_count();
        let built = d
            .command(
                p,
                &["catan-move", "build", "road"],
                &[("place", json!(road.1))],
            )
            .await;
        assert!(built.content().contains("Your hand"), "{}", built.content());
        // The road ends the placement: the next one gets a new turn message.
        let next = fake
            .wait_from(start, "the next turn message", |r| {
                is_channel_post(r) && !r.png_files().is_empty()
            })
            .await;
        wait_recorded(bot, next.created_message.expect("posted")).await;
        return;
    }
    panic!("someone must be placing (placement {placement})");
}
