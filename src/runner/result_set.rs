//! A result as Arrow record batches, shared (`Arc`) between the runner that
//! decoded it and the workbench grid that shows it: no JSON rows, no copy.
//!
//! Invariants: every batch has `schema`; `rows` is the sum of the batches'
//! rows; `truncated` says the runner stopped at its row cap.

use arrow::datatypes::SchemaRef;
use arrow::record_batch::RecordBatch;

/// The batches of one result, as the runner kept them.
#[derive(Clone)]
pub struct ResultSet {
    pub schema: SchemaRef,
    pub batches: Vec<RecordBatch>,
    pub rows: usize,
    /// More rows existed than the runner's row cap.
    pub truncated: bool,
}

impl ResultSet {
    pub fn new(schema: SchemaRef, batches: Vec<RecordBatch>, truncated: bool) -> ResultSet {
        let rows = batches.iter().map(RecordBatch::num_rows).sum();
        ResultSet { schema, batches, rows, truncated }
    }

    /// Bytes the batches' buffers take.
    pub fn arrow_bytes(&self) -> usize {
        self.batches.iter().map(RecordBatch::get_array_memory_size).sum()
    }
}

// Not derived: a million rows in a debug print helps no one.
impl std::fmt::Debug for ResultSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResultSet")
            .field("columns", &self.schema.fields().len())
            .field("rows", &self.rows)
            .field("batches", &self.batches.len())
            .field("truncated", &self.truncated)
            .finish()
    }
}
