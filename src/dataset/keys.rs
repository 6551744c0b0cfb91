//! Keys and joins found in the data: a table's primary key is a column that is
//! unique and never empty (named like a key, or else the first column); a
//! foreign key is a column whose values are included in another table's
//! unique column, with names as the tie-breaker and the guard against
//! coincidence.
//!
//! The rule for a foreign key `a.x -> b.y` (`y` unique and never empty in `b`):
//! - inclusion = share of `x`'s distinct values found among `y`'s values;
//! - when `x`'s name refers to `b` or `y` (`customer_id` -> `customers.id`,
//!   `airline` -> `airlines.uid`, `people_id` -> `people.people_id`,
//!   `campus` -> `campuses.id`, a plural in -us; `src_apid` -> `airports.apid`,
//!   the key's whole name after a qualifier when the key is `b`'s primary key
//!   and its name ends like a key): inclusion at least 0.9 (real data has a
//!   few dangling references);
//! - the strongest names, `x` named exactly as `b`'s primary key `y` and
//!   naming `b` (`country_id` -> `countries.country_id`): inclusion at least
//!   0.75 (junk values such as `"` in a column of country codes);
//! - when the names only share a word (`airport_name` -> `terminals.airport_code`):
//!   inclusion at least 0.98 and at least 3 distinct values (5 for integers);
//! - when the names say nothing: only text values, full inclusion and at
//!   least 5 distinct values. Integers never join on values alone: a small
//!   range such as 1..3 is included in every id column. One exception, a
//!   subtype: `a`'s primary key wholly included in `b`'s primary key
//!   (`museums.museum_id` -> `tourist_attractions.tourist_attraction_id`),
//!   at least 2 ids, the largest above 4 times `b`'s rows (not a count
//!   from 1), spread over at least twice their number (not a run of
//!   consecutive ids, found in any id column covering it), not years.
//!   The same evidence for a column named like a key that names nothing
//!   (`teaches.id`, `advisor.i_id` -> `instructor.id`), at least 5 ids, is
//!   a reference to the one table whose primary key holds them all.
//! - a column naming a person by role, not by table (`booked_by`,
//!   `assigned_to`, `owner_id`, `advisor`: `names::is_role_reference`):
//!   integers wholly included in the primary key of a table of people (one
//!   with first/last/full name columns), at least 3 values, when no smaller
//!   table of other things holds them all too (a count from 1 fits every
//!   larger table), and only when no other joins already relate the two
//!   tables within three steps (`plays.hosted_by` beside `play_scores`: a
//!   second relation, noted and left to the user).
//! - both sides must be integers or both text, where a float column whose
//!   every value is whole (`1.0`) counts as integers but joins only when
//!   the names refer (above); a table never joins itself; a table's own
//!   primary key joins only with name evidence or as a subtype.
//!
//! - names share a word only when it is the column's head noun
//!   (`supplier_company_id` -> company; `order_quantity` is no order).
//!
//! Each column joins at most one table: the best by name evidence, then the
//! column being named exactly as the table, then inclusion, then the target
//! being its table's primary key, then the smallest target. When two unique
//! columns include each other (one-to-one), one join is kept, towards the
//! table the key's name belongs to. Refused, with a note `datasets show`
//! prints: a join on values alone when the values are in the keys of more
//! than one table (which one is a guess), and a second join to a table the
//! table already joins by a better-named column (a copied address is no
//! reference) unless it points at the very column the first join does: that
//! is a second role (`routes.src_apid`, `routes.dst_apid` -> `airports.apid`).
//! A text column whose values are all in the key the table already
//! references, too few to join on their own (under 5), joins as such a role
//! (`personfriend.friend` beside `personfriend.name` -> `person.name`); the
//! planner refuses a question that needs the two tables without saying
//! which role.
//!
//! Invariants: the inclusion counts come from one DuckDB query over all
//! tables (every candidate column against every unique column at once), not
//! one query per pair.

use super::names::{is_keyish, is_role_reference, name_evidence, noun, qualifies_key_name, referent, words, NameEvidence};
use super::profile::{is_float, TableProfile};
use crate::compile::sqltext::ident;
use crate::semantic::{Join, JoinEvidence};
use duckdb::Connection;

/// A loaded table as key inference sees it.
pub struct KeyInput<'a> {
    pub name: &'a str,
    pub columns: &'a [(String, String)],
    pub profile: &'a TableProfile,
}

/// Which family of values a column holds, for matching: only like with like.
fn family(ty: &str) -> Option<&'static str> {
    let t = ty.to_ascii_uppercase();
    if t == "VARCHAR" {
        Some("text")
    } else if crate::semantic::is_integer(&t) {
        Some("int")
    } else {
        None
    }
}

/// The family of column `i` of `t`, and whether it is a floating-point
/// column read as integers (every value whole: `1.0`, `2.0`).
fn column_family(t: &KeyInput, i: usize) -> Option<(&'static str, bool)> {
    let ty = &t.columns.get(i)?.1;
    if let Some(f) = family(ty) {
        return Some((f, false));
    }
    (is_float(ty) && t.profile.columns.get(i).is_some_and(|p| p.whole_numbers)).then_some(("int", true))
}

fn unique(p: &TableProfile, i: usize) -> bool {
    p.columns.get(i).is_some_and(|c| p.rows > 0 && c.distinct == p.rows && c.non_null == p.rows)
}

/// The table's own words, singular (`order_items` -> [order, item]).
fn table_words(table: &str) -> Vec<String> {
    words(table).iter().map(|w| noun(w)).collect()
}

/// True when column `c` is named as table `t`'s own key (`id`, `singer_id` in `singer`).
fn owns(t: &str, c: &str) -> bool {
    let refs: Vec<String> = referent(c).iter().map(|w| noun(w)).collect();
    c.eq_ignore_ascii_case("id") || (is_keyish(c) && refs == table_words(t))
}

/// The primary key: a unique, never-empty integer or text column named as
/// this table's key, else one named like a key, else the first column.
pub fn primary_key(t: &KeyInput) -> Option<String> {
    // A whole-valued float column is a key only when named like one.
    let cands: Vec<usize> = (0..t.columns.len())
        .filter(|&i| unique(t.profile, i) && column_family(t, i).is_some_and(|(_, float)| !float || is_keyish(&t.columns[i].0)))
        .collect();
    let name = |i: &usize| t.columns[*i].0.clone();
    cands
        .iter()
        .find(|&&i| owns(t.name, &t.columns[i].0))
        .or_else(|| cands.iter().find(|&&i| is_keyish(&t.columns[i].0)))
        .or_else(|| cands.iter().find(|&&i| i == 0))
        .map(name)
}

/// A table of people: it has a first, last or full name column
/// (`first_name`, `lname`, `surname`, `full_name`).
fn is_people(t: &KeyInput) -> bool {
    t.columns.iter().any(|(c, _)| {
        let ws = words(c);
        let has = |w: &str| ws.iter().any(|x| x == w);
        ["fname", "lname", "surname", "forename"].iter().any(|w| has(w))
            || has("name") && ["first", "last", "full", "given", "family"].iter().any(|w| has(w))
    })
}

/// One accepted or considered foreign key.
#[derive(Debug, Clone)]
struct Candidate {
    from: (usize, usize),
    to: (usize, usize),
    names: NameEvidence,
    /// The column's referent is exactly the target table's name
    /// (`patient` -> `patient.ssn` before `stay.patient`).
    names_table: bool,
    inclusion: f64,
    distinct: i64,
    to_is_pk: bool,
    to_rows: i64,
    /// Accepted only as another role of a join to the same key.
    role_only: bool,
    /// Accepted as a person named by role (`booked_by`).
    person: bool,
}

/// Inclusion enough for a column named exactly as the target table's primary
/// key, a name that is the target table's: real data has junk values.
const EXACT_NAME_INCLUSION: f64 = 0.75;

/// A key joins another on values alone only when its largest id exceeds
/// this many times the target's rows: ids 1..n are in every id column.
const SPARSE_FACTOR: i64 = 4;

/// Whether the counts and names are enough evidence (the rule in the header).
fn accepted(names: NameEvidence, inclusion: f64, distinct: i64, fam: &str) -> bool {
    match names {
        NameEvidence::Names => inclusion >= 0.9,
        NameEvidence::Shared => inclusion >= 0.98 && distinct >= if fam == "int" { 5 } else { 3 },
        NameEvidence::None => fam == "text" && inclusion >= 1.0 && distinct >= 5,
    }
}

/// What key inference decided not to do, for the user to review: a note on
/// table `table` (an index into the inputs).
#[derive(Debug, Clone, PartialEq)]
pub struct KeyNote {
    pub table: usize,
    pub text: String,
}

/// The joins the data supports, with their evidence, and notes on the joins
/// refused; `pks[i]` is table `i`'s primary key.
pub fn infer_joins(conn: &Connection, tables: &[KeyInput], pks: &[Option<String>]) -> (Vec<Join>, Vec<KeyNote>) {
    // Unique columns (the "one" sides) and candidate columns (the "many" sides).
    let mut keys = Vec::new();
    let mut cands = Vec::new();
    for (ti, t) in tables.iter().enumerate() {
        for ci in 0..t.columns.len() {
            let Some((fam, float)) = column_family(t, ci) else { continue };
            if t.profile.columns.get(ci).is_none_or(|p| p.non_null == 0) {
                continue;
            }
            if unique(t.profile, ci) {
                keys.push((ti, ci, fam, float));
            }
            cands.push((ti, ci, fam, float));
        }
    }
    if keys.is_empty() || cands.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let side = |list: &[(usize, usize, &str, bool)]| -> String {
        list.iter()
            .enumerate()
            .map(|(n, &(ti, ci, fam, float))| {
                let c = ident(&tables[ti].columns[ci].0);
                // A whole-valued float reads `1`, as the integer it stands for.
                let v = if float { format!("CAST(TRY_CAST({c} AS BIGINT) AS VARCHAR)") } else { format!("CAST({c} AS VARCHAR)") };
                format!("SELECT {n} AS n, '{fam}' AS fam, {v} AS v FROM {} WHERE {c} IS NOT NULL", ident(tables[ti].name))
            })
            .collect::<Vec<_>>()
            .join(" UNION ALL ")
    };
    let sql = format!(
        "WITH k AS ({}), c AS (SELECT DISTINCT n, fam, v FROM ({})) \
         SELECT c.n, k.n, COUNT(*), MIN(TRY_CAST(c.v AS BIGINT)), MAX(TRY_CAST(c.v AS BIGINT)) \
         FROM c JOIN k ON c.fam = k.fam AND c.v = k.v GROUP BY c.n, k.n",
        side(&keys),
        side(&cands)
    );
    let Ok(mut stmt) = conn.prepare(&sql) else { return (Vec::new(), Vec::new()) };
    let Ok(rows) = stmt.query_map([], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?, r.get::<_, Option<i64>>(3)?, r.get::<_, Option<i64>>(4)?))
    }) else {
        return (Vec::new(), Vec::new());
    };
    let rows: Vec<(i64, i64, i64, Option<i64>, Option<i64>)> = rows.filter_map(Result::ok).collect();
    // For each candidate column, the tables whose integer primary key holds
    // every one of its values.
    let held_by = |cn: i64| -> Vec<usize> {
        rows.iter()
            .filter(|r| r.0 == cn)
            .filter_map(|&(_, kn, overlap, _, _)| {
                let &(fti, fci, _, _) = cands.get(cn as usize)?;
                let &(tti, tci, fam, _) = keys.get(kn as usize)?;
                let pk = pks[tti].as_deref().is_some_and(|p| p == tables[tti].columns[tci].0);
                (fam == "int" && pk && tti != fti && overlap == tables[fti].profile.columns[fci].distinct).then_some(tti)
            })
            .collect()
    };
    let mut found: Vec<Candidate> = Vec::new();
    for &(cn, kn, overlap, low, high) in &rows {
        let (Some(&(fti, fci, fam, from_float)), Some(&(tti, tci, _, to_float))) = (cands.get(cn as usize), keys.get(kn as usize)) else { continue };
        if fti == tti {
            continue;
        }
        let distinct = tables[fti].profile.columns[fci].distinct;
        if distinct == 0 {
            continue;
        }
        let inclusion = overlap as f64 / distinct as f64;
        let to_is_pk = pks[tti].as_deref().is_some_and(|p| p == tables[tti].columns[tci].0);
        let mut names = name_evidence(&tables[fti].columns[fci].0, tables[tti].name, &tables[tti].columns[tci].0);
        // The same attribute name on both sides (`customer.state`, `bank.state`)
        // is a shared word, not a reference, unless the target is the key.
        let (fc, tc) = (&tables[fti].columns[fci].0, &tables[tti].columns[tci].0);
        if names == NameEvidence::Names && fc.eq_ignore_ascii_case(tc) && !is_keyish(fc) && !to_is_pk {
            names = NameEvidence::Shared;
        }
        // A column named with the target key's whole name after a qualifier
        // (`src_apid` -> `airports.apid`) names that key.
        if names < NameEvidence::Names && to_is_pk && qualifies_key_name(fc, tc) {
            names = NameEvidence::Names;
        }
        // Floats read as integers join only when the names say so.
        if (from_float || to_float) && names != NameEvidence::Names {
            continue;
        }
        let names_table = referent(fc).iter().map(|w| noun(w)).collect::<Vec<_>>() == table_words(tables[tti].name);
        // The strongest evidence: named exactly as the target's primary key,
        // a name that is the target table's (`country_id` -> `countries.country_id`).
        let exact = names == NameEvidence::Names && to_is_pk && names_table && fc.eq_ignore_ascii_case(tc);
        let own_key = pks[fti].as_deref().is_some_and(|p| p == tables[fti].columns[fci].0);
        // One table's rows a subset of another's, key to key, the names
        // silent (`gymnast.gymnast_id` -> `people.people_id`): every id found,
        // ids too large to be a count from 1 and spread out, not a run of
        // consecutive numbers (a run is included in every id column that
        // covers it), and not years.
        let sparse_ids = |least: i64| {
            names == NameEvidence::None
                && fam == "int"
                && !from_float
                && to_is_pk
                && inclusion >= 1.0
                && distinct >= least
                && high.is_some_and(|h| h > SPARSE_FACTOR * tables[tti].profile.rows)
                && low.zip(high).is_some_and(|(l, h)| h - l + 1 >= 2 * distinct)
                && !(low.is_some_and(|l| l >= 1000) && high.is_some_and(|h| h <= 2100))
        };
        // A table with no text and no other key of its own (`gymnast`: only
        // points), its key a subset of a named table's key (`people`, with
        // `name`): its rows are those rows' other facts, however dense the
        // ids. The names are silent; the table's lack of a name says whose
        // rows they are.
        let text = |t: usize| (0..tables[t].columns.len()).any(|ci| column_family(&tables[t], ci).is_some_and(|(f, _)| f == "text"));
        let nameless_subset = names == NameEvidence::None
            && fam == "int"
            && !from_float
            && to_is_pk
            && inclusion >= 1.0
            && distinct >= 2
            && !text(fti)
            && text(tti)
            // Nor any other key: a table of facts about other rows
            // (`body_builder.people_id`, `invoiceline.trackid`) names them.
            && (0..tables[fti].columns.len()).all(|ci| ci == fci || !is_keyish(&tables[fti].columns[ci].0));
        let subtype = own_key && (sparse_ids(2) || nameless_subset);
        // A column named as a key but naming nothing (`teaches.id`,
        // `advisor.i_id`) whose ids, the same evidence as a subtype's, are
        // all among one table's primary key: a reference to that table. When
        // another table's key holds them all too, the check below refuses
        // the guess.
        let id_reference = !own_key && is_keyish(fc) && sparse_ids(5);
        // A column naming a person by role (`booked_by`, `owner_id`), its
        // ids all among the primary key of a table of people (one with
        // first and last names): a reference to them. Another such table
        // holding them all too makes it a guess, refused below.
        let person = !own_key
            && names == NameEvidence::None
            && fam == "int"
            && !from_float
            && to_is_pk
            && inclusion >= 1.0
            && distinct >= 3
            && is_role_reference(fc)
            && is_people(&tables[tti])
            // Not when a smaller table of other things holds them all too
            // (clubs organise races as well as people do): a count from 1
            // fits in every larger table, so the smallest is the likelier.
            && held_by(cn).iter().all(|&t| is_people(&tables[t]) || tables[t].profile.rows > tables[tti].profile.rows);
        let role = !accepted(names, inclusion, distinct, fam) && !subtype && !id_reference && !person;
        if role && !(exact && inclusion >= EXACT_NAME_INCLUSION) && !(fam == "text" && inclusion >= 1.0 && distinct >= 2) {
            continue;
        }
        // A table's own key points elsewhere only when its name says so
        // (`poker_player.people_id` -> `people`), not on a shared word
        // (`customer_orders.order_id` is no `order_items.order_item_id`),
        // or as a subtype's key.
        if own_key && names != NameEvidence::Names && !subtype {
            continue;
        }
        // Text values fully included, too few to join on their own: a join
        // only as a second role beside a join to the same key (below).
        let role_only = role && !(exact && inclusion >= EXACT_NAME_INCLUSION);
        found.push(Candidate { from: (fti, fci), to: (tti, tci), names, names_table, inclusion, distinct, to_is_pk, to_rows: tables[tti].profile.rows, role_only, person: person && !accepted(names, inclusion, distinct, fam) });
    }
    // Best first: names, the name being the table's, inclusion, target is a
    // primary key, smallest target.
    found.sort_by(|a, b| {
        b.names
            .cmp(&a.names)
            .then(b.names_table.cmp(&a.names_table))
            .then(b.inclusion.total_cmp(&a.inclusion))
            .then(b.to_is_pk.cmp(&a.to_is_pk))
            .then(a.to_rows.cmp(&b.to_rows))
            .then(a.from.cmp(&b.from))
            .then(a.to.cmp(&b.to))
    });
    let col = |(ti, ci): (usize, usize)| format!("{}.{}", tables[ti].name, tables[ti].columns[ci].0);
    let mut notes: Vec<KeyNote> = Vec::new();
    let mut chosen: Vec<Candidate> = Vec::new();
    for c in &found {
        if chosen.iter().any(|x| x.from == c.from) || notes.iter().any(|n| n.table == c.from.0 && n.text.starts_with(&format!("`{}`", col(c.from)))) {
            continue;
        }
        // Another role of a key the table already references
        // (`friendship.friend` beside `friendship.name` -> `person.name`).
        let same_key = |x: &Candidate| x.from.0 == c.from.0 && x.from != c.from && x.to == c.to;
        if c.role_only && !chosen.iter().any(same_key) {
            continue;
        }
        // Values alone, found in the keys of several tables (`takes.id` holds
        // ids that are both students' and instructors'): the data cannot say
        // which, so no join is made.
        if c.names == NameEvidence::None {
            let mut others: Vec<String> = found
                .iter()
                .filter(|x| x.from == c.from && x.to.0 != c.to.0 && x.names == NameEvidence::None && x.inclusion >= c.inclusion)
                .map(|x| col(x.to))
                .collect();
            // Roles of people sharing their ids (`candidates.candidate_id`
            // and `students.student_id` both among `people.person_id`):
            // the one table of the set with people's names is the rows
            // the others are facts about.
            let rivals: Vec<usize> =
                found.iter().filter(|x| x.from == c.from && x.names == NameEvidence::None && x.inclusion >= c.inclusion).map(|x| x.to.0).collect();
            let named: Vec<usize> = rivals.iter().copied().filter(|&t| is_people(&tables[t])).collect();
            let person_root = !is_people(&tables[c.from.0]) && named.len() == 1 && rivals.iter().all(|&t| t == named[0] || !is_people(&tables[t]));
            if person_root && named[0] != c.to.0 {
                continue;
            }
            if !others.is_empty() && !person_root {
                others.insert(0, col(c.to));
                others.dedup();
                notes.push(KeyNote {
                    table: c.from.0,
                    text: format!(
                        "`{}` has values found in {}; no join made (the names do not say which): add the right one to dataset.toml",
                        col(c.from),
                        others.join(", ")
                    ),
                });
                continue;
            }
        }
        // A second join to a table this one already joins by a better-named
        // column (`invoices.billing_address` beside `invoices.customer_id`):
        // the values match because they are copies, not a reference.
        let same_pair = |x: &Candidate| (x.from.0, x.to.0) == (c.from.0, c.to.0) || (x.from.0, x.to.0) == (c.to.0, c.from.0);
        // Pointing at the very key the better column points at is a second
        // role (`src_airport`, `dst_airport`), not a copy.
        if let Some(better) = chosen.iter().find(|x| same_pair(x) && x.names > c.names && !same_key(x)) {
            notes.push(KeyNote {
                table: c.from.0,
                text: format!(
                    "`{}` has values found in `{}` but `{}` already joins that table; no second join made",
                    col(c.from),
                    col(c.to),
                    col(better.from)
                ),
            });
            continue;
        }
        let c = c.clone();
        // One-to-one: both columns unique and each includes the other. Keep
        // the join towards the table that owns the key's name.
        if let Some(pos) = chosen.iter().position(|x| x.from == c.to && x.to == c.from) {
            let owner_of = |(ti, ci): (usize, usize)| owns(tables[ti].name, &tables[ti].columns[ci].0);
            if owner_of(c.to) && !owner_of(chosen[pos].to) {
                chosen.remove(pos);
            } else {
                continue;
            }
        }
        chosen.push(c);
    }
    // A person named by role is a second relation when other joins
    // already relate the two tables (`plays.hosted_by` beside
    // `play_scores` between members and plays, `games.owned_by` beside
    // members' plays of games): a question about the one would be
    // answered through the other, so it is left to the user.
    let linked = |a: usize, b: usize| {
        let edge = |x: usize, y: usize| chosen.iter().any(|c| !c.person && ((c.from.0, c.to.0) == (x, y) || (c.from.0, c.to.0) == (y, x)));
        // Within three joins: further apart, the tables hardly relate.
        let mut near = vec![a];
        for _ in 0..3 {
            let next: Vec<usize> = (0..tables.len()).filter(|&y| !near.contains(&y) && near.iter().any(|&x| edge(x, y))).collect();
            near.extend(next);
        }
        near.contains(&b)
    };
    let second: Vec<(usize, usize)> = chosen.iter().filter(|c| c.person && linked(c.from.0, c.to.0)).map(|c| c.from).collect();
    for c in chosen.iter().filter(|c| second.contains(&c.from)) {
        notes.push(KeyNote {
            table: c.from.0,
            text: format!(
                "`{}` has values found in `{}`, but another table already relates the two; no join made: add it to dataset.toml if it is one",
                col(c.from),
                col(c.to)
            ),
        });
    }
    chosen.retain(|c| !second.contains(&c.from));
    chosen.sort_by_key(|a| a.from);
    let joins = chosen
        .into_iter()
        .map(|c| {
            let (fti, fci) = c.from;
            let (tti, tci) = c.to;
            Join {
                from: format!("{}.{}", tables[fti].name, tables[fti].columns[fci].0),
                to: format!("{}.{}", tables[tti].name, tables[tti].columns[tci].0),
                evidence: Some(JoinEvidence {
                    inclusion: (c.inclusion * 1000.0).round() / 1000.0,
                    distinct: c.distinct,
                    names: c.names.describe().to_string(),
                }),
            }
        })
        .collect();
    (joins, notes)
}
