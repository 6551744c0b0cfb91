//! A sum of a per-unit figure where quantities are kept.
//!
//! "What was the total cost of the parts used in work order 5006?" read as
//! `SUM(parts.unit_cost)` over the parts used adds one unit cost per line,
//! while `parts_used.qty` says how many of each part went in: the total
//! cost is unit cost times quantity, which a plan cannot say. A sum of a
//! column priced per unit (`unit_cost`, `unit_price`, `price_per_unit`)
//! when its rows, or rows that point at them, hold a quantity is refused.
//!
//! Invariants: reads only the final plan and the manifest; never changes
//! the plan; the reason names both columns.

use crate::plan::{Agg, Plan};
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::semantic::Manifest;

/// A column priced per unit: `unit_cost`, `price_per_unit`, `cost_per_item`.
fn per_unit(name: &str) -> bool {
    let w = split_identifier(name);
    w.iter().any(|x| x == "unit") || w.iter().any(|x| x == "per")
}

/// A column holding how many: `qty`, `quantity`, `order_quantity`.
fn quantity(name: &str) -> bool {
    split_identifier(name).iter().any(|x| matches!(x.as_str(), "qty" | "quantity" | "quantities"))
}

/// The `(table, column)` each plain sum of the plan adds up.
fn sums(m: &Manifest, plan: &Plan) -> Vec<(usize, usize)> {
    plan.measures
        .iter()
        .filter_map(|x| super::sanity::column_aggregate(m, x))
        .filter_map(|(agg, col)| (agg == Agg::Sum).then_some(col))
        .collect()
}

/// A reason to refuse the plan, if it adds up a per-unit figure whose
/// rows, or rows pointing at them, keep a quantity.
pub(super) fn check(m: &Manifest, plan: &Plan) -> Result<(), String> {
    for (t, c) in sums(m, plan) {
        let col = &m.tables[t].columns[c].name;
        if !per_unit(col) {
            continue;
        }
        let holders = (0..m.tables.len()).filter(|&u| u == t || schema::foreign_key(m, u, t).is_some());
        for u in holders {
            if let Some(q) = m.tables[u].columns.iter().position(|x| quantity(&x.name)) {
                return Err(format!(
                    "I would add up {} once per row, but {} says how many of each there are; a total would be the unit figure times the quantity, which I can't compute.",
                    schema::qualified(m, t, c),
                    schema::qualified(m, u, q)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    #[rstest]
    #[case("unit_cost", true)]
    #[case("price_per_unit", true)]
    #[case("unitprice", false)]
    #[case("cost", false)]
    fn per_unit_columns(#[case] name: &str, #[case] want: bool) {
        assert_eq!(super::per_unit(name), want);
    }
}
