//! A fresh sandpiper home in the system's temporary directory, removed
//! when dropped: `sandpiper demo` (unless asked to use the real home) and
//! the screenshot generator run in one, so their runs, audit entries and
//! history never land in the user's `SANDPIPER_HOME`.

use anyhow::Context;
use std::path::{Path, PathBuf};

/// A home directory that exists until this is dropped.
#[derive(Debug)]
pub struct TempHome(PathBuf);

impl TempHome {
    /// A new empty directory named for `purpose`, this process and the time.
    pub fn new(purpose: &str) -> anyhow::Result<TempHome> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!("sandpiper-{purpose}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).with_context(|| format!("creating the temporary home {}", path.display()))?;
        Ok(TempHome(path))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_exists_until_dropped_with_everything_in_it() {
        let home = TempHome::new("test").unwrap();
        let path = home.path().to_path_buf();
        std::fs::create_dir_all(path.join("audit")).unwrap();
        std::fs::write(path.join("audit/x.jsonl"), "{}").unwrap();
        assert!(path.join("audit/x.jsonl").exists());
        drop(home);
        assert!(!path.exists());
    }
}
