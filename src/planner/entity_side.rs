//! A plural noun that names things both a table of their own lists and
//! another table's rows point at by the same column name: "the
//! allergies", where `allergy_type.allergy` lists every allergy and
//! `has_allergy.allergy` names one per student who has it. Read as the
//! pointing rows' column and listed (or grouped), the answer shows each
//! thing once per row naming it and leaves out the things no row names;
//! read as the things themselves, it lists each once. The planner cannot
//! tell which list the question wants, so it says so.
//!
//! Invariants: reads only the final plan, the pieces and the choices the
//! reading made; never changes the plan. Only a choice of a column over a
//! column of the same name that it points at by a join; only when the
//! plan lists or groups by the chosen column; only for a plural noun that
//! is not an identifier's ("customer ids", "type codes", "order
//! numbers") and a column not named as one (`star_rating_code`), which
//! ask for the pointing rows' values.

use crate::plan::Plan;
use crate::planner::account::resolve;
use crate::planner::intent::Piece;
use crate::planner::schema;
use crate::planner::Ambiguity;
use crate::semantic::Manifest;

/// Last words of a noun that ask for identifiers, each row's own.
const IDENTIFIERS: &[&str] = &["ids", "codes", "numbers", "keys", "nos"];

/// Refuses when a plural noun read as a column that points at a column of
/// the same name lists the pointing rows' values.
pub(super) fn check(m: &Manifest, pieces: &[Piece], ambiguities: &[Ambiguity], plan: &Plan) -> Result<(), String> {
    let shown = |tc: (usize, usize)| plan.fields.iter().chain(plan.dimensions.iter().map(|d| &d.name)).any(|f| resolve(m, f) == Some(tc));
    for a in ambiguities {
        let plural = pieces.iter().any(|p| p.words == a.words && p.plural);
        let says_identifier = a.words.split_whitespace().any(|w| IDENTIFIERS.contains(&w.to_lowercase().as_str()));
        if !plural || says_identifier {
            continue;
        }
        let Some((t, c)) = resolve(m, &a.chosen) else { continue };
        // `star_rating_code`, `product_category_code`: a code is each
        // row's own, whatever the noun ("the star ratings of hotels").
        let column_words = crate::words::identifier_words(&m.tables[t].columns[c].name);
        if column_words.last().is_some_and(|w| matches!(w.as_str(), "id" | "code" | "number" | "no" | "key")) {
            continue;
        }
        let Some(u) = schema::points_at(m, t, c) else { continue };
        let name = &m.tables[t].columns[c].name;
        let own = a.alternatives.iter().filter_map(|x| resolve(m, x)).find(|&(x, d)| x == u && m.tables[u].columns[d].name.eq_ignore_ascii_case(name));
        let Some((_, d)) = own else { continue };
        if !shown((t, c)) {
            continue;
        }
        return Err(format!(
            "'{}' could be the {} themselves ({}), each once, or the ones each {} row names ({}); I couldn't tell which list the question wants.",
            a.words,
            a.words.to_lowercase(),
            schema::qualified(m, u, d),
            m.tables[t].name,
            schema::qualified(m, t, c)
        ));
    }
    Ok(())
}
