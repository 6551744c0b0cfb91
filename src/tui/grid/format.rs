//! Cell text for the grid: numbers with thousands separators and a number
//! of decimals chosen per column, dates and timestamps in DuckDB's spelling,
//! text on one line, and display widths that count a CJK character as two
//! columns so alignment holds.
//!
//! Invariants: `fit` returns exactly `width` display columns; NULL is never
//! formatted here (the caller draws it distinctly).

use arrow::array::{Array, AsArray};
use arrow::datatypes::*;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use ratatui::text::Span;

/// How a column's values are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Int,
    /// Integers that name rather than count (ids, years, codes): no separators.
    Code,
    Float,
    /// Fixed point with this many decimals.
    Decimal(i8),
    Bool,
    Text,
    Date,
    Timestamp,
    /// Lists, structs, maps, blobs, intervals: arrow's display.
    Other,
}

impl Kind {
    pub fn of(dt: &DataType) -> Kind {
        match dt {
            DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::Int64 | DataType::UInt8 | DataType::UInt16 | DataType::UInt32 | DataType::UInt64 => Kind::Int,
            DataType::Float16 | DataType::Float32 | DataType::Float64 => Kind::Float,
            DataType::Decimal128(_, s) | DataType::Decimal256(_, s) => Kind::Decimal(*s),
            DataType::Boolean => Kind::Bool,
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Kind::Text,
            DataType::Date32 | DataType::Date64 => Kind::Date,
            DataType::Timestamp(..) => Kind::Timestamp,
            DataType::Dictionary(_, v) => Kind::of(v),
            _ => Kind::Other,
        }
    }

    /// Right-aligned in the grid.
    pub fn is_numeric(self) -> bool {
        matches!(self, Kind::Int | Kind::Code | Kind::Float | Kind::Decimal(_))
    }

    pub fn is_temporal(self) -> bool {
        matches!(self, Kind::Date | Kind::Timestamp)
    }
}

pub use crate::render::{grouped, is_code_name, thousands};

pub fn format_int(v: i128) -> String {
    thousands(&v.to_string())
}

/// `v` with `decimals` decimals and separators; NaN and infinities spelled out.
pub fn format_float(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return if v.is_nan() { "NaN".into() } else if v > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    let text = format!("{v:.decimals$}");
    // "-0" after rounding a tiny negative reads as a sign error.
    let text = match text.strip_prefix('-') {
        Some(unsigned) if unsigned.bytes().all(|b| b == b'0' || b == b'.') => unsigned.to_string(),
        _ => text,
    };
    grouped(text)
}

/// A fixed-point value (`v` scaled by 10^scale) with separators.
pub fn format_decimal(v: i128, scale: i8) -> String {
    if scale <= 0 {
        return format_int(v * 10i128.pow(u32::from(scale.unsigned_abs())));
    }
    let p = 10i128.pow(u32::from(scale.unsigned_abs()));
    let (int, frac) = (v / p, (v % p).abs());
    let sign = if v < 0 && int == 0 { "-" } else { "" };
    format!("{sign}{}.{frac:0width$}", format_int(int), width = scale as usize)
}

/// A fixed-point value shown with `decimals` (fewer than its scale:
/// rounded half away from zero).
pub fn format_decimal_to(v: i128, scale: i8, decimals: usize) -> String {
    if scale <= 0 || decimals >= scale as usize {
        return format_decimal(v, scale);
    }
    let drop = 10i128.pow((scale as usize - decimals) as u32);
    let r = if v >= 0 { (v + drop / 2) / drop } else { (v - drop / 2) / drop };
    format_decimal(r, decimals as i8)
}

/// Decimals for a float column: the fewest (at most 4, at most 2 once
/// values reach 1) that show every sampled value exactly.
pub fn float_decimals(samples: impl Iterator<Item = f64>) -> usize {
    let mut need = 0usize;
    let mut big = false;
    for v in samples.filter(|v| v.is_finite()) {
        big |= v.abs() >= 1.0;
        while need < 4 {
            let scaled = v * 10f64.powi(need as i32);
            if (scaled - scaled.round()).abs() <= 1e-9 * scaled.abs().max(1.0) {
                break;
            }
            need += 1;
        }
    }
    if big {
        need.min(2)
    } else {
        need
    }
}

/// Options for arrow's display of dates, timestamps and nested values.
pub fn display_options() -> FormatOptions<'static> {
    FormatOptions::default()
        .with_null("NULL")
        .with_datetime_format(Some("%Y-%m-%d %H:%M:%S%.f"))
        .with_timestamp_format(Some("%Y-%m-%d %H:%M:%S%.f"))
        .with_timestamp_tz_format(Some("%Y-%m-%d %H:%M:%S%.f%:z"))
}

/// The text of row `i` of `a` for the grid, None for NULL. Text is made
/// one line (line breaks and tabs become visible marks).
pub fn cell_text(a: &dyn Array, i: usize, kind: Kind, decimals: usize) -> Option<String> {
    if a.is_null(i) {
        return None;
    }
    let s = match (kind, a.data_type()) {
        (Kind::Int, DataType::Int8) => format_int(a.as_primitive::<Int8Type>().value(i).into()),
        (Kind::Int, DataType::Int16) => format_int(a.as_primitive::<Int16Type>().value(i).into()),
        (Kind::Int, DataType::Int32) => format_int(a.as_primitive::<Int32Type>().value(i).into()),
        (Kind::Int, DataType::Int64) => format_int(a.as_primitive::<Int64Type>().value(i).into()),
        (Kind::Int, DataType::UInt8) => format_int(a.as_primitive::<UInt8Type>().value(i).into()),
        (Kind::Int, DataType::UInt16) => format_int(a.as_primitive::<UInt16Type>().value(i).into()),
        (Kind::Int, DataType::UInt32) => format_int(a.as_primitive::<UInt32Type>().value(i).into()),
        (Kind::Int, DataType::UInt64) => format_int(a.as_primitive::<UInt64Type>().value(i).into()),
        (Kind::Float, DataType::Float32) => format_float(f64::from(a.as_primitive::<Float32Type>().value(i)), decimals),
        (Kind::Float, DataType::Float64) => format_float(a.as_primitive::<Float64Type>().value(i), decimals),
        (Kind::Decimal(s), DataType::Decimal128(..)) => format_decimal_to(a.as_primitive::<Decimal128Type>().value(i), s, decimals),
        (Kind::Code, _) => raw_text(a, i),
        (Kind::Bool, _) => a.as_boolean().value(i).to_string(),
        (Kind::Text, DataType::Utf8) => one_line(a.as_string::<i32>().value(i)),
        (Kind::Text, DataType::LargeUtf8) => one_line(a.as_string::<i64>().value(i)),
        (Kind::Text, DataType::Utf8View) => one_line(a.as_string_view().value(i)),
        _ => one_line(&raw_text(a, i)),
    };
    Some(s)
}

/// A value as text without grid decoration (the inspector, charts' labels).
pub fn raw_text(a: &dyn Array, i: usize) -> String {
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().value(i).to_string(),
        DataType::LargeUtf8 => a.as_string::<i64>().value(i).to_string(),
        DataType::Utf8View => a.as_string_view().value(i).to_string(),
        _ => {
            let opts = display_options();
            match ArrayFormatter::try_new(a, &opts) {
                Ok(f) => f.value(i).to_string(),
                Err(_) => format!("<{}>", a.data_type()),
            }
        }
    }
}

/// Line breaks and tabs as visible marks, other controls dropped.
pub fn one_line(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .filter_map(|c| match c {
            '\n' => Some('⏎'),
            '\t' => Some('→'),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// Display columns of `s` (CJK and most emoji take two).
pub fn width(s: &str) -> usize {
    Span::raw(s).width()
}

fn char_width(c: char) -> usize {
    let mut b = [0u8; 4];
    width(c.encode_utf8(&mut b))
}

/// `s` cut (with '…') or padded to exactly `w` display columns, on the
/// right when `right` (numbers), else on the left.
pub fn fit(s: &str, w: usize, right: bool) -> String {
    let sw = width(s);
    if sw <= w {
        let pad = " ".repeat(w - sw);
        return if right { format!("{pad}{s}") } else { format!("{s}{pad}") };
    }
    if w == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let cw = char_width(c);
        if used + cw > w - 1 {
            break;
        }
        out.push(c);
        used += cw;
    }
    out.push('…');
    used += 1;
    // A two-column character that did not fit leaves one column to pad.
    out.push_str(&" ".repeat(w - used));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow::array::{Date32Array, Decimal128Array, Float64Array, Int64Array, StringArray};

    #[test]
    fn thousands_separators_and_signs() {
        let cases = [("0", "0"), ("12", "12"), ("123", "123"), ("1234", "1,234"), ("-1234", "-1,234"), ("1234567", "1,234,567"), ("-123456", "-123,456"), ("1000000000", "1,000,000,000")];
        for (input, want) in cases {
            assert_eq!(thousands(input), want, "{input}");
        }
        assert_eq!(format_int(i128::from(i64::MIN)), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn floats_with_decimals() {
        let cases = [(1234.5, 2, "1,234.50"), (-1234.567, 2, "-1,234.57"), (0.0, 0, "0"), (-0.001, 2, "0.00"), (1e6, 0, "1,000,000"), (f64::NAN, 2, "NaN"), (f64::NEG_INFINITY, 2, "-Infinity")];
        for (v, d, want) in cases {
            assert_eq!(format_float(v, d), want, "{v} {d}");
        }
    }

    #[test]
    fn decimals_are_chosen_per_column() {
        assert_eq!(float_decimals([1.0, 2.0, 3e9].into_iter()), 0);
        assert_eq!(float_decimals([1.5, 2.25].into_iter()), 2);
        assert_eq!(float_decimals([12.345678].into_iter()), 2, "values from 1 up keep two");
        assert_eq!(float_decimals([0.125, 0.5].into_iter()), 3);
        assert_eq!(float_decimals([0.000012].into_iter()), 4);
        assert_eq!(float_decimals([f64::NAN].into_iter()), 0);
    }

    #[test]
    fn identifiers_and_years_have_no_separators() {
        for (name, code) in [("id", true), ("customer_id", true), ("order_year", true), ("zip_code", true), ("orders", false), ("revenue", false), ("paid", false), ("n", false)] {
            assert_eq!(is_code_name(name), code, "{name}");
        }
        let years = Int64Array::from(vec![2025]);
        assert_eq!(cell_text(&years, 0, Kind::Code, 0).as_deref(), Some("2025"));
    }

    #[test]
    fn fixed_point_rounded_to_the_column_decimals() {
        let cases = [(609_442_390, 4, 2, "60,944.24"), (-609_442_350, 4, 2, "-60,944.24"), (609_442_390, 4, 0, "60,944"), (12_345, 2, 2, "123.45"), (5, 2, 4, "0.05")];
        for (v, scale, d, want) in cases {
            assert_eq!(format_decimal_to(v, scale, d), want, "{v} scale {scale} to {d}");
        }
    }

    #[test]
    fn fixed_point() {
        assert_eq!(format_decimal(123_456_789, 2), "1,234,567.89");
        assert_eq!(format_decimal(-5, 2), "-0.05");
        assert_eq!(format_decimal(-123_405, 2), "-1,234.05");
        assert_eq!(format_decimal(7, 0), "7");
    }

    #[test]
    fn cells_by_type_and_null() {
        let ints = Int64Array::from(vec![Some(-1_234_567), None]);
        assert_eq!(cell_text(&ints, 0, Kind::Int, 0).as_deref(), Some("-1,234,567"));
        assert_eq!(cell_text(&ints, 1, Kind::Int, 0), None);
        let f = Float64Array::from(vec![2.5]);
        assert_eq!(cell_text(&f, 0, Kind::Float, 2).as_deref(), Some("2.50"));
        let d = Decimal128Array::from(vec![12345]).with_precision_and_scale(10, 2).unwrap();
        assert_eq!(cell_text(&d, 0, Kind::of(d.data_type()), 2).as_deref(), Some("123.45"));
        assert_eq!(cell_text(&d, 0, Kind::of(d.data_type()), 1).as_deref(), Some("123.5"));
        let dates = Date32Array::from(vec![19_723]); // 2024-01-01
        assert_eq!(cell_text(&dates, 0, Kind::Date, 0).as_deref(), Some("2024-01-01"));
        let s = StringArray::from(vec!["two\nlines\tand tab"]);
        assert_eq!(cell_text(&s, 0, Kind::Text, 0).as_deref(), Some("two⏎lines→and tab"));
    }

    #[test]
    fn fit_keeps_alignment_with_wide_characters() {
        let cases = [
            ("abc", 5, false, "abc  "),
            ("abc", 5, true, "  abc"),
            ("abcdef", 4, false, "abc…"),
            ("東京都", 6, false, "東京都"),
            ("東京都", 5, false, "東京…"),
            ("東京都", 4, false, "東… "),
            ("1,234", 3, true, "1,…"),
            ("", 0, false, ""),
        ];
        for (s, w, right, want) in cases {
            let got = fit(s, w, right);
            assert_eq!(got, want, "{s:?} in {w}");
            assert_eq!(width(&got), w, "{s:?} in {w} keeps its width");
        }
    }
}
