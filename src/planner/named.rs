//! Which table a column word belongs to, checked against the tables the
//! question names.
//!
//! A word such as "name", "description" or "year" is a column of several
//! tables. When the reading put it on a table the question never names,
//! while another of its readings is a column of a table the question does
//! name ("the name and building of the department" read as the
//! instructor's name), the answer would show another table's column: the
//! planner refuses and says which tables the word could belong to.
//!
//! Invariants: reads only the pieces, the matches and the manifest; never
//! changes the plan; a table counts as named when a word of the question
//! reads as that table or is the noun its name is about (`customer_orders`
//! by "orders", `festival_detail` by "festivals"), so a question naming
//! both tables is never refused here.

use std::collections::BTreeSet;

use crate::plan::{Op, Plan};
use crate::planner::english::Cue;
use crate::planner::account::resolve;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Target;
use crate::planner::tokenize::{split_identifier, stem};
use crate::planner::{Match, MatchKind};
use crate::semantic::Manifest;

/// The tables the question names, by index.
pub(super) fn named_tables(m: &Manifest, p: &[Piece]) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    let mut stems: BTreeSet<String> = BTreeSet::new();
    for x in p {
        if let PieceKind::Lex(cands) = &x.kind {
            for c in cands.iter().chain(&x.alt_lex) {
                if let (Target::Table(t), false) = (&c.target, c.fuzzy) {
                    out.insert(*t);
                }
            }
        }
        for w in x.words.split_whitespace() {
            let w: String = w.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
            if !w.is_empty() {
                stems.insert(stem(&w));
            }
        }
    }
    for (ti, t) in m.tables.iter().enumerate() {
        if head_noun(&t.name).is_some_and(|w| stems.contains(&stem(&w))) {
            out.insert(ti);
        }
    }
    out
}

/// The noun a table's name is about: English compounds put it last
/// (`customer_orders` is orders, `order_items` items), unless the last word
/// only qualifies it (`festival_detail` is festivals).
pub(super) fn head_noun(name: &str) -> Option<String> {
    let words = split_identifier(name);
    let qualifier = |w: &str| matches!(w, "detail" | "details" | "info" | "information" | "data" | "record" | "records" | "list" | "table");
    words.iter().rev().find(|w| !qualifier(w.as_str())).cloned()
}

/// The (table, column) of a column-like target.
fn column_of(m: &Manifest, t: &Target) -> Option<(usize, usize)> {
    match t {
        Target::Column(t, c) | Target::Unit(t, c) => Some((*t, *c)),
        Target::Dimension(d) => m.dimensions.get(*d).and_then(|d| resolve(m, &d.column)),
        _ => None,
    }
}

/// A word naming columns of several tables ("name", "description"): the
/// last word of the phrase is a word of columns in two tables or more.
fn ambiguous_word(m: &Manifest, words: &str) -> bool {
    let Some(last) = words.split_whitespace().last() else { return false };
    let head = stem(&last.to_lowercase());
    let tables = m
        .tables
        .iter()
        .filter(|t| t.columns.iter().any(|c| split_identifier(&c.name).iter().any(|w| stem(w) == head)))
        .count();
    tables >= 2
}

/// Two columns that a join of the manifest equates.
fn joined(m: &Manifest, a: (usize, usize), b: (usize, usize)) -> bool {
    m.joins.iter().any(|j| {
        let (f, t) = (resolve(m, &j.from), resolve(m, &j.to));
        (f == Some(a) && t == Some(b)) || (f == Some(b) && t == Some(a))
    })
}

/// The tables the question's other words (not `x`'s) bring in.
fn brought_by_others(m: &Manifest, matches: &[Match], x: &Match) -> BTreeSet<usize> {
    matches
        .iter()
        .filter(|y| y.words != x.words)
        .filter_map(|y| table_of(m, &y.target))
        .collect()
}

/// The table a match's target reads: `table.column`, `table.column = value`
/// or a table's own name.
fn table_of(m: &Manifest, target: &str) -> Option<usize> {
    let head = target.split_whitespace().next()?;
    resolve(m, head).map(|(u, _)| u).or_else(|| m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(head)))
}

/// Refuses a word that names a table the plan reads ("rooms") placed
/// instead on a column of another table (`reservations.room`) that only
/// this word brings in: "the names of rooms with a king bed" would list
/// each room once per reservation, and the rooms themselves were meant.
fn table_word_as_column(m: &Manifest, p: &[Piece], matches: &[Match], named: &BTreeSet<usize>) -> Result<(), String> {
    for x in matches {
        if !matches!(x.kind, MatchKind::Column | MatchKind::Dimension) {
            continue;
        }
        let Some((t, _)) = resolve(m, &x.target) else { continue };
        if named.contains(&t) {
            continue;
        }
        let brought = brought_by_others(m, matches, x);
        if brought.contains(&t) {
            continue;
        }
        // "the youngest winning pilot": a qualifier names the column itself.
        let words: Vec<&str> = x.words.split_whitespace().collect();
        let [only] = words.as_slice() else { continue };
        let word = stem(&only.to_lowercase());
        let as_table = p
            .iter()
            .filter(|y| y.words == x.words)
            .flat_map(|y| y.lex().unwrap_or_default().iter().chain(&y.alt_lex))
            .filter_map(|c| match c.target {
                Target::Table(u) if !c.fuzzy => Some(u),
                _ => None,
            });
        let by_noun = (0..m.tables.len()).filter(|&u| head_noun(&m.tables[u].name).is_some_and(|h| stem(&h) == word));
        if let Some(u) = as_table.chain(by_noun).find(|u| *u != t && brought.contains(u)) {
            return Err(format!(
                "'{}' could mean the {} themselves or the column {}; I read it as the column, which brings in {} for this word alone, so the answer may repeat or show the wrong rows. Say which, e.g. 'the {} of {}'.",
                x.words, m.tables[u].name, x.target, m.tables[t].name, x.words, m.tables[t].name
            ));
        }
    }
    Ok(())
}

/// The tables `from` reaches along many-to-one joins, itself included.
fn parents(m: &Manifest, from: usize) -> BTreeSet<usize> {
    let mut out = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(t) = todo.pop() {
        for j in &m.joins {
            let (Some((f, _)), Some((u, _))) = (resolve(m, &j.from), resolve(m, &j.to)) else { continue };
            if f == t && out.insert(u) {
                todo.push(u);
            }
        }
    }
    out
}

/// Refuses, in a listing, one bare word ("description", "detail", "first")
/// read as a column of a table that only it brings in, none of the plan's other
/// tables points at, and the question does not name: reaching it repeats
/// each of the question's rows once per row of the tables in between
/// ("the description of the marketing region China" read as the
/// descriptions of products ordered in its stores).
fn lone_word_far_table(m: &Manifest, matches: &[Match], named: &BTreeSet<usize>) -> Result<(), String> {
    // Only a plain listing repeats its rows; an aggregate or a ranking
    // ("the city where the most customers live") may reach its table
    // through the rows it counts or ranks.
    if matches.iter().any(|x| matches!(x.kind, MatchKind::Aggregate | MatchKind::Metric | MatchKind::Order | MatchKind::Limit | MatchKind::Comparison)) {
        return Ok(());
    }
    for x in matches {
        if !matches!(x.kind, MatchKind::Column | MatchKind::Dimension) || x.words.split_whitespace().count() != 1 {
            continue;
        }
        let Some((t, _)) = resolve(m, &x.target) else { continue };
        if named.contains(&t) {
            continue;
        }
        let brought = brought_by_others(m, matches, x);
        if brought.is_empty() || brought.contains(&t) || brought.iter().any(|&s| parents(m, s).contains(&t)) {
            continue;
        }
        return Err(format!(
            "I read '{}' as the column {}, which only this word brings in and which the question's other tables don't point at; the answer would repeat rows through the tables in between. Say which table '{}' belongs to.",
            x.words, x.target, x.words
        ));
    }
    Ok(())
}

/// Refuses a column word followed by "of" and a word naming a table's
/// rows ("the names of projects") but read as a column of another table
/// when the named table has a column the word names too: "What are the
/// names of projects ..., and how many scientists are assigned to each?"
/// read as the scientists' names answers about the wrong rows.
fn column_of_named_rows(m: &Manifest, p: &[Piece], matches: &[Match]) -> Result<(), String> {
    const DETERMINERS: &[&str] = &["the", "all", "each", "every", "a", "an", "any"];
    for x in matches {
        if !matches!(x.kind, MatchKind::Column | MatchKind::Dimension) {
            continue;
        }
        let Some(chosen) = resolve(m, &x.target) else { continue };
        for k in (0..p.len()).filter(|&k| p[k].words == x.words) {
            if p.get(k + 1).is_none_or(|o| o.norm != "of") {
                continue;
            }
            let Some(j) = (k + 2..p.len()).find(|&j| !DETERMINERS.contains(&p[j].norm.as_str())) else { continue };
            let Some(u) = p[j].lex().unwrap_or_default().iter().chain(&p[j].alt_lex).find_map(|c| match c.target {
                Target::Table(u) if !c.fuzzy => Some(u),
                _ => None,
            }) else {
                continue;
            };
            // "the names of climbers and the names of mountains": another
            // "names" may be the one read on the named table.
            let read_there = matches.iter().any(|y| y.words == x.words && resolve(m, &y.target).is_some_and(|(v, _)| v == u));
            if u == chosen.0 || read_there || p[j].lex().is_some_and(|c| c.iter().any(|c| c.fuzzy)) {
                continue;
            }
            let own = p[k]
                .lex()
                .unwrap_or_default()
                .iter()
                .chain(&p[k].alt_lex)
                .filter(|c| !c.fuzzy)
                .filter_map(|c| column_of(m, &c.target))
                .any(|(v, c)| v == u && !joined(m, chosen, (v, c)));
            if own {
                return Err(format!(
                    "'{}' is asked of {}, but I read it as {}; I couldn't work out how the two fit together.",
                    x.words, p[j].words, x.target
                ));
            }
        }
    }
    Ok(())
}

/// Refuses a column word placed on an unnamed table when it could have
/// been a column of a named one.
pub(super) fn check(m: &Manifest, p: &[Piece], matches: &[Match], plan: &Plan) -> Result<(), String> {
    let named = named_tables(m, p);
    column_of_named_rows(m, p, matches)?;
    table_word_as_column(m, p, matches, &named)?;
    lone_word_far_table(m, matches, &named)?;
    // "tourists who did not make any visit": a table named after the
    // negation of an anti-join holds the rows that must not exist, not
    // the columns the answer shows.
    let named = match p.iter().position(|x| matches!(x.cue(), Some(Cue::Not | Cue::Null))) {
        Some(n) if plan.filters.iter().any(|f| f.op == Op::NotExists) => named_tables(m, &p[..n]),
        _ => named,
    };
    if named.is_empty() {
        return Ok(());
    }
    for x in matches {
        if !matches!(x.kind, MatchKind::Column | MatchKind::Dimension) {
            continue;
        }
        let Some((t, _)) = resolve(m, &x.target) else { continue };
        // The word itself names the table ("book" for `book_club.book_title`).
        let table_words: Vec<String> = split_identifier(&m.tables[t].name).iter().map(|w| stem(w)).collect();
        let names_it = x.words.split_whitespace().any(|w| table_words.contains(&stem(&w.to_lowercase())));
        if named.contains(&t) || names_it {
            continue;
        }
        let Some(piece) = p.iter().find(|y| y.words == x.words) else { continue };
        let Some(cands) = piece.lex() else { continue };
        let Some(chosen) = resolve(m, &x.target) else { continue };
        let others: Vec<usize> = cands
            .iter()
            .chain(&piece.alt_lex)
            .filter(|c| !c.fuzzy)
            .filter_map(|c| column_of(m, &c.target))
            // A key and the foreign key pointing at it hold the same values.
            .filter(|&(u, k)| u != t && named.contains(&u) && !joined(m, chosen, (u, k)))
            .map(|(u, _)| u)
            .collect();
        // Or the question is about a table the plan reads, and this word
        // alone brings in a table it never names ("the name of the movie
        // directed by ..." read as a reviewer's name).
        let others = if others.is_empty() {
            let brought: Vec<usize> = matches
                .iter()
                .filter(|y| y.words != x.words)
                .filter_map(|y| resolve(m, &y.target).map(|(ut, _)| ut))
                .collect();
            if brought.contains(&t) || !ambiguous_word(m, &x.words) {
                others
            } else {
                // A foreign key into the named table stands for its rows
                // ("the youngest winning pilot").
                brought
                    .into_iter()
                    .filter(|u| *u != t && named.contains(u))
                    .filter(|u| (0..m.tables[*u].columns.len()).all(|k| !joined(m, chosen, (*u, k))))
                    .take(1)
                    .collect()
            }
        } else {
            others
        };
        if let Some(u) = others.first() {
            return Err(format!(
                "'{}' could be a column of {} (which the question names) or of {}; I read it as {}, which the question does not name, so the answer may show the wrong thing. Name the table, e.g. '{} of {}'.",
                x.words, m.tables[*u].name, m.tables[t].name, x.target, x.words, m.tables[*u].name
            ));
        }
    }
    Ok(())
}
