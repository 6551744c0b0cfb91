//! "the names of cities in the county with the most police officers",
//! "scientists assigned to the project with the longest hours": the
//! superlative picks a row of another table than the rows the question
//! lists, so the answer is every listed row joined to that extreme row,
//! not the first joined row in that order: `police_officers =
//! MAX(police_officers)` (with the conditions on the picked table's rows
//! inside the maximum).
//!
//! Invariants: only a single-column order kept to one row, with no count,
//! aggregate or window reading; the listed rows are named in the plural and are
//! of another table than the ordered column, and that table is never named
//! in the plural (then the question ranks its rows, and `rank` keeps the
//! order).

use crate::plan::{Agg, Filter, Op, Operand};
use crate::planner::build::Ctx;
use crate::planner::lexicon::Target;
use crate::planner::schema;

impl Ctx<'_> {
    pub(super) fn extreme_of_other_rows(&mut self) {
        let plain = self.limit == Some(1)
            && self.order.len() == 1
            && self.measures.is_empty()
            && self.having.is_empty()
            && self.extreme.is_none()
            && self.latest.is_none();
        if !plain {
            return;
        }
        let by = self.order[0].by.clone();
        let desc = self.order[0].desc;
        let Some((t, _)) = schema::column_of(self.m, &by) else { return };
        // Plural nouns: (their table, whether they name the table itself).
        let plural: Vec<(usize, bool)> = (0..self.p.len())
            .filter(|&k| self.p[k].plural && self.p[k].lex().is_some())
            .filter_map(|k| {
                let t = self.p[k].top()?;
                Some((schema::target_table(self.m, self.lx, t)?, matches!(t, Target::Table(_))))
            })
            .collect();
        // Shown: the fields, or the groups of a distinct listing (no measure).
        let shown_of = |s: usize| self.fields.iter().chain(self.groups.iter().map(|g| &g.name)).any(|f| schema::table_of(self.m, f) == Some(s));
        if plural.iter().any(|&(s, table)| table && s == t) || !plural.iter().any(|&(s, _)| s != t && shown_of(s)) {
            return;
        }
        let inner: Vec<Filter> = self
            .filters
            .iter()
            .filter(|f| schema::table_of(self.m, &f.field) == Some(t) && !matches!(f.value, Some(Operand::Aggregate { .. } | Operand::Rows { .. })))
            .cloned()
            .collect();
        self.filters.push(Filter {
            field: by.clone(),
            op: Op::Eq,
            value: Some(Operand::Aggregate { agg: if desc { Agg::Max } else { Agg::Min }, column: by, filters: inner }),
        });
        self.order.clear();
        self.limit = None;
    }
}
