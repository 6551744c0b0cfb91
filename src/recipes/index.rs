//! The in-memory retrieval index over the recipes of one schema fingerprint:
//! BM25 over stemmed intent words plus character-trigram (Dice) similarity.
//!
//! Score of a recipe for a question, in `[0, 1]`:
//! `BM25_WEIGHT * min(1, bm25 / bm25_self) + TRIGRAM_WEIGHT * dice`, where
//! `bm25_self` is the BM25 score the question's own terms would get as a
//! document of the question's length (so an identical intent scores 1 on that
//! part, and a question word the index has never seen lowers the score), and
//! `dice = 2 |shared trigrams| / (|question trigrams| + |recipe trigrams|)`.
//!
//! Invariants: one document per normalized intent (an update replaces the
//! recipe, its terms are the same); only recipes sharing a term or a trigram
//! with the question are scored, through inverted lists, so a query costs the
//! length of its posting lists, not the size of the index. Ties rank the more
//! used, then the newer, recipe first.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::intent::{index_terms, normalize_intent, trigrams};
use super::Recipe;

/// BM25 term-frequency saturation.
const K1: f64 = 1.2;
/// BM25 length normalization.
const B: f64 = 0.75;
/// Share of the word (BM25) part in the final score.
const BM25_WEIGHT: f64 = 0.6;
/// Share of the character-trigram part in the final score.
const TRIGRAM_WEIGHT: f64 = 0.4;

/// Retrieval index over the recipes of one fingerprint.
#[derive(Debug, Default, Clone)]
pub struct RecipeIndex {
    recipes: Vec<Recipe>,
    by_intent: HashMap<String, u32>,
    doc_len: Vec<u32>,
    total_len: u64,
    doc_trigrams: Vec<u32>,
    vocab: HashMap<String, usize>,
    /// Per term: (document, term frequency).
    postings: Vec<Vec<(u32, u32)>>,
    /// Per trigram: documents containing it.
    trigram_postings: HashMap<u64, Vec<u32>>,
}

impl RecipeIndex {
    /// An empty index.
    pub fn new() -> Self {
        RecipeIndex::default()
    }

    /// An index over `recipes` (later ones replace earlier ones of the same intent).
    pub fn from_recipes(recipes: impl IntoIterator<Item = Recipe>) -> Self {
        let mut index = RecipeIndex::new();
        for recipe in recipes {
            index.upsert(recipe);
        }
        index
    }

    /// Number of recipes (distinct intents).
    pub fn len(&self) -> usize {
        self.recipes.len()
    }

    /// True when no recipe is indexed.
    pub fn is_empty(&self) -> bool {
        self.recipes.is_empty()
    }

    /// Adds a recipe, or replaces the one with the same normalized intent.
    pub fn upsert(&mut self, recipe: Recipe) {
        if let Some(&doc) = self.by_intent.get(&recipe.intent) {
            if let Some(slot) = self.recipes.get_mut(doc as usize) {
                *slot = recipe;
            }
            return;
        }
        let Ok(doc) = u32::try_from(self.recipes.len()) else {
            return; // four billion recipes: the index is full.
        };
        let terms = index_terms(&recipe.intent);
        let mut tf: HashMap<&str, u32> = HashMap::new();
        for term in &terms {
            *tf.entry(term.as_str()).or_default() += 1;
        }
        for (term, count) in tf {
            let next = self.postings.len();
            let id = *self.vocab.entry(term.to_string()).or_insert(next);
            if id == next {
                self.postings.push(Vec::new());
            }
            if let Some(list) = self.postings.get_mut(id) {
                list.push((doc, count));
            }
        }
        let grams = trigrams(&recipe.intent);
        for gram in &grams {
            self.trigram_postings.entry(*gram).or_default().push(doc);
        }
        let len = u32::try_from(terms.len()).unwrap_or(u32::MAX);
        self.doc_len.push(len);
        self.total_len += u64::from(len);
        self.doc_trigrams
            .push(u32::try_from(grams.len()).unwrap_or(u32::MAX));
        self.by_intent.insert(recipe.intent.clone(), doc);
        self.recipes.push(recipe);
    }

    /// The recipe with this normalized intent, if indexed.
    pub fn get(&self, intent: &str) -> Option<&Recipe> {
        self.by_intent
            .get(intent)
            .and_then(|&doc| self.recipes.get(doc as usize))
    }

    /// The `k` recipes most similar to `question`, best first, with scores in
    /// `(0, 1]`. Recipes sharing nothing with the question are not returned.
    pub fn search(&self, question: &str, k: usize) -> Vec<(&Recipe, f64)> {
        let intent = normalize_intent(question);
        if intent.is_empty() || self.recipes.is_empty() || k == 0 {
            return Vec::new();
        }
        let n_docs = self.recipes.len();
        let n = n_docs as f64;
        let avg_len = (self.total_len as f64 / n).max(1.0);
        let mut bm25 = vec![0f64; n_docs];
        let mut shared = vec![0u32; n_docs];
        let mut touched: Vec<u32> = Vec::new();
        let mut seen = vec![false; n_docs];
        let mut touch = |doc: u32, touched: &mut Vec<u32>| {
            if let Some(flag) = seen.get_mut(doc as usize) {
                if !*flag {
                    *flag = true;
                    touched.push(doc);
                }
            }
        };

        let mut terms = index_terms(&intent);
        let query_len = terms.len() as f64;
        terms.sort_unstable();
        terms.dedup();
        let self_norm = K1 * (1.0 - B + B * query_len / avg_len);
        let mut bm25_self = 0.0;
        for term in &terms {
            let list = self
                .vocab
                .get(term)
                .and_then(|&id| self.postings.get(id))
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let df = list.len() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            bm25_self += idf * (K1 + 1.0) / (1.0 + self_norm);
            for &(doc, tf) in list {
                let tf = f64::from(tf);
                let dl = self.doc_len.get(doc as usize).copied().unwrap_or(0);
                let norm = K1 * (1.0 - B + B * f64::from(dl) / avg_len);
                if let Some(acc) = bm25.get_mut(doc as usize) {
                    *acc += idf * tf * (K1 + 1.0) / (tf + norm);
                }
                touch(doc, &mut touched);
            }
        }

        let query_grams = trigrams(&intent);
        for gram in &query_grams {
            if let Some(list) = self.trigram_postings.get(gram) {
                for &doc in list {
                    if let Some(count) = shared.get_mut(doc as usize) {
                        *count += 1;
                    }
                    touch(doc, &mut touched);
                }
            }
        }

        let score = |doc: u32| -> f64 {
            let i = doc as usize;
            let words = if bm25_self > 0.0 {
                (bm25.get(i).copied().unwrap_or(0.0) / bm25_self).min(1.0)
            } else {
                0.0
            };
            let denom = query_grams.len() as f64
                + f64::from(self.doc_trigrams.get(i).copied().unwrap_or(0));
            let dice = if denom > 0.0 {
                2.0 * f64::from(shared.get(i).copied().unwrap_or(0)) / denom
            } else {
                0.0
            };
            BM25_WEIGHT * words + TRIGRAM_WEIGHT * dice
        };
        let mut ranked: Vec<(f64, &Recipe)> = touched
            .iter()
            .filter_map(|&doc| self.recipes.get(doc as usize).map(|r| (score(doc), r)))
            .filter(|(s, _)| *s > 0.0)
            .collect();
        let order = |a: &(f64, &Recipe), b: &(f64, &Recipe)| -> Ordering {
            b.0.total_cmp(&a.0)
                .then(b.1.use_count.cmp(&a.1.use_count))
                .then(b.1.id.cmp(&a.1.id))
        };
        if ranked.len() > k {
            ranked.select_nth_unstable_by(k - 1, order);
            ranked.truncate(k);
        }
        ranked.sort_by(order);
        ranked.into_iter().map(|(s, r)| (r, s)).collect()
    }
}
