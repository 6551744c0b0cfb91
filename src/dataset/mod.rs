//! Datasets: the three built-in ones and those a user adds, each a folder of
//! CSV files with a `dataset.toml` manifest, identified by a version hash.
//!
//! Invariants: a [`Dataset`] handed out has files whose bytes match the
//! hashes it reports (built-in data is regenerated when missing or changed;
//! a user's changed file is re-hashed and announced, never used silently
//! under the old hash); names are `[a-z0-9_]+`.

pub mod add;
pub mod derive;
pub mod generate;
pub mod hash;
pub mod keys;
pub mod names;
pub mod prepare;
pub mod profile;
pub mod value_index;
pub mod widen;

#[cfg(test)]
mod infer_tests;

use crate::home::Home;
use crate::semantic::Manifest;
use std::path::{Path, PathBuf};

/// Manifests of the built-in datasets, compiled in.
const BUILTIN_MANIFESTS: [(&str, &str); 3] = [
    ("ecommerce", include_str!("../../datasets/ecommerce/dataset.toml")),
    ("support", include_str!("../../datasets/support/dataset.toml")),
    ("iot", include_str!("../../datasets/iot/dataset.toml")),
];

/// Why a dataset cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("unknown dataset `{name}`; known datasets: {}", known.join(", "))]
    Unknown { name: String, known: Vec<String> },
    #[error("dataset name `{0}` is not valid: use lowercase letters, digits and underscores, starting with a letter")]
    BadName(String),
    #[error("a dataset called `{0}` already exists (`sandpiper datasets list` shows them)")]
    Exists(String),
    #[error("{path}: {message}")]
    Manifest { path: PathBuf, message: String },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}, line {line}: {message}")]
    BadFile { path: PathBuf, line: u64, message: String },
    #[error("{0}")]
    Load(String),
    #[error(transparent)]
    Home(#[from] crate::home::HomeError),
}

impl DatasetError {
    pub fn io(path: &Path, source: std::io::Error) -> DatasetError {
        DatasetError::Io { path: path.to_path_buf(), source }
    }
}

/// A dataset ready to query: its manifest, where its files are, its hash.
#[derive(Debug, Clone)]
pub struct Dataset {
    pub manifest: Manifest,
    pub dir: PathBuf,
    /// Version hash over the data files.
    pub hash: String,
    pub builtin: bool,
    /// Notes for the user about what was done to make it ready.
    pub notices: Vec<String>,
}

impl Dataset {
    pub fn name(&self) -> &str {
        &self.manifest.name
    }
    /// Path of a table's file.
    pub fn file(&self, table: &crate::semantic::Table) -> PathBuf {
        self.dir.join(&table.file)
    }
    /// Table names, for the SQL validator.
    pub fn table_names(&self) -> Vec<String> {
        self.manifest.tables.iter().map(|t| t.name.clone()).collect()
    }
}

/// One line of `datasets list`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DatasetInfo {
    pub name: String,
    pub builtin: bool,
    pub tables: Vec<String>,
    pub description: String,
}

/// Finds datasets: built-in ones and those under `$SANDPIPER_HOME/datasets`.
pub struct Registry {
    pub home: Home,
}

/// Parse a manifest, naming the file on error.
pub fn parse_manifest(text: &str, path: &Path) -> Result<Manifest, DatasetError> {
    toml::from_str(text).map_err(|e| DatasetError::Manifest {
        path: path.to_path_buf(),
        message: e.to_string().trim().to_string(),
    })
}

/// True for a valid dataset name.
pub fn valid_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl Registry {
    pub fn new(home: Home) -> Registry {
        Registry { home }
    }

    /// A built-in manifest by name.
    pub fn builtin_manifest(name: &str) -> Option<Result<Manifest, DatasetError>> {
        BUILTIN_MANIFESTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| parse_manifest(text, Path::new(&format!("<built-in {n}>/dataset.toml"))))
    }

    /// Names of every dataset, built-in first.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = BUILTIN_MANIFESTS.iter().map(|(n, _)| n.to_string()).collect();
        let mut user: Vec<String> = std::fs::read_dir(self.home.datasets())
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .filter(|e| e.path().join("dataset.toml").is_file())
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| valid_name(n))
                    .collect()
            })
            .unwrap_or_default();
        user.sort();
        names.extend(user);
        names
    }

    /// Summaries of every dataset (manifests only; no hashing).
    pub fn list(&self) -> Vec<DatasetInfo> {
        self.names()
            .into_iter()
            .filter_map(|n| {
                let (m, builtin) = self.manifest(&n).ok()?;
                Some(DatasetInfo {
                    name: n,
                    builtin,
                    tables: m.tables.iter().map(|t| t.name.clone()).collect(),
                    description: m.description.clone(),
                })
            })
            .collect()
    }

    /// A dataset's manifest, and whether it is built in.
    pub fn manifest(&self, name: &str) -> Result<(Manifest, bool), DatasetError> {
        if let Some(m) = Registry::builtin_manifest(name) {
            return Ok((m?, true));
        }
        let path = self.home.datasets().join(name).join("dataset.toml");
        if !valid_name(name) || !path.is_file() {
            return Err(DatasetError::Unknown { name: name.to_string(), known: self.names() });
        }
        let text = std::fs::read_to_string(&path).map_err(|e| DatasetError::io(&path, e))?;
        Ok((parse_manifest(&text, &path)?, false))
    }

    /// Open a dataset, making sure its files exist and match their hashes.
    pub fn open(&self, name: &str) -> Result<Dataset, DatasetError> {
        let (manifest, builtin) = self.manifest(name)?;
        if builtin {
            self.open_builtin(manifest)
        } else {
            let dir = self.home.datasets().join(name);
            let mut notices = Vec::new();
            let mut pairs = Vec::new();
            for t in &manifest.tables {
                let p = dir.join(&t.file);
                let h = hash::file_sha256(&p).map_err(|e| DatasetError::io(&p, e))?;
                if !t.sha256.is_empty() && h != t.sha256 {
                    notices.push(format!(
                        "{} changed since it was added (sha256 {} -> {}); using the new contents",
                        p.display(),
                        &t.sha256[..12.min(t.sha256.len())],
                        &h[..12]
                    ));
                }
                pairs.push((t.name.clone(), h));
            }
            Ok(Dataset { hash: hash::dataset_hash(&pairs), manifest, dir, builtin: false, notices })
        }
    }

    /// Built-in data lives in the source tree when run from it, else it is
    /// generated into `$SANDPIPER_HOME/builtin/<name>` and checked.
    fn open_builtin(&self, manifest: Manifest) -> Result<Dataset, DatasetError> {
        let name = manifest.name.clone();
        let pairs: Vec<(String, String)> =
            manifest.tables.iter().map(|t| (t.name.clone(), t.sha256.clone())).collect();
        let hash = hash::dataset_hash(&pairs);
        let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets").join(&name);
        let generated = self.home.builtin().join(&name);
        let mut notices = Vec::new();
        for dir in [&source_tree, &generated] {
            if files_match(&manifest, dir) {
                return Ok(Dataset { manifest, dir: dir.clone(), hash, builtin: true, notices });
            }
        }
        if generated.exists() {
            notices.push(format!("built-in data in {} did not match its manifest; regenerated it", generated.display()));
        }
        let files = generate::generate(&name)
            .ok_or_else(|| DatasetError::Load(format!("no generator for built-in dataset `{name}`")))?;
        write_atomically(&generated, &files)?;
        if !files_match(&manifest, &generated) {
            return Err(DatasetError::Load(format!(
                "the generated `{name}` data does not match its manifest's hashes (a build problem: please report it)"
            )));
        }
        Ok(Dataset { manifest, dir: generated, hash, builtin: true, notices })
    }
}

/// True when every table file in `dir` exists with the manifest's hash.
fn files_match(m: &Manifest, dir: &Path) -> bool {
    m.tables.iter().all(|t| {
        let p = dir.join(&t.file);
        hash::file_sha256(&p).is_ok_and(|h| h == t.sha256)
    })
}

/// Write `files` into `dir` via a temporary sibling and a rename, so a
/// crash leaves either the old folder or the new one.
pub fn write_atomically(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), DatasetError> {
    let parent = dir.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| DatasetError::io(parent, e))?;
    let tmp = parent.join(format!(
        ".tmp-{}-{}",
        dir.file_name().and_then(|n| n.to_str()).unwrap_or("data"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| DatasetError::io(&tmp, e))?;
    for (name, bytes) in files {
        let p = tmp.join(name);
        std::fs::write(&p, bytes).map_err(|e| DatasetError::io(&p, e))?;
    }
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| DatasetError::io(dir, e))?;
    }
    std::fs::rename(&tmp, dir).map_err(|e| DatasetError::io(dir, e))
}

/// The text of a built-in manifest, as compiled in.
pub fn builtin_manifest_text(name: &str) -> Option<&'static str> {
    BUILTIN_MANIFESTS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
