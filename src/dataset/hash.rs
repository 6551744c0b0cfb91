//! Content hashes: a file's SHA-256 and a dataset's version hash.
//!
//! The dataset hash is the SHA-256 over `table \t file-sha256 \n` lines in
//! table-name order, so it changes exactly when some table's bytes change
//! and does not depend on file system order or on the manifest's wording.

use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// SHA-256 of a file, lowercase hex.
pub fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(hex::encode(h.finalize()))
}

/// SHA-256 of bytes, lowercase hex.
pub fn bytes_sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The dataset version hash from (table, file sha256) pairs.
pub fn dataset_hash(tables: &[(String, String)]) -> String {
    let mut lines: Vec<String> = tables.iter().map(|(t, h)| format!("{t}\t{h}\n")).collect();
    lines.sort();
    bytes_sha256(lines.concat().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dataset_hash_ignores_order_but_not_content() {
        let a = dataset_hash(&[("x".into(), "1".into()), ("y".into(), "2".into())]);
        let b = dataset_hash(&[("y".into(), "2".into()), ("x".into(), "1".into())]);
        let c = dataset_hash(&[("x".into(), "1".into()), ("y".into(), "3".into())]);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.len(), 64);
    }
}
