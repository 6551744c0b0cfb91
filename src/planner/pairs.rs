//! Rows of one table listed beside the related rows of another: "the names
//! of members and their corresponding parties", "names of players and
//! names of their coaches", "the names of actors and the musicals they are
//! in". After a listing of one table's columns, a second item of the list
//! ("and ...", "as well as ...") that names another table, tied to the first by "their",
//! "its", "corresponding", "respective" or by a relative clause ("... they
//! are in"), asks for that table's name column (or the head word before
//! it: "names of their coaches"), joined along the schema's keys. The verb
//! of such a relative clause, when a listed table is named for doing it
//! ("the mountains climbers climb"), says how the rows relate, which the
//! join already says; it is no condition.
//!
//! Invariants: fires only after a listing whose shown columns are all of
//! one table and were all asked for by name; only when the two tables are
//! joined by exactly one shortest path in the join graph (directly, or
//! through one link table or a chain of keys); the column added is the one
//! name column of the other table, never a guess between two. Anything
//! else stays as the listing left it (and is refused by the usual checks).

use crate::planner::build::Ctx;
use crate::planner::head_word::{head_column, head_of, Head};
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::MatchKind;
use crate::semantic::Manifest;

/// Words that tie a list item to the rows listed before it.
const TIES: &[&str] = &["their", "its", "corresponding", "respective", "his", "her"];

/// Words that may sit between "and" and the tied noun.
const BETWEEN: &[&str] = &["the", "of", "their", "its", "corresponding", "respective", "his", "her", "and"];

/// Words that open a relative clause before its subject ("that they").
const RELATIVE: &[&str] = &["that", "which", "who", "where", "whom"];

/// Pronouns whose clause relates the rows ("they are in", "it belongs to").
const PRONOUNS: &[&str] = &["they", "it", "he", "she"];

/// Longest join path (in joins) read as relating two listed tables.
const MAX_PATH: usize = 3;

impl Ctx<'_> {
    /// Adds the name column of a table tied to a one-table listing (see the
    /// module header), then lets the verb of a relative clause relating
    /// the listed tables go.
    pub(super) fn related_pairs(&mut self) {
        if !self.measures.is_empty()
            || !self.groups.is_empty()
            || self.fields.is_empty()
            || self.latest.is_some()
            || self.outliers.is_some()
            || self.extreme.is_some()
            || self.set_listing
        {
            return;
        }
        if let Some(a) = self.asked_table() {
            for k in 0..self.p.len() {
                self.tie_table(a, k);
                self.tie_referent(a, k);
            }
        }
        self.relative_verbs();
    }

    /// The one table whose columns the listing shows, when each was asked for by name.
    fn asked_table(&self) -> Option<usize> {
        let shown: Vec<&String> = self.fields.iter().filter(|f| !self.involved.contains(f)).collect();
        let mut table = None;
        for f in shown {
            let t = super::account::resolve(self.m, f)?.0;
            let asked = self.matches.iter().any(|x| matches!(x.kind, MatchKind::Column | MatchKind::Dimension) && &x.target == f);
            if !asked || table.is_some_and(|a| a != t) {
                return None;
            }
            table = Some(t);
        }
        table
    }

    /// Piece `k`, an unused name of another table `b` tied to the listing of
    /// table `a`: adds b's name column (or the head word's before it).
    fn tie_table(&mut self, a: usize, k: usize) {
        if self.used[k] {
            return;
        }
        let Some(cands) = self.p[k].lex() else { return };
        let Some(first) = cands.first() else { return };
        let Target::Table(b) = first.target else { return };
        if first.fuzzy || b == a || schema::plan_tables(self.m, &self.plan_so_far()).contains(&b) {
            return;
        }
        let Some((head, info)) = self.tied_ask(a, b, k) else { return };
        match head {
            Some(_) => self.take(k, MatchKind::Table, self.table_name(b), 0.9),
            None => self.take(k, MatchKind::Column, info.name.clone(), 0.8),
        }
        if !self.fields.contains(&info.name) {
            self.fields.push(info.name);
        }
        self.mark_well(k);
    }

    /// "names of cities and names of counties they are in" where
    /// "counties" was read as `city.county_id`: a tied word that is the
    /// noun of a foreign key of the listed table `a` (not its id) asks for
    /// the rows the key points at, listed by their name column in its place.
    fn tie_referent(&mut self, a: usize, k: usize) {
        if !self.used[k] || self.says_id(k) {
            return;
        }
        let words = self.p[k].words.clone();
        let Some(at) = self.matches.iter().position(|x| x.words == words && x.kind == MatchKind::Column) else { return };
        let old = self.matches[at].target.clone();
        let Some((t, c)) = super::account::resolve(self.m, &old) else { return };
        let to = schema::points_at(self.m, t, c);
        let Some(b) = to.filter(|&b| t == a && b != a) else { return };
        let mut noun = crate::planner::tokenize::stems(&self.m.tables[a].columns[c].name);
        if noun.last().is_some_and(|w| w == "id") {
            noun.pop();
        }
        if noun.is_empty() || crate::planner::tokenize::stems(&words) != noun {
            return;
        }
        let Some((_, info)) = self.tied_ask(a, b, k) else { return };
        self.matches[at].kind = MatchKind::Table;
        self.matches[at].target = self.table_name(b);
        let still = self.matches.iter().any(|x| x.target == old);
        match self.fields.iter().position(|f| *f == old) {
            Some(i) if !still => self.fields[i] = info.name.clone(),
            _ => {}
        }
        if !self.fields.contains(&info.name) {
            self.fields.push(info.name);
        }
        self.mark_well(k);
    }

    /// What piece `k`, an item tied to the listing of table `a`, asks of
    /// table `b`: (its head word, if any; the column). None when the tie,
    /// the one join path or the head word's reading does not hold.
    fn tied_ask(&mut self, a: usize, b: usize, k: usize) -> Option<(Option<usize>, crate::planner::schema::FieldInfo)> {
        let head = self.head_before(k)?;
        if !self.tied(k, head) || !one_path(self.m, a, b) {
            return None;
        }
        let info = self.tied_column(b, head)?;
        self.point_head(a, head, &info.name).then_some((head, info))
    }

    /// The column of table `b` a tied item asks for: its head word's, else its name.
    fn tied_column(&self, b: usize, head: Option<usize>) -> Option<crate::planner::schema::FieldInfo> {
        let c = match head {
            Some(h) => self.head_column_of(h, b),
            None => head_column(self.m, b, Head::Name),
        }?;
        self.field_info(crate::planner::lexicon::Field::Col(b, c))
    }

    /// Reads head word `head` (if any) as `field` of the tied table. A head
    /// already read as the listed table `a`'s column too ("names of actors
    /// and names of musicals") is re-read, when an earlier word still asks
    /// for the first; false when it cannot be.
    fn point_head(&mut self, a: usize, head: Option<usize>, field: &str) -> bool {
        let Some(h) = head else { return true };
        if !self.used[h] {
            self.take(h, MatchKind::Column, field.to_string(), 0.8);
            return true;
        }
        let words = self.p[h].words.clone();
        let on_a = |t: &str| super::account::resolve(self.m, t).is_some_and(|x| x.0 == a);
        let Some(at) = self.matches.iter().rposition(|x| x.words == words && on_a(&x.target)) else { return false };
        let old = self.matches[at].target.clone();
        if self.matches.iter().filter(|x| x.target == old).count() < 2 {
            return false;
        }
        self.matches[at].target = field.to_string();
        true
    }

    /// "as well as" joined the item before piece `k`: its "well" is no word of a condition.
    fn mark_well(&mut self, k: usize) {
        if let Some(w) = (0..k).rev().find(|&i| self.as_well_as(i)).map(|i| i - 1) {
            self.mark(w);
        }
    }

    /// True when piece `i` ends "as well as", which joins list items like "and".
    fn as_well_as(&self, i: usize) -> bool {
        i >= 2 && self.p[i].norm == "as" && self.p[i - 1].norm == "well" && self.p[i - 2].norm == "as"
    }

    /// The column of table `b` that head piece `h` asks for: a bare "name"
    /// or "amount", or the one column of `b` among the piece's readings.
    fn head_column_of(&self, h: usize, b: usize) -> Option<usize> {
        let x = &self.p[h];
        if x.kind == PieceKind::Stop {
            return head_of(&x.norm).and_then(|head| head_column(self.m, b, head));
        }
        let mut cols: Vec<usize> = Vec::new();
        for c in x.lex().unwrap_or_default().iter().chain(x.alt_lex.iter()).filter(|c| !c.fuzzy) {
            let Some(f) = self.field_of(&c.target) else { continue };
            if let (true, Some(col)) = (f.table == b, f.column) {
                if !cols.contains(&col) {
                    cols.push(col);
                }
            }
        }
        match cols.as_slice() {
            [c] => Some(*c),
            _ => None,
        }
    }

    /// What stands before piece `k` in its list item: `Some(None)` for only
    /// tie words back to "and" or a comma; `Some(Some(h))` when a word that
    /// asks for a column is "of" the noun ("names of their coaches"); None
    /// when anything else does (the noun is not a list item of its own).
    fn head_before(&self, k: usize) -> Option<Option<usize>> {
        let mut head = None;
        let mut i = k;
        while i > 0 {
            i -= 1;
            let x = &self.p[i];
            if self.is_and(i) || self.as_well_as(i) {
                return Some(head);
            }
            if BETWEEN.contains(&x.norm.as_str()) {
                continue;
            }
            let asks = match x.kind {
                PieceKind::Stop => head_of(&x.norm).is_some(),
                PieceKind::Lex(_) => x.top().is_some_and(|t| matches!(t, Target::Column(..) | Target::Dimension(_))),
                _ => false,
            };
            let of_follows = self.p.get(i + 1).is_some_and(|n| n.norm == "of");
            if asks && of_follows && head.is_none() {
                head = Some(i);
            } else {
                return None;
            }
        }
        None
    }

    /// True when the item holding piece `k` (from `from`, its head word if
    /// any) is tied to the rows listed before it: a tie word in the item,
    /// or a relative clause with a pronoun subject after the noun.
    fn tied(&self, k: usize, from: Option<usize>) -> bool {
        let start = (0..from.unwrap_or(k)).rev().find(|&i| self.is_and(i) || self.as_well_as(i)).unwrap_or(0);
        if (start..k).any(|i| TIES.contains(&self.p[i].norm.as_str())) {
            return true;
        }
        self.pronoun_after(k).is_some()
    }

    /// The pronoun opening a relative clause right after piece `k` ("the
    /// musicals (that) they are in"), if one does.
    fn pronoun_after(&self, k: usize) -> Option<usize> {
        let mut i = k + 1;
        while self.p.get(i).is_some_and(|x| RELATIVE.contains(&x.norm.as_str()) || x.norm == "in") {
            i += 1;
        }
        self.p.get(i).filter(|x| PRONOUNS.contains(&x.norm.as_str())).map(|_| i)
    }

    /// "the mountains they climb": an unknown word right after the pronoun
    /// of a relative clause on a table the listing joins is the clause's
    /// verb; the join says what it says.
    fn relative_verbs(&mut self) {
        let tables = schema::plan_tables(self.m, &self.plan_so_far());
        if tables.len() < 2 {
            return;
        }
        for k in 0..self.p.len() {
            let names_listed = self.p[k].lex().and_then(|c| c.first()).is_some_and(|c| matches!(c.target, Target::Table(t) if tables.contains(&t)));
            if !names_listed {
                continue;
            }
            let Some(pro) = self.pronoun_after(k) else { continue };
            let v = pro + 1;
            if self.p.get(v).is_some_and(|x| x.kind == PieceKind::Unknown) && !self.used[v] && !self.p[v].capital && self.names_doer(&tables, v) {
                let ends = self.p.get(v + 1).is_none_or(|n| n.is_filler() || self.is_and(v + 1) || matches!(n.kind, PieceKind::Punct(_)));
                if ends {
                    self.mark(v);
                }
            }
        }
    }

    /// True when the verb at piece `v` is what one of `tables` is named
    /// for doing ("climb" of climbers, "teach" of teachers): the clause
    /// says what relates the rows, not which of them ("the games they
    /// won" would be a condition, and is not read so).
    fn names_doer(&self, tables: &[usize], v: usize) -> bool {
        let verb = self.p[v].norm.as_str();
        verb.len() >= 4
            && tables.iter().any(|&t| {
                crate::words::identifier_words(&self.m.tables[t].name)
                    .iter()
                    .any(|w| w.len() > verb.len() && w.starts_with(verb) && w.len() <= verb.len() + 3)
            })
    }

    /// The fields listed so far as a plan, to ask which tables it reads.
    fn plan_so_far(&self) -> crate::plan::Plan {
        crate::plan::Plan { fields: self.fields.clone(), sql: None, ..crate::plan::Plan::from_sql("") }
    }
}

/// True when tables `a` and `b` are joined by exactly one shortest path of
/// at most `MAX_PATH` joins (each join one path step; two joins between
/// the same tables are two paths).
pub(super) fn one_path(m: &Manifest, a: usize, b: usize) -> bool {
    let n = m.tables.len();
    let edges: Vec<(usize, usize)> = m
        .joins
        .iter()
        .filter_map(|j| Some((schema::table_of(m, &j.from)?, schema::table_of(m, &j.to)?)))
        .filter(|(f, t)| f != t)
        .collect();
    let mut dist: Vec<Option<usize>> = vec![None; n];
    let mut ways: Vec<usize> = vec![0; n];
    if a >= n || b >= n {
        return false;
    }
    dist[a] = Some(0);
    ways[a] = 1;
    let mut frontier = vec![a];
    let mut d = 0;
    while !frontier.is_empty() && d < MAX_PATH && dist[b].is_none() {
        d += 1;
        let mut next: Vec<usize> = Vec::new();
        for &u in &frontier {
            for &(f, t) in &edges {
                let v = if f == u {
                    t
                } else if t == u {
                    f
                } else {
                    continue;
                };
                match dist[v] {
                    None => {
                        dist[v] = Some(d);
                        ways[v] = ways[u];
                        next.push(v);
                    }
                    Some(dv) if dv == d => ways[v] += ways[u],
                    _ => {}
                }
            }
        }
        frontier = next;
    }
    dist[b].is_some() && ways[b] == 1
}
