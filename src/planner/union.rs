//! "The phone numbers of all customers and all suppliers", "the names of
//! the customers and staff members": one listing asked "of" two tables that
//! are not joined to each other is the rows of both, each once (a plan
//! with a `union`). Tried only when the question read whole is refused.
//!
//! Invariants: the question splits once, at the last "of" or "for" before an "and",
//! into the words asked for and two short noun phrases; each half ("the
//! phone numbers of all customers") must plan alone to a plain listing of
//! one table, which its noun phrase names, with no condition; the two
//! tables differ and no join links them; the halves list as many fields,
//! text beside text and numbers beside numbers. Anything else leaves the
//! question refused as it was.
//!
//! "The common login names of course authors and students", "the last
//! names used by both customers and staff" are the values of one column
//! of the first table that the second's column also holds, each once:
//! the same halves, each one column, read as the first column's distinct
//! values among the second's (`in` rows of the other table).

use crate::plan::Plan;
use crate::planner::account::resolve;
use crate::planner::{explain, Match, MatchKind, OfflinePlanner, Outcome, Understanding};
use crate::semantic::Manifest;

/// Words a noun phrase may start with ("all the customers", "of staff",
/// "by both customers").
const LEAD: &[&str] = &["all", "the", "of", "each", "every", "by", "both", "some"];

/// Words that end a noun phrase's use here: a condition or a verb follows.
const STOPS: &[&str] = &[
    "who", "that", "which", "whose", "with", "where", "in", "from", "at", "by", "for", "on", "have", "has", "had", "is", "are",
    "was", "were", "and", "or", "not", "than", "their", "its", "each", "per", "both", "either", "respectively", "corresponding",
];

/// The words of a short noun phrase after its leading determiners ("all
/// the staff members" -> "staff members"): one to three plain words, none
/// of which starts a condition or a clause.
fn noun_phrase(np: &str) -> Option<String> {
    let content: Vec<&str> = np.split_whitespace().skip_while(|w| LEAD.contains(&w.to_ascii_lowercase().as_str())).collect();
    let plain = (1..=3).contains(&content.len())
        && content.iter().all(|w| w.chars().all(|c| c.is_ascii_alphabetic()) && !STOPS.contains(&w.to_ascii_lowercase().as_str()));
    plain.then(|| content.join(" "))
}

/// Text split at its last "of" or "for": the words before, the
/// preposition, the words after.
fn at_preposition(text: &str) -> Option<(&str, &'static str, &str)> {
    let lower = text.to_ascii_lowercase();
    let (i, p) = [" of ", " for "].iter().filter_map(|p| lower.rfind(p).map(|i| (i, *p))).max()?;
    Some((&text[..i], p.trim(), &text[i + p.len()..]))
}

/// The two halves of `question`, if it asks one listing "of" (or "for")
/// two nouns: ("What are the phone numbers of customers", "What are the
/// phone numbers of staff members").
fn halves(question: &str) -> Option<(String, String)> {
    let q = question.trim().trim_end_matches(['?', '.', '!']).trim_end();
    let and = q.to_ascii_lowercase().rfind(" and ")?;
    let (head, prep, first) = at_preposition(&q[..and])?;
    // "the common login names of authors and students": shared values.
    if head.split_whitespace().any(|w| matches!(w.to_ascii_lowercase().as_str(), "common" | "shared" | "both" | "used")) {
        return None;
    }
    let (first, second) = (noun_phrase(first)?, noun_phrase(&q[and + 5..])?);
    Some((format!("{head} {prep} {first}"), format!("{head} {prep} {second}")))
}

/// The one table a plain listing reads, when it is one.
fn listed_table(m: &Manifest, plan: &Plan) -> Option<usize> {
    if !plan.lists_plainly() || plan.fields.is_empty() || !plan.filters.is_empty() {
        return None;
    }
    let tables: Vec<usize> = plan.fields.iter().map(|f| resolve(m, f).map(|(t, _)| t)).collect::<Option<Vec<_>>>()?;
    match tables.as_slice() {
        [t, rest @ ..] if rest.iter().all(|x| x == t) => Some(*t),
        _ => None,
    }
}

/// True when the noun phrase ending `half` ("all staff members") names
/// table `t`: read alone as rows to count, it counts `t`'s rows.
/// Returns the words so read.
fn names_table(planner: &OfflinePlanner, half: &str, t: usize) -> Option<Vec<Match>> {
    let m = planner.manifest();
    let (_, _, tail) = at_preposition(half)?;
    let Outcome::Planned(u) = planner.plan_alone(&format!("How many {} are there?", noun_phrase(tail)?)) else { return None };
    let tables: Vec<Match> = u.matches.into_iter().filter(|x| x.kind == MatchKind::Table).collect();
    (!tables.is_empty() && tables.iter().all(|x| x.target == m.tables[t].name)).then_some(tables)
}

/// The fields of a listing without its table's key, unless the words
/// asked for say "id": "the names of customers" shown beside their ids
/// (`customer_details` is no name column) would add the ids of two tables
/// to one list.
fn without_key(m: &Manifest, head: &str, fields: &[String]) -> Vec<String> {
    let said_id = head.split_whitespace().any(|w| matches!(w.to_ascii_lowercase().as_str(), "id" | "ids"));
    let kept: Vec<String> = fields
        .iter()
        .filter(|f| said_id || !resolve(m, f).is_some_and(|(t, c)| crate::planner::schema::row_key(m, t) == Some(c)))
        .cloned()
        .collect();
    if kept.is_empty() {
        fields.to_vec()
    } else {
        kept
    }
}

/// True when a join of the manifest links tables `a` and `b`.
fn joined(m: &Manifest, a: usize, b: usize) -> bool {
    crate::planner::schema::foreign_key(m, a, b).is_some() || crate::planner::schema::foreign_key(m, b, a).is_some()
}

/// "text" or "number": what kind of values a field holds.
fn kind(m: &Manifest, field: &str) -> Option<bool> {
    let (t, c) = resolve(m, field)?;
    Some(crate::semantic::is_numeric(&m.tables[t].columns[c].ty))
}

/// Words a question opens with before what it asks for ("What are the",
/// "Which", "Find the").
const OPENERS: &[&str] = &["which", "what", "are", "is", "find", "show", "list", "give", "return", "me", "the", "all"];

/// The column words and the two noun phrases of "the common X of A and
/// B" or "X (that are) (both) used by A and (by) B", when the question
/// says so: ("last names", "customers", "staff").
fn shared_parts(question: &str) -> Option<(String, String, String)> {
    let q = question.trim().trim_end_matches(['?', '.', '!']).trim_end();
    let words: Vec<&str> = q.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let at = |w: &str| lower.iter().position(|x| x == w);
    let (asked, rest): (Vec<&str>, &[&str]) = if let Some(c) = at("common") {
        let of = (c + 1..words.len()).find(|&i| matches!(lower[i].as_str(), "of" | "for"))?;
        (words[c + 1..of].to_vec(), &words[of + 1..])
    } else {
        let v = lower.iter().position(|x| x == "used" || x == "shared")?;
        let by = (v + 1..words.len()).find(|&i| lower[i] == "by")?;
        if !lower[v + 1..by].iter().all(|x| x == "both") {
            return None;
        }
        let mut head = &words[..v];
        while let Some((last, before)) = head.split_last() {
            if matches!(last.to_ascii_lowercase().as_str(), "that" | "which" | "are" | "is" | "both") {
                head = before;
            } else {
                break;
            }
        }
        let start = head.iter().position(|w| !OPENERS.contains(&w.to_ascii_lowercase().as_str()))?;
        (head[start..].to_vec(), &words[by + 1..])
    };
    let and = rest.iter().position(|w| w.eq_ignore_ascii_case("and"))?;
    let (a, b) = (noun_phrase(&rest[..and].join(" "))?, noun_phrase(&rest[and + 1..].join(" "))?);
    (!asked.is_empty()).then(|| (asked.join(" "), a, b))
}

/// The reading of a refused question as the values two tables share, if
/// it is one.
pub(super) fn shared_by_two(planner: &OfflinePlanner, question: &str) -> Option<Understanding> {
    let m = planner.manifest();
    let (asked, a_np, b_np) = shared_parts(question)?;
    let (q1, q2) = (format!("List the {asked} of {a_np}"), format!("List the {asked} of {b_np}"));
    let (Outcome::Planned(a), Outcome::Planned(b)) = (planner.plan_alone(&q1), planner.plan_alone(&q2)) else { return None };
    let (ta, tb) = (listed_table(m, &a.plan)?, listed_table(m, &b.plan)?);
    if ta == tb {
        return None;
    }
    let (na, nb) = (names_table(planner, &q1, ta)?, names_table(planner, &q2, tb)?);
    let (fa, fb) = (without_key(m, &asked, &a.plan.fields), without_key(m, &asked, &b.plan.fields));
    let ([x], [y]) = (fa.as_slice(), fb.as_slice()) else { return None };
    if kind(m, x).is_none() || kind(m, x) != kind(m, y) {
        return None;
    }
    let plan = Plan {
        dimensions: vec![crate::plan::DimensionRef { name: x.clone(), grain: None }],
        filters: vec![crate::plan::Filter {
            field: x.clone(),
            op: crate::plan::Op::In,
            value: Some(crate::plan::Operand::Rows { column: y.clone(), filters: Vec::new() }),
        }],
        ..Plan::default()
    };
    Some(combined(plan, [a, b], [na, nb]))
}

/// One understanding of `plan` from the readings of its two halves and
/// the table words of each.
fn combined(plan: Plan, halves: [Understanding; 2], tables: [Vec<Match>; 2]) -> Understanding {
    let [a, b] = halves;
    let [na, nb] = tables;
    let mut matches = a.matches.clone();
    for x in na.into_iter().chain(b.matches).chain(nb) {
        if !matches.iter().any(|y| y.words == x.words && y.kind == x.kind && y.target == x.target) {
            matches.push(x);
        }
    }
    let ambiguities: Vec<_> = a.ambiguities.iter().cloned().chain(b.ambiguities).collect();
    let confidence = a.confidence.min(b.confidence);
    Understanding {
        summary: explain::summarize(&plan, &[]),
        plan,
        matches,
        ambiguities,
        confidence,
        uncertain: confidence < crate::planner::UNCERTAIN_BELOW,
    }
}

/// The union reading of a refused question, if it is one.
pub(super) fn of_two(planner: &OfflinePlanner, question: &str) -> Option<Understanding> {
    let m = planner.manifest();
    let (q1, q2) = halves(question)?;
    let (Outcome::Planned(a), Outcome::Planned(b)) = (planner.plan_alone(&q1), planner.plan_alone(&q2)) else { return None };
    let (ta, tb) = (listed_table(m, &a.plan)?, listed_table(m, &b.plan)?);
    if ta == tb || joined(m, ta, tb) {
        return None;
    }
    let (na, nb) = (names_table(planner, &q1, ta)?, names_table(planner, &q2, tb)?);
    let (head, _, _) = at_preposition(&q1)?;
    let (fa, fb) = (without_key(m, head, &a.plan.fields), without_key(m, head, &b.plan.fields));
    if fa.len() != fb.len() {
        return None;
    }
    let same_kinds = fa.iter().zip(&fb).all(|(x, y)| matches!((kind(m, x), kind(m, y)), (Some(p), Some(q)) if p == q));
    if !same_kinds {
        return None;
    }
    // Each row once and in no particular order: the union's own.
    let part = |p: &Plan, fields: Vec<String>| Plan { order: Vec::new(), fields, ..p.clone() };
    let plan = Plan { union: vec![part(&b.plan, fb)], ..part(&a.plan, fa) };
    Some(combined(plan, [a, b], [na, nb]))
}
