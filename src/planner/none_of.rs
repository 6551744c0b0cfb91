//! "Which countries do not have a stadium that was opened after 2006?",
//! "the locations where no cinema has a capacity over 800", "publishers
//! that did not publish a book in 1989": the values of one column of a
//! table that no row meeting a condition has, each once (a set
//! difference). Tried only when the question read whole is refused.
//!
//! Invariants: the question has one negation ("not", "never", a word
//! ending in "n't", "no" or "without"); read with the negation taken out
//! ("do have a stadium", "a cinema has"), it plans to a plain listing of
//! one table `T` with at least one condition, every condition on `T`'s
//! own columns and of the rows (no order, total, limit or "or"); one
//! listed column is neither `T`'s key nor its name nor a number or a
//! date, and is named before the negation; `T` itself is named after it,
//! or, where the negation is not after "is" / "are" ("studios that have
//! never worked with the director Walter Hill"), nothing but that column
//! is named before it.
//! The answer lists that column's values that no row meeting the
//! conditions takes. Anything else leaves the question refused as it was.

use crate::plan::{DimensionRef, Filter, Op, Operand, Plan};
use crate::planner::account::resolve;
use crate::planner::{explain, schema, Match, MatchKind, OfflinePlanner, Outcome, Understanding};

/// The question without its one negation, as words; the index of the
/// first word after where it stood; the negation as written.
fn without_negation(question: &str) -> Option<(Vec<String>, usize, String)> {
    let words: Vec<&str> = question.split_whitespace().collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut at = None;
    for w in &words {
        let lower = w.to_lowercase().replace('’', "'");
        let core = lower.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        let kept = match core {
            "not" | "never" => None,
            "no" => Some("a".to_string()),
            "without" => Some("with".to_string()),
            // "can't" is "can", "won't" "will", "don't" "do".
            "can't" | "cannot" => Some("can".to_string()),
            "won't" => Some("will".to_string()),
            c if c.ends_with("n't") && c.len() > 3 => Some(c[..c.len() - 3].to_string()),
            _ => {
                out.push((*w).to_string());
                continue;
            }
        };
        if at.is_some() {
            return None;
        }
        if let Some(k) = kept {
            out.push(k);
        }
        at = Some((out.len(), core.to_string()));
    }
    let (at, negation) = at?;
    Some((out, at, negation))
}

/// True when `m`'s words occur in `have` (the question's words, each
/// [`clean`]ed) wholly before index `from`.
fn said_before(have: &[String], m: &Match, from: usize) -> bool {
    let want: Vec<String> = m.words.split_whitespace().map(clean).collect();
    if want.is_empty() || want.len() > have.len() {
        return false;
    }
    (0..=have.len() - want.len())
        .filter(|&s| s + want.len() <= from)
        .any(|s| have[s..s + want.len()] == want[..])
}

fn clean(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()
}

/// The set-difference reading of a refused question, if it is one.
pub(super) fn values_no_row_has(planner: &OfflinePlanner, question: &str) -> Option<Understanding> {
    let m = planner.manifest();
    let (words, at, negation) = without_negation(question)?;
    let Outcome::Planned(u) = planner.plan_alone(&words.join(" ")) else { return None };
    let have: Vec<String> = words.iter().map(|w| clean(w)).collect();
    let p = &u.plan;
    if !p.lists_plainly() || p.filters.is_empty() || !p.order.is_empty() || !p.via.is_empty() {
        return None;
    }
    let t = resolve(m, p.fields.first()?)?.0;
    let on_t = |f: &Filter| {
        resolve(m, &f.field).is_some_and(|(ft, _)| ft == t)
            && matches!(f.value, None | Some(Operand::Value(_)))
            && !matches!(f.op, Op::Exists | Op::NotExists)
    };
    if !p.filters.iter().all(on_t) || p.fields.iter().any(|f| resolve(m, f).is_none_or(|(ft, _)| ft != t)) {
        return None;
    }
    // The column asked for: named before the negation, and not one a
    // condition is on.
    let conditioned: Vec<(usize, usize)> = p.filters.iter().filter_map(|f| resolve(m, &f.field)).collect();
    let asked = |f: &&String| {
        resolve(m, f).is_some_and(|(ft, c)| {
            !conditioned.contains(&(ft, c))
                && u.matches.iter().any(|x| matches!(x.kind, MatchKind::Column | MatchKind::Dimension) && resolve(m, &x.target) == Some((ft, c)) && said_before(&have, x, at))
        })
    };
    let attribute = |f: &String| {
        let Some((ft, c)) = resolve(m, f) else { return false };
        let ty = &m.tables[ft].columns[c].ty;
        schema::row_key(m, ft) != Some(c) && schema::row_name(m, ft) != Some(c) && !crate::semantic::is_numeric(ty) && !crate::semantic::is_temporal(ty)
    };
    let listed: Vec<&String> = p.fields.iter().filter(asked).collect();
    let [a] = listed.as_slice() else { return None };
    if !attribute(a) {
        return None;
    }
    // The rows the negation is about: a word of the table's name among
    // the few words after it ("do not have a stadium", "no cinema").
    let tname: Vec<String> = crate::dataset::names::words(&m.tables[t].name).iter().map(|w| crate::dataset::names::noun(w)).collect();
    let table_after = have[at..].iter().take(4).any(|w| tname.contains(&crate::dataset::names::noun(w)));
    // Or, unnamed ("studios that have never worked with the director
    // Walter Hill"), nothing but the asked column before the negation:
    // every condition is what the negation denies.
    // Not after "is" / "are" ("ministers who are not a part of the
    // Progress Party"): a state of each row, not a thing never done.
    let kept = resolve(m, a);
    let copula = at.checked_sub(1).and_then(|k| have.get(k)).is_some_and(|w| matches!(w.as_str(), "is" | "are" | "was" | "were" | "be"));
    let only_asked_before = !copula && u.matches.iter().all(|x| !said_before(&have, x, at) || resolve(m, &x.target).is_some_and(|fc| Some(fc) == kept));
    if !table_after && !only_asked_before {
        return None;
    }
    let a = (*a).clone();
    let plan = Plan {
        dimensions: vec![DimensionRef { name: a.clone(), grain: None }],
        filters: vec![Filter { field: a.clone(), op: Op::NotIn, value: Some(Operand::Rows { column: a, filters: p.filters.clone() }) }],
        ..Plan::default()
    };
    // Columns the positive reading listed beside it ("book" read as the
    // book's title) named the rows, which the answer no longer shows.
    let mut matches: Vec<Match> = u
        .matches
        .iter()
        .map(|x| match resolve(m, &x.target) {
            Some((ft, c)) if matches!(x.kind, MatchKind::Column | MatchKind::Dimension) && ft == t && Some((ft, c)) != kept && !conditioned.contains(&(ft, c)) => {
                Match { kind: MatchKind::Table, target: m.tables[t].name.clone(), ..x.clone() }
            }
            _ => x.clone(),
        })
        .collect();
    // Nor is a choice between such columns left to show.
    let rows_words: Vec<String> = matches.iter().filter(|x| x.kind == MatchKind::Table).map(|x| x.words.clone()).collect();
    let ambiguities = u.ambiguities.into_iter().filter(|x| !rows_words.contains(&x.words)).collect();
    matches.push(Match {
        words: negation,
        kind: MatchKind::Comparison,
        target: "no row meeting the conditions has the value".into(),
        confidence: 1.0,
    });
    Some(Understanding {
        summary: explain::summarize(&plan, &[]),
        plan,
        matches,
        ambiguities,
        confidence: u.confidence,
        uncertain: u.uncertain,
    })
}
