//! Table-driven tests of comparisons with an aggregate of a set and of
//! per-group extremes on the made-up crafts market
//! (`tests/fixtures/planner/workshop`): the plan's filters, havings and
//! `extreme_per`, and the refusals where the set or the compared column is
//! unclear.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};

fn workshop() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture("workshop"))
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        None => String::new(),
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(Operand::Aggregate { agg, column, filters }) => {
            let inner: Vec<String> = filters.iter().map(filter).collect();
            format!(" {}({column})[{}]", agg.word(), inner.join(", "))
        }
        Some(other) => format!(" {other:?}"),
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
    parts.extend(p.filters.iter().map(|x| format!("f: {}", filter(x))));
    parts.extend(p.having.iter().map(|x| format!("h: {}", filter(x))));
    if let Some(x) = &p.extreme_per {
        parts.push(format!("extreme: {} per {} {}", x.by, x.partition, if x.desc { "max" } else { "min" }));
    }
    parts.join(" | ")
}

#[rustfmt::skip]
#[rstest]
#[case("Which crafters are older than the average age?", "f: crafters.age gt avg(crafters.age)[]")]
#[case("crafters younger than average", "f: crafters.age lt avg(crafters.age)[]")]
#[case("stalls whose rent is below the average", "f: stalls.rent lt avg(stalls.rent)[]")]
#[case("stalls with rent higher than the average rent", "f: stalls.rent gt avg(stalls.rent)[]")]
#[case("List the stalls that have a below average rent.", "f: stalls.rent lt avg(stalls.rent)[]")]
#[case("classes with a fee greater than the overall average", "f: classes.fee gt avg(classes.fee)[]")]
#[case("classes with a fee above the average fee of classes in Winter", "f: classes.fee gt avg(classes.fee)[season eq Winter]")]
#[case("stalls with rent less than the largest rent", "f: stalls.rent lt max(stalls.rent)[]")]
#[case("crafters older than every crafter in the Potters guild", "f: crafters.age gt max(crafters.age)[guild eq Potters]")]
#[case("crafters whose age is greater than all Smiths", "f: crafters.age gt max(crafters.age)[guild eq Smiths]")]
#[case("crafters with an age lower than the age of all crafters from Brill", "f: crafters.age lt min(crafters.age)[home_town eq Brill]")]
#[case("How many crafters are older than the average age?", "m: count(crafters) | f: crafters.age gt avg(crafters.age)[]")]
#[case("guilds whose average age is above the average age of all crafters", "m: avg(crafters.age) | by: guild | h: avg_age gt avg(crafters.age)[]")]
#[case("guilds with an average age greater than the overall average", "m: avg(crafters.age) | by: guild | h: avg_age gt avg(crafters.age)[]")]
fn compares_with_an_aggregate(#[case] question: &str, #[case] want: &str) {
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
#[case("the crafter with the highest age in each guild", "extreme: crafters.age per guild max")]
#[case("for each market, the stall with the lowest rent", "extreme: stalls.rent per market min")]
#[case("stalls having the largest rent per kind", "extreme: stalls.rent per kind max")]
fn keeps_the_extreme_row_per_group(#[case] question: &str, #[case] want: &str) {
    match workshop().plan(question) {
        Outcome::Planned(u) => {
            let got = shape(&u.plan);
            assert!(got.contains(want), "{question}\n got: {got}\nwant: {want}");
            assert!(u.plan.measures.is_empty() && u.plan.dimensions.is_empty(), "{question}: {got}");
            assert!(!u.plan.fields.is_empty(), "{question}: lists nothing");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// "the highest Y of each X" asks for a value per group, not a row.
#[test]
fn the_highest_value_of_each_group_is_still_an_aggregate() {
    let q = "the highest rent of each market";
    if let Outcome::Planned(u) = workshop().plan(q) {
        assert!(u.plan.extreme_per.is_none(), "{q}: {}", shape(&u.plan));
    }
}

#[rustfmt::skip]
#[rstest]
// No column to compare: "more than the average" what?
#[case("Which crafters are more than the average?")]
// The set is named by another table's rows: which set is meant is unclear.
#[case("stalls with rent above the average of the crafters")]
// A condition after the set that cannot be placed in it.
#[case("classes with a fee above the average fee of classes taught by Ann")]
// "in Harbour" after the average: Harbour's average, or Harbour's stalls?
#[case("stalls with rent above the average in Harbour")]
fn refuses_an_unclear_comparison(#[case] question: &str) {
    if let Outcome::Planned(u) = workshop().plan(question) {
        panic!("{question}: planned {}", shape(&u.plan));
    }
}

/// The comparison is compiled, so the compiler validates it.
#[test]
fn the_plans_compile() {
    let p = workshop();
    for q in ["stalls whose rent is below the average", "crafters older than every crafter in the Potters guild", "the crafter with the highest age in each guild"] {
        let Outcome::Planned(u) = p.plan(q) else { panic!("{q}: not understood") };
        let c = crate::compile::compile(&u.plan, p.manifest()).unwrap_or_else(|e| panic!("{q}: {e}"));
        assert!(c.sql.contains("(SELECT"), "{q}: {}", c.sql);
    }
}
