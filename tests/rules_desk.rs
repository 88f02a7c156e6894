//! The rules desk: free questions (`rules <question>`) answered from the knowledge base.
//!
//! The held-out questions below are phrased the way players ask, not like the entries; they
//! were written before the desk was tuned and the entries were not worded to fit them. The
//! accuracy is a deterministic fact about the data (BM25 over fixed texts, ties broken by
//! entry order), so the bound is exact, not statistical. It is printed with every miss.

mod table_support;

use catan_bot::table::rules_desk::{Answer, Desk, MAX_QUESTION_CHARS};
use catan_bot::table::typed_hints::typed_hints_line;
use catan_bot::table::{Audience, Hint};
use table_support::*;

/// (question as a player would ask it, the entry that answers it)
const HELD_OUT: &[(&str, &str)] = &[
    (
        "can I build a road through someone's settlement?",
        "road-through-opponent",
    ),
    ("what if the bank runs out of ore?", "shortage"),
    ("how much is a city", "city-upgrade"),
    (
        "i have 9 cards and somebody rolled a seven, how many do i lose",
        "discard-odd",
    ),
    (
        "do i get stuff when it's not my turn and my number comes up",
        "production-any-turn",
    ),
    ("can the thief be put on the desert again", "robber-desert"),
    (
        "can i steal a knight card from another player",
        "steal-dev-cards",
    ),
    ("is it ok to give my friend a sheep for nothing", "no-gifts"),
    (
        "can bob and carol trade while it's my turn",
        "triangle-trade",
    ),
    ("can i trade 2 wheat at the wheat harbour", "port-special"),
    (
        "does the harbor work right after i build there",
        "port-same-turn",
    ),
    (
        "how many times can i trade with the bank in a turn",
        "bank-multiple",
    ),
    ("can i play two dev cards in one turn", "one-card-per-turn"),
    (
        "i just bought a knight, can i use it now",
        "card-bought-this-turn",
    ),
    ("what does year of plenty give me", "invention-card"),
    (
        "what happens when i play monopoly on wheat",
        "monopoly-card",
    ),
    (
        "do unrevealed victory point cards count toward 10",
        "vp-cards",
    ),
    (
        "does a loop of roads count for longest road",
        "longest-route-count",
    ),
    (
        "my buddy built a house in the middle of my long road, who has longest road now",
        "longest-route-broken",
    ),
    (
        "we both have 7 roads, who keeps the longest road card",
        "longest-route-tie",
    ),
    (
        "how many knights do i need for the army bonus",
        "largest-army",
    ),
    ("can i win when it is someone else's turn", "win-other-turn"),
    (
        "what is the special build phase in the 6 player game",
        "special-building-phase",
    ),
    (
        "can i trade with the bank during the special build",
        "sbp-limits",
    ),
    (
        "can i place my settlement right next to my other settlement",
        "distance-rule-own",
    ),
    (
        "does my second house in setup need to be connected to my first",
        "setup-second-anywhere",
    ),
    (
        "what resources do i start the game with",
        "starting-resources",
    ),
    ("who starts the game", "first-player"),
    ("what does the desert produce", "terrain-resources"),
    (
        "can i put a city somewhere without a settlement first",
        "city-direct",
    ),
    ("i have no settlements left, what now", "out-of-settlements"),
    ("can i trade before i roll", "trade-before-roll"),
    (
        "can i build stuff before throwing the dice",
        "build-before-roll",
    ),
    ("can the robber stay on the same tile", "robber-must-move"),
    (
        "the guy i robbed has an empty hand, what happens",
        "steal-no-cards",
    ),
    (
        "do other hexes with the same number still give stuff when the robber is on one",
        "robber-blocks",
    ),
    (
        "if i play a soldier does everyone with 8 cards discard",
        "knight-no-discard",
    ),
    (
        "can i quickly trade cards away before the discard",
        "trade-before-discard",
    ),
    ("can i use my neighbour's 3:1 harbour", "port-other-player"),
    ("how many points is a city worth", "victory-points"),
    (
        "do we finish the round so everyone has equal turns when somebody hits 10",
        "finish-round",
    ),
    ("can my road split into two directions", "road-branch"),
    (
        "can i build a road somewhere far away from my stuff",
        "road-disconnected",
    ),
    ("how many dev cards are in the deck", "dev-deck"),
    ("how many roads do i get in total", "piece-limits"),
    (
        "are 6 and 8 allowed next to each other on the board",
        "random-tokens",
    ),
    (
        "how are the trade offers handled by the bot",
        "trade-offers",
    ),
    ("can we play with just 2 people", "two-players"),
    ("what is a 3 for 1 port", "port-generic"),
    ("where is the robber at the start", "robber-start"),
];

#[test]
fn held_out_questions_find_their_entry() {
    let desk = Desk::shared().expect("knowledge base");
    assert!(HELD_OUT.len() >= 40);
    for (_, id) in HELD_OUT {
        assert!(
            desk.entries().iter().any(|e| e.id == *id),
            "no entry `{id}`"
        );
    }
    let mut misses = Vec::new();
    let mut lowest_hit = f32::MAX;
    for (question, id) in HELD_OUT {
        let found = match desk.ask(question) {
            Ok(Answer::Found { best, score, .. }) => {
                if best.id == *id {
                    lowest_hit = lowest_hit.min(score);
                }
                format!("{} ({score:.1})", best.id)
            }
            Ok(Answer::Unknown) => "I don't know".to_string(),
            Err(e) => format!("refused: {e}"),
        };
        if !found.starts_with(&format!("{id} (")) {
            misses.push(format!("  {question:?}: expected {id}, got {found}"));
        }
    }
    let hits = HELD_OUT.len() - misses.len();
    let accuracy = hits as f64 / HELD_OUT.len() as f64;
    println!(
        "rules desk: {} entries; top-1 accuracy {hits}/{} = {:.1}%",
        desk.entries().len(),
        HELD_OUT.len(),
        accuracy * 100.0
    );
    println!("lowest score of a right answer: {lowest_hit:.2}");
    for m in &misses {
        println!("{m}");
    }
    // The goal is 85%; the desk does not reach it yet (62% when this floor was set), so the
    // floor only guards against getting worse. Raise it as the desk improves.
    assert!(
        accuracy >= 0.60,
        "top-1 accuracy {accuracy:.3}:\n{}",
        misses.join("\n")
    );
}

#[test]
fn off_topic_questions_get_i_dont_know() {
    let desk = Desk::shared().expect("knowledge base");
    for q in [
        "what's the weather in Paris",
        "who won the football match yesterday",
        "recommend me a good pizza place",
    ] {
        let best = desk.rank(q).first().map(|&(e, s)| (e.id.clone(), s));
        println!("{q:?}: best match {best:?}");
        assert_eq!(desk.ask(q), Ok(Answer::Unknown), "{q}");
    }
}

#[test]
fn a_question_typed_at_the_table_is_answered_privately_with_related_questions() {
    let mut h = Harness::empty(&["alice"], quiet_options());
    let r = h.say(
        "alice",
        "rules can I build a road through someone's settlement?",
    );
    assert_no_refusal(&r, "rules question");
    assert_eq!(r.len(), 1, "{r:?}");
    let reply = &r[0];
    assert_eq!(reply.audience, Audience::Private(h.user_of("alice")));
    assert!(
        reply
            .text
            .contains("Can my road go past an opponent's settlement?"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("(RULES §4)"), "{}", reply.text);
    let see_also = reply
        .text
        .lines()
        .find_map(|l| l.strip_prefix("See also: "))
        .expect("see also line");
    assert_eq!(see_also.split(" · ").count(), 2, "{see_also}");

    // Matrix passes `!catan rules …` on as typed; the table reads the prefix the same way.
    let again = h.say(
        "alice",
        "!catan rules can I build a road through someone's settlement?",
    );
    assert_eq!(again[0].text, reply.text);
    // Topics still answer as before.
    let topic = h.say("alice", "rules robber");
    assert!(topic[0].text.starts_with("**robber**"), "{}", topic[0].text);
}

#[test]
fn unknown_questions_point_to_the_topics_in_each_platform_s_words() {
    let mut h = Harness::empty(&["alice"], quiet_options());
    let r = h.say("alice", "rules what's the weather in Paris?");
    assert_no_refusal(&r, "rules question");
    assert!(r[0].text.starts_with("I don't know"), "{}", r[0].text);
    assert!(r[0].text.contains("longest route"), "{}", r[0].text);
    assert_eq!(r[0].hints, vec![Hint::Rules]);
    assert_eq!(
        typed_hints_line(&r[0].hints, ""),
        Some("→ `rules` lists the rules topics".to_string())
    );
}

#[test]
fn a_question_during_a_game_changes_nothing_and_long_ones_are_refused() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "", quiet_options());
    let before = h.serialized();
    let r = h.say("bob", "rules what if the bank runs out of ore?");
    assert_no_refusal(&r, "rules question");
    assert!(r[0].text.contains("supply"), "{}", r[0].text);
    let long = format!("rules {}", "is the robber fair ".repeat(20));
    let r = h.say("carol", &long);
    let why = refusal_text(&r).expect("a long question is refused");
    assert!(
        why.contains(&format!("up to {MAX_QUESTION_CHARS}")),
        "{why}"
    );
    assert_eq!(h.serialized(), before, "questions never touch the game");
}
