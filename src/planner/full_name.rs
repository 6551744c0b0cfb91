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

/// The first- and last-name columns of a table, when it has exactly one
/// of each.
pub(super) fn first_and_last(cols: &[crate::semantic::Column]) -> Option<(usize, usize)> {
    let one = |part: &str| -> Option<usize> {
        let hits: Vec<usize> = (0..cols.len()).filter(|&c| is_part_name(&cols[c].name, part)).collect();
        match hits.as_slice() {
            [c] => Some(*c),
            _ => None,
        }
    };
    Some((one("first")?, one("last")?))
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
        let (first, last) = first_and_last(&self.m.tables[t].columns)?;
        let name = |c: usize| self.field_info(Field::Col(t, c)).map(|f| f.name);
        Some((n, [name(first)?, name(last)?]))
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
        // "first name", "first and last names", "given name", "forename".
        let said_first = self.p.windows(2).any(|w| {
            let a = w[0].words.to_lowercase();
            let b = w[1].words.to_lowercase();
            let named = |x: &str| x.starts_with("name") || x.starts_with("and");
            a.contains("first name") || a.contains("given name") || a.contains("forename") || (a.ends_with("first") || a.ends_with("given")) && named(&b)
        }) || self.p.last().is_some_and(|x| x.words.to_lowercase().contains("first name") || x.words.to_lowercase().contains("forename"));
        if said_first {
            return;
        }
        let last_of = |name: &str| -> Option<String> {
            let (t, c) = crate::planner::account::resolve(self.m, name)?;
            let (first, last) = first_and_last(&self.m.tables[t].columns)?;
            (first == c).then(|| self.field_info(Field::Col(t, last)).map(|f| f.name))?
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
