//! sandpiper: a terminal analyst workbench. Plain-English questions become a
//! query plan (through a dataset's semantic layer), then DuckDB SQL that is
//! validated, run in a jailed worker, and recorded.
//!
//! Data flows one way: question -> `planner` -> `plan` -> `compile` -> SQL
//! -> `sql` (validation) -> runner / `jail` -> result -> records. The
//! `agent` drives that cycle as a pure state machine; `driver` performs its
//! effects; `cli` is the edge.

pub mod agent;
pub mod audit;
pub mod cli;
pub mod compile;
pub mod dataset;
pub mod driver;
pub mod eval;
pub mod home;
pub mod jail;
pub mod llm;
pub mod measure;
pub mod plan;
pub mod planner;
pub mod progress;
pub mod recipes;
pub mod records;
pub mod render;
pub mod repair;
pub mod report;
pub mod runner;
pub mod scratch;
pub mod semantic;
pub mod session;
pub mod sql;
pub mod store;
pub mod tui;
pub mod places;
pub mod thesaurus;
pub mod words;
