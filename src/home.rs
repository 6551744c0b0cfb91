//! Where sandpiper keeps its files and reads its settings.
//!
//! `SANDPIPER_HOME` (default: `$XDG_DATA_HOME/sandpiper`, else
//! `~/.local/share/sandpiper`) holds everything the program writes: added
//! datasets, generated built-in data, prepared DuckDB files, the audit log
//! and the runs database. Settings come from `sandpiper.toml` in
//! `$XDG_CONFIG_HOME/sandpiper/` (all optional); defaults are built in and a
//! bad key is reported with the file and the key.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Why the home directory or settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum HomeError {
    #[error("cannot find a home directory: set SANDPIPER_HOME (or HOME)")]
    NoHome,
    #[error("SANDPIPER_HOME {path} is not usable: {source} (set SANDPIPER_HOME to a writable directory)")]
    Unusable { path: PathBuf, source: std::io::Error },
    #[error("{path}: {message}")]
    Config { path: PathBuf, message: String },
}

/// The program's writable home.
#[derive(Debug, Clone)]
pub struct Home {
    pub root: PathBuf,
}

impl Home {
    /// Locate the home from the environment (does not create it).
    pub fn locate() -> Result<Home, HomeError> {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        let root = env("SANDPIPER_HOME")
            .or_else(|| env("XDG_DATA_HOME").map(|d| d.join("sandpiper")))
            .or_else(|| env("HOME").map(|h| h.join(".local/share/sandpiper")))
            .ok_or(HomeError::NoHome)?;
        Ok(Home { root })
    }

    /// A home at an explicit path (tests).
    pub fn at(root: impl Into<PathBuf>) -> Home {
        Home { root: root.into() }
    }

    /// Create `sub` under the home (and the home itself) if missing.
    pub fn dir(&self, sub: &str) -> Result<PathBuf, HomeError> {
        let p = if sub.is_empty() { self.root.clone() } else { self.root.join(sub) };
        std::fs::create_dir_all(&p).map_err(|source| HomeError::Unusable {
            path: self.root.clone(),
            source,
        })?;
        Ok(p)
    }

    /// Fail early, with the path in the message, when the home cannot be written.
    pub fn check_writable(&self) -> Result<(), HomeError> {
        let dir = self.dir("")?;
        let probe = dir.join(format!(".write-test-{}", std::process::id()));
        std::fs::write(&probe, b"ok")
            .and_then(|_| std::fs::remove_file(&probe))
            .map_err(|source| HomeError::Unusable { path: self.root.clone(), source })
    }

    pub fn datasets(&self) -> PathBuf {
        self.root.join("datasets")
    }
    pub fn builtin(&self) -> PathBuf {
        self.root.join("builtin")
    }
    pub fn prepared(&self) -> PathBuf {
        self.root.join("prepared")
    }
    pub fn audit(&self) -> PathBuf {
        self.root.join("audit")
    }
    pub fn runs_db(&self) -> PathBuf {
        self.root.join("runs.sqlite")
    }
}

/// User settings (`sandpiper.toml`); every field optional.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Dataset used when none is named.
    pub default_dataset: String,
    /// Query wall-clock limit in seconds.
    pub timeout_secs: u64,
    /// DuckDB memory limit per query in MiB.
    pub memory_limit_mb: u64,
    /// DuckDB threads per query.
    pub threads: u32,
    /// `strict` or `reduced`.
    pub jail: String,
    /// Rows shown when a plan sets no limit.
    pub default_limit: u64,
    /// Datasets a session keeps jailed workers warm for: 1 (only the
    /// active one) or 2 (the active one and the one used before it).
    pub warm_datasets: usize,
    /// Executions per run, the first try and its repairs (1 to 10).
    pub max_attempts: u32,
    /// Seconds from a run's first failure after which no new repair is
    /// tried (the overall repair time budget).
    pub repair_budget_secs: u64,
    /// `[llm]`: model provider, budgets, timeouts and prices.
    pub llm: crate::llm::config::LlmSettings,
    /// Workbench theme: dark, light, high-contrast or monochrome.
    pub theme: String,
    /// Workbench colours: auto (detected), truecolor, 256, 16 or none.
    pub colors: String,
    /// Run the workbench inline (`--inline`): no alternate screen, each
    /// finished turn written into the terminal's own scrollback.
    pub inline: bool,
    /// Workbench key preset under `[keys]`: default or vim.
    pub key_preset: String,
    /// Workbench keys: `action = "key, key"` (checked when the workbench
    /// starts, with the line of a bad entry).
    pub keys: std::collections::BTreeMap<String, toml::Spanned<String>>,
    /// Workbench approval mode: each plan, SQL and repair waits for Enter
    /// before it runs (as `--approve`).
    pub approve: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            default_dataset: "ecommerce".into(),
            timeout_secs: 30,
            memory_limit_mb: 1024,
            threads: 2,
            jail: "strict".into(),
            default_limit: crate::plan::DEFAULT_LIMIT,
            warm_datasets: 1,
            max_attempts: crate::agent::MAX_ATTEMPTS,
            repair_budget_secs: crate::driver::DEFAULT_REPAIR_BUDGET.as_secs(),
            llm: crate::llm::config::LlmSettings::default(),
            theme: "dark".into(),
            colors: "auto".into(),
            inline: false,
            key_preset: "default".into(),
            keys: std::collections::BTreeMap::new(),
            approve: false,
        }
    }
}

impl Settings {
    /// The jail mode the settings ask for (`jail = "reduced"`, else strict).
    pub fn jail_mode(&self) -> crate::runner::JailMode {
        if self.jail == "reduced" {
            crate::runner::JailMode::Reduced
        } else {
            crate::runner::JailMode::Strict
        }
    }

    /// The settings file's path.
    pub fn path() -> Option<PathBuf> {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        env("XDG_CONFIG_HOME")
            .or_else(|| env("HOME").map(|h| h.join(".config")))
            .map(|d| d.join("sandpiper").join("sandpiper.toml"))
    }

    /// Defaults, with the user's file laid over them when it exists.
    pub fn load() -> Result<Settings, HomeError> {
        match Settings::path() {
            Some(p) if p.exists() => Settings::from_file(&p),
            _ => Ok(Settings::default()),
        }
    }

    pub fn from_file(path: &Path) -> Result<Settings, HomeError> {
        let text = std::fs::read_to_string(path).map_err(|e| HomeError::Config {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let s: Settings = toml::from_str(&text).map_err(|e| HomeError::Config {
            path: path.to_path_buf(),
            message: e.to_string().trim().to_string(),
        })?;
        if !matches!(s.jail.as_str(), "strict" | "reduced") {
            return Err(HomeError::Config {
                path: path.to_path_buf(),
                message: format!("key `jail`: expected \"strict\" or \"reduced\", found \"{}\"", s.jail),
            });
        }
        if s.timeout_secs == 0 || s.threads == 0 || s.memory_limit_mb < 64 {
            return Err(HomeError::Config {
                path: path.to_path_buf(),
                message: "keys `timeout_secs` and `threads` must be at least 1, `memory_limit_mb` at least 64".into(),
            });
        }
        if !(1..=2).contains(&s.warm_datasets) {
            return Err(HomeError::Config {
                path: path.to_path_buf(),
                message: format!("key `warm_datasets`: expected 1 or 2, found {}", s.warm_datasets),
            });
        }
        if !matches!(s.colors.as_str(), "auto" | "truecolor" | "256" | "16" | "none") {
            return Err(HomeError::Config {
                path: path.to_path_buf(),
                message: format!("key `colors`: expected \"auto\", \"truecolor\", \"256\", \"16\" or \"none\", found \"{}\"", s.colors),
            });
        }
        if !(1..=10).contains(&s.max_attempts) {
            return Err(HomeError::Config {
                path: path.to_path_buf(),
                message: format!("key `max_attempts`: expected 1 to 10, found {}", s.max_attempts),
            });
        }
        s.llm.check().map_err(|message| HomeError::Config { path: path.to_path_buf(), message })?;
        Ok(s)
    }
}
