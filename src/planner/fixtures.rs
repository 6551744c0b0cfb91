//! Test support: the made-up manifests the planner's table-driven tests
//! plan on (`tests/fixtures/planner/<name>/dataset.toml`, or a manifest
//! written inline in a test). One loader, so every test file reads its
//! fixture the same way and a broken fixture names its file.

use crate::semantic::Manifest;

/// The fixture manifest `tests/fixtures/planner/<name>/dataset.toml`.
pub(super) fn fixture(name: &str) -> Manifest {
    let path = format!("{}/tests/fixtures/planner/{name}/dataset.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A manifest written inline in a test.
pub(super) fn from_toml(text: &str) -> Manifest {
    toml::from_str(text).unwrap_or_else(|e| panic!("inline manifest: {e}"))
}
