//! DuckDB's statement splitter (`split.rs`): the tricky forms counted as DuckDB
//! counts them, checked against the linked DuckDB's own parser
//! (`duckdb_extract_statements`), and the validator refusing text where its parser
//! and DuckDB disagree.

use std::ffi::{CStr, CString};

use rstest::rstest;

use super::refuse;
use crate::sql::{statement_count, RefusalKind, SplitError};

/// How many statements the linked DuckDB's parser extracts from `sql`.
fn duckdb_count(sql: &str) -> Result<usize, String> {
    use duckdb::ffi;
    let text = CString::new(sql).map_err(|e| e.to_string())?;
    // SAFETY: the C API is used as documented: every handle is created by DuckDB,
    // checked, and destroyed exactly once in reverse order; `text` outlives the calls.
    unsafe {
        let mut db: ffi::duckdb_database = std::ptr::null_mut();
        assert_eq!(
            ffi::duckdb_open(std::ptr::null(), &mut db),
            ffi::DuckDBSuccess
        );
        let mut conn: ffi::duckdb_connection = std::ptr::null_mut();
        assert_eq!(ffi::duckdb_connect(db, &mut conn), ffi::DuckDBSuccess);
        let mut extracted: ffi::duckdb_extracted_statements = std::ptr::null_mut();
        let count = ffi::duckdb_extract_statements(conn, text.as_ptr(), &mut extracted);
        let result = if count == 0 {
            let error = ffi::duckdb_extract_statements_error(extracted);
            if error.is_null() {
                Ok(0)
            } else {
                Err(CStr::from_ptr(error).to_string_lossy().into_owned())
            }
        } else {
            Ok(usize::try_from(count).expect("statement count fits usize"))
        };
        ffi::duckdb_destroy_extracted(&mut extracted);
        ffi::duckdb_disconnect(&mut conn);
        ffi::duckdb_close(&mut db);
        result
    }
}

#[rstest]
#[case::one("SELECT 1", 1)]
#[case::two("SELECT 1; SELECT 2", 2)]
#[case::trailing_semicolon("SELECT 1;", 1)]
#[case::trailing_semicolons_and_space("SELECT 1 ; ; \n", 1)]
#[case::leading_semicolon(";SELECT 1", 1)]
#[case::string("SELECT ';' AS x", 1)]
#[case::doubled_quote("SELECT 'it''s;' ; SELECT 2", 2)]
#[case::plain_string_backslash("SELECT '\\'; SELECT 2", 2)]
#[case::escape_string("SELECT E'\\';' ; SELECT 2", 2)]
#[case::escape_string_lowercase("SELECT e'\\';'", 1)]
#[case::escape_string_backslash_backslash("SELECT E'\\\\'; SELECT 2", 2)]
#[case::escape_after_number("SELECT 1 AS x, E'\\';'", 1)]
#[case::prefix_in_word_is_no_escape("SELECT 1 AS xe, 'a\\'; SELECT 2", 2)]
#[case::hex_string("SELECT X'3B'; SELECT 2", 2)]
#[case::national_string("SELECT N';'", 1)]
#[case::dollar_empty_tag("SELECT $$;$$", 1)]
#[case::dollar_tag("SELECT $tag$ ; $tag$", 1)]
#[case::dollar_other_tag_inside("SELECT $a$ $b$ ; $a$; SELECT 2", 2)]
#[case::dollar_then_statement("SELECT $$a$$; SELECT $$b$$", 2)]
#[case::dollar_in_name("SELECT 1 AS a$b; SELECT 2", 2)]
#[case::nested_comment("SELECT 1 /* /* ; */ ; */", 1)]
#[case::nested_comment_then_two("SELECT 1 /* /* */ ; */; SELECT 2", 2)]
#[case::comment_in_operator("SELECT 1 +/* ; */ 2", 1)]
#[case::line_comment("SELECT 1 -- ; SELECT 2\n", 1)]
#[case::line_comment_then_statement("SELECT 1 -- ;\n; SELECT 2", 2)]
#[case::carriage_return_ends_comment("SELECT 1 -- x\r; SELECT 2", 2)]
#[case::quoted_name("SELECT 1 AS \"a;b\"", 1)]
#[case::quoted_name_doubled_quote("SELECT 1 AS \"a\"\";b\"; SELECT 2", 2)]
#[case::backtick_name("SELECT 1 AS `a;b`", 1)]
#[case::scientific_number("SELECT 1e-3; SELECT 2", 2)]
#[case::only_comments("-- a\n/* b */", 0)]
#[case::only_semicolons(" ; ;", 0)]
#[case::empty("", 0)]
fn counts_statements_as_duckdb_does(#[case] sql: &str, #[case] expected: usize) {
    assert_eq!(statement_count(sql), Ok(expected), "splitter on {sql:?}");
    assert_eq!(duckdb_count(sql), Ok(expected), "DuckDB on {sql:?}");
}

#[rstest]
#[case::unterminated_string("SELECT 1; SELECT ';", 2)]
#[case::unterminated_comment("SELECT 1 /* ; SELECT 2", 1)]
#[case::unterminated_dollar("SELECT $a$ ; SELECT 2", 1)]
#[case::lone_dollar("SELECT 1; $", 2)]
fn unterminated_text_runs_to_the_end(#[case] sql: &str, #[case] expected: usize) {
    assert_eq!(statement_count(sql), Ok(expected), "{sql:?}");
}

#[test]
fn nul_is_an_error() {
    assert_eq!(
        statement_count("SELECT 1\0; SELECT 2"),
        Err(SplitError::Nul { offset: 8 })
    );
}

#[rstest]
#[case::escape_after_number("SELECT 1E'\\'; DROP TABLE orders; --'")]
#[case::escape_after_dot("SELECT orders.E'\\'; DROP TABLE orders; --' FROM orders")]
#[case::dollar_in_name("SELECT a$$; DROP TABLE orders; $$ FROM orders")]
#[case::nested_comment_in_operator("SELECT 1 +/* /* */; DROP TABLE orders; */ 2")]
fn validator_refuses_what_duckdb_splits_differently(#[case] sql: &str) {
    let refusal = refuse(sql);
    assert!(
        matches!(
            refusal.kind,
            RefusalKind::AmbiguousSyntax | RefusalKind::MultipleStatements | RefusalKind::Parse
        ),
        "{refusal}"
    );
}
