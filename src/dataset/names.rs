//! What column and table names say: their words (camelCase, snake_case,
//! kebab-case, spaces), a readable label with common abbreviations spelled
//! out (`num_employees` -> "number of employees", `order_dt` -> "order
//! date"), and how strongly a column's name points at another table's key.
//!
//! Invariants: pure functions of the names; every rule here is general
//! English or general naming convention, never a particular schema.

pub use crate::words::{identifier_words as words, singular};

/// A word as names are compared: singular, and a plural of a noun in `-us`
/// read back to it (`campuses` -> campus, as `campus`; `bonuses` -> bonus),
/// which [`singular`] leaves as `campuse`. A `-use` after a consonant loses
/// its `e` on both sides (`excuse` and `excuses` -> excus), so the two
/// spellings of one noun always compare equal.
pub fn noun(w: &str) -> String {
    let s = singular(w);
    let b = s.as_bytes();
    let n = b.len();
    if n >= 5 && s.ends_with("use") && !b"aeiou".contains(&b[n - 4]) {
        return s[..n - 1].to_string();
    }
    s
}

/// Abbreviations common in column names, with the words they stand for.
/// `num` and `no` read "number of" when they lead the name ("num_employees")
/// and "number" otherwise ("phone_num").
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("amt", "amount"),
    ("avg", "average"),
    ("cnt", "count"),
    ("qty", "quantity"),
    ("dt", "date"),
    ("yr", "year"),
    ("yrs", "years"),
    ("mo", "month"),
    ("mth", "month"),
    ("wk", "week"),
    ("hr", "hour"),
    ("hrs", "hours"),
    ("min", "minimum"),
    ("max", "maximum"),
    ("pct", "percent"),
    ("perc", "percent"),
    ("addr", "address"),
    ("desc", "description"),
    ("descr", "description"),
    ("dept", "department"),
    ("emp", "employee"),
    ("mgr", "manager"),
    ("cust", "customer"),
    ("prod", "product"),
    ("cat", "category"),
    ("loc", "location"),
    ("tel", "telephone"),
    ("dob", "date of birth"),
    ("fname", "first name"),
    ("lname", "last name"),
    ("lat", "latitude"),
    ("lng", "longitude"),
    ("lon", "longitude"),
    ("long", "longitude"),
    ("temp", "temperature"),
    ("ht", "height"),
    ("wt", "weight"),
    ("pop", "population"),
    ("std", "standard"),
    ("info", "information"),
    ("img", "image"),
    ("msg", "message"),
    ("ref", "reference"),
    ("tot", "total"),
    ("tx", "transaction"),
    ("trans", "transaction"),
    ("acct", "account"),
    ("acc", "account"),
    ("bal", "balance"),
    ("seq", "sequence"),
    ("ctry", "country"),
    ("ppl", "people"),
    ("len", "length"),
    ("dist", "distance"),
    ("dur", "duration"),
    ("elev", "elevation"),
    ("mins", "minutes"),
    ("secs", "seconds"),
];

/// Words of a name with abbreviations spelled out, as a phrase: `num_employees`
/// -> "number of employees", `order_dt` -> "order date", `YearsWorkingYR` ->
/// "years working year". Unknown words are kept as they are.
pub fn label(name: &str) -> String {
    let ws = words(name);
    let n = ws.len();
    let mut out: Vec<String> = Vec::with_capacity(n);
    for (i, w) in ws.iter().enumerate() {
        let spelled = match w.as_str() {
            "num" | "no" | "nbr" | "nr" if i == 0 && n > 1 && ws[1] != "of" => "number of".to_string(),
            "num" | "no" | "nbr" | "nr" => "number".to_string(),
            // "long" and "min" are words in their own right; only expand them
            // beside another word that makes the abbreviation plain.
            "long" if !ws.iter().any(|x| x == "lat") => w.clone(),
            "min" | "max" if n == 1 => w.clone(),
            _ => ABBREVIATIONS
                .iter()
                .find(|(a, _)| a == w)
                .map_or_else(|| w.clone(), |(_, full)| full.to_string()),
        };
        out.push(spelled);
    }
    out.join(" ")
}

/// Words that end a key column's name without naming anything.
const KEY_WORDS: &[&str] = &["id", "code", "key", "no", "num", "number", "uid", "ref"];

/// The words of a column name that name what it refers to: its words without
/// a trailing key word (`customer_id` -> [customer], `AirportCode` ->
/// [airport], `airline` -> [airline]).
pub fn referent(column: &str) -> Vec<String> {
    let mut ws = words(column);
    if ws.len() > 1 && ws.last().is_some_and(|w| KEY_WORDS.contains(&w.as_str())) {
        ws.pop();
    }
    // `customerid`, `countrycode` written as one word.
    if ws.len() == 1 {
        for k in ["id", "code", "key", "uid", "no"] {
            if let Some(stem) = ws[0].strip_suffix(k).filter(|s| s.len() >= 3) {
                ws[0] = stem.to_string();
                break;
            }
        }
    }
    ws
}

/// Nouns for the one who does something to a row: a column named so
/// (`owner_id`, `advisor`, `manager_id`) refers to a person without
/// saying which table holds them.
const AGENT_NOUNS: &[&str] = &[
    "owner", "manager", "supervisor", "advisor", "adviser", "mentor", "leader", "author", "creator", "host", "organiser",
    "organizer", "coach", "instructor", "teacher", "tutor", "reviewer", "referee", "judge", "buyer", "seller", "driver",
    "checker", "inspector", "approver", "requester", "assignee", "reporter", "recorder", "handler", "keeper",
    // People by what they do to a row: `accession.collector`, `shows.director`.
    "collector", "director", "producer", "presenter", "editor", "curator", "conductor", "captain", "pilot", "guide",
    "foreman", "trainer", "sponsor", "founder", "designer", "operator", "examiner", "auditor", "agent",
];

/// True when `column` names the one who did something to its row by
/// role, not by table: `booked_by`, `approved_by_id`, `assigned_to`,
/// `owner_id`, `advisor`.
pub fn is_role_reference(column: &str) -> bool {
    let ws = referent(column);
    let Some(last) = ws.last() else { return false };
    if last == "by" && ws.len() > 1 {
        return true;
    }
    if last == "to" && ws.len() == 2 && ws[0].ends_with("ed") {
        return true;
    }
    ws.len() <= 2 && AGENT_NOUNS.contains(&noun(last).as_str())
}

/// True when the name ends in a key word (`id`, `code`, ...), or is one.
pub fn is_keyish(column: &str) -> bool {
    let ws = words(column);
    let last = ws.last().map(String::as_str).unwrap_or("");
    KEY_WORDS.contains(&last)
        || ["id", "code", "uid", "key"].iter().any(|k| last.len() > k.len() + 2 && last.ends_with(k))
}

/// How strongly names say that `from_col` (in some table) refers to
/// `to_table.to_col`: the name evidence of a foreign key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameEvidence {
    /// Nothing in the names relates the two.
    None,
    /// A word is shared (`airport_name` and `terminals.airport_code`).
    Shared,
    /// The column names the table or its key (`customer_id` -> `customers.id`,
    /// `airline` -> `airlines.uid`, `people_id` -> `people.people_id`).
    Names,
}

impl NameEvidence {
    pub fn describe(self) -> &'static str {
        match self {
            NameEvidence::None => "no name evidence",
            NameEvidence::Shared => "names share a word",
            NameEvidence::Names => "name refers to the table or its key",
        }
    }
}

/// The name evidence that `from_col` refers to `to_table.to_col`.
pub fn name_evidence(from_col: &str, to_table: &str, to_col: &str) -> NameEvidence {
    let from_l = from_col.to_ascii_lowercase();
    let to_l = to_col.to_ascii_lowercase();
    let table_words: Vec<String> = words(to_table).iter().map(|w| noun(w)).collect();
    let refs: Vec<String> = referent(from_col).iter().map(|w| noun(w)).collect();
    let to_refs: Vec<String> = referent(to_col).iter().map(|w| noun(w)).collect();
    // Same column name, when that name is not a bare key word (`id = id` says nothing).
    if from_l == to_l && !KEY_WORDS.contains(&from_l.as_str()) {
        return NameEvidence::Names;
    }
    // The column's referent is the table's name (`customer_id`, `airline`, `artist`),
    // or ends with it (`home_team_id` -> team).
    if !refs.is_empty() && (refs == table_words || refs.ends_with(&table_words)) {
        return NameEvidence::Names;
    }
    // The table's name ends with the referent (`player_id` -> `team_player.id`),
    // unless the key names something else (`branch_id` is no
    // `membership_register_branch.member_id`).
    let key_says_else = to_refs.iter().any(|w| !KEY_WORDS.contains(&w.as_str())) && !to_refs.iter().any(|w| refs.contains(w));
    if !refs.is_empty() && table_words.len() > 1 && table_words.ends_with(&refs) && !key_says_else {
        return NameEvidence::Names;
    }
    // The column's referent is the key's referent (`airport_code` -> `airports.code`
    // named `airportcode`).
    if !refs.is_empty() && refs == to_refs && to_refs.iter().any(|w| !KEY_WORDS.contains(&w.as_str())) {
        return NameEvidence::Names;
    }
    // A shared word counts only when it is what the column is about, its head
    // noun (`supplier_company_id` -> company): `order_quantity` is a quantity,
    // not an order, and `rental_duration` no rental.
    let shared = head(&refs).is_some_and(|w| table_words.contains(&w) || to_refs.contains(&w));
    if shared {
        NameEvidence::Shared
    } else {
        NameEvidence::None
    }
}

/// True when `from_col` is a key's whole name after a qualifier
/// (`src_apid` and `apid`, `supplier_company_id` and `company_id`): the key's
/// name ends like a key (`id`, `code`, ...; `games_year` is no `year`) and
/// says more than a key word (`home_id` is no `id`).
pub fn qualifies_key_name(from_col: &str, to_col: &str) -> bool {
    let (f, k) = (words(from_col), words(to_col));
    let ends_like_key = k.last().is_some_and(|w| ["id", "code", "key", "uid"].iter().any(|e| w.ends_with(e)));
    f.len() > k.len()
        && f.ends_with(&k)
        && ends_like_key
        && k.iter().any(|w| w.len() > 2 && !KEY_WORDS.contains(&w.as_str()) && !IDENTIFYING.contains(&w.as_str()))
}

/// Prepositions that end the noun a name is about (`member_in_charge_id`).
const PREPOSITIONS: &[&str] = &["in", "of", "for", "by", "at", "to", "from", "on", "with"];

/// Words that identify rather than name a thing (`airport_name` is about an airport).
const IDENTIFYING: &[&str] = &["name", "title"];

/// The head noun of a referent: its last content word before any
/// preposition, skipping key words and identifying words (`member_in_charge`
/// -> member, `airport_name` -> airport, `order_quantity` -> quantity).
fn head(refs: &[String]) -> Option<String> {
    let end = refs.iter().position(|w| PREPOSITIONS.contains(&w.as_str())).unwrap_or(refs.len());
    refs[..end]
        .iter()
        .rev()
        .find(|w| w.len() > 2 && !KEY_WORDS.contains(&w.as_str()) && !IDENTIFYING.contains(&w.as_str()))
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("order_date", &["order", "date"])]
    #[case("customerId", &["customer", "id"])]
    #[case("HTTPStatus", &["http", "status"])]
    #[case("Singer_ID", &["singer", "id"])]
    #[case("unit price", &["unit", "price"])]
    fn splits_names(#[case] name: &str, #[case] want: &[&str]) {
        assert_eq!(words(name), want);
    }

    #[rstest]
    #[case("num_employees", "number of employees")]
    #[case("phone_num", "phone number")]
    #[case("order_dt", "order date")]
    #[case("birthYr", "birth year")]
    #[case("total_amt", "total amount")]
    #[case("NoOfEmployees", "number of employees")]
    #[case("dept_name", "department name")]
    #[case("max_speed", "maximum speed")]
    #[case("min", "min")]
    #[case("lat", "latitude")]
    #[case("long", "long")]
    #[case("price", "price")]
    fn labels_spell_out_abbreviations(#[case] name: &str, #[case] want: &str) {
        assert_eq!(label(name), want);
    }

    #[rstest]
    #[case("customer_id", "customers", "id", NameEvidence::Names)]
    #[case("airline", "airlines", "uid", NameEvidence::Names)]
    #[case("CustomerID", "customers", "customer_id", NameEvidence::Names)]
    #[case("people_id", "people", "people_id", NameEvidence::Names)]
    #[case("home_team_id", "team", "id", NameEvidence::Names)]
    #[case("countrycode", "country", "code", NameEvidence::Names)]
    #[case("SourceAirport", "airports", "AirportCode", NameEvidence::Names)]
    #[case("source_city", "airports", "airport_code", NameEvidence::None)]
    #[case("airport_name", "terminals", "airport_code", NameEvidence::Shared)]
    #[case("rank", "singer", "singer_id", NameEvidence::None)]
    #[case("id", "orders", "id", NameEvidence::None)]
    #[case("age", "customers", "id", NameEvidence::None)]
    // A shared word that is not the column's head noun says nothing.
    #[case("order_quantity", "customer_orders", "order_id", NameEvidence::None)]
    #[case("rental_duration", "rental", "rental_id", NameEvidence::None)]
    #[case("maintenance_contract_company_id", "maintenance_engineers", "engineer_id", NameEvidence::None)]
    #[case("supplier_company_id", "third_party_companies", "company_id", NameEvidence::Shared)]
    #[case("member_in_charge_id", "member", "member_id", NameEvidence::Shared)]
    #[case("genre_is", "genre", "g_name", NameEvidence::Shared)]
    // A table whose name ends with the referent, but whose key names something else.
    #[case("branch_id", "membership_register_branch", "member_id", NameEvidence::Shared)]
    #[case("player_id", "team_player", "id", NameEvidence::Names)]
    #[case("campus", "campuses", "id", NameEvidence::Names)]
    fn name_evidence_of_foreign_keys(#[case] col: &str, #[case] table: &str, #[case] key: &str, #[case] want: NameEvidence) {
        assert_eq!(name_evidence(col, table, key), want);
    }

    #[rstest]
    #[case("campuses", "campus")]
    #[case("campus", "campus")]
    #[case("bonuses", "bonus")]
    #[case("houses", "house")]
    #[case("excuses", "excus")]
    #[case("excuse", "excus")]
    #[case("companies", "company")]
    fn nouns_compare_with_their_plurals(#[case] w: &str, #[case] want: &str) {
        assert_eq!(noun(w), want);
    }

    #[rstest]
    #[case("src_apid", "apid", true)]
    #[case("supplier_company_id", "company_id", true)]
    #[case("apid", "apid", false)]
    #[case("home_id", "id", false)]
    #[case("games_year", "year", false)]
    #[case("manager_name", "name", false)]
    #[case("src_ap", "apid", false)]
    fn a_qualified_key_name(#[case] col: &str, #[case] key: &str, #[case] want: bool) {
        assert_eq!(qualifies_key_name(col, key), want);
    }
}

/// True when `part`, a short part of a schema name that is no English word,
/// is `word` (a question word, lowercase) written without its vowels, as
/// names shorten words: `wt` for "weight", `ht` for "height", `tkt` for
/// "ticket", `ctr` for "centre" or "center", `nm` for "name", `qty` for
/// "quantity", `mgr` for "manager", `pct` for "percent". The first letters agree, every later
/// letter of the part is a consonant found in order in the word, and the
/// part's last letter is the word's last (or the one before a final `e`).
pub fn contracts(word: &str, part: &str) -> bool {
    let (w, p) = (word.as_bytes(), part.as_bytes());
    if !(2..=4).contains(&p.len()) || w.len() < p.len() + 2 || w[0] != p[0] {
        return false;
    }
    if !word.chars().all(|c| c.is_ascii_lowercase()) || !part.chars().all(|c| c.is_ascii_lowercase()) {
        return false;
    }
    // Names shorten nouns, not a superlative or a verb's forms ("heaviest"
    // is no `ht`, "setting" no `stg`).
    if ["est", "ing", "ed"].iter().any(|e| word.ends_with(e)) {
        return false;
    }
    // A real word ("my", "dry", "old") is not a shortening; the word list
    // also holds abbreviations ("wt", "st"), which have no vowel at all.
    let vowel = |c: &u8| b"aeiouy".contains(c);
    if p[1..].iter().any(|c| b"aeiou".contains(c)) || (part.as_bytes().iter().any(vowel) && crate::words::is_english_word(part)) {
        return false;
    }
    let end = if w[w.len() - 1] == b'e' { w.len() - 2 } else { w.len() - 1 };
    if p[p.len() - 1] != w[end] && p[p.len() - 1] != w[w.len() - 1] {
        return false;
    }
    // Every letter of the part, in order, within the word.
    let mut k = 1;
    for &c in &w[1..] {
        if k < p.len() && c == p[k] {
            k += 1;
        }
    }
    k == p.len()
}
