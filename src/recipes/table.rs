//! The `recipes` table of the run store (created by the store's migration 2):
//! loading one fingerprint's recipes and recording one, merging duplicates.
//!
//! Invariant: `(fingerprint, intent)` is unique; recording an existing pair
//! bumps `use_count`, sets `last_used` and keeps the newest question, plan
//! and SQL (the latest success is the best-known way to answer the intent).

use rusqlite::{params, Connection, Row};

use super::{Recipe, RecipeError};

const COLUMNS: &str =
    "id, fingerprint, intent, question, plan_json, sql, created_at, last_used, use_count";

/// Every recipe of `fingerprint`, oldest first.
pub fn load(conn: &Connection, fingerprint: &str) -> Result<Vec<Recipe>, RecipeError> {
    let sql = format!("SELECT {COLUMNS} FROM recipes WHERE fingerprint = ?1 ORDER BY id");
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([fingerprint], RawRecipe::read)?;
    rows.map(|raw| raw?.parse()).collect()
}

/// What [`upsert`] writes.
pub struct Upsert<'a> {
    pub fingerprint: &'a str,
    pub intent: &'a str,
    pub question: &'a str,
    pub plan_json: &'a str,
    pub sql: &'a str,
    pub now: &'a str,
}

/// Inserts a recipe or merges it into the one with the same intent; returns
/// the stored row.
pub fn upsert(conn: &Connection, new: &Upsert<'_>) -> Result<Recipe, RecipeError> {
    let sql = format!(
        "INSERT INTO recipes (fingerprint, intent, question, plan_json, sql, created_at, \
         last_used, use_count) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 1) \
         ON CONFLICT (fingerprint, intent) DO UPDATE SET question = excluded.question, \
         plan_json = excluded.plan_json, sql = excluded.sql, last_used = excluded.last_used, \
         use_count = use_count + 1 \
         RETURNING {COLUMNS}"
    );
    let raw = conn.query_row(
        &sql,
        params![
            new.fingerprint,
            new.intent,
            new.question,
            new.plan_json,
            new.sql,
            new.now
        ],
        RawRecipe::read,
    )?;
    raw.parse()
}

/// A row before its plan JSON is parsed.
struct RawRecipe {
    id: i64,
    fingerprint: String,
    intent: String,
    question: String,
    plan_json: String,
    sql: String,
    created_at: String,
    last_used: String,
    use_count: i64,
}

impl RawRecipe {
    fn read(r: &Row<'_>) -> rusqlite::Result<RawRecipe> {
        Ok(RawRecipe {
            id: r.get(0)?,
            fingerprint: r.get(1)?,
            intent: r.get(2)?,
            question: r.get(3)?,
            plan_json: r.get(4)?,
            sql: r.get(5)?,
            created_at: r.get(6)?,
            last_used: r.get(7)?,
            use_count: r.get(8)?,
        })
    }

    fn parse(self) -> Result<Recipe, RecipeError> {
        let plan = serde_json::from_str(&self.plan_json).map_err(|source| RecipeError::Json {
            id: self.id,
            source,
        })?;
        Ok(Recipe {
            id: self.id,
            fingerprint: self.fingerprint,
            intent: self.intent,
            question: self.question,
            plan,
            sql: self.sql,
            created_at: self.created_at,
            last_used: self.last_used,
            use_count: self.use_count.max(0).unsigned_abs(),
        })
    }
}
