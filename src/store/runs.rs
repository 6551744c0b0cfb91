//! Writing and reading run capsules: begin, attempts, finish, look up, list,
//! and the start-up sweep that marks runs a dead process left `running`.
//!
//! Invariants: `finish_run` only moves a `running` run (a finished capsule is
//! never rewritten); attempts need an existing run (foreign key) and unique
//! numbers; run ids are looked up exactly first, then as a unique prefix.

use rusqlite::{params, OptionalExtension, Row};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::error::StoreError;
use super::records::{
    Attempt, ResultPreview, RunCapsule, RunFinish, RunStart, RunStatus, RunSummary, PREVIEW_ROWS,
};
use super::Store;

/// Shown as the error of a run swept by [`Store::mark_interrupted`].
const INTERRUPTED_MESSAGE: &str = "sandpiper exited before this run finished";

/// How many candidates an ambiguity error lists.
const AMBIGUOUS_SHOWN: usize = 5;

const CAPSULE_COLUMNS: &str = "run_id, started_at, finished_at, dataset, dataset_hash, question, \
     provider, model, plan_json, final_sql, status, error_category, error_message, row_count, \
     truncated, result_preview_json, result_hash, timings_json, jail_mode, limits_json, \
     tokens_in, tokens_out, replay_of, validator_off";

const SUMMARY_COLUMNS: &str = "run_id, started_at, finished_at, dataset, question, provider, \
     model, status, error_category, row_count, replay_of";

impl Store {
    /// Records the start of a run, with status `running`.
    pub fn begin_run(&self, start: &RunStart) -> Result<(), StoreError> {
        let id = &start.run_id;
        let plan = start
            .plan
            .as_ref()
            .map(|p| to_json(id, "plan", p))
            .transpose()?;
        let limits = to_json(id, "limits", &start.limits)?;
        let inserted = self.conn.execute(
            "INSERT INTO runs (run_id, started_at, dataset, dataset_hash, question, provider, \
             model, plan_json, status, jail_mode, limits_json, replay_of, validator_off) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'running', ?9, ?10, ?11, ?12)",
            params![
                id,
                start.started_at,
                start.dataset,
                start.dataset_hash,
                start.question,
                start.provider,
                start.model,
                plan,
                start.jail_mode,
                limits,
                start.replay_of,
                start.validator_off,
            ],
        );
        match inserted {
            Ok(_) => Ok(()),
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
            {
                Err(StoreError::DuplicateRun { run_id: id.clone() })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Records how a `running` run ended. The preview is cut to
    /// [`PREVIEW_ROWS`]; a `None` plan or SQL keeps what `begin_run` stored.
    pub fn finish_run(&self, finish: &RunFinish) -> Result<(), StoreError> {
        let id = &finish.run_id;
        if finish.status == RunStatus::Running {
            return Err(StoreError::InvalidStatus {
                status: finish.status.as_str().to_string(),
                role: "final",
            });
        }
        let plan = finish
            .plan
            .as_ref()
            .map(|p| to_json(id, "plan", p))
            .transpose()?;
        let preview = finish
            .result_preview
            .as_ref()
            .map(|p| {
                let cut = ResultPreview {
                    columns: p.columns.clone(),
                    rows: p.rows.iter().take(PREVIEW_ROWS).cloned().collect(),
                };
                to_json(id, "result preview", &cut)
            })
            .transpose()?;
        let timings = finish
            .timings
            .as_ref()
            .map(|t| to_json(id, "timings", t))
            .transpose()?;
        let changed = self.conn.execute(
            "UPDATE runs SET finished_at = ?2, status = ?3, plan_json = COALESCE(?4, plan_json), \
             final_sql = COALESCE(?5, final_sql), error_category = ?6, error_message = ?7, \
             row_count = ?8, truncated = ?9, result_preview_json = ?10, result_hash = ?11, \
             timings_json = ?12, tokens_in = COALESCE(?13, tokens_in), \
             tokens_out = COALESCE(?14, tokens_out) \
             WHERE run_id = ?1 AND status = 'running'",
            params![
                id,
                finish.finished_at,
                finish.status.as_str(),
                plan,
                finish.final_sql,
                finish.error_category,
                finish.error_message,
                to_i64(id, "row count", finish.row_count)?,
                finish.truncated,
                preview,
                finish.result_hash,
                timings,
                to_i64(id, "tokens in", finish.tokens_in)?,
                to_i64(id, "tokens out", finish.tokens_out)?,
            ],
        )?;
        if changed == 1 {
            return Ok(());
        }
        let status: Option<String> = self
            .conn
            .query_row("SELECT status FROM runs WHERE run_id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?;
        Err(match status {
            None => StoreError::UnknownRun { run_id: id.clone() },
            Some(status) => StoreError::NotRunning {
                run_id: id.clone(),
                status,
            },
        })
    }

    /// Records one attempt of a run.
    pub fn add_attempt(&self, attempt: &Attempt) -> Result<(), StoreError> {
        let id = &attempt.run_id;
        let duration = to_i64(id, "attempt duration", Some(attempt.duration_ms))?;
        let inserted = self.conn.execute(
            "INSERT INTO attempts (run_id, n, sql, status, error_category, error_message, \
             repairer, rationale, duration_ms, diff, added_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                id,
                attempt.n,
                attempt.sql,
                attempt.status,
                attempt.error_category,
                attempt.error_message,
                attempt.repairer,
                attempt.rationale,
                duration,
                attempt.diff,
                attempt.added_at,
            ],
        );
        match inserted {
            Ok(_) => Ok(()),
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY =>
            {
                Err(StoreError::UnknownRun { run_id: id.clone() })
            }
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
            {
                Err(StoreError::DuplicateAttempt {
                    run_id: id.clone(),
                    n: attempt.n,
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Reopens a finished run so the user's repair can append attempts to
    /// it: the run goes back to `running` (its `finished_at` cleared) until
    /// `finish_run` records how the continued run ended. `seen` is how many
    /// attempts the repair was made from; it must be every attempt stored,
    /// so the new attempt's number follows the last one. Returns that number.
    ///
    /// Errors: [`StoreError::UnknownRun`], [`StoreError::StillRunning`] (a
    /// run that has not finished is not continued), [`StoreError::StaleAttempts`].
    pub fn resume_run(&self, run_id: &str, seen: u32) -> Result<u32, StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let found: Option<(String, u32)> = tx
            .query_row(
                "SELECT status, (SELECT COALESCE(MAX(n), 0) FROM attempts WHERE run_id = ?1) \
                 FROM runs WHERE run_id = ?1",
                [run_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((status, stored)) = found else {
            return Err(StoreError::UnknownRun { run_id: run_id.to_string() });
        };
        if status == RunStatus::Running.as_str() {
            return Err(StoreError::StillRunning { run_id: run_id.to_string() });
        }
        if stored != seen {
            return Err(StoreError::StaleAttempts { run_id: run_id.to_string(), stored, seen });
        }
        tx.execute(
            "UPDATE runs SET status = 'running', finished_at = NULL WHERE run_id = ?1",
            [run_id],
        )?;
        tx.commit()?;
        Ok(stored + 1)
    }

    /// Resolves a full run id or a unique prefix of one to the full id.
    ///
    /// Errors: [`StoreError::EmptyRunId`], [`StoreError::UnknownRun`],
    /// [`StoreError::AmbiguousRunId`] (listing a few candidates).
    pub fn resolve_run_id(&self, id_or_prefix: &str) -> Result<String, StoreError> {
        if id_or_prefix.is_empty() {
            return Err(StoreError::EmptyRunId);
        }
        let exact: Option<String> = self
            .conn
            .query_row(
                "SELECT run_id FROM runs WHERE run_id = ?1",
                [id_or_prefix],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = exact {
            return Ok(id);
        }
        let mut stmt = self.conn.prepare(
            "SELECT run_id FROM runs WHERE substr(run_id, 1, length(?1)) = ?1 \
             ORDER BY run_id LIMIT ?2",
        )?;
        let limit = i64::try_from(AMBIGUOUS_SHOWN + 1).unwrap_or(i64::MAX);
        let mut found = stmt
            .query_map(params![id_or_prefix, limit], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        match found.len() {
            0 => Err(StoreError::UnknownRun {
                run_id: id_or_prefix.to_string(),
            }),
            1 => Ok(found.remove(0)),
            n => {
                let mut candidates = found
                    .into_iter()
                    .take(AMBIGUOUS_SHOWN)
                    .collect::<Vec<_>>()
                    .join(", ");
                if n > AMBIGUOUS_SHOWN {
                    candidates.push_str(", ...");
                }
                Err(StoreError::AmbiguousRunId {
                    prefix: id_or_prefix.to_string(),
                    candidates,
                })
            }
        }
    }

    /// The capsule of a run, with its attempts, by full id or unique prefix.
    /// `Ok(None)` when nothing matches; an ambiguous prefix is an error.
    pub fn get_run(&self, id_or_prefix: &str) -> Result<Option<RunCapsule>, StoreError> {
        let run_id = match self.resolve_run_id(id_or_prefix) {
            Ok(id) => id,
            Err(StoreError::UnknownRun { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        let sql = format!("SELECT {CAPSULE_COLUMNS} FROM runs WHERE run_id = ?1");
        let raw = self
            .conn
            .query_row(&sql, [&run_id], RawRun::read)
            .optional()?;
        let Some(raw) = raw else {
            return Ok(None);
        };
        let attempts = self.attempts(&run_id)?;
        raw.into_capsule(attempts).map(Some)
    }

    /// The attempts of a run, by number.
    pub fn attempts(&self, run_id: &str) -> Result<Vec<Attempt>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT run_id, n, sql, status, error_category, error_message, repairer, \
             rationale, duration_ms, diff, added_at FROM attempts WHERE run_id = ?1 ORDER BY n",
        )?;
        let rows = stmt.query_map([run_id], |r| {
            Ok(Attempt {
                run_id: r.get(0)?,
                n: r.get(1)?,
                sql: r.get(2)?,
                status: r.get(3)?,
                error_category: r.get(4)?,
                error_message: r.get(5)?,
                repairer: r.get(6)?,
                rationale: r.get(7)?,
                duration_ms: r.get::<_, i64>(8)?.max(0).unsigned_abs(),
                diff: r.get(9)?,
                added_at: r.get(10)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// The newest `limit` runs, newest first.
    pub fn list_runs(&self, limit: usize) -> Result<Vec<RunSummary>, StoreError> {
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM runs ORDER BY started_at DESC, rowid DESC LIMIT ?1"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = stmt.query_map([limit], |r| {
            Ok((
                r.get::<_, String>(7)?,
                RunSummary {
                    run_id: r.get(0)?,
                    started_at: r.get(1)?,
                    finished_at: r.get(2)?,
                    dataset: r.get(3)?,
                    question: r.get(4)?,
                    provider: r.get(5)?,
                    model: r.get(6)?,
                    status: RunStatus::Running,
                    error_category: r.get(8)?,
                    row_count: opt_u64(r.get(9)?),
                    replay_of: r.get(10)?,
                },
            ))
        })?;
        rows.map(|row| {
            let (status, mut summary) = row?;
            summary.status = status.parse()?;
            Ok(summary)
        })
        .collect()
    }

    /// Marks every run still `running` as `interrupted` and returns how many.
    ///
    /// Call once at start-up, before this process begins any run: a run left
    /// `running` then belongs to a process that is gone. (Two sandpipers
    /// sharing one store at once would mark each other's live runs.)
    pub fn mark_interrupted(&self) -> Result<usize, StoreError> {
        Ok(self.conn.execute(
            "UPDATE runs SET status = 'interrupted', \
             error_message = COALESCE(error_message, ?1) WHERE status = 'running'",
            [INTERRUPTED_MESSAGE],
        )?)
    }
}

/// A `runs` row as stored, before its JSON and status are parsed.
struct RawRun {
    run_id: String,
    started_at: String,
    finished_at: Option<String>,
    dataset: String,
    dataset_hash: String,
    question: Option<String>,
    provider: String,
    model: Option<String>,
    plan_json: Option<String>,
    final_sql: Option<String>,
    status: String,
    error_category: Option<String>,
    error_message: Option<String>,
    row_count: Option<i64>,
    truncated: bool,
    result_preview_json: Option<String>,
    result_hash: Option<String>,
    timings_json: Option<String>,
    jail_mode: String,
    limits_json: String,
    tokens_in: Option<i64>,
    tokens_out: Option<i64>,
    replay_of: Option<String>,
    validator_off: bool,
}

impl RawRun {
    fn read(r: &Row<'_>) -> rusqlite::Result<RawRun> {
        Ok(RawRun {
            run_id: r.get(0)?,
            started_at: r.get(1)?,
            finished_at: r.get(2)?,
            dataset: r.get(3)?,
            dataset_hash: r.get(4)?,
            question: r.get(5)?,
            provider: r.get(6)?,
            model: r.get(7)?,
            plan_json: r.get(8)?,
            final_sql: r.get(9)?,
            status: r.get(10)?,
            error_category: r.get(11)?,
            error_message: r.get(12)?,
            row_count: r.get(13)?,
            truncated: r.get(14)?,
            result_preview_json: r.get(15)?,
            result_hash: r.get(16)?,
            timings_json: r.get(17)?,
            jail_mode: r.get(18)?,
            limits_json: r.get(19)?,
            tokens_in: r.get(20)?,
            tokens_out: r.get(21)?,
            replay_of: r.get(22)?,
            validator_off: r.get(23)?,
        })
    }

    fn into_capsule(self, attempts: Vec<Attempt>) -> Result<RunCapsule, StoreError> {
        let id = &self.run_id;
        let plan = from_json_opt::<Value>(id, "plan", self.plan_json.as_deref())?;
        let result_preview = from_json_opt::<ResultPreview>(
            id,
            "result preview",
            self.result_preview_json.as_deref(),
        )?;
        let timings = from_json_opt::<Value>(id, "timings", self.timings_json.as_deref())?;
        let limits =
            from_json_opt::<Value>(id, "limits", Some(&self.limits_json))?.unwrap_or(Value::Null);
        let status = self.status.parse()?;
        Ok(RunCapsule {
            started_at: self.started_at,
            finished_at: self.finished_at,
            dataset: self.dataset,
            dataset_hash: self.dataset_hash,
            question: self.question,
            provider: self.provider,
            model: self.model,
            plan,
            final_sql: self.final_sql,
            status,
            error_category: self.error_category,
            error_message: self.error_message,
            row_count: opt_u64(self.row_count),
            truncated: self.truncated,
            result_preview,
            result_hash: self.result_hash,
            timings,
            jail_mode: self.jail_mode,
            limits,
            tokens_in: opt_u64(self.tokens_in),
            tokens_out: opt_u64(self.tokens_out),
            replay_of: self.replay_of,
            validator_off: self.validator_off,
            attempts,
            run_id: self.run_id,
        })
    }
}

fn to_json<T: Serialize>(
    run_id: &str,
    column: &'static str,
    value: &T,
) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|source| StoreError::Json {
        run_id: run_id.to_string(),
        column,
        source,
    })
}

fn from_json_opt<T: DeserializeOwned>(
    run_id: &str,
    column: &'static str,
    text: Option<&str>,
) -> Result<Option<T>, StoreError> {
    text.map(|t| {
        serde_json::from_str(t).map_err(|source| StoreError::Json {
            run_id: run_id.to_string(),
            column,
            source,
        })
    })
    .transpose()
}

fn to_i64(run_id: &str, column: &'static str, n: Option<u64>) -> Result<Option<i64>, StoreError> {
    n.map(|n| {
        i64::try_from(n).map_err(|_| StoreError::OutOfRange {
            run_id: run_id.to_string(),
            column,
        })
    })
    .transpose()
}

/// Counts are written from `u64`, so a negative one can only come from a
/// hand-edited file; it reads as zero rather than failing the whole capsule.
fn opt_u64(n: Option<i64>) -> Option<u64> {
    n.map(|n| n.max(0).unsigned_abs())
}
