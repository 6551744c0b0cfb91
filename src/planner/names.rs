//! Column names as people say them: the other phrasings of a schema name
//! that general English and general naming conventions allow.
//!
//! - A name that starts with its head noun (`date_claim_made`,
//!   `date_of_notes`) is said head last ("claim date", "notes date"), and a
//!   name that ends with it (`hire_date`) is said "date of hire".
//! - A middle word may be left out ("transaction code" for
//!   `transaction_type_code`).
//! - A lowercase name written without separators that ends in a head word
//!   (`fname`, `clubdesc`, `flno`) splits into its abbreviated prefix and
//!   the head, and a question word may spell such a prefix out ("first",
//!   "club", "flight"), as it may any short part of a multi-word name
//!   (`acc_bal`: "account balance").
//! - "female", "women", "male", "men" are values of a sex or gender column
//!   holding F/M or Female/Male (found through the dataset's value index).
//!
//! Invariants: pure functions of the names (and, for gender, of the
//! values the index holds); general English, never a particular schema.

pub use crate::dataset::names::contracts;

/// Head nouns of column names: what a column is (its date, name, code).
pub const HEADS: &[&str] = &[
    "date", "name", "code", "id", "type", "description", "time", "year", "number", "count", "amount",
    "detail", "status",
];

/// Heads that do not read "head of X": "number of", "count of", "amount
/// of" ask for a count or a total, and "the names of X", "the ids of X"
/// are X's own names and ids (the subject, a table's rows).
const NOT_HEAD_OF: &[&str] = &["number", "count", "amount", "total", "detail", "status", "name", "id"];

/// Endings a run-together lowercase name may end with, and the head each
/// spells (`fname`, `bdate`, `clubdesc`, `flno`).
const RUN_TOGETHER: &[(&str, &str)] = &[
    ("name", "name"),
    ("date", "date"),
    ("desc", "description"),
    ("type", "type"),
    ("code", "code"),
    ("no", "number"),
    ("num", "number"),
];

/// English endings that make a longer word of a word ("count" + "ry",
/// "age" + "nt"): a word that is a name part plus one of these is another
/// word, not the part spelled out.
const ENDINGS: &[&str] = &[
    "s", "es", "ed", "er", "ers", "ing", "ings", "ly", "y", "ry", "al", "ion", "ions", "nt", "nts",
    "ent", "ents", "d", "r", "n", "ment", "or", "ors", "ory", "ive", "ives", "ant", "ants", "ity",
    "ist", "ists", "ian", "ians", "ee", "ees",
];

/// Other phrasings of a column whose stems are `cstems`, with the weight of
/// each relative to the name itself (1.0).
pub fn column_phrasings(cstems: &[String]) -> Vec<(Vec<String>, f32)> {
    let mut out: Vec<(Vec<String>, f32)> = Vec::new();
    let n = cstems.len();
    if n < 2 {
        return out;
    }
    let is_head = |w: &String| HEADS.contains(&w.as_str());
    let content = |ws: &[String]| -> Vec<String> { ws.iter().filter(|w| *w != "of").cloned().collect() };
    // `date_claim_made` -> "claim made date", "claim date".
    if is_head(&cstems[0]) && !is_head(&cstems[1]) {
        let head = cstems[0].clone();
        let rest = content(&cstems[1..]);
        if !rest.is_empty() {
            let mut all = rest.clone();
            all.push(head.clone());
            out.push((all, 0.95));
            if rest.len() > 1 {
                for w in &rest {
                    if w.chars().count() >= 3 && !is_head(w) {
                        out.push((vec![w.clone(), head.clone()], 0.8));
                    }
                }
            }
        }
    }
    // `hire_date` -> "date of hire" (the lexicon skips "of" and "the").
    let last = &cstems[n - 1];
    if is_head(last) && !NOT_HEAD_OF.contains(&last.as_str()) && !is_head(&cstems[0]) {
        let mut all = vec![last.clone()];
        all.extend(content(&cstems[..n - 1]));
        out.push((all, 0.9));
    }
    // `transaction_type_code` -> "transaction code".
    if n >= 3 && is_head(last) && !is_head(&cstems[0]) && cstems[0] != "of" {
        out.push((vec![cstems[0].clone(), last.clone()], 0.8));
    }
    out
}

/// A lowercase name written without separators that ends in a head word,
/// split into its prefix and the head (`clubdesc` -> club, description;
/// `fname` -> f, name; `flno` -> fl, number), when the prefix is short (an
/// initial or two) or begins a word of the table's name.
pub fn split_run_together(word: &str, tstems: &[String]) -> Option<Vec<String>> {
    if !word.chars().all(|c| c.is_ascii_lowercase()) || HEADS.contains(&word) {
        return None;
    }
    RUN_TOGETHER.iter().find_map(|(end, head)| {
        let prefix = word.strip_suffix(end)?;
        let short = !prefix.is_empty() && prefix.len() <= 2;
        let of_table = prefix.len() >= 2 && tstems.iter().any(|t| t.starts_with(prefix));
        let number = *head == "number";
        (short || of_table && (!number || prefix.len() <= 4))
            .then(|| vec![prefix.to_string(), (*head).to_string()])
    })
}

/// True when the question word `word` (a stem) spells out `part`, a short
/// part of a schema name: `acc` in "account", `cust` in "customer", `f` in
/// "first"; not when the rest of the word is an English ending ("country"
/// is not `count` spelled out).
pub fn spells_out(word: &str, part: &str) -> bool {
    let Some(rest) = word.strip_prefix(part) else { return false };
    let initial = part.len() <= 2;
    !rest.is_empty()
        && word.len() >= 3
        && word.chars().all(|c| c.is_ascii_lowercase())
        && (initial || rest.len() >= 2)
        && !ENDINGS.contains(&rest)
}

/// The two sexes as the question says them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sex {
    Female,
    Male,
}

/// The sex a word of the question names ("female", "women", "girls").
pub fn sex_word(stem: &str) -> Option<Sex> {
    match stem {
        "female" | "woman" | "women" | "girl" | "lady" => Some(Sex::Female),
        "male" | "man" | "men" | "boy" | "gentleman" => Some(Sex::Male),
        _ => None,
    }
}

/// How a sex or gender column may store each sex, most common first.
pub fn sex_spellings(s: Sex) -> &'static [&'static str] {
    match s {
        Sex::Female => &["F", "Female", "female", "f", "W", "Woman"],
        Sex::Male => &["M", "Male", "male", "m", "Man"],
    }
}

/// True for a column that records sex or gender (`sex`, `Gender`, `emp_sex`).
pub fn is_sex_column(cstems: &[String]) -> bool {
    cstems.last().is_some_and(|w| w == "sex" || w == "gender")
}
