//! Sorting the whole result by one column with arrow's sort kernels: the
//! order is a permutation of row numbers (u32, 4 bytes a row); the batches
//! are never copied or reordered.
//!
//! Invariants: NULLs sort last in both directions; rows with equal keys
//! keep their original order (the row number breaks ties), so sorting is
//! stable and repeatable.

use crate::runner::ResultSet;
use arrow::array::{make_comparator, ArrayRef};
use arrow::compute::{concat, sort_to_indices, SortOptions};
use arrow::error::ArrowError;
use std::cmp::Ordering;

/// Which way a column is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

/// The next state of a column's sort: ascending, descending, off.
pub fn next(current: Option<Direction>) -> Option<Direction> {
    match current {
        None => Some(Direction::Asc),
        Some(Direction::Asc) => Some(Direction::Desc),
        Some(Direction::Desc) => None,
    }
}

/// A sort to run off the UI thread.
#[derive(Debug, Clone)]
pub struct SortJob {
    pub set: std::sync::Arc<ResultSet>,
    pub col: usize,
    pub dir: Direction,
    /// Which request this is (a newer one makes it stale).
    pub id: u64,
}

impl PartialEq for SortJob {
    fn eq(&self, o: &SortJob) -> bool {
        std::sync::Arc::ptr_eq(&self.set, &o.set) && (self.col, self.dir, self.id) == (o.col, o.dir, o.id)
    }
}
impl Eq for SortJob {}

/// A finished [`SortJob`].
#[derive(Debug)]
pub struct Sorted {
    pub set: std::sync::Arc<ResultSet>,
    pub col: usize,
    pub dir: Direction,
    pub id: u64,
    pub order: Result<Vec<u32>, String>,
    pub ms: u128,
}

impl SortJob {
    /// Sort (on whatever thread calls this).
    pub fn run(self) -> Sorted {
        let t = std::time::Instant::now();
        let order = order(&self.set, self.col, self.dir).map_err(|e| e.to_string());
        Sorted { set: self.set, col: self.col, dir: self.dir, id: self.id, order, ms: t.elapsed().as_millis() }
    }
}

/// Row numbers of `set` in the order of column `col`.
pub fn order(set: &ResultSet, col: usize, dir: Direction) -> Result<Vec<u32>, ArrowError> {
    if set.rows > u32::MAX as usize {
        return Err(ArrowError::ComputeError(format!("{} rows are too many to sort here", set.rows)));
    }
    let parts: Vec<&dyn arrow::array::Array> = set.batches.iter().map(|b| b.column(col).as_ref()).collect();
    let keys: ArrayRef = match parts.as_slice() {
        [] => return Ok(Vec::new()),
        [one] => arrow::array::make_array(one.to_data()),
        many => concat(many)?,
    };
    // arrow's sort kernel (fast, unstable), then each run of equal keys
    // put back in row order: stable, at a fraction of a lexsort's cost.
    let options = SortOptions { descending: dir == Direction::Desc, nulls_first: false };
    let mut idx = sort_to_indices(keys.as_ref(), Some(options), None)?.values().to_vec();
    let cmp = make_comparator(keys.as_ref(), keys.as_ref(), options)?;
    let mut start = 0;
    for i in 1..=idx.len() {
        if i == idx.len() || cmp(idx[start] as usize, idx[i] as usize) != Ordering::Equal {
            if i - start > 1 {
                idx[start..i].sort_unstable();
            }
            start = i;
        }
    }
    Ok(idx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow::array::{Array, Float64Array, Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    use arrow::record_batch::RecordBatch;
    use std::sync::Arc;

    fn set() -> ResultSet {
        let schema = Arc::new(Schema::new(vec![Field::new("k", DataType::Int64, true), Field::new("s", DataType::Utf8, true), Field::new("f", DataType::Float64, true)]));
        let b = |k: Vec<Option<i64>>, s: Vec<Option<&str>>, f: Vec<Option<f64>>| {
            RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(Int64Array::from(k)), Arc::new(StringArray::from(s)), Arc::new(Float64Array::from(f))]).unwrap()
        };
        // Split over two batches: the sort spans them.
        let b1 = b(vec![Some(3), None, Some(1)], vec![Some("b"), Some("a"), None], vec![Some(1.5), None, Some(-2.0)]);
        let b2 = b(vec![Some(3), Some(1), None], vec![Some("a"), Some("b"), Some("a")], vec![Some(0.0), Some(1.5), Some(9.0)]);
        ResultSet::new(schema, vec![b1, b2], false)
    }

    #[test]
    fn nulls_last_both_ways_and_ties_keep_row_order() {
        let s = set();
        let cases: [(usize, Direction, [u32; 6]); 6] = [
            (0, Direction::Asc, [2, 4, 0, 3, 1, 5]),
            (0, Direction::Desc, [0, 3, 2, 4, 1, 5]),
            (1, Direction::Asc, [1, 3, 5, 0, 4, 2]),
            (1, Direction::Desc, [0, 4, 1, 3, 5, 2]),
            (2, Direction::Asc, [2, 3, 0, 4, 5, 1]),
            (2, Direction::Desc, [5, 0, 4, 3, 2, 1]),
        ];
        for (col, dir, want) in cases {
            assert_eq!(order(&s, col, dir).unwrap(), want, "column {col} {dir:?}");
        }
    }

    #[test]
    fn many_ties_keep_row_order_within_each_key() {
        let schema = Arc::new(Schema::new(vec![Field::new("k", DataType::Int64, true)]));
        let keys = Int64Array::from_iter((0..10_000i64).map(|i| (i % 11 != 0).then_some(i % 7)));
        let b = RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(keys.clone())]).unwrap();
        let s = ResultSet::new(schema, vec![b.slice(0, 4000), b.slice(4000, 6000)], false);
        for dir in [Direction::Asc, Direction::Desc] {
            let o = order(&s, 0, dir).unwrap();
            let key = |r: u32| (!keys.is_null(r as usize)).then(|| keys.value(r as usize));
            for w in o.windows(2) {
                let (a, b) = (key(w[0]), key(w[1]));
                if a == b {
                    assert!(w[0] < w[1], "ties in row order ({dir:?})");
                }
            }
            assert!(o[o.len() - 1].is_multiple_of(11) && key(o[0]).is_some(), "NULLs last ({dir:?})");
        }
    }

    #[test]
    fn sort_cycles_asc_desc_off() {
        assert_eq!(next(None), Some(Direction::Asc));
        assert_eq!(next(Some(Direction::Asc)), Some(Direction::Desc));
        assert_eq!(next(Some(Direction::Desc)), None);
    }

    #[test]
    fn empty_result_sorts_to_nothing() {
        let s = ResultSet::new(set().schema, vec![], false);
        assert!(order(&s, 0, Direction::Asc).unwrap().is_empty());
    }
}
