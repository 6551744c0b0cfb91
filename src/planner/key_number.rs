//! A number read as a row's key while the row has another column the
//! number more plausibly belongs to.
//!
//! "The card with card number 4560596484842" read as `card_id =
//! 4560596484842` while `customers_cards.card_number` exists: a table with
//! a column named after its own rows and "number" (`card_number`,
//! `flight_no`) has a second identifier, and nothing in the question
//! ("id") says the key is meant. Likewise "a movie in 1999 or 2000" read
//! as `movie_id IN (1999, 2000)` while `movie.year` exists: numbers that
//! look like years, on a table that has a year, are years.
//!
//! Invariants: reads only the pieces' words, the final plan and the
//! manifest; never changes the plan; the reason names both columns.

use crate::plan::{Op, Operand, Plan};
use crate::planner::account::resolve;
use crate::planner::intent::Piece;
use crate::planner::schema;
use crate::planner::tokenize::{split_identifier, stem};
use crate::semantic::Manifest;

/// The filter's values, when every one is a whole number.
fn whole_numbers(v: &Option<Operand>) -> Option<Vec<i64>> {
    let Some(Operand::Value(v)) = v else { return None };
    let one = |x: &serde_json::Value| x.as_i64().or_else(|| x.as_str().and_then(|s| s.trim().parse::<i64>().ok()));
    match v {
        serde_json::Value::Array(items) if !items.is_empty() => items.iter().map(one).collect(),
        serde_json::Value::Array(_) => None,
        x => one(x).map(|n| vec![n]),
    }
}

/// A column of table `t` that is another identifier of its rows: named
/// after the table's rows and "number" (`card_number` in `customers_cards`).
fn row_number_column(m: &Manifest, t: usize, key: usize) -> Option<usize> {
    let nouns: Vec<String> = split_identifier(&m.tables[t].name).iter().map(|w| stem(w)).collect();
    m.tables[t].columns.iter().enumerate().position(|(c, col)| {
        let words = split_identifier(&col.name);
        c != key
            && words.iter().any(|w| matches!(w.as_str(), "number" | "no" | "num" | "nbr"))
            && words.iter().any(|w| nouns.contains(&stem(w)))
    })
}

/// A column of table `t` holding years.
fn year_column(m: &Manifest, t: usize) -> Option<usize> {
    m.tables[t].columns.iter().position(|col| split_identifier(&col.name).iter().any(|w| w == "year"))
}

/// A reason to refuse the plan, if a number was read as a key its row has a likelier column for.
pub(super) fn check(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    if p.iter().any(|x| matches!(x.norm.as_str(), "id" | "ids" | "identifier" | "key")) {
        return Ok(());
    }
    for f in plan.filters.iter().filter(|f| matches!(f.op, Op::Eq | Op::In)) {
        let Some((t, k)) = resolve(m, &f.field) else { continue };
        let is_key = m.tables[t].primary_key.as_deref().is_some_and(|pk| pk.eq_ignore_ascii_case(&m.tables[t].columns[k].name));
        if !is_key {
            continue;
        }
        let Some(values) = whole_numbers(&f.value) else { continue };
        let years = values.iter().all(|n| (1800..=2100).contains(n));
        let other = row_number_column(m, t, k).or_else(|| if years { year_column(m, t).filter(|&y| y != k) } else { None });
        if let Some(o) = other {
            return Err(format!(
                "I read the number as {}, the key of its rows, but {} could hold it too; the question doesn't say which.",
                schema::qualified(m, t, k),
                schema::qualified(m, t, o)
            ));
        }
    }
    Ok(())
}
