//! Tests of recipe memory: ranking paraphrases, merging duplicate intents,
//! fingerprint isolation, persistence, and the benchmark.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use rstest::rstest;
use serde_json::json;

use super::*;
use crate::store::Store;

const FP: &str = "fingerprint-a";

const UNRELATED: &[&str] = &[
    "monthly signups in 2023",
    "average delivery time per warehouse",
    "refund rate by product category",
    "number of active users per device type",
    "which suppliers had late shipments before 2022",
    "total inventory value by store",
    "conversion rate of the spring campaign",
    "support tickets opened per agent last week",
];

fn recipe(question: &str) -> NewRecipe {
    NewRecipe {
        fingerprint: FP.to_string(),
        question: question.to_string(),
        plan: json!({"question": question}),
        sql: format!("-- {question}"),
    }
}

fn memory_with(store: &Store, questions: &[&str]) -> RecipeMemory {
    let mut memory = RecipeMemory::new();
    for q in questions {
        memory.record(store, &recipe(q)).unwrap();
    }
    memory
}

#[rstest]
#[case(
    "top 10 customers by revenue",
    "Which 10 customers brought in the most revenue?"
)]
#[case("top 10 customers by revenue", "best customers by total revenues")]
#[case(
    "average order value per region in 2024",
    "avg order value for each region, 2024"
)]
#[case("orders that were not shipped", "show orders not yet shipped")]
#[case(
    "daily sales trend for the last 30 days",
    "sales per day over the last 30 days"
)]
#[case(
    "count of customers per country",
    "how many customers are there in each country"
)]
fn a_paraphrase_ranks_first_among_unrelated_recipes(#[case] stored: &str, #[case] asked: &str) {
    let store = Store::open_in_memory().unwrap();
    let mut all: Vec<&str> = UNRELATED.to_vec();
    all.insert(3, stored);
    let mut memory = memory_with(&store, &all);
    let hits = memory.similar(&store, FP, asked, 3).unwrap();
    assert!(!hits.is_empty(), "no hits for {asked:?}");
    assert_eq!(hits[0].0.question, stored, "{asked:?} ranked {hits:#?}");
    assert!(
        hits.windows(2).all(|w| w[0].1 >= w[1].1),
        "not sorted: {hits:?}"
    );
}

#[test]
fn the_same_intent_scores_one() {
    let store = Store::open_in_memory().unwrap();
    let mut memory = memory_with(&store, UNRELATED);
    let hits = memory
        .similar(
            &store,
            FP,
            "What is the refund rate, by product category?",
            1,
        )
        .unwrap();
    assert_eq!(hits[0].0.question, "refund rate by product category");
    assert!((hits[0].1 - 1.0).abs() < 1e-9, "{}", hits[0].1);
}

#[test]
fn a_duplicate_intent_updates_the_recipe_instead_of_adding_one() {
    let store = Store::open_in_memory().unwrap();
    let mut memory = RecipeMemory::new();
    let first = memory
        .record(&store, &recipe("Show me the top 10 customers by revenue"))
        .unwrap();
    assert_eq!(first.use_count, 1);
    // Loaded now, so the second record must update the cached index too.
    assert_eq!(memory.similar(&store, FP, "customers", 5).unwrap().len(), 1);

    let mut again = recipe("top 10 customers, by revenue!");
    again.sql = "SELECT newer".to_string();
    let second = memory.record(&store, &again).unwrap();
    assert_eq!(second.id, first.id);
    assert_eq!(second.use_count, 2);
    assert_eq!(second.sql, "SELECT newer");
    assert_eq!(second.question, "top 10 customers, by revenue!");
    assert_eq!(second.created_at, first.created_at);

    let hits = memory.similar(&store, FP, "top customers", 5).unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].0, second);
    let rows: i64 = store
        .connection()
        .query_row("SELECT count(*) FROM recipes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 1);
}

#[test]
fn a_number_change_is_a_different_intent() {
    let store = Store::open_in_memory().unwrap();
    let mut memory = RecipeMemory::new();
    let a = memory.record(&store, &recipe("top 10 customers")).unwrap();
    let b = memory.record(&store, &recipe("top 20 customers")).unwrap();
    assert_ne!(a.id, b.id);
    let hits = memory.similar(&store, FP, "top 20 customers", 2).unwrap();
    assert_eq!(hits[0].0.id, b.id);
}

#[test]
fn recipes_of_another_schema_are_not_offered() {
    let store = Store::open_in_memory().unwrap();
    let mut memory = memory_with(&store, &["top 10 customers by revenue"]);
    let hits = memory
        .similar(
            &store,
            "other-fingerprint",
            "top 10 customers by revenue",
            5,
        )
        .unwrap();
    assert!(hits.is_empty(), "{hits:?}");
}

#[test]
fn recipes_persist_in_the_store_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("runs.sqlite");
    {
        let store = Store::open(&path).unwrap();
        memory_with(&store, &["revenue by region", "revenue by region?"]);
    }
    let store = Store::open(&path).unwrap();
    let mut memory = RecipeMemory::new();
    let hits = memory.similar(&store, FP, "regional revenue", 5).unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].0.use_count, 2);
    assert_eq!(hits[0].0.plan, json!({"question": "revenue by region?"}));
}

#[test]
fn another_writer_is_seen_after_invalidate() {
    let store = Store::open_in_memory().unwrap();
    let mut reader = RecipeMemory::new();
    assert!(reader.similar(&store, FP, "revenue", 5).unwrap().is_empty());
    memory_with(&store, &["revenue by region"]);
    assert!(reader.similar(&store, FP, "revenue", 5).unwrap().is_empty());
    reader.invalidate();
    assert_eq!(reader.similar(&store, FP, "revenue", 5).unwrap().len(), 1);
}

#[rstest]
#[case("")]
#[case("?!")]
fn a_question_without_words_is_refused(#[case] question: &str) {
    let store = Store::open_in_memory().unwrap();
    let err = RecipeMemory::new()
        .record(&store, &recipe(question))
        .unwrap_err();
    assert!(matches!(err, RecipeError::EmptyQuestion), "{err:?}");
    let hits = memory_with(&store, UNRELATED)
        .similar(&store, FP, question, 5)
        .unwrap();
    assert!(hits.is_empty());
}

#[test]
fn k_bounds_the_results() {
    let store = Store::open_in_memory().unwrap();
    let mut memory = memory_with(&store, UNRELATED);
    assert_eq!(
        memory
            .similar(&store, FP, "rate per week", 2)
            .unwrap()
            .len(),
        2
    );
    assert!(memory
        .similar(&store, FP, "rate per week", 0)
        .unwrap()
        .is_empty());
}

#[test]
fn synthetic_questions_are_varied_and_deterministic() {
    let questions: std::collections::HashSet<String> =
        (0..2000).map(bench::synthetic_question).collect();
    assert!(questions.len() > 1900, "only {} distinct", questions.len());
    assert_eq!(bench::synthetic_question(7), bench::synthetic_question(7));
    let intents: std::collections::HashSet<String> =
        questions.iter().map(|q| normalize_intent(q)).collect();
    assert!(
        intents.len() > 1500,
        "only {} distinct intents",
        intents.len()
    );
}

/// Retrieval over 300 recipes, held to the 10 ms target set for 10,000
/// (ten times that in a debug build): measured well under a millisecond,
/// so this only fails when retrieval became pathologically slow.
#[test]
fn bench_retrieval_is_fast_and_reports_ordered_times() {
    let s = bench_retrieval(300);
    assert!(s.median.is_finite() && s.p95.is_finite());
    assert!(s.median > 0.0 && s.median <= s.p95, "{s:?}");
    let limit_ms = if cfg!(debug_assertions) { 100.0 } else { 10.0 };
    assert!(s.p95 < limit_ms, "p95 {} ms over {limit_ms} ms", s.p95);
}

#[test]
fn cold_retrieval_opens_the_store_each_round() {
    let dir = tempfile::tempdir().unwrap();
    let s = super::bench_cold_retrieval(dir.path(), 50, 3).unwrap();
    assert_eq!(s.total.n, 3);
    let store = Store::open(dir.path().join("runs.db")).unwrap();
    let loaded = RecipeMemory::new().index(&store, "bench").unwrap().len();
    assert!(loaded > 40, "{loaded} recipes stored");
}

/// The real benchmark: `cargo test --release -- --ignored --nocapture bench_10k`.
#[test]
#[ignore = "benchmark; run in release"]
fn bench_10k() {
    let n = 10_000;
    let start = Instant::now();
    let index = bench::synthetic_index(n);
    println!(
        "built index of {} recipes in {:?}",
        index.len(),
        start.elapsed()
    );
    let s = bench_retrieval(n);
    println!("retrieval over {n} recipes: median {:.3} ms, p95 {:.3} ms", s.median, s.p95);

    // Through SQLite: record all, then time loading the index from the store.
    let store = Store::open_in_memory().unwrap();
    let mut memory = RecipeMemory::new();
    let start = Instant::now();
    store.connection().execute_batch("BEGIN").unwrap();
    for i in 0..n {
        let q = bench::synthetic_question(i as u64);
        memory
            .record(
                &store,
                &NewRecipe {
                    fingerprint: FP.to_string(),
                    question: q.clone(),
                    plan: json!({"q": q}),
                    sql: "SELECT 1".to_string(),
                },
            )
            .unwrap();
    }
    store.connection().execute_batch("COMMIT").unwrap();
    println!("recorded {n} recipes in {:?}", start.elapsed());
    let start = Instant::now();
    let first = memory
        .similar(&store, FP, "revenue by region in 2020", 5)
        .unwrap();
    println!(
        "first query (loads the index from SQLite): {:?}",
        start.elapsed()
    );
    let start = Instant::now();
    let again = memory
        .similar(&store, FP, "revenue by region in 2020", 5)
        .unwrap();
    println!(
        "second query: {:?}; top: {:?}",
        start.elapsed(),
        again.first().map(|h| (&h.0.question, h.1))
    );
    assert_eq!(first, again);
}
