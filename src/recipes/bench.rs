//! A retrieval benchmark over synthetic recipes: how long one similarity
//! query takes against an index of `n` recipes (target: under 10 ms for
//! 10,000 in a release build).
//!
//! Questions come from a deterministic generator (templates of metrics,
//! dimensions, filters, numbers, phrasings), so runs are comparable. The
//! timed part is what [`super::RecipeMemory::similar`] does once its index is
//! loaded: search plus cloning the top recipes.

use std::time::Instant;

use serde_json::json;

use super::index::RecipeIndex;
use super::intent::normalize_intent;
use super::Recipe;

/// Queries timed per benchmark.
const QUERIES: usize = 300;
/// Results asked for per query.
const TOP_K: usize = 5;

const OPENERS: &[&str] = &[
    "",
    "show me ",
    "what is the ",
    "list the ",
    "give me ",
    "how many ",
    "which ",
    "i want to see ",
    "can you find ",
    "tell me the ",
];
const METRICS: &[&str] = &[
    "revenue",
    "order count",
    "average order value",
    "total sales",
    "profit margin",
    "units sold",
    "refund amount",
    "discount rate",
    "shipping cost",
    "customer count",
    "churn rate",
    "signups",
    "active users",
    "session length",
    "conversion rate",
    "basket size",
    "returns",
    "gross margin",
    "net income",
    "inventory level",
    "late deliveries",
    "support tickets",
    "page views",
    "cart abandonment",
];
const DIMENSIONS: &[&str] = &[
    "region",
    "country",
    "product category",
    "sales channel",
    "customer segment",
    "month",
    "week",
    "quarter",
    "store",
    "supplier",
    "brand",
    "payment method",
    "city",
    "warehouse",
    "campaign",
    "device type",
    "age group",
    "plan tier",
    "sales rep",
    "day of week",
];
const FILTERS: &[&str] = &[
    "",
    "in {y}",
    "for premium customers",
    "excluding returns",
    "in the last {n} days",
    "before {y}",
    "after {y}",
    "where discount is above {n} percent",
    "for new customers",
    "not including test orders",
    "for orders over {n} dollars",
    "during holidays",
];
const SHAPES: &[&str] = &[
    "{m} by {d} {f}",
    "top {n} {d} by {m} {f}",
    "{m} per {d} {f}",
    "bottom {n} {d} by {m} {f}",
    "trend of {m} by {d} {f}",
    "{m} and {m2} by {d} {f}",
    "share of {m} per {d} {f}",
    "{d} with the most {m} {f}",
    "compare {m} across {d} {f}",
];

/// Median and 95th-percentile milliseconds of one similarity query over an
/// index of `n_recipes` synthetic recipes.
pub fn bench_retrieval(n_recipes: usize) -> (f64, f64) {
    let index = synthetic_index(n_recipes);
    let mut times: Vec<f64> = Vec::with_capacity(QUERIES);
    let mut kept = 0usize;
    for q in 0..QUERIES {
        // Different seeds from the indexed ones: near-misses and paraphrases.
        let question = synthetic_question(1_000_000_007 + q as u64);
        let start = Instant::now();
        let hits: Vec<(Recipe, f64)> = index
            .search(&question, TOP_K)
            .into_iter()
            .map(|(r, s)| (r.clone(), s))
            .collect();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        kept += hits.len();
    }
    std::hint::black_box(kept);
    times.sort_by(f64::total_cmp);
    (percentile(&times, 0.50), percentile(&times, 0.95))
}

/// An index of `n` synthetic recipes (distinct seeds; equal intents merge).
pub(crate) fn synthetic_index(n: usize) -> RecipeIndex {
    let recipes = (0..n).map(|i| {
        let question = synthetic_question(i as u64);
        Recipe {
            id: i64::try_from(i).unwrap_or(i64::MAX),
            fingerprint: "bench".to_string(),
            intent: normalize_intent(&question),
            plan: json!({"version": 1, "question": question}),
            sql: format!("SELECT {i}"),
            question,
            created_at: "2025-01-01T00:00:00Z".to_string(),
            last_used: "2025-01-01T00:00:00Z".to_string(),
            use_count: 1,
        }
    });
    RecipeIndex::from_recipes(recipes)
}

/// A deterministic, varied analytics question for `seed`.
pub(crate) fn synthetic_question(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let metric = rng.pick(METRICS);
    let mut metric2 = rng.pick(METRICS);
    if metric2 == metric {
        metric2 = "revenue";
    }
    let filter = rng
        .pick(FILTERS)
        .replace("{y}", &(2015 + rng.below(11)).to_string())
        .replace("{n}", &(2 + rng.below(98)).to_string());
    let text = format!("{}{}", rng.pick(OPENERS), rng.pick(SHAPES))
        .replace("{m2}", metric2)
        .replace("{m}", metric)
        .replace("{d}", rng.pick(DIMENSIONS))
        .replace("{n}", &(3 + rng.below(20)).to_string())
        .replace("{f}", &filter);
    text.trim().to_string()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted.get(rank).copied().unwrap_or(0.0)
}

/// SplitMix64: a tiny deterministic generator (no `rand` dependency).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        let i = self.below(items.len() as u64) as usize;
        items.get(i).copied().unwrap_or("")
    }
}
