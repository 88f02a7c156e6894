//! The moves of a whole game in an encrypted room (tests/matrix/encrypted.rs), each made as a
//! player makes it and checked twice: in the table (hands changed exactly as the move says)
//! and in what the players' clients decrypted.

use catan_bot::engine::{Action, Game, Resource, Resources};
use catan_bot::table::GameSummary;

use super::bot::body;
use super::encrypted_game::{EncryptedTable, bot_messages, change, minus};
use super::{WAIT, wait_until};

/// A roll by 🎲: every player's client decrypts the dice the table rolled.
pub async fn roll(t: &EncryptedTable, name: &str) {
    t.act(name, &Action::Roll).await;
    let (_, game) = t.state().await;
    let (a, b) = game.view(None).last_roll.expect("the dice were rolled");
    let text = format!("{name} rolled {a} + {b} = {}", a + b);
    for viewer in ["alice", "bob", "carol"] {
        assert!(t.read(viewer, &t.room, &text).await.decrypted);
    }
}

/// `name` reacts ✅ on `old_turn`, the turn message of an earlier turn: as its End turn
/// button would be, it is refused in their encrypted direct room, naming the live turn, and
/// the game does not move.
pub async fn stale_end(t: &EncryptedTable, name: &str, old_turn: &str) {
    let (_, game) = t.state().await;
    let before = game.view(None);
    t.player(name).react(&t.room, old_turn, "✅").await;
    let dm = t.dm(name).await;
    let refusal = t.read(name, &dm, "earlier turn").await;
    assert!(refusal.decrypted, "the refusal came encrypted");
    assert!(
        body(&refusal.event).contains(&format!("turn {}", before.turn)),
        "names the live turn: {}",
        body(&refusal.event)
    );
    let (_, after) = t.state().await;
    assert_eq!(after.view(None), before, "a stale ✅ changed the game");
}

/// A build: the hand pays exactly the piece's cost; the others read it.
pub async fn build_once(t: &EncryptedTable, name: &str, build: &Action) {
    let cost = match build {
        Action::BuildRoad(_) => Resources::ROAD,
        Action::BuildSettlement(_) => Resources::SETTLEMENT,
        _ => Resources::CITY,
    };
    let before = t.hand(name).await;
    t.act(name, build).await;
    assert_eq!(
        change(&before, &t.hand(name).await),
        minus(&cost),
        "{build:?}"
    );
    let other = if name == "alice" { "bob" } else { "alice" };
    assert!(
        t.read(other, &t.room, &format!("{name} built a"))
            .await
            .decrypted
    );
}

/// A bank trade: `count` of `get` in, the port's rate × `count` of `give` out, nothing else.
pub async fn bank_trade(t: &EncryptedTable, name: &str, give: Resource, get: Resource, count: u8) {
    let before = t.hand(name).await;
    let (summary, game) = t.state().await;
    let action = Action::MaritimeTrade { give, get, count };
    t.say(name, &EncryptedTable::typed(&game, &summary, &action))
        .await;
    t.applied_once(game.view(None).version, "the bank trade")
        .await;
    let moved = change(&before, &t.hand(name).await);
    let paid = -moved[give as usize];
    let rate = paid / i32::from(count);
    assert!(
        (2..=4).contains(&rate) && paid == rate * i32::from(count),
        "{moved:?}"
    );
    let mut expected = [0; 5];
    expected[give as usize] = -paid;
    expected[get as usize] = i32::from(count);
    assert_eq!(moved, expected, "only the traded cards moved");
    assert!(
        t.read("carol", &t.room, &format!("{name} traded"))
            .await
            .decrypted
    );
}

/// Who `seat` can trade one card with: the next seat, a card each of them holds.
pub async fn trade_partner(
    t: &EncryptedTable,
    summary: &GameSummary,
    game: &Game,
    seat: u8,
) -> Option<(String, Resource, Resource)> {
    let partner_seat = (seat as usize + 1) % 3;
    let partner = summary.players[partner_seat].1.clone();
    let hand = t.hand(&summary.players[seat as usize].1).await;
    let theirs = game
        .view(Some(partner_seat as u8))
        .own
        .expect("partner's view")
        .hand;
    let give = Resource::ALL
        .into_iter()
        .find(|r| hand.0[*r as usize] > 0)?;
    let get = Resource::ALL
        .into_iter()
        .find(|r| theirs.0[*r as usize] > 0 && *r != give)?;
    Some((partner, give, get))
}

/// A trade offered by command, accepted with an (encrypted) ✅ on the offer message and
/// confirmed by command: one card each way, exactly, and the offer's message says it is done.
pub async fn reaction_trade(
    t: &EncryptedTable,
    from: &str,
    partner: &str,
    give: Resource,
    get: Resource,
) {
    let (_, game) = t.state().await;
    let before_version = game.view(None).version;
    let (from_before, partner_before) = (t.hand(from).await, t.hand(partner).await);
    let third = ["alice", "bob", "carol"]
        .into_iter()
        .find(|n| *n != from && *n != partner)
        .expect("a third player");
    let third_before = t.hand(third).await;
    t.say(
        from,
        &format!("!catan trade offer 1 {} for 1 {}", give.name(), get.name()),
    )
    .await;
    let offer = wait_until("the partner reads the offer", WAIT, async || {
        bot_messages(t.player(partner), &t.room, &t.bot_user)
            .into_iter()
            .rev()
            .find(|s| {
                body(&s.event).starts_with("Trade offer #")
                    && s.event["content"].get("m.relates_to").is_none()
            })
    })
    .await;
    assert!(offer.decrypted, "{:?}", offer.event);
    let text = body(&offer.event);
    let number: String = text["Trade offer #".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let offer_event = offer.event["event_id"].as_str().expect("an event id");
    t.player(partner).react(&t.room, offer_event, "✅").await;
    let edits_of_offer = |viewer: &str| {
        bot_messages(t.player(viewer), &t.room, &t.bot_user)
            .into_iter()
            .filter(|s| s.event["content"]["m.relates_to"]["event_id"] == offer_event)
            .collect::<Vec<_>>()
    };
    wait_until("the offerer reads the acceptance", WAIT, async || {
        edits_of_offer(from)
            .iter()
            .any(|s| s.decrypted && body(&s.event).contains(&format!("Accepted by: {partner}")))
            .then_some(())
    })
    .await;
    t.say(from, &format!("!catan trade confirm {number} {partner}"))
        .await;
    t.applied_once(before_version, "the confirmed trade").await;
    let mut gave = [0; 5];
    gave[give as usize] = -1;
    gave[get as usize] = 1;
    assert_eq!(change(&from_before, &t.hand(from).await), gave);
    assert_eq!(
        change(&partner_before, &t.hand(partner).await),
        gave.map(|n| -n)
    );
    assert_eq!(t.hand(third).await, third_before);
    let done = format!("Trade offer #{number} is done");
    wait_until("the third player reads the offer done", WAIT, async || {
        edits_of_offer(third)
            .iter()
            .any(|s| s.decrypted && body(&s.event).contains(&done))
            .then_some(())
    })
    .await;
}

/// A discard after a 7: the player is told in their encrypted direct room how many cards,
/// types the discard in the game room, and loses exactly those cards.
pub async fn discard(t: &EncryptedTable, name: &str, cards: &Resources) {
    let dm = t.dm(name).await;
    let told = t.read(name, &dm, "You must discard").await;
    assert!(told.decrypted, "{:?}", told.event);
    assert!(
        t.player(name).notifies(&told).await,
        "a discard reaches the player: {:?}",
        told.event
    );
    assert!(
        body(&told.event).contains(&format!("{} cards", cards.total())),
        "{:?}",
        told.event
    );
    let before = t.hand(name).await;
    t.act(name, &Action::Discard(*cards)).await;
    assert_eq!(change(&before, &t.hand(name).await), minus(cards));
    let other = if name == "alice" { "bob" } else { "alice" };
    assert!(
        t.read(other, &t.room, &format!("{name} discarded"))
            .await
            .decrypted
    );
}
