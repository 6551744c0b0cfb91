//! A small deterministic pseudo-random number generator for the built-in
//! datasets: xoshiro256** seeded through SplitMix64.
//!
//! Invariants: a seed yields the same stream on every platform and every
//! run. Derived draws use only integer operations and IEEE-754 basic
//! arithmetic (`+ - * /`, `round`), plus the libm-free functions in
//! `dmath`, so the generated files are byte-for-byte reproducible.

use super::dmath;

/// xoshiro256** state.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let mut s = [0u64; 4];
        for x in &mut s {
            *x = splitmix(&mut sm);
        }
        Rng { s }
    }

    /// An independent child stream, so one part of a dataset can draw more
    /// or fewer numbers without shifting every other part.
    pub fn fork(&mut self, tag: u64) -> Rng {
        Rng::new(self.next_u64() ^ tag.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform integer in `0..n` (0 when `n` is 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform integer in `lo..=hi` (`lo` when the range is empty).
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// Uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Approximately normal (Irwin-Hall sum of 12 uniforms): no libm needed,
    /// and bounded at six standard deviations.
    pub fn normal(&mut self, mean: f64, sd: f64) -> f64 {
        let mut sum = 0.0;
        for _ in 0..12 {
            sum += self.unit();
        }
        mean + sd * (sum - 6.0)
    }

    /// Log-normal with the given median and log-scale spread.
    pub fn lognormal(&mut self, median: f64, sigma: f64) -> f64 {
        median * dmath::exp(self.normal(0.0, sigma))
    }

    /// Index drawn with probability proportional to `weights`.
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len().saturating_sub(1)
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

/// Precomputed cumulative weights for many draws from one distribution.
#[derive(Debug, Clone)]
pub struct Weighted {
    cum: Vec<f64>,
}

impl Weighted {
    pub fn new(weights: &[f64]) -> Weighted {
        let mut acc = 0.0;
        let cum = weights
            .iter()
            .map(|w| {
                acc += w.max(0.0);
                acc
            })
            .collect();
        Weighted { cum }
    }

    /// An index drawn with probability proportional to its weight.
    pub fn sample(&self, rng: &mut Rng) -> usize {
        let total = self.cum.last().copied().unwrap_or(0.0);
        let x = rng.unit() * total;
        let i = self.cum.partition_point(|c| *c <= x);
        i.min(self.cum.len().saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_known_first_value() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        // Pinned against an independent implementation of SplitMix64 + xoshiro256**:
        // a change here changes every generated file.
        assert_eq!(
            xs[..3],
            [
                0x1578_0b2e_0c2e_c716,
                0x6104_d986_6d11_3a7e,
                0xae17_5332_39e4_99a1
            ]
        );
        assert_ne!(Rng::new(43).next_u64(), xs[0]);
    }

    #[test]
    fn draws_stay_in_range() {
        let mut r = Rng::new(7);
        for _ in 0..10_000 {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            let i = r.int(3, 9);
            assert!((3..=9).contains(&i));
            let n = r.normal(0.0, 1.0);
            assert!((-6.0..=6.0).contains(&n));
        }
    }

    #[test]
    fn weighted_never_picks_zero_weight() {
        let mut r = Rng::new(1);
        let w = Weighted::new(&[0.0, 1.0, 0.0, 3.0]);
        let mut counts = [0usize; 4];
        for _ in 0..4_000 {
            counts[w.sample(&mut r)] += 1;
            counts[r.weighted(&[0.0, 1.0, 0.0, 3.0])] += 1;
        }
        assert_eq!(counts[0] + counts[2], 0);
        assert!(counts[3] > counts[1] * 2);
    }
}
