//! A bare head word in a listing: "the name, location and mascot of all
//! schools", "the ids and names of all documents", "the payment id, the
//! date and the amount". "name" and "amount" are too generic to name a
//! column on their own (they are stopwords for the lexicon), but asked of
//! the rows a listing shows, they are the one column of that table that
//! carries the word (`school_name`, `Amount_Payment`), or for "name" the
//! text column the table names its rows by (`company.company`).
//!
//! Invariants: read only for a table the question names, only when exactly
//! one column of it carries the word (never a guess between two columns of
//! one table: `first_name` and `last_name` leave "name" unplaced), and only
//! when the word is not qualified by a neighbour naming something else
//! ("the customer name" of orders, "the name of the department").

use crate::planner::build::Ctx;
use crate::planner::intent::PieceKind;
use crate::planner::lexicon::Target;
use crate::planner::schema;
use crate::planner::tokenize::stem;
use crate::planner::MatchKind;
use crate::words::identifier_words;

/// What a bare head word asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Head {
    Name,
    Amount,
    /// "the ids of documents": the table's own key, named an id.
    Id,
}

pub(super) fn head_of(norm: &str) -> Option<Head> {
    match norm {
        "name" | "names" => Some(Head::Name),
        "amount" | "amounts" => Some(Head::Amount),
        "id" | "ids" => Some(Head::Id),
        _ => None,
    }
}

/// Words between a head word and the noun it is of ("the name of all the
/// schools"), skipped when looking for that noun.
const BETWEEN: &[&str] = &[
    "of", "the", "a", "an", "all", "each", "every", "their", "its", "for", "these", "those", "different", "distinct", "unique",
];

fn is_text(ty: &str) -> bool {
    ty.to_ascii_uppercase().starts_with("VARCHAR")
}

fn is_number(ty: &str) -> bool {
    let ty = ty.to_ascii_uppercase();
    ["INT", "BIGINT", "DOUBLE", "DECIMAL", "FLOAT", "HUGEINT", "SMALLINT", "REAL", "NUMERIC"].iter().any(|k| ty.starts_with(k))
}

/// True when a column's name is a name (`school_name`, `roomName`,
/// `clubname`): its last word is "name", or it is one run-together
/// lowercase word ending in "name".
fn is_name_column(name: &str) -> bool {
    let w = identifier_words(name);
    match w.as_slice() {
        [one] => one.len() > 4 && one.ends_with("name"),
        [.., last] => last == "name",
        [] => false,
    }
}

/// The one column of table `t` that the head word names, if exactly one.
pub(super) fn head_column(m: &crate::semantic::Manifest, t: usize, head: Head) -> Option<usize> {
    let cols = &m.tables.get(t)?.columns;
    let hits: Vec<usize> = match head {
        // Not a name that points at another table's rows (`course.dept_name`
        // -> `department`): "the names of courses" are not their
        // departments' names.
        Head::Name => (0..cols.len())
            .filter(|&c| is_text(&cols[c].ty) && is_name_column(&cols[c].name))
            .filter(|&c| schema::points_at(m, t, c).is_none_or(|u| u == t))
            .collect(),
        Head::Amount => (0..cols.len())
            .filter(|&c| is_number(&cols[c].ty) && identifier_words(&cols[c].name).iter().any(|w| w == "amount"))
            .collect(),
        Head::Id => {
            let key = m.tables.get(t)?.primary_key.as_deref()?;
            (0..cols.len())
                .filter(|&c| cols[c].name.eq_ignore_ascii_case(key) && identifier_words(&cols[c].name).last().is_some_and(|w| w == "id"))
                .collect()
        }
    };
    // Two name columns (`sponsor_name`, `player_name` of players): the one
    // called after the table is the rows' own name.
    let table_words: Vec<String> = identifier_words(&m.tables.get(t)?.name).iter().map(|w| stem(w)).collect();
    let own: Vec<usize> = hits
        .iter()
        .copied()
        .filter(|&c| {
            let w: Vec<String> = identifier_words(&cols[c].name).iter().map(|w| stem(w)).collect();
            w.len() == table_words.len() + 1 && w.starts_with(&table_words)
        })
        .collect();
    // Else the one the table labels its rows with (`festival_name` of
    // `festival_detail`, beside `chair_name`); `first_name` beside
    // `last_name` stays a guess.
    let label = m.tables.get(t)?.label.as_deref();
    let named_by = hits.iter().copied().find(|&c| label.is_some_and(|l| cols[c].name.eq_ignore_ascii_case(l)));
    let hits = match (own.as_slice(), named_by) {
        ([_], _) if hits.len() > 1 && head == Head::Name => own,
        (_, Some(c)) if hits.len() > 1 && head == Head::Name => vec![c],
        _ => hits,
    };
    match (hits.as_slice(), head) {
        ([c], _) => Some(*c),
        // Nothing called a name: the text column the rows are named by
        // (`company.company`, `book.title`).
        ([], Head::Name) => schema::row_name(m, t).filter(|&c| is_text(&cols[c].ty)),
        _ => None,
    }
}

/// Words that end the list of things asked before "of" ("the names and
/// ids of documents that ...").
const LIST_ENDS: &[&str] = &[
    "that", "who", "which", "whose", "with", "where", "in", "from", "by", "have", "has", "had", "is", "are", "was", "were",
];

/// Generic words that ask for a column too ("names and types of dorms"):
/// left unplaced beside the head word, the list would lose one.
const LIST_WORDS: &[&str] = &["type", "types", "level", "levels", "value", "values", "result", "results"];

impl Ctx<'_> {
    /// True when piece `i` reads as table `t`, or is the noun its name is about.
    /// A compound's head is its last word: "document types" are types.
    fn reads_table(&self, i: usize, t: usize) -> bool {
        let lex = self.p[i].lex().unwrap_or_default().iter().chain(self.p[i].alt_lex.iter()).any(|c| !c.fuzzy && c.target == Target::Table(t));
        let last = self.p[i].words.split_whitespace().last().map(|w| stem(&w.to_lowercase()));
        let head = super::named::head_noun(&self.m.tables[t].name).map(|h| stem(&h));
        lex || last.is_some() && last == head
    }

    /// True when the question asks for "the id(s) of" table `t`'s rows
    /// ("the ids of all documents"), the id not read otherwise.
    pub(super) fn asks_id_of(&self, t: usize) -> bool {
        (0..self.p.len()).any(|k| {
            head_of(&self.p[k].norm) == Some(Head::Id)
                && !self.used[k]
                && self.p.get(k + 1).is_some_and(|x| x.norm == "of")
                && (k + 2..self.p.len()).find(|&a| !matches!(self.p[a].norm.as_str(), "the" | "all" | "each" | "every")).is_some_and(|a| self.reads_table(a, t))
        })
    }

    /// True when piece `i` names something: a table, column, value, metric.
    fn names_something(&self, i: usize) -> bool {
        matches!(self.p[i].kind, PieceKind::Lex(_))
    }

    /// True when piece `i` is a value, number or quoted text.
    fn is_value(&self, i: usize) -> bool {
        matches!(self.p[i].kind, PieceKind::Quoted(..) | PieceKind::Number(_))
            || self.p[i].top().is_some_and(|t| matches!(t, Target::Value(..)))
    }

    /// The noun the list holding piece `k` is "of" or "for" ("the names and
    /// ids *of documents*"), if the list says.
    fn list_owner(&self, k: usize) -> Option<usize> {
        let mut i = k + 1;
        while i < self.p.len() {
            let x = &self.p[i];
            let norm = x.norm.as_str();
            // "the name of all traditional rooms": a value before the noun
            // ("traditional") says which of them, the noun whose.
            if norm == "of" || norm == "for" {
                return (i + 1..self.p.len()).find(|&a| !BETWEEN.contains(&self.p[a].norm.as_str()) && !self.is_value(a));
            }
            // "descriptions of courses" read as one phrase: its own noun.
            if matches!(x.kind, PieceKind::Lex(_)) && x.words.split_whitespace().any(|w| matches!(w.to_lowercase().as_str(), "of" | "for")) {
                return Some(i);
            }
            let list_piece = self.is_and(i) || matches!(x.kind, PieceKind::Lex(_) | PieceKind::Stop);
            if LIST_ENDS.contains(&norm) || !list_piece {
                return None;
            }
            i += 1;
        }
        None
    }

    /// At piece `k`, a bare "name(s)" or "amount(s)" asked of the rows of
    /// table `t`, which the question names: takes it and adds the column
    /// to `fields`; false when it does not read so.
    pub(super) fn take_head_word(&mut self, k: usize, t: usize, fields: &mut Vec<String>) -> bool {
        if self.used[k] || self.p[k].kind != PieceKind::Stop {
            return false;
        }
        let Some(head) = head_of(&self.p[k].norm) else { return false };
        let named = super::named::named_tables(self.m, self.p);
        if !named.contains(&t) {
            return false;
        }
        // "the customer name": a word before it says whose name it is; only
        // the listed table's own ("the school name") is this one. "With
        // name 338", "whose name": the name is a condition's.
        if let Some(b) = k.checked_sub(1) {
            if self.names_something(b) && !self.reads_table(b, t) {
                return false;
            }
        }
        let before = (0..k).rev().find(|&i| !matches!(self.p[i].norm.as_str(), "the" | "a" | "an"));
        if before.is_some_and(|b| matches!(self.p[b].norm.as_str(), "with" | "whose" | "by" | "called")) {
            return false;
        }
        let next = (k + 1..self.p.len()).find(|&i| !matches!(self.p[i].norm.as_str(), "is" | "as" | "of" | "the"));
        if next.is_some_and(|i| self.is_value(i)) {
            return false;
        }
        // "the names and ids of documents": the noun the list is of must be
        // the table, and then says whose columns they are.
        let owner = self.list_owner(k).filter(|&a| self.names_something(a));
        if owner.is_some_and(|a| !self.reads_table(a, t)) {
            return false;
        }
        // "the names and types of the dorms": another generic word of the
        // list left unplaced.
        let unplaced = (1..self.p.len()).any(|i| {
            !self.used[i] && self.p[i].kind == PieceKind::Stop && LIST_WORDS.contains(&self.p[i].norm.as_str()) && self.is_and(i - 1)
        });
        if unplaced {
            return false;
        }
        let Some(c) = head_column(self.m, t, head) else { return false };
        let name = schema::qualified(self.m, t, c);
        self.take(k, MatchKind::Column, name.clone(), 0.8);
        if let Some(a) = owner.filter(|&a| !self.used[a] && self.reads_table(a, t) && !self.p[a].words.contains(' ')) {
            self.take(a, MatchKind::Table, self.table_name(t), 0.9);
        }
        let same = |f: &String| super::account::resolve(self.m, f) == Some((t, c));
        if !fields.iter().any(same) {
            fields.push(name);
        }
        true
    }
}

/// A column word asked "of" a table's rows is a column of those rows:
/// "the names of journalists" where the events counted have a name too
/// keeps only the journalists' readings; "the names of all movies" where
/// only another table has a column called `name` (the reviewers') is the
/// movies' own name (`movie.title`); "the total amount of all
/// transactions" is the one amount column of those rows, summed, not their
/// count. Runs on the pieces before planning,
/// as `kinds::resolve` does.
///
/// Invariants: only a piece whose every reading is a column changes, only
/// when "of" joins it to the table's noun across the words of `BETWEEN`;
/// readings of that table are kept when there are some, else a
/// "name(s)" piece, or a bare "amount(s)", becomes the one column
/// `head_column` finds.
pub(super) fn names_of_rows(m: &crate::semantic::Manifest, pieces: &mut [crate::planner::intent::Piece]) {
    use crate::planner::lexicon::Cand;
    pointed_names(m, pieces);
    value_nouns(m, pieces);
    compared_ids(m, pieces);
    for i in 0..pieces.len() {
        // "the names of the (top) 3 departments": a count between is how many.
        let Some(k) = (i + 1..pieces.len()).find(|&k| {
            !BETWEEN.contains(&pieces[k].norm.as_str()) && !matches!(pieces[k].kind, PieceKind::Number(_)) && pieces[k].norm != "top"
        }) else {
            continue;
        };
        if !pieces[i + 1..k].iter().any(|x| x.norm == "of") {
            continue;
        }
        if values_named(m, &pieces[i], &pieces[k]) {
            // The names are the column's different values, each once.
            pieces[i].kind = PieceKind::Stop;
            pieces[i].norm = "distinct".into();
            continue;
        }
        let Some(&Target::Table(t)) = pieces[k].top() else { continue };
        // "the total amount of all transactions": the one amount column of
        // those rows (`transaction_amount`), not their count.
        if pieces[i].kind == PieceKind::Stop && head_of(&pieces[i].norm) == Some(Head::Amount) {
            if let Some(c) = head_column(m, t, Head::Amount) {
                pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: 0.9, fuzzy: false }]);
            }
            continue;
        }
        let PieceKind::Lex(cands) = &pieces[i].kind else { continue };
        // A dimension is a column too ("name" as a synonym of
        // `playlist.name`'s dimension).
        let dim_table = |d: usize| schema::table_of(m, &m.dimensions.get(d)?.column);
        if !cands.iter().all(|c| matches!(c.target, Target::Column(..) | Target::Dimension(_))) {
            continue;
        }
        // "the names of journalists" where events have a name too: the
        // journalists' own.
        let own: Vec<Cand> = cands
            .iter()
            .filter(|c| match c.target {
                Target::Column(o, _) => o == t,
                Target::Dimension(d) => dim_table(d) == Some(t),
                _ => false,
            })
            .cloned()
            .collect();
        if !own.is_empty() {
            if own.len() < cands.len() {
                pieces[i].kind = PieceKind::Lex(own);
            }
            continue;
        }
        if head_of(&pieces[i].norm) != Some(Head::Name) {
            continue;
        }
        if let Some(c) = head_column(m, t, Head::Name) {
            pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: 0.9, fuzzy: false }]);
        }
    }
}

/// The table and column of dimension `d`.
fn dimension_column(m: &crate::semantic::Manifest, d: usize) -> Option<(usize, usize)> {
    schema::column_of(m, &m.dimensions.get(d)?.column)
}

/// "customers whose id is between 10 and 20", "customers with ids between
/// 10 and 20": an id compared, said right after the rows' noun, is their
/// key (`customers.customer_id`).
fn compared_ids(m: &crate::semantic::Manifest, pieces: &mut [crate::planner::intent::Piece]) {
    use crate::planner::english::Cue;
    use crate::planner::lexicon::Cand;
    for i in 2..pieces.len() {
        if pieces[i].kind != PieceKind::Stop || head_of(&pieces[i].norm) != Some(Head::Id) {
            continue;
        }
        if !matches!(pieces[i - 1].norm.as_str(), "whose" | "with" | "having") {
            continue;
        }
        let Some(&Target::Table(t)) = pieces[i - 2].top() else { continue };
        let cue = (i + 1..pieces.len()).find(|&k| !matches!(pieces[k].norm.as_str(), "is" | "are" | "was" | "were"));
        if !cue.is_some_and(|k| matches!(pieces[k].cue(), Some(Cue::Between | Cue::Cmp(_)))) {
            continue;
        }
        if let Some(c) = schema::row_key(m, t) {
            pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: 0.9, fuzzy: false }]);
        }
    }
}

/// "rooms with a king bed" where `King` is a value of `bedtype`: a noun
/// right after a value that is a word of the value's column's name is that
/// column, named by its value, not another column it may also read as
/// (`beds`, a count of beds). Not right after a count ("how many king
/// beds"), which counts what the other column holds.
fn value_nouns(m: &crate::semantic::Manifest, pieces: &mut [crate::planner::intent::Piece]) {
    use crate::planner::lexicon::{Cand, Field};
    for i in 1..pieces.len() {
        let Some(Target::Value(field, _)) = pieces[i - 1].top() else { continue };
        // "how many king beds": the noun counted is the column's own.
        if i >= 2 && pieces[i - 2].cue().is_some() {
            continue;
        }
        let (t, c) = match *field {
            Field::Col(t, c) => (t, c),
            Field::Dim(d) => match dimension_column(m, d) {
                Some(tc) => tc,
                None => continue,
            },
        };
        let Some(cands) = pieces[i].lex() else { continue };
        if pieces[i].words.contains(' ') || !cands.iter().all(|x| matches!(x.target, Target::Column(..))) || cands.iter().any(|x| x.target == Target::Column(t, c)) {
            continue;
        }
        let name = &m.tables[t].columns[c].name;
        let words = crate::words::compound_words(name).unwrap_or_else(|| identifier_words(name));
        let noun = stem(&pieces[i].norm);
        if words.len() > 1 && words.iter().any(|w| stem(w) == noun) {
            pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Column(t, c), confidence: 0.9, fuzzy: false }]);
        }
    }
}

/// "the names of the states where at least 3 heads were born": the names
/// of things the data holds only as the text of a column (`born_state`,
/// no table of states) are that column's values; "names" adds nothing.
/// Not for a table's noun ("the names of the departments"), a key or a
/// column pointing at another table's rows, whose names are that table's.
fn values_named(m: &crate::semantic::Manifest, head: &crate::planner::intent::Piece, of: &crate::planner::intent::Piece) -> bool {
    if head_of(&head.norm) != Some(Head::Name) || head.words.contains(' ') || !matches!(head.kind, PieceKind::Lex(_)) {
        return false;
    }
    let Some(cands) = of.lex() else { return false };
    // "the names of all movies directed by ...": a verb read as a name
    // ("movie director") is no noun the names are of.
    let loose = of.words.contains(' ') && cands.first().is_some_and(|c| c.confidence < 0.85);
    if loose || of.related || cands.iter().any(|c| c.fuzzy || matches!(c.target, Target::Table(_))) {
        return false;
    }
    let (t, c) = match cands.first().map(|c| &c.target) {
        Some(&Target::Column(t, c)) => (t, c),
        Some(&Target::Dimension(d)) => match dimension_column(m, d) {
            Some(tc) => tc,
            None => return false,
        },
        _ => return false,
    };
    let col = &m.tables[t].columns[c];
    is_text(&col.ty) && schema::points_at(m, t, c).is_none() && schema::row_key(m, t) != Some(c) && head_of(&col.name) != Some(Head::Name)
}

/// "the winning aircraft name" where `match.winning_aircraft` points at
/// `aircraft`: "name" right after a column that points at another table is
/// the name of the row it points at (`aircraft.aircraft`), not a `name`
/// column of a table the question never names (`pilot.name`).
fn pointed_names(m: &crate::semantic::Manifest, pieces: &mut [crate::planner::intent::Piece]) {
    use crate::planner::lexicon::Cand;
    for i in 0..pieces.len().saturating_sub(1) {
        if head_of(&pieces[i + 1].norm) != Some(Head::Name) || pieces[i + 1].words.contains(' ') {
            continue;
        }
        let Some(&Target::Column(t, c)) = pieces[i].top() else { continue };
        let Some(u) = schema::points_at(m, t, c) else { continue };
        if u == t {
            continue;
        }
        if let Some(n) = head_column(m, u, Head::Name) {
            pieces[i + 1].kind = PieceKind::Lex(vec![Cand { target: Target::Column(u, n), confidence: 0.9, fuzzy: false }]);
        }
    }
}
