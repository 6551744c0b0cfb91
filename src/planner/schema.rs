//! Questions the planner asks of a manifest's shape: which tables reach
//! which through joins, which column names a table's rows, which metric
//! counts a table, which time dimension dates it, what plan name a
//! dimension or column goes by, and whether the joins a plan needs are
//! ones the data can vouch for (`join_doubt`).
//!
//! Invariants: pure lookups over the manifest, computed once in `Schema::new`;
//! every answer is deterministic (first in manifest order wins ties).

use crate::plan::Agg;
use crate::planner::lexicon::{Field, Lexicon, SimpleAgg, Target};
use crate::planner::tokenize::split_identifier;
use crate::planner::verbs::{stem_begins, verb_root};
use crate::semantic::{is_numeric, is_temporal, DimensionKind, Manifest};

/// Precomputed facts about a manifest.
#[derive(Debug, Clone)]
pub struct Schema {
    /// `reach[a][b]`: rows of table `a` reach table `b` through many-to-one joins.
    reach: Vec<Vec<bool>>,
    /// For each table, the metric that counts its rows, if any.
    pub count_metric: Vec<Option<usize>>,
    /// For each table, the time dimensions on it (or reachable from it).
    pub time_dims: Vec<Vec<usize>>,
}

impl Schema {
    pub fn new(m: &Manifest, lx: &Lexicon) -> Schema {
        let n = m.tables.len();
        let idx = |qualified: &str| -> Option<usize> {
            let t = qualified.split('.').next()?;
            m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))
        };
        let mut reach = vec![vec![false; n]; n];
        for (a, row) in reach.iter_mut().enumerate() {
            row[a] = true;
        }
        for j in &m.joins {
            if let (Some(a), Some(b)) = (idx(&j.from), idx(&j.to)) {
                reach[a][b] = true;
            }
        }
        for k in 0..n {
            for a in 0..n {
                if reach[a][k] {
                    let via = reach[k].clone();
                    for (b, yes) in via.into_iter().enumerate() {
                        if yes {
                            reach[a][b] = true;
                        }
                    }
                }
            }
        }
        // A metric counts a table's rows when it is COUNT(*), or counts its
        // key or any column that is never empty.
        let count_metric = (0..n)
            .map(|t| {
                let table = &m.tables[t];
                m.metrics.iter().enumerate().position(|(i, me)| {
                    if !me.table.eq_ignore_ascii_case(&table.name) {
                        return false;
                    }
                    match lx.metric_aggs.get(i).copied().flatten() {
                        Some(SimpleAgg {
                            agg: Agg::Count,
                            column: None,
                        }) => true,
                        Some(SimpleAgg {
                            agg: Agg::Count,
                            column: Some((ct, cc)),
                        }) => ct == t && !table.columns[cc].nullable,
                        Some(SimpleAgg {
                            agg: Agg::CountDistinct,
                            column: Some((ct, cc)),
                        }) => {
                            ct == t
                                && table.primary_key.as_deref().is_some_and(|pk| {
                                    pk.eq_ignore_ascii_case(&table.columns[cc].name)
                                })
                        }
                        _ => false,
                    }
                })
            })
            .collect();
        let time_dims = (0..n)
            .map(|t| {
                let mut own = Vec::new();
                let mut far = Vec::new();
                for (i, d) in m.dimensions.iter().enumerate() {
                    if d.kind != DimensionKind::Time {
                        continue;
                    }
                    match idx(&d.column) {
                        Some(dt) if dt == t => own.push(i),
                        Some(dt) if reach[t][dt] => far.push(i),
                        _ => {}
                    }
                }
                own.extend(far);
                own
            })
            .collect();
        Schema {
            reach,
            count_metric,
            time_dims,
        }
    }

    /// True when rows of `from` can be joined to `to`.
    pub fn reaches(&self, from: usize, to: usize) -> bool {
        self.reach
            .get(from)
            .and_then(|r| r.get(to))
            .copied()
            .unwrap_or(false)
    }

    /// True when `a` and `b` can meet in one query (either reaches the other,
    /// or some table reaches both).
    pub fn related(&self, a: usize, b: usize) -> bool {
        self.reaches(a, b)
            || self.reaches(b, a)
            || (0..self.reach.len()).any(|k| self.reaches(k, a) && self.reaches(k, b))
    }
}

/// Table index of a `table.column` string.
pub fn table_of(m: &Manifest, qualified: &str) -> Option<usize> {
    let t = qualified.split('.').next()?;
    m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))
}

/// Table and column index of a `table.column` string.
pub fn column_of(m: &Manifest, qualified: &str) -> Option<(usize, usize)> {
    let ti = table_of(m, qualified)?;
    let c = qualified.split_once('.')?.1;
    let ci = m.tables[ti]
        .columns
        .iter()
        .position(|x| x.name.eq_ignore_ascii_case(c))?;
    Some((ti, ci))
}

/// `table.column` for indices.
pub fn qualified(m: &Manifest, t: usize, c: usize) -> String {
    format!("{}.{}", m.tables[t].name, m.tables[t].columns[c].name)
}

/// A filterable, groupable thing resolved to plan vocabulary.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldInfo {
    /// What the plan calls it: a dimension name or `table.column`.
    pub name: String,
    /// Human words for summaries.
    pub label: String,
    pub table: usize,
    pub column: Option<usize>,
    pub numeric: bool,
    pub temporal: bool,
    pub nullable: bool,
    pub dim: Option<usize>,
}

/// The plan name of a field, preferring a dimension defined on the same column.
pub fn field_info(m: &Manifest, f: Field) -> Option<FieldInfo> {
    match f {
        Field::Dim(i) => {
            let d = m.dimensions.get(i)?;
            let (t, c) = column_of(m, &d.column)?;
            let col = &m.tables[t].columns[c];
            Some(FieldInfo {
                name: d.name.clone(),
                label: d.name.replace('_', " "),
                table: t,
                column: Some(c),
                numeric: d.kind == DimensionKind::Numeric
                    || is_numeric(&col.ty) && d.kind != DimensionKind::Categorical,
                temporal: d.kind == DimensionKind::Time || is_temporal(&col.ty),
                nullable: col.nullable,
                dim: Some(i),
            })
        }
        Field::Col(t, c) => {
            let col = m.tables.get(t)?.columns.get(c)?;
            let q = qualified(m, t, c);
            if let Some(i) = m
                .dimensions
                .iter()
                .position(|d| d.column.eq_ignore_ascii_case(&q))
            {
                return field_info(m, Field::Dim(i));
            }
            Some(FieldInfo {
                name: q,
                label: col.name.replace('_', " "),
                table: t,
                column: Some(c),
                numeric: is_numeric(&col.ty),
                temporal: is_temporal(&col.ty),
                nullable: col.nullable,
                dim: None,
            })
        }
    }
}

/// The column that names a table's rows: its label, else its primary key,
/// else its first text column.
pub fn row_name(m: &Manifest, t: usize) -> Option<usize> {
    let table = m.tables.get(t)?;
    let find = |name: &Option<String>| {
        name.as_ref().and_then(|n| {
            table
                .columns
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(n))
        })
    };
    let named = |c: &crate::semantic::Column| {
        let w = crate::planner::tokenize::split_identifier(&c.name);
        w.last().is_some_and(|l| l == "name" || l == "title")
            && !c.ty.to_ascii_uppercase().starts_with("INT")
    };
    // A text column called after its table (`campuses.campus`, `player.player`) names its rows.
    let table_stem = crate::planner::tokenize::stems(&table.name).join(" ");
    // `campuses.campus`: a plural in "-es" the stemmer reads as "campuse".
    let table_lower = table.name.to_lowercase();
    let after_table = |c: &crate::semantic::Column| {
        let col = c.name.to_lowercase();
        (crate::planner::tokenize::stems(&c.name).join(" ") == table_stem || table_lower == format!("{col}es"))
            && c.ty.to_ascii_uppercase().starts_with("VARCHAR")
    };
    // "player_name" in `player`, "campus_name" in `campuses`: the name
    // the table gives its own rows, before a label guessed from the data
    // (`sponsor_name`) or another name column.
    let own_name = |c: &crate::semantic::Column| {
        let w = crate::planner::tokenize::stems(&c.name);
        let t = crate::planner::tokenize::stems(&table.name);
        named(c) && w.len() == t.len() + 1 && w[..t.len()] == t[..]
    };
    table
        .columns
        .iter()
        .position(own_name)
        .or_else(|| find(&table.label))
        .or_else(|| table.columns.iter().position(named))
        .or_else(|| table.columns.iter().position(after_table))
        .or_else(|| find(&table.primary_key))
        .or_else(|| {
            table
                .columns
                .iter()
                .position(|c| c.ty.to_ascii_uppercase().starts_with("VARCHAR"))
        })
        // `degrees.degrees`, a number: still what the table's rows are called.
        .or_else(|| table.columns.iter().position(|c| c.name.eq_ignore_ascii_case(&table.name)))
        .or(if table.columns.is_empty() {
            None
        } else {
            Some(0)
        })
}

/// `addresses.address_details`, `customers.customer_details`: with a
/// number for a key, the one text column named for the table (its words
/// hold the table's) says what each row is, where the key would only
/// number it. Codes and ids are keys of other tables, not descriptions.
pub fn described(table: &crate::semantic::Table) -> Option<usize> {
    let text = |c: &crate::semantic::Column| c.ty.to_ascii_uppercase().starts_with("VARCHAR");
    // A text key is the rows' name, unless it is a code (`role_code`
    // 'ED'), which abbreviates what the description spells out.
    let key_is_text = table
        .primary_key
        .as_ref()
        .and_then(|k| table.columns.iter().find(|c| c.name.eq_ignore_ascii_case(k)))
        .is_some_and(|c| text(c) && crate::planner::tokenize::stems(&c.name).last().is_none_or(|l| l != "code"));
    if key_is_text {
        return None;
    }
    let table_words = crate::planner::tokenize::stems(&table.name);
    let found: Vec<usize> = table
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let w = crate::planner::tokenize::stems(&c.name);
            text(c)
                && w.len() > table_words.len()
                && table_words.iter().all(|t| w.contains(t))
                && !w.last().is_some_and(|l| matches!(l.as_str(), "code" | "id" | "number" | "type"))
        })
        .map(|(k, _)| k)
        .collect();
    let details: Vec<usize> = found
        .iter()
        .copied()
        .filter(|&k| {
            crate::planner::tokenize::stems(&table.columns[k].name)
                .last()
                .is_some_and(|l| matches!(l.as_str(), "detail" | "description"))
        })
        .collect();
    match (found.as_slice(), details.as_slice()) {
        ([k], _) | (_, [k]) => Some(*k),
        _ => None,
    }
}

/// The column that names a table's rows when it is not also their key
/// (`dorm_amenity.amenity_name`, not a table whose only name is its id).
pub fn label_column(m: &Manifest, t: usize) -> Option<usize> {
    row_name(m, t).filter(|&c| row_key(m, t) != Some(c))
}

/// True when column `c` of table `t` tells its rows apart: their key or
/// their name.
pub fn names_row(m: &Manifest, t: usize, c: usize) -> bool {
    row_key(m, t) == Some(c) || row_name(m, t) == Some(c)
}

/// The key column of a table: its primary key, else its label.
pub fn row_key(m: &Manifest, t: usize) -> Option<usize> {
    let table = m.tables.get(t)?;
    let find = |name: &Option<String>| {
        name.as_ref().and_then(|n| {
            table
                .columns
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(n))
        })
    };
    find(&table.primary_key).or_else(|| find(&table.label))
}

/// The table that column `c` of table `t` points at by a join, if any.
pub fn points_at(m: &Manifest, t: usize, c: usize) -> Option<usize> {
    let from = qualified(m, t, c);
    m.joins.iter().find(|j| j.from.eq_ignore_ascii_case(&from)).and_then(|j| table_of(m, &j.to))
}

/// How rows of `base` point at table `target`: the many-side column of a
/// join from `base` to `target`, if there is one.
pub fn foreign_key(m: &Manifest, base: usize, target: usize) -> Option<usize> {
    m.joins.iter().find_map(|j| {
        let (ft, fc) = column_of(m, &j.from)?;
        let tt = table_of(m, &j.to)?;
        (ft == base && tt == target).then_some(fc)
    })
}

/// Whether every row of `u` is one row of `t`: `u`'s primary key is its key
/// pointing at `t` (`school_details.school_id` at `school`), so `u` holds
/// more columns of the same things and `t`'s noun names `u`'s rows too.
pub fn extends(m: &Manifest, u: usize, t: usize) -> bool {
    let Some(table) = m.tables.get(u) else { return false };
    let Some(pk) = table.primary_key.as_ref().and_then(|n| table.columns.iter().position(|c| c.name.eq_ignore_ascii_case(n))) else {
        return false;
    };
    u != t && m.joins.iter().any(|j| column_of(m, &j.from) == Some((u, pk)) && table_of(m, &j.to) == Some(t))
}

/// Whether column `c` of table `t` is an end of a join of the manifest (a
/// foreign key, or the key one points at).
pub fn in_a_join(m: &Manifest, t: usize, c: usize) -> bool {
    m.joins.iter().any(|j| column_of(m, &j.from) == Some((t, c)) || column_of(m, &j.to) == Some((t, c)))
}

/// The numeric columns of table `t` whose name has the word "year".
pub fn year_columns(m: &Manifest, t: usize) -> Vec<usize> {
    let Some(table) = m.tables.get(t) else { return Vec::new() };
    (0..table.columns.len())
        .filter(|&c| names_a_year(&table.columns[c].name) && crate::semantic::is_numeric(&table.columns[c].ty))
        .collect()
}

/// Whether a column's name says it holds a year: a word "year" or its
/// abbreviation (`open_year`, `established_yr`), or a lowercase compound
/// ending in it (`indepyear`, `birthyear`).
pub fn names_a_year(column: &str) -> bool {
    crate::planner::tokenize::stems(column).iter().any(|w| w == "year" || w.len() > 6 && w.ends_with("year"))
}

/// Whether two qualified columns are the two ends of one join (a foreign
/// key and the key it points at), so they hold the same values.
pub fn joined_columns(m: &Manifest, a: &str, b: &str) -> bool {
    m.joins.iter().any(|j| {
        j.from.eq_ignore_ascii_case(a) && j.to.eq_ignore_ascii_case(b) || j.from.eq_ignore_ascii_case(b) && j.to.eq_ignore_ascii_case(a)
    })
}

/// A join by which `other` points at `base`: (base's key column, other's
/// foreign key column), when there is exactly one.
pub fn reverse_key(m: &Manifest, base: usize, other: usize) -> Option<(usize, usize)> {
    reverse_key_named(m, base, other, &|_| 0)
}

/// As [`reverse_key`], but where `other` points at `base` by several
/// columns (`destroyed_by_employee_id`, `destruction_authorised_by_...`),
/// the one column `named` scores highest (0: not named at all).
pub fn reverse_key_named(m: &Manifest, base: usize, other: usize, named: &dyn Fn(&str) -> usize) -> Option<(usize, usize)> {
    let found: Vec<(usize, usize)> = m
        .joins
        .iter()
        .filter_map(|j| {
            let (ft, fc) = column_of(m, &j.from)?;
            let (tt, tc) = column_of(m, &j.to)?;
            (ft == other && tt == base).then_some((tc, fc))
        })
        .collect();
    match found.as_slice() {
        [one] => Some(*one),
        _ => {
            let score = |fc: usize| named(&m.tables[other].columns[fc].name);
            let best = found.iter().map(|&(_, fc)| score(fc)).max().filter(|&s| s > 0)?;
            match found.iter().filter(|&&(_, fc)| score(fc) == best).collect::<Vec<_>>().as_slice() {
                [one] => Some(**one),
                _ => None,
            }
        }
    }
}

/// The table a target belongs to.
pub fn target_table(m: &Manifest, lx: &Lexicon, t: &Target) -> Option<usize> {
    match t {
        Target::Metric(i) => m
            .metrics
            .get(*i)
            .and_then(|x| {
                m.tables
                    .iter()
                    .position(|t| t.name.eq_ignore_ascii_case(&x.table))
            })
            .or_else(|| {
                lx.metric_aggs
                    .get(*i)
                    .copied()
                    .flatten()
                    .and_then(|s| s.column.map(|c| c.0))
            }),
        Target::Dimension(i) => m.dimensions.get(*i).and_then(|d| table_of(m, &d.column)),
        Target::Segment(i) => m.segments.get(*i).and_then(|s| {
            m.tables
                .iter()
                .position(|t| t.name.eq_ignore_ascii_case(&s.table))
        }),
        Target::Column(t, _) | Target::Unit(t, _) | Target::Table(t) => Some(*t),
        Target::Value(f, _) => match f {
            Field::Dim(i) => m.dimensions.get(*i).and_then(|d| table_of(m, &d.column)),
            Field::Col(t, _) => Some(*t),
        },
    }
}

/// Fully qualified columns mentioned in a SQL expression, in order.
pub fn columns_in_expr(m: &Manifest, expr: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for word in expr.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')) {
        if let Some(tc) = column_of(m, word) {
            if !out.contains(&tc) {
                out.push(tc);
            }
        }
    }
    out
}

/// The table a plan name (dimension, segment, metric or `table.column`) lives in.
pub fn table_of_name(m: &Manifest, name: &str) -> Option<usize> {
    if let Some(d) = m.dimensions.iter().find(|d| d.name.eq_ignore_ascii_case(name)) {
        return table_of(m, &d.column);
    }
    if let Some(s) = m.segments.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
        return m.tables.iter().position(|t| t.name.eq_ignore_ascii_case(&s.table));
    }
    if let Some(x) = m.metrics.iter().find(|x| x.name.eq_ignore_ascii_case(name)) {
        return m.tables.iter().position(|t| t.name.eq_ignore_ascii_case(&x.table));
    }
    column_of(m, name).map(|(t, _)| t)
}

/// The tables a plan's main query reads (subqueries of `exists`-style
/// filters read their own).
pub fn plan_tables(m: &Manifest, plan: &crate::plan::Plan) -> Vec<usize> {
    let mut names: Vec<&str> = Vec::new();
    names.extend(plan.fields.iter().map(String::as_str));
    names.extend(plan.dimensions.iter().map(|d| d.name.as_str()));
    for f in plan.filters.iter().chain(plan.any_of.iter().flatten()) {
        names.push(&f.field);
        if let Some(crate::plan::Operand::Column { column }) = &f.value {
            names.push(column);
        }
    }
    for me in &plan.measures {
        names.extend(me.metric.as_deref());
        names.extend(me.column.as_deref());
        names.extend(me.filters.iter().map(|f| f.field.as_str()));
    }
    if let Some(l) = &plan.latest_per {
        names.push(&l.entity);
        names.push(&l.time);
    }
    if let Some(x) = &plan.extreme_per {
        names.push(&x.partition);
        names.push(&x.by);
    }
    let mut out: Vec<usize> = Vec::new();
    if let Some(t) = plan.rows_of.as_ref().and_then(|t| m.tables.iter().position(|x| x.name.eq_ignore_ascii_case(t))) {
        out.push(t);
    }
    for n in names {
        if let Some(t) = table_of_name(m, n) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// Why the joins a plan needs cannot be trusted, if they cannot: two of its
/// tables are joined by more than one foreign key (`flight.origin` and
/// `flight.destination` both point at `airport`) and nothing says which, or
/// its tables meet only by sharing a parent (players and countries that
/// both point at teams), where no row of one table belongs to a row of the
/// other. Tables meet soundly when some table reaches all of them along
/// many-to-one joins.
pub fn join_doubt(m: &Manifest, sc: &Schema, plan: &crate::plan::Plan) -> Option<String> {
    if let Some(doubt) = join_through_absent(m, plan) {
        return Some(doubt);
    }
    let tables = plan_tables(m, plan);
    if tables.len() < 2 {
        return None;
    }
    let correlated = correlated_only(m, plan);
    for (i, &a) in tables.iter().enumerate() {
        for &b in &tables[i + 1..] {
            if correlated.contains(&(a, b)) || correlated.contains(&(b, a)) {
                continue;
            }
            let via: Vec<&str> = m
                .joins
                .iter()
                .filter(|j| {
                    let (f, t) = (table_of(m, &j.from), table_of(m, &j.to));
                    (f == Some(a) && t == Some(b)) || (f == Some(b) && t == Some(a))
                })
                .map(|j| j.from.as_str())
                .collect();
            if via.len() > 1 {
                return Some(format!(
                    "{} and {} are joined in more than one way ({}); the question doesn't say which.",
                    m.tables[a].name,
                    m.tables[b].name,
                    via.join(", ")
                ));
            }
        }
    }
    if !tables_meet(m, sc, plan) {
        let names: Vec<&str> = tables.iter().map(|&t| m.tables[t].name.as_str()).collect();
        return Some(format!(
            "I can't tell how {} relate: no rows of one belong to rows of the other.",
            names.join(" and ")
        ));
    }
    None
}

/// True when some table reaches every table the plan reads (one table
/// or none always meets).
pub fn tables_meet(m: &Manifest, sc: &Schema, plan: &crate::plan::Plan) -> bool {
    let tables = plan_tables(m, plan);
    tables.len() < 2 || (0..m.tables.len()).any(|k| tables.iter().all(|&t| sc.reaches(k, t)))
}

/// Pairs of tables that meet only inside an EXISTS or NOT EXISTS whose
/// filter names the column correlating them ("employees who destroyed no
/// document": `destroyed_by_employee_id`, not the other columns pointing at
/// employees): which of their joins is meant is said, not guessed.
fn correlated_only(m: &Manifest, plan: &crate::plan::Plan) -> Vec<(usize, usize)> {
    use crate::plan::{Op, Operand};
    let explicit = |f: &crate::plan::Filter| matches!(f.op, Op::Exists | Op::NotExists) && matches!(f.value, Some(Operand::Column { .. }));
    let main = plan_tables(m, &crate::plan::Plan { filters: plan.filters.iter().filter(|f| !explicit(f)).cloned().collect(), ..plan.clone() });
    plan.filters
        .iter()
        .filter(|f| explicit(f))
        .filter_map(|f| match &f.value {
            Some(Operand::Column { column }) => Some((table_of(m, &f.field)?, table_of(m, column)?)),
            _ => None,
        })
        .filter(|(a, b)| a != b && !(main.contains(a) && main.contains(b)))
        .collect()
}

/// The link tables the joins must pass through when two of the plan's
/// tables meet through either of two different tables the plan does not
/// read (students and courses through registrations and through
/// attendance): the path one of the question's `words` names by a word of
/// its own ("attended"). Otherwise the answer would depend on a link the
/// question never names: refused. (Taking the path made only of the two
/// tables' own words, `part_faults` between parts and faults, when nothing
/// is named gave as many wrong answers as right ones.)
pub fn link_choice(m: &Manifest, plan: &crate::plan::Plan, words: &[String]) -> Result<Vec<String>, String> {
    let tables = plan_tables(m, plan);
    let adj = join_graph(m);
    // "events that no team has entered" read as an empty `host_team`;
    // "teams that entered both A and B" as teams among the hosts of each.
    let role_read = |f: &crate::plan::Filter| -> Option<String> {
        use crate::plan::{Op, Operand};
        match (&f.op, &f.value) {
            (Op::IsNull | Op::IsNotNull, _) => Some(f.field.clone()),
            (Op::In | Op::NotIn | Op::Exists | Op::NotExists, Some(Operand::Rows { column, .. } | Operand::Column { column })) => Some(column.clone()),
            _ => None,
        }
    };
    for column in plan.filters.iter().chain(plan.any_of.iter().flatten()).filter_map(role_read) {
        let Some(j) = m.joins.iter().find(|j| j.from.eq_ignore_ascii_case(&column)) else { continue };
        if let (Some(a), Some(b)) = (table_of(m, &j.from), table_of(m, &j.to)) {
            if let Some(reason) = role_or_link(m, &tables, &adj, a, b, words) {
                return Err(reason);
            }
        }
    }
    let mut via: Vec<String> = Vec::new();
    for (i, &a) in tables.iter().enumerate() {
        for &b in &tables[i + 1..] {
            if adj[a].contains(&b) {
                if let Some(reason) = role_or_link(m, &tables, &adj, a, b, words) {
                    return Err(reason);
                }
                continue;
            }
            let paths = shortest_links(&adj, a, b);
            let ends: Vec<String> = [a, b].iter().flat_map(|&t| split_identifier(&m.tables[t].name)).collect();
            // Three tables or more between them, none read or named: which
            // rows relate is a guess among many relations.
            let said = |t: usize| tables.contains(&t) || split_identifier(&m.tables[t].name).iter().any(|w| words.iter().any(|q| same_word(q, w) || verb_root(q).is_some_and(|r| stem_begins(&r, w))));
            if let Some(p) = paths.iter().find(|p| p.iter().filter(|&&t| !said(t)).count() >= 3).filter(|_| paths.iter().all(|p| p.iter().filter(|&&t| !said(t)).count() >= 3)) {
                let names: Vec<&str> = p.iter().map(|&t| m.tables[t].name.as_str()).collect();
                return Err(format!(
                    "{} and {} are linked only through {}, which the question doesn't name; say how they relate.",
                    m.tables[a].name,
                    m.tables[b].name,
                    names.join(", ")
                ));
            }
            if paths.len() < 2 || paths.iter().any(|p| p.iter().all(|t| tables.contains(t))) {
                continue;
            }
            // A link table's words that are not the two tables' own.
            let own = |t: usize| -> Vec<String> {
                split_identifier(&m.tables[t].name).into_iter().filter(|w| !ends.iter().any(|e| same_word(e, w))).collect()
            };
            let named: Vec<&Vec<usize>> = paths
                .iter()
                .filter(|p| p.iter().any(|&t| own(t).iter().any(|w| words.iter().any(|q| same_word(q, w) || verb_root(q).is_some_and(|r| stem_begins(&r, w))))))
                .collect();
            let chosen = match named.as_slice() {
                [one] => *one,
                _ => {
                    let ways: Vec<String> = paths
                        .iter()
                        .take(3)
                        .map(|p| p.iter().map(|&t| m.tables[t].name.as_str()).collect::<Vec<_>>().join(" and "))
                        .collect();
                    return Err(format!(
                        "{} and {} are linked through {}; the question doesn't say which.",
                        m.tables[a].name,
                        m.tables[b].name,
                        ways.join(" or through ")
                    ));
                }
            };
            for &t in chosen {
                if !via.contains(&m.tables[t].name) {
                    via.push(m.tables[t].name.clone());
                }
            }
        }
    }
    Ok(via)
}

/// A plan whose main query can only join two of its tables through a table
/// one of its filters says has no matching row ("school names without a
/// school bus", with the name read from the drivers, whom only buses link to
/// schools): every row would need that table's row and its absence at once.
fn join_through_absent(m: &Manifest, plan: &crate::plan::Plan) -> Option<String> {
    use crate::plan::{Op, Operand};
    let absent: Vec<usize> = plan
        .filters
        .iter()
        .filter(|f| f.op == Op::NotExists)
        .filter_map(|f| match &f.value {
            Some(Operand::Column { column }) => table_of(m, column),
            _ => None,
        })
        .collect();
    if absent.is_empty() {
        return None;
    }
    let main = plan_tables(m, &crate::plan::Plan { filters: plan.filters.iter().filter(|f| f.op != Op::NotExists).cloned().collect(), ..plan.clone() });
    let mut main = main;
    for f in plan.filters.iter().filter(|f| f.op == Op::NotExists) {
        if let Some(t) = table_of(m, &f.field) {
            if !main.contains(&t) {
                main.push(t);
            }
        }
    }
    let adj = join_graph(m);
    for (i, &a) in main.iter().enumerate() {
        for &b in &main[i + 1..] {
            let paths = shortest_links(&adj, a, b);
            if let Some(&t) = absent.iter().find(|t| !main.contains(t) && !paths.is_empty() && paths.iter().all(|p| p.contains(t))) {
                return Some(format!(
                    "{} and {} meet only through {}, which the question says has no matching row; \
                     say which table each word belongs to.",
                    m.tables[a].name, m.tables[b].name, m.tables[t].name
                ));
            }
        }
    }
    None
}

/// Why the direct joins between tables `a` and `b` cannot be taken for
/// the question, if they cannot: every column joining them names a role
/// (`event.host_team`, `shift.Mentor_ID`: words beyond the other table's
/// name), a table the plan does not read also links the two (teams enter
/// events through `entry`), and no word of the question says the role
/// ("hosted"). "Teams that competed in an event" is then about the link's
/// rows, not the host, and which is meant is not said.
fn role_or_link(m: &Manifest, tables: &[usize], adj: &[Vec<usize>], a: usize, b: usize, words: &[String]) -> Option<String> {
    let mut roles: Vec<(&str, Vec<String>)> = Vec::new();
    for j in &m.joins {
        let (Some(f), Some(t)) = (table_of(m, &j.from), table_of(m, &j.to)) else { continue };
        let other = match (f, t) {
            (f, t) if f == a && t == b => b,
            (f, t) if f == b && t == a => a,
            _ => continue,
        };
        let col = j.from.split_once('.').map_or(j.from.as_str(), |(_, c)| c);
        let role = role_words(m, col, other);
        if role.is_empty() {
            return None;
        }
        roles.push((j.from.as_str(), role));
    }
    // "hosted" for `host`, "ran" for `Run_By`, "collected" for `collector`.
    let root = crate::planner::lexicon::root;
    let says = |q: &str, w: &str| {
        let (rq, rw) = (root(q), root(w));
        same_word(q, w)
            || rq == rw
            || verb_root(q).is_some_and(|v| v == w || root(&v) == rw)
            || rq.len() >= 4 && rw.starts_with(&rq) && rw.len() <= rq.len() + 3
    };
    let said = roles.iter().any(|(_, role)| role.iter().any(|w| words.iter().any(|q| says(q, w))));
    if roles.is_empty() || said {
        return None;
    }
    let link = (0..m.tables.len()).find(|&l| l != a && l != b && !tables.contains(&l) && adj[l].contains(&a) && adj[l].contains(&b))?;
    let cols: Vec<&str> = roles.iter().map(|(c, _)| *c).collect();
    Some(format!(
        "{} and {} are related directly by {} and through {}; the question doesn't say which.",
        m.tables[a].name,
        m.tables[b].name,
        cols.join(", "),
        m.tables[link].name
    ))
}

/// The words of a joining column `col` that say more than the table
/// `other` it points at (`host` of `host_team`, `mentor` of `Mentor_ID`),
/// without the words every key has.
fn role_words(m: &Manifest, col: &str, other: usize) -> Vec<String> {
    let own: Vec<String> = split_identifier(&m.tables[other].name)
        .into_iter()
        .chain(m.tables[other].primary_key.iter().flat_map(|k| split_identifier(k)))
        .collect();
    split_identifier(col)
        .into_iter()
        .filter(|w| !matches!(w.as_str(), "id" | "by" | "key" | "code" | "no" | "num" | "nbr" | "fk" | "ref" | "of"))
        .filter(|w| {
            !own.iter().any(|o| {
                same_word(o, w) || w.len() >= 2 && (crate::planner::names::spells_out(o, w) || crate::dataset::names::contracts(o, w))
            })
        })
        .collect()
}

/// Each table's neighbours along the manifest's joins, either way.
fn join_graph(m: &Manifest) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); m.tables.len()];
    for j in &m.joins {
        if let (Some(a), Some(b)) = (table_of(m, &j.from), table_of(m, &j.to)) {
            if a != b {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
    }
    adj
}

/// One word, singular or plural ("items" / "item", "fault" / "faults").
pub(super) fn same_word(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    a.trim_end_matches('s') == b.trim_end_matches('s')
}

/// The tables between `a` and `b` on each shortest path of the undirected
/// join graph (at most 8 paths; one path means the link is clear).
fn shortest_links(adj: &[Vec<usize>], a: usize, b: usize) -> Vec<Vec<usize>> {
    let n = adj.len();
    let mut dist = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::from([a]);
    dist[a] = 0;
    while let Some(x) = queue.pop_front() {
        for &y in &adj[x] {
            if dist[y] == usize::MAX {
                dist[y] = dist[x] + 1;
                queue.push_back(y);
            }
        }
    }
    if dist[b] == usize::MAX {
        return Vec::new();
    }
    // Walk back from `b` along strictly decreasing distances.
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut stack: Vec<(usize, Vec<usize>)> = vec![(b, Vec::new())];
    while let Some((x, inner)) = stack.pop() {
        if out.len() >= 8 {
            break;
        }
        for &y in &adj[x] {
            if dist[y] != usize::MAX && dist[y] + 1 == dist[x] {
                if y == a {
                    if !out.contains(&inner) {
                        out.push(inner.clone());
                    }
                } else {
                    let mut next = inner.clone();
                    next.insert(0, y);
                    stack.push((y, next));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use rstest::rstest;

    /// Players and seasons point at teams; seasons point at countries;
    /// registrations bridge players and clubs.
    const TOML: &str = r#"
name = "league"
description = ""
[[tables]]
name = "team"
file = "team.csv"
primary_key = "team_id"
columns = [{ name = "team_id", type = "BIGINT" }, { name = "team_name", type = "VARCHAR" }]
[[tables]]
name = "country"
file = "country.csv"
primary_key = "country_id"
columns = [{ name = "country_id", type = "BIGINT" }, { name = "country_name", type = "VARCHAR" }]
[[tables]]
name = "player"
file = "player.csv"
primary_key = "player_id"
columns = [{ name = "player_id", type = "BIGINT" }, { name = "player_name", type = "VARCHAR" }, { name = "team_id", type = "BIGINT" }]
[[tables]]
name = "match_season"
file = "match_season.csv"
columns = [{ name = "season", type = "BIGINT" }, { name = "country_id", type = "BIGINT" }, { name = "team_id", type = "BIGINT" }, { name = "rival_team_id", type = "BIGINT" }]
[[joins]]
from = "player.team_id"
to = "team.team_id"
[[joins]]
from = "match_season.team_id"
to = "team.team_id"
[[joins]]
from = "match_season.rival_team_id"
to = "team.team_id"
[[joins]]
from = "match_season.country_id"
to = "country.country_id"
"#;

    #[rstest]
    #[case::one_table(&["player.player_name"], None)]
    #[case::many_to_one(&["player.player_name", "team.team_name"], None)]
    #[case::common_child(&["match_season.season", "country.country_name"], None)]
    #[case::shared_parent(&["player.player_name", "country.country_name"], Some("relate"))]
    #[case::two_joins(&["match_season.season", "team.team_name"], Some("more than one way"))]
    fn joins_a_plan_needs_are_doubted_when_the_data_cannot_say(#[case] fields: &[&str], #[case] want: Option<&str>) {
        let m: Manifest = toml::from_str(TOML).unwrap();
        let lx = Lexicon::new(&m);
        let sc = Schema::new(&m, &lx);
        let plan = Plan { fields: fields.iter().map(|f| f.to_string()).collect(), sql: None, ..Plan::from_sql("") };
        let got = join_doubt(&m, &sc, &plan);
        match want {
            None => assert_eq!(got, None),
            Some(w) => assert!(got.as_deref().is_some_and(|g| g.contains(w)), "{got:?}"),
        }
    }

    /// Teams with no season: a country can reach a team only through the
    /// seasons the filter says are absent.
    #[rstest]
    #[case::own_columns(&["team.team_name"], None)]
    #[case::through_the_absent_rows(&["team.team_name", "country.country_name"], Some("meet only through match_season"))]
    fn a_join_through_rows_said_to_be_absent_is_doubted(#[case] fields: &[&str], #[case] want: Option<&str>) {
        use crate::plan::{Filter, Op, Operand};
        let m: Manifest = toml::from_str(TOML).unwrap();
        let lx = Lexicon::new(&m);
        let sc = Schema::new(&m, &lx);
        let no_season = Filter {
            field: "team.team_id".into(),
            op: Op::NotExists,
            value: Some(Operand::Column { column: "match_season.team_id".into() }),
        };
        let plan = Plan { fields: fields.iter().map(|f| f.to_string()).collect(), filters: vec![no_season], sql: None, ..Plan::from_sql("") };
        let got = join_doubt(&m, &sc, &plan);
        match want {
            None => assert!(got.as_deref().is_none_or(|g| !g.contains("meet only through")), "{got:?}"),
            Some(w) => assert!(got.as_deref().is_some_and(|g| g.contains(w)), "{got:?}"),
        }
    }
}
