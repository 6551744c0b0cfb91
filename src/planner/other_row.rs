//! A name after a verb and a preposition is another row's: "employees who
//! report to Payam", "people who are friends with Bob", "players managed
//! by Smith". Read as a condition on the listed rows' own name column
//! (`employees.first_name = 'Payam'`), the answer is Payam, not those who
//! report to Payam: the verb relates the rows to another row of a table,
//! which the planner cannot yet follow, so it refuses.
//!
//! Invariants: reads only the final plan, the matches and the pieces;
//! never changes the plan. Only an equality (or list) on a column that
//! names its rows (`name`, `first_name`, `title`, the table's label) of a
//! table the answer shows or counts; only when the words right before the
//! value are a preposition of relation ("to", "with", "by", "under",
//! "against", "for") after a verb (a word the lexicon does not know, or
//! one it knows as adding no condition), never "named", "called",
//! "titled". "films directed by Spielberg" (a `director` column, no name
//! of the films' own) and "customers who live in Utah" (a state) pass.

use crate::plan::{Op, Plan};
use crate::planner::account::{is_name_like, resolve};
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::schema;
use crate::planner::{Match, MatchKind};
use crate::semantic::Manifest;

/// Prepositions that put another row on the far side of a verb.
const RELATION: &[&str] = &["to", "with", "by", "under", "against", "for"];

/// Verbs that give a row its own name.
const NAMING: &[&str] = &["named", "called", "titled", "entitled", "labelled", "labeled", "known"];

/// The tables whose rows the answer shows or counts.
fn answered(m: &Manifest, plan: &Plan) -> Vec<usize> {
    let fields = plan.fields.iter().filter_map(|f| resolve(m, f).map(|(t, _)| t));
    let counted = plan.measures.iter().filter_map(|x| schema::table_of_name(m, x.metric.as_deref()?));
    fields.chain(counted).collect()
}

pub(super) fn check(m: &Manifest, p: &[Piece], matches: &[Match], plan: &Plan) -> Result<(), String> {
    let tables = answered(m, plan);
    for f in plan.filters.iter().filter(|f| matches!(f.op, Op::Eq | Op::In)) {
        let Some((t, c)) = resolve(m, &f.field) else { continue };
        if !tables.contains(&t) || !is_name_like(m, t, c) {
            continue;
        }
        for x in matches.iter().filter(|x| x.kind == MatchKind::Value && x.target.starts_with(&format!("{} ", f.field))) {
            let Some(v) = p.iter().position(|q| q.words == x.words) else { continue };
            // Over an article: "report to the Smith family".
            let mut k = v;
            while k > 0 && matches!(p[k - 1].norm.as_str(), "the" | "a" | "an") {
                k -= 1;
            }
            if k < 2 || !RELATION.contains(&p[k - 1].norm.as_str()) {
                continue;
            }
            let verb = &p[k - 2];
            let verb_like = matches!(verb.kind, PieceKind::Unknown | PieceKind::Soft) && !verb.capital && !verb.words.contains(' ');
            if verb_like && !NAMING.contains(&verb.norm.as_str()) {
                let column = m.tables[t].columns[c].name.replace('_', " ");
                return Err(format!(
                    "I read '{}' as the {column} of the {} listed, but '{} {} {}' may name another row they relate to, which I can't follow yet. If it is their own, say e.g. 'whose {column} is {}'.",
                    x.words, m.tables[t].name, verb.words, p[k - 1].words, x.words, x.words
                ));
            }
        }
    }
    Ok(())
}
