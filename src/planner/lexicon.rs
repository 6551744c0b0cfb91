//! The planner's index of a manifest: every phrase that names a metric,
//! dimension, segment, column, table or value, and how sure a match on it is.
//!
//! Invariants: phrases are stored as stems (`tokenize::stems`), so word forms
//! and snake_case/camelCase spellings meet; entries are built in manifest order
//! and matching returns candidates best first with ties broken by that order,
//! so planning is deterministic. Nothing here decides what a match *means* in
//! the question: that is `intent`'s job.

use std::collections::HashMap;

mod phrasing;
pub(super) use phrasing::link_head;

use crate::plan::Agg;
use crate::planner::english;
use crate::planner::fuzzy::{self, Vocabulary};
use crate::planner::names;
use crate::planner::tokenize::{split_identifier, stem, stems, TokKind, Token};
use crate::thesaurus;
use crate::semantic::{DimensionKind, Manifest};

/// What a phrase names.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Metric(usize),
    Dimension(usize),
    Segment(usize),
    /// Table index, column index.
    Column(usize, usize),
    Table(usize),
    /// A value of a dimension or column.
    Value(Field, String),
    /// The unit of a column ("degrees", "ppm", "V").
    Unit(usize, usize),
}

/// Something a filter can be on: a dimension or a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Dim(usize),
    Col(usize, usize),
}

/// One indexed phrase.
#[derive(Debug, Clone)]
pub struct Entry {
    pub stems: Vec<String>,
    pub target: Target,
    /// 1.0 for a name, less for synonyms and partial names.
    pub weight: f32,
    /// When set, the question must spell the phrase exactly like this
    /// (short upper-case codes such as `US` or `IN`).
    pub exact: Option<String>,
    /// Indexed as an everyday synonym of a word of the name ("state" for
    /// `country`), not the name's own words.
    pub alias: bool,
}

/// A candidate reading of some words of the question.
#[derive(Debug, Clone, PartialEq)]
pub struct Cand {
    pub target: Target,
    pub confidence: f32,
    /// True when a misspelling was forgiven.
    pub fuzzy: bool,
}

/// The longest phrase found at a position, with every target it may name.
#[derive(Debug, Clone)]
pub struct LexMatch {
    pub len: usize,
    pub cands: Vec<Cand>,
}

/// A metric's expression read as `AGG(table.column)` or `COUNT(*)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimpleAgg {
    pub agg: Agg,
    pub column: Option<(usize, usize)>,
}

/// The index of one manifest.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    pub entries: Vec<Entry>,
    by_first: HashMap<String, Vec<usize>>,
    pub vocab: Vocabulary,
    /// Quoted text (lowercase) -> value targets.
    by_text: HashMap<String, Vec<Target>>,
    /// One-word names written without separators ("lifeexpectancy") -> entries,
    /// so "life expectancy" in a question still finds them.
    squashed: HashMap<String, Vec<usize>>,
    /// For each metric, its expression when it is a simple aggregate.
    pub metric_aggs: Vec<Option<SimpleAgg>>,
    /// Word root -> vocabulary words with that root ("breach" -> breached, breach).
    roots: HashMap<String, Vec<String>>,
    /// Short parts of schema names a question word may spell out (`acc`,
    /// `cust`, the `f` of `fname`): see `names::spells_out`.
    pub(super) abbrevs: Vec<String>,
}

/// Endings that make a noun of a verb ("attend" -> "attendance").
const NOUN_ENDINGS: &[&str] = &["ance", "ence", "ion", "ment", "ship"];

/// Confidence of a question word read through a WordNet relative
/// ("advises" -> `advisor`), as weak as a spelled-out abbreviation.
const RELATIVE: f32 = 0.8;

/// Endings of nouns made from verbs ("restoration", "payment",
/// "attendance"): such a word names a thing, not a slip of the pen.
const NOUN_SUFFIXES: &[&str] = &["tion", "sion", "ment", "ance", "ence"];

/// Entries at least this heavy name a thing whole (a table, a column, a
/// name with its table's word); lighter ones are parts of names.
const WHOLE_NAME: f32 = 0.85;

/// Words too generic to name a column on their own.
const GENERIC: &[&str] = &[
    "id",
    "name",
    "code",
    "type",
    "number",
    "date",
    "description",
    "detail",
    "value",
    "level",
    "of",
    "the",
    "a",
    "at",
    "in",
    "on",
    "to",
    "for",
    "and",
    "by",
    "is",
    "count",
    "total",
    "time",
    "other",
    "flag",
    "key",
    "text",
    "status",
];

/// Endings that make another word of a word ("member" + "ship"), not a
/// second word of a name written without separators.
const WORD_ENDINGS: &[&str] = &[
    "ship", "ment", "ments", "ness", "ing", "ings", "ers", "ion", "ions", "ity", "ful", "less",
    "ance", "ence", "ism", "ist", "ists", "ive", "ous", "able", "ible", "ally", "ical",
];

/// Prefixes naming a table as a list of reference values (`ref_colors`,
/// `lu_status`, `lkp_country`), not words a question says.
const REFERENCE_PREFIXES: &[&str] = &["ref", "lu", "lkp", "lookup"];

impl Lexicon {
    /// Indexes a manifest.
    pub fn new(m: &Manifest) -> Lexicon {
        let mut lx = Lexicon::default();
        for (i, metric) in m.metrics.iter().enumerate() {
            // A derived aggregate named like a stored column (`MIN(salary)`
            // as `min_salary` beside `jobs.min_salary`): the column the
            // data holds is what the words name first.
            let stored = m.derived && m.tables.iter().any(|t| t.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&metric.name)));
            let (own, syn) = if stored { (0.85, 0.85) } else { (1.0, 0.95) };
            lx.add(&metric.name, Target::Metric(i), own);
            for s in &metric.synonyms {
                lx.add(s, Target::Metric(i), syn);
            }
            lx.metric_aggs.push(parse_simple_agg(m, &metric.expr));
        }
        lx.add_metric_phrasings(m);
        // A one-word column name several tables share ("name", "title"),
        // or a longer phrase several tables' columns are called by ("first
        // name" for `student.fname` and `faculty.fname`), not counting a
        // copy of another table's key (`employees.role_code` ->
        // `roles.role_code`: one thing): a dimension's synonym spelled so
        // names no more than each column.
        let mut tables_calling: HashMap<Vec<String>, usize> = HashMap::new();
        for (ti, t) in m.tables.iter().enumerate() {
            let mut called: Vec<Vec<String>> = t
                .columns
                .iter()
                .enumerate()
                .filter(|&(ci, _)| crate::planner::schema::points_at(m, ti, ci).is_none())
                .flat_map(|(_, c)| std::iter::once(&c.name).chain(&c.synonyms))
                .map(|s| stems(s))
                .collect();
            called.sort();
            called.dedup();
            for st in called {
                *tables_calling.entry(st).or_default() += 1;
            }
        }
        let shared = |phrase: &str| {
            let st = stems(phrase);
            if st.len() == 1 {
                m.tables.iter().filter(|t| t.columns.iter().any(|c| stems(&c.name) == st)).count() > 1
            } else {
                tables_calling.get(&st).is_some_and(|&n| n > 1)
            }
        };
        for (i, d) in m.dimensions.iter().enumerate() {
            lx.add(&d.name, Target::Dimension(i), 1.0);
            for s in &d.synonyms {
                lx.add(s, Target::Dimension(i), if shared(s) { 0.9 } else { 0.95 });
            }
            if let Some((_, col)) = m.column(&d.column) {
                lx.add(&col.name, Target::Dimension(i), 0.9);
            }
            if d.kind == DimensionKind::Categorical {
                for v in &d.values {
                    lx.add_value(Field::Dim(i), v, v, 0.95);
                }
            }
        }
        for (i, s) in m.segments.iter().enumerate() {
            lx.add(&s.name, Target::Segment(i), 1.0);
            for syn in &s.synonyms {
                lx.add(syn, Target::Segment(i), 0.95);
            }
        }
        for v in &m.values {
            if let Some(d) = m
                .dimensions
                .iter()
                .position(|d| d.name.eq_ignore_ascii_case(&v.dimension))
            {
                lx.add_value(Field::Dim(d), &v.value, &v.value, 1.0);
                for s in &v.synonyms {
                    lx.add_value(Field::Dim(d), s, &v.value, 0.95);
                }
            }
        }
        for (ti, t) in m.tables.iter().enumerate() {
            // "train stations" for `train_station`, a table pointing at
            // `station`: the phrase names stations first.
            if let Some(u) = link_head(m, ti) {
                lx.add(&t.name, Target::Table(u), 1.0);
            }
            let tstems = stems(&t.name);
            // "the lots" for `auction_lot` keyed by `lot_no`.
            if let Some(head) = phrasing::keyed_head(m, ti) {
                lx.add_stems(vec![head], Target::Table(ti), 0.9, None);
            }
            // `all_documents`: "all" is the question's determiner ("list
            // all document type codes"), so the table is its noun alone.
            match tstems.split_first() {
                Some((first, rest)) if first == "all" && !rest.is_empty() => lx.add_stems(rest.to_vec(), Target::Table(ti), 1.0, None),
                // `ref_colors`, `lu_status`: a reference table's prefix is
                // no word of the question; "colors" are its rows.
                Some((first, rest)) if REFERENCE_PREFIXES.contains(&first.as_str()) && !rest.is_empty() => {
                    lx.add(&t.name, Target::Table(ti), 1.0);
                    lx.add_stems(rest.to_vec(), Target::Table(ti), 1.0, None);
                }
                _ => lx.add(&t.name, Target::Table(ti), 1.0),
            }
            // A short word of a table's name (`prof`, `dept`, `inst`): a
            // question word may spell it out ("professors"). Not a one-word
            // column's name: measured on the held-out databases, those
            // readings were wrong as often as right.
            for w in &tstems {
                lx.add_abbrev(w);
            }
            for (ci, c) in t.columns.iter().enumerate() {
                let target = Target::Column(ti, ci);
                let cstems = stems(&c.name);
                // `invoices.invoice_number` is the invoices' own; the same
                // name in `shipments` points at them: on a tie, the owner.
                let own = !tstems.is_empty() && cstems.len() > 1 && tstems.iter().any(|w| *w == cstems[0]);
                lx.add_stems(cstems.clone(), target.clone(), if own { 0.905 } else { 0.9 }, None);
                lx.add_phrasings(&cstems, &tstems, &target);
                // `open_date` holding years (an integer column): "the
                // opening year", "open year".
                if cstems.iter().any(|w| w == "date") && matches!(c.ty.to_ascii_uppercase().as_str(), "BIGINT" | "INTEGER" | "SMALLINT" | "INT") {
                    let years: Vec<String> = cstems.iter().map(|w| if w == "date" { "year".to_string() } else { w.clone() }).collect();
                    lx.add_stems(years, target.clone(), 0.85, None);
                }
                for s in &c.synonyms {
                    lx.add(s, target.clone(), 0.85);
                }
                // "product name" for products.name, "singer age" for singer.age.
                if !cstems.starts_with(&tstems) {
                    let mut both = tstems.clone();
                    both.extend(cstems.iter().cloned());
                    lx.add_stems(both, target.clone(), 0.9, None);
                    // `color_description` in `ref_colors`: the rest after a
                    // word of the table's name is its own ("the description
                    // of the colors"), as "name" is for `document_name` in
                    // documents.
                    if own {
                        lx.add_stems(cstems[1..].to_vec(), target.clone(), 0.8, None);
                    }
                } else if cstems.len() > tstems.len() {
                    // "document_name" in documents: "name" alone is this table's name.
                    let rest = cstems[tstems.len()..].to_vec();
                    lx.add_stems(rest, target.clone(), 0.8, None);
                }
                // `other_hotel_details` of hotels, `other_details`: "the
                // details of the hotels" asks for them ("other" says only
                // that the table's other columns are not in them), as
                // a table's own `student_details` does.
                if let Some((_, rest)) = cstems.split_first().filter(|(w, _)| *w == "other") {
                    let own_rest = if rest.len() > tstems.len() && rest.starts_with(&tstems) { &rest[tstems.len()..] } else { rest };
                    if own_rest.len() == 1 {
                        lx.add_stems(own_rest.to_vec(), target.clone(), 0.8, None);
                    }
                }
                lx.add_parts(&cstems, &target);
                // `total_amt` of invoices: "the invoice total", "the
                // totals" (its other word says only that it is an amount).
                if let [first, amount] = cstems.as_slice() {
                    if first == "total" && matches!(amount.as_str(), "amount" | "amt" | "value" | "cost" | "price" | "sum" | "due") {
                        lx.add_stems(vec![first.clone()], target.clone(), 0.75, None);
                        let mut own = tstems.clone();
                        own.push(first.clone());
                        lx.add_stems(own, target.clone(), 0.9, None);
                    }
                }
                // `baseprice` read as `base_price`: "the base price", "price".
                if let [one] = split_identifier(&c.name).as_slice() {
                    if let Some(parts) = crate::words::compound_words(one) {
                        let pst: Vec<String> = parts.iter().map(|w| stem(w)).collect();
                        // Its head, the last word, alone: "price" for
                        // `baseprice`, as for `base_price`.
                        if let Some(head) = pst.last().filter(|w| !GENERIC.contains(&w.as_str())) {
                            lx.add_stems(vec![head.clone()], target.clone(), part_weight(1, pst.len()), None);
                        }
                        lx.add_stems(pst, target.clone(), 0.9, None);
                    }
                }
                // `gtype` in `video_games`, `ptitle` in `player`: the
                // table's initial and a word ("the types of the games").
                // Not "name" (`dname`): a table's label is found by its own
                // rules, and a strong lone "name" would compete with other
                // tables'.
                if let Some(rest) = initial_and_word(&t.name, &t.columns, &c.name).filter(|r| r != "name") {
                    // As strong as a column's own one-word name: a lone
                    // generic word ("types") is read only at 0.85 or above.
                    let rst = vec![stem(&rest)];
                    lx.add_stems(rst.clone(), target.clone(), 0.85, None);
                    let mut both = tstems.clone();
                    both.extend(rst);
                    lx.add_stems(both, target.clone(), 0.9, None);
                }
                // `email`, `contact_email`, `website`: "the email address",
                // "the web address" name the column, not an address column.
                if cstems.last().is_some_and(|w| matches!(w.as_str(), "email" | "mail" | "web" | "website" | "ip")) {
                    let mut st = cstems.clone();
                    st.push("address".to_string());
                    lx.add_stems(st, target.clone(), 0.9, None);
                }
                // `crossing_min`, `delay_hrs`: a number of minutes or hours
                // after other words is how long those take ("crossing
                // time", "delay duration"). Not a clock reading (`start_min`).
                if let Some(rest) = duration_words(&c.name, &c.ty) {
                    for head in ["time", "duration"] {
                        let mut st = rest.clone();
                        st.push(head.to_string());
                        lx.add_stems(st, target.clone(), 0.9, None);
                    }
                }
                if let Some(unit) = &c.unit {
                    lx.add(unit, Target::Unit(ti, ci), 0.9);
                    let long = unit_words(unit);
                    for w in long {
                        lx.add(w, Target::Unit(ti, ci), 0.9);
                    }
                }
            }
        }
        lx.add_key_nouns(m);
        lx.add_lone_heads(m);
        lx.add_members(m);
        lx.add_table_words(m);
        lx
    }

    fn add(&mut self, phrase: &str, target: Target, weight: f32) {
        let st = stems(phrase);
        self.add_stems(st, target, weight, None);
    }

    fn add_value(&mut self, field: Field, phrase: &str, value: &str, weight: f32) {
        let trimmed = phrase.trim();
        if trimmed.is_empty() || trimmed.parse::<f64>().is_ok() {
            return;
        }
        let target = Target::Value(field, value.to_string());
        self.by_text
            .entry(trimmed.to_lowercase())
            .or_default()
            .push(target.clone());
        let short_code = trimmed.len() <= 3 && trimmed.chars().all(|c| c.is_ascii_uppercase());
        let st: Vec<String> = phrase_stems(trimmed);
        let exact = short_code.then(|| trimmed.to_string());
        self.add_stems(st, target, weight, exact);
    }

    /// Sub-phrases of a multi-word column name, weaker than the whole name
    /// (`part_weight`).
    fn add_parts(&mut self, words: &[String], target: &Target) {
        let n = words.len();
        if n < 2 {
            return;
        }
        for len in 1..n {
            for start in 0..=n - len {
                let part = &words[start..start + len];
                if part.iter().all(|w| GENERIC.contains(&w.as_str())) {
                    continue;
                }
                // A part that ends on a preposition ("products in" of
                // `product_in_event_id`) would swallow the question's own
                // "in", "for", "by".
                let preposition = |w: &String| matches!(w.as_str(), "of" | "in" | "for" | "by" | "to" | "on" | "at" | "with" | "from");
                if part.first().is_some_and(|w| w == "of") || part.last().is_some_and(preposition) {
                    continue;
                }
                let weight = part_weight(len, n);
                self.add_stems(part.to_vec(), target.clone(), weight, None);
            }
        }
    }

    fn add_stems(&mut self, st: Vec<String>, target: Target, weight: f32, exact: Option<String>) {
        if st.is_empty() {
            return;
        }
        // Everyday synonyms of a one- or two-word name, a little weaker.
        if exact.is_none() && st.len() <= 2 && weight > 0.6 {
            for (k, w) in st.iter().enumerate() {
                if let Some((_, alts)) = english::THESAURUS.iter().find(|(x, _)| x == w) {
                    for alt in alts.iter() {
                        let mut other = st.clone();
                        other[k] = stem(alt);
                        if !self.has(&other, &target) {
                            self.insert_entry(other, target.clone(), weight * 0.85, None, true);
                        }
                    }
                }
            }
        }
        self.insert_entry(st, target, weight, exact, false);
    }

    fn has(&self, st: &[String], target: &Target) -> bool {
        self.by_first.get(&st[0]).is_some_and(|ids| {
            ids.iter()
                .any(|&id| self.entries[id].stems == st && self.entries[id].target == *target)
        })
    }

    fn insert_entry(
        &mut self,
        st: Vec<String>,
        target: Target,
        weight: f32,
        exact: Option<String>,
        alias: bool,
    ) {
        if let Some(ids) = self.by_first.get(&st[0]) {
            for &id in ids {
                let e = &mut self.entries[id];
                if e.stems == st && e.target == target {
                    e.weight = e.weight.max(weight);
                    e.alias &= alias;
                    return;
                }
            }
        }
        for w in &st {
            if !self.vocab.contains(w) {
                self.vocab.insert(w);
                self.roots.entry(root(w)).or_default().push(w.clone());
            }
        }
        let id = self.entries.len();
        if st.len() == 1 && st[0].chars().count() >= 7 {
            self.squashed.entry(st[0].clone()).or_default().push(id);
        }
        self.by_first.entry(st[0].clone()).or_default().push(id);
        self.entries.push(Entry {
            stems: st,
            target,
            weight,
            exact,
            alias,
        });
    }

    /// Value targets whose text is exactly `text` (case-insensitive).
    pub fn values_for_text(&self, text: &str) -> Vec<Target> {
        self.by_text
            .get(&text.trim().to_lowercase())
            .cloned()
            .unwrap_or_default()
    }

    /// The longest indexed phrase starting at token `i`, if any. `fuzzy_ok`
    /// says which tokens may be read as a near spelling.
    pub fn longest_at(
        &self,
        toks: &[Token],
        i: usize,
        fuzzy_ok: &dyn Fn(usize) -> bool,
    ) -> Option<LexMatch> {
        let firsts = self.readings(toks, i, fuzzy_ok(i));
        let mut best: Option<LexMatch> = None;
        // Consecutive words that spell a one-word name: "surface area" -> surfacearea.
        for n in (2..=4).rev() {
            let words = toks.get(i..i + n).filter(|w| w.iter().all(Token::is_word));
            let Some(words) = words else { continue };
            let by_stem: String = words.iter().map(|t| t.stem.as_str()).collect();
            let by_norm: String = words.iter().map(|t| t.norm.as_str()).collect();
            let ids = self
                .squashed
                .get(&by_stem)
                .or_else(|| self.squashed.get(&by_norm));
            if let Some(ids) = ids {
                let mut cands = Vec::new();
                for &id in ids {
                    let e = &self.entries[id];
                    push_cand(
                        &mut cands,
                        Cand {
                            target: e.target.clone(),
                            confidence: e.weight * 0.95,
                            fuzzy: false,
                        },
                    );
                }
                best = Some(LexMatch { len: n, cands });
                break;
            }
        }
        let (mut literal, mut aliases, mut literal_targets): (Option<f32>, Vec<Target>, Vec<Target>) = (None, Vec::new(), Vec::new());
        for (first, c0, near0) in &firsts {
            let Some(ids) = self.by_first.get(first) else {
                continue;
            };
            // A participle's gerund ("printing" for "printed"): it may read
            // a name, never a stored value ("jobs printed for X" is no
            // status 'Printing', a job still on the press).
            let form = *first != toks[i].stem
                && *first != toks[i].norm
                && root(first) == root(&toks[i].stem)
                && toks[i].norm.ends_with("ed")
                && first.ends_with("ing");
            for &id in ids {
                let e = &self.entries[id];
                if form && matches!(e.target, Target::Value(..)) {
                    continue;
                }
                if let Some(exact) = &e.exact {
                    if e.stems.len() != 1 || toks[i].raw != *exact {
                        continue;
                    }
                }
                let Some((len, conf, near)) = self.follow(toks, i, e, (*c0, *near0), fuzzy_ok) else {
                    continue;
                };
                if len > 1 && participle_clause(&toks[i], &toks[i + len - 1], e.stems.last()) {
                    continue;
                }
                // A word read through a relative is no forgiven
                // misspelling: what it names must be in the answer; and
                // it reads a whole name, not a part of one ("maintain"
                // is no `maintenance_contract_id`).
                let related = toks[i..i + len].iter().any(|t| t.related);
                if related && e.weight < WHOLE_NAME {
                    continue;
                }
                let of_table = match e.target {
                    Target::Table(t) | Target::Column(t, _) => Some(t),
                    _ => None,
                };
                if of_table.is_some() && toks[i..i + len].iter().any(|t| t.not_of_table == of_table) {
                    continue;
                }
                // Nor is an abbreviation spelled out ("prerequisites" for
                // `prereq`, no English word itself; "renting" for `rent`
                // is another form of a word): a word written in full names
                // what it names.
                let spelled = conf < 1.0
                    && e.stems[0].len() >= 3
                    && self.abbrevs.contains(&e.stems[0])
                    && toks[i].stem != e.stems[0]
                    && !crate::words::is_english_word(&e.stems[0]);
                let cand = Cand {
                    target: e.target.clone(),
                    confidence: (conf * e.weight).min(1.0),
                    fuzzy: conf < 1.0 && near && !related && !spelled,
                };
                match &mut best {
                    Some(b) if b.len > len => continue,
                    Some(b) if b.len == len => push_cand(&mut b.cands, cand),
                    _ => {
                        literal = None;
                        aliases.clear();
                        literal_targets.clear();
                        best = Some(LexMatch {
                            len,
                            cands: vec![cand],
                        })
                    }
                }
                if e.alias {
                    aliases.push(e.target.clone());
                } else {
                    literal = Some(literal.unwrap_or(0.0f32).max((conf * e.weight).min(1.0)));
                    literal_targets.push(e.target.clone());
                }
            }
        }
        // A synonym ("state" for `country`) never outranks a column the
        // word names itself (`state_province_county`).
        if let (Some(b), Some(cap)) = (&mut best, literal) {
            for c in b.cands.iter_mut() {
                if aliases.contains(&c.target) && !literal_targets.contains(&c.target) && c.confidence >= cap {
                    c.confidence = (cap - 0.01).max(0.0);
                }
            }
        }
        if best.is_none() && fuzzy_ok(i) {
            best = self.squashed_part(&toks[i]);
        }
        if let Some(b) = &mut best {
            b.cands
                .sort_by(|x, y| y.confidence.total_cmp(&x.confidence));
        }
        best
    }

    /// A word that begins or ends a column or table name written without
    /// separators ("area" in `surfacearea`, "government" in
    /// `governmentform`), when the word names nothing else: a weak reading,
    /// like one word of a multi-word name.
    fn squashed_part(&self, t: &Token) -> Option<LexMatch> {
        let w = t.stem.as_str();
        if w.chars().count() < 4 || GENERIC.contains(&w) || !t.is_word() {
            return None;
        }
        let mut ids: Vec<usize> = self
            .squashed
            .iter()
            .filter(|(s, _)| s.len() >= w.len() + 3 && (s.starts_with(w) || s.ends_with(w)))
            .flat_map(|(_, ids)| ids.iter().copied())
            .filter(|&id| {
                let e = &self.entries[id];
                let rest = e.stems[0].len() - w.len();
                let affix = if e.stems[0].starts_with(w) {
                    &e.stems[0][w.len()..]
                } else {
                    &e.stems[0][..rest]
                };
                e.weight >= 0.9
                    && !WORD_ENDINGS.contains(&affix)
                    && matches!(
                        e.target,
                        Target::Column(..) | Target::Table(_) | Target::Dimension(_)
                    )
            })
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let mut cands = Vec::new();
        for id in ids {
            let e = &self.entries[id];
            push_cand(
                &mut cands,
                Cand {
                    target: e.target.clone(),
                    confidence: e.weight * 0.7,
                    fuzzy: false,
                },
            );
        }
        (!cands.is_empty()).then_some(LexMatch { len: 1, cands })
    }

    /// Matches entry `e` from token `i`; returns tokens used, confidence,
    /// and whether every word not spelled as in the name could be a slip
    /// forgiven when unused (see [`Lexicon::readings`]).
    /// An "of" or "the" in the question between two phrase words is skipped.
    fn follow(
        &self,
        toks: &[Token],
        i: usize,
        e: &Entry,
        (c0, near0): (f32, bool),
        fuzzy_ok: &dyn Fn(usize) -> bool,
    ) -> Option<(usize, f32, bool)> {
        let mut conf = c0;
        let mut near = near0;
        let mut j = i + 1;
        for w in &e.stems[1..] {
            let reading = |k: usize| -> Option<(f32, bool)> {
                if k >= toks.len() {
                    return None;
                }
                self.readings(toks, k, fuzzy_ok(k))
                    .into_iter()
                    .find(|(s, _, _)| s == w)
                    .map(|r| (r.1, r.2))
            };
            if let Some((c, n)) = reading(j) {
                conf *= c;
                near &= n;
                j += 1;
            } else if w == "and" && toks.get(j).is_some_and(|t| t.norm == "or") {
                // "course authors or tutors" for `course_authors_and_tutors`:
                // inside a name, the rows are of either kind.
                j += 1;
            } else if j < toks.len()
                && matches!(
                    toks[j].norm.as_str(),
                    "of" | "the" | "their" | "its" | "a" | "an" | "his" | "her"
                )
            {
                let (c, n) = reading(j + 1)?;
                conf *= c;
                near &= n;
                j += 2;
            } else {
                return None;
            }
        }
        Some((j - i, conf, near))
    }

    /// The spellings token `i` may stand for, with confidence, and whether a
    /// plan leaving the reading unused may forgive it as a slip: not for a
    /// noun made of the name's verb ("restoration" for `Is_Restored`), which
    /// names what it names as surely as the name itself.
    fn readings(&self, toks: &[Token], i: usize, fuzzy_ok: bool) -> Vec<(String, f32, bool)> {
        let t = &toks[i];
        match &t.kind {
            TokKind::Word => {}
            TokKind::Number(_) => return vec![(t.norm.clone(), 1.0, true)],
            _ => return Vec::new(),
        }
        let mut out = vec![(t.stem.clone(), 1.0, true)];
        if t.norm != t.stem {
            out.push((t.norm.clone(), 1.0, true));
        }
        // "run organically", "operated remotely", "currently assigned": an
        // adverb made of an adjective a name uses (`Organic`, `is_remote`,
        // `Is_Current`) says that adjective; never dropped as a filler.
        for adj in adjective_of_adverb(&t.norm) {
            let s = stem(&adj);
            if self.vocab.contains(&s) && !out.iter().any(|(o, _, _)| *o == s) {
                out.push((s, 0.9, false));
            }
        }
        if fuzzy_ok {
            // Other forms of the same word: "breaching" for "breached".
            let noun = NOUN_SUFFIXES.iter().any(|s| t.norm.len() > s.len() + 3 && t.norm.ends_with(s));
            if let Some(ws) = self.roots.get(&root(&t.stem)) {
                for w in ws {
                    if *w != t.stem {
                        out.push((w.clone(), 0.9, !noun));
                    }
                }
            }
        }
        // "account" for `acc`, "first" for the `f` of `fname`.
        if t.norm.chars().count() >= 3 && !english::is_stopword(&t.norm) && t.norm != "full" {
            for a in &self.abbrevs {
                // "Lyon" capitalised mid-sentence is a name, not the `l` of `LName`.
                if t.capital && a.chars().count() == 1 {
                    continue;
                }
                if names::spells_out(&t.stem, a) || names::spells_out(&t.norm, a) || names::contracts(&t.norm, a) || names::contracts(&t.stem, a) {
                    // "first name" for `FName`, "last name" for `LName`: the
                    // letter is the word, no misspelling to forgive.
                    let name_letter = a.chars().count() == 1 && matches!(t.norm.as_str(), "first" | "last" | "middle");
                    out.push((a.clone(), 0.8, !name_letter));
                }
            }
        }
        if fuzzy_ok && !self.vocab.contains(&t.stem) {
            let len = t.stem.chars().count();
            for (w, d) in self.vocab.near(&t.stem) {
                out.push((w, fuzzy::confidence(d, len), true));
            }
            // "attend" for `attendance`, "interact" for `interaction`: the
            // noun the names make of the question's verb.
            if t.norm.chars().count() >= 5 {
                for suf in NOUN_ENDINGS {
                    let s = stem(&format!("{}{suf}", t.norm));
                    if self.vocab.contains(&s) && !out.iter().any(|(o, _, _)| *o == s) {
                        out.push((s, RELATIVE, true));
                    }
                }
            }
            // A word the names do not use, read by a relative they do:
            // "advises" for an `advisor` table, "attended" for
            // `attendance`.
            if t.related {
                for (w, _) in thesaurus::related(&t.norm).into_iter().filter(|(_, r)| *r != thesaurus::Relation::Attribute) {
                    let s = stem(w);
                    if self.vocab.contains(&s) && !out.iter().any(|(o, _, _)| *o == s) {
                        out.push((s, RELATIVE, true));
                    }
                }
            }
        }
        out
    }
}

/// The adjectives an adverb is made of: "organically" -> "organic",
/// "remotely" -> "remote", "happily" -> "happy", "notably" -> "notable";
/// none for a word that is no adverb in -ly ("family", "only") or says
/// how often ("yearly").
pub fn adjective_of_adverb(w: &str) -> Vec<String> {
    let mut out = Vec::new();
    let Some(base) = w.strip_suffix("ly").filter(|b| b.len() >= 4) else { return out };
    // "yearly", "monthly": how often, not the period's column.
    if matches!(base, "hour" | "week" | "month" | "year" | "quarter" | "night") {
        return out;
    }
    if let Some(b) = base.strip_suffix("ical") {
        out.push(format!("{b}ic"));
    }
    if let Some(b) = base.strip_suffix('i') {
        out.push(format!("{b}y"));
    }
    if base.ends_with("ab") || base.ends_with("ib") {
        out.push(format!("{base}le"));
    }
    out.push(base.to_string());
    // "family" is no adverb of "fami": the adjective must be a word.
    out.retain(|a| crate::words::is_english_word(a));
    out
}

/// A crude root shared by word forms: "breaching", "breached" and "breach"
/// -> "breach"; "rated", "rating", "rate" -> "rat"; "cancelled" -> "cancel".
pub fn root(w: &str) -> String {
    let mut r = w;
    for suf in ["ations", "ation", "ings", "ing", "ied", "ed", "es"] {
        if r.len() > suf.len() + 2 {
            if let Some(x) = r.strip_suffix(suf) {
                r = x;
                break;
            }
        }
    }
    let mut out = r.to_string();
    let b = out.as_bytes();
    if b.len() > 3
        && b[b.len() - 1] == b[b.len() - 2]
        && !matches!(b[b.len() - 1], b's' | b'e' | b'o')
    {
        out.pop();
    }
    if out.len() > 3 && out.ends_with('e') {
        out.pop();
    }
    out
}

/// "wines scoring higher than 90": a plural noun and a verb's -ing form
/// after it are rows and what they do, not one name (`wine.score` is
/// named "wine score").
fn participle_clause(first: &Token, last: &Token, name_word: Option<&String>) -> bool {
    first.norm.ends_with('s') && first.norm != first.stem && last.norm.ends_with("ing") && name_word != Some(&last.stem)
}

fn push_cand(cands: &mut Vec<Cand>, cand: Cand) {
    if let Some(c) = cands.iter_mut().find(|c| c.target == cand.target) {
        if cand.confidence > c.confidence {
            *c = cand;
        }
    } else {
        cands.push(cand);
    }
}

/// Stems of a free-text phrase (a value such as "North America" or "in_progress").
fn phrase_stems(text: &str) -> Vec<String> {
    text.split_whitespace()
        .flat_map(|w| stems(w.trim_matches(|c: char| !c.is_alphanumeric())))
        .collect()
}

/// Spelled-out forms of common unit symbols.
/// The other words, stemmed, of a number column named for how long
/// something takes in a time unit (`crossing_min`, `delay_hrs`,
/// `labor_hours`), when they say neither a time already nor a clock
/// reading (`play_time_min`, `start_min`).
fn duration_words(name: &str, ty: &str) -> Option<Vec<String>> {
    let words = split_identifier(name);
    let (last, rest) = words.split_last()?;
    let timed = matches!(crate::planner::units::unit_words(last).as_slice(), [u] if matches!(u.as_str(), "minute" | "hour" | "second"));
    let number = crate::semantic::is_numeric(ty);
    let clock = rest.iter().any(|w| matches!(w.as_str(), "time" | "duration" | "start" | "end" | "begin" | "finish" | "max" | "min" | "avg" | "total"));
    (timed && number && !rest.is_empty() && !clock).then(|| rest.iter().map(|w| stem(w)).collect())
}

fn unit_words(unit: &str) -> Vec<&'static str> {
    match unit.trim().to_lowercase().as_str() {
        "v" | "volt" | "volts" => vec!["volt", "volts", "v"],
        "°c" | "c" | "celsius" | "degc" | "degrees c" => vec!["degree", "degrees", "celsius", "c"],
        "°f" | "f" | "fahrenheit" => vec!["degree", "degrees", "fahrenheit"],
        "%" | "percent" | "pct" => vec!["percent"],
        "h" | "hr" | "hrs" | "hour" | "hours" => vec!["hour", "hours"],
        "min" | "minute" | "minutes" => vec!["minute", "minutes"],
        "s" | "sec" | "second" | "seconds" => vec!["second", "seconds"],
        "ppm" => vec!["ppm"],
        "kg" => vec!["kilogram", "kilo", "kg"],
        "km" => vec!["kilometre", "kilometer", "km"],
        _ => Vec::new(),
    }
}

/// Reads `SUM(t.c)`, `AVG(t.c)`, `COUNT(*)`, `COUNT(DISTINCT t.c)` and the
/// like; anything more complex is not a simple aggregate.
pub fn parse_simple_agg(m: &Manifest, expr: &str) -> Option<SimpleAgg> {
    let e = expr.trim();
    let open = e.find('(')?;
    if !e.ends_with(')') {
        return None;
    }
    let func = e[..open].trim().to_ascii_uppercase();
    let mut inner = e[open + 1..e.len() - 1].trim().to_string();
    let mut distinct = false;
    if inner.to_ascii_uppercase().starts_with("DISTINCT ") {
        distinct = true;
        inner = inner[9..].trim().to_string();
    }
    let agg = match (func.as_str(), distinct) {
        ("COUNT", true) => Agg::CountDistinct,
        ("COUNT", false) => Agg::Count,
        ("SUM", _) => Agg::Sum,
        ("AVG", _) | ("MEAN", _) => Agg::Avg,
        ("MEDIAN", _) => Agg::Median,
        ("MIN", _) => Agg::Min,
        ("MAX", _) => Agg::Max,
        ("STDDEV", _) | ("STDDEV_SAMP", _) => Agg::Stddev,
        _ => return None,
    };
    if inner == "*" || inner == "1" {
        return (agg == Agg::Count).then_some(SimpleAgg { agg, column: None });
    }
    if !inner
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '"')
    {
        return None;
    }
    let q = inner.replace('"', "");
    let (t, c) = m.column(&q)?;
    let ti = m.tables.iter().position(|x| x.name == t.name)?;
    let ci = t.columns.iter().position(|x| x.name == c.name)?;
    Some(SimpleAgg {
        agg,
        column: Some((ti, ci)),
    })
}

/// The weight of a sub-phrase of `len` words of an `n`-word column name:
/// weaker than the whole name, stronger the more of it the part holds.
fn part_weight(len: usize, n: usize) -> f32 {
    0.55 + 0.25 * len as f32 / n as f32
}

/// The word after a one-letter prefix that is the initial of a word of the
/// table's name: `gtype` in `video_games` -> "type", `dname` in `department`
/// -> "name". Not when the name is itself a word (`price`, `party`), nor
/// when another column of the table has the same word after another letter
/// (`fname` beside `lname`: the letter says which name).
pub(super) fn initial_and_word(table: &str, columns: &[crate::semantic::Column], column: &str) -> Option<String> {
    let c = column.to_lowercase();
    let parts = split_identifier(column);
    let (first, rest) = (c.chars().next()?, c.get(1..)?);
    if parts.len() != 1 || rest.chars().count() < 3 || !rest.chars().all(|ch| ch.is_ascii_lowercase()) {
        return None;
    }
    if crate::words::is_english_word(&c) || !crate::words::is_english_word(rest) {
        return None;
    }
    if !split_identifier(table).iter().any(|w| w.starts_with(first)) {
        return None;
    }
    let twin = columns.iter().any(|o| {
        let o = o.name.to_lowercase();
        o != c && o.get(1..) == Some(rest)
    });
    (!twin).then(|| rest.to_string())
}
