//! "the number of people killed", "the average number of people injured"
//! where a number column is named for what happened to them (`killed`,
//! `injured`): the column holds that number, and "the number of people"
//! only says what it counts. Read so, the words before it (an average, an
//! order) apply to the column itself.
//!
//! Invariants: only "people" or "persons" right after "number of" (as a
//! count and a word, or one phrase a dataset's count of its `people` table
//! is called by), only before a number column's word that is not its
//! table's key, and not a column of a table of people itself; the words
//! are made function words, nothing else moves.

use crate::planner::english::Cue;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Target;
use crate::semantic::Manifest;

const PEOPLE: &[&str] = &["people", "persons"];

/// Rereads "number of people <column word>" as the column's word alone.
pub(super) fn people_in_a_number(m: &Manifest, pieces: &mut [Piece]) {
    for i in 0..pieces.len() {
        let words = pieces[i].words.to_lowercase();
        // "number of" then "people", or "number of people" read whole (a
        // metric counting a `people` table).
        let phrase = PEOPLE.iter().any(|p| words.ends_with(&format!("number of {p}")))
            && pieces[i].lex().is_some_and(|l| l.iter().all(|c| matches!(c.target, Target::Metric(_) | Target::Table(_))));
        let split = pieces[i].cue() == Some(Cue::Count)
            && words.ends_with("number of")
            && pieces.get(i + 1).is_some_and(|x| {
                PEOPLE.contains(&x.norm.as_str())
                    && x.lex().unwrap_or_default().iter().all(|c| match c.target {
                        Target::Table(t) | Target::Column(t, _) => people_table(m, t),
                        _ => false,
                    })
            });
        if !phrase && !split {
            continue;
        }
        let last = if split { i + 1 } else { i };
        // "the number of people they injured", "... who were killed".
        let Some(k) = (last + 1..pieces.len()).find(|&k| !matches!(pieces[k].norm.as_str(), "who" | "that" | "they" | "were" | "was" | "been" | "have" | "had")) else {
            continue;
        };
        let Some(&Target::Column(t, c)) = pieces[k].top() else { continue };
        let table = &m.tables[t];
        let col = &table.columns[c];
        let key = table.primary_key.as_deref().is_some_and(|pk| pk.eq_ignore_ascii_case(&col.name));
        if !crate::semantic::is_numeric(&col.ty) || key || people_table(m, t) {
            continue;
        }
        for p in i..=last {
            pieces[p].kind = PieceKind::Stop;
            pieces[p].norm = "of".into();
        }
    }
}

/// A table of people: `people`, `person`, `people_info`.
fn people_table(m: &Manifest, t: usize) -> bool {
    crate::words::identifier_words(&m.tables[t].name).iter().any(|w| matches!(w.as_str(), "people" | "person" | "persons"))
}
