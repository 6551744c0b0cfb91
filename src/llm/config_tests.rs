//! Configuration resolution: a table of flags x environment x settings.

use super::*;

fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
}

fn flags(provider: Option<ProviderChoice>, model: Option<&str>) -> LlmFlags {
    LlmFlags { provider, model: model.map(str::to_string), planner: None }
}

fn settings(toml_text: &str) -> LlmSettings {
    match toml::from_str::<LlmSettings>(toml_text) {
        Ok(s) => s,
        Err(e) => panic!("settings: {e}"),
    }
}

#[test]
fn resolution_order() {
    use ProviderChoice as P;
    type Case = (&'static str, LlmFlags, &'static [(&'static str, &'static str)], &'static str, &'static str, &'static str);
    // name, flags, env, settings, want label, want base url
    let cases: Vec<Case> = vec![
        ("nothing: offline", flags(None, None), &[], "", "offline", ""),
        ("anthropic key", flags(None, None), &[("ANTHROPIC_API_KEY", "sk-a")], "", "anthropic:claude-sonnet-4-5", "https://api.anthropic.com"),
        ("openai key", flags(None, None), &[("OPENAI_API_KEY", "sk-o")], "", "openai:gpt-4.1", "https://api.openai.com/v1"),
        ("both keys: anthropic first", flags(None, None), &[("OPENAI_API_KEY", "o"), ("ANTHROPIC_API_KEY", "a")], "", "anthropic:claude-sonnet-4-5", "https://api.anthropic.com"),
        ("flag picks openai", flags(Some(P::Openai), None), &[("OPENAI_API_KEY", "o"), ("ANTHROPIC_API_KEY", "a")], "", "openai:gpt-4.1", "https://api.openai.com/v1"),
        ("flag offline beats keys", flags(Some(P::Offline), None), &[("ANTHROPIC_API_KEY", "a")], "", "offline", ""),
        ("compatible by url", flags(None, None), &[("SANDPIPER_LLM_BASE_URL", "http://localhost:11434/v1/"), ("SANDPIPER_MODEL", "llama3.2")], "", "openai-compatible:llama3.2", "http://localhost:11434/v1"),
        ("model: flag > env > settings", flags(None, Some("m-flag")), &[("ANTHROPIC_API_KEY", "a"), ("SANDPIPER_MODEL", "m-env")], "model = \"m-set\"", "anthropic:m-flag", "https://api.anthropic.com"),
        ("model: env > settings", flags(None, None), &[("ANTHROPIC_API_KEY", "a"), ("SANDPIPER_MODEL", "m-env")], "model = \"m-set\"", "anthropic:m-env", "https://api.anthropic.com"),
        ("model: settings", flags(None, None), &[("ANTHROPIC_API_KEY", "a")], "model = \"m-set\"", "anthropic:m-set", "https://api.anthropic.com"),
        ("base url: env > settings", flags(None, None), &[("ANTHROPIC_API_KEY", "a"), ("ANTHROPIC_BASE_URL", "http://proxy:1")], "base_url = \"http://set:2\"", "anthropic:claude-sonnet-4-5", "http://proxy:1"),
        ("base url: settings", flags(None, None), &[("OPENAI_API_KEY", "o")], "base_url = \"http://set:2/v1\"", "openai:gpt-4.1", "http://set:2/v1"),
        ("settings provider beats inferred", flags(None, None), &[("ANTHROPIC_API_KEY", "a")], "provider = \"openai-compatible\"\nbase_url = \"http://l/v1\"\nmodel = \"q\"", "openai-compatible:q", "http://l/v1"),
        ("settings provider without key: offline", flags(None, None), &[], "provider = \"anthropic\"", "offline", ""),
        ("settings key command", flags(None, None), &[], "provider = \"openai\"\napi_key_cmd = \"printf ' sk-cmd \\n'\"", "openai:gpt-4.1", "https://api.openai.com/v1"),
        ("empty env values are unset", flags(None, None), &[("ANTHROPIC_API_KEY", "  ")], "", "offline", ""),
    ];
    for (name, f, env, s, want_label, want_url) in cases {
        let e = env_of(env);
        let cfg = resolve(&f, &e, &settings(s), None);
        let Ok(cfg) = cfg else { panic!("{name}: {cfg:?}") };
        assert_eq!(cfg.label(), want_label, "{name}");
        assert_eq!(cfg.base_url, want_url, "{name}");
    }
}

#[test]
fn keys_and_their_sources() {
    let e = env_of(&[("ANTHROPIC_API_KEY", " sk-env ")]);
    let Ok(cfg) = resolve(&LlmFlags::default(), &e, &LlmSettings::default(), None) else { panic!() };
    assert_eq!(cfg.api_key.as_ref().map(Secret::expose), Some("sk-env"));
    assert_eq!(cfg.key_source, "ANTHROPIC_API_KEY");
    assert!(!format!("{cfg:?}").contains("sk-env"), "key in Debug output");

    let s = settings("provider = \"anthropic\"\napi_key_cmd = \"echo sk-from-cmd\"");
    let Ok(cfg) = resolve(&LlmFlags::default(), &env_of(&[]), &s, Some(Path::new("/x/sandpiper.toml"))) else { panic!() };
    assert_eq!(cfg.api_key.as_ref().map(Secret::expose), Some("sk-from-cmd"));
    assert_eq!(cfg.key_source, "llm.api_key_cmd in /x/sandpiper.toml");

    // A compatible server never receives OPENAI_API_KEY.
    let e = env_of(&[("SANDPIPER_LLM_BASE_URL", "http://l/v1"), ("OPENAI_API_KEY", "sk-openai"), ("SANDPIPER_MODEL", "m")]);
    let f = flags(Some(ProviderChoice::OpenaiCompatible), None);
    let Ok(cfg) = resolve(&f, &e, &LlmSettings::default(), None) else { panic!() };
    assert_eq!(cfg.api_key, None);
    let e = env_of(&[("SANDPIPER_LLM_BASE_URL", "http://l/v1"), ("SANDPIPER_LLM_API_KEY", "sk-or"), ("SANDPIPER_MODEL", "m")]);
    let Ok(cfg) = resolve(&f, &e, &LlmSettings::default(), None) else { panic!() };
    assert_eq!(cfg.api_key.as_ref().map(Secret::expose), Some("sk-or"));
}

#[test]
fn configuration_errors_say_what_to_do() {
    use ProviderChoice as P;
    type Case = (&'static str, LlmFlags, &'static [(&'static str, &'static str)], &'static str, &'static str);
    let cases: Vec<Case> = vec![
        ("flag without key", flags(Some(P::Anthropic), None), &[], "", "set ANTHROPIC_API_KEY"),
        ("compatible without url", flags(Some(P::OpenaiCompatible), None), &[], "", "SANDPIPER_LLM_BASE_URL"),
        ("compatible without model", flags(None, None), &[("SANDPIPER_LLM_BASE_URL", "http://l/v1")], "", "needs a model name"),
        ("api key in file", flags(None, None), &[], "api_key = \"sk-oops\"", "/etc/sp.toml: key `llm.api_key`"),
        ("bad url", flags(None, None), &[("ANTHROPIC_API_KEY", "a"), ("ANTHROPIC_BASE_URL", "api.example.com")], "", "ANTHROPIC_BASE_URL: expected an http"),
        ("failing key command", flags(None, None), &[], "provider = \"openai\"\napi_key_cmd = \"echo sk-leak; exit 3\"", "exited with"),
        ("silent key command", flags(None, None), &[], "provider = \"openai\"\napi_key_cmd = \"true\"", "printed nothing"),
        ("zero timeout", flags(None, None), &[], "read_timeout_secs = 0", "llm.read_timeout_secs"),
        ("iterations", flags(None, None), &[], "max_iterations = 0", "llm.max_iterations"),
        ("negative price", flags(None, None), &[], "[prices.m]\ninput = -1\noutput = 1", "llm.prices"),
    ];
    for (name, f, env, s, want) in cases {
        let e = env_of(env);
        let r = resolve(&f, &e, &settings(s), Some(Path::new("/etc/sp.toml")));
        let Err(LlmError::Config(msg)) = &r else { panic!("{name}: {r:?}") };
        assert!(msg.contains(want), "{name}: {msg}");
        assert!(!msg.contains("sk-"), "{name}: key text in {msg}");
    }
}

#[test]
fn unknown_keys_are_rejected() {
    assert!(toml::from_str::<LlmSettings>("modle = \"x\"").is_err());
    assert!(toml::from_str::<LlmSettings>("provider = \"gemini\"").is_err());
    assert!(toml::from_str::<LlmSettings>("[prices.m]\ninput = 1\noutput = 2\ncache = 3").is_err());
}

#[test]
fn defaults_and_budgets() {
    let s = settings("context_budget_tokens = 9000\ntoken_budget = 50000\nplanner = \"model\"\nconnect_timeout_secs = 0.5");
    let e = env_of(&[("ANTHROPIC_API_KEY", "a")]);
    let Ok(cfg) = resolve(&LlmFlags::default(), &e, &s, None) else { panic!() };
    assert_eq!((cfg.context_budget_tokens, cfg.token_budget, cfg.max_iterations, cfg.planner), (9000, Some(50000), 8, PlannerMode::Model));
    assert_eq!(cfg.timeouts.connect, Duration::from_millis(500));
    let f = LlmFlags { planner: Some(PlannerMode::Offline), ..LlmFlags::default() };
    let Ok(cfg) = resolve(&f, &e, &s, None) else { panic!() };
    assert_eq!(cfg.planner, PlannerMode::Offline);
    let Ok(off) = resolve(&LlmFlags::default(), &env_of(&[]), &LlmSettings::default(), None) else { panic!() };
    assert_eq!((off.provider, off.planner, off.context_budget_tokens, off.max_iterations), (None, PlannerMode::Offline, 6000, 8));
}

#[test]
fn connect_builds_the_named_provider() {
    let e = env_of(&[("ANTHROPIC_API_KEY", "a")]);
    let Ok(cfg) = resolve(&LlmFlags::default(), &e, &LlmSettings::default(), None) else { panic!() };
    let p = connect(&cfg);
    let Ok(Some(p)) = p else { panic!("{:?}", p.err()) };
    assert_eq!(p.label(), "anthropic:claude-sonnet-4-5");
    let Ok(off) = resolve(&LlmFlags::default(), &env_of(&[]), &LlmSettings::default(), None) else { panic!() };
    assert!(matches!(connect(&off), Ok(None)));
}
