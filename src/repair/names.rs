//! Name repairs: a table or column that does not exist replaced by the
//! one it stands for (run-together words, singular/plural, the manifest's
//! synonyms and labels, a typo), a column that lives in a table the query
//! does not read reached by adding the join the manifest declares, and an
//! ambiguous column qualified when the join makes both readings equal.

use super::classify::Failure;
use super::rules::Ctx;
use super::scope::{self, close_enough, InScope, Match};
use super::text;
use super::Fix;
use crate::report::ErrorCategory;
use crate::semantic::{Manifest, Table};
use sqlparser::ast::{Expr, Ident, SetExpr, Statement, VisitMut, VisitorMut};
use std::ops::ControlFlow;

fn fix(name: &str, sql: String, rationale: String) -> Fix {
    Fix { sql, repairer: format!("rules:{name}"), rationale }
}

/// A missing table replaced by the dataset table it stands for.
pub fn table(cx: &Ctx<'_>) -> Option<Fix> {
    let wrong = cx.failure.identifier.as_deref()?;
    let (t, how) = scope::resolve_table(wrong, cx.manifest)?;
    let sql = text::replace_name(cx.sql, wrong, &t.name, false)?;
    Some(fix("table_name", sql, format!("there is no table `{wrong}`; used `{}` ({})", t.name, how.word())))
}

/// A missing column replaced by the column of a table in scope that it
/// stands for.
pub fn column(cx: &Ctx<'_>) -> Option<Fix> {
    let wrong = cx.failure.identifier.as_deref()?;
    let wrong = wrong.rsplit('.').next().unwrap_or(wrong);
    let in_scope = scope::tables(cx.sql, cx.manifest);
    let tables: Vec<&Table> = in_scope.iter().map(|s| s.table).collect();
    let (t, c, how) = scope::resolve_column(wrong, &tables)?;
    if how == Match::Exact {
        return None;
    }
    let sql = text::replace_name(cx.sql, wrong, &c.name, false)?;
    Some(fix("column_name", sql, format!("`{}` has no column `{wrong}`; used `{}` ({})", t.name, c.name, how.word())))
}

/// DuckDB's own suggestion ("Did you mean", "Candidate bindings") when it
/// is a typo away: for names the manifest does not know (CTE columns,
/// functions).
pub fn did_you_mean(cx: &Ctx<'_>) -> Option<Fix> {
    let f: &Failure = cx.failure;
    let wrong = f.identifier.as_deref()?;
    let right = f.candidates.first()?;
    let right = if wrong.contains('.') { right.as_str() } else { right.rsplit('.').next().unwrap_or(right) };
    let w = wrong.rsplit('.').next().unwrap_or(wrong);
    if w.eq_ignore_ascii_case(right) || !close_enough(w, right) {
        return None;
    }
    // A runner-up just as close makes the choice a guess.
    if f.candidates.iter().skip(1).any(|c| {
        let c = c.rsplit('.').next().unwrap_or(c);
        strsim::damerau_levenshtein(&w.to_ascii_lowercase(), &c.to_ascii_lowercase())
            <= strsim::damerau_levenshtein(&w.to_ascii_lowercase(), &right.to_ascii_lowercase())
            && !c.eq_ignore_ascii_case(right)
    }) {
        return None;
    }
    let sql = text::replace_name(cx.sql, w, right, false).or_else(|| text::replace_word(cx.sql, w, right))?;
    Some(fix("did_you_mean", sql, format!("DuckDB did not know `{w}` and suggested `{right}`; replaced it")))
}

/// A column no table in scope has, but exactly one other table has, and
/// the manifest joins that table to exactly one table in scope: add the
/// join and qualify the names it would make ambiguous.
pub fn column_by_join(cx: &Ctx<'_>) -> Option<Fix> {
    let wrong = cx.failure.identifier.as_deref()?;
    if wrong.contains('.') {
        return None;
    }
    let m = cx.manifest;
    let in_scope = scope::tables(cx.sql, m);
    if in_scope.is_empty() || in_scope.iter().any(|s| s.table.columns.iter().any(|c| c.name.eq_ignore_ascii_case(wrong))) {
        return None;
    }
    let others: Vec<&Table> = m.tables.iter().filter(|t| !in_scope.iter().any(|s| s.table.name == t.name)).collect();
    let (target, col, how) = scope::resolve_column(wrong, &others)?;
    let (from, to) = join_between(m, &in_scope, target)?;
    let mut stmt = scope::parse(cx.sql)?;
    let select = match &mut stmt {
        Statement::Query(q) => match q.body.as_mut() {
            SetExpr::Select(s) => s,
            _ => return None,
        },
        _ => return None,
    };
    let first = select.from.first_mut()?;
    let snippet = format!(
        "SELECT 1 FROM x JOIN {t} ON {fq}.{fc} = {t}.{tc}",
        t = target.name,
        fq = from.qualifier,
        fc = from.column,
        tc = to
    );
    let Statement::Query(q) = scope::parse(&snippet)? else { return None };
    let SetExpr::Select(s) = *q.body else { return None };
    let join = s.from.into_iter().next()?.joins.into_iter().next()?;
    first.joins.push(join);
    // Qualify bare names: the moved column with its table, and names the
    // new table shares with a table in scope with that table.
    let mut q = Qualify { wrong: wrong.to_ascii_lowercase(), target, col: col.name.clone(), scope: &in_scope };
    let _ = stmt.visit(&mut q);
    Some(fix(
        "join_column",
        stmt.to_string(),
        format!(
            "no table in the query has `{wrong}`; `{}.{}` is {}, so joined `{}` on {}.{} = {}.{}",
            target.name, col.name, how.word(), target.name, from.qualifier, from.column, target.name, to
        ),
    ))
}

/// The side of a join already in the query.
struct Side {
    qualifier: String,
    column: String,
}

/// The one declared join between a table in scope and `target`: (the in-scope side, the target's column).
fn join_between(m: &Manifest, in_scope: &[InScope<'_>], target: &Table) -> Option<(Side, String)> {
    let mut found = Vec::new();
    for j in &m.joins {
        let (Some((ft, fc)), Some((tt, tc))) = (j.from.split_once('.'), j.to.split_once('.')) else { continue };
        for s in in_scope {
            if ft.eq_ignore_ascii_case(&s.table.name) && tt.eq_ignore_ascii_case(&target.name) {
                found.push((Side { qualifier: s.qualifier.clone(), column: fc.to_string() }, tc.to_string()));
            } else if tt.eq_ignore_ascii_case(&s.table.name) && ft.eq_ignore_ascii_case(&target.name) {
                found.push((Side { qualifier: s.qualifier.clone(), column: tc.to_string() }, fc.to_string()));
            }
        }
    }
    (found.len() == 1).then(|| found.remove(0))
}

struct Qualify<'a, 'm> {
    wrong: String,
    target: &'m Table,
    col: String,
    scope: &'a [InScope<'m>],
}

impl VisitorMut for Qualify<'_, '_> {
    type Break = ();
    fn post_visit_expr(&mut self, e: &mut Expr) -> ControlFlow<()> {
        let Expr::Identifier(id) = e else { return ControlFlow::Continue(()) };
        let name = id.value.to_ascii_lowercase();
        let q = if name == self.wrong {
            Some((self.target.name.clone(), self.col.clone()))
        } else if self.target.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&name)) {
            let owners: Vec<&InScope<'_>> =
                self.scope.iter().filter(|s| s.table.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&name))).collect();
            owners.first().map(|o| (o.qualifier.clone(), id.value.clone()))
        } else {
            None
        };
        if let Some((t, c)) = q {
            *e = Expr::CompoundIdentifier(vec![Ident::new(t), Ident::new(c)]);
        }
        ControlFlow::Continue(())
    }
}

/// An ambiguous bare column qualified with the first table DuckDB names,
/// only when the query's join condition equates the candidates (so every
/// reading gives the same values).
pub fn ambiguous(cx: &Ctx<'_>) -> Option<Fix> {
    let f = cx.failure;
    if f.category != ErrorCategory::AmbiguousColumn {
        return None;
    }
    let col = f.identifier.as_deref()?;
    let [a, b] = f.candidates.as_slice() else { return None };
    let flat: String = cx.sql.chars().filter(|c| !c.is_whitespace() && *c != '"').collect::<String>().to_ascii_lowercase();
    let (la, lb) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    let equal = flat.contains(&format!("{la}={lb}")) || flat.contains(&format!("{lb}={la}")) || flat.contains(&format!("using({})", col.to_ascii_lowercase()));
    if !equal {
        return None;
    }
    let mut t = text::tokens(cx.sql)?;
    let lc = col.to_ascii_lowercase();
    let mut hit = false;
    for i in 0..t.len() {
        if text::word(&t[i]).as_deref() != Some(lc.as_str()) {
            continue;
        }
        let p = text::prev(&t, i);
        let qualified = p.is_some_and(|p| t[p] == sqlparser::tokenizer::Token::Period)
            || text::next(&t, i).is_some_and(|n| t[n] == sqlparser::tokenizer::Token::Period);
        let alias = p.and_then(|p| text::bare(&t[p])).is_some_and(|w| w == "as");
        let in_using = p.is_some_and(|p| t[p] == sqlparser::tokenizer::Token::LParen)
            && text::prev(&t, p.unwrap_or(0)).and_then(|q| text::bare(&t[q])).is_some_and(|w| w == "using");
        if !qualified && !alias && !in_using {
            t[i] = sqlparser::tokenizer::Token::make_word(a, None);
            hit = true;
        }
    }
    hit.then(|| fix("qualify", text::render(&t), format!("`{col}` is in more than one joined table and the join makes them equal; used `{a}`")))
}
