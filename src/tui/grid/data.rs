//! A loaded result as the grid sees it: the shared Arrow batches, where
//! each row lives (batch and offset), each column's kind, decimals and
//! width (sampled, capped), and the current order.
//!
//! Invariants: nothing here copies the batches; `order`, when present, is a
//! permutation of `0..rows`; widths come from a bounded sample, so loading a
//! million rows costs the same as loading a thousand.

use super::format::{self, Kind};
use super::sort::Direction;
use crate::runner::convert::duckdb_type;
use crate::runner::ResultSet;
use arrow::array::{Array, AsArray};
use arrow::datatypes::{DataType, Float32Type, Float64Type};
use std::sync::Arc;

/// Cells sampled per column to choose widths and decimals.
const SAMPLE: usize = 256;
/// Widest a column is drawn (the inspector shows the rest).
pub const MAX_WIDTH: usize = 40;
/// Narrowest column.
const MIN_WIDTH: usize = 4;

/// One column's drawing facts.
#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    /// DuckDB's type name, lower case, for the header.
    pub ty: String,
    pub kind: Kind,
    pub decimals: usize,
    pub width: usize,
}

/// A result ready to draw.
#[derive(Debug, Clone)]
pub struct Data {
    pub set: Arc<ResultSet>,
    /// First row number of each batch, plus the total at the end.
    starts: Vec<usize>,
    pub columns: Vec<Column>,
    /// Display position -> row number, when sorted.
    pub order: Option<Arc<Vec<u32>>>,
    pub sort: Option<(usize, Direction)>,
}

impl Data {
    pub fn new(set: Arc<ResultSet>) -> Data {
        let mut starts = Vec::with_capacity(set.batches.len() + 1);
        let mut n = 0;
        for b in &set.batches {
            starts.push(n);
            n += b.num_rows();
        }
        starts.push(n);
        let mut data = Data { set, starts, columns: Vec::new(), order: None, sort: None };
        data.columns = (0..data.set.schema.fields().len()).map(|c| data.measure(c)).collect();
        data
    }

    pub fn rows(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// Row number shown at display position `pos`.
    pub fn row_at(&self, pos: usize) -> usize {
        match &self.order {
            Some(o) => o.get(pos).map_or(pos, |&r| r as usize),
            None => pos,
        }
    }

    /// Batch and offset of row number `row` (a binary search over batches).
    pub fn locate(&self, row: usize) -> (usize, usize) {
        let b = self.starts.partition_point(|&s| s <= row).saturating_sub(1);
        let b = b.min(self.set.batches.len().saturating_sub(1));
        (b, row - self.starts[b])
    }

    /// The array holding row `row` of column `col`, and the row's offset in it.
    pub fn cell(&self, row: usize, col: usize) -> Option<(&dyn Array, usize)> {
        let (b, off) = self.locate(row);
        let batch = self.set.batches.get(b)?;
        (col < batch.num_columns() && off < batch.num_rows()).then(|| (batch.column(col).as_ref(), off))
    }

    /// Grid text of a cell, None for NULL.
    pub fn text(&self, row: usize, col: usize) -> Option<String> {
        let c = &self.columns[col];
        let (a, off) = self.cell(row, col)?;
        format::cell_text(a, off, c.kind, c.decimals)
    }

    /// Rows sampled for widths: the first ones and evenly spread others.
    fn sample_rows(&self) -> Vec<usize> {
        let n = self.rows();
        if n <= SAMPLE {
            return (0..n).collect();
        }
        let head = SAMPLE / 2;
        let step = (n - head) / (SAMPLE - head);
        (0..head).chain((0..SAMPLE - head).map(|i| head + i * step)).collect()
    }

    fn measure(&self, col: usize) -> Column {
        let field = self.set.schema.field(col);
        let kind = match Kind::of(field.data_type()) {
            Kind::Int if format::is_code_name(field.name()) => Kind::Code,
            k => k,
        };
        let rows = self.sample_rows();
        let decimals = match kind {
            Kind::Decimal(scale) => format::float_decimals(rows.iter().filter_map(|&r| {
                let (a, off) = self.cell(r, col)?;
                super::chart::number(a, off)
            }))
            .min(scale.max(0) as usize),
            Kind::Float => format::float_decimals(rows.iter().filter_map(|&r| {
                let (a, off) = self.cell(r, col)?;
                if a.is_null(off) {
                    return None;
                }
                match a.data_type() {
                    DataType::Float64 => Some(a.as_primitive::<Float64Type>().value(off)),
                    DataType::Float32 => Some(f64::from(a.as_primitive::<Float32Type>().value(off))),
                    _ => None,
                }
            })),
            _ => 0,
        };
        let mut column = Column { name: field.name().clone(), ty: duckdb_type(field).to_lowercase(), kind, decimals, width: 0 };
        let cells = rows.iter().map(|&r| {
            let (a, off) = self.cell(r, col).unzip();
            match a.zip(off).and_then(|(a, off)| format::cell_text(a, off, kind, decimals)) {
                Some(t) => format::width(&t),
                None => 4,
            }
        });
        let header = format::width(&column.name).max(format::width(&column.ty)) + 2; // room for the sort mark
        let w = cells.max().unwrap_or(0).max(header).clamp(MIN_WIDTH, MAX_WIDTH);
        column.width = w;
        column
    }
}
