//! "What is the document type code for document type 'Paper'?": a key
//! column listed from the table that points at another (`all_documents.
//! document_type_code`), when the question's conditions are all on the
//! table pointed at (`ref_document_types`) and nothing else is read from
//! the pointing table, is read from the table pointed at. The join would
//! only repeat the key once per pointing row (or drop keys no row points
//! at); the key's own table holds each value once.
//!
//! Invariants: only plain listings (no measure, group, order on the
//! column or row-per-entity form); the pointing table must be read by that
//! one field and nothing else, and the table pointed at by a condition.

use crate::planner::account::resolve;
use crate::planner::build::Ctx;
use crate::planner::schema;

impl Ctx<'_> {
    /// Reads a key listed from a pointing table from the table pointed at,
    /// when only the latter is conditioned.
    pub(super) fn key_from_conditioned_side(&mut self) {
        if !self.measures.is_empty() || !self.groups.is_empty() || self.latest.is_some() || self.outliers.is_some() || !self.any_of.is_empty() {
            return;
        }
        let m = self.m;
        let table = |name: &str| resolve(m, name).map(|(t, _)| t);
        let conditioned: Vec<usize> = self.filters.iter().filter_map(|f| table(&f.field)).collect();
        for i in 0..self.fields.len() {
            let Some((a, c)) = resolve(m, &self.fields[i]) else { continue };
            let read_elsewhere = self.fields.iter().enumerate().any(|(k, f)| k != i && table(f) == Some(a))
                || conditioned.contains(&a)
                || self.order.iter().any(|o| table(&o.by) == Some(a));
            if read_elsewhere {
                continue;
            }
            let pointed_at = conditioned.iter().copied().filter(|&b| b != a).find_map(|b| match schema::reverse_key(m, b, a) {
                Some((key, fk)) if fk == c => Some((b, key)),
                _ => None,
            });
            let Some((b, key)) = pointed_at else { continue };
            let old = std::mem::replace(&mut self.fields[i], schema::qualified(m, b, key));
            let new = self.fields[i].clone();
            for f in self.involved.iter_mut().filter(|f| **f == old) {
                f.clone_from(&new);
            }
            for x in self.matches.iter_mut().filter(|x| x.target == old) {
                x.target.clone_from(&new);
            }
        }
    }
}
