//! A fresh directory in the system's temporary directory, removed when
//! dropped (also when the work in it fails part-way): `sandpiper demo`
//! (unless asked to use the real home) and the screenshot generator run in
//! one as their home, so their runs, audit entries and history never land
//! in the user's `SANDPIPER_HOME`; the benchmarks write their scratch logs,
//! stores and homes in one.

use anyhow::Context;
use std::path::{Path, PathBuf};

/// A directory that exists until this is dropped.
#[derive(Debug)]
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// A new empty directory named for `purpose`, this process and the time.
    pub fn new(purpose: &str) -> anyhow::Result<ScratchDir> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!("sandpiper-{purpose}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).with_context(|| format!("creating the temporary directory {}", path.display()))?;
        Ok(ScratchDir(path))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_directory_exists_until_dropped_with_everything_in_it() {
        let home = ScratchDir::new("test").unwrap();
        let path = home.path().to_path_buf();
        std::fs::create_dir_all(path.join("audit")).unwrap();
        std::fs::write(path.join("audit/x.jsonl"), "{}").unwrap();
        assert!(path.join("audit/x.jsonl").exists());
        drop(home);
        assert!(!path.exists());
    }
}
