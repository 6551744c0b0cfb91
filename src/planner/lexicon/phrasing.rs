//! The lexicon's entries for the other phrasings of schema names
//! (`names`): head-last and "head of X" forms, run-together names split,
//! a lone head word naming a table's only column with it, a column named
//! without the noun a question puts after it ("founded year"), "faculty
//! members" for a table of faculty, and sex words as values of a sex or
//! gender column, "birthday" for a date-of-birth column, and "gender"
//! and "sex" for each other's column.
//!
//! Invariants: every phrasing is weaker than the name itself, so a column
//! named by its own words always wins; entries are added in manifest order.

use super::{Field, Lexicon, Target, GENERIC};
use crate::planner::names;
use crate::planner::tokenize::{stem, stems};
use crate::semantic::Manifest;

/// Lone head words that name the one column of a table containing them
/// ("the date" of a claim for `Date_Claim_Made`, "the status" of an order
/// for `order_status_code`).
const LONE_HEADS: &[&str] = &["date", "code", "description", "year", "time", "status"];

/// Nouns a question may put after a column's own name to say what it is
/// ("the founded year", "the snatch score", "the phone number").
const TRAILING_NOUNS: &[&str] = &["year", "date", "time", "score", "size", "number", "value", "amount"];

/// A short part of a column's name (2 to 4 lowercase letters) that may be
/// an abbreviation: not a function word ("as" of `years_as_tallest`) nor a
/// generic head.
fn short_part(w: &str) -> bool {
    (2..=4).contains(&w.len()) && w.chars().all(|c| c.is_ascii_lowercase()) && !crate::planner::english::is_stopword(w) && !GENERIC.contains(&w)
}

impl Lexicon {
    /// Other phrasings of column `target` of a table named `tstems`.
    pub(super) fn add_phrasings(&mut self, cstems: &[String], tstems: &[String], target: &Target) {
        for (ph, w) in names::column_phrasings(cstems) {
            self.add_stems(ph, target.clone(), 0.9 * w, None);
        }
        if cstems.len() >= 2 {
            for (k, w) in cstems.iter().enumerate() {
                // An initial before "name" (`f_name`, `l_name`): "first
                // name" may spell it out. Not before other heads: "users"
                // is no `u` of `u_id`.
                let initial = w.len() == 1
                    && w.chars().all(|c| c.is_ascii_lowercase())
                    && cstems.get(k + 1).is_some_and(|h| h == "name");
                if initial || short_part(w) {
                    self.remember_abbrev(w);
                }
            }
        }
        // `enr`, `dept`: a one-word name that is no English word is an
        // abbreviation the question may spell out ("enrollment"). Not an
        // English word ("age" is no part of "agency").
        if let [w] = cstems {
            if short_part(w) && !crate::words::is_english_word(w) {
                self.remember_abbrev(w);
            }
        }
        // "founded year", "snatch score", "phone number", "arrival time":
        // a column named without the noun a question puts after it.
        // Also after the part of the name past the table's own words:
        // "phone number" for `customers.customer_phone`.
        let own = cstems.len() > tstems.len() && cstems.starts_with(tstems);
        let rest = if own { &cstems[tstems.len()..] } else { &[] };
        // Weaker after the last word alone, as for any part of a name:
        // "phone number" for `performers.customer_phone` too.
        let content = |w: &String| w.len() >= 3 && !crate::planner::english::is_stopword(w);
        let last = match cstems {
            [.., w] if cstems.len() >= 2 && content(w) => &cstems[cstems.len() - 1..],
            _ => &[],
        };
        for (base, weight) in [(cstems, 0.8), (rest, 0.8), (last, 0.7)] {
            if base.is_empty() || base.len() > 2 || base.iter().any(|w| names::HEADS.contains(&w.as_str())) {
                continue;
            }
            for h in TRAILING_NOUNS {
                let mut ph = base.to_vec();
                ph.push((*h).to_string());
                self.add_stems(ph, target.clone(), weight, None);
            }
        }
        // "the department number" for `department_id`: a number that
        // identifies a thing is its id.
        if let [thing, id] = cstems {
            if id == "id" && thing.len() >= 3 && !GENERIC.contains(&thing.as_str()) {
                self.add_stems(vec![thing.clone(), "number".to_string()], target.clone(), 0.75, None);
            }
        }
        // "birthday": the column of a date of birth (`date_of_birth`, `dob`).
        if is_birth_date(cstems) {
            self.add_stems(vec![stem("birthday")], target.clone(), 0.9, None);
        }
        // "gender" for a column called `sex`, and the other way round.
        match cstems {
            [w] if w == "sex" => self.add_stems(vec![stem("gender")], target.clone(), 0.9, None),
            [w] if w == "gender" => self.add_stems(vec![stem("sex")], target.clone(), 0.9, None),
            _ => {}
        }
        self.add_person_names(cstems, target);
        // A run-together word inside a longer name (`stu_fname`): split it
        // too, and index the parts of the split name.
        if cstems.len() >= 2 {
            let mut split_any = false;
            let mut split: Vec<String> = Vec::new();
            for w in cstems {
                match names::split_run_together(w, tstems) {
                    Some(parts) => {
                        split_any = true;
                        if parts[0].len() <= 4 {
                            self.remember_abbrev(&parts[0]);
                        }
                        split.extend(parts);
                    }
                    None => split.push(w.clone()),
                }
            }
            if split_any {
                self.add_stems(split.clone(), target.clone(), 0.85, None);
                self.add_parts(&split, target);
            }
        }
        let [one] = cstems else { return };
        let Some(split) = names::split_run_together(one, tstems) else { return };
        self.add_stems(split.clone(), target.clone(), 0.85, None);
        for (ph, w) in names::column_phrasings(&split) {
            self.add_stems(ph, target.clone(), 0.85 * w, None);
        }
        // `clubname` in `club`: "name" alone is this table's name.
        if tstems.iter().any(|t| *t == split[0]) {
            self.add_stems(split[1..].to_vec(), target.clone(), 0.8, None);
        }
        if split[0].len() <= 4 {
            self.remember_abbrev(&split[0]);
        }
    }

    /// Keeps `w` among the abbreviations a question word may spell out,
    /// once.
    fn remember_abbrev(&mut self, w: &str) {
        if !self.abbrevs.iter().any(|a| a == w) {
            self.abbrevs.push(w.to_string());
        }
    }

    /// Records `w`, a short word of a table's name (3 to 5 letters, not a
    /// function word nor a generic head), as an abbreviation a question
    /// word may spell out.
    pub(super) fn add_abbrev(&mut self, w: &str) {
        // Up to five letters (`prof`, `dept`), or a longer one that is no
        // English word (`prereq`).
        let short = ((3..=5).contains(&w.len()) || (6..=8).contains(&w.len()) && !crate::words::is_english_word(w))
            && w.chars().all(|c| c.is_ascii_lowercase());
        if short && !crate::planner::english::is_stopword(w) && !GENERIC.contains(&w) {
            self.remember_abbrev(w);
        }
    }

    /// The other English names of a person's first and last names: "given
    /// name" and "forename" for a first name, "surname" and "family name"
    /// for a last name, and the other way round (`forename` is a first
    /// name). Only for a name column (ending in "name", or the one-word
    /// forms).
    fn add_person_names(&mut self, cstems: &[String], target: &Target) {
        const FIRST: &[&[&str]] = &[&["first", "name"], &["given", "name"], &["forename"]];
        const LAST: &[&[&str]] = &[&["last", "name"], &["family", "name"], &["surname"]];
        for group in [FIRST, LAST] {
            let Some(own) = group.iter().find(|g| cstems.ends_with(&g.iter().map(|w| stem(w)).collect::<Vec<_>>())) else { continue };
            for other in group.iter().filter(|g| *g != own) {
                self.add_stems(other.iter().map(|w| stem(w)).collect(), target.clone(), 0.85, None);
            }
        }
    }

    /// "minimum snatch score" for the metric `minimum snatch` over a column
    /// named without the noun (see [`TRAILING_NOUNS`]); after the metrics
    /// are indexed.
    pub(super) fn add_metric_phrasings(&mut self, m: &Manifest) {
        for (i, metric) in m.metrics.iter().enumerate() {
            let Some(Some((t, c))) = self.metric_aggs.get(i).map(|a| a.and_then(|a| a.column)) else { continue };
            let cstems = stems(&m.tables[t].columns[c].name);
            let mstems = stems(&metric.name);
            if cstems.len() > 2 || cstems.iter().any(|w| names::HEADS.contains(&w.as_str())) || !mstems.ends_with(&cstems) {
                continue;
            }
            for h in TRAILING_NOUNS {
                let mut ph = mstems.clone();
                ph.push((*h).to_string());
                self.add_stems(ph, Target::Metric(i), 0.9, None);
            }
        }
    }

    /// "bank branches" for `bank` keyed by `branch_id`, "festivals" for
    /// `festival_detail` keyed by `festival_id`, "customers" for `accounts`
    /// keyed by `custid`: the thing a table's key counts names its rows,
    /// when no table is called that.
    pub(super) fn add_key_nouns(&mut self, m: &Manifest) {
        let tables: Vec<Vec<String>> = m.tables.iter().map(|t| stems(&t.name)).collect();
        let key_noun = |t: &crate::semantic::Table| -> Option<String> {
            let pk = stems(t.primary_key.as_deref()?);
            let thing = match pk.as_slice() {
                [thing, id] if id == "id" => thing.clone(),
                // `custid` written as one word.
                [one] => one.strip_suffix("id").filter(|h| h.len() >= 3)?.to_string(),
                _ => return None,
            };
            // The abbreviation spelled out: `cust` -> customer.
            match stems(&crate::dataset::names::label(&thing)).as_slice() {
                [full] => Some(full.clone()),
                _ => Some(thing),
            }
        };
        // `member_of_club`: "members" are its rows.
        let of_head = |st: &[String]| match st {
            [head, of, _, ..] if of == "of" => Some(head.clone()),
            _ => None,
        };
        let nouns: Vec<(usize, String)> = m
            .tables
            .iter()
            .enumerate()
            .filter_map(|(ti, t)| Some((ti, key_noun(t)?)))
            .chain(tables.iter().enumerate().filter_map(|(ti, st)| Some((ti, of_head(st)?))))
            .collect();
        for (ti, thing) in nouns {
            let named = tables.iter().any(|x| x.len() == 1 && x[0] == thing);
            if thing.len() >= 3 && !GENERIC.contains(&thing.as_str()) && !named {
                self.add_stems(vec![thing], Target::Table(ti), 0.7, None);
            }
        }
    }

    /// "matches" for `match_season`, "buses" for `school_bus`: either word
    /// of a table's two-word name names its rows, weakly, when no other
    /// table's name and no column's name has that word.
    pub(super) fn add_table_words(&mut self, m: &Manifest) {
        let tables: Vec<Vec<String>> = m.tables.iter().map(|t| stems(&t.name)).collect();
        let column_words: std::collections::HashSet<String> = m.tables.iter().flat_map(|t| t.columns.iter().flat_map(|c| stems(&c.name))).collect();
        for (ti, st) in tables.iter().enumerate() {
            // "documents_with_expenses": two nouns joined by a function word.
            let content: Vec<&String> = st.iter().filter(|w| !crate::planner::english::is_stopword(w)).collect();
            let [a, b] = content.as_slice() else { continue };
            // A first word written with an "s" before another noun is a
            // verb ("plays_games", "lives_in"): the link, not the rows; so
            // is a table of links (two keys or more pointing elsewhere),
            // unless its own key is one of them, pointing at the table its
            // name begins with: the rows of that table that have something
            // more (`documents_with_expenses`).
            let raw = crate::words::identifier_words(&m.tables[ti].name);
            let from = format!("{}.", m.tables[ti].name.to_lowercase());
            let extends = (0..m.tables.len())
                .any(|u| crate::planner::schema::extends(m, ti, u) && matches!(stems(&m.tables[u].name).as_slice(), [one] if st.first() == Some(one)));
            let links = !extends && m.joins.iter().filter(|j| j.from.to_lowercase().starts_with(&from)).count() >= 2;
            let verb_first = st.len() == 2 && raw.first().is_some_and(|w| w.ends_with('s') && !w.ends_with("ss"));
            if links || verb_first {
                continue;
            }
            // A word of the dataset's name ("CSU campus", "gas companies")
            // names the dataset (`planner::dataset_words`), unless the
            // table is the dataset's namesake (`school_bus`).
            let namesake = m.name.to_lowercase().contains(&m.tables[ti].name.to_lowercase());
            for w in [*a, *b] {
                let alone = w.len() >= 3
                    && (namesake || !crate::planner::dataset_words::names_dataset(m, w))
                    && !GENERIC.contains(&w.as_str())
                    && !crate::planner::english::is_stopword(w)
                    && !tables.iter().enumerate().any(|(u, x)| u != ti && x.contains(w))
                    && !column_words.contains(w)
                    && !self.by_first.get(w.as_str()).is_some_and(|es| es.iter().any(|&e| self.entries[e].stems.len() == 1 && self.entries[e].target != Target::Table(ti)));
                if alone {
                    self.add_stems(vec![w.clone()], Target::Table(ti), 0.7, None);
                }
            }
        }
    }

    /// A lone head word ("date", "code") for the only column of a table
    /// whose name has it, when no column is named just that.
    pub(super) fn add_lone_heads(&mut self, m: &Manifest) {
        for (ti, t) in m.tables.iter().enumerate() {
            let all: Vec<Vec<String>> = t.columns.iter().map(|c| stems(&c.name)).collect();
            for head in LONE_HEADS {
                if all.iter().any(|s| s.len() == 1 && s[0] == *head) {
                    continue;
                }
                let with: Vec<usize> = (0..all.len()).filter(|&k| all[k].iter().any(|w| w == head)).collect();
                if let [ci] = with.as_slice() {
                    self.add_stems(vec![(*head).to_string()], Target::Column(ti, *ci), 0.7, None);
                }
            }
        }
    }

    /// "faculty members", "staff member": the rows of a table named for a
    /// body of people, when nothing in the schema is named "member".
    pub(super) fn add_members(&mut self, m: &Manifest) {
        if self.vocab.contains("member") {
            return;
        }
        for (ti, t) in m.tables.iter().enumerate() {
            let mut st = stems(&t.name);
            st.push("member".to_string());
            self.add_stems(st, Target::Table(ti), 0.95, None);
        }
    }

    /// "female", "women", "male", "men": values of each sex or gender
    /// column, spelled as the dataset's value index holds them.
    pub fn add_sex_values(&mut self, m: &Manifest, vx: &crate::dataset::value_index::ValueLookup) {
        for (ti, t) in m.tables.iter().enumerate() {
            for (ci, c) in t.columns.iter().enumerate() {
                if !names::is_sex_column(&stems(&c.name)) {
                    continue;
                }
                for sex in [names::Sex::Female, names::Sex::Male] {
                    let stored = names::sex_spellings(sex).iter().find_map(|s| {
                        vx.holders(s).into_iter().find(|h| h.table == ti && h.column == ci).map(|h| h.stored)
                    });
                    let Some(stored) = stored else { continue };
                    for w in ["female", "woman", "girl", "lady", "male", "man", "boy", "gentleman"] {
                        if names::sex_word(w) == Some(sex) {
                            let target = Target::Value(Field::Col(ti, ci), stored.clone());
                            self.add_stems(vec![stem(w)], target, 0.9, None);
                        }
                    }
                }
            }
        }
    }
}

/// True for the words of a date-of-birth column: "date of birth", "birth
/// date", "birthdate", "dob".
fn is_birth_date(cstems: &[String]) -> bool {
    let has = |w: &str| cstems.iter().any(|c| *c == stem(w));
    match cstems {
        [one] => *one == stem("dob") || *one == stem("birthdate"),
        _ => cstems.len() <= 3 && has("birth") && has("date"),
    }
}

/// The table a link table's name ends with and points at: `train_station`
/// -> `station`, `party_host` -> `host` (a table of stations of trains).
/// Not "X of Y" (`member_of_club` names members) nor a one-word name.
pub fn link_head(m: &Manifest, t: usize) -> Option<usize> {
    let st = stems(&m.tables.get(t)?.name);
    if st.len() < 2 || st.iter().any(|w| w == "of") {
        return None;
    }
    let last = st.last()?;
    let u = m.tables.iter().position(|x| stems(&x.name) == std::slice::from_ref(last))?;
    let points = crate::planner::schema::foreign_key(m, t, u).is_some();
    // A table with its own data (`student_addresses` with rents and dates)
    // is named by its whole name; a link holds keys and at most one more.
    let table = &m.tables[t];
    let own = table
        .columns
        .iter()
        .filter(|c| {
            let name = format!("{}.{}", table.name, c.name);
            !m.joins.iter().any(|j| j.from.eq_ignore_ascii_case(&name)) && !table.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&c.name))
        })
        .count();
    (points && u != t && own <= 1).then_some(u)
}

/// The last word of table `t`'s name when the table's own key names its
/// rows by it: `auction_lot` keyed by `lot_no` has rows called "lots". A
/// question says the head noun alone ("the lots from each estate") as it
/// says the whole name. None when another table has that word for its
/// name or another column has the word, or the key says something else (`order_items` keyed by `item_id`
/// says "items"; keyed by `id`, nothing).
pub fn keyed_head(m: &Manifest, t: usize) -> Option<String> {
    let table = m.tables.get(t)?;
    let st = stems(&table.name);
    if st.len() < 2 || st.iter().any(|w| w == "of") {
        return None;
    }
    let last = st.last()?;
    let key = table.primary_key.as_deref()?;
    let referent: Vec<String> = crate::dataset::names::referent(key).iter().map(|w| stem(w)).collect();
    if referent.as_slice() != std::slice::from_ref(last) || stems(key).len() < 2 {
        return None;
    }
    if m.tables.iter().any(|x| stems(&x.name) == std::slice::from_ref(last)) {
        return None;
    }
    // A word some other column is named by ("result" beside `result`)
    // stays that column's.
    let other = m.tables.iter().flat_map(|x| x.columns.iter()).any(|c| !c.name.eq_ignore_ascii_case(key) && stems(&c.name).contains(last));
    if other {
        return None;
    }
    Some(last.clone())
}
