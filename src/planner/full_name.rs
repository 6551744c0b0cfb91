//! "full name": a person's first and last name, two columns of one table
//! (`first_name` and `last_name`, `fname` and `lname`,
//! `customer_first_name` and `customer_last_name`).
//!
//! Invariants: read only when the table has exactly one column for each
//! part; otherwise the words stay unplaced and the question is refused.

use crate::planner::build::Ctx;
use crate::planner::lexicon::Field;
use crate::planner::MatchKind;
use crate::words::identifier_words;

/// True when a column's name says it holds the `part` ("first", "last")
/// name: `first_name`, `FirstName`, `fname`, `customer_first_name`.
fn is_part_name(name: &str, part: &str) -> bool {
    let w = identifier_words(name);
    let initial = &part[..1];
    match w.as_slice() {
        [one] => *one == format!("{initial}name") || *one == format!("{part}name"),
        [.., a, b] => a == part && b == "name",
        _ => false,
    }
}

impl Ctx<'_> {
    /// At piece `k`, "full name(s)" of table `t`: the pieces used and the
    /// first and last name columns, in that order.
    pub(super) fn full_name_at(&self, k: usize, t: usize) -> Option<(usize, [String; 2])> {
        if self.p[k].norm != "full" || self.used[k] {
            return None;
        }
        let n = k + 1;
        let next = self.p.get(n)?;
        if self.used[n] || !matches!(next.norm.as_str(), "name" | "names") {
            return None;
        }
        let cols = &self.m.tables[t].columns;
        let find = |part: &str| -> Option<String> {
            let hits: Vec<usize> = (0..cols.len()).filter(|&c| is_part_name(&cols[c].name, part)).collect();
            match hits.as_slice() {
                [c] => self.field_info(Field::Col(t, *c)).map(|f| f.name),
                _ => None,
            }
        };
        Some((n, [find("first")?, find("last")?]))
    }

    /// Takes "full name" at `k` (see [`Ctx::full_name_at`]) and adds both
    /// columns to `fields`; false when it is not there.
    pub(super) fn take_full_name(&mut self, k: usize, t: usize, fields: &mut Vec<String>) -> bool {
        let Some((n, cols)) = self.full_name_at(k, t) else { return false };
        let said = cols.join(" and ");
        self.take(k, MatchKind::Column, said.clone(), 0.85);
        self.take(n, MatchKind::Column, said, 0.85);
        for c in cols {
            if !fields.contains(&c) {
                fields.push(c);
            }
        }
        true
    }

    /// "the names of members who never came": a person's name is two
    /// columns. Where the plan shows (or groups by) a table's first-name
    /// column and the question never said "first" (or "given"), the
    /// table's one last-name column is put right after it, so that two
    /// people who share a first name are neither mixed up nor merged.
    pub(super) fn with_last_names(&self, fields: &mut Vec<String>, dimensions: &mut Vec<crate::plan::DimensionRef>) {
        if self.p.iter().any(|x| matches!(x.norm.as_str(), "first" | "given" | "forename" | "forenames")) {
            return;
        }
        let last_of = |name: &str| -> Option<String> {
            let (t, c) = crate::planner::account::resolve(self.m, name)?;
            let cols = &self.m.tables[t].columns;
            if !is_part_name(&cols[c].name, "first") {
                return None;
            }
            let hits: Vec<usize> = (0..cols.len()).filter(|&k| is_part_name(&cols[k].name, "last")).collect();
            match hits.as_slice() {
                [l] => self.field_info(Field::Col(t, *l)).map(|f| f.name),
                _ => None,
            }
        };
        let mut k = 0;
        while k < fields.len() {
            if let Some(l) = last_of(&fields[k]).filter(|l| !fields.contains(l) && !dimensions.iter().any(|d| d.name == *l)) {
                fields.insert(k + 1, l);
            }
            k += 1;
        }
        let mut k = 0;
        while k < dimensions.len() {
            if dimensions[k].grain.is_none() {
                if let Some(l) = last_of(&dimensions[k].name).filter(|l| !fields.contains(l) && !dimensions.iter().any(|d| d.name == *l)) {
                    dimensions.insert(k + 1, crate::plan::DimensionRef { name: l, grain: None });
                }
            }
            k += 1;
        }
    }
}

/// "Find the full name", "Return the full detail": where no table splits
/// a name into first and last, "full" before a column's word (or before
/// "name") only stresses that the whole of it is asked for; it is read as
/// a function word. A "full" that names something in the dataset (a value
/// 'Full', a `full_time` column) is left as read.
pub(super) fn full_as_emphasis(m: &crate::semantic::Manifest, pieces: &mut [crate::planner::intent::Piece]) {
    use crate::planner::intent::PieceKind;
    let split_names = || m.tables.iter().any(|t| ["first", "last"].iter().all(|part| t.columns.iter().any(|c| is_part_name(&c.name, part))));
    for i in 0..pieces.len().saturating_sub(1) {
        if pieces[i].norm != "full" || pieces[i].kind != PieceKind::Unknown {
            continue;
        }
        let next = &pieces[i + 1];
        let named = matches!(next.norm.as_str(), "name" | "names");
        let name = named && !split_names();
        let column = !named && matches!(next.top(), Some(crate::planner::lexicon::Target::Column(..)));
        if name || column {
            pieces[i].kind = PieceKind::Stop;
        }
    }
}
