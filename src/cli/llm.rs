//! The model-provider flags (`--provider`, `--model`, `--planner`, global
//! to every command) and `sandpiper llm ping`. [`resolve`] is the one way
//! the CLI turns flags, environment and settings into a connected provider.

use super::out::outln;
use crate::home::Settings;
use crate::llm::config::{self, LlmConfig, LlmFlags, PlannerMode, ProviderChoice};
use crate::llm::{ChatRequest, Message, Provider, StreamEvent};
use anyhow::Context;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

/// Flags choosing the model provider, accepted by every command.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct LlmArgs {
    /// Model provider: offline, anthropic (ANTHROPIC_API_KEY), openai
    /// (OPENAI_API_KEY) or openai-compatible (SANDPIPER_LLM_BASE_URL, e.g.
    /// http://localhost:11434/v1). Default: [llm] provider in settings, else
    /// the first of those variables that is set, else offline.
    #[arg(long, value_enum, global = true)]
    pub provider: Option<ProviderArg>,
    /// Model name (else SANDPIPER_MODEL, else [llm] model). Defaults:
    /// claude-sonnet-4-5 (anthropic), gpt-4.1 (openai); an openai-compatible
    /// server needs one (e.g. llama3.2).
    #[arg(long, global = true)]
    pub model: Option<String>,
    /// Which planner answers: offline, model, or auto (offline first, the
    /// model when it refuses or is unsure; the default with a provider).
    #[arg(long, value_enum, global = true)]
    pub planner: Option<PlannerArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProviderArg {
    Offline,
    Anthropic,
    Openai,
    OpenaiCompatible,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlannerArg {
    Offline,
    Model,
    Auto,
}

impl LlmArgs {
    pub fn flags(&self) -> LlmFlags {
        LlmFlags {
            provider: self.provider.map(|p| match p {
                ProviderArg::Offline => ProviderChoice::Offline,
                ProviderArg::Anthropic => ProviderChoice::Anthropic,
                ProviderArg::Openai => ProviderChoice::Openai,
                ProviderArg::OpenaiCompatible => ProviderChoice::OpenaiCompatible,
            }),
            model: self.model.clone(),
            planner: self.planner.map(|p| match p {
                PlannerArg::Offline => PlannerMode::Offline,
                PlannerArg::Model => PlannerMode::Model,
                PlannerArg::Auto => PlannerMode::Auto,
            }),
        }
    }
}

/// The configuration the flags, environment and settings give.
pub fn config(args: &LlmArgs, settings: &Settings) -> anyhow::Result<LlmConfig> {
    let path = Settings::path();
    Ok(config::resolve(&args.flags(), &config::process_env, &settings.llm, path.as_deref())?)
}

/// The configured provider, or None when sandpiper runs offline.
pub fn resolve(args: &LlmArgs, settings: &Settings) -> anyhow::Result<Option<(LlmConfig, Arc<dyn Provider>)>> {
    let cfg = config(args, settings)?;
    Ok(config::connect(&cfg)?.map(|p| (cfg, p)))
}

/// The model setup the session plans and repairs with, from the flags,
/// the environment and `[llm]`; None when sandpiper runs offline.
pub fn model_setup(args: &LlmArgs) -> anyhow::Result<Option<crate::planner::model::ModelSetup>> {
    use crate::planner::model::{ModelBudgets, ModelSetup};
    let settings = Settings::load()?;
    let Some((cfg, provider)) = resolve(args, &settings)? else { return Ok(None) };
    let budgets = ModelBudgets {
        context_tokens: usize::try_from(cfg.context_budget_tokens).unwrap_or(usize::MAX),
        max_iterations: cfg.max_iterations,
        wall_clock: cfg.wall_clock,
        token_budget: cfg.token_budget,
        ..ModelBudgets::default()
    };
    Ok(Some(ModelSetup::new(provider, cfg.planner, budgets)))
}

/// `sandpiper llm ping`: one tiny request; prints what answered and how fast.
pub fn ping(args: &LlmArgs, json_out: bool) -> anyhow::Result<i32> {
    let settings = Settings::load()?;
    let Some((cfg, provider)) = resolve(args, &settings)? else {
        eprintln!(
            "sandpiper: no model provider is configured (offline). Set ANTHROPIC_API_KEY or OPENAI_API_KEY, or SANDPIPER_LLM_BASE_URL and SANDPIPER_MODEL for a local server, or pass --provider."
        );
        return Ok(1);
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().context("starting the async runtime")?;
    let req = ChatRequest {
        system: "You are a connectivity check. Reply with the single word: pong".into(),
        messages: vec![Message::user("ping")],
        max_tokens: 16,
        temperature: Some(0.0),
        ..ChatRequest::default()
    };
    let sink = |e: StreamEvent| {
        if let StreamEvent::Retrying { attempt, wait_ms, reason } = e {
            eprintln!("sandpiper: retry {attempt} in {wait_ms} ms: {reason}");
        }
    };
    let started = Instant::now();
    let result = rt.block_on(provider.chat(&req, &sink));
    let wall_ms = started.elapsed().as_millis() as u64;
    let label = provider.label();
    let r = match result {
        Ok(r) => r,
        Err(e) => {
            if json_out {
                outln!("{}", serde_json::to_string_pretty(&json!({"provider": label, "base_url": cfg.base_url, "ok": false, "error": e.to_string()}))?);
            } else {
                eprintln!("sandpiper: {label} at {} failed after {wall_ms} ms: {e}", cfg.base_url);
            }
            return Ok(1);
        }
    };
    let u = r.usage;
    if json_out {
        let v = json!({"provider": label, "base_url": cfg.base_url, "ok": true, "model": r.model, "answer": r.text, "usage": u});
        outln!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(0);
    }
    outln!("provider     {label} ({})", cfg.base_url);
    outln!("model        {}", if r.model.is_empty() { "(not named by the server)" } else { &r.model });
    outln!("answer       {}", r.text.trim());
    outln!("first token  {}", u.first_token_ms.map(|t| format!("{t} ms")).unwrap_or_else(|| "-".into()));
    outln!("total        {} ms", u.total_ms);
    outln!("tokens       in {} (cache read {}, cache write {}), out {}", u.input_tokens, u.cache_read_tokens, u.cache_write_tokens, u.output_tokens);
    outln!("cost         {}", u.cost_usd.map(|c| format!("${c:.6} (estimate)")).unwrap_or_else(|| "unknown (model not in the price table)".into()));
    Ok(0)
}
