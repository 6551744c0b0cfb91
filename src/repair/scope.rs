//! What a failed query can see: the manifest tables it reads (with their
//! aliases) and how a name people use (`qty`, `userid`, `orderitems`,
//! `products`) maps to a real table or column. Shared by the name rules
//! and by [`super::explain`].

use crate::semantic::{Column, Manifest, Table};
use sqlparser::ast::{Statement, TableFactor, Visit, Visitor};
use sqlparser::dialect::DuckDbDialect;
use sqlparser::parser::Parser;
use std::ops::ControlFlow;

/// The single statement `sql` parses to, if it does.
pub fn parse(sql: &str) -> Option<Statement> {
    let mut v = Parser::parse_sql(&DuckDbDialect {}, sql).ok()?;
    (v.len() == 1).then(|| v.remove(0))
}

/// A manifest table the query reads, and the name it goes by there.
#[derive(Debug, Clone)]
pub struct InScope<'m> {
    pub table: &'m Table,
    /// The alias, or the table's name.
    pub qualifier: String,
}

/// The manifest tables `sql` reads, in order of appearance. From the AST
/// when the SQL parses, else every word that names a table.
pub fn tables<'m>(sql: &str, m: &'m Manifest) -> Vec<InScope<'m>> {
    let mut out: Vec<InScope<'m>> = Vec::new();
    if let Some(stmt) = parse(sql) {
        struct V<'a, 'm>(&'m Manifest, &'a mut Vec<InScope<'m>>);
        impl<'m> Visitor for V<'_, 'm> {
            type Break = ();
            fn pre_visit_table_factor(&mut self, tf: &TableFactor) -> ControlFlow<()> {
                if let TableFactor::Table { name, alias, .. } = tf {
                    let last = name.0.last().and_then(|p| p.as_ident()).map(|i| i.value.clone()).unwrap_or_default();
                    if let Some(t) = self.0.table(&last) {
                        let qualifier = alias.as_ref().map_or_else(|| t.name.clone(), |a| a.name.value.clone());
                        self.1.push(InScope { table: t, qualifier });
                    }
                }
                ControlFlow::Continue(())
            }
        }
        let _ = stmt.visit(&mut V(m, &mut out));
        return out;
    }
    let words: Vec<String> = super::text::tokens(sql)
        .map(|t| t.iter().filter_map(super::text::word).collect())
        .unwrap_or_default();
    for t in &m.tables {
        if words.iter().any(|w| w.eq_ignore_ascii_case(&t.name)) {
            out.push(InScope { table: t, qualifier: t.name.clone() });
        }
    }
    out
}

/// Lowercase with spaces and hyphens as underscores (`order total` ->
/// `order_total`), the shape a person types a synonym as a name.
fn as_name(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace([' ', '-'], "_")
}

fn squash(s: &str) -> String {
    s.to_ascii_lowercase().replace('_', "")
}

/// `products` ~ `product`, `categories` ~ `category`, `boxes` ~ `box`.
fn plural_pair(a: &str, b: &str) -> bool {
    let forms = |s: &str| -> Vec<String> {
        let mut v = vec![s.to_string(), format!("{s}s"), format!("{s}es")];
        if let Some(x) = s.strip_suffix('y') {
            v.push(format!("{x}ies"));
        }
        v
    };
    forms(a).contains(&b.to_string()) || forms(b).contains(&a.to_string())
}

/// A typo-sized difference: at most 2 edits, and at most a third of the
/// longer name (a distant "nearest" name answers a different question).
pub fn close_enough(wrong: &str, right: &str) -> bool {
    let (w, r) = (wrong.to_ascii_lowercase(), right.to_ascii_lowercase());
    let d = strsim::damerau_levenshtein(&w, &r);
    d <= 2 && d * 3 <= w.chars().count().max(r.chars().count())
}

/// How a name matched, strongest first; rationales quote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Match {
    Exact,
    RunTogether,
    Plural,
    Synonym,
    Label,
    Typo,
}

impl Match {
    pub fn word(self) -> &'static str {
        match self {
            Match::Exact => "the same name",
            Match::RunTogether => "the same words joined differently",
            Match::Plural => "the singular/plural form",
            Match::Synonym => "a synonym in the dataset's manifest",
            Match::Label => "the label column of its table",
            Match::Typo => "the nearest name by spelling",
        }
    }
}

/// How `wrong` matches column `c` of `t`, if it does.
fn column_match(wrong: &str, t: &Table, c: &Column) -> Option<Match> {
    let w = as_name(wrong);
    let name = c.name.to_ascii_lowercase();
    if w == name {
        Some(Match::Exact)
    } else if squash(&w) == squash(&name) {
        Some(Match::RunTogether)
    } else if plural_pair(&w, &name) {
        Some(Match::Plural)
    } else if c.synonyms.iter().any(|s| as_name(s) == w || squash(&as_name(s)) == squash(&w)) {
        Some(Match::Synonym)
    } else if t.label.as_deref().is_some_and(|l| l.eq_ignore_ascii_case(&c.name)) && label_word(&w, t) {
        Some(Match::Label)
    } else if close_enough(&w, &name) {
        Some(Match::Typo)
    } else {
        None
    }
}

/// `name`, `label`, `title`, `<table>_name` mean "the column that names a row".
fn label_word(w: &str, t: &Table) -> bool {
    let table = t.name.to_ascii_lowercase();
    let single = table.strip_suffix('s').unwrap_or(&table);
    ["name", "label", "title"].contains(&w) || w == format!("{table}_name") || w == format!("{single}_name")
}

/// The one column of `tables` that `wrong` stands for: the strongest kind
/// of match, and only when exactly one column matches that way (two
/// equally good candidates are a question for the user, not a repair).
pub fn resolve_column<'m>(wrong: &str, tables: &[&'m Table]) -> Option<(&'m Table, &'m Column, Match)> {
    let mut best: Option<(Match, Vec<(&'m Table, &'m Column)>)> = None;
    for t in tables {
        for c in &t.columns {
            let Some(k) = column_match(wrong, t, c) else { continue };
            match &mut best {
                Some((b, v)) if *b == k => v.push((t, c)),
                Some((b, _)) if *b < k => {}
                _ => best = Some((k, vec![(t, c)])),
            }
        }
    }
    let (k, v) = best?;
    // Typos: only the strictly nearest spelling counts.
    let v: Vec<_> = if k == Match::Typo {
        let d = |c: &Column| strsim::damerau_levenshtein(&wrong.to_ascii_lowercase(), &c.name.to_ascii_lowercase());
        let min = v.iter().map(|(_, c)| d(c)).min()?;
        v.into_iter().filter(|(_, c)| d(c) == min).collect()
    } else {
        v
    };
    // The same column reached twice (a table joined to itself) is one.
    let first = v.first()?;
    v.iter().all(|(t, c)| t.name == first.0.name && c.name == first.1.name).then_some((first.0, first.1, k))
}

/// The one table `wrong` stands for.
pub fn resolve_table<'m>(wrong: &str, m: &'m Manifest) -> Option<(&'m Table, Match)> {
    let w = as_name(wrong);
    type Test<'a> = &'a dyn Fn(&str) -> bool;
    let tiers: [(Match, Test<'_>); 3] = [
        (Match::RunTogether, &|n: &str| squash(n) == squash(&w)),
        (Match::Plural, &|n: &str| plural_pair(&w, n)),
        (Match::Typo, &|n: &str| close_enough(&w, n)),
    ];
    for (k, test) in tiers {
        let hits: Vec<&Table> = m.tables.iter().filter(|t| test(&t.name.to_ascii_lowercase())).collect();
        if hits.len() == 1 {
            return Some((hits[0], k));
        }
        if hits.len() > 1 {
            return None;
        }
    }
    None
}

/// Every column of the manifest ranked by how close it is to `wrong`
/// (best first), for explanations.
pub fn nearest_columns<'m>(wrong: &str, m: &'m Manifest, n: usize) -> Vec<(&'m Table, &'m Column)> {
    let w = as_name(wrong);
    let parts: Vec<&str> = w.split('_').filter(|p| p.len() > 2).collect();
    let mut scored: Vec<(f64, &Table, &Column)> = Vec::new();
    for t in &m.tables {
        for c in &t.columns {
            let mut words = vec![c.name.to_ascii_lowercase()];
            words.extend(c.synonyms.iter().map(|s| as_name(s)));
            let sim = words.iter().map(|x| strsim::normalized_damerau_levenshtein(&w, x)).fold(0.0, f64::max);
            // Sharing a word (`response_minutes` ~ `first_response_at`)
            // counts for more than spelling.
            let shared = words.iter().any(|x| x.split('_').any(|p| parts.contains(&p)));
            scored.push((sim + if shared { 0.5 } else { 0.0 }, t, c));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().filter(|s| s.0 >= 0.4).take(n).map(|(_, t, c)| (t, c)).collect()
}
