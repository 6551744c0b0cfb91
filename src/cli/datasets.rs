//! `sandpiper datasets list | show | add | generate`.

use super::out::outln;
use super::engine::Env;
use super::DatasetsCommand;
use crate::dataset::{generate, hash::bytes_sha256, Registry};
use anyhow::Context;

pub fn run(cmd: DatasetsCommand) -> anyhow::Result<i32> {
    match cmd {
        DatasetsCommand::List { json } => {
            let env = Env::load()?;
            let list = env.registry.list();
            if json {
                outln!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                for d in list {
                    let kind = if d.builtin { "built-in" } else { "added" };
                    outln!("{:<16} {:<9} {}", d.name, kind, d.tables.join(", "));
                }
            }
            Ok(0)
        }
        DatasetsCommand::Show { name, json } => {
            let env = Env::load()?;
            let ds = env.registry.open(&name)?;
            if json {
                let v = serde_json::json!({ "name": ds.name(), "hash": ds.hash, "dir": ds.dir, "builtin": ds.builtin, "manifest": ds.manifest });
                outln!("{}", serde_json::to_string_pretty(&v)?);
                return Ok(0);
            }
            let m = &ds.manifest;
            outln!("{} ({})\n{}\nversion {}\n", m.name, if ds.builtin { "built-in" } else { "added" }, m.description, ds.hash);
            for t in &m.tables {
                outln!("table {} ({}, {})", t.name, t.file, t.description);
                if let Some(pk) = &t.primary_key {
                    outln!("  key: {pk}");
                }
                if let Some(l) = &t.label {
                    outln!("  label: {l}");
                }
                for c in &t.columns {
                    let null = if c.nullable { "" } else { " NOT NULL" };
                    let read = c.text_format.as_ref().map(|f| format!("  (stored as text, format {f})")).unwrap_or_default();
                    let label = if c.description.is_empty() { String::new() } else { format!("  \"{}\"", c.description) };
                    outln!("  {:<20} {:<14}{null}{label}{read}", c.name, c.ty);
                }
                for n in &t.notes {
                    outln!("  note: {n}");
                }
            }
            if !m.joins.is_empty() {
                outln!("\njoins (many -> one)");
                for j in &m.joins {
                    match &j.evidence {
                        Some(e) => outln!(
                            "  {} -> {}  ({:.1}% of {} distinct value{} found; {})",
                            j.from,
                            j.to,
                            e.inclusion * 100.0,
                            e.distinct,
                            if e.distinct == 1 { "" } else { "s" },
                            e.names
                        ),
                        None => outln!("  {} -> {}", j.from, j.to),
                    }
                }
            }
            if m.derived {
                if let Some(dir) = Some(&ds.dir).filter(|_| !ds.builtin) {
                    outln!("\nto correct what was inferred, edit {}", dir.join("dataset.toml").display());
                    outln!("  (a [[joins]] entry: from = \"many_table.column\", to = \"one_table.column\"; delete one to drop it)");
                }
            }
            outln!("\nmetrics");
            for x in &m.metrics {
                outln!("  {:<24} {}", x.name, x.expr);
            }
            outln!("\ndimensions");
            for d in &m.dimensions {
                let extra = if d.values.is_empty() { String::new() } else { format!(" [{}]", d.values.join(", ")) };
                outln!("  {:<24} {}{extra}", d.name, d.column);
            }
            if !ds.builtin {
                match crate::dataset::value_index::ValueIndex::load(&ds.dir) {
                    Ok(Some(idx)) => {
                        let capped: Vec<String> =
                            idx.columns.iter().filter(|c| !c.complete).map(|c| format!("{}.{} ({} distinct)", c.table, c.column, c.distinct)).collect();
                        outln!("\nvalue index: {} text column(s), {} value(s) kept", idx.columns.len(), idx.value_count());
                        if !capped.is_empty() {
                            outln!("  capped (a value not listed may still be there): {}", capped.join(", "));
                        }
                    }
                    Ok(None) => outln!("\nvalue index: none (added before values were indexed; re-add the dataset to build one)"),
                    Err(e) => outln!("\nvalue index: unreadable: {e}"),
                }
            }
            if !m.segments.is_empty() {
                outln!("\nsegments");
                for s in &m.segments {
                    outln!("  {:<24} {}", s.name, s.expr);
                }
            }
            if !m.suggested_prompts.is_empty() {
                outln!("\ntry asking");
                for p in &m.suggested_prompts {
                    outln!("  {p}");
                }
            }
            for n in &ds.notices {
                eprintln!("sandpiper: note: {n}");
            }
            Ok(0)
        }
        DatasetsCommand::Add { name, files } => {
            let env = Env::load()?;
            let ds = env.registry.add(&name, &files)?;
            eprintln!(
                "sandpiper: added dataset {} ({} table{}, version {})",
                ds.name(),
                ds.manifest.tables.len(),
                if ds.manifest.tables.len() == 1 { "" } else { "s" },
                &ds.hash[..12]
            );
            outln!("{}", ds.name());
            Ok(0)
        }
        DatasetsCommand::Generate { out } => {
            for name in generate::BUILTIN {
                let files = generate::generate(name).with_context(|| format!("no generator for {name}"))?;
                let dir = out.join(name);
                std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
                let manifest = Registry::builtin_manifest(name).transpose()?;
                for (file, bytes) in &files {
                    let p = dir.join(file);
                    std::fs::write(&p, bytes).with_context(|| format!("writing {}", p.display()))?;
                    let h = bytes_sha256(bytes);
                    let want = manifest.as_ref().and_then(|m| m.tables.iter().find(|t| &t.file == file)).map(|t| t.sha256.clone());
                    let check = match want {
                        Some(w) if w == h => "matches manifest",
                        Some(_) => "DIFFERS from manifest",
                        None => "not in manifest",
                    };
                    outln!("{}  {}  ({} bytes, {check})", h, p.display(), bytes.len());
                }
                if let Some(text) = crate::dataset::builtin_manifest_text(name) {
                    let p = dir.join("dataset.toml");
                    std::fs::write(&p, text).with_context(|| format!("writing {}", p.display()))?;
                }
            }
            Ok(0)
        }
    }
}
