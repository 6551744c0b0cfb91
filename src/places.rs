//! Other names of a country or an American state, from WordNet 3.0: its
//! full and short names, abbreviations and the adjectives that pertain to
//! it ("US", "USA", "United States of America", "America", "American";
//! "France", "French Republic", "French"). A general resource, not a list
//! chosen for any schema: the planner uses it only for a name the data
//! does not store as written.
//!
//! Invariants: a pure function over a table compiled into the binary
//! (`src/english_places.txt`, written by `scripts/wordnet_places.py`); a
//! name in capitals ("US", "CA") matches only as written, so "us" and
//! "ca" are never places.

/// One place per line, its names tab-separated, WordNet's first name
/// first, after comment lines (`#`: WordNet's copyright notice).
const PLACES: &str = include_str!("english_places.txt");

/// The places, one line each.
fn places() -> impl Iterator<Item = &'static str> {
    PLACES.lines().filter(|l| !l.starts_with('#'))
}

/// Whether `written` is the place name `name`: letter case aside, except
/// for an abbreviation in capitals, which must be written so.
fn names(name: &str, written: &str) -> bool {
    if name.chars().any(|c| c.is_lowercase()) {
        name.eq_ignore_ascii_case(written)
    } else {
        name == written
    }
}

/// The places (their lines) each name, lowercase, belongs to; built on
/// first use.
fn by_name() -> &'static std::collections::HashMap<String, Vec<&'static str>> {
    static INDEX: std::sync::OnceLock<std::collections::HashMap<String, Vec<&'static str>>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: std::collections::HashMap<String, Vec<&'static str>> = std::collections::HashMap::new();
        for line in places() {
            for name in line.split('\t') {
                let lines = index.entry(name.to_lowercase()).or_default();
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
        index
    })
}

/// The other names of every place `written` names (a name may be two
/// places: Georgia, the country and the state), without repeats.
pub fn other_names(written: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let Some(lines) = by_name().get(&written.to_lowercase()) else { return out };
    for line in lines.iter().filter(|l| l.split('\t').any(|n| names(n, written))) {
        for n in line.split('\t') {
            if !names(n, written) && !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::other_names;

    #[test]
    fn a_place_by_its_other_names() {
        let us = other_names("US");
        assert!(us.contains(&"United States") && us.contains(&"USA") && us.contains(&"American"), "{us:?}");
        assert!(other_names("united kingdom").contains(&"UK"));
        assert!(other_names("French").contains(&"France"));
        assert!(other_names("Texas").contains(&"TX"));
        // Georgia the country and Georgia the state.
        let georgia = other_names("Georgia");
        assert!(georgia.contains(&"GA") && georgia.contains(&"Sakartvelo"), "{georgia:?}");
    }

    #[test]
    fn capitals_are_written_as_such_and_other_words_are_no_places() {
        assert!(other_names("us").is_empty());
        assert!(other_names("Us").is_empty());
        assert!(other_names("ca").is_empty());
        assert!(other_names("Banana").is_empty());
        assert!(other_names("").is_empty());
    }
}
