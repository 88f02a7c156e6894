//! The desk's search index: BM25 over each entry's question, keywords and answer, with a
//! tokenizer that knows the game's vocabulary (old and new names, common nicknames) and
//! reduces English words to their stems, so "robbed", "robbing" and "thief" meet "robber".

use std::collections::BTreeSet;

use bm25::{Document, SearchEngine, SearchEngineBuilder, Tokenizer};
use rust_stemmers::{Algorithm, Stemmer};

use super::Entry;

/// Words that carry no meaning for a rules question.
const STOP_WORDS: &[&str] = &[
    "a", "about", "able", "allowed", "also", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "but", "by", "can", "could", "did", "do", "does", "doing", "for", "from", "had", "has",
    "have", "happen", "happens", "he", "her", "him", "his", "how", "i", "if", "in", "is", "it",
    "its", "just", "me", "might", "my", "now", "of", "ok", "okay", "on", "or", "our", "she",
    "should", "so", "some", "still", "stuff", "than", "that", "the", "their", "them", "then",
    "there", "these", "they", "thing", "things", "this", "those", "to", "us", "was", "we", "what",
    "when", "where", "which", "who", "whom", "why", "will", "with", "would", "you", "your",
];

/// Phrases that name one thing, rewritten to a single word before splitting.
const PHRASES: &[(&str, &str)] = &[
    ("year of plenty", "invention"),
    ("3:1", "generic"),
    ("3 for 1", "generic"),
    ("three for one", "generic"),
    ("4:1", "four"),
    ("2:1", "special"),
    ("2 for 1", "special"),
    ("two for one", "special"),
    ("dev card", "development card"),
];

/// Other words for the same thing: older edition names, nicknames, plain-English variants.
const SYNONYMS: &[(&str, &str)] = &[
    ("stone", "ore"),
    ("rock", "ore"),
    ("wood", "lumber"),
    ("timber", "lumber"),
    ("sheep", "wool"),
    ("wheat", "grain"),
    ("clay", "brick"),
    ("thief", "robber"),
    ("bandit", "robber"),
    ("bank", "supply"),
    ("harbor", "port"),
    ("harbour", "port"),
    ("harbors", "port"),
    ("harbours", "port"),
    ("soldier", "knight"),
    ("soldiers", "knight"),
    ("dev", "development"),
    ("vp", "point"),
    ("vps", "point"),
    ("route", "road"),
    ("routes", "road"),
    ("plenty", "invention"),
    ("tile", "hex"),
    ("tiles", "hex"),
    ("hexagon", "hex"),
    ("corner", "intersection"),
    ("vertex", "intersection"),
    ("house", "settlement"),
    ("houses", "settlement"),
    ("town", "settlement"),
    ("seven", "7"),
    ("dice", "roll"),
    ("die", "roll"),
    ("throw", "roll"),
    ("throwing", "roll"),
    ("purchase", "buy"),
    ("lose", "discard"),
    ("friend", "opponent"),
    ("buddy", "opponent"),
    ("neighbour", "opponent"),
    ("neighbor", "opponent"),
    ("someone", "opponent"),
    ("somebody", "opponent"),
    ("anyone", "opponent"),
];

/// Splits text into stemmed, canonical tokens.
pub(super) struct DeskTokenizer {
    stemmer: Stemmer,
}

impl DeskTokenizer {
    fn new() -> Self {
        DeskTokenizer {
            stemmer: Stemmer::create(Algorithm::English),
        }
    }
}

impl Tokenizer for DeskTokenizer {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        let mut text = input_text.to_lowercase().replace(['’', '‘'], "'");
        for (phrase, word) in PHRASES {
            text = text.replace(phrase, &format!(" {word} "));
        }
        text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .map(|w| w.trim_matches('\''))
            .map(|w| w.strip_suffix("'s").unwrap_or(w))
            .filter(|w| !w.is_empty())
            .map(|w| {
                SYNONYMS
                    .iter()
                    .find(|(from, _)| *from == w)
                    .map_or(w, |(_, to)| to)
            })
            .filter(|w| !STOP_WORDS.contains(w))
            .filter(|w| w.chars().count() > 1 || w.chars().all(|c| c.is_ascii_digit()))
            .map(|w| self.stemmer.stem(w).into_owned())
            .collect()
    }
}

/// The entries, indexed for ranking by position.
pub(super) struct Index {
    engine: SearchEngine<usize, u32, DeskTokenizer>,
    size: usize,
    /// Each entry's distinct tokens.
    vocabulary: Vec<BTreeSet<String>>,
}

impl Index {
    pub(super) fn build(entries: &[Entry]) -> Index {
        // The question says what the entry is about and the keywords how players put it: they
        // weigh three and two times; the answer adds detail once.
        let contents: Vec<String> = entries
            .iter()
            .map(|e| {
                let k = e.keywords.join(" ");
                format!("{q} {q} {q} {k} {k} {}", e.answer, q = e.question)
            })
            .collect();
        let tokenizer = DeskTokenizer::new();
        let vocabulary = contents
            .iter()
            .map(|c| tokenizer.tokenize(c).into_iter().collect())
            .collect();
        let documents = contents
            .into_iter()
            .enumerate()
            .map(|(i, c)| Document::new(i, c));
        let engine =
            SearchEngineBuilder::<usize, u32, DeskTokenizer>::with_tokenizer_and_documents(
                DeskTokenizer::new(),
                documents,
            )
            .build();
        Index {
            engine,
            size: entries.len(),
            vocabulary,
        }
    }

    /// The share of the question's distinct words that entry `i` contains (0 to 1): a high
    /// score from one shared word among many foreign ones is a coincidence, not an answer.
    pub(super) fn coverage(&self, i: usize, question: &str) -> f32 {
        let words: BTreeSet<String> = DeskTokenizer::new()
            .tokenize(question)
            .into_iter()
            .collect();
        let Some(known) = self.vocabulary.get(i) else {
            return 0.0;
        };
        if words.is_empty() {
            return 0.0;
        }
        words.iter().filter(|w| known.contains(*w)).count() as f32 / words.len() as f32
    }

    /// Every entry that shares a word with the question, best first: `(position, score)`.
    /// Ties go to the earlier entry, so the order never depends on hashing.
    pub(super) fn rank(&self, question: &str) -> Vec<(usize, f32)> {
        let mut hits: Vec<(usize, f32)> = self
            .engine
            .search(question, self.size)
            .into_iter()
            .map(|r| (r.document.id, r.score))
            .collect();
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        hits
    }

    /// The question's tokens, for tests and calibration.
    #[cfg(test)]
    pub(super) fn tokens(text: &str) -> Vec<String> {
        DeskTokenizer::new().tokenize(text)
    }
}
