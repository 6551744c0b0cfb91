//! Words related to an English word, from WordNet 3.0: the forms derived
//! from it ("advise" -> adviser, advisor; "attend" -> attendance), the
//! noun an adjective measures ("old" -> age, "tall" -> height) and, for
//! nouns and adjectives, the other words of its commonest sense ("movie" ->
//! film). A general resource, not a list chosen for any schema: the planner
//! uses it only for a question word it cannot place otherwise.
//!
//! Invariants: pure functions over a table compiled into the binary
//! (`src/english_relatives.txt`, written by `scripts/wordnet_relatives.py`),
//! searched in place, so nothing is built at start-up.

use crate::words::sorted_line;

/// One line per word: the word, a tab, its parts of speech (`n`, `v`, `a`,
/// `r`), a tab, then `related:kind pos` pairs separated by spaces (`pos`
/// the part of speech of the sense that brings the relative), sorted by
/// word. Irregular inflections ("taught", "bought") are lines of their
/// own.
const RELATIVES: &str = include_str!("english_relatives.txt");

/// How WordNet relates two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// A form derived from the same stem: "advise" and "advisor".
    Derived,
    /// The noun an adjective is a value of: "old" and "age".
    Attribute,
    /// Another word for the commonest sense: "movie" and "film".
    Synonym,
    /// A word for what the commonest sense of a noun is a kind of, one
    /// step up: "airliner" and "airplane".
    Kind,
}

/// Regular inflections undone, WordNet's way: the ending, what replaces
/// it, and what the ending says the word is: `s` a plural noun or a verb,
/// `v` a verb ("-ed", "-ing"), `a` an adjective ("-er", "-est"). A base
/// counts only when it is a word of the table.
const ENDINGS: &[(&str, &str, char)] = &[
    ("s", "", 's'), ("ses", "s", 's'), ("xes", "x", 's'), ("zes", "z", 's'), ("ches", "ch", 's'),
    ("shes", "sh", 's'), ("men", "man", 'n'), ("ies", "y", 's'), ("es", "e", 's'), ("es", "", 's'),
    ("ed", "e", 'v'), ("ed", "", 'v'), ("ing", "e", 'v'), ("ing", "", 'v'), ("er", "", 'a'),
    ("est", "", 'a'), ("er", "e", 'a'), ("est", "e", 'a'),
];

/// The words related to lowercase `word` or to a base form of it
/// ("advises" -> "advise"), each once, in the table's order. A base
/// reached by an ending brings only the relatives of the senses that
/// ending allows: "reviews" is the plural of the noun "review", which
/// brings no "reviewer" (the verb does); "advises" can only be the verb.
pub fn related(word: &str) -> Vec<(&'static str, Relation)> {
    let mut out: Vec<(&'static str, Relation)> = Vec::new();
    let mut bases: Vec<(String, char)> = vec![(word.to_string(), '*')];
    for (ending, with, says) in ENDINGS {
        if let Some(stem) = word.strip_suffix(ending).filter(|s| s.len() >= 2) {
            let base = format!("{stem}{with}");
            if !bases.iter().any(|(b, _)| *b == base) {
                bases.push((base, *says));
            }
        }
    }
    for (base, says) in &bases {
        let Some(line) = sorted_line(RELATIVES, base) else { continue };
        let mut fields = line.split('\t').skip(1);
        let (Some(poses), Some(pairs)) = (fields.next(), fields.next()) else { continue };
        let allowed = |pos: char| match says {
            '*' => true,
            // A plural when the base is a noun, else a verb's -s.
            's' => pos == if poses.contains('n') { 'n' } else { 'v' },
            other => pos == *other,
        };
        for pair in pairs.split(' ') {
            let Some((w, tag)) = pair.split_once(':') else { continue };
            let mut tag = tag.chars();
            let relation = match tag.next() {
                Some('d') => Relation::Derived,
                Some('a') => Relation::Attribute,
                Some('s') => Relation::Synonym,
                Some('h') => Relation::Kind,
                _ => continue,
            };
            if !tag.next().is_some_and(allowed) {
                continue;
            }
            if w != word && !out.iter().any(|(o, _)| *o == w) {
                out.push((w, relation));
            }
        }
    }
    out
}

/// The parts of speech WordNet gives lowercase `word` (`n`, `v`, `a`,
/// `r`), as written and as a verb's or a plural's -s form ("stays" is a
/// noun of its own and the verb "stay"), each once in that order; `None`
/// for words it lists no relatives for.
fn parts_of_speech(word: &str) -> Option<String> {
    let poses = |w: &str| sorted_line(RELATIVES, w).and_then(|l| l.split('\t').nth(1));
    let bases = ["s", "es"].iter().filter_map(|e| word.strip_suffix(e).filter(|b| b.len() >= 3));
    let found: Vec<&str> = std::iter::once(word).chain(bases).filter_map(poses).collect();
    (!found.is_empty()).then(|| "nvar".chars().filter(|c| found.iter().any(|p| p.contains(*c))).collect())
}

/// True when WordNet knows lowercase `word` as a verb, among other things
/// perhaps ("live", "stays").
pub fn can_be_a_verb(word: &str) -> bool {
    parts_of_speech(word).is_some_and(|p| p.contains('v'))
}

/// True when WordNet knows lowercase `word` only as a verb, as written
/// ("require") or as a verb's -s form ("requires"): such a word names no
/// thing and no quality. False for words it does not list (their part of
/// speech is unknown) and for words that are also nouns ("stay", "review").
pub fn only_a_verb(word: &str) -> bool {
    parts_of_speech(word).as_deref() == Some("v")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn has(word: &str, other: &str, relation: Relation) -> bool {
        related(word).contains(&(other, relation))
    }

    #[rstest]
    #[case("advise", "advisor", Relation::Derived)]
    #[case("advises", "advisor", Relation::Derived)]
    #[case("attended", "attendance", Relation::Derived)]
    #[case("taught", "teacher", Relation::Derived)]
    #[case("old", "age", Relation::Attribute)]
    #[case("studying", "student", Relation::Derived)]
    #[case("tall", "height", Relation::Attribute)]
    #[case("movies", "film", Relation::Synonym)]
    #[case("airliners", "airplane", Relation::Kind)]
    #[case("sedan", "car", Relation::Kind)]
    #[case("enrolled", "enrollment", Relation::Derived)]
    fn words_find_their_relatives(#[case] word: &str, #[case] other: &str, #[case] relation: Relation) {
        assert!(has(word, other, relation), "{word}: {:?}", related(word));
    }

    #[rstest]
    #[case("require", true)]
    #[case("requires", true)]
    #[case("attend", true)]
    #[case("stay", false)]
    #[case("review", false)]
    #[case("reviews", false)]
    #[case("live", false)]
    #[case("qqqx", false)]
    fn verbs_known_only_as_verbs(#[case] word: &str, #[case] verb: bool) {
        assert_eq!(only_a_verb(word), verb, "{word}");
    }

    #[rstest]
    #[case("live", true)]
    #[case("offers", true)]
    #[case("stays", true)]
    #[case("student", false)]
    #[case("teaches", true)]
    #[case("owns", true)]
    #[case("airliner", false)]
    #[case("qqqx", false)]
    fn words_that_can_be_verbs(#[case] word: &str, #[case] verb: bool) {
        assert_eq!(can_be_a_verb(word), verb, "{word}");
    }

    #[test]
    fn an_ending_brings_only_the_senses_it_allows() {
        // "reviews": the noun's plural; "reviewer" comes from the verb.
        assert!(has("review", "reviewer", Relation::Derived));
        assert!(!related("reviews").iter().any(|(w, _)| *w == "reviewer"));
        assert!(has("reviewed", "reviewer", Relation::Derived));
    }

    #[test]
    fn proper_nouns_rare_words_and_unknown_words_bring_nothing() {
        // "Teach" the pirate is not a relative of "taught".
        assert!(!related("taught").iter().any(|(w, _)| *w == "blackbeard" || *w == "thatch"));
        assert!(related("qqqx").is_empty());
        assert!(related("").is_empty());
    }

    #[test]
    fn every_line_is_found_by_its_word() {
        for line in RELATIVES.lines().filter(|l| !l.starts_with('#')) {
            let (word, _) = line.split_once('\t').unwrap_or((line, ""));
            assert_eq!(line.split('\t').count(), 3, "{line}");
            assert_eq!(sorted_line(RELATIVES, word), Some(line));
        }
    }
}
