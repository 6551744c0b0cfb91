//! Table-driven tests of counting groups' rows (`counted`, `rank`) on the
//! made-up crafts market (`tests/fixtures/planner/workshop`): generic nouns
//! for rows ("records", "times", "people"), exact counts per group ("with
//! only 1 stall"), a number column grouped by a ranking count, "the most
//! often", and the refusals where the count would be one per group.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};

fn workshop() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("workshop"))
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(other) => format!(" {other:?}"),
        None => String::new(),
    };
    format!("{} {op}{v}", x.field)
}

/// The parts of a plan these mechanisms write.
fn shape(p: &Plan) -> String {
    let mut parts: Vec<String> = Vec::new();
    for m in &p.measures {
        parts.push(match (&m.metric, m.agg, &m.column) {
            (Some(x), _, _) => format!("m: {x}"),
            (None, Some(a), c) => format!("m: {}({})", a.word(), c.clone().unwrap_or_default()),
            _ => "m: ?".into(),
        });
    }
    parts.extend(p.dimensions.iter().map(|d| format!("by: {}", d.name)));
    parts.extend(p.having.iter().map(|x| format!("h: {}", filter(x))));
    parts.extend(p.order.iter().map(|o| format!("o: {}{}", if o.desc { "-" } else { "+" }, o.by)));
    if let Some(n) = p.limit {
        parts.push(format!("limit: {n}"));
    }
    parts.join(" | ")
}

#[rustfmt::skip]
#[rstest]
#[case("Which guild has two or more records?", "by: guild | h: crafters_count ge 2")]
#[case("Show the guilds that have at least 3 records.", "by: guild | h: crafters_count ge 3")]
#[case("Which home towns appear more than two times?", "by: home_town | h: crafters_count gt 2")]
#[case("Which guild has the most people?", "by: guild | o: -crafters_count | limit: 1")]
#[case("Which guild has the fewest records?", "by: guild | o: +crafters_count | limit: 1")]
#[case("Show all markets with only 1 stall.", "by: market | h: stalls_count eq 1")]
#[case("Show the kinds of stalls that have two stalls.", "by: kind | h: stalls_count eq 2")]
#[case("Which age has the most crafters?", "by: crafters.age | o: -crafters_count | limit: 1")]
#[case("Which season is used the most often?", "by: season")]
#[case("Which season is used the least often?", "o: +")]
fn counts_rows_per_group(#[case] question: &str, #[case] want: &str) {
    match workshop().plan(question) {
        Outcome::Planned(u) => {
            let got = shape(&u.plan);
            assert!(got.contains(want), "{question}\n got: {got}\nwant: {want}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// Each stall has one row of its own; the records would be another table's.
#[case("Show the stall names of stalls that have more than one record.")]
// The key of the counted rows: one each.
#[case("Which stall id has the most records?")]
// "names of all guilds": the thing grouped comes after "of" and is not the counted table's.
#[case("What are the names of all markets with one class?")]
fn refuses_counts_of_one(#[case] question: &str) {
    if let Outcome::Planned(u) = workshop().plan(question) {
        panic!("{question}: planned {}", shape(&u.plan));
    }
}
