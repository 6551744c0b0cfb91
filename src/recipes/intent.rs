//! Turning a question into its normalized intent and into the terms and
//! character trigrams the retrieval index works on.
//!
//! Normalized intent: lowercase; apostrophes dropped (`don't` -> `dont`);
//! `,` between digits dropped (`1,000` -> `1000`); `.` between digits kept
//! (`2.5`); every other non-alphanumeric character is a word break; English
//! stopwords removed, numbers kept; words joined by one space. Words that
//! change a query's meaning (`not`, `no`, `by`, `per`, `top`, `before`,
//! `after`, `or`, `more`, `less`, ...) are deliberately not stopwords. A
//! question made only of stopwords keeps them, so its intent is never empty
//! unless it has no words at all.
//!
//! Pure functions; no IO.

/// Words dropped from intents. Sorted, for binary search.
const STOPWORDS: &[&str] = &[
    "a", "about", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been",
    "being", "can", "could", "did", "display", "do", "does", "for", "from", "get", "give", "had",
    "has", "have", "how", "i", "in", "into", "is", "it", "its", "just", "let", "lets", "list",
    "me", "my", "of", "on", "our", "please", "show", "some", "tell", "that", "the", "their",
    "them", "there", "these", "they", "this", "those", "to", "us", "want", "was", "we", "were",
    "what", "whats", "which", "who", "whom", "whose", "will", "with", "would", "you", "your",
];

/// The normalized intent of a question (see the module documentation).
pub fn normalize_intent(question: &str) -> String {
    let words = words(question);
    let kept: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| !is_stopword(w))
        .collect();
    if kept.is_empty() {
        words.join(" ")
    } else {
        kept.join(" ")
    }
}

/// Index terms of an intent: its words, lightly stemmed (plural `s`/`ies`).
pub fn index_terms(intent: &str) -> Vec<String> {
    intent.split_whitespace().map(stem).collect()
}

/// The distinct character trigrams of an intent, each word padded as
/// `"  word "` (two spaces before, one after, as PostgreSQL's pg_trgm does),
/// packed into `u64`s and sorted.
pub fn trigrams(intent: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for word in intent.split_whitespace() {
        let padded: Vec<char> = "  ".chars().chain(word.chars()).chain([' ']).collect();
        for w in padded.windows(3) {
            if let [a, b, c] = w {
                out.push(((*a as u64) << 42) | ((*b as u64) << 21) | (*c as u64));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `word` is dropped from intents.
pub fn is_stopword(word: &str) -> bool {
    STOPWORDS.binary_search(&word).is_ok()
}

/// Lowercased words with punctuation handled as the module documents.
fn words(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    let mut words = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let between_digits = || {
            i > 0
                && chars.get(i - 1).is_some_and(char::is_ascii_digit)
                && chars.get(i + 1).is_some_and(char::is_ascii_digit)
        };
        if c.is_alphanumeric() {
            current.push(c);
        } else if c == '\'' || c == '\u{2019}' || (c == ',' && between_digits()) {
            // Joined: "don't" -> "dont", "1,000" -> "1000".
        } else if c == '.' && between_digits() {
            current.push('.');
        } else if !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// A word's lookup form: its singular; words with digits unchanged.
fn stem(word: &str) -> String {
    if word.chars().any(|c| c.is_ascii_digit()) {
        return word.to_string();
    }
    crate::words::singular(word)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn stopwords_are_sorted_for_binary_search() {
        assert!(STOPWORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[rstest]
    #[case(
        "Show me the TOP 10 customers by revenue!",
        "top 10 customers by revenue"
    )]
    #[case("What's the average order value in 2023?", "average order value 2023")]
    #[case("orders over $1,000.50 per region", "orders over 1000.50 per region")]
    #[case("customers who did NOT order", "customers not order")]
    #[case("don't count returns", "dont count returns")]
    #[case("sales, by-region; (2024)", "sales by region 2024")]
    #[case("What is it?", "what is it")]
    #[case("   ", "")]
    #[case("Ventes par région", "ventes par région")]
    fn normalizes_intents(#[case] question: &str, #[case] intent: &str) {
        assert_eq!(normalize_intent(question), intent);
    }

    #[rstest]
    #[case("customers", "customer")]
    #[case("categories", "category")]
    #[case("addresses", "address")]
    #[case("status", "status")]
    #[case("class", "class")]
    #[case("2024s", "2024s")]
    #[case("bus", "bus")]
    fn stems_plurals(#[case] word: &str, #[case] stemmed: &str) {
        assert_eq!(stem(word), stemmed);
    }

    #[test]
    fn trigrams_are_distinct_and_padded() {
        // "  ab " -> "  a", " ab", "ab ".
        assert_eq!(trigrams("ab").len(), 3);
        assert_eq!(trigrams("ab ab"), trigrams("ab"));
        assert!(trigrams("").is_empty());
    }
}
