//! The desk's search index: BM25F over three fields of each entry. The question says what the
//! entry is about, the keywords how players put it, the answer adds detail; each field is
//! normalised by its own length, so a long answer neither drowns nor dilutes the question.

use std::collections::{BTreeMap, BTreeSet};

use super::Entry;
use super::tokens::{Language, Tokenizer};

/// How much a term in each field counts: question, keywords, answer.
const FIELD_WEIGHTS: [f32; 3] = [2.0, 2.0, 1.0];
/// BM25's saturation: how quickly more occurrences stop adding.
const K1: f32 = 3.0;
/// BM25's length normalisation: how much a longer field is discounted.
const B: f32 = 0.75;
/// A pair of words ("longest road") counts this much of a single word.
const PAIR_WEIGHT: f32 = 0.25;

/// Added in proportion to the share of the question's words that the entry's question or
/// keywords name: an entry about all of what is asked beats one that mentions much of it.
const NAMED_BONUS: f32 = 3.0;

/// One entry's fields as term counts.
struct Fields {
    counts: [BTreeMap<String, f32>; 3],
    lengths: [f32; 3],
}

/// The entries, indexed for ranking by position.
pub(super) struct Index {
    tokenizer: Tokenizer,
    docs: Vec<Fields>,
    average_lengths: [f32; 3],
    /// In how many entries each term occurs.
    document_frequency: BTreeMap<String, usize>,
    /// Each entry's distinct words.
    vocabulary: Vec<BTreeSet<String>>,
}

impl Index {
    pub(super) fn build(entries: &[Entry], language: &'static Language) -> Index {
        let tokenizer = Tokenizer::new(language);
        let docs: Vec<Fields> = entries
            .iter()
            .map(|e| {
                let texts = [e.question.clone(), e.keywords.join(" ; "), e.answer.clone()];
                let mut counts: [BTreeMap<String, f32>; 3] = Default::default();
                let mut lengths = [0.0; 3];
                for (f, text) in texts.iter().enumerate() {
                    // Keywords are separate phrases: no pairs across them.
                    let terms: Vec<String> = text
                        .split(';')
                        .flat_map(|part| tokenizer.terms(part))
                        .collect();
                    lengths[f] = terms.len() as f32;
                    for t in terms {
                        *counts[f].entry(t).or_default() += 1.0;
                    }
                }
                Fields { counts, lengths }
            })
            .collect();
        let n = docs.len().max(1) as f32;
        let mut average_lengths = [0.0; 3];
        for (f, average) in average_lengths.iter_mut().enumerate() {
            *average = (docs.iter().map(|d| d.lengths[f]).sum::<f32>() / n).max(1.0);
        }
        let mut document_frequency = BTreeMap::new();
        for d in &docs {
            let terms: BTreeSet<&String> = d.counts.iter().flat_map(|c| c.keys()).collect();
            for t in terms {
                *document_frequency.entry(t.clone()).or_insert(0) += 1;
            }
        }
        let vocabulary = entries
            .iter()
            .map(|e| {
                let all = format!("{} {} {}", e.question, e.keywords.join(" "), e.answer);
                tokenizer.words(&all).into_iter().collect()
            })
            .collect();
        Index {
            tokenizer,
            docs,
            average_lengths,
            document_frequency,
            vocabulary,
        }
    }

    /// The share of the question's distinct words that entry `i` contains (0 to 1): a high
    /// score from one shared word among many foreign ones is a coincidence, not an answer.
    pub(super) fn coverage(&self, i: usize, question: &str) -> f32 {
        let words: BTreeSet<String> = self.tokenizer.words(question).into_iter().collect();
        let Some(known) = self.vocabulary.get(i) else {
            return 0.0;
        };
        if words.is_empty() {
            return 0.0;
        }
        words.iter().filter(|w| known.contains(*w)).count() as f32 / words.len() as f32
    }

    /// Every entry that shares a term with the question, best first: `(position, score)`.
    /// Ties go to the earlier entry, so the order never depends on anything but the data.
    pub(super) fn rank(&self, question: &str) -> Vec<(usize, f32)> {
        let terms: BTreeSet<String> = self.tokenizer.terms(question).into_iter().collect();
        let n = self.docs.len() as f32;
        let idf = |t: &str| {
            let df = self.document_frequency.get(t).copied().unwrap_or(0) as f32;
            (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
        };
        let words: Vec<&String> = terms.iter().filter(|t| !t.contains(' ')).collect();
        let mut hits: Vec<(usize, f32)> = self
            .docs
            .iter()
            .enumerate()
            .map(|(i, doc)| {
                let score = terms
                    .iter()
                    .map(|t| {
                        let tf = self.weighted_frequency(doc, t);
                        let weight = if t.contains(' ') { PAIR_WEIGHT } else { 1.0 };
                        weight * idf(t) * tf / (K1 + tf)
                    })
                    .sum::<f32>();
                let named = words
                    .iter()
                    .filter(|t| doc.counts[0].contains_key(**t) || doc.counts[1].contains_key(**t))
                    .count() as f32;
                let score = if score > 0.0 {
                    score + NAMED_BONUS * named / words.len().max(1) as f32
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

    /// A term's occurrences in an entry, each field weighted and normalised by its length.
    fn weighted_frequency(&self, doc: &Fields, term: &str) -> f32 {
        (0..3)
            .map(|f| {
                let count = doc.counts[f].get(term).copied().unwrap_or(0.0);
                let norm = 1.0 - B + B * doc.lengths[f] / self.average_lengths[f];
                FIELD_WEIGHTS[f] * count / norm
            })
            .sum()
    }

    /// The text's words, for tests and calibration.
    #[cfg(test)]
    pub(super) fn tokens(&self, text: &str) -> Vec<String> {
        self.tokenizer.words(text)
    }
}
