//! A retrieval benchmark over synthetic recipes: how long one similarity
//! query takes against an index of `n` recipes (target: under 10 ms for
//! 10,000 in a release build).
//!
//! Questions come from a deterministic generator (templates of metrics,
//! dimensions, filters, numbers, phrasings), so runs are comparable. The
//! warm figure is what [`super::RecipeMemory::similar`] does once its index
//! is loaded (search plus cloning the top recipes); the cold one adds what
//! the first question of a process pays: opening the run store and loading
//! and indexing the recipes.

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use super::index::RecipeIndex;
use super::intent::normalize_intent;
use super::{NewRecipe, Recipe, RecipeError, RecipeMemory};
use crate::measure::{ms_since, Samples};
use crate::store::{Store, StoreError};

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

/// Milliseconds of one similarity query over an index of `n_recipes`
/// synthetic recipes, already loaded (the warm case).
pub fn bench_retrieval(n_recipes: usize) -> Samples {
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
        times.push(ms_since(start));
        kept += hits.len();
    }
    std::hint::black_box(kept);
    Samples::of(&times)
}

/// Milliseconds of the first retrieval of a process, as `sandpiper ask`
/// pays it: open the run store at `dir/runs.db` (holding `n_recipes`
/// recipes, written first and untimed), load and index the recipes, answer
/// one query. `rounds` cold retrievals, each with a fresh store handle and
/// recipe memory (the file itself is in the page cache).
pub fn bench_cold_retrieval(dir: &Path, n_recipes: usize, rounds: usize) -> Result<ColdRetrieval, BenchError> {
    let path = dir.join("runs.db");
    {
        let store = Store::open(&path)?;
        let mut memory = RecipeMemory::new();
        store.connection().execute_batch("BEGIN")?;
        for i in 0..n_recipes {
            let question = synthetic_question(i as u64);
            let new = NewRecipe {
                fingerprint: FINGERPRINT.to_string(),
                plan: json!({"version": 1, "question": question}),
                sql: format!("SELECT {i}"),
                question,
            };
            memory.record(&store, &new)?;
        }
        store.connection().execute_batch("COMMIT")?;
    }
    let mut t = ColdTimes::default();
    let mut kept = 0usize;
    for q in 0..rounds {
        let question = synthetic_question(2_000_000_011 + q as u64);
        let start = Instant::now();
        let store = Store::open(&path)?;
        let opened = Instant::now();
        let mut memory = RecipeMemory::new();
        memory.index(&store, FINGERPRINT)?;
        let indexed = Instant::now();
        kept += memory.similar(&store, FINGERPRINT, &question, TOP_K)?.len();
        let done = Instant::now();
        let ms = |from: Instant, to: Instant| (to - from).as_secs_f64() * 1000.0;
        t.total.push(ms(start, done));
        t.open.push(ms(start, opened));
        t.load_index.push(ms(opened, indexed));
        t.query.push(ms(indexed, done));
    }
    std::hint::black_box(kept);
    Ok(ColdRetrieval { total: Samples::of(&t.total), open_store: Samples::of(&t.open), load_and_index: Samples::of(&t.load_index), query: Samples::of(&t.query) })
}

/// Milliseconds of a cold retrieval, whole and by step.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ColdRetrieval {
    pub total: Samples,
    pub open_store: Samples,
    pub load_and_index: Samples,
    pub query: Samples,
}

#[derive(Default)]
struct ColdTimes {
    total: Vec<f64>,
    open: Vec<f64>,
    load_index: Vec<f64>,
    query: Vec<f64>,
}

/// Why the cold retrieval benchmark stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Recipe(#[from] RecipeError),
    #[error("recipe benchmark store: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// The fingerprint the synthetic recipes are stored under.
const FINGERPRINT: &str = "bench";

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
