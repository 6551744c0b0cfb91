//! Function policy of the SQL validator: which functions a query may call.
//!
//! An **allow-list**, committed as data: `functions/allowed.tsv` names every DuckDB
//! function a query may call, with its `function_type` as `duckdb_functions()` of
//! the linked DuckDB reports it (`scalar`, `aggregate`, `macro`, `table`,
//! `table_macro`), plus `syntax` for names DuckDB's parser handles itself (window
//! functions, `coalesce`, `columns`, ...). `functions/refused.tsv` names every other
//! function of the linked DuckDB with the family it is refused for (files, network,
//! SQL text, settings, catalog, state, ...). A test checks that the two lists cover
//! `duckdb_functions()` exactly, so a function added by a DuckDB upgrade fails the
//! tests until someone reviews it; until then it is refused like any unknown name.
//!
//! Names compare lowercased, as the last part of a qualified name, so
//! `main.read_csv`, `"READ_CSV"` and the method form `x.read_text()` all match.
//!
//! - **In an expression** (select list, WHERE, lambdas, windows, ...) a function is
//!   allowed if it is listed with a type other than `table`/`table_macro`/`pragma`.
//! - **In FROM** only the table functions of the allow-list, written unqualified:
//!   the pure generators [`ALLOWED_TABLE_FUNCTIONS`].
//!
//! The review rule: a function is allowed when it computes on its arguments (and
//! the clock or a random source) only. Determinism is not required; side effects,
//! files, the network, settings, secrets, the catalog and engine internals are
//! refused. Deliberate calls, so nobody "fixes" them by accident:
//! - `current_setting` is refused: settings include file-system paths.
//! - `getvariable` is allowed: variables can only be set by `SET VARIABLE`, which the
//!   validator refuses, so there is nothing to read.
//! - `random`, `uuid`, `now` are allowed; `setseed`, `nextval`, `currval` are not:
//!   they change or expose session state.
//! - `json_serialize_sql`, `json_deserialize_sql`, `json_serialize_plan`,
//!   `json_execute_serialized_sql`, `query`, `query_table` are refused: they parse or
//!   run SQL text, which the validator cannot check.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Table functions a query may call in FROM: pure generators that read nothing.
/// Exactly the `table` entries of the allow-list (checked by a test).
pub const ALLOWED_TABLE_FUNCTIONS: &[&str] = &["range", "generate_series", "unnest"];

/// The reviewed allow-list: `name<TAB>function_type` a line.
pub(crate) const ALLOWED_TSV: &str = include_str!("functions/allowed.tsv");
/// Every other linked function: `name<TAB>function_type<TAB>family` a line.
pub(crate) const REFUSED_TSV: &str = include_str!("functions/refused.tsv");

/// Names of the allow-list a query may call in an expression (no table
/// functions, no operators, no internal `__` names), sorted: what SQL
/// completion offers.
pub fn callable_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<&'static str> = ALLOWED_TSV
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .filter(|(n, kind)| !matches!(*kind, "table" | "table_macro" | "pragma") && !n.starts_with("__"))
            .map(|(n, _)| n)
            .filter(|n| n.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    })
}

/// A `function_type` of `duckdb_functions()`, or `syntax` for names DuckDB's parser
/// turns into something else before it looks in the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Scalar,
    Aggregate,
    Window,
    Macro,
    Table,
    TableMacro,
    Pragma,
    Syntax,
}

impl Kind {
    pub(crate) fn parse(text: &str) -> Option<Kind> {
        Some(match text {
            "scalar" => Kind::Scalar,
            "aggregate" => Kind::Aggregate,
            "window" => Kind::Window,
            "macro" => Kind::Macro,
            "table" => Kind::Table,
            "table_macro" => Kind::TableMacro,
            "pragma" => Kind::Pragma,
            "syntax" => Kind::Syntax,
            _ => return None,
        })
    }

    /// Whether a function of this kind is called inside an expression.
    fn in_expression(self) -> bool {
        matches!(
            self,
            Kind::Scalar | Kind::Aggregate | Kind::Window | Kind::Macro | Kind::Syntax
        )
    }

    /// Whether a function of this kind is called in FROM.
    fn in_from(self) -> bool {
        matches!(self, Kind::Table | Kind::TableMacro)
    }
}

/// Why a family of functions is refused; the third column of `refused.tsv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    Files,
    Network,
    RunsSql,
    NamedTable,
    Environment,
    Catalog,
    ChangesState,
    Extensions,
    OtherDatabases,
    Internals,
    TableFunction,
    Pragma,
    Testing,
    Waits,
    NotLinked,
}

impl Family {
    pub(crate) fn parse(text: &str) -> Option<Family> {
        Some(match text {
            "files" => Family::Files,
            "network" => Family::Network,
            "runs_sql" => Family::RunsSql,
            "named_table" => Family::NamedTable,
            "environment" => Family::Environment,
            "catalog" => Family::Catalog,
            "changes_state" => Family::ChangesState,
            "extensions" => Family::Extensions,
            "other_databases" => Family::OtherDatabases,
            "internals" => Family::Internals,
            "table_function" => Family::TableFunction,
            "pragma" => Family::Pragma,
            "testing" => Family::Testing,
            "waits" => Family::Waits,
            "not_linked" => Family::NotLinked,
            _ => return None,
        })
    }

    /// The reason a person reads, phrased to follow the function name:
    /// "function read_csv: reads files ...".
    pub(crate) fn reason(self) -> &'static str {
        match self {
            Family::Files => {
                "reads files or remote storage; query the dataset's tables by name instead"
            }
            Family::Network => "reaches the network",
            Family::RunsSql => "parses or runs SQL text, which the validator cannot check",
            Family::NamedTable => {
                "reads a table named in a string, which the validator cannot check; query the \
                 table in FROM instead"
            }
            Family::Environment => {
                "reads the environment, settings or secrets of the database process"
            }
            Family::Catalog => "reads the system catalog; only the dataset's tables can be queried",
            Family::ChangesState => {
                "changes database or session state; only read-only queries are allowed"
            }
            Family::Extensions => "installs, loads or controls extensions",
            Family::OtherDatabases => "reads another database or file format outside the dataset",
            Family::Internals => {
                "exposes engine internals (raw pointers, storage or aggregate states)"
            }
            Family::TableFunction => {
                "is a table function that is not allowed; in FROM only range, generate_series and \
                 unnest can be called, elsewhere query the dataset's tables"
            }
            Family::Pragma => "is a PRAGMA, which reads or changes settings",
            Family::Testing => "is a testing or debugging function of DuckDB",
            Family::Waits => "sleeps on purpose; a query should compute, not wait",
            Family::NotLinked => {
                "needs DuckDB's icu extension, which this build does not include; use now() or \
                 current_timestamp (CAST(now() AS DATE) for the date)"
            }
        }
    }
}

/// Where a function is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// Anywhere in an expression.
    Expression,
    /// As a table function in FROM.
    From,
}

/// Why a call is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Reviewed and refused for a family's reason.
    Listed(Family),
    /// Not on either list: unknown, misspelled, or new in a DuckDB upgrade.
    Unlisted,
    /// A function that may not be called in FROM.
    NotATableFunction,
}

impl Refused {
    /// The reason a person reads, phrased to follow the function name.
    pub(crate) fn reason(self) -> String {
        match self {
            Refused::Listed(family) => family.reason().to_owned(),
            Refused::Unlisted => "not on the list of reviewed functions the validator allows; \
                                  use a built-in function of DuckDB or plain SQL instead"
                .to_owned(),
            Refused::NotATableFunction => format!(
                "table functions in FROM can read files, the catalog or settings; only {} are \
                 allowed there",
                ALLOWED_TABLE_FUNCTIONS.join(", ")
            ),
        }
    }
}

/// The parsed lists.
#[derive(Debug, Default)]
pub(crate) struct Lists {
    /// Allowed names and the kinds they are allowed as.
    pub allowed: HashMap<&'static str, Vec<Kind>>,
    /// Refused names, each kind with its family.
    pub refused: HashMap<&'static str, Vec<(Kind, Family)>>,
    /// Lines that do not parse, as `file:line: text` (must be none; tested).
    pub malformed: Vec<String>,
}

/// The lists, parsed once. A malformed line is left out: an allowed function on
/// it is refused as unlisted, so a bad edit fails closed (and a test reports it).
pub(crate) fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let mut lists = Lists::default();
        for (number, line, fields) in data_lines(ALLOWED_TSV) {
            match fields.as_slice() {
                // `syntax` entries carry a sample query as a third field.
                [name, kind] | [name, kind @ "syntax", _] if is_name(name) => {
                    match Kind::parse(kind) {
                        Some(kind) => lists.allowed.entry(name).or_default().push(kind),
                        None => lists
                            .malformed
                            .push(format!("allowed.tsv:{number}: {line}")),
                    }
                }
                _ => lists
                    .malformed
                    .push(format!("allowed.tsv:{number}: {line}")),
            }
        }
        for (number, line, fields) in data_lines(REFUSED_TSV) {
            let parsed = match fields.as_slice() {
                [name, kind, family] if is_name(name) => Kind::parse(kind)
                    .zip(Family::parse(family))
                    .map(|k| (*name, k)),
                _ => None,
            };
            match parsed {
                Some((name, entry)) => lists.refused.entry(name).or_default().push(entry),
                None => lists
                    .malformed
                    .push(format!("refused.tsv:{number}: {line}")),
            }
        }
        lists
    })
}

/// A name as it appears in the lists: lowercase, no surrounding space.
fn is_name(name: &str) -> bool {
    !name.is_empty() && name.trim() == name && !name.chars().any(|c| c.is_ascii_uppercase())
}

/// The data lines of a list: 1-based line number, the line, its tab-separated
/// fields. Blank lines and `#` comments are skipped.
pub(crate) fn data_lines(
    text: &'static str,
) -> impl Iterator<Item = (usize, &'static str, Vec<&'static str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line, line.split('\t').collect()))
}

/// Whether `name` (already lowercased) may be called at `place`.
///
/// # Errors
///
/// Why not, as a [`Refused`].
pub(crate) fn check(name: &str, place: Place) -> Result<(), Refused> {
    let lists = lists();
    let fits = |kind: Kind| match place {
        Place::Expression => kind.in_expression(),
        Place::From => kind.in_from(),
    };
    if lists
        .allowed
        .get(name)
        .is_some_and(|kinds| kinds.iter().any(|k| fits(*k)))
    {
        return Ok(());
    }
    if let Some(entries) = lists.refused.get(name) {
        // Prefer the entry of the kind called here: `repeat` is refused in FROM as
        // a table function but allowed as the string function.
        let family = entries
            .iter()
            .find(|(kind, _)| fits(*kind))
            .or_else(|| entries.first())
            .map(|(_, family)| *family);
        if let Some(family) = family {
            return Err(Refused::Listed(family));
        }
    }
    match place {
        Place::Expression => Err(Refused::Unlisted),
        Place::From => Err(Refused::NotATableFunction),
    }
}
