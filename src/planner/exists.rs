//! Rows that some row of another table belongs to, said with "have" or
//! with a verb naming the linking table: "customers who have an account",
//! "customers with accounts", "students who have been in detention",
//! "students who attended some courses" (`student_course_attendance`),
//! "teams involved in match seasons", "schools that are in the matches",
//! "faculty who participate in an activity" (`participates_in`). The other
//! table's rows point at the listed rows (directly, or through the one
//! table linking the two, or the one the verb names), so the reading is a
//! semi-join: the listed rows for which such a row exists, each listed once.
//!
//! Invariants: it reads only a table noun that no other pass used, after a
//! possessive verb ("have", "has", "had", "hold", "own", "been in", ...)
//! reached over function words and verbs from the listed rows' table or a
//! relative pronoun; the other table must be found from the listed rows by
//! the same unique key path as an anti-join (`anti_join_key`); and nothing
//! after the noun may condition it ("a loan with amount over 3000", "an
//! invoice in 2010"): those questions join the tables and are read
//! elsewhere. A count or average over such rows counts each listed row
//! once, which a plain join would not.

use crate::plan::{Filter, Op, Operand};
use crate::planner::account;
use crate::planner::build::{Ctx, MKind};
use crate::planner::english::Cue;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::{Cand, Target};
use crate::planner::schema;
use crate::planner::tokenize::split_identifier;
use crate::planner::verbs::{stem_begins, verb_root};
use crate::planner::MatchKind;

/// Verbs of possession or membership that say "some row of it belongs to
/// this one".
const HAVE: &[&str] = &[
    "have", "has", "had", "having", "hold", "holds", "held", "own", "owns", "been",
];

/// Words that, right before "in", say the rows take part in the other
/// table's rows: "schools that are in the basketball matches", "teams
/// involved in match seasons".
const MEMBER_OF: &[&str] = &["are", "is", "were", "was", "involved", "included"];

/// Words that may stand between "in" and the other table's noun.
const DETERMINERS: &[&str] = &["the", "these", "those", "a", "an", "some", "any", "all"];

/// Words that open the clause about the listed rows ("with" opens one
/// that says "have" by itself).
const RELATIVE: &[&str] = &["who", "that", "which"];

/// The words between the listed rows and the other table's noun.
pub(super) struct Clause {
    pub(super) fillers: Vec<usize>,
    /// A word naming the linking table ("attended", "participate in").
    pub(super) verb: Option<usize>,
    /// Verbs the lexicon knows as adding no condition ("registered"), which
    /// may still name the linking table.
    pub(super) soft: Vec<usize>,
    /// A possessive verb was read.
    pub(super) have: bool,
    /// Said of no one ("huts where nobody has stayed"): no such row.
    pub(super) nobody: bool,
}

impl Ctx<'_> {
    /// Reads each unused table noun after "have" as a semi-join on the
    /// listed rows' table.
    pub(super) fn existence_through_rows(&mut self) {
        let Some(b) = self.base else { return };
        for j in 0..self.p.len() {
            if self.used[j] || !matches!(self.p[j].kind, PieceKind::Lex(_)) {
                continue;
            }
            let Some(clause) = self.possessive_clause(j, b) else {
                continue;
            };
            // "dorms that have amenities": a noun naming another table's
            // label column (`dorm_amenity.amenity_name`) names its rows.
            let m = self.m;
            let label_of = |tg: &Target| -> Option<usize> {
                let (t, c) = match tg {
                    Target::Column(t, c) => (*t, *c),
                    Target::Dimension(d) => schema::column_of(m, &m.dimensions.get(*d)?.column)?,
                    _ => return None,
                };
                (t != b && schema::label_column(m, t) == Some(c)).then_some(t)
            };
            let Some((c, t)) = self
                .pick(j, &|t| matches!(t, Target::Table(_)))
                .and_then(|c| match c.target {
                    Target::Table(t) => Some((c, t)),
                    _ => None,
                })
                .or_else(|| self.pick(j, &|tg| label_of(tg).is_some()).and_then(|c| label_of(&c.target).map(|t| (c, t))))
            else {
                continue;
            };
            if t == b {
                continue;
            }
            let Some((l, key, fk)) = self.link_named(&clause, b, t).or_else(|| self.anti_join_key(b, t)) else {
                continue;
            };
            if !self.clause_ends(j) || self.mentions(&[l, t]) || !self.answer_on(b) || !self.verb_names(&clause, l, t, j) {
                continue;
            }
            let (key, fk) = (
                schema::qualified(self.m, b, key),
                schema::qualified(self.m, l, fk),
            );
            if self
                .filters
                .iter()
                .any(|f| f.field == key && matches!(f.op, Op::Exists | Op::NotExists))
            {
                continue;
            }
            let op = if clause.nobody { Op::NotExists } else { Op::Exists };
            for k in clause.fillers {
                self.mark(k);
            }
            if let Some(v) = clause.verb {
                self.take(v, MatchKind::Table, self.table_name(l), 0.8);
            }
            self.take(j, MatchKind::Table, self.table_name(t), c.confidence);
            self.filters.push(Filter {
                field: key,
                op,
                value: Some(Operand::Column { column: fk }),
            });
        }
    }

    /// "items reviewed by some users", "courses enrolled in by students":
    /// a participle, then "by" and a table's noun ending the question,
    /// says only that some row of that table did it to the listed rows: a
    /// semi-join through the table linking them (the one the verb names,
    /// else the only one), read before "by" could be taken as a grouping
    /// (which `agent::check` refuses). An agent with a condition of its
    /// own ("by the tutor whose name is Julio") is left to other readings.
    pub(super) fn agent_existence(&mut self) {
        let Some(b) = self.base else { return };
        for i in 1..self.p.len() {
            // "by" alone: "by each" groups.
            if self.used[i] || !self.p[i].words.eq_ignore_ascii_case("by") {
                continue;
            }
            let mut v = i - 1;
            let mut fillers: Vec<usize> = vec![i];
            while v > 0 && crate::planner::agent::PREPOSITIONS.contains(&self.p[v].norm.as_str()) {
                fillers.push(v);
                v -= 1;
            }
            // A word naming a column ("people injured by", `injured`) is
            // that column, not a verb.
            let verb_like = matches!(self.p[v].kind, PieceKind::Unknown | PieceKind::Soft) || matches!(self.p[v].top(), Some(Target::Table(_)));
            if self.used[v] || !verb_like || !crate::planner::agent::participle(self.p, v) || self.p[v].words.contains(' ') {
                continue;
            }
            let mut j = i + 1;
            while self.p.get(j).is_some_and(|x| DETERMINERS.contains(&x.norm.as_str())) {
                fillers.push(j);
                j += 1;
            }
            if j >= self.p.len() || self.used[j] {
                continue;
            }
            if self.next_sig(j).is_some_and(|a| !matches!(self.p[a].kind, PieceKind::Punct(_))) {
                continue;
            }
            // "the different job titles held by crew": the agent is the
            // listed rows themselves (the table, or its label): it says
            // nothing more about them, and is no grouping.
            // Not "chosen by the most customers": those are counted.
            let counted = self.p[i + 1..j].iter().any(|x| matches!(x.cue(), Some(Cue::Most | Cue::Least)));
            if !counted && self.names_own_rows(j, b) {
                for k in fillers {
                    self.mark(k);
                }
                self.mark(v);
                self.take(j, MatchKind::Table, self.table_name(b), 0.9);
                continue;
            }
            let Some(&Target::Table(t)) = self.p[j].top() else { continue };
            if t == b {
                continue;
            }
            let clause = Clause { fillers: Vec::new(), verb: Some(v), soft: Vec::new(), have: false, nobody: false };
            let Some((l, key, fk)) = self.link_named(&clause, b, t).or_else(|| self.anti_join_key(b, t)) else {
                continue;
            };
            let (key, fk) = (schema::qualified(self.m, b, key), schema::qualified(self.m, l, fk));
            for k in fillers {
                self.mark(k);
            }
            if self.root_names_table(v, l) {
                self.take(v, MatchKind::Table, self.table_name(l), 0.8);
            } else {
                self.mark(v);
            }
            self.take(j, MatchKind::Table, self.table_name(t), 0.9);
            self.filters.push(Filter { field: key, op: Op::Exists, value: Some(Operand::Column { column: fk }) });
        }
    }

    /// "How many customers have at least one order (with status
    /// 'Cancelled')?": with nothing grouped, a count of another table's
    /// rows of at least one, beside a count of the rows they point at, says
    /// only that such a row exists: the rows counted are those some order
    /// points at (its conditions, if any, already join it).
    pub(super) fn at_least_one_as_existence(&mut self) {
        if !self.groups.is_empty() || self.having.len() != 1 || self.measures.len() != 2 {
            return;
        }
        let h = &self.having[0];
        let n = match &h.value {
            Some(Operand::Value(v)) => v.as_f64(),
            _ => None,
        };
        if !matches!((h.op, n), (Op::Ge, Some(1.0)) | (Op::Gt, Some(0.0))) {
            return;
        }
        let count_of = |c: &Ctx, k: &MKind| match k {
            MKind::Count(Some(t)) => Some(*t),
            MKind::Metric(mi) => c.sc.count_metric.iter().position(|x| *x == Some(*mi)),
            _ => None,
        };
        let Some(hi) = self.measures.iter().position(|m| m.alias.as_deref() == Some(h.field.as_str())) else { return };
        let (Some(t), Some(b)) = (count_of(self, &self.measures[hi].kind), count_of(self, &self.measures[1 - hi].kind)) else { return };
        let (Some(fk), Some(key)) = (schema::foreign_key(self.m, t, b), schema::row_key(self.m, b)) else { return };
        if t == b {
            return;
        }
        self.measures.remove(hi);
        self.having.clear();
        self.filters.push(Filter {
            field: schema::qualified(self.m, b, key),
            op: Op::Exists,
            value: Some(Operand::Column { column: schema::qualified(self.m, t, fk) }),
        });
    }

    /// True when piece `j` names table `b` itself (as its first reading,
    /// or besides the label dimension it is read as: "crew").
    fn names_own_rows(&self, j: usize, b: usize) -> bool {
        let label = match self.p[j].top() {
            Some(&Target::Table(t)) => return t == b,
            Some(&Target::Dimension(d)) => self.m.dimensions.get(d).and_then(|d| d.column.split_once('.')).is_some_and(|(t, _)| t.eq_ignore_ascii_case(&self.m.tables[b].name)),
            _ => false,
        };
        label && self.p[j].lex().is_some_and(|c| names_table(c, b))
    }

    /// "employees who have destroyed a document", "students who have
    /// president votes": a column listed from a "who have" clause that is
    /// how another table's rows point at the listed rows
    /// (`destroyed_by_employee_id` -> `employees`) asks that such a row
    /// exists, not that the column be shown; so does such a column left
    /// unread after "<the rows> have" ("how many employees have destroyed
    /// a document"). A noun after it naming a table those rows point at
    /// ("a document") is the same rows. Runs after the listing, before
    /// `clause_columns` would refuse the clause.
    pub(super) fn existence_through_column(&mut self) {
        let Some(b) = self.base else { return };
        for k in 0..self.p.len() {
            if !matches!(self.p[k].kind, PieceKind::Lex(_)) {
                continue;
            }
            let Some(f) = self.p[k].top().and_then(|t| self.field_of(t)) else { continue };
            let (l, Some(c)) = (f.table, f.column) else { continue };
            // Listed ("who have destroyed a document") or left unread ("how
            // many employees have destroyed a document").
            let listed = self.used[k] && self.fields.contains(&f.name);
            if l == b || self.used[k] && !listed || self.filters.iter().chain(self.any_of.iter().flatten()).any(|x| x.field == f.name) {
                continue;
            }
            let from = schema::qualified(self.m, l, c);
            let Some(key) = self.m.joins.iter().find(|j| j.from.eq_ignore_ascii_case(&from) && schema::table_of(self.m, &j.to) == Some(b)).map(|j| j.to.clone()) else {
                continue;
            };
            let mut j = k;
            let before = |j: usize| j.checked_sub(1).map(|i| self.p[i].norm.as_str());
            if matches!(before(j), Some("a" | "an" | "the" | "any" | "some")) {
                j -= 1;
            }
            // "who have been assigned a work order": the passive says the same.
            if before(j) == Some("been") && matches!(before(j - 1), Some("have" | "has" | "had")) {
                j -= 1;
            }
            let rows_noun = |i: usize| self.p[i].lex().is_some_and(|c| names_table(c, b));
            if !matches!(before(j), Some("have" | "has" | "had"))
                || !(matches!(before(j - 1), Some("who" | "that" | "which")) || j >= 2 && !listed && rows_noun(j - 2))
            {
                continue;
            }
            // "a document" after "destroyed": a table the pointing rows
            // point at, read as nothing more.
            let mut end = k;
            let mut noun = None;
            if let Some(n) = self.next_sig(k).filter(|&n| !self.used[n]) {
                // "been assigned a work order": or the pointing rows' own noun.
                let pointed = self.pick(n, &|t| matches!(t, Target::Table(t) if *t == l || schema::foreign_key(self.m, l, *t).is_some()));
                if let Some(Target::Table(t)) = pointed.map(|c| c.target) {
                    noun = Some((n, t));
                    end = n;
                }
            }
            if !self.clause_ends(end) {
                continue;
            }
            let fields_before = self.fields.clone();
            self.fields.retain(|x| *x != f.name);
            if !self.answer_on(b) {
                self.fields = fields_before;
                continue;
            }
            if !listed {
                let confidence = self.p[k].lex().and_then(|c| c.first()).map_or(0.8, |c| c.confidence);
                self.take(k, MatchKind::Column, f.name.clone(), confidence);
            }
            for x in k + 1..end {
                self.mark(x);
            }
            if let Some((n, t)) = noun {
                self.take(n, MatchKind::Table, self.table_name(t), 0.8);
            }
            self.filters.push(Filter { field: key, op: Op::Exists, value: Some(Operand::Column { column: from }) });
        }
    }

    /// Nothing but function words and verbs follows the noun `j` up to the
    /// end of its clause: "an invoice in 2010", "a happy hour in May" or
    /// "loans of both A and B" condition the other table's rows, which a
    /// bare semi-join would drop.
    pub(super) fn clause_ends(&self, j: usize) -> bool {
        for x in &self.p[j + 1..] {
            match &x.kind {
                // "in May": a capitalised word is a name, even one that is
                // also a function word.
                PieceKind::Stop | PieceKind::Soft if !x.capital => {}
                PieceKind::Punct(_) | PieceKind::Cue(Cue::And) => return true,
                _ => return false,
            }
        }
        true
    }

    /// Some condition already read names table `ts`' rows (a value of the
    /// linked rows, a sub-query on them).
    pub(super) fn mentions(&self, ts: &[usize]) -> bool {
        let on = |name: &str| account::resolve(self.m, name).is_some_and(|(t, _)| ts.contains(&t));
        self.filters.iter().any(|f| {
            on(&f.field)
                || matches!(&f.value, Some(Operand::Column { column } | Operand::Rows { column, .. } | Operand::Aggregate { column, .. }) if on(column))
        })
    }

    /// Everything the answer shows or groups by is a column of the listed
    /// rows' table `b`: a column of the other table would need its rows
    /// joined, not only their existence.
    pub(super) fn answer_on(&self, b: usize) -> bool {
        let own = |name: &str| account::resolve(self.m, name).is_some_and(|(t, _)| t == b);
        self.fields.iter().all(|f| own(f))
            && self.groups.iter().all(|g| own(&g.name))
            && self.measures.iter().all(|m| match &m.kind {
                MKind::Agg(_, f) => self.field_info(*f).is_some_and(|f| f.table == b),
                MKind::Count(t) => t.is_none_or(|t| t == b),
                MKind::Metric(i) => {
                    schema::target_table(self.m, self.lx, &Target::Metric(*i)) == Some(b)
                }
            })
    }

    /// The clause between the noun `j` and where it opens, when it says
    /// "have" or names the linking rows by a verb: read backwards over
    /// function words and verbs, at most one word that may name the linking
    /// table ("attended", "taught", "participate in"), and ending at a
    /// relative word, at "and" after the verb, or at the listed rows'
    /// table `b` itself.
    fn possessive_clause(&self, j: usize, b: usize) -> Option<Clause> {
        let mut clause = Clause { fillers: Vec::new(), verb: None, soft: Vec::new(), have: false, nobody: false };
        for k in (0..j).rev() {
            let x = &self.p[k];
            let norm = x.norm.as_str();
            let said = clause.have || clause.verb.is_some() || !clause.soft.is_empty();
            match &x.kind {
                // "customers with accounts": "with" says "have".
                _ if norm == "with" => return Some(Clause { have: true, ..clause }),
                // "are in", "involved in": membership, as "have" says.
                _ if norm == "in" && k > 0 && MEMBER_OF.contains(&self.p[k - 1].norm.as_str()) && clause.verb.is_none()
                    && clause.fillers.iter().all(|&f| DETERMINERS.contains(&self.p[f].norm.as_str())) =>
                {
                    clause.have = true;
                    clause.fillers.push(k);
                }
                _ if MEMBER_OF.contains(&norm) && self.p.get(k + 1).is_some_and(|x| x.norm == "in") => clause.fillers.push(k),
                _ if RELATIVE.contains(&norm) => return said.then_some(clause),
                // "huts where nobody has stayed": no row of the other
                // table; "none of them", "nothing": more than this reads.
                _ if matches!(norm, "nobody" | "noone") => {
                    clause.nobody = true;
                    clause.fillers.push(k);
                }
                _ if matches!(norm, "none" | "nothing" | "neither" | "nor") => return None,
                // "customers that live in Brazil and have an invoice".
                PieceKind::Cue(Cue::And) if said => return Some(clause),
                PieceKind::Stop | PieceKind::Soft => {
                    clause.have |= HAVE.contains(&norm);
                    if x.kind == PieceKind::Soft {
                        clause.soft.push(k);
                    }
                    clause.fillers.push(k);
                }
                PieceKind::Unknown if !x.capital && clause.verb.is_none() && !x.words.contains(' ') => clause.verb = Some(k),
                // "artists have volumes" where "artists" may also be the
                // `artist` column: the rows' table among its readings.
                PieceKind::Lex(c) if names_table(c, b) => {
                    return said.then_some(clause);
                }
                PieceKind::Lex(_) if !self.used[k] && clause.verb.is_none() && matches!(x.top(), Some(Target::Table(_))) => {
                    clause.verb = Some(k)
                }
                _ => return None,
            }
        }
        None
    }

    /// When several tables link `b` and `t`, the one the clause's verb
    /// names ("students who attended courses" beside course registrations):
    /// (that table, `b`'s key, its column pointing at `b`).
    pub(super) fn link_named(&self, clause: &Clause, b: usize, t: usize) -> Option<(usize, usize, usize)> {
        if clause.verb.is_none() && clause.soft.is_empty() {
            return None;
        }
        let found: Vec<(usize, usize, usize)> = (0..self.m.tables.len())
            .filter(|&l| l != b && l != t && schema::foreign_key(self.m, l, t).is_some() && self.names_link(clause, l))
            .filter_map(|l| schema::reverse_key_named(self.m, b, l, &|col| self.clause_names_column(clause, col)).map(|(key, fk)| (l, key, fk)))
            .collect();
        match found.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// How well the clause's verb names a column by its root, in letters
    /// shared (0: not at all): "employees who destroyed documents" picks
    /// `destroyed_by_employee_id` (7) over `destruction_authorised_by_...`
    /// (5) among the columns by which the rows point at employees.
    fn clause_names_column(&self, clause: &Clause, column: &str) -> usize {
        let words = split_identifier(column);
        let shared = |root: &str, w: &str| root.chars().zip(w.chars()).take_while(|(a, b)| a == b).count();
        clause
            .verb
            .iter()
            .chain(&clause.soft)
            .filter_map(|&v| verb_root(&self.p[v].norm))
            .flat_map(|root| words.iter().filter(|w| stem_begins(&root, w)).map(|w| shared(&root, w)).collect::<Vec<_>>())
            .max()
            .unwrap_or(0)
    }

    /// The word at `v`, read as a verb, names table `l` by its root
    /// ("attended" -> `student_course_attendance`, "affect" ->
    /// `affected_region`), or, four letters or more, as one of its words
    /// ("play" -> `plays_games`).
    pub(super) fn root_names_table(&self, v: usize, l: usize) -> bool {
        let Some(table) = self.m.tables.get(l) else { return false };
        let words = split_identifier(&table.name);
        // A short verb, as the table spells it: "play" for `plays_games`,
        // "live" for `lives_in`.
        let w = self.p[v].norm.to_lowercase();
        let plain = |x: &String| w.chars().count() >= 4 && (*x == w || x.strip_suffix('s') == Some(w.as_str()) || w.strip_suffix('s') == Some(x.as_str()));
        if words.iter().any(plain) {
            return true;
        }
        let Some(root) = verb_root(&self.p[v].norm) else { return false };
        words.iter().any(|x| stem_begins(&root, x))
    }

    /// The clause's verb, if any, names the linking table `l`: by its root
    /// ("attended" -> `student_course_attendance`) or as the table itself
    /// ("participate in" -> `participates_in`).
    /// With no such verb, "have" links the rows through any table. When
    /// the other table's rows point straight at the listed ones (`t` is the
    /// link), any verb the lexicon does not know says how ("users who wrote
    /// reviews", `review.u_id`): there is no other way they relate. Only
    /// articles may stand between the verb and the noun at `j`: "free of
    /// injuries", "collected for arrears", "made the earliest rental" say
    /// more than that some row exists; nothing but the relative word or the
    /// rows' noun may stand before the verb.
    fn verb_names(&self, clause: &Clause, l: usize, t: usize, j: usize) -> bool {
        let bare = |v: usize| (v + 1..j).all(|k| matches!(self.p[k].norm.as_str(), "some" | "any" | "a" | "an" | "the"));
        // The verb opens the clause: "that provide business loans" read
        // "business" as the verb, after another.
        let opens = |v: usize| clause.soft.is_empty() && clause.fillers.iter().all(|&k| k > v);
        let any_verb = l == t && clause.verb.is_some_and(|v| self.p[v].kind == PieceKind::Unknown && bare(v) && opens(v));
        // "templates used by documents", "languages used in films": "use"
        // says only that the other rows point at these, as "have" does.
        let used = l == t
            && clause.verb.is_none()
            && matches!(clause.soft.as_slice(), [v] if matches!(self.p[*v].norm.as_str(), "use" | "used" | "uses" | "using"));
        // "how many users wrote some reviews": a verb the lexicon knows as
        // adding no condition, opening the clause, says the same when the
        // other rows point straight at these and the rows are counted (a
        // listing of them is read as one row per other row elsewhere).
        let soft_verb = l == t
            && !self.measures.is_empty()
            && self.fields.is_empty()
            && clause.verb.is_none()
            && !clause.have
            && matches!(clause.soft.as_slice(), [v] if bare(*v) && clause.fillers.iter().all(|&k| k >= *v));
        self.names_link(clause, l) || clause.verb.is_none() && clause.have || any_verb || used || soft_verb
    }

    /// The clause names the linking table `l`: its unknown word or table
    /// noun, or a verb the lexicon knows as adding no condition
    /// ("registered").
    fn names_link(&self, clause: &Clause, l: usize) -> bool {
        let by_root = |v: usize| self.root_names_table(v, l);
        match clause.verb {
            Some(v) if matches!(self.p[v].top(), Some(Target::Table(t)) if *t == l) => true,
            Some(v) => matches!(self.p[v].kind, PieceKind::Unknown | PieceKind::Lex(_)) && by_root(v),
            None => clause.soft.iter().any(|&v| by_root(v)),
        }
    }
}

/// Some reading of a piece, no misspelling forgiven, is table `b` itself.
fn names_table(cands: &[Cand], b: usize) -> bool {
    cands.iter().any(|c| !c.fuzzy && c.target == Target::Table(b))
}
