//! The input line's memory and completion: history of what was entered
//! (Up/Down, kept in `$SANDPIPER_HOME/tui-history`, one entry a line,
//! newlines escaped), and Tab completion of slash commands and their
//! arguments (dataset names after `/dataset`, theme names after `/theme`).
//!
//! Invariants: the history holds at most [`KEEP`] entries, never two equal
//! ones in a row, never an empty one; browsing it does not lose what was
//! being typed (Down past the newest entry gives it back).

use std::io::Write;
use std::path::Path;

/// Entries kept (older ones are dropped when the file is read).
pub const KEEP: usize = 1000;

/// The commands Tab completes.
pub const COMMANDS: &[&str] = &["/audit", "/copy", "/dataset", "/export", "/help", "/quit", "/repairs", "/runs", "/schema", "/sql", "/theme"];

/// History of entered lines, and where Up/Down are in it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    pub entries: Vec<String>,
    /// Index into `entries` while browsing.
    pos: Option<usize>,
    /// What was typed before browsing began.
    draft: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

impl History {
    /// The history in `path` (empty when there is none yet).
    pub fn load(path: &Path) -> History {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut entries: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(unescape).collect();
        let drop = entries.len().saturating_sub(KEEP);
        entries.drain(..drop);
        History { entries, pos: None, draft: String::new() }
    }

    /// Append one entry to the file at `path`.
    pub fn append_to(path: &Path, entry: &str) -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        writeln!(f, "{}", escape(entry))
    }

    /// Remember `line`; true when it is new (and should be saved).
    pub fn push(&mut self, line: &str) -> bool {
        self.pos = None;
        self.draft.clear();
        if line.trim().is_empty() || self.entries.last().is_some_and(|l| l == line) {
            return false;
        }
        self.entries.push(line.to_string());
        if self.entries.len() > KEEP {
            self.entries.remove(0);
        }
        true
    }

    /// The entry before the one shown (Up); `current` is the input now.
    pub fn older(&mut self, current: &str) -> Option<String> {
        let pos = match self.pos {
            None => {
                self.draft = current.to_string();
                self.entries.len().checked_sub(1)?
            }
            Some(p) => p.checked_sub(1)?,
        };
        self.pos = Some(pos);
        self.entries.get(pos).cloned()
    }

    /// The entry after the one shown (Down); past the newest, the draft.
    pub fn newer(&mut self) -> Option<String> {
        let p = self.pos?;
        if p + 1 < self.entries.len() {
            self.pos = Some(p + 1);
            self.entries.get(p + 1).cloned()
        } else {
            self.pos = None;
            Some(std::mem::take(&mut self.draft))
        }
    }
}

/// Tab on `input`: the completed line, when there is exactly one way (or a
/// longer common prefix) to complete it.
pub fn complete(input: &str, datasets: &[String], themes: &[&str]) -> Option<String> {
    if !input.starts_with('/') {
        return None;
    }
    let (cmd, arg) = match input.split_once(' ') {
        Some((c, a)) => (c, Some(a)),
        None => (input, None),
    };
    match arg {
        None => {
            let hits: Vec<&str> = COMMANDS.iter().copied().filter(|c| c.starts_with(cmd)).collect();
            match hits.as_slice() {
                [one] => Some(format!("{one} ")),
                _ => longer_prefix(cmd, &hits),
            }
        }
        Some(arg) => {
            let names: Vec<&str> = match cmd {
                "/dataset" => datasets.iter().map(String::as_str).collect(),
                "/theme" => themes.to_vec(),
                "/export" => vec!["csv", "parquet", "json"],
                _ => return None,
            };
            let hits: Vec<&str> = names.into_iter().filter(|n| n.starts_with(arg)).collect();
            match hits.as_slice() {
                [one] => Some(format!("{cmd} {one}")),
                _ => longer_prefix(arg, &hits).map(|p| format!("{cmd} {p}")),
            }
        }
    }
}

/// Keywords SQL mode completes (with the dataset's tables and columns).
pub const SQL_WORDS: &[&str] = &[
    "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "JOIN", "LEFT JOIN", "ON", "AS", "AND", "OR", "NOT", "DISTINCT",
    "COUNT", "SUM", "AVG", "MIN", "MAX", "CASE", "WHEN", "THEN", "ELSE", "END", "BETWEEN", "LIKE", "IN", "IS NULL", "DESC", "ASC",
    "date_trunc", "strftime", "round", "coalesce",
];

/// DuckDB functions a query may call (the validator's allow-list).
pub fn sql_functions() -> impl Iterator<Item = &'static str> {
    crate::sql::callable_names().iter().copied()
}

/// Tab in SQL mode: the last word of `input` completed from `candidates`
/// (case-insensitive; keywords keep their case, names theirs).
pub fn complete_word(input: &str, candidates: &[&str]) -> Option<String> {
    let start = input.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
    let word = &input[start..];
    if word.is_empty() {
        return None;
    }
    let lower = word.to_lowercase();
    let mut hits: Vec<&str> = candidates.iter().copied().filter(|c| c.to_lowercase().starts_with(&lower)).collect();
    hits.sort_unstable();
    hits.dedup();
    let done = match hits.as_slice() {
        [one] => format!("{one} "),
        _ => longer_prefix(word, &hits)?,
    };
    Some(format!("{}{done}", &input[..start]))
}

/// The common prefix of `hits` (ignoring ASCII case) when it is longer
/// than `typed`, spelled as the hit that matches `typed`'s case.
fn longer_prefix(typed: &str, hits: &[&str]) -> Option<String> {
    let first = hits.iter().find(|h| h.starts_with(typed)).or(hits.first())?;
    let mut n = first.len();
    for h in hits {
        n = n.min(first.bytes().zip(h.bytes()).take_while(|(a, b)| a.eq_ignore_ascii_case(b)).count());
    }
    (n > typed.len() && first.is_char_boundary(n)).then(|| first[..n].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_and_down_browse_and_give_back_the_draft() {
        let mut h = History::default();
        for l in ["one", "two", "two", " ", "three"] {
            h.push(l);
        }
        assert_eq!(h.entries, ["one", "two", "three"], "no repeats, no blanks");
        assert_eq!(h.older("draft").as_deref(), Some("three"));
        assert_eq!(h.older("three").as_deref(), Some("two"));
        assert_eq!(h.older("two").as_deref(), Some("one"));
        assert_eq!(h.older("one"), None, "stops at the oldest");
        assert_eq!(h.newer().as_deref(), Some("two"));
        assert_eq!(h.newer().as_deref(), Some("three"));
        assert_eq!(h.newer().as_deref(), Some("draft"));
        assert_eq!(h.newer(), None);
    }

    #[test]
    fn the_file_keeps_multiline_entries_and_the_newest_thousand() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tui-history");
        History::append_to(&path, "SELECT 1\nFROM t -- a \\ b").unwrap();
        History::append_to(&path, "revenue by month").unwrap();
        let h = History::load(&path);
        assert_eq!(h.entries, ["SELECT 1\nFROM t -- a \\ b", "revenue by month"]);
        for i in 0..KEEP + 5 {
            History::append_to(&path, &format!("q{i}")).unwrap();
        }
        let h = History::load(&path);
        assert_eq!(h.entries.len(), KEEP);
        assert_eq!(h.entries.last().map(String::as_str), Some(format!("q{}", KEEP + 4).as_str()));
        assert_eq!(History::load(&dir.path().join("missing")), History::default());
    }

    #[test]
    fn sql_mode_completes_keywords_tables_and_columns() {
        let cands = ["orders", "order_items", "total_amount", "SELECT", "SUM", "ORDER BY"];
        let cases: &[(&str, Option<&str>)] = &[
            ("/sql sel", Some("/sql SELECT ")),
            ("/sql SELECT tot", Some("/sql SELECT total_amount ")),
            ("/sql SELECT 1 FROM ord", Some("/sql SELECT 1 FROM order")),
            ("/sql SELECT 1 FROM orders_", None),
            ("/sql SELECT ", None),
        ];
        for (input, want) in cases {
            assert_eq!(complete_word(input, &cands).as_deref(), *want, "{input}");
        }
    }

    #[test]
    fn tab_completes_commands_and_their_arguments() {
        let ds = vec!["ecommerce".to_string(), "iot".to_string(), "support".to_string()];
        let themes = ["dark", "light", "high-contrast", "monochrome"];
        let cases: &[(&str, Option<&str>)] = &[
            ("/da", Some("/dataset ")),
            ("/s", None),
            ("/sc", Some("/schema ")),
            ("/r", None),
            ("/dataset e", Some("/dataset ecommerce")),
            ("/dataset ", None),
            ("/theme hi", Some("/theme high-contrast")),
            ("/export p", Some("/export parquet")),
            ("/sql SEL", None),
            ("revenue", None),
        ];
        for (input, want) in cases {
            assert_eq!(complete(input, &ds, &themes).as_deref(), *want, "{input}");
        }
        // A common prefix longer than what was typed is completed.
        let ds = vec!["sales_2024".to_string(), "sales_2025".to_string()];
        assert_eq!(complete("/dataset s", &ds, &themes).as_deref(), Some("/dataset sales_202"));
    }
}
