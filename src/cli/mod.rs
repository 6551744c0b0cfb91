//! Command-line interface: argument parsing (clap) and dispatch. Data goes
//! to stdout, narration and progress to stderr. Exit codes: 0 ok, 1 failed,
//! 2 usage error, 3 refused or not understood.

mod approve;
mod interrupt;
mod out;
mod bench;
mod bench_planner;
mod plan_dump;
mod bench_llm;
mod bench_llm_question;
mod bench_session;
mod bench_tui;
mod datasets;
mod engine;
mod eval;
pub mod llm;
mod query;
mod records;

use clap::{Parser, Subcommand};
use out::{out, outln};
use std::path::PathBuf;

/// sandpiper: ask questions of your data in plain English; every query runs jailed and audited.
#[derive(Debug, Parser)]
#[command(name = "sandpiper", version, about, propagate_version = true)]
pub struct Cli {
    /// Without a command, sandpiper opens the workbench (on a terminal).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The workbench's dataset (default: from settings, else ecommerce).
    #[arg(long, short = 'd')]
    pub dataset: Option<String>,
    /// The workbench's query isolation (default: from settings, else strict).
    #[arg(long, value_enum)]
    pub jail: Option<JailChoice>,
    #[command(flatten)]
    pub llm: llm::LlmArgs,
    /// The workbench's theme: dark, light, high-contrast, monochrome
    /// (default: from settings, else dark; NO_COLOR forces monochrome).
    #[arg(long)]
    pub theme: Option<String>,
    /// Record the workbench session as an asciicast v2 file (plays in
    /// asciinema, converts to a GIF with agg).
    #[arg(long, value_name = "FILE.cast")]
    pub record: Option<PathBuf>,
    /// Run the workbench inline, without the alternate screen: a live area
    /// at the bottom, each finished turn written into the terminal's
    /// scrollback (also `inline = true` in sandpiper.toml).
    #[arg(long)]
    pub inline: bool,
    /// Approval mode: in the workbench each plan, SQL and repair waits for
    /// Enter (e edits the SQL, Esc rejects) before it runs (also
    /// `approve = true` in sandpiper.toml). `ask` and `sql` take their
    /// own `--approve`.
    #[arg(long)]
    pub approve: bool,
}

/// How queries are isolated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum JailChoice {
    /// Namespaces, pivot_root, rlimits, seccomp, Landlock (default).
    Strict,
    /// Seccomp, rlimits and Landlock only, for hosts without user namespaces.
    Reduced,
}

/// Options shared by commands that run queries.
#[derive(Debug, Clone, clap::Args)]
pub struct RunOpts {
    /// Dataset to query (default: from settings, else ecommerce).
    #[arg(long, short = 'd')]
    pub dataset: Option<String>,
    /// Print the machine-readable JSON contract instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Query isolation (default: from settings, else strict).
    #[arg(long, value_enum)]
    pub jail: Option<JailChoice>,
    /// Wall-clock limit per query, in seconds.
    #[arg(long)]
    pub timeout: Option<u64>,
    /// Executions per run, the first try and its repairs (1 to 10; default
    /// from settings, else 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
    pub max_attempts: Option<u32>,
    /// Approval mode: print the plan and SQL of each attempt (and each
    /// repair) and wait on the terminal: Enter runs it, e edits it in
    /// $VISUAL/$EDITOR, n or Esc rejects it. Needs a terminal on stdin.
    #[arg(long)]
    pub approve: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Ask a question in plain English.
    Ask {
        #[command(flatten)]
        opts: RunOpts,
        /// The question.
        #[arg(required = true, num_args = 1..)]
        question: Vec<String>,
    },
    /// Validate and run SQL against a dataset.
    Sql {
        #[command(flatten)]
        opts: RunOpts,
        /// Switch the SQL validator off (testing the jail); the run's records say so.
        #[arg(long)]
        no_validate: bool,
        /// The SQL statement ("-" reads it from standard input).
        sql: String,
    },
    /// Run the golden questions (or a JSONL file) and compare with gold SQL.
    Eval {
        /// JSONL file of cases: {"dataset", "question" or "sql", "gold_sql", "ordered"?}.
        #[arg(long)]
        file: Option<PathBuf>,
        /// Only this dataset's golden questions.
        #[arg(long, short = 'd')]
        dataset: Option<String>,
        /// Run the gold SQL of the golden questions as the answer (checks data and gold SQL).
        #[arg(long)]
        gold_only: bool,
        #[arg(long)]
        json: bool,
    },
    /// List, show, add and generate datasets.
    Datasets {
        #[command(subcommand)]
        command: DatasetsCommand,
    },
    /// Check, print and show the tamper-evident audit log.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// List, show and replay recorded runs.
    Runs {
        #[command(subcommand)]
        command: RunsCommand,
    },
    /// Measure performance (medians over many repetitions).
    Bench {
        #[command(subcommand)]
        command: BenchCommand,
    },
    /// Report what this host offers the jail and which mode queries will use.
    Doctor {
        #[arg(long)]
        json: bool,
    },
    /// Check the model provider: `llm ping` sends one tiny request.
    Llm {
        #[command(subcommand)]
        command: LlmCommand,
    },
    /// Print the JSON Schema of query plans.
    PlanSchema,
    /// A scripted session in the workbench on the built-in data: picks a
    /// dataset, asks three of its suggested questions, shows the plan, SQL
    /// and a chart, repairs a broken SQL step by step, verifies the audit
    /// log and quits. No model, no network; a temporary home, removed at
    /// the end, unless --use-home.
    Demo {
        /// How fast it types and pauses.
        #[arg(long, value_enum, default_value_t = crate::tui::script::Pace::Normal)]
        pace: crate::tui::script::Pace,
        /// Record the session as an asciicast v2 file.
        #[arg(long, value_name = "FILE.cast")]
        record: Option<PathBuf>,
        /// Run in SANDPIPER_HOME, keeping the demo's runs, audit entries
        /// and history there (default: a temporary home, removed at the end).
        #[arg(long)]
        use_home: bool,
    },
    /// Hidden: draw every main view of the workbench from real runs into
    /// DIR as SVG images (the README's screenshots).
    #[command(hide = true)]
    Screenshots {
        dir: PathBuf,
    },
    /// Hidden: the jailed worker (started by sandpiper itself).
    #[command(name = "__jail", hide = true)]
    Jail {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// The same queries in-process and jailed; cold worker start; bulk results.
    Jail {
        /// Timed runs per query.
        #[arg(long, default_value_t = 30)]
        iterations: usize,
        /// Rows in the generated big table.
        #[arg(long, default_value_t = 10_000_000)]
        big_rows: u64,
        #[arg(long, value_enum)]
        jail: Option<JailChoice>,
        #[arg(long)]
        json: bool,
    },
    /// A query as users run it: one-shot CLI, warm session, in-process;
    /// 1M rows as the CLI and the TUI deliver them.
    Session {
        /// Timed runs of the point lookup, each way.
        #[arg(long, default_value_t = 30)]
        iterations: usize,
        /// Timed runs of the 1M-row query, each way.
        #[arg(long, default_value_t = 10)]
        bulk_iterations: usize,
        /// Rows of the bulk query (6 columns).
        #[arg(long, default_value_t = 1_000_000)]
        rows: u64,
        #[arg(long, value_enum)]
        jail: Option<JailChoice>,
        #[arg(long)]
        json: bool,
    },
    /// The workbench with a generated 1M-row x 6-column result in its grid:
    /// frame time, input to frame, sort, memory, start to first frame.
    Tui {
        /// Frames timed per case.
        #[arg(long, default_value_t = 200)]
        iterations: usize,
        #[arg(long, default_value_t = 1_000_000)]
        rows: usize,
        /// Timed starts of the binary in a pseudo-terminal (0 skips them).
        #[arg(long, default_value_t = 10)]
        starts: usize,
        #[arg(long)]
        json: bool,
    },
    /// Offline planning latency per question, over every question set.
    Planner {
        /// Questions files (JSON lines, as `eval --file` reads); default:
        /// tests/questions/*.jsonl and ../shared/benchmarks/spider-dev-public.
        #[arg(long)]
        file: Vec<PathBuf>,
        /// Times each question is planned.
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        /// Also write each question's outcome and compiled SQL to this file
        /// (JSON lines: id, dataset, outcome, sql or reason), to see which
        /// answers a planner change touches before running them.
        #[arg(long)]
        dump: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Audit log appends and verification throughput.
    Audit {
        #[arg(long, default_value_t = 100_000)]
        entries: u64,
        /// Entries per run for the default (one commit per run) series.
        #[arg(long, default_value_t = 8)]
        per_run: u64,
        /// Fresh logs per series.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        #[arg(long)]
        json: bool,
    },
    /// The model layer's own cost per call (request building, HTTP, stream
    /// parsing) against a loopback server that answers at once.
    Llm {
        /// Timed calls per protocol.
        #[arg(long, default_value_t = 300)]
        iterations: usize,
        #[arg(long)]
        json: bool,
    },
    /// Recipe retrieval latency, warm and cold (store opened, index built).
    Recipes {
        #[arg(long, default_value_t = 10_000)]
        recipes: usize,
        /// Cold retrievals.
        #[arg(long, default_value_t = 20)]
        rounds: usize,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum LlmCommand {
    /// Send one tiny request; print provider:model, latency to first token,
    /// total time, tokens and estimated cost (or a clear error).
    Ping {
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum AuditCommand {
    /// Check the hash chain; exit 0 with the entry count when intact.
    Verify {
        /// Log directory or segment file (default: $SANDPIPER_HOME/audit).
        #[arg(long)]
        log: Option<PathBuf>,
        /// The head hash recorded elsewhere; catches deleted tail entries.
        #[arg(long)]
        expect_head: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Print the current head hash (keep it somewhere safe).
    Head {
        #[arg(long)]
        log: Option<PathBuf>,
    },
    /// Print entries as JSON lines.
    Show {
        #[arg(long)]
        log: Option<PathBuf>,
        /// Only this run's entries (id or unique prefix).
        #[arg(long)]
        run: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum RunsCommand {
    /// Recent runs, newest first.
    List {
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[arg(long)]
        json: bool,
    },
    /// One run's capsule with its attempts.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Re-run a run's final SQL on the same dataset version and compare result hashes.
    Replay {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum DatasetsCommand {
    /// List datasets.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Show a dataset's tables, metrics, dimensions and suggested questions.
    Show {
        name: String,
        #[arg(long)]
        json: bool,
    },
    /// Add a dataset from CSV, Parquet or JSON-lines files (one table per file).
    Add {
        name: String,
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Write the built-in datasets' files (byte for byte as committed).
    Generate {
        #[arg(long)]
        out: PathBuf,
    },
}

/// Run the CLI; returns the process exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let result = match cli.command {
        Some(cmd) => dispatch(cmd, &cli.llm),
        None => llm::model_setup(&cli.llm)
            .and_then(|m| crate::tui::run(cli.dataset.as_deref(), cli.jail.map(engine::jail_mode), cli.theme.as_deref(), m, cli.record.as_deref(), cli.inline, cli.approve)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("sandpiper: {e:#}");
            1
        }
    }
}

fn dispatch(cmd: Command, llm_args: &llm::LlmArgs) -> anyhow::Result<i32> {
    match cmd {
        Command::Ask { opts, question } => query::ask(&opts, &question.join(" "), llm::model_setup(llm_args)?),
        Command::Sql { opts, no_validate, sql } => query::sql(&opts, &sql, !no_validate, llm::model_setup(llm_args)?),
        Command::Eval { file, dataset, gold_only, json } => {
            eval::run(file.as_deref(), dataset.as_deref(), gold_only, json, llm::model_setup(llm_args)?)
        }
        Command::Datasets { command } => datasets::run(command),
        Command::Audit { command } => records::audit(command),
        Command::Bench { command } => bench::run(command),
        Command::Runs { command } => records::runs(command),
        Command::Doctor { json } => {
            let r = crate::jail::doctor::report();
            if json {
                outln!("{}", serde_json::to_string_pretty(&r)?);
            } else {
                out!("{r}");
            }
            Ok(if r.mode == "none" { 1 } else { 0 })
        }
        Command::Llm { command: LlmCommand::Ping { json } } => llm::ping(llm_args, json),
        Command::Demo { pace, record, use_home } => crate::tui::demo::run(pace, record.as_deref(), use_home),
        Command::Screenshots { dir } => crate::tui::screenshots::run(&dir),
        Command::PlanSchema => {
            outln!("{}", crate::plan::json_schema());
            Ok(0)
        }
        Command::Jail { .. } => {
            eprintln!("sandpiper: __jail is started by sandpiper itself, not by hand");
            Ok(2)
        }
    }
}
