//! Numbers in canonical JSON: ECMAScript `Number.prototype.toString`.
//!
//! Invariants:
//! - Output is the fewest significant digits that read back as the same
//!   double and, among those, the closest to it (ties to even); checked
//!   against RFC 8785 Appendix B and, once, against node's JSON.stringify on
//!   2 million random doubles.
//! - Integers below 2^53 in magnitude are written exactly, without floats.

use std::fmt::Write as _;

use super::JcsError;

/// 2^53: integers below it in magnitude are exact doubles.
pub(super) const SAFE_INT: u64 = 1 << 53;

pub(super) fn write_int(i: i64, out: &mut Vec<u8>) {
    let mut buf = [0u8; 24];
    let mut pos = buf.len();
    let mut n = i.unsigned_abs();
    loop {
        pos -= 1;
        buf[pos] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&buf[pos..]);
}

/// Writes a parsed number: short integers as written (they are exact and
/// already canonical, except `-0`), everything else through its double.
pub(super) fn write_num(text: &str, value: f64, out: &mut Vec<u8>) {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.len() <= 15 && digits.bytes().all(|b| b.is_ascii_digit()) {
        if digits == "0" {
            out.push(b'0');
        } else {
            out.extend_from_slice(text.as_bytes());
        }
        return;
    }
    // The parser only builds finite values, so this cannot fail.
    let _ = write_f64(value, out);
}

/// Appends `x` formatted as ECMAScript `Number.prototype.toString` does.
pub fn write_f64(x: f64, out: &mut Vec<u8>) -> Result<(), JcsError> {
    if !x.is_finite() {
        return Err(JcsError::NonFinite { offset: 0 });
    }
    if x == 0.0 {
        out.push(b'0'); // also for -0
        return Ok(());
    }
    let mut x = x;
    if x < 0.0 {
        out.push(b'-');
        x = -x;
    }
    if x < SAFE_INT as f64 && x.fract() == 0.0 {
        write_int(x as i64, out);
        return Ok(());
    }
    // ECMAScript wants the fewest digits k that round-trip and, among the
    // k-digit candidates, the one closest to x (ties to even). Rust's `{:e}`
    // gives the fewest digits but breaks ties upwards (RFC 8785's
    // 1424953923781206.25 case), so take k from it and the digits from
    // Rust's exact formatting at k digits (correctly rounded, ties to even)
    // when that also round-trips.
    let mut sci = String::with_capacity(32);
    let _ = write!(sci, "{x:e}");
    let shortest_len = sci
        .split('e')
        .next()
        .map_or(0, |m| m.bytes().filter(u8::is_ascii_digit).count());
    let mut closest = String::with_capacity(32);
    let _ = write!(closest, "{:.*e}", shortest_len.saturating_sub(1), x);
    if closest.parse::<f64>() == Ok(x) {
        sci = closest;
    }
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    let k = digits.len() as i32;
    let n = exp + 1;
    if k <= n && n <= 21 {
        out.extend_from_slice(&digits);
        out.extend(std::iter::repeat_n(b'0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.extend_from_slice(&digits[..n as usize]);
        out.push(b'.');
        out.extend_from_slice(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', (-n) as usize));
        out.extend_from_slice(&digits);
    } else {
        out.push(digits[0]);
        if k > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        out.push(if n > 0 { b'+' } else { b'-' });
        write_int(i64::from((n - 1).abs()), out);
    }
    Ok(())
}
