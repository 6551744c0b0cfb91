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
