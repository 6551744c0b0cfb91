//! Deterministic elementary functions (exp, ln, sin, pow) for the dataset
//! generator.
//!
//! Invariants: built only from IEEE-754 basic arithmetic, `round` and bit
//! manipulation, never the platform's libm (whose last-bit results differ
//! between systems), so generated values are identical everywhere. Accuracy
//! is a few ulps, far more than synthetic data needs.

const LN2: f64 = std::f64::consts::LN_2;
const PI: f64 = std::f64::consts::PI;

/// 2^k for k in the normal exponent range.
fn pow2(k: i64) -> f64 {
    let k = k.clamp(-1022, 1023);
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// e^x (0 below -700, a huge finite number above 700).
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < -700.0 {
        return 0.0;
    }
    let x = x.min(700.0);
    let k = (x / LN2).round();
    let r = x - k * LN2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for n in 1..=18 {
        term *= r / n as f64;
        sum += term;
    }
    sum * pow2(k as i64)
}

/// Natural logarithm of a positive normal number (-745 for zero or less).
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= f64::MIN_POSITIVE {
        return -745.0;
    }
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 40.0 {
        sum += term / n;
        term *= s2;
        n += 2.0;
    }
    e as f64 * LN2 + 2.0 * sum
}

/// `base` to the power `p` for positive `base`.
pub fn pow(base: f64, p: f64) -> f64 {
    exp(p * ln(base))
}

/// Sine of `x` radians.
pub fn sin(x: f64) -> f64 {
    let two_pi = 2.0 * PI;
    let mut r = x - two_pi * (x / two_pi).round();
    if r > PI / 2.0 {
        r = PI - r;
    } else if r < -PI / 2.0 {
        r = -PI - r;
    }
    let r2 = r * r;
    let mut term = r;
    let mut sum = r;
    let mut n = 1.0;
    for _ in 0..12 {
        term *= -r2 / ((n + 1.0) * (n + 2.0));
        sum += term;
        n += 2.0;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(0.0)]
    #[case(1.0)]
    #[case(-2.5)]
    #[case(10.0)]
    #[case(0.123)]
    fn exp_matches_std(#[case] x: f64) {
        assert!((exp(x) / x.exp() - 1.0).abs() < 1e-13);
    }

    #[rstest]
    #[case(1.0)]
    #[case(0.001)]
    #[case(2.5)]
    #[case(1e6)]
    #[case(1.9)]
    fn ln_matches_std(#[case] x: f64) {
        assert!((ln(x) - x.ln()).abs() < 1e-13);
    }

    #[rstest]
    #[case(0.0)]
    #[case(0.5)]
    #[case(3.0)]
    #[case(-7.0)]
    #[case(100.0)]
    fn sin_matches_std(#[case] x: f64) {
        assert!((sin(x) - x.sin()).abs() < 1e-12);
    }

    #[test]
    fn pow_matches_std() {
        assert!((pow(7.0, 1.1) - 7f64.powf(1.1)).abs() < 1e-12);
    }
}
