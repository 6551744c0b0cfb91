//! Arrow record batches (how DuckDB and the jail channel hand over results)
//! to the JSON rows of the output contract, and Arrow types back to DuckDB
//! type names.
//!
//! Numbers stay JSON numbers (DECIMAL becomes a float: results are for
//! reading, the result hash covers the exact text); dates, timestamps,
//! intervals and nested values become their DuckDB-style text.

use super::ColumnInfo;
use arrow::array::{Array, AsArray};
use arrow::datatypes::{DataType, Field, TimeUnit};
use arrow::record_batch::RecordBatch;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use serde_json::Value;

/// The DuckDB type name for an Arrow field as DuckDB exports it.
pub fn duckdb_type(field: &Field) -> String {
    match field.data_type() {
        DataType::Boolean => "BOOLEAN".into(),
        DataType::Int8 => "TINYINT".into(),
        DataType::Int16 => "SMALLINT".into(),
        DataType::Int32 => "INTEGER".into(),
        DataType::Int64 => "BIGINT".into(),
        DataType::UInt8 => "UTINYINT".into(),
        DataType::UInt16 => "USMALLINT".into(),
        DataType::UInt32 => "UINTEGER".into(),
        DataType::UInt64 => "UBIGINT".into(),
        DataType::Float16 | DataType::Float32 => "FLOAT".into(),
        DataType::Float64 => "DOUBLE".into(),
        DataType::Decimal128(38, 0) => "HUGEINT".into(),
        DataType::Decimal128(p, s) | DataType::Decimal256(p, s) => format!("DECIMAL({p},{s})"),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => "VARCHAR".into(),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => "BLOB".into(),
        DataType::Date32 | DataType::Date64 => "DATE".into(),
        DataType::Time32(_) | DataType::Time64(_) => "TIME".into(),
        DataType::Timestamp(_, Some(_)) => "TIMESTAMP WITH TIME ZONE".into(),
        DataType::Timestamp(TimeUnit::Second, None) => "TIMESTAMP_S".into(),
        DataType::Timestamp(TimeUnit::Millisecond, None) => "TIMESTAMP_MS".into(),
        DataType::Timestamp(TimeUnit::Nanosecond, None) => "TIMESTAMP_NS".into(),
        DataType::Timestamp(_, None) => "TIMESTAMP".into(),
        DataType::Interval(_) | DataType::Duration(_) => "INTERVAL".into(),
        DataType::Null => "NULL".into(),
        DataType::List(f) | DataType::LargeList(f) | DataType::FixedSizeList(f, _) => {
            format!("{}[]", duckdb_type(f))
        }
        DataType::Struct(_) => "STRUCT".into(),
        DataType::Map(_, _) => "MAP".into(),
        DataType::Dictionary(_, v) => duckdb_type(&Field::new("", (**v).clone(), true)),
        other => format!("{other}"),
    }
}

/// Column descriptions for a batch's schema.
pub fn columns(schema: &arrow::datatypes::Schema) -> Vec<ColumnInfo> {
    schema
        .fields()
        .iter()
        .map(|f| ColumnInfo {
            name: f.name().clone(),
            ty: duckdb_type(f),
        })
        .collect()
}

/// Append up to `room` rows of `batch` to `out`; returns how many were taken.
pub fn append_rows(batch: &RecordBatch, room: usize, out: &mut Vec<Vec<Value>>) -> usize {
    let take = batch.num_rows().min(room);
    if take == 0 {
        return 0;
    }
    // DuckDB's own spelling of timestamps: a space, fractions only when present.
    let opts = FormatOptions::default()
        .with_null("")
        .with_datetime_format(Some("%Y-%m-%d %H:%M:%S%.f"))
        .with_timestamp_format(Some("%Y-%m-%d %H:%M:%S%.f"))
        .with_timestamp_tz_format(Some("%Y-%m-%d %H:%M:%S%.f%:z"));
    let cols: Vec<Column<'_>> = batch
        .columns()
        .iter()
        .map(|a| Column::new(a.as_ref(), &opts))
        .collect();
    for i in 0..take {
        out.push(cols.iter().map(|c| c.value(i)).collect());
    }
    take
}

/// One Arrow column, read cell by cell into JSON.
struct Column<'a> {
    array: &'a dyn Array,
    formatter: Option<ArrayFormatter<'a>>,
}

impl<'a> Column<'a> {
    fn new(array: &'a dyn Array, opts: &'a FormatOptions<'a>) -> Column<'a> {
        Column {
            array,
            formatter: ArrayFormatter::try_new(array, opts).ok(),
        }
    }

    fn value(&self, i: usize) -> Value {
        use arrow::datatypes::*;
        let a = self.array;
        if a.is_null(i) {
            return Value::Null;
        }
        match a.data_type() {
            DataType::Boolean => Value::Bool(a.as_boolean().value(i)),
            DataType::Int8 => a.as_primitive::<Int8Type>().value(i).into(),
            DataType::Int16 => a.as_primitive::<Int16Type>().value(i).into(),
            DataType::Int32 => a.as_primitive::<Int32Type>().value(i).into(),
            DataType::Int64 => a.as_primitive::<Int64Type>().value(i).into(),
            DataType::UInt8 => a.as_primitive::<UInt8Type>().value(i).into(),
            DataType::UInt16 => a.as_primitive::<UInt16Type>().value(i).into(),
            DataType::UInt32 => a.as_primitive::<UInt32Type>().value(i).into(),
            DataType::UInt64 => a.as_primitive::<UInt64Type>().value(i).into(),
            DataType::Float32 => float(f64::from(a.as_primitive::<Float32Type>().value(i))),
            DataType::Float64 => float(a.as_primitive::<Float64Type>().value(i)),
            DataType::Decimal128(_, scale) => {
                let v = a.as_primitive::<Decimal128Type>().value(i);
                if *scale == 0 && i64::try_from(v).is_ok() {
                    Value::from(v as i64)
                } else {
                    float(v as f64 / 10f64.powi(i32::from(*scale)))
                }
            }
            DataType::Utf8 => Value::String(a.as_string::<i32>().value(i).to_string()),
            DataType::LargeUtf8 => Value::String(a.as_string::<i64>().value(i).to_string()),
            DataType::Utf8View => Value::String(a.as_string_view().value(i).to_string()),
            _ => match &self.formatter {
                Some(f) => Value::String(f.value(i).to_string()),
                None => Value::String(format!("<{}>", a.data_type())),
            },
        }
    }
}

/// A float as a JSON number, or as text when it is NaN or infinite.
fn float(v: f64) -> Value {
    serde_json::Number::from_f64(v)
        .map(Value::Number)
        .unwrap_or_else(|| Value::String(v.to_string()))
}
