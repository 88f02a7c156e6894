//! The rules desk: answers to questions asked in the players' own words (`rules <question>`),
//! from a knowledge base written in our own words (`entries.toml`, compiled in), ranked with
//! BM25F over each entry's question, keywords and answer (`index`), on terms that know the
//! game's vocabulary (`tokens`, with the word lists of `english`). The answer is the best entry, with its source, plus two related questions; a question
//! that matches nothing well, or that has none of the game's own words (`tokens::Language::
//! topics`), gets an honest "I don't know" instead of a guess.
//!
//! The desk answers in the language texts are made in ([`i18n::Lang`]): `entries.de.toml`
//! holds the same entries (same ids) in German, searched with the German stemmer and word lists
//! (`german`); a language without a knowledge base of its own is answered from the English one.
//! The desk's own few words (`See also`, its refusals) are catalog messages.

mod english;
mod german;
mod index;
mod tokens;

use std::sync::OnceLock;

use serde::Deserialize;
use thiserror::Error;

use crate::i18n::{self, Lang};
use crate::t;
use index::Index;
use tokens::Language;

/// A knowledge base with the word lists it is searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Knowledge {
    English,
    German,
}

impl Knowledge {
    /// The knowledge base for `lang`: its own if there is one, else the English.
    fn of(lang: Lang) -> Knowledge {
        match lang.code() {
            "de" => Knowledge::German,
            _ => Knowledge::English,
        }
    }

    fn words(self) -> &'static Language {
        match self {
            Knowledge::English => &english::ENGLISH,
            Knowledge::German => &german::GERMAN,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Knowledge::English => include_str!("entries.toml"),
            Knowledge::German => include_str!("entries.de.toml"),
        }
    }
}

/// The longest question the desk reads.
pub const MAX_QUESTION_CHARS: usize = 300;

/// How many related entries follow the answer.
const SEE_ALSO: usize = 2;

/// Below this score the best match is a guess, not an answer. Calibrated on the held-out
/// questions of `tests/rules/rules_desk.rs`: right answers score above it, questions about anything
/// else (at most one incidental shared word) below.
pub const MIN_SCORE: f32 = 2.0;

/// The least share of the question's words the best entry must contain (three in ten:
/// questions about something else share one word in four at most).
pub const MIN_COVERAGE: f32 = 0.3;

/// More than half of the question's words must be words the knowledge base uses somewhere, a
/// general word ("best", "time") counting half: questions about something else ("how many
/// people live in Germany", "what's the best pizza topping") reach half or less, so a word
/// they share is no answer. And at least one of them must be one of the game's own words
/// (the language's topics): general words alone never make a rules question.
pub const MIN_KNOWN: f32 = 0.55;

/// With two of the game's own words, half is enough: the rest may be players' names the
/// knowledge base cannot know ("can bob and carol trade while it's my turn").
pub const MIN_KNOWN_TWO_TOPICS: f32 = 0.5;

/// One question the desk can answer.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable name, for tests and cross-references.
    pub id: String,
    /// The question as we would put it.
    pub question: String,
    /// A short answer in our own words.
    pub answer: String,
    /// The rule it rests on, e.g. `RULES §4 · FAQ`.
    pub source: String,
    /// Other words players use for the same thing.
    #[serde(default)]
    pub keywords: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entries {
    entry: Vec<Entry>,
}

/// Why the desk cannot answer. `Display` is English (for logs); [`DeskError::text`] is the
/// player's message in the current language.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DeskError {
    #[error(
        "That question is {chars} characters long; the rules desk reads questions of up to {max}. Ask it in fewer words."
    )]
    TooLong { chars: usize, max: usize },
    #[error("The rules desk's knowledge base is damaged ({0}); the rules topics still work.")]
    KnowledgeBase(String),
}

impl DeskError {
    /// The message in the current language.
    pub fn text(&self) -> String {
        match self {
            DeskError::TooLong { chars, max } => {
                t!("rules-desk-too-long", chars = *chars, max = *max)
            }
            DeskError::KnowledgeBase(why) => t!("rules-desk-damaged", why = why.as_str()),
        }
    }
}

/// The desk's reply to one question.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<'a> {
    /// The best entry and a few related ones.
    Found {
        best: &'a Entry,
        score: f32,
        see_also: Vec<&'a Entry>,
    },
    /// Nothing matches well enough.
    Unknown,
}

/// The knowledge base and its index.
pub struct Desk {
    entries: Vec<Entry>,
    index: Index,
}

impl Desk {
    /// Parses an English knowledge base and indexes it (see [`Desk::from_toml_in`]).
    pub fn from_toml(text: &str) -> Result<Desk, DeskError> {
        Desk::from_toml_in(Lang::EN, text)
    }

    /// Parses a knowledge base in `lang` and indexes it with that language's words (English
    /// ones for a language the desk has none for); every entry must be complete and its id
    /// unique.
    pub fn from_toml_in(lang: Lang, text: &str) -> Result<Desk, DeskError> {
        Desk::parse(Knowledge::of(lang), text)
    }

    fn parse(knowledge: Knowledge, text: &str) -> Result<Desk, DeskError> {
        let parsed: Entries =
            toml::from_str(text).map_err(|e| DeskError::KnowledgeBase(e.message().to_string()))?;
        let mut ids = std::collections::BTreeSet::new();
        for e in &parsed.entry {
            let blank = [&e.id, &e.question, &e.answer, &e.source]
                .iter()
                .any(|f| f.trim().is_empty());
            if blank {
                return Err(DeskError::KnowledgeBase(format!(
                    "entry `{}` is incomplete",
                    e.id
                )));
            }
            if !ids.insert(e.id.as_str()) {
                return Err(DeskError::KnowledgeBase(format!("entry `{}` twice", e.id)));
            }
        }
        let index = Index::build(&parsed.entry, knowledge.words());
        Ok(Desk {
            entries: parsed.entry,
            index,
        })
    }

    /// The English desk built from the compiled-in knowledge base, once per process.
    pub fn shared() -> Result<&'static Desk, DeskError> {
        Desk::shared_in(Lang::EN)
    }

    /// The desk for `lang` built from its compiled-in knowledge base, once per process.
    pub fn shared_in(lang: Lang) -> Result<&'static Desk, DeskError> {
        static ENGLISH: OnceLock<Result<Desk, DeskError>> = OnceLock::new();
        static GERMAN: OnceLock<Result<Desk, DeskError>> = OnceLock::new();
        let knowledge = Knowledge::of(lang);
        let cell = match knowledge {
            Knowledge::English => &ENGLISH,
            Knowledge::German => &GERMAN,
        };
        cell.get_or_init(|| Desk::parse(knowledge, knowledge.text()))
            .as_ref()
            .map_err(Clone::clone)
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries ranked for a question, best first, with their scores.
    pub fn rank(&self, question: &str) -> Vec<(&Entry, f32)> {
        self.index
            .rank(question)
            .into_iter()
            .filter_map(|(i, score)| Some((self.entries.get(i)?, score)))
            .collect()
    }

    /// Answers a question of at most [`MAX_QUESTION_CHARS`] characters.
    pub fn ask(&self, question: &str) -> Result<Answer<'_>, DeskError> {
        let chars = question.chars().count();
        if chars > MAX_QUESTION_CHARS {
            return Err(DeskError::TooLong {
                chars,
                max: MAX_QUESTION_CHARS,
            });
        }
        let ranked = self.rank(question);
        let Some(&(best, score)) = ranked.first() else {
            return Ok(Answer::Unknown);
        };
        let position = self.entries.iter().position(|e| e.id == best.id);
        let coverage = position.map_or(0.0, |i| self.index.coverage(i, question));
        let topic_words = self.index.topic_words(question);
        let known = self.index.known_share(question);
        let least_known = if topic_words >= 2 {
            MIN_KNOWN_TWO_TOPICS
        } else {
            MIN_KNOWN
        };
        if score < MIN_SCORE || coverage < MIN_COVERAGE || topic_words == 0 || known < least_known {
            return Ok(Answer::Unknown);
        }
        let see_also = ranked
            .iter()
            .skip(1)
            .take(SEE_ALSO)
            .map(|&(e, _)| e)
            .collect();
        Ok(Answer::Found {
            best,
            score,
            see_also,
        })
    }
}

/// Answers a question from the desk of the current language.
pub fn answer(question: &str) -> Result<Answer<'static>, DeskError> {
    Desk::shared_in(i18n::current())?.ask(question)
}

/// The reply text for a found answer: the question answered, the answer and its source, and
/// the related questions (the fixed words in the current language).
pub fn answer_text(best: &Entry, see_also: &[&Entry]) -> String {
    // The source names the rules' sections (`RULES §4`) in the reader's language.
    let source = best.source.replace("RULES", &t!("rules-desk-rules"));
    let mut text = format!("**{}**\n{} ({source})", best.question, best.answer);
    if !see_also.is_empty() {
        let related: Vec<&str> = see_also.iter().map(|e| e.question.as_str()).collect();
        text.push('\n');
        text.push_str(&t!("rules-desk-see-also", questions = related.join(" · ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knowledge_base_parses_and_every_entry_is_complete() {
        for lang in Lang::all() {
            let desk = Desk::shared_in(lang).expect("the knowledge base parses");
            assert!(desk.entries().len() >= 80, "{}", desk.entries().len());
            entries_are_complete(desk);
        }
    }

    fn entries_are_complete(desk: &Desk) {
        for e in desk.entries() {
            assert!(
                e.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "id `{}`",
                e.id
            );
            assert!(e.question.ends_with('?'), "{}: {}", e.id, e.question);
            assert!(e.answer.len() >= 20, "{}: answer too short", e.id);
            assert!(e.answer.chars().count() <= 420, "{}: answer too long", e.id);
            assert!(
                e.source.starts_with("RULES §") || e.source == "FAQ",
                "{}: source `{}`",
                e.id,
                e.source
            );
        }
    }

    #[test]
    fn every_section_of_the_rules_has_entries() {
        let desk = Desk::shared().expect("entries.toml parses");
        for section in 1..=8 {
            let tag = format!("§{section}");
            assert!(
                desk.entries().iter().any(|e| e.source.contains(&tag)),
                "no entry for RULES {tag}"
            );
        }
        let faq = desk
            .entries()
            .iter()
            .filter(|e| e.source.contains("FAQ"))
            .count();
        assert!(faq >= 30, "{faq} FAQ rulings");
    }

    #[test]
    fn a_broken_or_incomplete_knowledge_base_is_an_error_not_a_panic() {
        assert!(matches!(
            Desk::from_toml("[[entry]]\nid = 3"),
            Err(DeskError::KnowledgeBase(_))
        ));
        let blank = "[[entry]]\nid = \"x\"\nquestion = \"q?\"\nanswer = \" \"\nsource = \"FAQ\"\n";
        assert!(matches!(
            Desk::from_toml(blank),
            Err(DeskError::KnowledgeBase(m)) if m.contains("incomplete")
        ));
        let one = "[[entry]]\nid = \"x\"\nquestion = \"q?\"\nanswer = \"a\"\nsource = \"FAQ\"\n";
        let twice = format!("{one}{one}");
        assert!(matches!(
            Desk::from_toml(&twice),
            Err(DeskError::KnowledgeBase(m)) if m.contains("twice")
        ));
    }

    #[test]
    fn the_tokenizer_knows_old_names_and_stems() {
        let desk = Desk::shared().expect("entries.toml parses");
        let tokens = |text| desk.index.tokens(text);
        assert_eq!(tokens("Stone"), tokens("ore"));
        assert_eq!(tokens("the thief"), tokens("robber"));
        assert_eq!(tokens("year of plenty"), tokens("Invention"));
        assert_eq!(tokens("longest route"), tokens("longest road"));
        assert_eq!(tokens("bank"), tokens("supply"));
        assert_eq!(tokens("robbing"), tokens("robbed"));
        assert_eq!(
            tokens("someone's settlement"),
            tokens("opponent settlement")
        );
        assert!(tokens("what is the").is_empty());
    }

    #[test]
    fn the_german_tokenizer_knows_old_names_stems_and_compounds() {
        let desk = Desk::shared_in(Lang::parse("de").expect("de")).expect("entries.de.toml parses");
        let tokens = |text| desk.index.tokens(text);
        assert_eq!(tokens("Schaf"), tokens("Wolle"));
        assert_eq!(tokens("Weizen"), tokens("Getreide"));
        assert_eq!(tokens("der Dieb"), tokens("Räuber"));
        assert_eq!(tokens("Strasse"), tokens("Straße"));
        assert_eq!(tokens("Straßen"), tokens("Straße"));
        assert_eq!(tokens("Jahr des Überflusses"), tokens("Erfindung"));
        assert_eq!(tokens("Handelsroute"), tokens("Handelsstraße"));
        let card = tokens("Ritterkarte");
        assert!(card.contains(&tokens("Ritter")[0]), "{card:?}");
        assert!(card.contains(&tokens("Karte")[0]), "{card:?}");
        assert!(tokens("was ist das denn").is_empty());
    }

    #[test]
    fn questions_for_a_number_are_marked_and_plural_numbers_are_numbers() {
        let desk = Desk::shared().expect("entries.toml parses");
        let tokens = |text| desk.index.tokens(text);
        let quantity = tokens("quantity");
        assert_eq!(
            tokens("how many roads"),
            [&quantity[..], &tokens("road")[..]].concat()
        );
        assert_eq!(tokens("number of roads"), tokens("how many roads"));
        assert_eq!(tokens("how much is a city"), tokens("price city"));
        assert_eq!(tokens("throw away cards"), tokens("discard cards"));
        assert_eq!(tokens("two 6s"), tokens("2 6"));
        let german = Desk::shared_in(Lang::parse("de").expect("de")).expect("entries.de.toml");
        assert_eq!(
            german.index.tokens("wie viele Straßen"),
            german.index.tokens("Anzahl Straßen")
        );
        // The marker ranks, but is not what a question is about.
        assert_eq!(desk.index.known_share("how many roads"), 1.0);
        assert_eq!(
            desk.index.known_share("how many people live in Germany"),
            1.0 / 3.0
        );
    }

    #[test]
    fn a_question_mostly_in_words_the_knowledge_base_never_uses_is_declined() {
        let desk = Desk::shared().expect("entries.toml parses");
        // Half the words known is not enough: a game word, a general one (half), a foreign one.
        assert_eq!(desk.index.topic_words("tell me a road joke"), 1);
        assert_eq!(desk.index.known_share("tell me a road joke"), 0.5);
        assert_eq!(desk.ask("tell me a road joke"), Ok(Answer::Unknown));
        for q in [
            "how many people live in Germany",
            "how much does a car cost",
        ] {
            assert!(desk.index.known_share(q) < MIN_KNOWN, "{q}");
            assert_eq!(desk.ask(q), Ok(Answer::Unknown), "{q}");
        }
        let Ok(Answer::Found { best, .. }) = desk.ask("how many settlements does a player have")
        else {
            panic!("no answer");
        };
        assert_eq!(best.id, "piece-limits");
        assert!(best.answer.contains("5 settlements"), "{}", best.answer);
    }

    #[test]
    fn general_words_alone_make_no_rules_question() {
        let desk = Desk::shared().expect("entries.toml parses");
        // `best` is a word of the entry on the numbers rolled most often ("best numbers"), but
        // not one of the game's own: no answer, however well it matches.
        let q = "what's the best pizza topping";
        assert_eq!(desk.index.topic_words(q), 0);
        assert_eq!(desk.rank(q)[0].0.id, "number-odds");
        assert_eq!(desk.ask(q), Ok(Answer::Unknown));
        assert_eq!(desk.ask("what time is it"), Ok(Answer::Unknown));
        // A game word (`water` reads as `coast`) among a general and a foreign one: half known.
        let q = "how often should i water my plants";
        assert_eq!(desk.index.topic_words(q), 1);
        assert_eq!(desk.index.known_share(q), 0.5);
        assert_eq!(desk.ask(q), Ok(Answer::Unknown));
        // With a game word the same general word is part of a rules question.
        let Ok(Answer::Found { best, .. }) = desk.ask("which numbers are best") else {
            panic!("no answer");
        };
        assert_eq!(best.id, "number-odds");
        let german = Desk::shared_in(Lang::parse("de").expect("de")).expect("entries.de.toml");
        let q = "Was ist der beste Pizzabelag?";
        assert_eq!(german.index.topic_words(q), 0);
        assert_eq!(german.ask(q), Ok(Answer::Unknown));
        // Compounds of the game's words are the game's words.
        assert_eq!(german.index.topic_words("Rohstoffarten"), 1);
    }

    #[test]
    fn each_language_picks_its_knowledge_base() {
        let german = Lang::parse("de-AT").expect("de");
        assert_eq!(Knowledge::of(german), Knowledge::German);
        assert_eq!(Knowledge::of(Lang::EN), Knowledge::English);
    }

    #[test]
    fn questions_are_bounded_and_off_topic_ones_are_not_guessed() {
        let desk = Desk::shared().expect("entries.toml parses");
        let long = "why ".repeat(100);
        assert_eq!(
            desk.ask(&long),
            Err(DeskError::TooLong {
                chars: 400,
                max: MAX_QUESTION_CHARS
            })
        );
        assert_eq!(desk.ask("what's the weather in Paris"), Ok(Answer::Unknown));
        assert_eq!(desk.ask(""), Ok(Answer::Unknown));
        match desk.ask("how do I get longest road") {
            Ok(Answer::Found { best, see_also, .. }) => {
                assert_eq!(best.id, "longest-route");
                assert_eq!(see_also.len(), SEE_ALSO);
                assert!(see_also.iter().all(|e| e.id != best.id));
            }
            other => panic!("{other:?}"),
        }
    }
}
