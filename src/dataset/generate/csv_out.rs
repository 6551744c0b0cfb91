//! A minimal CSV writer and fixed-point number formats for generated files.
//!
//! Invariants: a header row first; fields separated by `,`; rows end in
//! `\n`; a field is quoted (with `"` doubled) only when it holds `,`, `"`,
//! `\r` or `\n`; `None` is written as an empty field, which is how the
//! datasets spell NULL. Numbers are rounded to a fixed number of decimals
//! through integers, so their text never depends on float printing details
//! and never reads `-0.00`.

/// A CSV file being built in memory.
#[derive(Debug)]
pub struct Csv {
    buf: String,
    width: usize,
}

impl Csv {
    /// A file with this header row.
    pub fn new(header: &[&str]) -> Csv {
        let mut csv = Csv {
            buf: String::new(),
            width: header.len(),
        };
        let fields: Vec<Option<String>> = header.iter().map(|h| Some((*h).to_string())).collect();
        csv.row(&fields);
        csv
    }

    /// Appends one row; `None` fields are NULL. Short rows are padded with
    /// NULLs so every row has the header's width.
    pub fn row(&mut self, fields: &[Option<String>]) {
        for i in 0..self.width.max(fields.len()) {
            if i > 0 {
                self.buf.push(',');
            }
            if let Some(Some(f)) = fields.get(i) {
                push_field(&mut self.buf, f);
            }
        }
        self.buf.push('\n');
    }

    /// The file's bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.buf.into_bytes()
    }
}

fn push_field(buf: &mut String, f: &str) {
    if f.contains([',', '"', '\n', '\r']) {
        buf.push('"');
        buf.push_str(&f.replace('"', "\"\""));
        buf.push('"');
    } else {
        buf.push_str(f);
    }
}

/// `x` rounded half away from zero to `places` decimals (at most 6).
pub fn fixed(x: f64, places: u32) -> String {
    let places = places.min(6);
    let scale = 10i64.pow(places);
    let n = (x * scale as f64).round() as i64;
    scaled(n, places)
}

/// An integer count of hundredths (cents) as a decimal: 1999 -> `19.99`.
pub fn cents(n: i64) -> String {
    scaled(n, 2)
}

/// `n / 10^places` written exactly.
fn scaled(n: i64, places: u32) -> String {
    let scale = 10i64.pow(places);
    let sign = if n < 0 { "-" } else { "" };
    let a = n.unsigned_abs();
    let s = scale as u64;
    if places == 0 {
        format!("{sign}{a}")
    } else {
        format!("{sign}{}.{:0width$}", a / s, a % s, width = places as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1.005, 1, "1.0")]
    #[case(-0.001, 2, "0.00")]
    #[case(-2.346, 2, "-2.35")]
    #[case(3.0, 3, "3.000")]
    #[case(412.26, 1, "412.3")]
    #[case(7.6, 0, "8")]
    fn fixed_formats(#[case] x: f64, #[case] places: u32, #[case] want: &str) {
        assert_eq!(fixed(x, places), want);
    }

    #[rstest]
    #[case(1999, "19.99")]
    #[case(5, "0.05")]
    #[case(-120, "-1.20")]
    #[case(0, "0.00")]
    fn cents_format(#[case] n: i64, #[case] want: &str) {
        assert_eq!(cents(n), want);
    }

    #[test]
    fn quotes_only_when_needed_and_writes_nulls_empty() {
        let mut c = Csv::new(&["a", "b", "c"]);
        c.row(&[Some("x,y".into()), None, Some("say \"hi\"".into())]);
        c.row(&[Some("plain".into())]);
        let text = String::from_utf8(c.into_bytes()).unwrap_or_default();
        assert_eq!(text, "a,b,c\n\"x,y\",,\"say \"\"hi\"\"\"\nplain,,\n");
    }
}
