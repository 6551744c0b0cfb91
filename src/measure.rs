//! One way to summarise benchmark timings, used by every `sandpiper bench`
//! command: a [`Samples`] of n measurements (any unit the caller picks, ms
//! or entries/s) with median, 95th percentile, min and max.
//!
//! Invariants: non-finite measurements are dropped; the median of an even
//! count is the mean of the two middle values; p95 is the nearest-rank
//! percentile (the smallest value with at least 95 % of samples at or below
//! it); an empty series summarises as all zeros with `n = 0`.

use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Summary of one series of measurements.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Default)]
pub struct Samples {
    pub n: usize,
    pub median: f64,
    pub p95: f64,
    pub min: f64,
    pub max: f64,
}

impl Samples {
    /// Summarise `values`.
    pub fn of(values: &[f64]) -> Samples {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let (Some(&min), Some(&max)) = (v.first(), v.last()) else {
            return Samples::default();
        };
        let at = |i: usize| v.get(i).copied().unwrap_or(0.0);
        let median = if n % 2 == 1 { at(n / 2) } else { (at(n / 2 - 1) + at(n / 2)) / 2.0 };
        let p95 = at(((n as f64 * 0.95).ceil() as usize).clamp(1, n) - 1);
        Samples { n, median, p95, min, max }
    }

    /// Time `f` `n` times (after `warmup` untimed calls) in milliseconds;
    /// the first error stops the series.
    pub fn time_ms<E>(warmup: usize, n: usize, mut f: impl FnMut() -> Result<(), E>) -> Result<Samples, E> {
        for _ in 0..warmup {
            f()?;
        }
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            let t = Instant::now();
            f()?;
            v.push(ms_since(t));
        }
        Ok(Samples::of(&v))
    }

    /// "median / p95" with `decimals` decimals, for text reports.
    pub fn brief(&self, decimals: usize) -> String {
        format!("{:.decimals$} / {:.decimals$}", self.median, self.p95)
    }
}

/// Milliseconds since `t`.
pub fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_p95_min_max() {
        let s = Samples::of(&[5.0, 1.0, 3.0, 2.0, 4.0]);
        assert_eq!((s.n, s.median, s.p95, s.min, s.max), (5, 3.0, 5.0, 1.0, 5.0));
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        let s = Samples::of(&v);
        assert_eq!((s.median, s.p95), (10.5, 19.0));
        let v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(Samples::of(&v).p95, 95.0);
    }

    #[test]
    fn empty_and_non_finite() {
        assert_eq!(Samples::of(&[]), Samples::default());
        let s = Samples::of(&[f64::NAN, 2.0, f64::INFINITY]);
        assert_eq!((s.n, s.median, s.p95), (1, 2.0, 2.0));
    }

    #[test]
    fn time_ms_counts_only_timed_runs() {
        let mut calls = 0;
        let s = Samples::time_ms::<()>(2, 3, || {
            calls += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!((calls, s.n), (5, 3));
    }
}
