//! Setting up what a command needs: home, settings, the dataset (prepared)
//! and a runner for it.

use super::{JailChoice, RunOpts};
use crate::dataset::{prepare::prepare, Dataset, Registry};
use crate::home::{Home, Settings};
use crate::runner::lockdown::EngineLimits;
use crate::jail::{JailConfig, JailedRunner};
use crate::runner::{JailMode, Runner};
use std::path::PathBuf;
use std::time::Duration;

/// Home, settings and the dataset registry.
pub struct Env {
    pub home: Home,
    pub settings: Settings,
    pub registry: Registry,
}

impl Env {
    pub fn load() -> anyhow::Result<Env> {
        let home = Home::locate()?;
        home.check_writable()?;
        let settings = Settings::load()?;
        Ok(Env { registry: Registry::new(home.clone()), home, settings })
    }

    /// Only the home (for read-only record commands).
    pub fn locate_home() -> anyhow::Result<Home> {
        Ok(Home::locate()?)
    }

    /// The audit log and run store, opened for this session.
    pub fn records(&self) -> anyhow::Result<crate::records::Records> {
        let limits = serde_json::json!({
            "timeout_secs": self.settings.timeout_secs,
            "memory_limit_mb": self.settings.memory_limit_mb,
            "threads": self.settings.threads,
        });
        Ok(crate::records::Records::open(&self.home, limits)?)
    }

    pub fn timeout_default(&self) -> Duration {
        Duration::from_secs(self.settings.timeout_secs.max(1))
    }

    /// The dataset named, or the default one.
    pub fn dataset(&self, name: Option<&str>) -> anyhow::Result<Dataset> {
        let name = name.unwrap_or(&self.settings.default_dataset);
        Ok(self.registry.open(name)?)
    }

    /// The prepared DuckDB file for a dataset (built on first use).
    pub fn prepared(&self, ds: &Dataset) -> anyhow::Result<PathBuf> {
        let (path, built) = prepare(ds, &self.home)?;
        if built {
            eprintln!("sandpiper: prepared dataset {} ({})", ds.name(), &ds.hash[..12]);
        }
        Ok(path)
    }

    pub fn limits(&self) -> EngineLimits {
        EngineLimits {
            threads: self.settings.threads,
            memory_limit_mb: self.settings.memory_limit_mb,
            temp_dir: None,
        }
    }

    pub fn timeout(&self, opts: &RunOpts) -> Duration {
        Duration::from_secs(opts.timeout.unwrap_or(self.settings.timeout_secs).max(1))
    }

    /// The jail mode asked for: the flag, else the settings.
    pub fn jail_mode(&self, jail: Option<JailChoice>) -> JailMode {
        match jail {
            Some(JailChoice::Strict) => JailMode::Strict,
            Some(JailChoice::Reduced) => JailMode::Reduced,
            None if self.settings.jail == "reduced" => JailMode::Reduced,
            None => JailMode::Strict,
        }
    }

    /// A jailed runner for the dataset, isolated as asked; never silently
    /// weaker (strict refuses on hosts without user namespaces).
    pub fn runner(&self, ds: &Dataset, jail: Option<JailChoice>) -> anyhow::Result<Box<dyn Runner>> {
        let db = self.prepared(ds)?;
        let mode = self.jail_mode(jail);
        let mut cfg = JailConfig::new(&db).with_limits(&self.limits());
        cfg.mode = mode;
        let r = JailedRunner::start(cfg).map_err(|e| anyhow::anyhow!("{e}"))?;
        if mode == JailMode::Reduced {
            eprintln!("sandpiper: jail mode REDUCED: seccomp, rlimits and Landlock only (no namespaces)");
        }
        Ok(Box::new(r))
    }
}
