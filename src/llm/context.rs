//! Context curation: which parts of a dataset a model sees for one
//! question, within a token budget.
//!
//! Every table, column, set of sample values, semantic-layer entry
//! (metric, dimension, segment, value synonym, join) and similar past
//! recipe becomes an item with a rendered line and a relevance score: the
//! IDF-weighted overlap of the question's words with the item's words
//! (names split at `_`, synonyms, descriptions, values), plus part of its
//! table's relevance, so the columns of a relevant table come along. Items
//! are then taken greedily by score with a diversity discount (each item
//! already taken from the same table multiplies the next one's score by
//! [`DIVERSITY`]), so one wide table cannot eat the whole budget; a column
//! brings its table's header; a join comes in once both its tables are in.
//! A dataset that fits is included whole.
//!
//! Token counting: there is no exact local tokenizer for Claude models
//! (and tiktoken's tables are not vendored here), so tokens are estimated
//! by [`approx_tokens`]: one token per [`CHARS_PER_TOKEN`] characters,
//! rounded up. Real tokenizers give about 3.5-4 characters per token on
//! English and 2.5-3.5 on JSON with identifiers; 3.2 errs on the side of
//! counting more, so a curated context stays under the budget in real
//! tokens too. The provider's usage figures report the real count after
//! the call. The counter used is named in the provenance.
//!
//! Invariants: the rendered context is at most `budget` estimated tokens;
//! every item is either included or left out in the provenance, with its
//! score; the output is deterministic for the same inputs.

use std::cmp::Ordering;
use std::collections::{BTreeSet, BinaryHeap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::semantic::Manifest;

/// Tokens of context by default.
pub const DEFAULT_BUDGET: usize = 6_000;
/// Characters per token of the estimate (see the module documentation).
pub const CHARS_PER_TOKEN: f64 = 3.2;
/// The counter named in provenance records.
pub const COUNTER: &str = "estimate: ceil(chars / 3.2)";
/// Score factor per item already taken from the same table.
pub const DIVERSITY: f64 = 0.85;

/// Estimated tokens of `s` (see the module documentation).
pub fn approx_tokens(s: &str) -> usize {
    (s.chars().count() as f64 / CHARS_PER_TOKEN).ceil() as usize
}

/// What an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Table,
    Column,
    Values,
    Metric,
    Dimension,
    Segment,
    Synonym,
    Join,
    Recipe,
}

/// One item's fate, for the capsule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemRecord {
    pub kind: ItemKind,
    pub name: String,
    pub score: f64,
    pub tokens: usize,
}

/// What was included and left out, and why.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Provenance {
    pub budget: usize,
    /// Estimated tokens of the rendered context.
    pub used: usize,
    pub counter: String,
    /// True when the whole dataset fitted and nothing was ranked out.
    pub whole: bool,
    pub included: Vec<ItemRecord>,
    pub left_out: Vec<ItemRecord>,
}

/// A past question that was answered on this schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecipeHint {
    pub question: String,
    pub sql: String,
    /// Retrieval similarity in (0, 1].
    pub score: f64,
}

/// The curated context: JSON lines (one item each) and their provenance.
#[derive(Debug, Clone, PartialEq)]
pub struct Curated {
    pub text: String,
    pub provenance: Provenance,
}

struct Item {
    kind: ItemKind,
    name: String,
    /// The table it belongs to (index), if any.
    table: Option<usize>,
    /// For joins: both tables.
    needs: Vec<usize>,
    line: String,
    tokens: usize,
    words: BTreeSet<String>,
    /// A recipe's retrieval similarity; 0 for schema items.
    score: f64,
}

/// Words of a text: lowercase alphanumeric runs, identifiers split at `_`,
/// a plural `s` dropped.
pub fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            match w.strip_suffix('s') {
                Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
                _ => w,
            }
        })
        .filter(|w| !STOP.contains(&w.as_str()))
        .collect()
}

const STOP: &[&str] = &[
    "the", "a", "an", "of", "by", "in", "on", "for", "to", "and", "or", "is", "are", "what", "which", "how", "many",
    "much", "show", "me", "with", "per", "each", "all", "that", "have", "ha", "from", "list", "give", "was", "were",
];

fn item(kind: ItemKind, name: String, table: Option<usize>, value: serde_json::Value, text_for_words: &str) -> Item {
    let line = value.to_string();
    Item { kind, tokens: approx_tokens(&line) + 1, words: words(&format!("{name} {text_for_words}")), name, table, needs: Vec::new(), line, score: 0.0 }
}

fn items(m: &Manifest) -> Vec<Item> {
    let mut out = Vec::new();
    let tix = |name: &str| m.tables.iter().position(|t| t.name.eq_ignore_ascii_case(name));
    for (ti, t) in m.tables.iter().enumerate() {
        let mut v = json!({ "table": t.name });
        if !t.description.is_empty() {
            v["description"] = json!(t.description);
        }
        if let Some(pk) = &t.primary_key {
            v["primary_key"] = json!(pk);
        }
        out.push(item(ItemKind::Table, t.name.clone(), Some(ti), v, &t.description));
        for c in &t.columns {
            let mut v = json!({ "column": format!("{}.{}", t.name, c.name), "type": c.ty });
            if !c.description.is_empty() {
                v["description"] = json!(c.description);
            }
            if !c.synonyms.is_empty() {
                v["synonyms"] = json!(c.synonyms);
            }
            if let Some(u) = &c.unit {
                v["unit"] = json!(u);
            }
            let extra = format!("{} {} {}", c.description, c.synonyms.join(" "), c.unit.clone().unwrap_or_default());
            out.push(item(ItemKind::Column, format!("{}.{}", t.name, c.name), Some(ti), v, &extra));
        }
    }
    for d in &m.dimensions {
        let table = d.column.split_once('.').and_then(|(t, _)| tix(t));
        let mut v = json!({ "dimension": d.name, "column": d.column, "kind": d.kind });
        if !d.synonyms.is_empty() {
            v["synonyms"] = json!(d.synonyms);
        }
        if !d.grains.is_empty() {
            v["grains"] = json!(d.grains);
        }
        if !d.description.is_empty() {
            v["description"] = json!(d.description);
        }
        let extra = format!("{} {} {}", d.column, d.synonyms.join(" "), d.description);
        out.push(item(ItemKind::Dimension, d.name.clone(), table, v, &extra));
        if !d.values.is_empty() {
            let shown: Vec<&String> = d.values.iter().take(30).collect();
            let v = json!({ "values_of": d.name, "sample": shown, "total": d.values.len() });
            out.push(item(ItemKind::Values, format!("values:{}", d.name), table, v, &d.values.join(" ")));
        }
    }
    for me in &m.metrics {
        let mut v = json!({ "metric": me.name, "expr": me.expr, "table": me.table });
        if !me.synonyms.is_empty() {
            v["synonyms"] = json!(me.synonyms);
        }
        if !me.description.is_empty() {
            v["description"] = json!(me.description);
        }
        let extra = format!("{} {} {}", me.synonyms.join(" "), me.description, me.table);
        out.push(item(ItemKind::Metric, me.name.clone(), tix(&me.table), v, &extra));
    }
    for s in &m.segments {
        let v = json!({ "segment": s.name, "expr": s.expr, "table": s.table, "synonyms": s.synonyms });
        let extra = format!("{} {}", s.synonyms.join(" "), s.description);
        out.push(item(ItemKind::Segment, s.name.clone(), tix(&s.table), v, &extra));
    }
    for vs in &m.values {
        let v = json!({ "value": vs.value, "of": vs.dimension, "synonyms": vs.synonyms });
        let table = m.dimension(&vs.dimension).and_then(|d| d.column.split_once('.')).and_then(|(t, _)| tix(t));
        out.push(item(ItemKind::Synonym, format!("{}={}", vs.dimension, vs.value), table, v, &vs.synonyms.join(" ")));
    }
    for j in &m.joins {
        let a = j.from.split_once('.').and_then(|(t, _)| tix(t));
        let b = j.to.split_once('.').and_then(|(t, _)| tix(t));
        let mut it = item(ItemKind::Join, format!("{}={}", j.from, j.to), None, json!({ "join": j.from, "to": j.to }), "");
        it.needs = [a, b].into_iter().flatten().collect();
        out.push(it);
    }
    out
}

/// One item per past recipe, carrying its retrieval similarity.
fn recipe_items(recipes: &[RecipeHint]) -> Vec<Item> {
    recipes
        .iter()
        .map(|r| {
            let v = json!({ "past_question": r.question, "sql": r.sql });
            let mut it = item(ItemKind::Recipe, r.question.clone(), None, v, "");
            it.score = r.score;
            it
        })
        .collect()
}

/// A dataset's items, prepared once (rendered lines, token counts, word
/// postings with their IDF, table headers), so curating a question only
/// scores, selects and renders. Build one per dataset and session.
pub struct ContextIndex {
    items: Vec<Item>,
    tables: usize,
    /// Item indices per word, ascending, with the word's IDF.
    postings: HashMap<String, (f64, Vec<usize>)>,
    /// The header item of each table.
    header_of: Vec<Option<usize>>,
    /// Estimated tokens of every item together.
    total: usize,
}

impl std::fmt::Debug for ContextIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ContextIndex").field("items", &self.items.len()).field("tables", &self.tables).field("tokens", &self.total).finish()
    }
}

impl ContextIndex {
    pub fn new(manifest: &Manifest) -> ContextIndex {
        let items = items(manifest);
        let n = items.len().max(1) as f64;
        let mut postings: HashMap<String, (f64, Vec<usize>)> = HashMap::new();
        for (ix, it) in items.iter().enumerate() {
            for w in &it.words {
                postings.entry(w.clone()).or_default().1.push(ix);
            }
        }
        for (idf, list) in postings.values_mut() {
            *idf = (1.0 + n / (list.len() as f64 + 1.0)).ln();
        }
        let tables = manifest.tables.len();
        let mut header_of = vec![None; tables];
        for (ix, it) in items.iter().enumerate() {
            if let (ItemKind::Table, Some(t)) = (it.kind, it.table) {
                header_of[t] = Some(ix);
            }
        }
        let total = items.iter().map(|i| i.tokens).sum();
        ContextIndex { items, tables, postings, header_of, total }
    }

    /// Curate for `question` within `budget` estimated tokens, with
    /// `recipes` as extra items (see the module documentation).
    pub fn curate(&self, question: &str, recipes: &[RecipeHint], budget: usize) -> Curated {
        let extra = recipe_items(recipes);
        let scores = self.score(question, &extra);
        let total = self.total + extra.iter().map(|i| i.tokens).sum::<usize>();
        let all = Items { base: &self.items, extra: &extra };
        let mut chosen = vec![false; all.len()];
        let whole = total <= budget;
        if whole {
            chosen.iter_mut().for_each(|c| *c = true);
        } else {
            self.select(&all, &scores, budget, &mut chosen);
        }
        render(&all, &scores, &chosen, budget, whole)
    }

    /// Every item's score (the dataset's, then `extra`'s).
    fn score(&self, question: &str, extra: &[Item]) -> Vec<f64> {
        let mut direct = vec![0.0_f64; self.items.len()];
        for w in words(question) {
            if let Some((idf, list)) = self.postings.get(&w) {
                for &ix in list {
                    direct[ix] += idf;
                }
            }
        }
        let mut rel = vec![0.0_f64; self.tables];
        for (it, s) in self.items.iter().zip(&direct) {
            if let Some(t) = it.table {
                rel[t] = rel[t].max(*s);
            }
        }
        let mut scores: Vec<f64> = self
            .items
            .iter()
            .zip(direct)
            .map(|(it, s)| {
                let prior = match it.kind {
                    ItemKind::Metric | ItemKind::Dimension => 0.2,
                    ItemKind::Table => 0.1,
                    _ => 0.0,
                };
                let table_part = match it.kind {
                    ItemKind::Join => it.needs.iter().map(|t| rel[*t]).fold(f64::INFINITY, f64::min) * 0.8,
                    ItemKind::Table => it.table.map_or(0.0, |t| rel[t]),
                    _ => it.table.map_or(0.0, |t| rel[t] * 0.5),
                };
                let table_part = if table_part.is_finite() { table_part } else { 0.0 };
                s + table_part + prior
            })
            .collect();
        // A recipe's score is its retrieval similarity, weighted high:
        // a known-good answer to a near question is the best context.
        scores.extend(extra.iter().map(|it| 3.0 * it.score));
        scores
    }

    fn select(&self, all: &Items<'_>, scores: &[f64], budget: usize, chosen: &mut [bool]) {
        let header = |t: usize| self.header_of.get(t).copied().flatten();
        let mut per_table = vec![0usize; self.tables];
        let mut used = 0usize;
        let mut heap: BinaryHeap<Cand> = scores.iter().enumerate().map(|(idx, s)| Cand { score: *s, idx, seen: 0 }).collect();
        let mut deferred = Vec::new();
        while let Some(c) = heap.pop() {
            let it = all.get(c.idx);
            let seen = it.table.map_or(0, |t| per_table[t]);
            if seen != c.seen {
                // Lazy greedy: rescore with the current discount and retry.
                heap.push(Cand { score: scores[c.idx] * DIVERSITY.powi(seen as i32), idx: c.idx, seen });
                continue;
            }
            if it.kind == ItemKind::Join && !it.needs.iter().all(|t| header(*t).is_some_and(|h| chosen[h])) {
                deferred.push(c.idx);
                continue;
            }
            // A column (or values, metric...) brings its table's header.
            let head = it.table.and_then(header).filter(|h| *h != c.idx && !chosen[*h]);
            let cost = it.tokens + head.map_or(0, |h| all.get(h).tokens);
            if used + cost > budget {
                continue;
            }
            used += cost;
            chosen[c.idx] = true;
            if let Some(h) = head {
                chosen[h] = true;
            }
            if let Some(t) = it.table {
                per_table[t] += 1;
            }
        }
        // Joins whose tables came in after them.
        for idx in deferred {
            let it = all.get(idx);
            if it.needs.iter().all(|t| header(*t).is_some_and(|h| chosen[h])) && used + it.tokens <= budget {
                used += it.tokens;
                chosen[idx] = true;
            }
        }
    }
}

/// The dataset's items followed by one question's extra items (recipes).
struct Items<'a> {
    base: &'a [Item],
    extra: &'a [Item],
}

impl Items<'_> {
    fn len(&self) -> usize {
        self.base.len() + self.extra.len()
    }
    fn get(&self, i: usize) -> &Item {
        if i < self.base.len() { &self.base[i] } else { &self.extra[i - self.base.len()] }
    }
}

#[derive(PartialEq)]
struct Cand {
    score: f64,
    idx: usize,
    /// Table count the score was computed with (stale when it grew).
    seen: usize,
}
impl Eq for Cand {}
impl PartialOrd for Cand {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Cand {
    fn cmp(&self, o: &Self) -> Ordering {
        self.score.total_cmp(&o.score).then_with(|| o.idx.cmp(&self.idx))
    }
}

/// Curate `manifest` for `question` within `budget` estimated tokens,
/// building its index first (one-off use; a session keeps a
/// [`ContextIndex`] per dataset instead).
pub fn curate(manifest: &Manifest, question: &str, recipes: &[RecipeHint], budget: usize) -> Curated {
    ContextIndex::new(manifest).curate(question, recipes, budget)
}

fn render(all: &Items<'_>, scores: &[f64], chosen: &[bool], budget: usize, whole: bool) -> Curated {
    // Tables first (each with its own items), then the rest by kind, in
    // manifest order, so the model reads a tidy schema.
    let mut order: Vec<usize> = (0..all.len()).filter(|i| chosen[*i]).collect();
    order.sort_by_key(|&i| {
        let it = all.get(i);
        let group = match it.kind {
            ItemKind::Table | ItemKind::Column => 0,
            ItemKind::Join => 1,
            ItemKind::Metric | ItemKind::Dimension | ItemKind::Values | ItemKind::Segment | ItemKind::Synonym => 2,
            ItemKind::Recipe => 3,
        };
        (group, if group == 0 { it.table.unwrap_or(usize::MAX) } else { 0 }, i)
    });
    let mut text = String::with_capacity(order.iter().map(|&i| all.get(i).line.len() + 1).sum());
    for &i in &order {
        text.push_str(&all.get(i).line);
        text.push('\n');
    }
    let mut prov = Provenance { budget, used: approx_tokens(&text), counter: COUNTER.into(), whole, ..Provenance::default() };
    for (i, c) in chosen.iter().enumerate() {
        let it = all.get(i);
        let rec = ItemRecord { kind: it.kind, name: it.name.clone(), score: (scores[i] * 1000.0).round() / 1000.0, tokens: it.tokens };
        if *c {
            prov.included.push(rec);
        } else {
            prov.left_out.push(rec);
        }
    }
    prov.left_out.sort_by(|a, b| b.score.total_cmp(&a.score));
    Curated { text, provenance: prov }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantic::{Column, Table};

    fn table(name: &str, cols: &[&str]) -> Table {
        Table {
            name: name.into(),
            file: format!("{name}.csv"),
            sha256: String::new(),
            description: format!("records of {}", name.replace('_', " ")),
            primary_key: Some("id".into()),
            label: None,
            columns: cols
                .iter()
                .map(|c| Column { name: (*c).into(), ty: "VARCHAR".into(), description: String::new(), nullable: true, synonyms: vec![], unit: None, text_format: None })
                .collect(),
            notes: vec![],
        }
    }

    fn manifest(tables: Vec<Table>) -> Manifest {
        Manifest::of_tables("t", tables)
    }

    /// 200 tables of 12 columns; one of them is about shipment delays.
    fn wide() -> Manifest {
        let mut tables = Vec::new();
        for i in 0..200 {
            let cols: Vec<String> = (0..12).map(|c| format!("attr_{i}_{c}")).collect();
            let refs: Vec<&str> = std::iter::once("id").chain(cols.iter().map(String::as_str)).collect();
            tables.push(table(&format!("entity_{i:03}"), &refs));
        }
        tables[137] = table("shipment_delays", &["id", "carrier", "delay_hours", "port", "shipped_on"]);
        let mut m = manifest(tables);
        m.joins.push(crate::semantic::Join { from: "shipment_delays.port".into(), to: "entity_001.id".into(), evidence: None });
        m
    }

    #[test]
    fn two_hundred_tables_fit_the_budget_and_the_relevant_table_is_in() {
        let m = wide();
        let c = curate(&m, "average delay hours by carrier for shipments", &[], DEFAULT_BUDGET);
        assert!(approx_tokens(&c.text) <= DEFAULT_BUDGET, "{} tokens", approx_tokens(&c.text));
        assert!(!c.provenance.whole);
        let inc: Vec<&str> = c.provenance.included.iter().map(|i| i.name.as_str()).collect();
        for want in ["shipment_delays", "shipment_delays.carrier", "shipment_delays.delay_hours"] {
            assert!(inc.contains(&want), "{want} missing from {:?}", &inc[..inc.len().min(20)]);
        }
        assert!(c.text.contains("shipment_delays.carrier"));
        assert!(!c.provenance.left_out.is_empty());
        let items = m.tables.len() + m.tables.iter().map(|t| t.columns.len()).sum::<usize>() + m.joins.len();
        assert_eq!(c.provenance.included.len() + c.provenance.left_out.len(), items, "every item accounted for");
        // The relevant items rank first among everything.
        let top = c.provenance.included.iter().max_by(|a, b| a.score.total_cmp(&b.score)).unwrap();
        assert!(top.name.starts_with("shipment_delays"), "{top:?}");
    }

    #[test]
    fn no_single_table_takes_the_budget() {
        // One very wide relevant table and many small ones: the budget is
        // shared (diversity), not spent on the wide table alone.
        let wide_cols: Vec<String> = (0..400).map(|c| format!("sales_metric_{c}")).collect();
        let refs: Vec<&str> = wide_cols.iter().map(String::as_str).collect();
        let mut tables = vec![table("sales", &refs)];
        tables.push(table("sales_regions", &["id", "region", "sales_manager"]));
        for i in 0..50 {
            tables.push(table(&format!("misc_{i}"), &["id", "x"]));
        }
        let m = manifest(tables);
        let c = curate(&m, "sales by region", &[], 2_000);
        let inc: Vec<&str> = c.provenance.included.iter().map(|i| i.name.as_str()).collect();
        assert!(inc.contains(&"sales_regions.region"), "{inc:?}");
        let from_sales = inc.iter().filter(|n| n.starts_with("sales.")).count();
        assert!(from_sales < 300, "{from_sales} columns of one table");
        assert!(approx_tokens(&c.text) <= 2_000);
    }

    #[test]
    fn a_small_dataset_is_included_whole() {
        let m = manifest(vec![table("orders", &["id", "status", "total"]), table("customers", &["id", "name"])]);
        let recipes = [RecipeHint { question: "how many orders".into(), sql: "SELECT count(*) FROM orders".into(), score: 0.9 }];
        let c = curate(&m, "orders per customer", &recipes, DEFAULT_BUDGET);
        assert!(c.provenance.whole);
        assert!(c.provenance.left_out.is_empty());
        assert_eq!(c.provenance.included.len(), 2 + 5 + 1);
        assert!(c.text.contains("customers.name") && c.text.contains("SELECT count(*) FROM orders"));
        assert_eq!(c.provenance.counter, COUNTER);
    }

    #[test]
    fn curating_two_hundred_tables_is_fast() {
        let m = wide();
        let start = std::time::Instant::now();
        let rounds = 20;
        for _ in 0..rounds {
            std::hint::black_box(curate(&m, "average delay hours by carrier for shipments", &[], DEFAULT_BUDGET));
        }
        let per = start.elapsed().as_secs_f64() * 1000.0 / rounds as f64;
        println!("curate: 200 tables x 13 columns, {per:.2} ms per question");
        assert!(per < 100.0, "{per} ms");
    }

    #[test]
    fn curation_is_deterministic_and_the_estimate_rounds_up() {
        let m = wide();
        let a = curate(&m, "carrier delays", &[], 1_000);
        let b = curate(&m, "carrier delays", &[], 1_000);
        assert_eq!(a, b);
        assert_eq!(approx_tokens(""), 0);
        assert_eq!(approx_tokens("abcd"), 2);
        assert_eq!(approx_tokens(&"x".repeat(32)), 10);
    }
}
