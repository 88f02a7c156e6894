//! The desk's search index: one `bm25` index per field of each entry (question, keywords,
//! answer), built at start-up with the desk's own tokenizer. The question says what the entry
//! is about, the keywords how players put it, the answer adds detail; each field is scored
//! against its own average length, so a long answer neither drowns nor dilutes the question.
//! The field scores are weighted and summed, then re-ranked with a bonus for entries whose
//! question or keywords name the words asked about, and a smaller one for entries that contain
//! them anywhere (an answer that states the number asked for).

use std::collections::BTreeSet;

use bm25::{Embedder, EmbedderBuilder, Embedding, Scorer, TokenEmbedder, TokenEmbedding};

use super::Entry;
use super::tokens::{Language, Tokenizer};

/// How much a match in each field counts: question, keywords, answer.
const FIELD_WEIGHTS: [f32; 3] = [3.0, 2.0, 1.0];
/// BM25's saturation: how quickly more occurrences stop adding.
const K1: f32 = 5.0;
/// BM25's length normalisation: how much a longer field is discounted.
const B: f32 = 0.75;
/// A pair of words ("longest road") counts this much of a single word.
const PAIR_WEIGHT: f32 = 0.25;

/// Added in proportion to the share of the question's words that the entry's question or
/// keywords name: an entry about all of what is asked beats one that mentions much of it.
const NAMED_BONUS: f32 = 10.0;

/// Added in proportion to the share of the question's words found anywhere in the entry, its
/// answer included: an answer that states what was asked about (the number, the piece) beats a
/// neighbour on the same subject that does not.
const COVERED_BONUS: f32 = 2.0;

/// How much a word the knowledge base uses, but that is not one of the game's own (`best`,
/// `time`, `good`), counts towards a question's known share: half. Such words cannot carry a
/// question ("what's the best pizza topping" shares only `best`), even where an entry names
/// them ("best numbers").
const GENERAL_WORD_WEIGHT: f32 = 0.5;

/// A term as the `bm25` crate indexes it: a 64-bit hash, so distinct terms practically never
/// share a slot.
type Term = u64;

/// The desk's tokenizer as the `bm25` crate sees it: every term of a field, words and pairs.
/// Keywords are separate phrases, so no pair spans a `;`.
struct FieldTerms<'t>(&'t Tokenizer);

impl bm25::Tokenizer for FieldTerms<'_> {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        input_text
            .split(';')
            .flat_map(|part| self.0.terms(part))
            .collect()
    }
}

/// The entries, indexed for ranking by position.
pub(super) struct Index {
    tokenizer: Tokenizer,
    /// One index per field, keyed by entry position.
    fields: [Scorer<usize, Term>; 3],
    /// How many entries there are.
    size: usize,
    /// Each entry's distinct words in its question and keywords.
    named: Vec<BTreeSet<String>>,
    /// Each entry's distinct words.
    vocabulary: Vec<BTreeSet<String>>,
    /// Every word of the knowledge base.
    known: BTreeSet<String>,
    /// The game's own words (the language's topics, as terms).
    topical: BTreeSet<String>,
}

impl Index {
    pub(super) fn build(entries: &[Entry], language: &'static Language) -> Index {
        let tokenizer = Tokenizer::new(language);
        let texts: Vec<[String; 3]> = entries
            .iter()
            .map(|e| [e.question.clone(), e.keywords.join(" ; "), e.answer.clone()])
            .collect();
        let fields = [0, 1, 2].map(|f| {
            let corpus: Vec<&str> = texts.iter().map(|t| t[f].as_str()).collect();
            let embedder: Embedder<Term, FieldTerms> =
                EmbedderBuilder::with_tokenizer_and_fit_to_corpus(FieldTerms(&tokenizer), &corpus)
                    .k1(K1)
                    .b(B)
                    .build();
            let mut scorer = Scorer::new();
            for (i, text) in corpus.iter().enumerate() {
                scorer.upsert(&i, embedder.embed(text));
            }
            scorer
        });
        let named = texts
            .iter()
            .map(|[question, keywords, _]| {
                let text = format!("{question} {keywords}");
                tokenizer.words(&text).into_iter().collect()
            })
            .collect();
        let vocabulary: Vec<BTreeSet<String>> = texts
            .iter()
            .map(|t| tokenizer.words(&t.join(" ")).into_iter().collect())
            .collect();
        let known = vocabulary.iter().flatten().cloned().collect();
        let topical = topical_words(&tokenizer, language, &known);
        Index {
            tokenizer,
            fields,
            size: entries.len(),
            named,
            vocabulary,
            known,
            topical,
        }
    }

    /// The share of the question's distinct words that entry `i` contains (0 to 1): a high
    /// score from one shared word among many foreign ones is a coincidence, not an answer.
    pub(super) fn coverage(&self, i: usize, question: &str) -> f32 {
        self.covered(i, &self.content(question))
    }

    /// The question's distinct content words (markers left out).
    fn content(&self, question: &str) -> BTreeSet<String> {
        self.tokenizer.content_words(question).into_iter().collect()
    }

    /// The share of `words` that entry `i` contains.
    fn covered(&self, i: usize, words: &BTreeSet<String>) -> f32 {
        let Some(known) = self.vocabulary.get(i) else {
            return 0.0;
        };
        if words.is_empty() {
            return 0.0;
        }
        words.iter().filter(|w| known.contains(*w)).count() as f32 / words.len() as f32
    }

    /// The share of the question's distinct words that the knowledge base uses anywhere (0 to
    /// 1), one of the game's own words counting whole and any other [`GENERAL_WORD_WEIGHT`]: a
    /// question made mostly of words no entry uses, or of general ones, is about something
    /// else.
    pub(super) fn known_share(&self, question: &str) -> f32 {
        let words = self.content(question);
        if words.is_empty() {
            return 0.0;
        }
        let weight = |w: &String| match (self.known.contains(w), self.topical.contains(w)) {
            (false, _) => 0.0,
            (true, true) => 1.0,
            (true, false) => GENERAL_WORD_WEIGHT,
        };
        words.iter().map(weight).sum::<f32>() / words.len() as f32
    }

    /// How many of the game's own words the question uses that the knowledge base knows: the
    /// evidence that it is a rules question, which general words shared by chance are not.
    pub(super) fn topic_words(&self, question: &str) -> usize {
        self.content(question)
            .iter()
            .filter(|w| self.topical.contains(*w) && self.known.contains(*w))
            .count()
    }

    /// Every entry that shares a term with the question, best first: `(position, score)`.
    /// Ties go to the earlier entry, so the order never depends on anything but the data.
    pub(super) fn rank(&self, question: &str) -> Vec<(usize, f32)> {
        let terms: BTreeSet<String> = self.tokenizer.terms(question).into_iter().collect();
        let (pairs, words): (Vec<&String>, Vec<&String>) =
            terms.iter().partition(|t| t.contains(' '));
        let word_query = query(&words);
        let pair_query = query(&pairs);
        let content = self.content(question);
        let mut hits: Vec<(usize, f32)> = (0..self.size)
            .map(|i| {
                let score = self.relevance(i, &word_query, &pair_query);
                let named = self.named.get(i).map_or(0, |known| {
                    words.iter().filter(|w| known.contains(**w)).count()
                }) as f32;
                let score = if score > 0.0 {
                    score
                        + NAMED_BONUS * named / words.len().max(1) as f32
                        + COVERED_BONUS * self.covered(i, &content)
                } else {
                    0.0
                };
                (i, score)
            })
            .filter(|&(_, score)| score > 0.0)
            .collect();
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        hits
    }

    /// Entry `i`'s BM25 scores in each field, weighted and summed. The crate's scores run up
    /// to `K1 + 1` per term; dividing by it keeps a term's worth below one, on the bonus's scale.
    fn relevance(&self, i: usize, words: &Embedding<Term>, pairs: &Embedding<Term>) -> f32 {
        self.fields
            .iter()
            .zip(FIELD_WEIGHTS)
            .map(|(field, weight)| {
                let of = |q| field.score(&i, q).unwrap_or(0.0);
                weight * (of(words) + PAIR_WEIGHT * of(pairs)) / (K1 + 1.0)
            })
            .sum()
    }

    /// The text's words, for tests and calibration.
    #[cfg(test)]
    pub(super) fn tokens(&self, text: &str) -> Vec<String> {
        self.tokenizer.words(text)
    }
}

/// The language's topics as terms; where words are compounds (German), also every word of the
/// knowledge base that starts with one (`Rohstoffarten`, `Zahlenchips`).
fn topical_words(
    tokenizer: &Tokenizer,
    language: &Language,
    known: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut topical: BTreeSet<String> = language
        .topics
        .iter()
        .flat_map(|topic| tokenizer.words(topic))
        .collect();
    if !language.compound_heads.is_empty() {
        let compounds: Vec<String> = known
            .iter()
            .filter(|word| {
                topical
                    .iter()
                    .any(|topic| topic.chars().count() >= 4 && word.starts_with(topic.as_str()))
            })
            .cloned()
            .collect();
        topical.extend(compounds);
    }
    topical
}

/// Distinct terms as a query for the crate's scorer, which reads only the terms' slots.
fn query(terms: &[&String]) -> Embedding<Term> {
    Embedding(
        terms
            .iter()
            .map(|t| TokenEmbedding {
                index: Term::embed(t),
                value: 1.0,
            })
            .collect(),
    )
}
