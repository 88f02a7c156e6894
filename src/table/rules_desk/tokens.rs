//! Turning text into search terms: lower case, the game's multi-word names joined, stop words
//! dropped, words reduced to their Snowball stems and mapped to one canonical word for each
//! thing (old edition names, nicknames), plus word pairs ("longest road") as extra terms, so a
//! question matches the entry that names the same thing the same way.

use std::collections::BTreeMap;

use rust_stemmers::{Algorithm, Stemmer};

/// The word lists of one language.
pub(super) struct Language {
    pub(super) stemmer: Algorithm,
    /// Words that carry no meaning for a rules question.
    pub(super) stop_words: &'static [&'static str],
    /// Multi-word names rewritten before the text is split (`year of plenty` → `invention`).
    pub(super) phrases: &'static [(&'static str, &'static str)],
    /// Other words for the same thing: `from` (any inflection) reads as the words of `to`.
    pub(super) synonyms: &'static [(&'static str, &'static str)],
    /// Last parts of compound words; a compound also counts as its two parts (`Ritterkarte` →
    /// `Ritter`, `Karte`).
    pub(super) compound_heads: &'static [&'static str],
    /// Words that say what kind of answer is asked for ("how many" → `quantity`): they rank,
    /// but are not what a question is about.
    pub(super) markers: &'static [&'static str],
    /// The game's own things and actions (pieces, resources, cards, the robber, trading,
    /// building, turns): the words that make a question a rules question. Any other word the
    /// knowledge base uses ("best", "time", "good") is too general to carry a topic alone.
    pub(super) topics: &'static [&'static str],
}

/// Splits text into canonical stemmed terms for one language.
pub(super) struct Tokenizer {
    stemmer: Stemmer,
    language: &'static Language,
    /// Stemmed synonym → the stemmed words it stands for.
    synonyms: BTreeMap<String, Vec<String>>,
}

impl Tokenizer {
    pub(super) fn new(language: &'static Language) -> Tokenizer {
        let stemmer = Stemmer::create(language.stemmer);
        let direct: BTreeMap<String, Vec<String>> = language
            .synonyms
            .iter()
            .map(|(from, to)| {
                let to = to
                    .split(' ')
                    .flat_map(|w| parts(language.compound_heads, w))
                    .map(|w| stemmer.stem(w).into_owned())
                    .collect();
                (stemmer.stem(from).into_owned(), to)
            })
            .collect();
        // A synonym's words (or their compound parts) may have synonyms of their own.
        let synonyms = direct
            .iter()
            .map(|(from, to)| {
                let to = to
                    .iter()
                    .flat_map(|w| match direct.get(w) {
                        Some(canonical) if w != from => canonical.clone(),
                        _ => vec![w.clone()],
                    })
                    .collect();
                (from.clone(), to)
            })
            .collect();
        Tokenizer {
            stemmer,
            language,
            synonyms,
        }
    }

    /// The text's words, canonical and stemmed, in order.
    pub(super) fn words(&self, text: &str) -> Vec<String> {
        let mut text = format!(" {} ", text.to_lowercase().replace(['’', '‘'], "'"));
        for (phrase, word) in self.language.phrases {
            text = text.replace(phrase, &format!(" {word} "));
        }
        let mut words = Vec::new();
        for raw in text.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
            let raw = raw.trim_matches('\'');
            let raw = raw.strip_suffix("'s").unwrap_or(raw);
            // A number's plural ("two 6s") is the number.
            let raw = match raw.strip_suffix('s') {
                Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => n,
                _ => raw,
            };
            if raw.is_empty() || self.language.stop_words.contains(&raw) {
                continue;
            }
            if raw.chars().count() < 2 && !raw.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            for part in parts(self.language.compound_heads, raw) {
                let stem = self.stemmer.stem(part).into_owned();
                match self.synonyms.get(&stem) {
                    Some(canonical) => words.extend(canonical.iter().cloned()),
                    None => words.push(stem),
                }
            }
        }
        words
    }

    /// The markers' terms, stemmed.
    pub(super) fn markers(&self) -> Vec<String> {
        self.language
            .markers
            .iter()
            .map(|m| self.stemmer.stem(m).into_owned())
            .collect()
    }

    /// The text's words without the markers: what it is about.
    pub(super) fn content_words(&self, text: &str) -> Vec<String> {
        let markers = self.markers();
        let mut words = self.words(text);
        words.retain(|w| !markers.contains(w));
        words
    }

    /// The words and the pairs of neighbouring words: the terms the index counts.
    pub(super) fn terms(&self, text: &str) -> Vec<String> {
        let words = self.words(text);
        let pairs: Vec<String> = words
            .windows(2)
            .filter(|pair| pair[0] != pair[1])
            .map(|pair| format!("{} {}", pair[0], pair[1]))
            .collect();
        words.into_iter().chain(pairs).collect()
    }
}

/// A word, or a compound and its two parts (`ritterkarte`, `ritter`, `karte`).
fn parts<'w>(heads: &[&str], word: &'w str) -> Vec<&'w str> {
    let head = heads
        .iter()
        .find(|head| word.len() >= head.len() + 3 && word.ends_with(*head));
    match head {
        Some(head) => {
            let (prefix, last) = word.split_at(word.len() - head.len());
            vec![word, prefix, last]
        }
        None => vec![word],
    }
}
