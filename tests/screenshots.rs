//! The screenshot generator (`sandpiper screenshots DIR`) still runs the
//! real app and writes every image, each an SVG holding the text of its
//! view (not that the pixels match: times and ids differ between runs).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

#[test]
fn the_generator_writes_an_svg_of_every_view() {
    let home = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("shots");
    let run = Command::new(env!("CARGO_BIN_EXE_sandpiper"))
        .args(["screenshots", dir.to_str().unwrap()])
        .env("SANDPIPER_HOME", home.path())
        .env("XDG_CONFIG_HOME", config.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "stderr: {}", String::from_utf8_lossy(&run.stderr));
    let cases = [
        ("picker", "Suggested prompts: Enter asks"),
        ("chat", "What is the total revenue by product category?"),
        ("plan", "Plan"),
        ("results", "order_count"),
        ("chart", "[Chart]"),
        ("stepper", "Diff against attempt 1"),
        ("audit", "chain intact"),
        ("schema", "inventory"),
        ("light", "theme light"),
        ("high-contrast", "theme high-contrast"),
        ("80x24-chat", "Top 10 products by units sold"),
        ("80x24-results", "Results"),
    ];
    let listed: Vec<&str> = sandpiper::tui::screenshots::SHOTS.iter().map(|s| s.0).collect();
    assert_eq!(listed, cases.iter().map(|c| c.0).collect::<Vec<_>>(), "every image is checked");
    for (name, text) in cases {
        let svg = std::fs::read_to_string(dir.join(format!("{name}.svg"))).unwrap_or_else(|e| panic!("{name}.svg: {e}"));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}.svg is not a whole SVG");
        assert!(svg.contains(text), "{name}.svg lacks {text:?}");
        assert!(svg.matches("<text").count() > 20, "{name}.svg has almost no text");
    }
    // Each theme is drawn on its own background.
    let light = std::fs::read_to_string(dir.join("light.svg")).unwrap();
    let dark = std::fs::read_to_string(dir.join("chat.svg")).unwrap();
    assert!(light.contains(r##"height="100%" rx="6" fill="#fdfdfa""##) && dark.contains(r##"fill="#1e1e24""##));
    // The home the generator used is gone; the user's home is untouched.
    assert!(std::fs::read_dir(home.path()).unwrap().next().is_none(), "nothing written to SANDPIPER_HOME");
}
