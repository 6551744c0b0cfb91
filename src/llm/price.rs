//! Cost estimates from a price table: USD per million tokens for input,
//! output, cache reads and cache writes, per model. A small built-in table
//! covers the default models; `[llm.prices."<model>"]` in the settings
//! overrides or extends it. A model not in the table has no estimate
//! (None), never a guess; a dated snapshot (`claude-sonnet-4-5-20250929`,
//! `gpt-4.1-2025-04-14`) is priced as its model.

use super::Usage;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// USD per million tokens.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    pub input: f64,
    pub output: f64,
    /// Cached prompt tokens read; the input price when not given.
    #[serde(default)]
    pub cache_read: Option<f64>,
    /// Prompt tokens written to the cache; the input price when not given.
    #[serde(default)]
    pub cache_write: Option<f64>,
}

/// Built-in list prices, USD per million tokens, as Anthropic's and
/// OpenAI's pricing pages gave them in November 2025 (standard tier, not
/// batch; not re-checked since: `[llm.prices]` overrides them). Every cost
/// sandpiper shows is an estimate from this table. Not modelled: Claude
/// Sonnet's higher rate for prompts over 200k tokens (the curated context
/// is far smaller), 1-hour cache writes (2x input; sandpiper asks for none),
/// regional or priority tiers. OpenAI charges nothing extra to write its
/// cache, so its cache-write price is the input price.
const BUILTIN: &[(&str, f64, f64, f64, f64)] = &[
    // model, input, output, cache read, cache write (5-minute)
    ("claude-opus-4-5", 5.0, 25.0, 0.50, 6.25),
    ("claude-opus-4-1", 15.0, 75.0, 1.50, 18.75),
    ("claude-opus-4-0", 15.0, 75.0, 1.50, 18.75),
    ("claude-opus-4", 15.0, 75.0, 1.50, 18.75),
    ("claude-sonnet-4-5", 3.0, 15.0, 0.30, 3.75),
    ("claude-sonnet-4-0", 3.0, 15.0, 0.30, 3.75),
    ("claude-sonnet-4", 3.0, 15.0, 0.30, 3.75),
    ("claude-haiku-4-5", 1.0, 5.0, 0.10, 1.25),
    ("claude-3-5-haiku", 0.80, 4.0, 0.08, 1.0),
    ("gpt-4.1", 2.0, 8.0, 0.50, 2.0),
    ("gpt-4.1-mini", 0.40, 1.60, 0.10, 0.40),
    ("gpt-4.1-nano", 0.10, 0.40, 0.025, 0.10),
    ("gpt-4o", 2.50, 10.0, 1.25, 2.50),
    ("gpt-4o-mini", 0.15, 0.60, 0.075, 0.15),
    ("gpt-5", 1.25, 10.0, 0.125, 1.25),
    ("gpt-5-mini", 0.25, 2.0, 0.025, 0.25),
    ("gpt-5-nano", 0.05, 0.40, 0.005, 0.05),
];

/// Prices by model name.
#[derive(Debug, Clone, PartialEq)]
pub struct PriceTable {
    prices: BTreeMap<String, Price>,
}

impl Default for PriceTable {
    fn default() -> Self {
        PriceTable::builtin()
    }
}

/// `-20250929` or `-2025-04-14` at the end of a model name.
fn strip_date(model: &str) -> Option<&str> {
    let tail_ok = |t: &str| t.chars().all(|c| c.is_ascii_digit() || c == '-') && t.chars().filter(char::is_ascii_digit).count() == 8;
    let b = model.as_bytes();
    for len in [9usize, 11] {
        if b.len() > len && b[b.len() - len] == b'-' && tail_ok(&model[b.len() - len + 1..]) {
            return Some(&model[..b.len() - len]);
        }
    }
    None
}

impl PriceTable {
    pub fn builtin() -> PriceTable {
        let prices = BUILTIN
            .iter()
            .map(|&(m, input, output, r, w)| (m.to_string(), Price { input, output, cache_read: Some(r), cache_write: Some(w) }))
            .collect();
        PriceTable { prices }
    }

    /// The built-in table with `overrides` laid over it.
    pub fn with_overrides(overrides: &BTreeMap<String, Price>) -> PriceTable {
        let mut t = PriceTable::builtin();
        for (m, p) in overrides {
            t.prices.insert(m.clone(), *p);
        }
        t
    }

    /// The price of `model` (or of the model a dated snapshot names).
    pub fn lookup(&self, model: &str) -> Option<&Price> {
        self.prices.get(model).or_else(|| self.prices.get(strip_date(model)?))
    }

    /// The cost of `usage` on `model`; None when the model is not priced.
    /// `usage.input_tokens` counts cached tokens too (as providers report it here).
    pub fn estimate(&self, model: &str, usage: &Usage) -> Option<f64> {
        let p = self.lookup(model)?;
        let cached = usage.cache_read_tokens + usage.cache_write_tokens;
        let plain = usage.input_tokens.saturating_sub(cached) as f64;
        let usd = plain * p.input
            + usage.cache_read_tokens as f64 * p.cache_read.unwrap_or(p.input)
            + usage.cache_write_tokens as f64 * p.cache_write.unwrap_or(p.input)
            + usage.output_tokens as f64 * p.output;
        Some(usd / 1_000_000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(input: u64, output: u64, read: u64, write: u64) -> Usage {
        Usage { input_tokens: input, output_tokens: output, cache_read_tokens: read, cache_write_tokens: write, ..Usage::default() }
    }

    #[test]
    fn builtin_prices_are_plausible() {
        // Output costs more than input, a cache read less (a tenth to a
        // half), a cache write at least the input price; all in the range
        // list prices span. Catches a typo or swapped columns.
        for &(m, input, output, read, write) in BUILTIN {
            assert!((0.01..=100.0).contains(&input) && (input..=150.0).contains(&output), "{m}");
            assert!(read >= input * 0.09 && read <= input * 0.5, "{m}: cache read {read}");
            assert!(write >= input && write <= input * 1.25 + 1e-9, "{m}: cache write {write}");
        }
    }

    #[test]
    fn estimates() {
        let over = BTreeMap::from([
            ("local-llama".to_string(), Price { input: 0.0, output: 0.0, cache_read: None, cache_write: None }),
            ("gpt-4.1".to_string(), Price { input: 1.0, output: 1.0, cache_read: None, cache_write: None }),
        ]);
        let t = PriceTable::with_overrides(&over);
        let cases: Vec<(&str, Usage, Option<f64>)> = vec![
            ("claude-sonnet-4-5", usage(1_000_000, 0, 0, 0), Some(3.0)),
            ("claude-sonnet-4-5", usage(0, 1_000_000, 0, 0), Some(15.0)),
            // 1M prompt tokens of which 800k cache reads and 100k cache writes
            ("claude-sonnet-4-5", usage(1_000_000, 0, 800_000, 100_000), Some(0.3 + 0.24 + 0.375)),
            ("claude-sonnet-4-5-20250929", usage(1_000_000, 0, 0, 0), Some(3.0)),
            ("gpt-4.1-2025-04-14", usage(2_000_000, 0, 0, 0), Some(2.0)), // overridden
            ("gpt-4o-mini", usage(1_000_000, 1_000_000, 1_000_000, 0), Some(0.075 + 0.6)),
            ("local-llama", usage(5, 5, 0, 0), Some(0.0)),
            ("some-unknown-model", usage(5, 5, 0, 0), None),
            ("gpt-4.1-mini-x", usage(5, 5, 0, 0), None),
        ];
        for (model, u, want) in cases {
            let got = t.estimate(model, &u);
            match (got, want) {
                (Some(g), Some(w)) => assert!((g - w).abs() < 1e-9, "{model}: {g} != {w}"),
                (g, w) => assert_eq!(g, w, "{model}"),
            }
        }
    }
}
