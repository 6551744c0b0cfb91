//! Query results over the channel as an Arrow IPC stream, both ends.
//!
//! Worker end ([`ResultSink`]): the schema message, then one `Data` frame per
//! record batch, stopping after `max_rows + 1` rows (the extra row tells the
//! app the result was truncated) or once `max_bytes` have been sent.
//! App end ([`Collector`]): decodes frames as they arrive with Arrow's push
//! decoder, keeps at most `max_rows` rows, and refuses to accept more than
//! `max_bytes` of frames in total.
//!
//! Invariant: the app never buffers more than `max_bytes` of result bytes
//! from a worker, whatever the worker claims.

use super::protocol::{Channel, DoneMsg, Tag};
use crate::runner::convert::{append_rows, columns};
use crate::runner::{ExecError, QueryOutput};
use arrow::buffer::Buffer;
use arrow::datatypes::{Schema, SchemaRef};
use arrow::ipc::reader::StreamDecoder;
use arrow::ipc::writer::StreamWriter;
use arrow::record_batch::RecordBatch;
use std::io;
use std::time::Instant;

/// Buffered IPC bytes that trigger a `Data` frame.
const FLUSH_BYTES: u64 = 1 << 20;

/// Whether to keep sending batches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Worker end: writes the result into `Data` frames.
pub struct ResultSink<'a> {
    chan: &'a mut Channel,
    writer: Option<StreamWriter<Vec<u8>>>,
    /// Rows to send at most: the app's max_rows + 1.
    row_cap: u64,
    max_bytes: u64,
    rows: u64,
    bytes: u64,
    stopped_early: bool,
    started: Instant,
}

fn arrow_io(e: arrow::error::ArrowError) -> io::Error {
    io::Error::other(e.to_string())
}

impl<'a> ResultSink<'a> {
    pub fn new(chan: &'a mut Channel, max_rows: u64, max_bytes: u64) -> ResultSink<'a> {
        ResultSink {
            chan,
            writer: None,
            row_cap: max_rows.saturating_add(1),
            max_bytes,
            rows: 0,
            bytes: 0,
            stopped_early: false,
            started: Instant::now(),
        }
    }

    /// Start the stream with `schema` (sent with the first batches).
    pub fn schema(&mut self, schema: &Schema) -> io::Result<()> {
        let writer = StreamWriter::try_new(Vec::new(), schema).map_err(arrow_io)?;
        self.writer = Some(writer);
        Ok(())
    }

    /// Send one batch (sliced to the row cap); says whether to go on.
    pub fn batch(&mut self, batch: &RecordBatch) -> io::Result<Flow> {
        let room = self.row_cap - self.rows;
        let n = batch.num_rows() as u64;
        let batch = if n > room {
            self.stopped_early = true;
            batch.slice(0, room as usize)
        } else {
            batch.clone()
        };
        if let Some(w) = self.writer.as_mut() {
            w.write(&batch).map_err(arrow_io)?;
        }
        self.rows += batch.num_rows() as u64;
        let buffered = self.writer.as_ref().map_or(0, |w| w.get_ref().len()) as u64;
        let stop = self.rows >= self.row_cap || self.bytes + buffered > self.max_bytes;
        // Small batches are coalesced: fewer frames, fewer wake-ups.
        if stop || buffered >= FLUSH_BYTES {
            self.flush()?;
        }
        if stop {
            self.stopped_early = true;
            return Ok(Flow::Stop);
        }
        Ok(Flow::Continue)
    }

    /// End the stream and report completion.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(w) = self.writer.as_mut() {
            w.finish().map_err(arrow_io)?;
        }
        self.flush()?;
        let done = DoneMsg {
            rows: self.rows,
            stopped_early: self.stopped_early,
            engine_ms: self.started.elapsed().as_secs_f64() * 1000.0,
        };
        self.chan.send_json(Tag::Done, &done, None)
    }

    fn flush(&mut self) -> io::Result<()> {
        let Some(w) = self.writer.as_mut() else {
            return Ok(());
        };
        let bytes = std::mem::take(w.get_mut());
        if bytes.is_empty() {
            return Ok(());
        }
        self.bytes += bytes.len() as u64;
        self.chan.send(Tag::Data, &bytes, None)
    }
}

/// A result as Arrow batches, on the app side.
#[derive(Debug, Clone)]
pub struct ArrowResult {
    pub schema: SchemaRef,
    pub batches: Vec<RecordBatch>,
    /// Rows kept (at most max_rows).
    pub rows: usize,
    /// More rows existed than max_rows.
    pub truncated: bool,
    /// Milliseconds the worker spent from receiving the query to `Done`
    /// (None when the app stopped reading early).
    pub worker_ms: Option<f64>,
}

impl ArrowResult {
    /// The JSON rows of the output contract.
    pub fn into_output(self, elapsed_ms: f64) -> QueryOutput {
        let mut rows = Vec::with_capacity(self.rows);
        for b in &self.batches {
            append_rows(b, self.rows - rows.len(), &mut rows);
        }
        QueryOutput {
            columns: columns(&self.schema),
            rows,
            truncated: self.truncated,
            elapsed_ms,
            arrow: None,
        }
    }
}

/// What the app keeps of each decoded batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// The Arrow batches themselves.
    Batches,
    /// Only JSON rows, converted as batches arrive (while the worker
    /// produces the next ones) and the batch dropped at once.
    JsonRows,
}

/// A finished result on the app side, in the form asked for.
#[derive(Debug, Clone)]
pub struct Collected {
    pub schema: SchemaRef,
    /// Empty with [`Keep::JsonRows`].
    pub batches: Vec<RecordBatch>,
    /// Empty with [`Keep::Batches`].
    pub json_rows: Vec<Vec<serde_json::Value>>,
    pub rows: usize,
    pub truncated: bool,
    pub worker_ms: Option<f64>,
}

impl Collected {
    pub fn into_arrow(self) -> ArrowResult {
        ArrowResult {
            schema: self.schema,
            batches: self.batches,
            rows: self.rows,
            truncated: self.truncated,
            worker_ms: self.worker_ms,
        }
    }

    pub fn into_output(self, elapsed_ms: f64) -> QueryOutput {
        if self.json_rows.is_empty() && !self.batches.is_empty() {
            return self.into_arrow().into_output(elapsed_ms);
        }
        QueryOutput {
            columns: columns(&self.schema),
            rows: self.json_rows,
            truncated: self.truncated,
            elapsed_ms,
            arrow: None,
        }
    }
}

/// App end: decodes `Data` frames under the row and byte caps.
pub struct Collector {
    decoder: StreamDecoder,
    keep: Keep,
    batches: Vec<RecordBatch>,
    json_rows: Vec<Vec<serde_json::Value>>,
    rows: usize,
    max_rows: usize,
    bytes: u64,
    max_bytes: u64,
    truncated: bool,
}

impl Collector {
    pub fn new(max_rows: u64, max_bytes: u64, keep: Keep) -> Collector {
        Collector {
            decoder: StreamDecoder::new(),
            keep,
            batches: Vec::new(),
            json_rows: Vec::new(),
            rows: 0,
            max_rows: usize::try_from(max_rows).unwrap_or(usize::MAX),
            bytes: 0,
            max_bytes,
            truncated: false,
        }
    }

    /// Largest next frame that stays within the byte cap.
    pub fn frame_budget(&self) -> usize {
        usize::try_from(self.max_bytes.saturating_sub(self.bytes)).unwrap_or(usize::MAX)
    }

    /// The error for a result over the byte cap.
    pub fn over_budget(&self) -> ExecError {
        ExecError::OutputLimit(format!("more than {} bytes of result", self.max_bytes))
    }

    /// Take one `Data` frame; `Stop` once the row cap is exceeded.
    pub fn feed(&mut self, payload: Vec<u8>) -> Result<Flow, ExecError> {
        self.bytes += payload.len() as u64;
        if self.bytes > self.max_bytes {
            return Err(self.over_budget());
        }
        let mut buf = Buffer::from_vec(payload);
        while !buf.is_empty() {
            let decoded = self
                .decoder
                .decode(&mut buf)
                .map_err(|e| ExecError::Crashed(format!("worker sent a malformed result: {e}")))?;
            let Some(batch) = decoded else { continue };
            let room = self.max_rows - self.rows;
            if batch.num_rows() > room {
                self.truncated = true;
                if room > 0 {
                    self.keep(batch.slice(0, room));
                    self.rows += room;
                }
                return Ok(Flow::Stop);
            }
            self.rows += batch.num_rows();
            if batch.num_rows() > 0 {
                self.keep(batch);
            }
        }
        Ok(Flow::Continue)
    }

    fn keep(&mut self, batch: RecordBatch) {
        match self.keep {
            Keep::Batches => self.batches.push(batch),
            Keep::JsonRows => {
                append_rows(&batch, batch.num_rows(), &mut self.json_rows);
            }
        }
    }

    /// The result: `complete` after `Done` (the stream must have ended
    /// cleanly), not after `Stop` (truncated: the rest is abandoned).
    pub fn finish(mut self, complete: bool) -> Result<Collected, ExecError> {
        if complete {
            self.decoder.finish().map_err(|e| {
                ExecError::Crashed(format!("worker sent an incomplete result: {e}"))
            })?;
        }
        let schema = self
            .decoder
            .schema()
            .ok_or_else(|| ExecError::Crashed("worker finished without sending a schema".into()))?;
        Ok(Collected {
            schema,
            batches: self.batches,
            json_rows: self.json_rows,
            rows: self.rows,
            truncated: self.truncated,
            worker_ms: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jail::protocol::{socketpair, RecvError};
    use arrow::array::{Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field};
    use std::sync::Arc;

    fn batch(from: i64, n: i64) -> RecordBatch {
        let schema = Arc::new(Schema::new(vec![
            Field::new("i", DataType::Int64, false),
            Field::new("s", DataType::Utf8, true),
        ]));
        let ids: Vec<i64> = (from..from + n).collect();
        let names: Vec<String> = ids.iter().map(|i| format!("row{i}")).collect();
        RecordBatch::try_new(
            schema,
            vec![
                Arc::new(Int64Array::from(ids)),
                Arc::new(StringArray::from(names)),
            ],
        )
        .unwrap()
    }

    /// Send `batches` through a sink, collect them on the other end.
    fn round_trip(
        batches: Vec<RecordBatch>,
        max_rows: u64,
        max_bytes: u64,
        keep: Keep,
    ) -> Result<Collected, ExecError> {
        let (a, b) = socketpair().unwrap();
        let mut app = Channel::app_side(a).unwrap();
        let writer = std::thread::spawn(move || {
            let mut chan = Channel::worker_side(b);
            let mut sink = ResultSink::new(&mut chan, max_rows, max_bytes);
            sink.schema(&batches[0].schema()).unwrap();
            for b in &batches {
                if sink.batch(b).unwrap() == Flow::Stop {
                    break;
                }
            }
            sink.finish().unwrap();
        });
        let mut col = Collector::new(max_rows, max_bytes, keep);
        let out = loop {
            match app.recv(None, col.frame_budget()) {
                Ok(f) if f.tag == Tag::Data => match col.feed(f.payload) {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Stop) => break col.finish(false),
                    Err(e) => break Err(e),
                },
                Ok(f) if f.tag == Tag::Done => break col.finish(true),
                Ok(f) => panic!("unexpected {:?}", f.tag),
                Err(RecvError::TooLarge(_)) => break Err(col.over_budget()),
                Err(e) => panic!("{e}"),
            }
        };
        drop(app);
        let _ = writer.join();
        out
    }

    #[test]
    fn small_result_arrives_whole_in_either_form() {
        for keep in [Keep::Batches, Keep::JsonRows] {
            let r = round_trip(vec![batch(0, 3), batch(3, 2)], 100, 1 << 20, keep).unwrap();
            assert_eq!((r.rows, r.truncated), (5, false));
            assert_eq!(r.batches.is_empty(), keep == Keep::JsonRows);
            let out = r.into_output(1.0);
            assert_eq!(out.rows.len(), 5);
            assert_eq!(out.rows[4][1], serde_json::json!("row4"));
            assert_eq!(out.columns[0].ty, "BIGINT");
        }
    }

    #[test]
    fn json_rows_are_truncated_like_batches() {
        let many = || vec![batch(0, 4), batch(4, 4), batch(8, 4)];
        let a = round_trip(many(), 6, 1 << 20, Keep::Batches)
            .unwrap()
            .into_output(0.0);
        let j = round_trip(many(), 6, 1 << 20, Keep::JsonRows)
            .unwrap()
            .into_output(0.0);
        assert_eq!(a.rows, j.rows);
        assert!(a.truncated && j.truncated && j.rows.len() == 6);
    }

    #[test]
    fn row_cap_truncates_and_reports_it() {
        let r = round_trip(
            vec![batch(0, 4), batch(4, 4), batch(8, 4)],
            6,
            1 << 20,
            Keep::Batches,
        )
        .unwrap();
        assert_eq!((r.rows, r.truncated), (6, true));
    }

    #[test]
    fn exactly_max_rows_is_not_truncated() {
        let r = round_trip(vec![batch(0, 3), batch(3, 3)], 6, 1 << 20, Keep::Batches).unwrap();
        assert_eq!((r.rows, r.truncated), (6, false));
    }

    #[test]
    fn byte_cap_is_an_output_limit() {
        let many: Vec<RecordBatch> = (0..50).map(|i| batch(i * 1000, 1000)).collect();
        let err = round_trip(many, u64::MAX - 1, 64 * 1024, Keep::JsonRows).unwrap_err();
        assert_eq!(err.category(), "output_limit");
    }

    #[test]
    fn garbage_is_reported_as_a_crash_not_a_panic() {
        // A continuation marker, an 8-byte "message", then junk.
        let mut junk = vec![0xff, 0xff, 0xff, 0xff, 8, 0, 0, 0];
        junk.extend([0x5a; 8]);
        let mut col = Collector::new(10, 1 << 20, Keep::Batches);
        let err = col.feed(junk).unwrap_err();
        assert_eq!(err.category(), "crashed");
        // A stream cut short is refused at the end, not taken as complete.
        let mut col = Collector::new(10, 1 << 20, Keep::Batches);
        col.feed(vec![0xff, 0xff, 0xff, 0xff, 64, 0, 0, 0]).unwrap();
        assert_eq!(col.finish(true).unwrap_err().category(), "crashed");
    }
}
