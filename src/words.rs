//! English words in names and questions: an identifier split into its
//! words, and a plural noun made singular. One copy for the dataset's
//! inference (labels, keys), the planner's lookup and the recipes' intent
//! matching, so a name reads the same everywhere.
//!
//! Invariants: pure functions; general English and general naming
//! conventions, never a particular schema.

/// The lowercase words of an identifier: `stock_on_hand`, `LifeExpectancy`,
/// `CO2Level`, `orderID`, `kebab-case`, `dotted.name`, spaces; any other
/// character that is not a letter or digit separates words too. Digits stay
/// attached to the letters before them (`co2`, `address2`).
pub fn identifier_words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|p| !p.is_empty())
        .flat_map(camel_parts)
        .map(|p| p.to_lowercase())
        .collect()
}

/// A camelCase or PascalCase word split where its case changes, each part
/// as written: `surfaceArea` -> [surface, Area], `HTTPServer` -> [HTTP,
/// Server], `CO2Level` -> [CO2, Level]; `co2` stays whole. A plural
/// acronym keeps its `s`: `IDs` -> [IDs], `URLsList` -> [URLs, List].
pub fn camel_parts(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut parts = Vec::new();
    let mut cur = String::new();
    for (k, &c) in chars.iter().enumerate() {
        let boundary = k > 0 && c.is_uppercase() && {
            let prev = chars[k - 1];
            let plural_acronym = chars.get(k + 1) == Some(&'s')
                && chars.get(k + 2).is_none_or(|n| n.is_uppercase() || n.is_ascii_digit());
            prev.is_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_uppercase()
                    && chars.get(k + 1).is_some_and(|n| n.is_lowercase())
                    && !plural_acronym)
        };
        if boundary && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    parts
}

/// Stems of the common English nouns ending in -ie, whose plural is -ies
/// but whose singular is not -y.
const IE_NOUNS: &[&str] = &[
    "mov", "cook", "calor", "zomb", "rook", "prair", "hipp", "goal", "bird", "gen", "pix", "brown",
    "smooth", "self", "budg", "lass", "coll",
];

/// The singular of a lowercase English noun, by rule plus the common
/// irregular plurals: `companies` -> `company`, `classes` -> `class`,
/// `matches` -> `match`, `people` -> `person`. Words of three letters or
/// fewer, words ending in -ss/-us/-is/-ous and non-ASCII words are kept.
pub fn singular(w: &str) -> String {
    const IRREGULAR: [(&str, &str); 13] = [
        ("people", "person"),
        // Three letters, so the rule below would keep it.
        ("ids", "id"),
        ("children", "child"),
        ("men", "man"),
        ("women", "woman"),
        ("data", "data"),
        ("criteria", "criterion"),
        ("indices", "index"),
        ("analyses", "analysis"),
        ("series", "series"),
        ("news", "news"),
        ("countries", "country"),
        ("statuses", "status"),
    ];
    if let Some((_, s)) = IRREGULAR.iter().find(|(p, _)| *p == w) {
        return (*s).to_string();
    }
    let n = w.len();
    if n <= 3 || !w.is_ascii() {
        return w.to_string();
    }
    // "status", "analysis", "address", "previous" stay as they are.
    if ["ss", "us", "is", "ous"].iter().any(|k| w.ends_with(k)) {
        return w.to_string();
    }
    if let Some(base) = w.strip_suffix("ies") {
        // Nouns whose singular ends in -ie: "movies", "cookies", "calories".
        if IE_NOUNS.contains(&base) {
            return format!("{base}ie");
        }
        if n > 4 {
            return format!("{base}y");
        }
    }
    for suf in ["ches", "shes", "sses", "xes"] {
        if w.ends_with(suf) {
            return w[..n - 2].to_string();
        }
    }
    if let Some(base) = w.strip_suffix('s') {
        return base.to_string();
    }
    w.to_string()
}

/// English words, one per line, lowercase: the American English word list
/// of Debian's `wamerican` (SCOWL, public domain), words of 2 to 16
/// letters. Only used to split a name written as one lowercase word.
const ENGLISH_WORDS: &str = include_str!("english_words.txt");

/// True when `w` is in [`ENGLISH_WORDS`].
pub fn is_english_word(w: &str) -> bool {
    sorted_line(ENGLISH_WORDS, w).is_some()
}

/// The line of `text` whose first field (up to a tab, or the whole line) is
/// `key`, when `text`'s lines are sorted by that field: a binary search over
/// the text itself, so nothing is built at start-up. Lines before the first
/// key must sort before every key (`#` comments do).
pub(crate) fn sorted_line<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let bytes = text.as_bytes();
    let key = key.as_bytes();
    // `lo` is always the start of a line, `hi` the start of a line or the end.
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes[lo..mid].iter().rposition(|&b| b == b'\n').map_or(lo, |k| lo + k + 1);
        let end = bytes[start..hi].iter().position(|&b| b == b'\n').map_or(hi, |k| start + k);
        let line = &bytes[start..end];
        let field = line.iter().position(|&b| b == b'\t').map_or(line, |k| &line[..k]);
        match field.cmp(key) {
            std::cmp::Ordering::Equal => return text.get(start..end),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// The English words a name written as one lowercase word runs together
/// (`baseprice` -> [base, price], `hoursperweek` -> [hours, per, week],
/// `createdate` -> [create, date]); `None` when it is a word itself (or
/// its plural: `procedures`), or does not split into two or three words of
/// at least three letters each. Of several splits, the fewest words, then
/// the one whose shortest word is longest (`create date`, not `created
/// ate`; `games played`, not `game splayed`).
pub fn compound_words(name: &str) -> Option<Vec<String>> {
    if name.len() < 6 || !name.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    if is_english_word(name) || is_english_word(&singular(name)) {
        return None;
    }
    fn splits<'a>(s: &'a str, left: usize, out: &mut Vec<Vec<&'a str>>, cur: &mut Vec<&'a str>) {
        if s.is_empty() {
            if cur.len() >= 2 {
                out.push(cur.clone());
            }
            return;
        }
        if left == 0 {
            return;
        }
        for i in 3..=s.len() {
            let (a, rest) = s.split_at(i);
            if (rest.is_empty() || rest.len() >= 3) && is_english_word(a) {
                cur.push(a);
                splits(rest, left - 1, out, cur);
                cur.pop();
            }
        }
    }
    // `isofficial`, `isactive`: a yes/no column's "is" before one word
    // (too short for the split below).
    if let Some(rest) = name.strip_prefix("is").filter(|r| r.len() >= 4 && (is_english_word(r) || is_english_word(&singular(r)))) {
        return Some(vec!["is".to_string(), rest.to_string()]);
    }
    let mut found = Vec::new();
    splits(name, 3, &mut found, &mut Vec::new());
    found
        .into_iter()
        .min_by_key(|parts| (parts.len(), std::cmp::Reverse(parts.iter().map(|p| p.len()).min().unwrap_or(0))))
        .map(|parts| parts.into_iter().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("stock_on_hand", &["stock", "on", "hand"])]
    #[case("LifeExpectancy", &["life", "expectancy"])]
    #[case("CO2Level", &["co2", "level"])]
    #[case("orderID", &["order", "id"])]
    #[case("HTTPServer", &["http", "server"])]
    #[case("IDs", &["ids"])]
    #[case("studentIDs", &["student", "ids"])]
    #[case("URLsList", &["urls", "list"])]
    #[case("home-team id", &["home", "team", "id"])]
    #[case("t.col_name", &["t", "col", "name"])]
    #[case("address2", &["address2"])]
    #[case("price(usd)", &["price", "usd"])]
    #[case("", &[])]
    fn identifiers_split_into_lowercase_words(#[case] name: &str, #[case] want: &[&str]) {
        assert_eq!(identifier_words(name), want);
    }

    #[test]
    fn every_listed_word_is_found_and_no_other() {
        assert!(ENGLISH_WORDS.lines().all(is_english_word));
        for w in ["", "a", "zzzz", "baseprice", "pricex", "qqqx"] {
            assert!(!is_english_word(w), "{w}");
        }
    }

    #[rstest]
    #[case("baseprice", Some(&["base", "price"][..]))]
    #[case("campusfee", Some(&["campus", "fee"][..]))]
    #[case("hoursperweek", Some(&["hours", "per", "week"][..]))]
    #[case("createdate", Some(&["create", "date"][..]))]
    #[case("gamesplayed", Some(&["games", "played"][..]))]
    #[case("lifeexpectancy", Some(&["life", "expectancy"][..]))]
    #[case("isofficial", Some(&["is", "official"][..]))]
    #[case("isactive", Some(&["is", "active"][..]))]
    // "island" is a word; "issuer" keeps its letters.
    #[case("island", None)]
    #[case("issuer", None)]
    // Words, plurals of words, short or mixed names stay whole.
    #[case("hispanic", None)]
    #[case("procedures", None)]
    #[case("address", None)]
    #[case("stuid", None)]
    #[case("dnumber", None)]
    #[case("unitPrice", None)]
    fn run_together_names_split_into_english_words(#[case] name: &str, #[case] want: Option<&[&str]>) {
        let got = compound_words(name);
        assert_eq!(got.as_deref().map(|v| v.iter().map(String::as_str).collect::<Vec<_>>()), want.map(|w| w.to_vec()), "{name}");
    }

    #[rstest]
    #[case("companies", "company")]
    #[case("classes", "class")]
    #[case("matches", "match")]
    #[case("boxes", "box")]
    #[case("dishes", "dish")]
    #[case("airlines", "airline")]
    #[case("status", "status")]
    #[case("campus", "campus")]
    #[case("analysis", "analysis")]
    #[case("previous", "previous")]
    #[case("people", "person")]
    #[case("children", "child")]
    #[case("ties", "tie")]
    #[case("gas", "gas")]
    #[case("bus", "bus")]
    #[case("orders", "order")]
    #[case("movies", "movie")]
    #[case("calories", "calorie")]
    #[case("cities", "city")]
    #[case("ids", "id")]
    fn plurals_become_singular(#[case] w: &str, #[case] want: &str) {
        assert_eq!(singular(w), want);
    }
}
