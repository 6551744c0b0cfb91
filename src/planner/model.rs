//! Planning with a model, and the hybrid of the offline and model planners.
//!
//! [`ModelPlanner`] holds a conversation with a [`Provider`]: the curated
//! context (`llm::context`) and the question go in; the model answers with
//! a plan (`submit_plan`, whose input schema is the plan's JSON Schema),
//! SQL (`submit_sql`, when the plan cannot express the question), or calls
//! exploration tools (`agent::tools`: list_tables, describe_table,
//! sample_values, run_sql through the driver's jailed runner) whose fenced
//! results go back to it; at most `max_iterations` model calls and one
//! wall-clock budget per question. An invalid plan (or an answer with
//! neither plan nor SQL) goes back once with what was wrong.
//!
//! [`HybridPlanner`] is what a session uses: in `offline` mode exactly the
//! offline planner; in `model` mode the model; in `auto` the offline
//! planner first, kept when it is confident ([`confident`]), the model
//! when it refuses or is unsure. A model that fails for good (fatal
//! provider error, wall clock spent) falls back to the offline planner
//! with a notice; a cancel ends planning at once.
//!
//! Invariants: the provider future runs on this planner's own
//! current-thread runtime and is dropped on cancel (`llm::bridge`); every
//! model call and tool call is published as progress and kept as an
//! accounting record; SQL from a model is a plan holding `sql`, which the
//! agent validates and jails like user SQL.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{OfflinePlanner, Outcome, PlanEnv, PlanError, Planner, Understanding};
use crate::agent::tools;
use crate::llm::answer::{self, Answer, AnswerError};
use crate::llm::bridge::Interrupted;
use crate::llm::budget::TokenMeter;
use crate::llm::calls::{CallError, Caller, LlmCall};
use crate::llm::context::{ContextIndex, RecipeHint, DEFAULT_BUDGET};
use crate::llm::{prompt, ChatResponse, Content, LlmError, Message, Provider, Role};
use crate::plan::Plan;
use crate::progress::Progress;
use crate::runner::CancelToken;
use crate::semantic::Manifest;

/// Model calls per question by default.
pub const DEFAULT_MAX_ITERATIONS: u32 = 8;
/// Wall-clock budget per question by default.
pub const DEFAULT_WALL_CLOCK: Duration = Duration::from_secs(180);
/// Output tokens per model call by default.
pub const DEFAULT_MAX_TOKENS: u32 = 2_048;
/// The lowest match confidence at which `auto` keeps the offline plan.
pub const CONFIDENT: f32 = 0.9;

/// Which planner answers questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlannerMode {
    Offline,
    Model,
    /// Offline when confident, else the model.
    #[default]
    Auto,
}

impl std::str::FromStr for PlannerMode {
    type Err = String;
    fn from_str(s: &str) -> Result<PlannerMode, String> {
        match s {
            "offline" => Ok(PlannerMode::Offline),
            "model" => Ok(PlannerMode::Model),
            "auto" => Ok(PlannerMode::Auto),
            other => Err(format!("unknown planner `{other}`: use offline, model or auto")),
        }
    }
}

/// Limits of model use per question.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelBudgets {
    /// Estimated tokens of curated context.
    pub context_tokens: usize,
    /// Output tokens per call.
    pub max_tokens: u32,
    /// Model calls per question (the tool loop's bound).
    pub max_iterations: u32,
    /// Wall-clock time per question (and per repair): model calls and
    /// tool calls (queries in the jail) alike.
    pub wall_clock: Duration,
    /// Tokens (in + out) one run may spend on model calls; None: no limit.
    pub token_budget: Option<u64>,
}

impl Default for ModelBudgets {
    fn default() -> ModelBudgets {
        ModelBudgets {
            context_tokens: DEFAULT_BUDGET,
            max_tokens: DEFAULT_MAX_TOKENS,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            wall_clock: DEFAULT_WALL_CLOCK,
            token_budget: None,
        }
    }
}

/// A model to plan and repair with, as a session is given it. Clones
/// share one token meter: a session resets it when a run starts.
#[derive(Clone)]
pub struct ModelSetup {
    pub provider: Arc<dyn Provider>,
    pub mode: PlannerMode,
    pub budgets: ModelBudgets,
    pub meter: Arc<TokenMeter>,
}

impl ModelSetup {
    /// A setup whose meter enforces `budgets.token_budget`.
    pub fn new(provider: Arc<dyn Provider>, mode: PlannerMode, budgets: ModelBudgets) -> ModelSetup {
        let meter = Arc::new(TokenMeter::new(budgets.token_budget));
        ModelSetup { provider, mode, budgets, meter }
    }

    /// The caller a planner or repairer makes its model calls through.
    pub fn caller(&self) -> Caller {
        Caller::new(self.provider.clone(), self.meter.clone())
    }
}

impl std::fmt::Debug for ModelSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelSetup").field("provider", &self.provider.label()).field("mode", &self.mode).field("budgets", &self.budgets).finish()
    }
}

/// Why the model gave no usable answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelFailure {
    #[error(transparent)]
    Llm(LlmError),
    #[error("planning was cancelled")]
    Cancelled,
    #[error("the question's wall-clock budget of {} s (llm.wall_clock_secs in sandpiper.toml) ran out", .0.as_secs_f64())]
    Deadline(Duration),
    #[error("the model gave no plan or SQL within its {0} turns (llm.max_iterations in sandpiper.toml)")]
    MaxIterations(u32),
    #[error("the model's answer could not be used: {0}")]
    Unusable(String),
}

impl ModelFailure {
    /// Failures after which the model is not worth asking again this run.
    pub fn is_fatal(&self) -> bool {
        match self {
            ModelFailure::Llm(e) => e.is_fatal(),
            ModelFailure::Deadline(_) => true,
            _ => false,
        }
    }

    fn of(e: CallError, wall: Duration) -> ModelFailure {
        match e {
            CallError::Llm(LlmError::Cancelled) | CallError::Interrupted(Interrupted::Cancelled) => ModelFailure::Cancelled,
            CallError::Llm(e) => ModelFailure::Llm(e),
            CallError::Interrupted(Interrupted::Deadline) => ModelFailure::Deadline(wall),
            CallError::Interrupted(Interrupted::Runtime) => ModelFailure::Llm(LlmError::Config("the async runtime could not be started".into())),
        }
    }
}

/// See the module documentation.
pub struct ModelPlanner {
    caller: Caller,
    manifest: Manifest,
    /// Built once per dataset: curation per question reuses it.
    index: ContextIndex,
    budgets: ModelBudgets,
    hints: Vec<RecipeHint>,
}

impl ModelPlanner {
    pub fn new(setup: &ModelSetup, manifest: &Manifest) -> ModelPlanner {
        ModelPlanner { caller: setup.caller(), index: ContextIndex::new(manifest), manifest: manifest.clone(), budgets: setup.budgets.clone(), hints: Vec::new() }
    }

    /// Similar past recipes for the next question's context.
    pub fn set_hints(&mut self, hints: Vec<RecipeHint>) {
        self.hints = hints;
    }

    pub fn label(&self) -> String {
        self.caller.label()
    }

    /// The accounting records of the calls made since the last take.
    pub fn take_calls(&mut self) -> Vec<LlmCall> {
        self.caller.take_calls()
    }

    /// Ask the model for a plan or SQL (see the module documentation).
    pub fn ask(&mut self, question: &str, cancel: &CancelToken, env: &mut PlanEnv<'_>) -> Result<Answer, ModelFailure> {
        let deadline = Instant::now() + self.budgets.wall_clock;
        let ctx = self.index.curate(question, &self.hints, self.budgets.context_tokens);
        let mut messages = vec![prompt::plan_message(question, &ctx)];
        let mut specs = vec![answer::plan_tool(), answer::sql_tool()];
        specs.extend(tools::specs(env.runner.is_some()));
        let mut context = Some(ctx.provenance);
        let mut reasked = false;
        for _ in 0..self.budgets.max_iterations {
            // Tool calls spend the same clock as model calls.
            if Instant::now() >= deadline {
                return Err(ModelFailure::Deadline(self.budgets.wall_clock));
            }
            let req = prompt::plan_request(&self.manifest.name, messages.clone(), specs.clone(), self.budgets.max_tokens);
            let resp = self.caller.call(&req, "plan", cancel, Some(deadline), context.take(), env.observe).map_err(|e| ModelFailure::of(e, self.budgets.wall_clock))?;
            messages.push(assistant_message(&resp));
            let explore_only = !resp.tool_calls.is_empty() && resp.tool_calls.iter().all(|c| tools::is_exploration(&c.name));
            let mut feedback = None;
            if !explore_only {
                match answer::extract(&resp) {
                    Ok(Answer::Plan(p)) => {
                        let errors = answer::validate_plan(&p, &self.manifest);
                        if errors.is_empty() {
                            return Ok(Answer::Plan(p));
                        }
                        feedback = Some(format!("the plan is not valid for this dataset: {}", errors.join("; ")));
                    }
                    Ok(sql @ Answer::Sql { .. }) => return Ok(sql),
                    Err(e @ AnswerError::InvalidPlan(_)) => feedback = Some(e.to_string()),
                    Err(AnswerError::Missing) => {
                        feedback = Some("the answer held neither a plan nor SQL: call submit_plan, or submit_sql when the plan cannot express the question".into())
                    }
                }
            }
            if let Some(fb) = &feedback {
                if reasked {
                    return Err(ModelFailure::Unusable(fb.clone()));
                }
                reasked = true;
            }
            messages.push(self.reply(&resp, feedback.as_deref(), cancel, deadline, env));
        }
        Err(ModelFailure::MaxIterations(self.budgets.max_iterations))
    }

    /// The next user turn: a result for every tool call (exploration tools
    /// run, rejected answers get the feedback), or the feedback as text.
    /// A query a tool runs may take no longer than what is left of the
    /// wall clock; tools not started before it ran out are not run.
    fn reply(&self, resp: &ChatResponse, feedback: Option<&str>, cancel: &CancelToken, deadline: Instant, env: &mut PlanEnv<'_>) -> Message {
        if resp.tool_calls.is_empty() {
            return Message::user(format!("{}. Try again.", feedback.unwrap_or("no answer")));
        }
        let mut content = Vec::new();
        for c in &resp.tool_calls {
            let is_answer = matches!(c.name.as_str(), answer::SUBMIT_PLAN | answer::SUBMIT_SQL | answer::ANSWER);
            let (text, is_error) = if is_answer {
                (format!("Not accepted: {}. Fix it and submit again.", feedback.unwrap_or("another call in this turn was not accepted")), true)
            } else if deadline.saturating_duration_since(Instant::now()).is_zero() {
                (format!("Not run: the wall-clock budget of {} s ran out.", self.budgets.wall_clock.as_secs_f64()), true)
            } else {
                let t = Instant::now();
                let runner = env.runner.as_mut().map(|r| &mut **r as &mut dyn crate::runner::Runner);
                let timeout = env.timeout.min(deadline.saturating_duration_since(t));
                let out = tools::call(&self.manifest, c, runner, cancel, timeout);
                (env.observe)(Progress::ToolCall {
                    tool: c.name.clone(),
                    ms: t.elapsed().as_secs_f64() * 1000.0,
                    ok: !out.is_error,
                    summary: out.summary.clone(),
                });
                (prompt::fenced(&format!("Result of {}", c.name), &out.content), out.is_error)
            };
            content.push(Content::ToolResult { call_id: c.id.clone(), content: text, is_error });
        }
        Message { role: Role::User, content }
    }
}

fn assistant_message(resp: &ChatResponse) -> Message {
    let mut content = Vec::new();
    if !resp.text.is_empty() {
        content.push(Content::Text { text: resp.text.clone() });
    }
    content.extend(resp.tool_calls.iter().cloned().map(Content::ToolCall));
    Message { role: Role::Assistant, content }
}

/// Whether `auto` keeps the offline planner's answer: it understood the
/// question with no ambiguity and every word it used matched at least
/// [`CONFIDENT`] (exact names and close synonyms, not guesses).
pub fn confident(outcome: &Outcome) -> bool {
    match outcome {
        Outcome::Planned(u) => !u.uncertain && u.ambiguities.is_empty() && u.matches.iter().all(|m| m.confidence >= CONFIDENT),
        Outcome::NotUnderstood(_) => false,
    }
}

/// The outcome of a model's answer, saying who wrote it.
pub fn outcome_of(a: Answer, label: &str) -> Outcome {
    let (plan, summary) = match a {
        Answer::Plan(p) => (*p, vec![format!("planned by {label}")]),
        Answer::Sql { sql, rationale } => {
            let mut s = vec![format!("SQL written by {label}")];
            s.extend(rationale);
            (Plan::from_sql(sql), s)
        }
    };
    // Confidence measures the offline planner's word matches; a model's
    // reading has none to score, and its SQL is checked like any other.
    Outcome::Planned(Understanding { plan, matches: Vec::new(), ambiguities: Vec::new(), summary, confidence: 1.0, uncertain: false })
}

/// The planner a session uses (see the module documentation).
pub struct HybridPlanner {
    offline: OfflinePlanner,
    model: Option<ModelPlanner>,
    mode: PlannerMode,
    answered: Option<(String, String)>,
    notices: Vec<String>,
}

impl HybridPlanner {
    /// The offline planner alone (no model configured).
    pub fn offline(offline: OfflinePlanner) -> HybridPlanner {
        HybridPlanner { offline, model: None, mode: PlannerMode::Offline, answered: None, notices: Vec::new() }
    }

    /// The hybrid for `manifest` with an optional model.
    pub fn new(manifest: &Manifest, setup: Option<&ModelSetup>) -> HybridPlanner {
        let offline = OfflinePlanner::new(manifest);
        match setup {
            Some(s) if s.mode != PlannerMode::Offline => HybridPlanner {
                offline,
                model: Some(ModelPlanner::new(s, manifest)),
                mode: s.mode,
                answered: None,
                notices: Vec::new(),
            },
            _ => HybridPlanner::offline(offline),
        }
    }

    pub fn mode(&self) -> PlannerMode {
        if self.model.is_some() { self.mode } else { PlannerMode::Offline }
    }

    /// Past recipes for the model's next context.
    pub fn set_hints(&mut self, hints: Vec<RecipeHint>) {
        if let Some(m) = self.model.as_mut() {
            m.set_hints(hints);
        }
    }

    /// Whether a model may be asked (so recipe hints are worth fetching).
    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    /// Places values by the dataset's value index (see [`OfflinePlanner::with_values`]).
    pub fn with_values(mut self, index: Option<&crate::dataset::value_index::ValueIndex>) -> HybridPlanner {
        self.offline = self.offline.with_values(index);
        self
    }

    pub fn offline_planner(&self) -> &OfflinePlanner {
        &self.offline
    }

    fn fall_back(&mut self, failure: &ModelFailure, label: &str, offline: Outcome) -> Outcome {
        self.notices.push(format!("the model {label} could not answer ({failure}); the offline planner answered instead"));
        self.answered = Some(("offline".into(), "offline".into()));
        offline
    }
}

impl Planner for HybridPlanner {
    fn name(&self) -> String {
        match (&self.model, self.mode) {
            (None, _) | (_, PlannerMode::Offline) => "offline".into(),
            (Some(m), PlannerMode::Model) => m.label(),
            (Some(m), PlannerMode::Auto) => format!("offline+{}", m.label()),
        }
    }

    fn plan_question(&mut self, question: &str, cancel: &CancelToken) -> Result<Outcome, PlanError> {
        let quiet = |_: Progress| {};
        let mut env = PlanEnv { runner: None, observe: &quiet, timeout: crate::runner::DEFAULT_TIMEOUT };
        self.plan_in(question, cancel, &mut env)
    }

    fn plan_in(&mut self, question: &str, cancel: &CancelToken, env: &mut PlanEnv<'_>) -> Result<Outcome, PlanError> {
        if cancel.is_cancelled() {
            return Err(PlanError::Cancelled);
        }
        let Some(model) = self.model.as_mut() else {
            return Ok(self.offline.plan(question));
        };
        let label = model.label();
        let offline = match self.mode {
            PlannerMode::Offline => return Ok(self.offline.plan(question)),
            PlannerMode::Auto => {
                let o = self.offline.plan(question);
                if confident(&o) {
                    self.answered = Some(("offline".into(), "offline".into()));
                    return Ok(o);
                }
                Some(o)
            }
            PlannerMode::Model => None,
        };
        match model.ask(question, cancel, env) {
            Ok(a) => {
                self.answered = Some(("model".into(), label.clone()));
                Ok(outcome_of(a, &label))
            }
            Err(ModelFailure::Cancelled) => Err(PlanError::Cancelled),
            Err(f) if f.is_fatal() || offline.is_some() => {
                let o = offline.unwrap_or_else(|| self.offline.plan(question));
                let out = self.fall_back(&f, &label, o);
                (env.observe)(Progress::Notice { message: self.notices.last().cloned().unwrap_or_default() });
                Ok(out)
            }
            Err(f) => {
                self.answered = Some(("model".into(), label.clone()));
                Err(PlanError::Failed(f.to_string()))
            }
        }
    }

    fn answered_by(&self) -> Option<(String, String)> {
        self.answered.clone()
    }

    fn take_calls(&mut self) -> Vec<LlmCall> {
        self.model.as_mut().map(ModelPlanner::take_calls).unwrap_or_default()
    }

    fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::scripted::{ScriptedProvider, Step};
    use serde_json::json;

    fn manifest() -> Manifest {
        toml::from_str(
            "name = \"shop\"\n[[tables]]\nname = \"orders\"\nfile = \"o.csv\"\ncolumns = [{ name = \"id\", type = \"INTEGER\" }, { name = \"status\", type = \"VARCHAR\" }, { name = \"total\", type = \"DOUBLE\" }]\n\
             [[metrics]]\nname = \"revenue\"\nexpr = \"SUM(orders.total)\"\ntable = \"orders\"\n\
             [[dimensions]]\nname = \"status\"\ncolumn = \"orders.status\"\nkind = \"categorical\"\nvalues = [\"open\", \"shipped\"]\n",
        )
        .unwrap()
    }

    fn hybrid(steps: Vec<Step>, mode: PlannerMode) -> (HybridPlanner, ScriptedProvider) {
        let p = ScriptedProvider::new(steps);
        let setup = ModelSetup::new(Arc::new(p.clone()), mode, ModelBudgets::default());
        (HybridPlanner::new(&manifest(), Some(&setup)), p)
    }

    #[test]
    fn auto_keeps_a_confident_offline_plan_without_calling_the_model() {
        let (mut h, p) = hybrid(vec![], PlannerMode::Auto);
        let o = h.plan_question("revenue by status", &CancelToken::new()).unwrap();
        assert!(matches!(o, Outcome::Planned(_)), "{o:?}");
        assert_eq!(p.calls(), 0);
        assert_eq!(h.answered_by(), Some(("offline".into(), "offline".into())));
    }

    #[test]
    fn auto_asks_the_model_when_offline_refuses_and_the_model_may_write_sql() {
        let sql = "SELECT status FROM orders WHERE total > (SELECT avg(total) FROM orders)";
        let (mut h, p) = hybrid(vec![Step::tool(answer::SUBMIT_SQL, json!({ "sql": sql, "rationale": "nested" }))], PlannerMode::Auto);
        let o = h.plan_question("which statuses have orders above the average order?", &CancelToken::new()).unwrap();
        assert_eq!(o.plan().and_then(|p| p.sql.as_deref()), Some(sql));
        assert_eq!(p.calls(), 1);
        assert_eq!(h.answered_by().unwrap().1, "anthropic:scripted-model");
        let calls = h.take_calls();
        assert_eq!(calls.len(), 1);
        assert!(calls[0].context.as_ref().is_some_and(|c| c.whole));
        let req = &p.requests()[0];
        assert_eq!(req.tools[0].name, answer::SUBMIT_PLAN);
        assert!(req.tools.iter().all(|t| t.name != tools::RUN_SQL), "no runner, no run_sql");
    }

    #[test]
    fn an_invalid_plan_goes_back_once_with_its_errors() {
        let bad = json!({ "measures": [{ "metric": "profit" }] });
        let good = json!({ "measures": [{ "metric": "revenue" }] });
        let (mut h, p) = hybrid(vec![Step::tool(answer::SUBMIT_PLAN, bad.clone()), Step::tool(answer::SUBMIT_PLAN, good)], PlannerMode::Model);
        let o = h.plan_question("how much money", &CancelToken::new()).unwrap();
        assert_eq!(o.plan().unwrap().measures[0].metric.as_deref(), Some("revenue"));
        let second = &p.requests()[1];
        let last = second.messages.last().unwrap();
        let Content::ToolResult { content, is_error, .. } = &last.content[0] else { panic!("{last:?}") };
        assert!(*is_error && content.contains("profit"), "{content}");
        // Twice invalid: the model is not asked a third time.
        let (mut h, p) = hybrid(vec![Step::tool(answer::SUBMIT_PLAN, bad.clone()), Step::tool(answer::SUBMIT_PLAN, bad)], PlannerMode::Model);
        let e = h.plan_question("how much money", &CancelToken::new()).unwrap_err();
        assert!(matches!(e, PlanError::Failed(m) if m.contains("profit")));
        assert_eq!(p.calls(), 2);
    }

    #[test]
    fn a_fatal_provider_error_falls_back_to_offline_with_a_notice() {
        let (mut h, _) = hybrid(vec![Step::fail(LlmError::Auth { status: 401, env_var: "ANTHROPIC_API_KEY".into() })], PlannerMode::Model);
        let o = h.plan_question("revenue by status", &CancelToken::new()).unwrap();
        assert!(matches!(o, Outcome::Planned(_)));
        assert_eq!(h.answered_by().unwrap().0, "offline");
        let n = h.take_notices();
        assert!(n[0].contains("offline planner answered") && n[0].contains("ANTHROPIC_API_KEY"), "{n:?}");
    }

    #[test]
    fn the_offline_mode_is_the_offline_planner() {
        let p = ScriptedProvider::new(vec![]);
        let setup = ModelSetup::new(Arc::new(p.clone()), PlannerMode::Offline, ModelBudgets::default());
        let mut h = HybridPlanner::new(&manifest(), Some(&setup));
        let off = OfflinePlanner::new(&manifest());
        for q in ["revenue by status", "what is the meaning of life", ""] {
            assert_eq!(h.plan_question(q, &CancelToken::new()).unwrap(), off.plan(q));
        }
        assert_eq!(h.name(), "offline");
        assert_eq!(h.answered_by(), None);
        assert_eq!(p.calls(), 0);
    }

    #[test]
    fn the_layer_adds_little_time_outside_the_model() {
        // The scripted provider answers at once: what remains is curation,
        // prompt building, the bridge, extraction and validation.
        let rounds = 50;
        let steps = (0..rounds).map(|_| Step::tool(answer::SUBMIT_PLAN, json!({ "measures": [{ "metric": "revenue" }] }))).collect();
        let (mut h, _) = hybrid(steps, PlannerMode::Model);
        let start = Instant::now();
        for _ in 0..rounds {
            assert!(matches!(h.plan_question("how much money", &CancelToken::new()), Ok(Outcome::Planned(_))));
        }
        let per = start.elapsed().as_secs_f64() * 1000.0 / rounds as f64;
        println!("model planner overhead with an instant provider: {per:.3} ms per question");
        assert!(per < 5.0, "{per} ms");
    }

    /// A jail stand-in whose every query takes `each`, cut short by the
    /// request's timeout as the jail cuts it.
    struct SlowRunner {
        each: Duration,
        timeouts: Vec<Duration>,
    }
    impl crate::runner::Runner for SlowRunner {
        fn run(&mut self, req: &crate::runner::QueryRequest) -> Result<crate::runner::QueryOutput, crate::runner::ExecError> {
            self.timeouts.push(req.timeout);
            if req.timeout < self.each {
                std::thread::sleep(req.timeout);
                return Err(crate::runner::ExecError::Timeout(req.timeout.as_secs()));
            }
            std::thread::sleep(self.each);
            Ok(crate::runner::QueryOutput { columns: vec![], rows: vec![], truncated: false, elapsed_ms: 0.0, arrow: None })
        }
        fn mode(&self) -> crate::runner::JailMode {
            crate::runner::JailMode::Strict
        }
    }

    #[test]
    fn tool_calls_spend_the_wall_clock_and_the_planner_falls_back_when_it_is_gone() {
        // The model answers at once; each query in the jail takes 300 ms;
        // the budget is 500 ms: the second query gets what is left, and no
        // third model call starts.
        let steps = (0..4).map(|_| Step::tool(tools::RUN_SQL, json!({ "sql": "SELECT status FROM orders" }))).collect();
        let p = ScriptedProvider::new(steps);
        let budgets = ModelBudgets { wall_clock: Duration::from_millis(500), ..ModelBudgets::default() };
        let mut h = HybridPlanner::new(&manifest(), Some(&ModelSetup::new(Arc::new(p.clone()), PlannerMode::Model, budgets)));
        let mut runner = SlowRunner { each: Duration::from_millis(300), timeouts: Vec::new() };
        let quiet = |_: Progress| {};
        let started = Instant::now();
        let mut env = PlanEnv { runner: Some(&mut runner), observe: &quiet, timeout: Duration::from_secs(30) };
        let o = h.plan_in("revenue by status", &CancelToken::new(), &mut env).unwrap();
        let took = started.elapsed();
        assert!(matches!(o, Outcome::Planned(_)), "the offline planner answered: {o:?}");
        assert_eq!(h.answered_by().unwrap().0, "offline");
        let n = h.take_notices();
        assert!(n[0].contains("wall-clock budget of 0.5 s") && n[0].contains("llm.wall_clock_secs"), "{n:?}");
        assert_eq!(p.calls(), 2, "no model call after the clock ran out");
        assert!(runner.timeouts[0] <= Duration::from_millis(500) && runner.timeouts[1] <= Duration::from_millis(200), "{:?}", runner.timeouts);
        assert!(took < Duration::from_millis(900), "{took:?}");
    }

    #[test]
    fn the_token_budget_stops_the_next_call_and_resets_per_run() {
        // Each scripted call reports 120 + 30 tokens; 200 allows two.
        let steps = (0..3).map(|_| Step::tool(tools::LIST_TABLES, json!({}))).collect();
        let p = ScriptedProvider::new(steps);
        let budgets = ModelBudgets { token_budget: Some(200), ..ModelBudgets::default() };
        let setup = ModelSetup::new(Arc::new(p.clone()), PlannerMode::Model, budgets);
        let mut h = HybridPlanner::new(&manifest(), Some(&setup));
        let o = h.plan_question("revenue by status", &CancelToken::new()).unwrap();
        assert!(matches!(o, Outcome::Planned(_)));
        assert_eq!(p.calls(), 2);
        assert_eq!(setup.meter.spent(), 300);
        let n = h.take_notices();
        assert!(n[0].contains("300 of the run's 200 tokens") && n[0].contains("offline planner answered"), "{n:?}");
        assert_eq!(h.take_calls().len(), 2, "the refused call was never made, so it is not recorded");
        // Still spent: the model is not asked again in the same run.
        h.plan_question("revenue by status", &CancelToken::new()).unwrap();
        assert_eq!(p.calls(), 2);
        // A new run starts with a fresh budget.
        setup.meter.reset();
        p.push(Step::tool(answer::SUBMIT_PLAN, json!({ "measures": [{ "metric": "revenue" }] })));
        h.plan_question("how much money", &CancelToken::new()).unwrap();
        assert_eq!(h.answered_by().unwrap().0, "model");
    }

    #[test]
    fn max_iterations_says_what_ran_out_and_where_to_raise_it() {
        let steps = (0..5).map(|_| Step::tool(tools::LIST_TABLES, json!({}))).collect();
        let p = ScriptedProvider::new(steps);
        let budgets = ModelBudgets { max_iterations: 2, ..ModelBudgets::default() };
        let mut h = HybridPlanner::new(&manifest(), Some(&ModelSetup::new(Arc::new(p.clone()), PlannerMode::Model, budgets)));
        let e = h.plan_question("how much money", &CancelToken::new()).unwrap_err();
        assert!(matches!(&e, PlanError::Failed(m) if m.contains("within its 2 turns") && m.contains("llm.max_iterations")), "{e:?}");
        assert_eq!(p.calls(), 2);
    }

    #[test]
    fn modes_parse() {
        assert_eq!("auto".parse::<PlannerMode>(), Ok(PlannerMode::Auto));
        assert!("gpt".parse::<PlannerMode>().is_err());
    }
}
