//! A generated result for benchmarks and tests: `rows` x 6 columns (id,
//! region with CJK names, amount with NULLs, quantity, day, note of varied
//! length), in batches of 2,048 rows as DuckDB hands them over.

use crate::runner::ResultSet;
use arrow::array::{ArrayRef, Date32Array, Float64Array, Int32Array, Int64Array, StringArray};
use arrow::datatypes::{DataType, Field, Schema};
use arrow::error::ArrowError;
use arrow::record_batch::RecordBatch;
use std::sync::Arc;

const REGIONS: [&str; 8] = ["north", "south", "east", "west", "東京", "São Paulo", "centre", "offshore"];
const BATCH: usize = 2048;

/// A deterministic pseudo-random number for row `i` (splitmix64).
fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub fn result(rows: usize) -> Result<ResultSet, ArrowError> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("region", DataType::Utf8, true),
        Field::new("amount", DataType::Float64, true),
        Field::new("quantity", DataType::Int32, true),
        Field::new("day", DataType::Date32, true),
        Field::new("note", DataType::Utf8, true),
    ]));
    let mut batches = Vec::with_capacity(rows.div_ceil(BATCH));
    let mut start = 0;
    while start < rows {
        let n = BATCH.min(rows - start);
        let ids = start as i64..(start + n) as i64;
        let r = |i: i64| mix(i as u64);
        let cols: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from_iter_values(ids.clone())),
            Arc::new(StringArray::from_iter(ids.clone().map(|i| (i % 97 != 5).then(|| REGIONS[(r(i) % 8) as usize])))),
            Arc::new(Float64Array::from_iter(ids.clone().map(|i| (i % 17 != 3).then(|| (r(i) % 10_000_000) as f64 / 100.0 - 20_000.0)))),
            Arc::new(Int32Array::from_iter(ids.clone().map(|i| Some((r(i) % 500) as i32)))),
            Arc::new(Date32Array::from_iter(ids.clone().map(|i| Some(19_000 + (i / 1000) as i32)))),
            Arc::new(StringArray::from_iter(ids.map(|i| Some(format!("order {i} {}", "note ".repeat((r(i) % 12) as usize)))))),
        ];
        batches.push(RecordBatch::try_new(Arc::clone(&schema), cols)?);
        start += n;
    }
    Ok(ResultSet::new(schema, batches, false))
}
