//! Which model provider a run uses and how: [`LlmConfig`], resolved from,
//! strongest first, the command-line flags (`--provider`, `--model`,
//! `--planner`), the environment (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`,
//! `SANDPIPER_LLM_API_KEY`, `ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`,
//! `SANDPIPER_LLM_BASE_URL`, `SANDPIPER_MODEL`) and the `[llm]` table of
//! `sandpiper.toml` ([`LlmSettings`]), over built-in defaults.
//!
//! The provider: the flag, else `[llm] provider`, else the first of
//! `ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, `SANDPIPER_LLM_BASE_URL` that is
//! set; else offline. A provider that was not asked for by flag and has
//! neither a key nor a base URL is offline too, so a machine without a
//! model behaves exactly as before. Keys come only from the environment or
//! from `api_key_cmd` (run with `sh -c`, bounded in time, stdout trimmed);
//! an `api_key` in the settings file is an error naming the file. An
//! OpenAI-compatible server gets `SANDPIPER_LLM_API_KEY` (or the key
//! command), never `OPENAI_API_KEY`, so an OpenAI key is not sent to a
//! third party by accident.

use super::anthropic::Anthropic;
use super::http::{Endpoint, Http, Timeouts};
use super::openai::OpenAi;
use super::price::{Price, PriceTable};
use super::retry::RetryPolicy;
use super::secret::Secret;
use super::{LlmError, Provider, ProviderKind};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default model of each provider (shown in `--help`).
pub const DEFAULT_ANTHROPIC_MODEL: &str = "claude-sonnet-4-5";
pub const DEFAULT_OPENAI_MODEL: &str = "gpt-4.1";
pub const ANTHROPIC_DEFAULT_BASE: &str = "https://api.anthropic.com";
pub const OPENAI_DEFAULT_BASE: &str = "https://api.openai.com/v1";
/// How long `api_key_cmd` may run.
const KEY_CMD_LIMIT: Duration = Duration::from_secs(10);

/// A provider choice as flags and settings name it (`offline` included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderChoice {
    Offline,
    Anthropic,
    Openai,
    OpenaiCompatible,
}

impl ProviderChoice {
    fn kind(self) -> Option<ProviderKind> {
        match self {
            ProviderChoice::Offline => None,
            ProviderChoice::Anthropic => Some(ProviderKind::Anthropic),
            ProviderChoice::Openai => Some(ProviderKind::Openai),
            ProviderChoice::OpenaiCompatible => Some(ProviderKind::OpenaiCompatible),
        }
    }
}

pub use crate::planner::model::PlannerMode;

/// The `[llm]` table of `sandpiper.toml`; every key optional.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LlmSettings {
    pub provider: Option<ProviderChoice>,
    pub model: Option<String>,
    /// As the provider's SDK takes it: without `/v1` for Anthropic, with it otherwise.
    pub base_url: Option<String>,
    /// A shell command printing the API key (e.g. `pass show anthropic`).
    pub api_key_cmd: Option<String>,
    /// Never accepted; present so the error can say why.
    pub api_key: Option<toml::Value>,
    pub connect_timeout_secs: f64,
    /// Longest silence between two streamed chunks.
    pub read_timeout_secs: f64,
    /// One model call, retries included.
    pub request_timeout_secs: f64,
    pub max_retries: u32,
    /// No retry waits past this many seconds after the call began.
    pub retry_budget_secs: f64,
    /// Tokens (in + out) one run may spend on model calls; none = no limit.
    pub token_budget: Option<u64>,
    /// Tokens of schema and examples a prompt may carry.
    pub context_budget_tokens: u64,
    /// Model turns of the tool-use agent per question.
    pub max_iterations: u32,
    /// Wall-clock seconds one question may spend with the model.
    pub wall_clock_secs: f64,
    pub planner: PlannerMode,
    /// USD per million tokens, per model; laid over the built-in table.
    pub prices: BTreeMap<String, Price>,
}

impl Default for LlmSettings {
    fn default() -> Self {
        LlmSettings {
            provider: None,
            model: None,
            base_url: None,
            api_key_cmd: None,
            api_key: None,
            connect_timeout_secs: 10.0,
            read_timeout_secs: 60.0,
            request_timeout_secs: 300.0,
            max_retries: 4,
            retry_budget_secs: 60.0,
            token_budget: None,
            context_budget_tokens: 6000,
            max_iterations: crate::planner::model::DEFAULT_MAX_ITERATIONS,
            wall_clock_secs: crate::planner::model::DEFAULT_WALL_CLOCK.as_secs_f64(),
            planner: PlannerMode::Auto,
            prices: BTreeMap::new(),
        }
    }
}

impl LlmSettings {
    /// What is wrong with the table, as `key ...: ...` (the caller names the file).
    pub fn check(&self) -> Result<(), String> {
        if self.api_key.is_some() {
            return Err("key `llm.api_key`: API keys are not read from the settings file; set ANTHROPIC_API_KEY, OPENAI_API_KEY or SANDPIPER_LLM_API_KEY in the environment, or `llm.api_key_cmd` to a command that prints the key".into());
        }
        for (k, v) in [
            ("connect_timeout_secs", self.connect_timeout_secs),
            ("read_timeout_secs", self.read_timeout_secs),
            ("request_timeout_secs", self.request_timeout_secs),
            ("wall_clock_secs", self.wall_clock_secs),
        ] {
            if !(v.is_finite() && v > 0.0 && v <= 86_400.0) {
                return Err(format!("key `llm.{k}`: expected seconds between 0 and 86400, found {v}"));
            }
        }
        if !(self.retry_budget_secs.is_finite() && (0.0..=86_400.0).contains(&self.retry_budget_secs)) {
            return Err(format!("key `llm.retry_budget_secs`: expected seconds between 0 and 86400, found {}", self.retry_budget_secs));
        }
        if self.max_retries > 10 {
            return Err(format!("key `llm.max_retries`: expected 0 to 10, found {}", self.max_retries));
        }
        if !(1..=50).contains(&self.max_iterations) {
            return Err(format!("key `llm.max_iterations`: expected 1 to 50, found {}", self.max_iterations));
        }
        if self.context_budget_tokens < 256 {
            return Err(format!("key `llm.context_budget_tokens`: expected at least 256, found {}", self.context_budget_tokens));
        }
        if let Some(u) = &self.base_url {
            check_url(u).map_err(|m| format!("key `llm.base_url`: {m}"))?;
        }
        for (m, p) in &self.prices {
            let all = [Some(p.input), Some(p.output), p.cache_read, p.cache_write];
            if all.iter().flatten().any(|x| !x.is_finite() || *x < 0.0) {
                return Err(format!("key `llm.prices.\"{m}\"`: prices must be non-negative numbers (USD per million tokens)"));
            }
        }
        Ok(())
    }
}

fn check_url(u: &str) -> Result<(), String> {
    if u.starts_with("http://") || u.starts_with("https://") {
        Ok(())
    } else {
        Err(format!("expected an http:// or https:// URL, found \"{u}\""))
    }
}

/// What the command line asked for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LlmFlags {
    pub provider: Option<ProviderChoice>,
    pub model: Option<String>,
    pub planner: Option<PlannerMode>,
}

/// Everything a run needs to talk to a model (or to know it has none).
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// None: offline, no model.
    pub provider: Option<ProviderKind>,
    pub model: String,
    /// As the SDKs take it (Anthropic without `/v1`, the others with it).
    pub base_url: String,
    pub api_key: Option<Secret>,
    /// Where the key comes from (an env var, or `api_key_cmd`), for error messages.
    pub key_source: String,
    pub timeouts: Timeouts,
    pub retry: RetryPolicy,
    pub token_budget: Option<u64>,
    pub context_budget_tokens: u64,
    pub max_iterations: u32,
    pub wall_clock: Duration,
    pub planner: PlannerMode,
    pub prices: PriceTable,
}

impl LlmConfig {
    /// `provider:model`, or `offline`.
    pub fn label(&self) -> String {
        match self.provider {
            Some(k) => format!("{}:{}", k.as_str(), self.model),
            None => "offline".into(),
        }
    }

    /// An offline configuration with the settings' budgets.
    fn offline(s: &LlmSettings, planner: PlannerMode) -> LlmConfig {
        LlmConfig {
            provider: None,
            model: String::new(),
            base_url: String::new(),
            api_key: None,
            key_source: String::new(),
            timeouts: timeouts(s),
            retry: RetryPolicy { max_retries: s.max_retries, budget: Duration::from_secs_f64(s.retry_budget_secs), ..RetryPolicy::default() },
            token_budget: s.token_budget,
            context_budget_tokens: s.context_budget_tokens,
            max_iterations: s.max_iterations,
            wall_clock: Duration::from_secs_f64(s.wall_clock_secs),
            planner,
            prices: PriceTable::with_overrides(&s.prices),
        }
    }
}

fn timeouts(s: &LlmSettings) -> Timeouts {
    Timeouts {
        connect: Duration::from_secs_f64(s.connect_timeout_secs),
        read: Duration::from_secs_f64(s.read_timeout_secs),
        total: Duration::from_secs_f64(s.request_timeout_secs),
    }
}

/// Reads one environment variable (injected, so tests need not touch the process's).
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The process environment, empty values treated as unset.
pub fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// Resolves the configuration (see the module header for the order).
/// `settings_file` is named in errors about the `[llm]` table.
pub fn resolve(flags: &LlmFlags, env: Env<'_>, s: &LlmSettings, settings_file: Option<&Path>) -> Result<LlmConfig, LlmError> {
    let file = settings_file.map(|p| p.display().to_string()).unwrap_or_else(|| "sandpiper.toml".into());
    s.check().map_err(|m| LlmError::Config(format!("{file}: {m}")))?;
    let get = |k: &str| env(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    // With a flag, --planner wins; otherwise the settings, where `auto` means "offline first".
    let planner = flags.planner.unwrap_or(s.planner);
    let explicit = flags.provider.or(s.provider);
    let chosen = match explicit {
        Some(c) => c.kind(),
        None if get("ANTHROPIC_API_KEY").is_some() => Some(ProviderKind::Anthropic),
        None if get("OPENAI_API_KEY").is_some() => Some(ProviderKind::Openai),
        None if get("SANDPIPER_LLM_BASE_URL").is_some() => Some(ProviderKind::OpenaiCompatible),
        None => None,
    };
    let Some(kind) = chosen else { return Ok(LlmConfig::offline(s, PlannerMode::Offline)) };
    let (key_var, url_var, default_url) = match kind {
        ProviderKind::Anthropic => ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", Some(ANTHROPIC_DEFAULT_BASE)),
        ProviderKind::Openai => ("OPENAI_API_KEY", "OPENAI_BASE_URL", Some(OPENAI_DEFAULT_BASE)),
        ProviderKind::OpenaiCompatible => ("SANDPIPER_LLM_API_KEY", "SANDPIPER_LLM_BASE_URL", None),
    };
    let given_url = get(url_var).map(|u| (u, url_var.to_string())).or_else(|| s.base_url.clone().map(|u| (u, format!("llm.base_url in {file}"))));
    if let Some((u, from)) = &given_url {
        check_url(u).map_err(|m| LlmError::Config(format!("{from}: {m}")))?;
    }
    let by_flag = flags.provider.is_some();
    let (key, key_source) = match get(key_var) {
        Some(k) => (Some(Secret::new(k)), key_var.to_string()),
        None => match &s.api_key_cmd {
            Some(cmd) if kind != ProviderKind::OpenaiCompatible || given_url.is_some() || by_flag => {
                (Some(run_key_cmd(cmd).map_err(|m| LlmError::Config(format!("llm.api_key_cmd in {file}: {m}")))?), format!("llm.api_key_cmd in {file}"))
            }
            _ => (None, key_var.to_string()),
        },
    };
    if key.is_none() && given_url.is_none() {
        if by_flag && kind != ProviderKind::OpenaiCompatible {
            return Err(LlmError::Config(format!("--provider {} needs an API key: set {key_var} (or llm.api_key_cmd in {file})", kind.as_str())));
        }
        if by_flag {
            return Err(LlmError::Config(format!("--provider openai-compatible needs the server's URL: set {url_var} (e.g. http://localhost:11434/v1) or llm.base_url in {file}")));
        }
        return Ok(LlmConfig::offline(s, PlannerMode::Offline));
    }
    let base_url = match (given_url, default_url) {
        (Some((u, _)), _) => u,
        (None, Some(d)) => d.to_string(),
        (None, None) => return Err(LlmError::Config(format!("openai-compatible needs the server's URL: set {url_var} or llm.base_url in {file}"))),
    };
    let model = flags.model.clone().or_else(|| get("SANDPIPER_MODEL")).or_else(|| s.model.clone()).filter(|m| !m.trim().is_empty());
    let model = match (model, kind) {
        (Some(m), _) => m.trim().to_string(),
        (None, ProviderKind::Anthropic) => DEFAULT_ANTHROPIC_MODEL.to_string(),
        (None, ProviderKind::Openai) => DEFAULT_OPENAI_MODEL.to_string(),
        (None, ProviderKind::OpenaiCompatible) => {
            return Err(LlmError::Config(format!("an openai-compatible server needs a model name: --model, SANDPIPER_MODEL or llm.model in {file}")))
        }
    };
    let mut cfg = LlmConfig::offline(s, planner);
    cfg.provider = Some(kind);
    cfg.model = model;
    cfg.base_url = base_url.trim_end_matches('/').to_string();
    cfg.api_key = key;
    cfg.key_source = key_source;
    Ok(cfg)
}

/// Runs `api_key_cmd` with `sh -c`; its trimmed stdout is the key. Neither
/// its output nor its stderr is ever shown (they may hold the key).
fn run_key_cmd(cmd: &str) -> Result<Secret, String> {
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let Some(mut out) = child.stdout.take() else { return Err("no stdout".into()) };
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.by_ref().take(64 << 10).read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break st,
            Ok(None) if start.elapsed() > KEY_CMD_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("did not finish within {} s", KEY_CMD_LIMIT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for it: {e}")),
        }
    };
    let buf = reader.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("exited with {status}"));
    }
    let key = String::from_utf8(buf).map_err(|_| "printed something that is not text".to_string())?;
    let key = key.trim();
    if key.is_empty() {
        return Err("printed nothing".into());
    }
    Ok(Secret::new(key))
}

/// The provider `cfg` names; None when it is offline.
pub fn connect(cfg: &LlmConfig) -> Result<Option<Arc<dyn Provider>>, LlmError> {
    let Some(kind) = cfg.provider else { return Ok(None) };
    let endpoint = Endpoint {
        http: Http::new(cfg.timeouts)?,
        base_url: cfg.base_url.clone(),
        key: cfg.api_key.clone(),
        key_env: cfg.key_source.clone(),
        model: cfg.model.clone(),
        retry: cfg.retry,
        prices: cfg.prices.clone(),
    };
    let p: Arc<dyn Provider> = match kind {
        ProviderKind::Anthropic => Arc::new(Anthropic { endpoint }),
        ProviderKind::Openai | ProviderKind::OpenaiCompatible => Arc::new(OpenAi { kind, endpoint }),
    };
    Ok(Some(p))
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
