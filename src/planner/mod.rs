//! The offline planner: plain English to a query plan through the semantic
//! layer, with no network and no model.
//!
//! A `OfflinePlanner` is built once per manifest (it indexes every name, synonym and
//! value) and then turns each question into either a `Plan` with an account
//! of what matched (`Understanding`) or a plain `NotUnderstood` saying what
//! it recognised and what to try instead.
//!
//! Invariants: planning is deterministic (same manifest and question, same
//! answer), reads no clock, never panics on any input, and never answers a
//! different question silently: words it cannot place where a filter or a
//! grouping would go make it refuse rather than drop them.
//!
//! Pipeline: `tokenize` -> `time` + `lexicon` (with `fuzzy`) -> `intent`
//! (pieces) -> `build` (plan) -> `explain` (summary, refusals).

mod account;
mod agent;
mod argmax;
mod both;
mod by_measure;
mod capacity;
mod bounded;
mod bounds;
mod build;
mod clause_column;
mod compare;
mod coordinate;
mod counted;
mod counted_column;
mod counted_noun;
mod dataset_words;
mod dates;
mod details;
mod dimension;
mod either;
mod entity_side;
mod exists;
mod english;
mod explain;
mod extreme_pair;
mod filters;
mod flags;
mod full_name;
mod fuzzy;
mod groups;
mod group_asked;
mod head_word;
mod ids;
mod intent;
mod key_sums;
mod key_number;
mod kinds;
mod lexicon;
mod key_side;
mod pointing_rows;
mod shared_agg;
mod listing;
mod measures;
mod month_values;
mod order_doubt;
mod order_phrase;
mod other_extreme;
mod own_rows;
mod pairs;
mod place_values;
mod pointed_name;
pub mod model;
mod named;
mod other_row;
mod listed_name;
mod listed_rows;
mod negation;
mod none_of;
mod names;
mod nested;
mod per_group;
mod people_counted;
mod phrasal;
mod comparative;
mod rank;
mod role_absence;
mod ranges;
mod recency;
mod sanity;
mod unit_sums;
mod schema;
mod spelled;
mod stored_spans;
mod subject;
mod time;
mod totals;
mod two_tables;
mod union;
mod tokenize;
mod value_superlative;
mod units;
mod values;
mod verb_rank;
mod verbs;
mod window;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod precise_tests;
#[cfg(test)]
mod values_tests;
#[cfg(test)]
mod nested_tests;
#[cfg(test)]
mod names_tests;
#[cfg(test)]
mod cmp_tests;
#[cfg(test)]
mod precision_tests;
#[cfg(test)]
mod counted_tests;
#[cfg(test)]
mod rank8_tests;
#[cfg(test)]
mod neg8_tests;
#[cfg(test)]
mod cmp8_tests;
#[cfg(test)]
mod precise8_tests;
#[cfg(test)]
mod names8_tests;
#[cfg(test)]
mod exists_tests;
#[cfg(test)]
mod pairs9_tests;
#[cfg(test)]
mod precise9_tests;
#[cfg(test)]
mod month_values_tests;
#[cfg(test)]
mod groups_tests;
#[cfg(test)]
mod heads10_tests;
#[cfg(test)]
mod links12_tests;
#[cfg(test)]
mod whole12_tests;
#[cfg(test)]
mod session13_tests;
#[cfg(test)]
mod session14_tests;
#[cfg(test)]
mod session15_tests;
#[cfg(test)]
mod session16_tests;
#[cfg(test)]
mod session17_tests;
#[cfg(test)]
mod session18_tests;
#[cfg(test)]
mod session19_tests;
#[cfg(test)]
mod session20_tests;
#[cfg(test)]
mod session21_tests;
#[cfg(test)]
mod session22_tests;
#[cfg(test)]
mod session23_tests;
#[cfg(test)]
mod session24_tests;
#[cfg(test)]
mod session25_tests;
#[cfg(test)]
mod session26_tests;
#[cfg(test)]
mod session27_tests;
#[cfg(test)]
mod session28_tests;
#[cfg(test)]
mod session29_tests;
#[cfg(test)]
mod session30_tests;
#[cfg(test)]
mod session31_tests;
#[cfg(test)]
mod session32_tests;
#[cfg(test)]
mod session33_tests;
#[cfg(test)]
mod session34_tests;
#[cfg(test)]
mod session36_tests;
#[cfg(test)]
mod session37_tests;
#[cfg(test)]
mod session38_tests;
#[cfg(test)]
mod session39_tests;
#[cfg(test)]
mod session40_tests;
#[cfg(test)]
mod session41_tests;
#[cfg(test)]
mod session42_tests;
#[cfg(test)]
mod session43_tests;
#[cfg(test)]
mod session44_tests;
#[cfg(test)]
mod session45_tests;
#[cfg(test)]
mod session46_tests;
#[cfg(test)]
mod session47_tests;
#[cfg(test)]
mod session48_tests;
#[cfg(test)]
mod session49_tests;
#[cfg(test)]
mod session50_tests;
#[cfg(test)]
mod session51_tests;
#[cfg(test)]
mod session52_tests;
#[cfg(test)]
mod session53_tests;
#[cfg(test)]
mod neg11_tests;
#[cfg(test)]
mod words11_tests;
#[cfg(test)]
mod measure10_tests;

use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::runner::CancelToken;
use crate::semantic::Manifest;

pub use tokenize::split_identifier;
pub(crate) use schema::row_name;

/// What kind of thing some words of the question were read as.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    Metric,
    Dimension,
    Value,
    Segment,
    Column,
    Table,
    Time,
    Aggregate,
    Order,
    Limit,
    Comparison,
}

/// Words of the question and what they were read as.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Match {
    /// The words as written in the question.
    pub words: String,
    pub kind: MatchKind,
    /// What they name: a metric, dimension, `table.column`, value, ...
    pub target: String,
    /// 1.0 for an exact name; lower for synonyms, partial names and typos.
    pub confidence: f32,
}

/// Words that could name more than one thing, and the choice made.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ambiguity {
    pub words: String,
    pub chosen: String,
    pub alternatives: Vec<String>,
}

/// A question the planner understood.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Understanding {
    pub plan: Plan,
    pub matches: Vec<Match>,
    pub ambiguities: Vec<Ambiguity>,
    /// The plan in words: "metric: revenue", "by: category", "limit: 10".
    pub summary: Vec<String>,
    /// How sure the reading is, 0 to 1 (see [`explain::confidence`]).
    #[serde(default = "sure")]
    pub confidence: f32,
    /// True when `confidence` is below [`UNCERTAIN_BELOW`]: the answer is
    /// shown, marked as a guess to check.
    #[serde(default)]
    pub uncertain: bool,
}

/// How many words not in the dataset one question may have read through
/// their WordNet relatives.
const MAX_RELATED_WORDS: usize = 2;

/// Readings less sure than this are marked uncertain.
pub const UNCERTAIN_BELOW: f32 = 0.6;

fn sure() -> f32 {
    1.0
}

/// A question the planner did not understand.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NotUnderstood {
    /// What went wrong, in plain words.
    pub reason: String,
    /// What it did recognise.
    pub recognised: Vec<Match>,
    /// Questions this dataset can answer, most similar first.
    pub suggestions: Vec<String>,
}

/// The result of planning one question.
// Built once per question and serialized: boxing the larger variant would
// buy nothing and change the shape callers match on.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    Planned(Understanding),
    NotUnderstood(NotUnderstood),
}

impl Outcome {
    /// The plan, when the question was understood.
    pub fn plan(&self) -> Option<&Plan> {
        match self {
            Outcome::Planned(u) => Some(&u.plan),
            Outcome::NotUnderstood(_) => None,
        }
    }
}

/// Why a planner could not answer at all (as opposed to answering "not
/// understood"): a model that cannot be reached, a cancelled call.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    #[error("planning was cancelled")]
    Cancelled,
    #[error("the planner failed: {0}")]
    Failed(String),
}

/// What the driver lends a planner for one question: a runner for the
/// tool loop's SQL (validated and jailed like any attempt) and an observer
/// of model and tool calls as they happen.
pub struct PlanEnv<'a> {
    /// None: no tool may run SQL.
    pub runner: Option<&'a mut dyn crate::runner::Runner>,
    /// Receives progress (model calls, tool calls, notices) at once.
    pub observe: &'a (dyn Fn(crate::progress::Progress) + Sync),
    /// Wall-clock limit per tool query.
    pub timeout: std::time::Duration,
}

/// Turns a question into an [`Outcome`]. The driver performs the agent's
/// `Plan` effect through this trait: the offline planner, the model
/// planner and the hybrid of both, each awaited, cancelled and recorded
/// the same way.
pub trait Planner: Send {
    /// Shown in reports and records: `offline`, `anthropic:<model>`, ...
    fn name(&self) -> String;
    /// Plan one question; a long-running planner checks `cancel`.
    fn plan_question(&mut self, question: &str, cancel: &CancelToken) -> Result<Outcome, PlanError>;
    /// Plan with what the driver lends (tools, an observer). By default
    /// the same as [`Planner::plan_question`].
    fn plan_in(&mut self, question: &str, cancel: &CancelToken, env: &mut PlanEnv<'_>) -> Result<Outcome, PlanError> {
        let _ = env;
        self.plan_question(question, cancel)
    }
    /// Who answered the last question: (`offline` or `model`, provider
    /// label). None: the planner's name says it.
    fn answered_by(&self) -> Option<(String, String)> {
        None
    }
    /// The model calls made since the last call of this method.
    fn take_calls(&mut self) -> Vec<crate::llm::calls::LlmCall> {
        Vec::new()
    }
    /// Notices for the report since the last call (a fallback, ...).
    fn take_notices(&mut self) -> Vec<String> {
        Vec::new()
    }
}

impl Planner for OfflinePlanner {
    fn name(&self) -> String {
        "offline".into()
    }
    fn plan_question(&mut self, question: &str, cancel: &CancelToken) -> Result<Outcome, PlanError> {
        if cancel.is_cancelled() {
            return Err(PlanError::Cancelled);
        }
        Ok(self.plan(question))
    }
}

/// The offline planner for one manifest.
#[derive(Debug, Clone)]
pub struct OfflinePlanner {
    manifest: Manifest,
    lexicon: lexicon::Lexicon,
    schema: schema::Schema,
    cues: intent::CueTable,
    /// A year to assume when a question names a month or quarter without one:
    /// the only year the manifest's description mentions, if exactly one.
    default_year: Option<i32>,
    /// The dataset's value index resolved against the manifest, if it has one.
    values: Option<std::sync::Arc<crate::dataset::value_index::ValueLookup>>,
}

impl OfflinePlanner {
    /// Indexes a manifest. Cheap enough to do per dataset load.
    pub fn new(manifest: &Manifest) -> OfflinePlanner {
        let lexicon = lexicon::Lexicon::new(manifest);
        let schema = schema::Schema::new(manifest, &lexicon);
        OfflinePlanner {
            manifest: manifest.clone(),
            lexicon,
            schema,
            cues: intent::CueTable::new(),
            default_year: explain::single_year(&manifest.description),
            values: None,
        }
    }

    /// Places values the question names by the dataset's value index
    /// (`datasets add` writes one; None: words alone choose the column).
    pub fn with_values(mut self, index: Option<&crate::dataset::value_index::ValueIndex>) -> OfflinePlanner {
        self.values = index.map(|i| std::sync::Arc::new(crate::dataset::value_index::ValueLookup::new(i, &self.manifest)));
        if let Some(vx) = &self.values {
            self.lexicon.add_sex_values(&self.manifest, vx);
        }
        self
    }

    /// Plans one question.
    pub fn plan(&self, question: &str) -> Outcome {
        match self.plan_alone(question) {
            Outcome::NotUnderstood(n) => match union::of_two(self, question)
                .or_else(|| union::shared_by_two(self, question))
                .or_else(|| none_of::values_no_row_has(self, question))
            {
                Some(u) => Outcome::Planned(u),
                None => Outcome::NotUnderstood(n),
            },
            planned => planned,
        }
    }

    /// The question read whole, with no splitting (see [`union`]). When
    /// the one thing not understood is a word the dataset does not use, the
    /// question is read again with that word allowed to stand for a
    /// relative the dataset does use ("advises" for `advisor`; see
    /// [`crate::thesaurus`]); if that reading fails too, the first refusal
    /// stands, as it names the word.
    fn plan_alone(&self, question: &str) -> Outcome {
        let toks = stored_spans::quote_stored(spelled::quote_search_text(tokenize::tokenize(question)), self.values.as_deref(), &self.manifest);
        let (toks, renamed) = place_values::quote_places(toks, self.values.as_deref());
        let mut toks = coordinate::distribute(ranges::as_between(comparative::after_noun(phrasal::join(toks, &self.lexicon), &self.lexicon)), &self.lexicon);
        // "the US" read as the stored 'United States': shown.
        let planned = |mut u: Understanding| {
            u.ambiguities.extend(renamed.iter().map(|(written, stored)| Ambiguity {
                words: written.clone(),
                chosen: format!("read as '{stored}', the name the data stores for this place (WordNet)"),
                alternatives: Vec::new(),
            }));
            Outcome::Planned(u)
        };
        let first = match self.read(&toks) {
            Ok(u) => return planned(u),
            Err(refusal) => refusal,
        };
        // "Show the players from college UCLA": "players" read as the
        // table `player`, which no row of `match_season` belongs to, may
        // be the `player` column of the rows the rest of the question reads.
        if !first.unjoined.is_empty() {
            let mut again = toks.clone();
            for t in again.iter_mut() {
                t.not_of_table = first.unjoined.iter().find(|(w, _)| *w == t.norm).map(|&(_, table)| table);
            }
            // Only a column named outright (not a near spelling) stands in.
            let named_outright = |u: &Understanding| {
                first.unjoined.iter().all(|(w, _)| {
                    u.matches.iter().filter(|x| x.words.split_whitespace().any(|x| x.eq_ignore_ascii_case(w))).all(|x| x.kind == MatchKind::Column && x.confidence >= 0.9)
                })
            };
            if let Some(u) = self.read(&again).ok().filter(named_outright) {
                return planned(u);
            }
        }
        let mut unplaced = first.unplaced.clone();
        // Each retry allows one more word; a word allowed already that is
        // refused again is read, if the data stores it whole, as that
        // value; refused once more, it ends it.
        for _ in 0..MAX_RELATED_WORDS + 1 {
            let Some(word) = unplaced.take() else { break };
            let mut more = false;
            for t in toks.iter_mut().filter(|t| t.norm == word && !t.related) {
                t.related = true;
                more = true;
            }
            if !more && !self.as_stored_value(&mut toks, &word) {
                break;
            }
            match self.read(&toks) {
                Ok(u) => return planned(u),
                Err(refusal) => unplaced = refusal.unplaced,
            }
        }
        Outcome::NotUnderstood(explain::not_understood(&self.manifest, question, first))
    }

    /// "The bank branch named morningside", "pets that are dog": a word
    /// written in lowercase that nothing else reads but the data stores
    /// whole, case folded, as a text value, read as that value (as it is
    /// when capitalised or quoted). False when there is none to read so.
    fn as_stored_value(&self, toks: &mut [tokenize::Token], word: &str) -> bool {
        let Some(vx) = self.values.as_deref() else { return false };
        let mut any = false;
        for t in toks.iter_mut().filter(|t| t.norm == word && t.is_word() && !t.capital) {
            if vx.holders(&t.raw).is_empty() {
                continue;
            }
            *t = tokenize::Token::quoted(t.raw.clone());
            any = true;
        }
        any
    }

    /// One reading of the tokens, from pieces to a plan.
    fn read(&self, toks: &[tokenize::Token]) -> Result<Understanding, build::Refusal> {
        let mut pieces = intent::pieces(toks, &self.lexicon, &self.cues, self.default_year);
        kinds::resolve(&self.manifest, &mut pieces);
        head_word::names_of_rows(&self.manifest, &mut pieces);
        extreme_pair::coordinated_extremes(&mut pieces);
        month_values::as_values(&mut pieces, &self.manifest, self.values.as_deref());
        values::names_over_values(&self.manifest, &self.lexicon, &self.schema, self.values.as_deref(), &mut pieces);
        units::qualified_measures(&self.manifest, &mut pieces);
        units::units_as_columns(&self.manifest, &mut pieces);
        units::units_after_numbers(&mut pieces);
        capacity::holding_verbs(&self.manifest, &mut pieces);
        full_name::full_as_emphasis(&self.manifest, &mut pieces);
        people_counted::people_in_a_number(&self.manifest, &mut pieces);
        let mut ctx = build::Ctx::new(&self.manifest, &self.lexicon, &self.schema, &pieces);
        ctx.values = self.values.as_deref();
        ctx.run()
    }

    /// The manifest this planner was built for.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }
}

/// Times planning each question over `rounds` rounds: microseconds per
/// plan, to summarise with [`crate::measure::Samples`] (alone or pooled with
/// other question sets).
pub fn bench(questions: &[&str], planner: &OfflinePlanner, rounds: usize) -> Vec<f64> {
    let mut times = Vec::with_capacity(questions.len() * rounds);
    for _ in 0..rounds {
        for q in questions {
            let start = std::time::Instant::now();
            let out = planner.plan(q);
            std::hint::black_box(&out);
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    times
}
