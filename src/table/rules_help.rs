//! Short answers to the rule questions players ask (`rules <topic>`) and the command list
//! (`help`). Written by us from RULES.md, not copied from the rulebooks. Anything that is
//! not a topic goes to the rules desk (`rules_desk`), which answers free questions.

use super::rules_desk::{Answer, answer, answer_text};

/// Topics: the names a player may ask by (English and German), and the topic's id; its title
/// and answer are the catalog messages `help-title-<id>` and `help-topic-<id>`.
const TOPICS: &[(&[&str], &str)] = &[
    (
        &[
            "robber", "thief", "rob", "robbing", "steal", "stealing", "räuber", "raeuber",
        ],
        "robber",
    ),
    (
        &[
            "7",
            "seven",
            "sevens",
            "discard",
            "discarding",
            "sieben",
            "ablegen",
        ],
        "seven",
    ),
    (
        &[
            "ports",
            "port",
            "harbor",
            "harbour",
            "harbors",
            "maritime",
            "bank",
            "supply",
            "hafen",
            "häfen",
            "seehandel",
        ],
        "ports",
    ),
    (
        &[
            "longest route",
            "longest road",
            "route",
            "road",
            "roads",
            "longest",
            "längste handelsstraße",
            "handelsstraße",
        ],
        "longest-route",
    ),
    (
        &[
            "largest army",
            "army",
            "knights",
            "knight",
            "largest",
            "größte rittermacht",
            "rittermacht",
            "ritter",
        ],
        "largest-army",
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
            "entwicklungskarten",
            "entwicklungskarte",
            "erfindung",
            "monopol",
            "straßenbau",
        ],
        "devcards",
    ),
    (
        &[
            "distance rule",
            "distance",
            "settlement",
            "settlements",
            "placement",
            "abstandsregel",
            "siedlung",
        ],
        "distance",
    ),
    (
        &[
            "trading", "trade", "trades", "offer", "offers", "handel", "handeln",
        ],
        "trading",
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
            "spezielle bauphase",
            "bauphase",
        ],
        "special-build",
    ),
    (
        &[
            "setup",
            "start",
            "beginning",
            "placement rounds",
            "gründungsphase",
        ],
        "setup",
    ),
    (
        &[
            "winning",
            "win",
            "victory",
            "points",
            "vp count",
            "end of game",
            "sieg",
            "siegpunkte",
            "gewinnen",
        ],
        "winning",
    ),
];

/// A topic chosen from a list (a slash command's choices) rather than typed; each is one
/// of [`TOPICS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Robber,
    Seven,
    Ports,
    LongestRoute,
    LargestArmy,
    DevelopmentCards,
    DistanceRule,
    Trading,
    SpecialBuilding,
    Setup,
    Winning,
}

impl Topic {
    pub const ALL: [Topic; 11] = [
        Topic::Robber,
        Topic::Seven,
        Topic::Ports,
        Topic::LongestRoute,
        Topic::LargestArmy,
        Topic::DevelopmentCards,
        Topic::DistanceRule,
        Topic::Trading,
        Topic::SpecialBuilding,
        Topic::Setup,
        Topic::Winning,
    ];

    /// The topic's id in [`TOPICS`] and the catalogs.
    fn id(self) -> &'static str {
        match self {
            Topic::Robber => "robber",
            Topic::Seven => "seven",
            Topic::Ports => "ports",
            Topic::LongestRoute => "longest-route",
            Topic::LargestArmy => "largest-army",
            Topic::DevelopmentCards => "devcards",
            Topic::DistanceRule => "distance",
            Topic::Trading => "trading",
            Topic::SpecialBuilding => "special-build",
            Topic::Setup => "setup",
            Topic::Winning => "winning",
        }
    }
}

/// The note on a topic chosen from a list.
pub fn topic(topic: Topic) -> String {
    note(topic.id())
}

/// The note on the topic `id`, titled.
fn note(id: &str) -> String {
    let answer = crate::i18n::text(&format!("help-topic-{id}"), None);
    format!("**{}**: {answer}", title(id))
}

/// A topic's title in the current language.
fn title(id: &str) -> String {
    crate::i18n::text(&format!("help-title-{id}"), None)
}

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
        .map(|(_, id)| title(id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The note on a topic, the list of topics (`None`), or else the rules desk's answer to a
/// question in the player's own words.
pub fn rules(query: Option<&str>) -> RulesAnswer {
    let Some(query) = query else {
        return RulesAnswer::Answer(crate::t!("help-rules-topics", topics = topic_list()));
    };
    let t = query.trim().to_lowercase();
    if let Some((_, id)) = TOPICS
        .iter()
        .find(|(names, id)| names.contains(&t.as_str()) || title(id).to_lowercase() == t)
    {
        return RulesAnswer::Answer(note(id));
    }
    let unknown = || RulesAnswer::Unknown(crate::t!("help-rules-unknown", topics = topic_list()));
    // The desk of the language the answer is made in (its own knowledge base per language).
    match answer(query) {
        Ok(Answer::Found { best, see_also, .. }) => {
            RulesAnswer::Answer(answer_text(best, &see_also))
        }
        Ok(Answer::Unknown) => unknown(),
        Err(e) => RulesAnswer::Refused(e.text()),
    }
}

/// The command list, in the current language's command words.
pub fn help() -> String {
    crate::t!("help-commands")
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

    /// The commands quoted in a help text (at least 25 of them), without placeholders.
    fn help_examples(text: &str) -> Vec<&str> {
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
        examples
    }

    #[test]
    fn every_example_in_help_parses_on_every_board() {
        use crate::engine::{BoardSize, Topology};
        use crate::table::command::{ParseContext, parse};
        let players = vec![(1, "alice".to_string()), (2, "bob".to_string())];
        let text = help();
        let examples = help_examples(&text);
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
    fn every_example_in_the_german_help_parses() {
        use crate::engine::{BoardSize, Topology};
        use crate::table::command::{ParseContext, parse};
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        let _de = crate::i18n::scope(de);
        let players = vec![(1, "alice".to_string()), (2, "bob".to_string())];
        let text = help();
        let examples = help_examples(&text);
        assert!(examples.contains(&"baue straße 8-13"), "{examples:?}");
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &players,
        };
        for e in &examples {
            assert!(parse(e, Some(&ctx)).is_ok(), "`{e}`");
        }
    }

    #[test]
    fn every_topic_is_in_every_language() {
        for lang in crate::i18n::Lang::all() {
            let _l = crate::i18n::scope(lang);
            for (_, id) in TOPICS {
                assert!(crate::i18n::has(&format!("help-title-{id}")), "{id}");
                assert!(crate::i18n::has(&format!("help-topic-{id}")), "{id}");
            }
        }
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        let _de = crate::i18n::scope(de);
        let RulesAnswer::Answer(a) = rules(Some("Räuber")) else {
            panic!("no German robber topic");
        };
        assert!(a.starts_with("**Räuber**: "), "{a}");
    }

    #[test]
    fn every_listed_topic_is_a_topic_and_answers_as_typed() {
        let ids: Vec<&str> = Topic::ALL.iter().map(|t| t.id()).collect();
        let known: Vec<&str> = TOPICS.iter().map(|(_, id)| *id).collect();
        assert_eq!(ids, known);
        for t in Topic::ALL {
            let typed = rules(Some(&title(t.id())));
            assert_eq!(typed, RulesAnswer::Answer(topic(t)), "{t:?}");
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
