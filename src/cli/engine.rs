//! Setting up what a non-session command needs: home, settings, the
//! dataset registry and prepared datasets. Commands that run queries open a
//! [`crate::session::Session`] instead.

use super::JailChoice;
use crate::dataset::{Dataset, Registry};
use crate::home::{Home, Settings};
use crate::runner::lockdown::EngineLimits;
use crate::runner::JailMode;

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

    /// The dataset named, or the default one.
    pub fn dataset(&self, name: Option<&str>) -> anyhow::Result<Dataset> {
        let name = name.unwrap_or(&self.settings.default_dataset);
        Ok(self.registry.open(name)?)
    }

    /// The jail mode asked for: the flag, else the settings.
    pub fn jail_mode(&self, jail: Option<JailChoice>) -> JailMode {
        match jail {
            Some(c) => jail_mode(c),
            None => self.settings.jail_mode(),
        }
    }

    pub fn limits(&self) -> EngineLimits {
        EngineLimits {
            threads: self.settings.threads,
            memory_limit_mb: self.settings.memory_limit_mb,
            temp_dir: None,
        }
    }

}

/// The jail mode a `--jail` flag asks for.
pub fn jail_mode(choice: JailChoice) -> JailMode {
    match choice {
        JailChoice::Strict => JailMode::Strict,
        JailChoice::Reduced => JailMode::Reduced,
    }
}
