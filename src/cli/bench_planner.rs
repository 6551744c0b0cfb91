//! `sandpiper bench planner`: offline planning latency over every question
//! set: the built-in datasets' golden questions and suggested prompts, and
//! each questions file given (`tests/questions/*.jsonl`, Spider's
//! `questions.jsonl`), planning only (nothing runs).
//!
//! A questions file names datasets; one missing from the registry is added
//! first (untimed) when the file sits beside `tables/<db>/*.csv` for a
//! dataset called `spider_<db>`, the layout of the shared Spider sets;
//! otherwise its questions are skipped and counted.

use super::engine::Env;
use crate::dataset::generate::BUILTIN;
use crate::eval::parse_cases;
use crate::measure::{ms_since, Samples};
use crate::planner::{OfflinePlanner, Outcome};
use anyhow::Context;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The shared Spider dev set, read by default when the project sits beside it.
const SPIDER_DEV: &str = "../shared/benchmarks/spider-dev-public/questions.jsonl";

/// One question set's figures.
#[derive(Default)]
struct SetResult {
    questions: usize,
    planned: usize,
    skipped: usize,
    added: Vec<String>,
    times_us: Vec<f64>,
}

pub fn run(files: &[PathBuf], rounds: usize) -> anyhow::Result<Value> {
    let env = Env::load()?;
    let rounds = rounds.max(1);
    let mut out = Map::new();
    let mut all = Vec::new();

    let mut golden = SetResult::default();
    for name in BUILTIN {
        let (m, _) = env.registry.manifest(name)?;
        let qs: Vec<String> = m.golden.iter().map(|g| g.question.clone()).chain(m.suggested_prompts.iter().cloned()).collect();
        golden.plan(&OfflinePlanner::new(&m), &qs, rounds);
    }
    all.extend_from_slice(&golden.times_us);
    out.insert("golden_and_suggested".into(), golden.to_json());

    let files = if files.is_empty() { default_files() } else { files.to_vec() };
    for file in &files {
        let set = plan_file(&env, file, rounds)?;
        all.extend_from_slice(&set.times_us);
        out.insert(set_name(file), set.to_json());
    }
    out.insert("all_sets_us".into(), json!(Samples::of(&all)));

    let (m, _) = env.registry.manifest("ecommerce")?;
    let build = Samples::time_ms::<()>(2, 50, || {
        std::hint::black_box(OfflinePlanner::new(&m));
        Ok(())
    })
    .unwrap_or_default();
    out.insert("planner_build_ms".into(), json!(build));
    out.insert("rounds".into(), json!(rounds));
    out.insert("target".into(), json!("median < 5000 us per question"));
    Ok(Value::Object(out))
}

/// `tests/questions/*.jsonl` (sorted) and the Spider dev set, those that exist.
fn default_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/questions")
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect())
        .unwrap_or_default();
    files.sort();
    files.extend(Some(PathBuf::from(SPIDER_DEV)).filter(|p| p.is_file()));
    files
}

/// `iot.jsonl` -> `iot`; `spider-dev-public/questions.jsonl` -> `spider-dev-public`.
fn set_name(file: &Path) -> String {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("questions");
    match file.parent().and_then(Path::file_name).and_then(|s| s.to_str()) {
        Some(dir) if stem == "questions" => dir.to_string(),
        _ => stem.to_string(),
    }
}

fn plan_file(env: &Env, file: &Path, rounds: usize) -> anyhow::Result<SetResult> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let cases = parse_cases(&text, &file.display().to_string()).map_err(anyhow::Error::msg)?;
    let mut datasets: Vec<&str> = Vec::new();
    for c in &cases {
        if !datasets.contains(&c.dataset.as_str()) {
            datasets.push(&c.dataset);
        }
    }
    let mut set = SetResult::default();
    for name in datasets {
        let qs: Vec<String> = cases.iter().filter(|c| c.dataset == name).filter_map(|c| c.question.clone()).collect();
        let manifest = match env.registry.manifest(name) {
            Ok((m, _)) => Some(m),
            Err(_) => add_beside(env, file, name)?.map(|ms| {
                set.added.push(format!("{name} ({ms:.0} ms)"));
                env.registry.manifest(name).map(|(m, _)| m)
            }).transpose()?,
        };
        match manifest {
            Some(m) => {
                let values = env.registry.value_index(name).ok().flatten();
                set.plan(&OfflinePlanner::new(&m).with_values(values.as_ref()), &qs, rounds)
            }
            None => set.skipped += qs.len(),
        }
    }
    Ok(set)
}

/// Add `spider_<db>` from `tables/<db>/*.csv` beside `file`; the
/// milliseconds it took, or None when there are no such tables.
fn add_beside(env: &Env, file: &Path, name: &str) -> anyhow::Result<Option<f64>> {
    let Some(db) = name.strip_prefix("spider_") else { return Ok(None) };
    let dir = file.parent().unwrap_or(Path::new(".")).join("tables").join(db);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(None) };
    let mut csvs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "csv")).collect();
    csvs.sort();
    if csvs.is_empty() {
        return Ok(None);
    }
    let t = Instant::now();
    env.registry.add(name, &csvs).with_context(|| format!("adding {name} from {}", dir.display()))?;
    Ok(Some(ms_since(t)))
}

impl SetResult {
    fn plan(&mut self, planner: &OfflinePlanner, questions: &[String], rounds: usize) {
        let refs: Vec<&str> = questions.iter().map(String::as_str).collect();
        self.questions += refs.len();
        self.planned += refs.iter().filter(|q| matches!(planner.plan(q), Outcome::Planned(_))).count();
        self.times_us.extend(crate::planner::bench(&refs, planner, rounds));
    }

    fn to_json(&self) -> Value {
        let mut v = json!({
            "questions": self.questions,
            "planned": self.planned,
            "not_understood": self.questions - self.planned,
            "per_question_us": Samples::of(&self.times_us),
        });
        if self.skipped > 0 {
            v["skipped_no_dataset"] = json!(self.skipped);
        }
        if !self.added.is_empty() {
            v["datasets_added_first"] = json!(self.added);
        }
        v
    }
}
