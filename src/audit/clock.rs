//! Where audit timestamps come from, and how they are written.
//!
//! Invariants:
//! - Every `ts` is UTC RFC 3339 with exactly six fractional digits and a `Z`
//!   (`2025-01-02T03:04:05.000006Z`), so timestamps sort as text.
//! - The writer reads time only through [`Clock`], so tests substitute a
//!   [`ManualClock`] and get byte-identical logs.

use std::sync::Mutex;
use std::time::Duration;

use time::{OffsetDateTime, UtcOffset};

use super::AuditError;

/// A source of the current time.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> OffsetDateTime;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// A clock that stands still until told to move: for tests and replays.
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<OffsetDateTime>,
    step: Duration,
}

impl ManualClock {
    /// A clock at `start` that advances by `step` each time it is read
    /// (`Duration::ZERO` for a clock that never moves by itself).
    pub fn new(start: OffsetDateTime, step: Duration) -> ManualClock {
        ManualClock {
            now: Mutex::new(start),
            step,
        }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(|p| p.into_inner());
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> OffsetDateTime {
        let mut now = self.now.lock().unwrap_or_else(|p| p.into_inner());
        let t = *now;
        *now += self.step;
        t
    }
}

/// Formats `t` as an audit timestamp (UTC, microseconds, `Z`).
///
/// Fails only for years outside 0000..=9999, which RFC 3339 cannot write.
pub fn format_ts(t: OffsetDateTime) -> Result<String, AuditError> {
    let t = t.to_offset(UtcOffset::UTC);
    let year = t.year();
    if !(0..=9999).contains(&year) {
        return Err(AuditError::TimeOutOfRange { year });
    }
    Ok(format!(
        "{year:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.microsecond()
    ))
}

/// A compact UTC stamp for file names (`20250102T030405.000006Z`).
pub(crate) fn file_stamp(t: OffsetDateTime) -> String {
    let t = t.to_offset(UtcOffset::UTC);
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}.{:06}Z",
        t.year().clamp(0, 9999),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.microsecond()
    )
}

/// Whether `ts` is exactly what [`format_ts`] writes: a real UTC date and
/// time as `YYYY-MM-DDTHH:MM:SS.ffffffZ` (a valid RFC 3339 date-time).
pub(crate) fn is_audit_ts(ts: &str) -> bool {
    let b = ts.as_bytes();
    const SHAPE: &[u8; 27] = b"dddd-dd-ddTdd:dd:dd.ddddddZ";
    if b.len() != SHAPE.len()
        || !b.iter().zip(SHAPE).all(|(c, s)| {
            if *s == b'd' {
                c.is_ascii_digit()
            } else {
                c == s
            }
        })
    {
        return false;
    }
    let num =
        |r: std::ops::Range<usize>| b[r].iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    let (year, month, day) = (num(0..4), num(5..7), num(8..10));
    let Ok(month) = time::Month::try_from(month as u8) else {
        return false;
    };
    time::Date::from_calendar_date(year as i32, month, day as u8).is_ok()
        && num(11..13) < 24
        && num(14..16) < 60
        && num(17..19) < 60
}
