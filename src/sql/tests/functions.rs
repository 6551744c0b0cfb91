//! The function allow-list against the linked DuckDB: every function
//! `duckdb_functions()` reports is reviewed (allowed or refused with a family), and
//! the lists name nothing DuckDB does not have. Plus the generator that prints the
//! linked functions for a review, and the policy's answers for chosen names.
//!
//! After a DuckDB upgrade: run
//! `cargo test --release --lib sql::tests::functions::print_linked_functions -- --ignored --nocapture`,
//! review the names marked `NEW`, and add each to `allowed.tsv` or `refused.tsv`.

use std::collections::{BTreeSet, HashSet};

use rstest::rstest;

use crate::sql::functions::{self, check, Family, Kind, Place, Refused, ALLOWED_TABLE_FUNCTIONS};

/// An in-memory DuckDB that never installs or loads an extension on its own, as
/// in the jail (`runner::lockdown`).
fn open_duckdb() -> duckdb::Connection {
    let config = duckdb::Config::default()
        .enable_autoload_extension(false)
        .and_then(|c| c.with("autoinstall_known_extensions", "false"))
        .expect("DuckDB config");
    duckdb::Connection::open_in_memory_with_flags(config).expect("open an in-memory DuckDB")
}

/// `(name, function_type)` of every function of the linked DuckDB, lowercased.
fn linked_functions() -> BTreeSet<(String, String)> {
    let conn = open_duckdb();
    let mut statement = conn
        .prepare("SELECT DISTINCT function_name, function_type FROM duckdb_functions()")
        .expect("prepare the duckdb_functions() query");
    let rows = statement
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })
        .expect("query duckdb_functions()");
    rows.map(|row| {
        let (name, kind) = row.expect("read a duckdb_functions() row");
        (name.to_lowercase(), kind)
    })
    .collect()
}

/// `(name, function_type)` pairs.
type Entries = BTreeSet<(String, String)>;

/// `(name, kind)` of every entry of both lists.
fn listed() -> (Entries, Entries) {
    let entries = |text| {
        functions::data_lines(text)
            .filter_map(|(_, _, fields)| {
                Some((fields.first()?.to_string(), fields.get(1)?.to_string()))
            })
            .collect::<BTreeSet<_>>()
    };
    (
        entries(functions::ALLOWED_TSV),
        entries(functions::REFUSED_TSV),
    )
}

/// Prints the linked functions as list lines, marking those on neither list.
#[test]
#[ignore = "generator: prints the linked DuckDB's functions for a review"]
fn print_linked_functions() {
    let (allowed, refused) = listed();
    for entry in linked_functions() {
        let status = if allowed.contains(&entry) {
            "allowed"
        } else if refused.contains(&entry) {
            "refused"
        } else {
            "NEW"
        };
        println!("{}\t{}\t{status}", entry.0, entry.1);
    }
}

#[test]
fn lists_parse_cleanly() {
    assert_eq!(functions::lists().malformed, Vec::<String>::new());
}

#[test]
fn every_linked_function_is_reviewed() {
    let (allowed, refused) = listed();
    let unreviewed: Vec<_> = linked_functions()
        .into_iter()
        .filter(|entry| !allowed.contains(entry) && !refused.contains(entry))
        .map(|(name, kind)| format!("{name}\t{kind}"))
        .collect();
    assert!(
        unreviewed.is_empty(),
        "functions of the linked DuckDB on neither list; review each and add it to \
         src/sql/functions/allowed.tsv or refused.tsv:\n{}",
        unreviewed.join("\n")
    );
}

#[test]
fn lists_name_only_linked_functions() {
    let linked = linked_functions();
    let (allowed, refused) = listed();
    let stale: Vec<_> = allowed
        .iter()
        .chain(&refused)
        .filter(|(_, kind)| kind != "syntax")
        .filter(|entry| !linked.contains(*entry))
        .map(|(name, kind)| format!("{name}\t{kind}"))
        .collect();
    assert!(
        stale.is_empty(),
        "listed functions the linked DuckDB does not have:\n{}",
        stale.join("\n")
    );
}

#[test]
fn syntax_entries_are_not_catalog_functions() {
    // A `syntax` entry is a name DuckDB's parser handles; if DuckDB lists it as a
    // function, it must be listed with that type instead.
    let linked = linked_functions();
    let expression_kinds = ["scalar", "aggregate", "macro"];
    let (allowed, _) = listed();
    let clashes: Vec<_> = allowed
        .iter()
        .filter(|(_, kind)| kind == "syntax")
        .filter(|(name, _)| {
            expression_kinds
                .iter()
                .any(|kind| linked.contains(&(name.clone(), (*kind).to_owned())))
        })
        .map(|(name, _)| name.clone())
        .collect();
    assert!(clashes.is_empty(), "{clashes:?}");
}

#[test]
fn syntax_entries_run_in_the_linked_duckdb() {
    let conn = open_duckdb();
    let mut failed = Vec::new();
    for (number, _, fields) in functions::data_lines(functions::ALLOWED_TSV) {
        if let [name, "syntax", sample] = fields.as_slice() {
            if let Err(e) = conn
                .prepare(sample)
                .and_then(|mut s| s.query([]).map(|_| ()))
            {
                failed.push(format!("allowed.tsv:{number}: {name}: {sample}: {e}"));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn no_entry_is_both_allowed_and_refused() {
    let (allowed, refused) = listed();
    let both: Vec<_> = allowed.intersection(&refused).collect();
    assert!(both.is_empty(), "{both:?}");
}

#[test]
fn allowed_table_functions_are_the_table_entries_of_the_list() {
    let lists = functions::lists();
    let from_list: HashSet<&str> = lists
        .allowed
        .iter()
        .filter(|(_, kinds)| {
            kinds
                .iter()
                .any(|k| matches!(k, Kind::Table | Kind::TableMacro))
        })
        .map(|(name, _)| *name)
        .collect();
    let constant: HashSet<&str> = ALLOWED_TABLE_FUNCTIONS.iter().copied().collect();
    assert_eq!(from_list, constant);
}

#[test]
fn nothing_is_allowed_as_a_pragma() {
    let lists = functions::lists();
    let pragmas: Vec<_> = lists
        .allowed
        .iter()
        .filter(|(_, kinds)| kinds.contains(&Kind::Pragma))
        .collect();
    assert!(pragmas.is_empty(), "{pragmas:?}");
}

#[rstest]
// refused families
#[case::read_csv("read_csv", Place::From, Err(Refused::Listed(Family::Files)))]
#[case::read_text_in_expression(
    "read_text",
    Place::Expression,
    Err(Refused::Listed(Family::Files))
)]
#[case::read_json_objects_auto(
    "read_json_objects_auto",
    Place::From,
    Err(Refused::Listed(Family::Files))
)]
#[case::parquet_kv_metadata(
    "parquet_kv_metadata",
    Place::From,
    Err(Refused::Listed(Family::Files))
)]
#[case::glob("glob", Place::From, Err(Refused::Listed(Family::Files)))]
// getenv is not linked in DuckDB 2.0 (it lives in the CLI): unlisted, refused
#[case::getenv("getenv", Place::Expression, Err(Refused::Unlisted))]
#[case::current_setting(
    "current_setting",
    Place::Expression,
    Err(Refused::Listed(Family::Environment))
)]
#[case::duckdb_secrets(
    "duckdb_secrets",
    Place::From,
    Err(Refused::Listed(Family::Environment))
)]
#[case::duckdb_settings(
    "duckdb_settings",
    Place::From,
    Err(Refused::Listed(Family::Environment))
)]
#[case::pragma_storage_info(
    "pragma_storage_info",
    Place::From,
    Err(Refused::Listed(Family::Catalog))
)]
#[case::nextval(
    "nextval",
    Place::Expression,
    Err(Refused::Listed(Family::ChangesState))
)]
#[case::setseed(
    "setseed",
    Place::Expression,
    Err(Refused::Listed(Family::ChangesState))
)]
#[case::query("query", Place::From, Err(Refused::Listed(Family::RunsSql)))]
#[case::query_table("query_table", Place::From, Err(Refused::Listed(Family::RunsSql)))]
#[case::json_serialize_sql(
    "json_serialize_sql",
    Place::Expression,
    Err(Refused::Listed(Family::RunsSql))
)]
#[case::json_deserialize_sql(
    "json_deserialize_sql",
    Place::Expression,
    Err(Refused::Listed(Family::RunsSql))
)]
#[case::json_serialize_plan(
    "json_serialize_plan",
    Place::Expression,
    Err(Refused::Listed(Family::RunsSql))
)]
#[case::json_execute(
    "json_execute_serialized_sql",
    Place::From,
    Err(Refused::Listed(Family::RunsSql))
)]
#[case::repeat_table("repeat", Place::From, Err(Refused::Listed(Family::TableFunction)))]
// not reviewed
#[case::spatial("st_readosm", Place::From, Err(Refused::NotATableFunction))]
#[case::unknown("no_such_function", Place::Expression, Err(Refused::Unlisted))]
#[case::scalar_in_from("abs", Place::From, Err(Refused::NotATableFunction))]
// allowed
#[case::pg_typeof("pg_typeof", Place::Expression, Ok(()))]
#[case::sum("sum", Place::Expression, Ok(()))]
#[case::range_in_from("range", Place::From, Ok(()))]
#[case::range_in_expression("range", Place::Expression, Ok(()))]
#[case::repeat_string("repeat", Place::Expression, Ok(()))]
#[case::regexp_replace("regexp_replace", Place::Expression, Ok(()))]
#[case::getvariable("getvariable", Place::Expression, Ok(()))]
#[case::random("random", Place::Expression, Ok(()))]
#[case::row_number("row_number", Place::Expression, Ok(()))]
#[case::coalesce("coalesce", Place::Expression, Ok(()))]
#[case::percentile_cont("percentile_cont", Place::Expression, Ok(()))]
#[case::unnest_in_expression("unnest", Place::Expression, Ok(()))]
#[case::current_date(
    "current_date",
    Place::Expression,
    Err(Refused::Listed(Family::NotLinked))
)]
#[case::histogram_table_macro("histogram", Place::From, Err(Refused::Listed(Family::NamedTable)))]
#[case::histogram_aggregate("histogram", Place::Expression, Ok(()))]
#[case::sleep("pg_sleep", Place::Expression, Err(Refused::Listed(Family::Waits)))]
#[case::stats("stats", Place::Expression, Err(Refused::Listed(Family::Internals)))]
#[case::write_log(
    "write_log",
    Place::Expression,
    Err(Refused::Listed(Family::ChangesState))
)]
fn policy_answers(#[case] name: &str, #[case] place: Place, #[case] expected: Result<(), Refused>) {
    assert_eq!(check(name, place), expected, "{name}");
}
