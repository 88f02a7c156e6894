//! Short answers to the rule questions players ask (`rules <topic>`) and the command list
//! (`help`). Written by us from RULES.md, not copied from the rulebooks. Anything that is
//! not a topic goes to the rules desk (`rules_desk`), which answers free questions.

use super::rules_desk::{Answer, Desk, answer_text};

/// Topics with their accepted names and answers.
const TOPICS: &[(&[&str], &str, &str)] = &[
    (
        &["robber", "thief", "rob", "robbing", "steal", "stealing"],
        "robber",
        "The robber blocks its hex: that hex produces nothing while it stands there. It moves when someone rolls a 7 or plays a knight: the player puts it on a different hex (the desert is allowed) and steals one random card from a player with a settlement or city on that hex (their choice if several; never themselves; nobody with cards, no steal).",
    ),
    (
        &["7", "seven", "sevens", "discard", "discarding"],
        "7",
        "On a 7 nothing produces. Everyone holding more than 7 cards (the table's discard limit) returns half, rounded down, cards of their choice; then the roller moves the robber and steals.",
    ),
    (
        &[
            "ports", "port", "harbor", "harbour", "harbors", "maritime", "bank", "supply",
        ],
        "ports",
        "Trade with the supply at 4:1 any time in your action phase. A building on a 3:1 port lets you trade 3 of one kind for 1; on a 2:1 port, 2 of that port's resource for 1. A port works on the turn you build on it.",
    ),
    (
        &[
            "longest route",
            "longest road",
            "route",
            "road",
            "roads",
            "longest",
        ],
        "longest route",
        "Longest Route (Longest Road), 2 VP: the first player with an unbroken chain of 5 or more roads takes it; another player takes it only with a strictly longer chain. Branches don't add up; a loop counts all its roads. An opponent's settlement on your chain breaks it. If it breaks and nobody is clearly longest, the card is set aside.",
    ),
    (
        &["largest army", "army", "knights", "knight", "largest"],
        "largest army",
        "Largest Army, 2 VP: the first player to have played 3 knights takes it; another takes it only with strictly more knights played.",
    ),
    (
        &[
            "development cards",
            "development",
            "dev",
            "dev cards",
            "cards",
            "card",
            "invention",
            "year of plenty",
            "monopoly",
            "road building",
            "vp",
            "victory point",
        ],
        "development cards",
        "Buy one for ore + wool + grain. Play at most one per turn, before or after rolling, but not on the turn you bought it. Knight: move the robber and steal. Road Building: 2 free roads. Invention (Year of Plenty): take any 2 cards from the supply. Monopoly: every other player gives you all of one resource. Victory Point cards are never played: they count while hidden and are revealed when you win.",
    ),
    (
        &[
            "distance rule",
            "distance",
            "settlement",
            "settlements",
            "placement",
        ],
        "distance rule",
        "No settlement or city may stand next to another one, anyone's: the neighbouring intersections of a new settlement must all be empty. After setup, a new settlement must also touch one of your roads.",
    ),
    (
        &["trading", "trade", "trades", "offer", "offers"],
        "trading",
        "Only the current player trades with the others, after rolling; anyone may make an offer to the current player. Both sides give at least one card, never the same resource on both sides, and development cards are never traded. Here an offer is posted for everyone to accept or decline; the player who made it then picks one of those who accepted. Offers end with the turn.",
    ),
    (
        &[
            "special building phase",
            "special building",
            "special",
            "sbp",
            "5-6",
            "five",
            "six",
        ],
        "special building phase",
        "With 5 or 6 players: after each turn, every other player in turn order may build and buy development cards with what they hold (no trading, no card play), then end their slot.",
    ),
    (
        &["setup", "start", "beginning", "placement rounds"],
        "setup",
        "Round one in seat order: each player places a settlement and a road touching it. Round two in reverse order: a second settlement (need not connect) and a road touching it; the second settlement gives one card per adjacent terrain hex. Then the first player takes the first turn.",
    ),
    (
        &[
            "winning",
            "win",
            "victory",
            "points",
            "vp count",
            "end of game",
        ],
        "winning",
        "Settlement 1 VP, city 2, Longest Route 2, Largest Army 2, each Victory Point card 1. Reach the target (10 unless the host chose otherwise) during your own turn and you win at once. Reaching it on someone else's turn wins when your turn begins.",
    ),
];

/// What `rules` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesAnswer {
    /// A topic's note, the list of topics, or the rules desk's answer.
    Answer(String),
    /// Neither a topic nor a question the desk can answer; the text points to the topics.
    Unknown(String),
    /// A question the desk will not read (too long), with why.
    Refused(String),
}

fn topic_list() -> String {
    TOPICS
        .iter()
        .map(|(_, t, _)| *t)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The note on a topic, the list of topics (`None`), or else the rules desk's answer to a
/// question in the player's own words.
pub fn rules(query: Option<&str>) -> RulesAnswer {
    let Some(query) = query else {
        return RulesAnswer::Answer(format!(
            "Rules topics: {}. Ask about one of them, or ask a question in your own words.",
            topic_list()
        ));
    };
    let t = query.trim().to_lowercase();
    if let Some((_, title, answer)) = TOPICS
        .iter()
        .find(|(names, _, _)| names.contains(&t.as_str()))
    {
        return RulesAnswer::Answer(format!("**{title}**: {answer}"));
    }
    let unknown = || {
        RulesAnswer::Unknown(format!(
            "I don't know the answer to that. Rules topics: {}.",
            topic_list()
        ))
    };
    let desk = match Desk::shared() {
        Ok(desk) => desk,
        Err(e) => return RulesAnswer::Refused(e.to_string()),
    };
    match desk.ask(query) {
        Ok(Answer::Found { best, see_also, .. }) => {
            RulesAnswer::Answer(answer_text(best, &see_also))
        }
        Ok(Answer::Unknown) => unknown(),
        Err(e) => RulesAnswer::Refused(e.to_string()),
    }
}

/// The command list.
pub fn help() -> String {
    [
        "**Lobby**: `new [players 4] [board beginner|variable|random-tokens] [vp 10] [discard 7] [timer 5|off]`, `set vp 12`, `join`, `leave`, `start` (host), `abandon` (host or a manager); after a game, `rematch` (same players and settings).",
        "**Bots**: `addbot [easy|strong]`, `removebot [name]` (host, in the lobby; or `new bots 3`); `set afk wait` sets what happens when the turn timer runs out (bot, the default: a bot plays the seat; auto: one automatic move; wait: nothing); `away` lets a bot play your seat until you act again or say `back`.",
        "**Your turn**: `roll`, `build road 8-13`, `build settlement 12`, `build city 12`, `buy`, `end`.",
        "**Cards**: `play knight C3 bob`, `play road-building 8-13 13-9`, `play invention wool ore`, `play monopoly ore`.",
        "**After a 7**: `discard 2 wool 1 ore`, `robber C3 bob`.",
        "**Helpers of Catan** (`new helpers on` or `set helpers on`): `helper ?` (what your helper can do now), `helper use jean ore`, `helper use nassir wool from bob`, then `helper flip` or `helper exchange lin`.",
        "**Trade**: `bank 4 ore for 1 wool`; `trade offer 1 wool for 1 ore [to bob]`, `trade accept 1`, `trade decline 1`, `trade confirm 1 bob`, `trade withdraw 1`, `trade list`.",
        "**Info**: `moves` (what you can do now), `build road ?` (where: also `build settlement ?`, `build city ?`, `robber ?`, `robber C3 ?`, `play knight ?`, `play road-building ?`), `hand`, `board`, `status`, `log`, `export` (the game's record, for `catan-bot verify`), `rules <topic>`.",
        "Players are named exactly as shown, or by seat: `robber C3 seat 2`.",
        "Intersections are the numbers on the board, roads are two neighbouring numbers (`8-13`), hexes are row letter + position (`C3`). Old names work too: wood, sheep, wheat, stone, year of plenty.",
    ]
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_the_brief_names_has_an_answer() {
        for topic in [
            "robber",
            "7",
            "ports",
            "longest route",
            "longest road",
            "largest army",
            "development cards",
            "distance rule",
            "trading",
            "special building phase",
            "setup",
            "winning",
            "year of plenty",
        ] {
            let RulesAnswer::Answer(answer) = rules(Some(topic)) else {
                panic!("{topic}: no answer");
            };
            assert!(answer.starts_with("**"), "{topic}: {answer}");
            assert!(answer.len() > 80, "{topic}: {answer}");
        }
    }

    #[test]
    fn every_example_in_help_parses_on_every_board() {
        use crate::engine::{BoardSize, Topology};
        use crate::table::command::{ParseContext, parse};
        let players = vec![(1, "alice".to_string()), (2, "bob".to_string())];
        let text = help();
        let examples: Vec<&str> = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|e| !e.contains(['[', '<']))
            // board labels explained in words, not commands
            .filter(|e| !matches!(*e, "8-13" | "C3"))
            // a shell command, not a table command
            .filter(|e| !e.starts_with("catan-bot "))
            .collect();
        assert!(examples.len() > 25, "{examples:?}");
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let ctx = ParseContext {
                topology: Topology::get(size),
                players: &players,
            };
            for e in &examples {
                assert!(parse(e, Some(&ctx)).is_ok(), "`{e}` on {size:?}");
            }
        }
    }

    #[test]
    fn unknown_topics_list_the_known_ones() {
        let RulesAnswer::Unknown(a) = rules(Some("chess")) else {
            panic!("chess is no rules topic");
        };
        assert!(a.contains("I don't know") && a.contains("robber") && a.contains("winning"));
        let RulesAnswer::Answer(list) = rules(None) else {
            panic!("no topic list");
        };
        assert!(list.contains("special building phase"));
    }

    #[test]
    fn questions_go_to_the_desk_and_long_ones_are_refused() {
        let RulesAnswer::Answer(a) =
            rules(Some("can i build a road through someone's settlement?"))
        else {
            panic!("no answer");
        };
        assert!(a.contains("See also:") && a.contains("RULES §4"), "{a}");
        let long = "road ".repeat(70);
        let RulesAnswer::Refused(r) = rules(Some(&long)) else {
            panic!("a 350-character question was read");
        };
        assert!(r.contains("350 characters") && r.contains("300"), "{r}");
    }
}
