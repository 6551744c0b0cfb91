//! Recipe memory: questions that were answered successfully, with the plan
//! and SQL that answered them, so a similar question on the same schema can
//! start from a known-good plan.
//!
//! Recipes live in the run store's `recipes` table (its migration is in
//! `crate::store`), keyed by [`schema_fingerprint`] and the normalized intent
//! ([`normalize_intent`]). Retrieval is local and model-free: BM25 over words
//! plus character-trigram similarity (see `index`), over an in-memory index
//! per fingerprint that is loaded on first use and kept current by
//! [`RecipeMemory::record`].
//!
//! Invariants: one recipe per (fingerprint, intent); recording a duplicate
//! bumps its use count and `last_used` and keeps the newest plan and SQL. The
//! index only sees writes made through this `RecipeMemory`; another process
//! writing the same store is seen after [`RecipeMemory::invalidate`].

mod bench;
mod fingerprint;
mod index;
mod intent;
mod table;
#[cfg(test)]
mod tests;

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{timestamp_now, Store};

pub use bench::{bench_cold_retrieval, bench_retrieval, BenchError, ColdRetrieval};
pub use fingerprint::schema_fingerprint;
pub use index::RecipeIndex;
pub use intent::normalize_intent;

/// A stored recipe.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recipe {
    /// Row id in the store.
    pub id: i64,
    /// Schema fingerprint it was made on.
    pub fingerprint: String,
    /// Normalized intent (the duplicate key with the fingerprint).
    pub intent: String,
    /// The latest question asked with this intent, as typed.
    pub question: String,
    /// The plan that answered it.
    pub plan: Value,
    /// The SQL that answered it.
    pub sql: String,
    /// RFC 3339 time first recorded.
    pub created_at: String,
    /// RFC 3339 time last recorded.
    pub last_used: String,
    /// How many times this intent was answered successfully.
    pub use_count: u64,
}

/// A successful answer to remember.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewRecipe {
    /// [`schema_fingerprint`] of the dataset it ran on.
    pub fingerprint: String,
    /// The question as typed.
    pub question: String,
    /// The plan that answered it.
    pub plan: Value,
    /// The SQL that answered it.
    pub sql: String,
}

/// What can go wrong remembering or retrieving recipes.
#[derive(Debug, thiserror::Error)]
pub enum RecipeError {
    /// The question has no words to key a recipe by.
    #[error("a question with no words cannot be remembered as a recipe")]
    EmptyQuestion,
    /// A stored plan is not valid JSON (the store was edited by hand).
    #[error("recipe {id} in the run store has a plan that is not valid JSON: {source}")]
    Json {
        /// Row id of the recipe.
        id: i64,
        /// serde_json's reason.
        #[source]
        source: serde_json::Error,
    },
    /// SQLite failed reading or writing the recipes table.
    #[error("recipe memory query failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// Recipe retrieval over a run store, caching one index per fingerprint.
#[derive(Debug, Default)]
pub struct RecipeMemory {
    indexes: HashMap<String, RecipeIndex>,
}

impl RecipeMemory {
    /// A memory with nothing loaded yet.
    pub fn new() -> Self {
        RecipeMemory::default()
    }

    /// Remembers a successful answer. A recipe with the same fingerprint and
    /// normalized intent is updated (use count + 1, `last_used`, newest
    /// question/plan/SQL) instead of duplicated. Returns the stored recipe.
    pub fn record(&mut self, store: &Store, new: &NewRecipe) -> Result<Recipe, RecipeError> {
        let intent = normalize_intent(&new.question);
        if intent.is_empty() {
            return Err(RecipeError::EmptyQuestion);
        }
        let now = timestamp_now();
        let plan_json = new.plan.to_string();
        let recipe = table::upsert(
            store.connection(),
            &table::Upsert {
                fingerprint: &new.fingerprint,
                intent: &intent,
                question: &new.question,
                plan_json: &plan_json,
                sql: &new.sql,
                now: &now,
            },
        )?;
        // Only a loaded index needs the update; an unloaded one reads the
        // table when first used.
        if let Some(index) = self.indexes.get_mut(&new.fingerprint) {
            index.upsert(recipe.clone());
        }
        Ok(recipe)
    }

    /// The `k` recipes of `fingerprint` most similar to `question`, best
    /// first, with scores in `(0, 1]` (1 = same intent). Loads the
    /// fingerprint's index from the store on first use.
    pub fn similar(
        &mut self,
        store: &Store,
        fingerprint: &str,
        question: &str,
        k: usize,
    ) -> Result<Vec<(Recipe, f64)>, RecipeError> {
        let index = self.index(store, fingerprint)?;
        Ok(index
            .search(question, k)
            .into_iter()
            .map(|(recipe, score)| (recipe.clone(), score))
            .collect())
    }

    /// The index of `fingerprint`, loading it from the store if needed.
    pub fn index(&mut self, store: &Store, fingerprint: &str) -> Result<&RecipeIndex, RecipeError> {
        match self.indexes.entry(fingerprint.to_string()) {
            Entry::Occupied(entry) => Ok(entry.into_mut()),
            Entry::Vacant(entry) => {
                let recipes = table::load(store.connection(), fingerprint)?;
                Ok(entry.insert(RecipeIndex::from_recipes(recipes)))
            }
        }
    }

    /// Drops every cached index, so the next query re-reads the store.
    pub fn invalidate(&mut self) {
        self.indexes.clear();
    }
}
