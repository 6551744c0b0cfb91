//! Calendar arithmetic and text formats for generated dates and timestamps.
//!
//! Invariants: days count from 1970-01-01 (proleptic Gregorian, UTC, no leap
//! seconds); seconds count from 1970-01-01 00:00:00. Dates print as
//! `YYYY-MM-DD` and timestamps as `YYYY-MM-DD HH:MM:SS`, the forms DuckDB
//! reads as DATE and TIMESTAMP.

/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// Seconds in an hour.
pub const HOUR: i64 = 3_600;

/// Days since 1970-01-01 of a civil date (month and day 1-based).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date `(year, month, day)` of a day number.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Day of the week: 0 = Monday ... 6 = Sunday.
pub fn weekday(day: i64) -> i64 {
    (day + 3).rem_euclid(7)
}

/// `YYYY-MM-DD`.
pub fn fmt_date(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `YYYY-MM-DD HH:MM:SS`.
pub fn fmt_ts(secs: i64) -> String {
    let day = secs.div_euclid(DAY);
    let s = secs.rem_euclid(DAY);
    format!(
        "{} {:02}:{:02}:{:02}",
        fmt_date(day),
        s / 3600,
        (s / 60) % 60,
        s % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1970, 1, 1, 0)]
    #[case(2025, 1, 1, 20_089)]
    #[case(2024, 2, 29, 19_782)]
    #[case(2025, 12, 31, 20_453)]
    fn civil_round_trip(#[case] y: i64, #[case] m: i64, #[case] d: i64, #[case] days: i64) {
        assert_eq!(days_from_civil(y, m, d), days);
        assert_eq!(civil_from_days(days), (y, m, d));
    }

    #[test]
    fn formats_and_weekdays() {
        let day = days_from_civil(2025, 7, 1);
        assert_eq!(weekday(day), 1, "2025-07-01 is a Tuesday");
        assert_eq!(fmt_date(day), "2025-07-01");
        assert_eq!(
            fmt_ts(day * DAY + 13 * HOUR + 5 * 60 + 9),
            "2025-07-01 13:05:09"
        );
    }
}
