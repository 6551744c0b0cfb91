//! Typo tolerance: finding vocabulary words close to a misspelt word.
//!
//! Invariants: the allowed number of edits grows with word length (none for
//! words of three letters or fewer, one up to seven letters, two beyond), the
//! first letter must agree (or be swapped with the second), and results are
//! sorted by distance then spelling, so the same input always gives the same
//! answer. Distance is optimal string alignment (Damerau-Levenshtein where a
//! transposition counts as one edit).

use std::collections::BTreeMap;

/// Edits tolerated for a word of `len` characters.
pub fn max_edits(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Confidence of a match `edits` away from a word of `len` characters.
pub fn confidence(edits: usize, len: usize) -> f32 {
    if edits == 0 {
        return 1.0;
    }
    let len = len.max(1) as f32;
    (0.9 - 0.5 * edits as f32 / len).clamp(0.5, 0.9)
}

/// Vocabulary words bucketed by first character, for quick near lookups.
#[derive(Debug, Default, Clone)]
pub struct Vocabulary {
    by_first: BTreeMap<char, Vec<String>>,
}

impl Vocabulary {
    pub fn insert(&mut self, word: &str) {
        let Some(first) = word.chars().next() else {
            return;
        };
        let bucket = self.by_first.entry(first).or_default();
        if !bucket.iter().any(|w| w == word) {
            bucket.push(word.to_string());
        }
    }

    pub fn contains(&self, word: &str) -> bool {
        word.chars()
            .next()
            .and_then(|c| self.by_first.get(&c))
            .is_some_and(|b| b.iter().any(|w| w == word))
    }

    /// Words within the tolerated distance of `word` (not `word` itself),
    /// closest first, as `(word, edits)`.
    pub fn near(&self, word: &str) -> Vec<(String, usize)> {
        let len = word.chars().count();
        let limit = max_edits(len);
        if limit == 0 || word.chars().any(|c| c.is_ascii_digit()) {
            return Vec::new();
        }
        let mut firsts: Vec<char> = word.chars().take(2).collect();
        firsts.dedup();
        let mut out: Vec<(String, usize)> = Vec::new();
        for first in firsts {
            let Some(bucket) = self.by_first.get(&first) else {
                continue;
            };
            for cand in bucket {
                let clen = cand.chars().count();
                if clen.abs_diff(len) > limit || cand == word || max_edits(clen) == 0 {
                    continue;
                }
                let d = strsim::osa_distance(word, cand);
                let same_first = cand.chars().next() == word.chars().next();
                let swapped = d == 1
                    && cand.chars().take(2).eq(word
                        .chars()
                        .take(2)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev());
                if d <= limit && (same_first || swapped) && !other_word_form(word, cand) {
                    out.push((cand.clone(), d));
                }
            }
        }
        out.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        out.dedup();
        out
    }
}

/// True when two words differ only in a different English ending
/// ("publisher" / "published", "rater" / "rated"): other words, not typos.
fn other_word_form(a: &str, b: &str) -> bool {
    const ENDINGS: [&str; 6] = ["er", "ed", "es", "ly", "al", "or"];
    ENDINGS.iter().any(|x| {
        ENDINGS.iter().any(|y| {
            x != y
                && a.strip_suffix(x)
                    .is_some_and(|ra| b.strip_suffix(y) == Some(ra))
        })
    })
}
