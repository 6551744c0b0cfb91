//! Deterministic generator for sandpiper's three built-in datasets
//! (`ecommerce`, `support`, `iot`): the CSV files committed under
//! `datasets/<name>/`, reproducible with `sandpiper datasets generate`.
//!
//! Invariants: output is byte-for-byte identical on every run and platform.
//! Each dataset draws from its own seeded xoshiro256** stream (`rng`), uses
//! no libm functions (`dmath`), no hash-map iteration and no clock; numbers
//! are printed with fixed decimals through integers (`csv_out`); files have
//! a header row, `\n` line endings, and an empty field for NULL. Changing
//! anything here changes the files, so the `sha256` values in the manifests
//! must be updated with it.

mod calendar;
mod catalog;
mod csv_out;
mod dmath;
mod ecommerce;
mod iot;
mod names;
mod rng;
mod support;

/// The built-in dataset names, in display order.
pub const BUILTIN: [&str; 3] = ["ecommerce", "support", "iot"];

/// The files of a built-in dataset as `(file name, bytes)`, in manifest
/// table order; `None` for a name that is not built in.
pub fn generate(dataset: &str) -> Option<Vec<(String, Vec<u8>)>> {
    match dataset {
        "ecommerce" => Some(ecommerce::generate()),
        "support" => Some(support::generate()),
        "iot" => Some(iot::generate()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
