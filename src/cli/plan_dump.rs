//! `sandpiper bench planner --dump FILE`: each question's offline outcome
//! and compiled SQL as JSON lines, nothing run. Two dumps taken before and
//! after a planner change show which answers the change touches, so only
//! those need running again.
//!
//! Invariants: one line per question case in file order; a dataset missing
//! from the registry gives a line with outcome `no_dataset`; the SQL is the
//! compiler's, before any validation or repair.

use super::engine::Env;
use crate::eval::parse_cases;
use crate::planner::{OfflinePlanner, Outcome};
use anyhow::Context;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes the dump of every question in `files` to `out`.
pub fn write(files: &[PathBuf], out: &Path) -> anyhow::Result<()> {
    let env = Env::load()?;
    let mut w = std::io::BufWriter::new(
        std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?,
    );
    let mut planners: HashMap<String, Option<OfflinePlanner>> = HashMap::new();
    for file in files {
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        let cases = parse_cases(&text, &file.display().to_string()).map_err(anyhow::Error::msg)?;
        for c in cases {
            let Some(q) = c.question.as_deref() else { continue };
            let planner = planners
                .entry(c.dataset.clone())
                .or_insert_with(|| {
                    let values = env.registry.value_index(&c.dataset).ok().flatten();
                    env.registry.manifest(&c.dataset).ok().map(|(m, _)| OfflinePlanner::new(&m).with_values(values.as_ref()))
                });
            let line = match planner {
                None => json!({"id": c.id, "dataset": c.dataset, "question": q, "outcome": "no_dataset"}),
                Some(p) => match p.plan(q) {
                    Outcome::Planned(u) => {
                        let sql = crate::compile::compile(&u.plan, p.manifest());
                        json!({
                            "id": c.id, "dataset": c.dataset, "question": q, "outcome": "planned",
                            "uncertain": u.uncertain,
                            "confidence": u.confidence,
                            "ambiguities": u.ambiguities.len(),
                            "notes": u.ambiguities.iter().map(|a| format!("{}: {} | {}", a.words, a.chosen, a.alternatives.join(", "))).collect::<Vec<_>>(),
                            "plan": u.plan,
                            "matches": u.matches,
                            "sql": sql.as_ref().map(|s| s.sql.clone()).ok(),
                            "compile_error": sql.err().map(|e| e.to_string()),
                        })
                    }
                    Outcome::NotUnderstood(n) => {
                        json!({"id": c.id, "dataset": c.dataset, "question": q, "outcome": "refused", "reason": n.reason})
                    }
                },
            };
            writeln!(w, "{line}")?;
        }
    }
    w.flush()?;
    Ok(())
}
