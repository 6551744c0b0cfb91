//! Accounting for every word of the question against the finished plan.
//!
//! The passes in `build` take the pieces they understand; whatever is left
//! is checked here against the plan they produced. A word left over that
//! names a column, table, value or metric, a structural word ("most",
//! "average", "or", "top"), or a function word that changes the meaning
//! ("outside", "both", "other", "than") makes the planner refuse, saying
//! which word: answering without it would answer a different question.
//! "name(s)", "id(s)" and "number" are stopwords for the passes (they
//! qualify the noun after them), so here they must be borne out by the
//! plan's output: a name-like column, an id-like column, a count or a
//! number column. Verbs that add no condition ("attended", "ordered") are
//! kept as notes, which lower the reading's confidence.
//!
//! Invariants: reads only the pieces, which were used, and the plan; never
//! changes the plan; the reason names the word as written.

use std::collections::BTreeSet;

use crate::plan::{Op, Operand, Plan};
use crate::planner::english::Cue;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::{Cand, Target};
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::planner::{Ambiguity, Match, MatchKind};
use crate::semantic::Manifest;

/// Function words that change what a question asks: left unused, they
/// would be dropped from the question.
const MEANINGFUL: &[&str] = &[
    "outside", "inside", "both", "either", "neither", "nor", "other", "another", "except",
    "than", "more", "less", "most", "least", "only", "same", "against", "without", "until",
    "till", "none", "nobody", "beyond", "besides", "despite", "if", "not", "never", "no",
    "per", "versus", "vs",
];

/// Filler words that are also common parts of column names (`amount_paid`,
/// `room_type`, `level`): left over while the plan reads such a column's
/// table and uses none of them, they asked for that column.
pub(super) const COLUMN_STOPWORDS: &[&str] = &["amount", "type", "types", "level", "levels", "value", "values", "result", "results"];

/// True when `word` (or its singular) is a part of the name of a column of
/// a table in `tables` and no column in `columns` has it.
fn names_unused_column(m: &Manifest, tables: &BTreeSet<usize>, columns: &BTreeSet<(usize, usize)>, word: &str) -> bool {
    let w = word.strip_suffix('s').filter(|x| x.len() > 3).unwrap_or(word);
    // `gtype` of `video_games`: the run-together word's head counts too.
    // `lvl` for "level", `val_usd` for "values", `on_disp` for "display":
    // a name's shortening of the word counts as the word.
    let short = |x: &str| x.len() >= 3 && (super::names::spells_out(w, x) || crate::dataset::names::contracts(w, x));
    let has = |t: usize, c: usize| {
        let tstems = crate::planner::tokenize::stems(&m.tables[t].name);
        words_of(m, t, c).iter().any(|x| x == w || short(x) || super::names::split_run_together(x, &tstems).is_some_and(|s| s.last().is_some_and(|h| h == w)))
    };
    let named = tables.iter().any(|&t| m.tables.get(t).is_some_and(|x| (0..x.columns.len()).any(|c| has(t, c))));
    named && !columns.iter().any(|&(t, c)| has(t, c))
}

/// "the first name of their mentor" with `mentor` a number pointing at
/// other rows (of the same table, or of no table a join reads): the name
/// asked for is the pointed row's; listing the number itself answers
/// something else.
fn name_of_a_pointer(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    let shown = output_columns(m, plan);
    let top_column = |x: &Piece| match x.lex().and_then(|c| c.first()).map(|c| &c.target) {
        Some(Target::Column(t, c)) => Some((*t, *c)),
        _ => None,
    };
    for i in 0..p.len().saturating_sub(3) {
        let Some((t, c)) = top_column(&p[i]) else { continue };
        if !is_name_like(m, t, c) || p[i + 1].norm != "of" || !matches!(p[i + 2].norm.as_str(), "their" | "its" | "his" | "her") {
            continue;
        }
        let Some((u, k)) = top_column(&p[i + 3]) else { continue };
        let integer = crate::semantic::is_integer(&m.tables[u].columns[k].ty);
        // "the first name and last name of its owner" shown from the
        // owners the column joins: asked and answered.
        let from = format!("{}.{}", m.tables[u].name, m.tables[u].columns[k].name);
        let pointed_shown = m
            .joins
            .iter()
            .filter(|j| j.from.eq_ignore_ascii_case(&from))
            .filter_map(|j| schema::table_of(m, &j.to))
            .any(|v| shown.iter().any(|&(t, _)| t == v && v != u));
        if integer && !pointed_shown && !is_name_like(m, u, k) && !is_row_key(m, u, k) && shown.contains(&(u, k)) {
            return Err(format!(
                "'{} of {} {}' asks about the row {}.{} points at, which I couldn't look up; I would only show the number.",
                p[i].words, p[i + 2].words, p[i + 3].words, m.tables[u].name, m.tables[u].columns[k].name
            ));
        }
    }
    Ok(())
}

/// Words that say the answer is a total: borne out by any aggregate.
const TOTALS: &[&str] = &["total", "overall", "combined", "altogether"];

/// What a word left over does to the reading: nothing (a verb that adds no
/// condition, noted), or a refusal with its reason.
pub(super) fn check(m: &Manifest, p: &[Piece], used: &[bool], plan: &Plan) -> Result<Vec<Ambiguity>, String> {
    super::sanity::check(m, plan)?;
    super::unit_sums::check(m, plan)?;
    super::both::check(m, p, plan)?;
    super::agent::check(m, p, plan)?;
    super::own_rows::check(m, plan)?;
    super::key_number::check(m, p, plan)?;
    super::order_doubt::check(m, p, plan)?;
    value_as_modifier(m, p, plan)?;
    name_of_a_pointer(m, p, plan)?;
    which_unnamed(m, p, plan)?;
    let tables = plan_tables(m, plan);
    let columns = plan_columns(m, plan);
    when_without_time(m, p, plan)?;
    let mut notes = Vec::new();
    let m_of = |name: &str| m.metrics.iter().find(|x| x.name == *name).map(|x| x.expr.to_ascii_uppercase());
    let m_total = |expr: Option<String>| expr.map(|e| e.contains("SUM(") || e.contains("COUNT("));
    let dropped = |w: &str| format!("I couldn't work out how '{w}' fits the question; answering without it would answer a different question.");
    // "whose name contains 'Diana'" put on a number column: the text is
    // looked for where no text is.
    for f in &plan.filters {
        if f.op != Op::Like {
            continue;
        }
        if let Some((t, c)) = resolve(m, &f.field) {
            if !m.tables[t].columns[c].ty.to_ascii_uppercase().starts_with("VARCHAR") {
                return Err(format!("I read a text search on {}, which holds no text; I couldn't tell which column to search.", f.field));
            }
        }
    }
    for (i, x) in p.iter().enumerate() {
        if used.get(i).copied().unwrap_or(true) {
            continue;
        }
        match &x.kind {
            PieceKind::Stop => {
                let w = x.norm.as_str();
                // "both A and B" read as one list would answer "either".
                let list = plan.filters.iter().any(|f| matches!(f.op, Op::In | Op::NotIn) && list_len(&f.value) > 1);
                let compares = !plan.having.is_empty()
                    || plan.filters.iter().chain(plan.any_of.iter().flatten()).any(|f| matches!(f.op, Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Between));
                let harmless = match w {
                    // "both the Statistics and Psychology departments" with
                    // only "Psychology" read: the first of the two is lost.
                    "both" => !list && first_of_pair_read(p, used, i),
                    "either" => list && plan.filters.len() == 1 || !plan.any_of.is_empty(),
                    "than" | "more" | "less" => compares,
                    // "the total and average enrollment": a total is a sum
                    // or a count, not borne out by an average alone.
                    _ => TOTALS.contains(&w) && plan.measures.iter().any(|m| {
                        m.metric.as_ref().is_some_and(|name| {
                            // A metric is a total unless it is an average or an extreme.
                            m_total(m_of(name)).unwrap_or(true)
                        }) || matches!(m.agg, Some(crate::plan::Agg::Sum | crate::plan::Agg::Count | crate::plan::Agg::CountDistinct))
                    }),
                };
                if (MEANINGFUL.contains(&w) || TOTALS.contains(&w)) && !harmless {
                    return Err(dropped(&x.words));
                }
                // "headquartered in the US": a function word written as an
                // acronym is a name ("US", "IT", "OR"), not the pronoun.
                if x.words.len() >= 2 && x.words.chars().all(|c| c.is_ascii_uppercase()) {
                    return Err(format!("I couldn't tell what '{}' refers to in this dataset; answering without it would answer a different question.", x.words));
                }
                // "names of studios", "director names", "with name 'cumin'":
                // the word beside it was placed, or a filter is on a name.
                let beside = neighbour_used(m, p, used, i);
                let ok = match w {
                    "name" | "names" => {
                        beside || output_has(m, plan, is_name_like) || filter_has(m, plan, is_name_like) && names_value(p, i)
                    }
                    // "with id 163", "whose id is 5": a filter on an id
                    // with its value right after; "the ids of orders
                    // whose status is 'X'" asks to see them.
                    // "Show ids, customer ids, ...": an id of its own in a
                    // list of columns is the rows' key, not another id
                    // listed beside it.
                    "id" | "ids" if listed_alone(p, i) => output_has(m, plan, is_row_key),
                    "id" | "ids" => output_has(m, plan, is_id_like) || filter_has(m, plan, is_id_like) && id_value(p, i),
                    "number" | "numbers" => {
                        // "the number and name of every route" with a
                        // `Route_Number` left out: not any number column.
                        counts(plan)
                            || output_has(m, plan, is_number_like) && !names_unused_column(m, &tables, &columns, "number")
                            || count_phrase(p, i)
                            || compound_number(m, p, used, plan, i)
                    }
                    // "the clocks on display" with an `on_disp` column
                    // unread: not the verb that asks to see.
                    "display" if i > 0 && p[i - 1].norm == "on" => !names_unused_column(m, &tables, &columns, w),
                    // "the payment id, the date and the amount": a word
                    // that is part of a column's name in a table the plan
                    // reads (`amount_payment`), used by no column of the
                    // plan, asks for that column.
                    _ if COLUMN_STOPWORDS.contains(&w) => !names_unused_column(m, &tables, &columns, w),
                    _ => true,
                };
                if !ok {
                    return Err(format!(
                        "I couldn't tell which column '{}' refers to, so the answer would not show it.",
                        x.words
                    ));
                }
            }
            PieceKind::Cue(c) => {
                let ok = match c {
                    // "from their sensor's mean": the outlier test's own mean.
                    Cue::Agg(_) if plan.outliers.is_some() => true,
                    Cue::Agg(_) | Cue::Count | Cue::CountDistinct | Cue::Share | Cue::Top | Cue::Bottom | Cue::Latest | Cue::Sigma => false,
                    // "the average price of wines for each ..." with nothing
                    // grouped: one overall figure would drop the "each".
                    Cue::Each => plan.measures.is_empty() || !plan.dimensions.is_empty(),
                    Cue::Group if x.says_each() => {
                        plan.measures.is_empty() || !plan.dimensions.is_empty()
                    }
                    // "..., then by name" left unread: a further key the
                    // order lacks, not the order already made.
                    Cue::Sort if x.words.split_whitespace().any(|w| matches!(w.to_lowercase().as_str(), "then" | "lastly" | "finally")) => false,
                    Cue::Desc | Cue::Asc | Cue::Sort => !plan.order.is_empty(),
                    Cue::Or => {
                        plan.filters.iter().any(|f| matches!(f.op, Op::In | Op::NotIn) && list_len(&f.value) > 1)
                            // "him or her": between two function words.
                            || i > 0 && p[i - 1].kind == PieceKind::Stop && p.get(i + 1).is_some_and(|n| n.kind == PieceKind::Stop)
                    }
                    Cue::Contains => plan.filters.iter().chain(plan.any_of.iter().flatten()).any(|f| f.op == Op::Like),
                    _ => true,
                };
                if !ok {
                    return Err(dropped(&x.words));
                }
            }
            PieceKind::Lex(cands) if listed_table_dropped(m, p, plan, i, cands) => {
                return Err(format!(
                    "I read '{}' as one of the things to show, but the answer would show none of its own columns; name one, e.g. 'the names of the {}'.",
                    x.words,
                    x.words.to_lowercase()
                ));
            }
            PieceKind::Lex(cands) => {
                // A table the plan reads, a column it already uses ("satisfaction
                // score", "form of government"), a unit ("in hours"), or only a
                // forgiven misspelling ("toatl"): no part of the question is lost.
                let in_plan = cands.iter().any(|c| match &c.target {
                    Target::Table(t) => {
                        tables.contains(t)
                            || value_of_rows(m, plan, p, used, i, *t)
                            || bridges(m, &tables, *t)
                            || sibling_bridges(m, &tables, *t)
                            || rows_called(m, &tables, &x.norm)
                            || scope_of_total(m, plan, &tables, p, i, *t)
                            // "the nicknames of schools" on `school_details`.
                            || tables.iter().any(|&u| schema::extends(m, u, *t))
                    }
                    Target::Column(t, k) => columns.contains(&(*t, *k)),
                    Target::Dimension(d) => m.dimensions.get(*d).and_then(|d| resolve(m, &d.column)).is_some_and(|tc| columns.contains(&tc)),
                    Target::Unit(..) => true,
                    _ => false,
                }) || cands.iter().all(|c| c.fuzzy) && !cands.iter().any(|c| matches!(c.target, Target::Value(..)))
                    // "for renting arrears" is no misspelling: of several
                    // words, some are spelled right, and what they name
                    // must be read ("reserved a room" is, `reservations`).
                    && (!x.words.contains(' ') || cands.iter().any(|c| matches!(c.target, Target::Column(t, _) if tables.contains(&t))));
                if !in_plan {
                    return Err(format!(
                        "I recognised '{}' ({}) but couldn't work out how it fits the question; answering without it would answer a different question.",
                        x.words,
                        describe(m, cands.first().map(|c| &c.target))
                    ));
                }
                // Shown, as the reading of a word the dataset does not use.
                if x.related {
                    notes.push(Ambiguity {
                        words: x.words.clone(),
                        chosen: format!("is read as {}, a related word (WordNet)", describe(m, cands.first().map(|c| &c.target))),
                        alternatives: Vec::new(),
                    });
                }
            }
            PieceKind::Unknown => notes.push(Ambiguity {
                words: x.words.clone(),
                chosen: if super::dataset_words::names_dataset(m, &x.norm) {
                    format!("read as the dataset itself ({}), which adds no condition", m.name)
                } else {
                    "read as a verb that adds no condition".into()
                },
                alternatives: Vec::new(),
            }),
            _ => {}
        }
    }
    or_without_alternative(p, plan)?;
    Ok(notes)
}

/// "Show the players and the years played", "the rank, company, and
/// market value": a table's noun asked for first and joined by "and" to
/// what is listed, or standing inside a list of columns, asks to see its
/// rows too; a listing that shows neither their name nor their key drops
/// them.
fn listed_table_dropped(m: &Manifest, p: &[Piece], plan: &Plan, i: usize, cands: &[Cand]) -> bool {
    let Some(Target::Table(t)) = cands.first().map(|c| &c.target) else { return false };
    if !plan.measures.is_empty() || plan.fields.is_empty() && plan.dimensions.is_empty() {
        return false;
    }
    if !listed_position(p, i) {
        return false;
    }
    let own = [super::schema::row_name(m, *t), super::schema::row_key(m, *t)];
    let shows = plan.fields.iter().chain(plan.dimensions.iter().map(|d| &d.name)).any(|n| {
        resolve(m, n).is_some_and(|(u, c)| u == *t && own.contains(&Some(c)))
    });
    !shows
}

/// Piece `i` is an item of what is listed: the first thing asked for,
/// joined by "and" to the next ("Show the players and ..."), or an item
/// inside a list ("the rank, company, and market value"); not a noun
/// inside a condition ("both tracks with ... and tracks with ...").
pub(super) fn listed_position(p: &[Piece], i: usize) -> bool {
    let first = p[..i].iter().all(|x| x.kind == PieceKind::Stop);
    let next = (i + 1..p.len()).find(|&k| p[k].kind != PieceKind::Stop);
    let prev = (0..i).rev().find(|&k| p[k].kind != PieceKind::Stop);
    let joins = |k: Option<usize>| k.is_some_and(|k| p[k].cue() == Some(Cue::And) || p[k].kind == PieceKind::Punct(','));
    first && next.is_some_and(|k| p[k].cue() == Some(Cue::And)) || joins(prev) && joins(next)
}

/// "When did Carole Bernhard first become a customer?" asks for a time:
/// an answer that shows no date, time or year column answers another
/// question.
fn when_without_time(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    let Some(first) = p.iter().find(|x| !matches!(x.kind, PieceKind::Punct(_))) else { return Ok(()) };
    if first.norm != "when" || !plan.measures.is_empty() {
        return Ok(());
    }
    let timely = |name: &String| {
        resolve(m, name).is_some_and(|(t, c)| {
            let col = &m.tables[t].columns[c];
            crate::semantic::is_temporal(&col.ty)
                || split_identifier(&col.name).iter().any(|w| {
                    matches!(w.as_str(), "date" | "time" | "year" | "day" | "month" | "dt" | "yr" | "when")
                        // `founded`, `built`, `opened`: a column named for
                        // an event holds when it happened.
                        || w.len() > 4 && w.ends_with("ed")
                        || crate::planner::verbs::is_irregular_past(w)
                })
        })
    };
    let shown: Vec<&String> = plan.fields.iter().chain(plan.dimensions.iter().map(|d| &d.name)).collect();
    if !shown.is_empty() && !shown.iter().any(|n| timely(n)) {
        return Err("The question asks when, but I found no date, time or year to show for it.".into());
    }
    Ok(())
}

/// After "both" at `i`, some word before the "and" that joins the pair
/// was read (or no "and" follows).
///
/// When the pair starts with a value ("both good and bad customers"), the
/// word after the "and" must be read as one too, not as a column's name
/// (`good_or_bad_customer`): else the second value is dropped.
fn first_of_pair_read(p: &[Piece], used: &[bool], i: usize) -> bool {
    let Some(and) = (i + 1..p.len()).find(|&k| p[k].cue() == Some(Cue::And)) else { return true };
    let is_value = |k: usize| matches!(p[k].kind, PieceKind::Quoted(..)) || matches!(p[k].top(), Some(Target::Value(..)));
    if !(i + 1..and).any(|k| used.get(k).copied().unwrap_or(false)) {
        return false;
    }
    let first = (i + 1..and).find(|&k| p[k].kind != PieceKind::Stop);
    !first.is_some_and(is_value) || (and + 1..p.len()).find(|&k| p[k].kind != PieceKind::Stop).is_some_and(is_value)
}

/// "courses in the Physics department": the table's noun beside a value
/// the plan compares on a column that points at the table's rows
/// (`course.dept_name` -> `department.dept_name`) names the value's kind,
/// not more rows to read.
fn value_of_rows(m: &Manifest, plan: &Plan, p: &[Piece], used: &[bool], i: usize, t: usize) -> bool {
    let near = (i.saturating_sub(2)..=i + 2).filter(|&k| k != i && k < p.len()).any(|k| {
        used.get(k).copied().unwrap_or(false)
            && (matches!(p[k].kind, PieceKind::Quoted(..)) || matches!(p[k].top(), Some(Target::Value(..))))
    });
    // A value inside a set's conditions ("titles in Statistics but not
    // Psychology departments") names its kind the same way.
    let inner = plan.filters.iter().flat_map(|f| match &f.value {
        Some(Operand::Rows { filters, .. }) => filters.as_slice(),
        _ => &[],
    });
    near && plan.filters.iter().chain(plan.any_of.iter().flatten()).chain(inner).any(|f| {
        matches!(f.op, Op::Eq | Op::In | Op::Ne | Op::NotIn)
            && matches!(f.value, Some(Operand::Value(_)))
            && resolve(m, &f.field).is_some_and(|fc| {
                m.joins.iter().any(|j| resolve(m, &j.from) == Some(fc) && resolve(m, &j.to).is_some_and(|(tt, _)| tt == t))
            })
    })
}

/// "the positions of players" read from `match_season`, whose rows each
/// hold a `player`: a table the plan reads has a column called by the word
/// alone, so each of its rows is one of those things and the word is borne
/// out without the table it also names.
fn rows_called(m: &Manifest, tables: &BTreeSet<usize>, word: &str) -> bool {
    let w = crate::planner::tokenize::stem(word);
    // A key pointing at that table (`products.manufacturer` at
    // `manufacturers`) is not the thing: its rows are elsewhere.
    tables.iter().any(|&u| {
        m.tables.get(u).is_some_and(|t| {
            (0..t.columns.len()).any(|c| !schema::in_a_join(m, u, c) && matches!(split_identifier(&t.columns[c].name).as_slice(), [one] if *one == w))
        })
    })
}

/// "the members of the club 'Bootup Baltimore'" read as `member_of_club`:
/// the table points at two tables the plan reads (`student`, `club`), so
/// the plan's rows are joined through it and the phrase is borne out.
/// "the total checking balance in all accounts", "the average balance in
/// checking accounts": one overall figure over rows that each belong to a
/// row of table `t` (every table the plan reads points at `t`), with `t`
/// named after "in", "of", "across" or "for" and no condition of its own,
/// is over all of them anyway; the words add nothing. Not when the figure
/// is grouped or filtered on totals, nor when a clause follows ("in all
/// departments whose ..."), which would be a condition on `t`.
fn scope_of_total(m: &Manifest, plan: &Plan, tables: &BTreeSet<usize>, p: &[Piece], i: usize, t: usize) -> bool {
    // A count over them ("how many council taxes for renting arrears")
    // may count either rows; a total or an average is of the column's.
    let overall = !plan.measures.is_empty() && !counts(plan) && plan.dimensions.is_empty() && plan.fields.is_empty() && plan.having.is_empty();
    // Each row of `u` belongs to one of `t`: `u` points at `t`. (A join the
    // other way, key to key, says only that `t`'s rows are among `u`'s:
    // "the average age of all gymnasts" is not over all people.)
    let belongs = |u: usize| schema::foreign_key(m, u, t).is_some();
    if !overall || tables.is_empty() || tables.contains(&t) || !tables.iter().all(|&u| belongs(u)) {
        return false;
    }
    let mut k = i;
    // "in checking accounts": the plan's own table as the noun's modifier.
    if k > 0 && matches!(p[k - 1].top(), Some(Target::Table(u)) if tables.contains(u)) {
        k -= 1;
    }
    while k > 0 && matches!(p[k - 1].norm.as_str(), "all" | "the" | "these" | "those" | "every") {
        k -= 1;
    }
    let scoped = k > 0 && matches!(p[k - 1].norm.as_str(), "in" | "of" | "across" | "for");
    let clause = p.get(i + 1).is_some_and(|n| {
        !matches!(n.kind, PieceKind::Punct(_)) && (n.cue().is_some() || matches!(n.norm.as_str(), "whose" | "with" | "that" | "which" | "where" | "who" | "having"))
    });
    scoped && !clause
}

fn bridges(m: &Manifest, tables: &BTreeSet<usize>, t: usize) -> bool {
    tables.iter().filter(|&&u| u != t && schema::foreign_key(m, t, u).is_some()).count() >= 2
}

/// "the activities Mark Giuliano participates in", with Mark Giuliano on
/// `faculty`: "participates in" names `participates_in` (students'), but
/// the plan's rows are linked by `faculty_participates_in`, whose name is
/// the same words after the rows' own: the phrase names that link.
fn sibling_bridges(m: &Manifest, tables: &BTreeSet<usize>, t: usize) -> bool {
    let words = |k: usize| split_identifier(&m.tables[k].name);
    let tw = words(t);
    (0..m.tables.len()).any(|u| {
        let uw = words(u);
        u != t && uw.len() > tw.len() && uw.ends_with(&tw) && bridges(m, tables, u)
    })
}

/// "finished first", "came first in the race": "first" alone read as a
/// first-name column. Only "first and last name", "first, middle and last
/// names" (coordinated with another name's word) say the name; otherwise
/// "first" is a place in an order, which the plan doesn't read.
pub(super) fn bare_first(pieces: &[Piece], matches: &[Match]) -> Result<(), String> {
    let as_column = matches.iter().any(|m| m.words.eq_ignore_ascii_case("first") && matches!(m.kind, MatchKind::Column | MatchKind::Dimension));
    if !as_column {
        return Ok(());
    }
    for (i, x) in pieces.iter().enumerate() {
        if !x.words.eq_ignore_ascii_case("first") || x.lex().is_none() {
            continue;
        }
        let joins = |k: usize| matches!(pieces[k].kind, PieceKind::Cue(Cue::And | Cue::Or) | PieceKind::Punct(','));
        let joined = pieces.get(i + 1).is_some_and(|_| joins(i + 1));
        let next = (i + 1..pieces.len()).find(|&k| !joins(k) && !pieces[k].words.eq_ignore_ascii_case("the"));
        if !(joined && next.is_some_and(|k| pieces[k].lex().is_some())) {
            return Err("I read 'first' as a first-name column, but nothing names the rest of the name; it may say a place in an order, which I couldn't read.".into());
        }
    }
    Ok(())
}

/// Every column the reading matched must reach the plan: a column named in
/// the question and then left out ("names and type codes" listing only the
/// names) is a dropped part of the question.
pub(super) fn check_matches(m: &Manifest, matches: &[Match], plan: &Plan) -> Result<(), String> {
    most_of_a_name(m, matches, plan)?;
    range_on_flag(m, plan)?;
    summed_key(m, plan)?;
    super::bounded::check(matches, plan)?;
    let cols = plan_columns(m, plan);
    let tables = plan_tables(m, plan);
    for x in matches {
        // "Show the names and total passengers of stations": "names" read
        // as the rows, then only a total shown; the names are dropped.
        if x.kind == MatchKind::Table && matches!(x.words.to_lowercase().as_str(), "name" | "names") && !output_has(m, plan, is_name_like) {
            return Err(format!("I read '{}' as the {} rows, but the answer would show no names.", x.words, x.target));
        }
        // "the accession numbers of the accessions collected in 2022" read
        // as the accession rows, then only the collector shown: the
        // numbers asked for are dropped.
        let last = x.words.to_lowercase().split_whitespace().last().map(str::to_string).unwrap_or_default();
        if x.kind == MatchKind::Table && x.words.contains(' ') && matches!(last.as_str(), "number" | "numbers" | "id" | "ids") && !output_has(m, plan, is_id_like) {
            return Err(format!("I read '{}' as the {} rows, but the answer would show none of their ids.", x.words, x.target));
        }
        if !matches!(x.kind, MatchKind::Column | MatchKind::Dimension) {
            continue;
        }
        let Some(tc) = resolve(m, &x.target) else { continue };
        // "Who is currently working on ...?" with an `Is_Current` column:
        // an adverb says a condition on the column, never a column to show.
        let adverb = !crate::planner::lexicon::adjective_of_adverb(&last).is_empty();
        if adverb && !plan.filters.iter().any(|f| resolve(m, &f.field) == Some(tc)) {
            return Err(format!("I read '{}' as the column {}, but found no condition on it to apply.", x.words, x.target));
        }
        // A table's key or name standing for its rows ("how many cards")
        // is borne out by the table being read.
        let stands_for_rows = tables.contains(&tc.0) && (is_id_like(m, tc.0, tc.1) || schema::row_name(m, tc.0) == Some(tc.1));
        if !cols.contains(&tc) && !stands_for_rows {
            return Err(format!(
                "I read '{}' as the column {}, but couldn't work out where it goes in the answer.",
                x.words, x.target
            ));
        }
    }
    Ok(())
}

/// "programmes that have had at least one live episode" read as
/// `IsLive >= 1`: a yes/no column (`Y`/`N`, `1`/`0`, a boolean) has no
/// order; a range on it is a count or a number misplaced.
fn range_on_flag(m: &Manifest, plan: &Plan) -> Result<(), String> {
    for f in &plan.filters {
        if !matches!(f.op, Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Between) {
            continue;
        }
        let Some((t, c)) = resolve(m, &f.field) else { continue };
        let qualified = format!("{}.{}", m.tables[t].name, m.tables[t].columns[c].name);
        let boolean = m.tables[t].columns[c].ty.eq_ignore_ascii_case("BOOLEAN");
        let pair = m.dimensions.iter().any(|d| d.column.eq_ignore_ascii_case(&qualified) && super::flags::yes_and_no(&d.values).is_some());
        if boolean || pair {
            return Err(format!("I read a comparison on {qualified}, a yes/no column, which has no order to compare."));
        }
    }
    Ok(())
}

/// "stocks that weigh more than 250 gsm or were used for a job with a
/// quantity over 30000": an "or" between two conditions read (by whatever
/// piece took it) into a plan with no alternative in it (no list of
/// values, no `any_of`, no union) answers "and" instead. Not "one or
/// more", "him or her".
fn or_without_alternative(p: &[Piece], plan: &Plan) -> Result<(), String> {
    fn alternative(v: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Object(o) => {
                let list = matches!(o.get("op").and_then(|x| x.as_str()), Some("in" | "not_in")) && o.get("value").and_then(|x| x.as_array()).is_some_and(|a| a.len() > 1);
                let nonempty = |k: &str| o.get(k).and_then(|x| x.as_array()).is_some_and(|a| !a.is_empty());
                list || nonempty("any_of") || nonempty("union") || o.values().any(alternative)
            }
            serde_json::Value::Array(a) => a.iter().any(alternative),
            _ => false,
        }
    }
    let quantity = |x: Option<&Piece>| {
        let first = |x: &Piece| x.words.split_whitespace().next().map(str::to_lowercase).unwrap_or_default();
        x.is_some_and(|x| matches!(x.kind, PieceKind::Number(_) | PieceKind::Time(_)) || matches!(first(x).as_str(), "more" | "less" | "fewer" | "greater" | "higher" | "lower" | "above" | "below" | "equal" | "over" | "under" | "later" | "earlier" | "after" | "before"))
    };
    let pronoun = |x: &Piece| matches!(x.norm.as_str(), "he" | "she" | "him" | "her" | "his" | "hers" | "they" | "them" | "it");
    let said = (0..p.len()).any(|i| {
        p[i].cue() == Some(Cue::Or)
            && p[i].words.eq_ignore_ascii_case("or")
            && !quantity(p.get(i + 1))
            && !(i > 0 && quantity(p.get(i - 1)) && p.get(i + 1).is_some_and(|n| n.kind == PieceKind::Stop))
            && !(i > 0 && pronoun(&p[i - 1]) && p.get(i + 1).is_some_and(pronoun))
    });
    if !said || serde_json::to_value(plan).is_ok_and(|v| alternative(&v)) {
        return Ok(());
    }
    Err("I read 'or' between two conditions but could only answer rows meeting both; say it as two questions.".into())
}

/// "Which batch produced the most bottles?" answered with the bottle count
/// alone: the question asks which rows, and a listing that shows none of
/// their names or keys does not say. Not when a second sentence says what
/// to show ("Which order ...? Give me the order id.").
fn which_unnamed(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    let Some(first) = p.iter().position(|x| !matches!(x.kind, PieceKind::Punct(_))) else { return Ok(()) };
    if p[first].norm != "which" || !plan.measures.is_empty() || plan.fields.is_empty() {
        return Ok(());
    }
    // "Which order has the most recent shipment? Give me the order id.": a
    // second sentence says what to show.
    let asks = |x: &Piece| super::group_asked::ASKING.contains(&x.norm.as_str()) || x.norm == "find";
    if (1..p.len()).any(|k| matches!(p[k - 1].kind, PieceKind::Punct(_)) && asks(&p[k])) {
        return Ok(());
    }
    let Some(x) = p.get(first + 1) else { return Ok(()) };
    let Some(Target::Table(t)) = x.lex().and_then(|c| c.first()).filter(|c| !c.fuzzy).map(|c| &c.target) else { return Ok(()) };
    // Or a column pointing at the rows' key ("Which orders have the latest
    // invoices?" shows `invoices.order_id`).
    let tname = &m.tables[*t].name;
    let points = |u: usize, c: usize| {
        let from = format!("{}.{}", m.tables[u].name, m.tables[u].columns[c].name);
        m.joins.iter().any(|j| j.from.eq_ignore_ascii_case(&from) && j.to.split_once('.').is_some_and(|(to, _)| to.eq_ignore_ascii_case(tname)))
    };
    let named = output_columns(m, plan)
        .into_iter()
        .any(|(u, c)| u == *t && (is_name_like(m, u, c) || is_row_key(m, u, c) || is_id_like(m, u, c)) || points(u, c));
    if named {
        return Ok(());
    }
    Err(format!("I read 'which {}' but the answer would show none of their names; ask for the name as well.", x.words.to_lowercase()))
}

/// "the average amount paid for rentals of kayaks" read as the average of
/// `rental.kayak`: a total or an average of a column that joins one table
/// to another (a key pointing at rows, or the key pointed at) adds up ids,
/// which means nothing; the question asked about another number.
fn summed_key(m: &Manifest, plan: &Plan) -> Result<(), String> {
    for me in &plan.measures {
        let (agg, column) = match &me.metric {
            Some(name) => match m.metrics.iter().find(|x| x.name == *name).and_then(|x| crate::planner::lexicon::parse_simple_agg(m, &x.expr)) {
                Some(a) => (a.agg, a.column),
                None => continue,
            },
            None => (me.agg.unwrap_or(crate::plan::Agg::Count), me.column.as_deref().and_then(|c| resolve(m, c))),
        };
        let Some((t, c)) = column else { continue };
        if !matches!(agg, crate::plan::Agg::Sum | crate::plan::Agg::Avg) {
            continue;
        }
        let q = schema::qualified(m, t, c);
        // A join found on a single shared value (`stadium.home_games` ->
        // `game.id`, both 1) is no evidence the column holds ids.
        let weak = |j: &crate::semantic::Join| j.evidence.as_ref().is_some_and(|e| e.distinct < 3);
        let joins = m.joins.iter().any(|j| !weak(j) && (j.from.eq_ignore_ascii_case(&q) || j.to.eq_ignore_ascii_case(&q)));
        let key = schema::row_key(m, t) == Some(c);
        if joins || key {
            let what = if agg == crate::plan::Agg::Sum { "total" } else { "average" };
            return Err(format!("I read an {what} of {q}, but it holds ids that point at rows, not amounts; say which number to take the {what} of."));
        }
    }
    Ok(())
}

/// "the names of all music genres" read with `playlist.name = 'Music'`: a
/// word in lower case that a value of one table holds, standing before a
/// noun naming another table's rows, says what kind of those rows is
/// meant; taken as the value of a table the rows reach only through
/// others, it would keep the genres of tracks on the playlist "Music".
/// The rows' own table, or one joined to it directly ("female members",
/// the members' students being female), is read as before.
fn value_as_modifier(m: &Manifest, p: &[Piece], plan: &Plan) -> Result<(), String> {
    for k in 0..p.len().saturating_sub(1) {
        let Some(Target::Value(field, value)) = p[k].top() else { continue };
        let lower = p[k].words.chars().next().is_some_and(char::is_lowercase);
        if p[k].capital || !lower || p[k].words.contains(' ') {
            continue;
        }
        let Some(Target::Table(rows)) = p[k + 1].top() else { continue };
        let Some((t, Some(c))) = schema::field_info(m, *field).map(|f| (f.table, f.column)) else { continue };
        let near = t == *rows || schema::foreign_key(m, t, *rows).is_some() || schema::foreign_key(m, *rows, t).is_some();
        let used = plan.filters.iter().chain(plan.any_of.iter().flatten()).any(|f| resolve(m, &f.field) == Some((t, c)));
        if !near && used {
            return Err(format!(
                "I read '{}' as the value '{value}' of {}, but it stands before '{}' as a kind of them, and {} rows reach those only through other tables; I couldn't tell which was meant.",
                p[k].words,
                schema::qualified(m, t, c),
                p[k + 1].words,
                m.tables[t].name
            ));
        }
    }
    Ok(())
}

/// "the names of directors whose movies are rated by Sarah Martinez" read
/// as the reviewers' names, with `reviewer.name = 'Sarah Martinez'`: a
/// column asked for that a condition sets to one value gives that value
/// back on every row. The question asked about other rows, which the
/// word asked for was not read as. When a word of the column stands by
/// the value ("in the city of Goroka", "with major 600", "Clemson as its
/// team name"), the condition named its column, and the column is shown
/// beside the answer or asked for again.
pub(super) fn echoed_value(m: &Manifest, p: &[Piece], matches: &[Match], plan: &Plan) -> Result<(), String> {
    if !plan.measures.is_empty() {
        return Ok(());
    }
    let fields: BTreeSet<(usize, usize)> = plan.fields.iter().filter_map(|f| resolve(m, f)).collect();
    let at = |words: &str| -> Vec<usize> { (0..p.len()).filter(|&k| p[k].words == words).collect() };
    for f in &plan.filters {
        let Some(Operand::Value(v)) = f.value.as_ref().filter(|_| f.op == Op::Eq) else { continue };
        if v.is_array() {
            continue;
        }
        // Only a value naming a row ("Sarah Martinez" of `reviewer.name`)
        // says whose rows were asked; "stations in London" may show their
        // location again.
        let names_row = |&(t, c): &(usize, usize)| schema::row_name(m, t) == Some(c);
        let Some(tc) = resolve(m, &f.field).filter(|tc| fields.contains(tc) && names_row(tc)) else { continue };
        let shown = match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        // Where the value stands: its value match, else its own words.
        let value_at: Vec<usize> = matches
            .iter()
            .filter(|x| matches!(x.kind, MatchKind::Value | MatchKind::Comparison) && x.target.ends_with(&format!("= {shown}")))
            .flat_map(|x| at(&x.words))
            .chain(at(&shown))
            .collect();
        if value_at.is_empty() {
            continue;
        }
        let words: Vec<&Match> = matches.iter().filter(|x| x.kind == MatchKind::Column && resolve(m, &x.target) == Some(tc)).collect();
        // Within three words of the value, articles not counted.
        let article = |k: usize| matches!(p[k].norm.as_str(), "the" | "a" | "an" | "its" | "their" | "his" | "her");
        let near = |k: usize| value_at.iter().any(|&v| (k.min(v)..k.max(v)).filter(|&i| i == k.min(v) || !article(i)).count() <= 3);
        // A word of the column by the value is the condition's; another
        // mention then asks for the column itself ("the cities of
        // reviewers in the city of Boston").
        if words.iter().any(|x| at(&x.words).into_iter().any(near)) {
            continue;
        }
        if let Some(x) = words.iter().find(|x| !at(&x.words).is_empty()) {
            return Err(format!(
                "I read '{}' as {}, which the question sets to '{shown}'; the answer would give '{shown}' back on every row, so '{}' was probably asked of other rows, which I couldn't work out.",
                x.words, x.target, x.words
            ));
        }
    }
    Ok(())
}

/// "The publisher that has published the most books" read as the books'
/// titles in descending order: "most", "fewest" or "least" of a text
/// column or of a key is no order at all (a count was meant), so the
/// reading is refused rather than answered with the last title.
fn most_of_a_name(m: &Manifest, matches: &[Match], plan: &Plan) -> Result<(), String> {
    let Some(cue) = matches.iter().find(|x| {
        x.kind == MatchKind::Order
            && x.words.split_whitespace().any(|w| matches!(w.to_ascii_lowercase().as_str(), "most" | "fewest" | "least"))
    }) else {
        return Ok(());
    };
    for o in &plan.order {
        let Some((t, c)) = resolve(m, &o.by) else { continue };
        let Some(info) = schema::field_info(m, crate::planner::lexicon::Field::Col(t, c)) else { continue };
        let col = &m.tables[t].columns[c];
        let key = m.tables[t].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
            || col.name.to_ascii_lowercase().ends_with("id");
        if (!info.numeric && !info.temporal) || key {
            return Err(format!(
                "I read '{}' as ordering by {}, which holds names or keys, not amounts; I couldn't tell what to count.",
                cue.words, o.by
            ));
        }
    }
    Ok(())
}

/// Every (table, column) a plan names, including the columns of its metrics.
fn plan_columns(m: &Manifest, plan: &Plan) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    for n in plan_names(plan) {
        if let Some(tc) = resolve(m, &n) {
            out.insert(tc);
        } else if let Some(met) = m.metrics.iter().find(|x| x.name.eq_ignore_ascii_case(&n)) {
            let expr = met.expr.to_ascii_lowercase();
            for (ti, t) in m.tables.iter().enumerate().filter(|(_, t)| t.name.eq_ignore_ascii_case(&met.table)) {
                for (ci, c) in t.columns.iter().enumerate() {
                    if expr.contains(&c.name.to_ascii_lowercase()) {
                        out.insert((ti, ci));
                    }
                }
            }
        }
    }
    out
}

/// Every name a plan uses: fields, dimensions, measures, filters, orders.
fn plan_names(plan: &Plan) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for x in &plan.measures {
        out.extend(x.metric.iter().cloned());
        out.extend(x.column.iter().cloned());
        out.extend(x.filters.iter().map(|f| f.field.clone()));
    }
    out.extend(plan.fields.iter().cloned());
    out.extend(plan.dimensions.iter().map(|d| d.name.clone()));
    for f in plan.filters.iter().chain(&plan.having).chain(plan.any_of.iter().flatten()) {
        out.push(f.field.clone());
        match &f.value {
            Some(Operand::Column { column }) => out.push(column.clone()),
            Some(Operand::Rows { column, filters } | Operand::Aggregate { column, filters, .. }) => {
                out.push(column.clone());
                for g in filters {
                    out.push(g.field.clone());
                    // A semi-join inside the sub-query ("last names of no
                    // technician assigned a work order").
                    if let Some(Operand::Column { column }) = &g.value {
                        out.push(column.clone());
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(l) = &plan.latest_per {
        out.push(l.entity.clone());
        out.push(l.time.clone());
    }
    if let Some(x) = &plan.extreme_per {
        out.push(x.partition.clone());
        out.push(x.by.clone());
    }
    if let Some(o) = &plan.outliers {
        out.push(o.column.clone());
        out.extend(o.partition.iter().cloned());
    }
    out.extend(plan.order.iter().map(|o| o.by.clone()));
    out
}

/// The nearest content piece before or after `i` (past "of", "the") was
/// placed as a column, dimension or value.
fn neighbour_used(m: &Manifest, p: &[Piece], used: &[bool], i: usize) -> bool {
    // A key is no name: "names of counties" read as `city.county_id` shows ids.
    let named = |t: &Target| match t {
        Target::Column(t, c) => !is_id_like(m, *t, *c),
        Target::Dimension(d) => m.dimensions.get(*d).and_then(|d| resolve(m, &d.column)).is_some_and(|(t, c)| !is_id_like(m, t, c)),
        _ => false,
    };
    let content = |k: usize| used.get(k).copied().unwrap_or(false)
        && p[k].lex().and_then(|c| c.first()).is_some_and(|c| named(&c.target));
    let after = (i + 1..p.len()).find(|&k| !matches!(p[k].norm.as_str(), "of" | "the" | "a" | "an" | "all" | "their" | "its"));
    let before = i.checked_sub(1);
    after.is_some_and(content) || before.is_some_and(content)
}

/// "the phone number": "number" right after a word read as a column the
/// answer shows (not a key) is that column's own noun, no count.
fn compound_number(m: &Manifest, p: &[Piece], used: &[bool], plan: &Plan, i: usize) -> bool {
    let Some(b) = i.checked_sub(1) else { return false };
    let shown = output_columns(m, plan);
    used.get(b).copied().unwrap_or(false)
        && p[b].lex().unwrap_or_default().iter().any(|c| match &c.target {
            Target::Column(t, k) => !is_id_like(m, *t, *k) && shown.contains(&(*t, *k)),
            _ => false,
        })
}

/// "with name 'cumin'", "whose name is Koby", "name contains 'a'": a value
/// follows the word within its clause, so the name is the filter's. "The
/// name, role code and date of birth of the employee named 'Armani'" lists
/// the name instead: a filter on a name elsewhere does not bear it out.
/// "'Book' in its name" puts the value just before the word.
fn names_value(p: &[Piece], i: usize) -> bool {
    value_after(p, i, 5) || p[..i].iter().rev().take(3).take_while(in_clause).any(is_value)
}

/// A value within three words after piece `i`, in its clause.
fn id_value(p: &[Piece], i: usize) -> bool {
    value_after(p, i, 3)
}

/// A value (quoted text, a number, a stored value) within `n` pieces
/// after piece `i`, in its clause.
fn value_after(p: &[Piece], i: usize, n: usize) -> bool {
    p.iter().skip(i + 1).take(n).take_while(in_clause).any(is_value)
}

fn in_clause(x: &&Piece) -> bool {
    !matches!(x.kind, PieceKind::Punct(_))
}

fn is_value(x: &Piece) -> bool {
    matches!(x.kind, PieceKind::Quoted(..) | PieceKind::Number(_)) || x.top().is_some_and(|t| matches!(t, Target::Value(..)))
}

fn filter_has(m: &Manifest, plan: &Plan, test: fn(&Manifest, usize, usize) -> bool) -> bool {
    plan.filters.iter().filter_map(|f| resolve(m, &f.field)).any(|(t, c)| test(m, t, c))
}

/// "the number of" right before a count cue's noun is part of the count.
fn count_phrase(p: &[Piece], i: usize) -> bool {
    p.get(i + 1).is_some_and(|n| n.norm == "of") && p[..i].iter().any(|x| matches!(x.cue(), Some(Cue::Count | Cue::CountDistinct)))
}

fn list_len(v: &Option<Operand>) -> usize {
    match v {
        Some(Operand::Value(serde_json::Value::Array(a))) => a.len(),
        _ => 0,
    }
}

fn counts(plan: &Plan) -> bool {
    plan.measures.iter().any(|m| {
        matches!(m.agg, Some(crate::plan::Agg::Count | crate::plan::Agg::CountDistinct))
            || m.metric.as_deref().is_some_and(|n| n.contains("count") || n.starts_with("num"))
    })
}

/// What a leftover phrase names, for the refusal.
fn describe(m: &Manifest, t: Option<&Target>) -> String {
    match t {
        Some(Target::Table(t)) => format!("the table {}", m.tables.get(*t).map(|x| x.name.as_str()).unwrap_or("?")),
        Some(Target::Column(t, c)) | Some(Target::Unit(t, c)) => format!("the column {}", schema::qualified(m, *t, *c)),
        Some(Target::Dimension(d)) => format!("the column {}", m.dimensions.get(*d).map(|x| x.name.as_str()).unwrap_or("?")),
        Some(Target::Metric(i)) => format!("the measure {}", m.metrics.get(*i).map(|x| x.name.as_str()).unwrap_or("?")),
        Some(Target::Segment(i)) => format!("the condition {}", m.segments.get(*i).map(|x| x.name.as_str()).unwrap_or("?")),
        Some(Target::Value(..)) => "a value in the data".into(),
        None => "something in this dataset".into(),
    }
}

/// The columns the plan shows: fields, dimensions and aggregated columns,
/// as (table, column) when they are columns.
fn output_columns(m: &Manifest, plan: &Plan) -> Vec<(usize, usize)> {
    let names = plan
        .fields
        .iter()
        .chain(plan.dimensions.iter().map(|d| &d.name))
        .chain(plan.measures.iter().filter_map(|x| x.column.as_ref()));
    names.filter_map(|n| resolve(m, n)).collect()
}

fn output_has(m: &Manifest, plan: &Plan, test: fn(&Manifest, usize, usize) -> bool) -> bool {
    output_columns(m, plan).into_iter().any(|(t, c)| test(m, t, c))
}

/// `table.column` or a dimension name, as (table, column).
pub(super) fn resolve(m: &Manifest, name: &str) -> Option<(usize, usize)> {
    let qualified = m
        .dimensions
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
        .map(|d| d.column.as_str())
        .unwrap_or(name);
    let (t, c) = qualified.split_once('.')?;
    let ti = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))?;
    let ci = m.tables[ti].columns.iter().position(|x| x.name.eq_ignore_ascii_case(c))?;
    Some((ti, ci))
}

fn words_of(m: &Manifest, t: usize, c: usize) -> Vec<String> {
    m.tables.get(t).and_then(|x| x.columns.get(c)).map(|c| split_identifier(&c.name)).unwrap_or_default()
}

/// A column that names its rows: called a name or title, or the table's label.
pub(super) fn is_name_like(m: &Manifest, t: usize, c: usize) -> bool {
    let w = words_of(m, t, c);
    w.iter().any(|x| matches!(x.as_str(), "name" | "names" | "title" | "nm" | "fname" | "lname"))
        || schema::row_name(m, t) == Some(c) && m.tables[t].columns[c].ty.to_ascii_uppercase().starts_with("VARCHAR")
        // `customers.customer_details`: what says which row it is, when nothing is called a name.
        || schema::row_name(m, t) == schema::row_key(m, t) && schema::described(&m.tables[t]) == Some(c)
}

/// The key of its table's rows.
fn is_row_key(m: &Manifest, t: usize, c: usize) -> bool {
    crate::planner::schema::row_key(m, t) == Some(c)
}

/// Piece `i` stands alone in a list of things asked for: a comma or "and"
/// right after it, and another column named after that.
fn listed_alone(p: &[Piece], i: usize) -> bool {
    let sep = p.get(i + 1).is_some_and(|x| matches!(x.kind, PieceKind::Punct(',')) || x.norm == "and");
    sep && p.get(i + 2).is_some_and(|x| x.lex().is_some())
}

/// A column that identifies its rows: an id, key or code, or the primary
/// key. A status or type code sorts rows into kinds; it names none.
fn is_id_like(m: &Manifest, t: usize, c: usize) -> bool {
    let w = words_of(m, t, c);
    let col = &m.tables[t].columns[c];
    let kind = w.iter().any(|x| matches!(x.as_str(), "status" | "type" | "category" | "kind"));
    w.iter().any(|x| matches!(x.as_str(), "id" | "ids" | "key" | "no" | "num" | "number") || x == "code" && !kind)
        || col.name.to_ascii_lowercase().ends_with("id")
        || m.tables[t].primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&col.name))
}

/// A column holding a number or called one.
fn is_number_like(m: &Manifest, t: usize, c: usize) -> bool {
    let w = words_of(m, t, c);
    let ty = m.tables[t].columns[c].ty.to_ascii_uppercase();
    w.iter().any(|x| matches!(x.as_str(), "number" | "num" | "no" | "nbr" | "count"))
        || ["INT", "BIGINT", "DOUBLE", "DECIMAL", "FLOAT", "HUGEINT", "SMALLINT"].iter().any(|k| ty.starts_with(k))
}

/// Tables the plan reads, by index.
fn plan_tables(m: &Manifest, plan: &Plan) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    let mut add = |name: &str| {
        if let Some((t, _)) = resolve(m, name) {
            out.insert(t);
        } else if let Some(t) = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(name)) {
            out.insert(t);
        } else if let Some(t) = name.split_once('.').and_then(|(t, _)| m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))) {
            out.insert(t);
        } else if let Some(met) = m.metrics.iter().find(|x| x.name.eq_ignore_ascii_case(name)) {
            if let Some(t) = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(&met.table)) {
                out.insert(t);
            }
        } else if let Some(s) = m.segments.iter().find(|x| x.name.eq_ignore_ascii_case(name)) {
            if let Some(t) = m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(&s.table)) {
                out.insert(t);
            }
        }
    };
    for x in &plan.measures {
        if let Some(n) = x.metric.as_ref().or(x.column.as_ref()) {
            add(n);
        }
        for f in &x.filters {
            add(&f.field);
        }
    }
    for n in plan.fields.iter().chain(plan.dimensions.iter().map(|d| &d.name)) {
        add(n);
    }
    for f in plan.filters.iter().chain(plan.any_of.iter().flatten()) {
        add(&f.field);
        match &f.value {
            Some(Operand::Column { column }) => add(column),
            Some(Operand::Rows { column, filters } | Operand::Aggregate { column, filters, .. }) => {
                add(column);
                for g in filters {
                    add(&g.field);
                }
            }
            _ => {}
        }
    }
    if let Some(t) = &plan.rows_of {
        add(t);
    }
    if let Some(x) = &plan.extreme_per {
        add(&x.partition);
        add(&x.by);
    }
    if let Some(l) = &plan.latest_per {
        add(&l.entity);
        add(&l.time);
    }
    for o in &plan.order {
        add(&o.by);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_or_type_code_identifies_no_row() {
        let m = crate::planner::fixtures::fixture("bookings");
        let col = |t: &str, c: &str| {
            let ti = m.tables.iter().position(|x| x.name == t).unwrap();
            (ti, m.tables[ti].columns.iter().position(|x| x.name == c).unwrap())
        };
        for (t, c, want) in [
            ("customer_orders", "order_id", true),
            ("customer_orders", "order_status_code", false),
            ("bookings", "status_code", false),
            ("student", "StuID", true),
        ] {
            let (ti, ci) = col(t, c);
            assert_eq!(is_id_like(&m, ti, ci), want, "{t}.{c}");
        }
    }
}
