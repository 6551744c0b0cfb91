//! Search text a question spells out without quotes: "the letter a",
//! "names starting with Orbit", "a location that contains NY", "whose
//! first letter is S". Those words are text to look for, not names of the
//! schema or values to match whole: they become quoted tokens, as if the
//! question had quoted them, and "first letter is" reads "starts with".

use super::tokenize::{TokKind, Token};

/// A verb of a prefix or suffix search, before "with": Some(true) for a
/// prefix ("starts", "beginning"), Some(false) for a suffix ("ends").
pub(super) fn affix_verb(norm: &str) -> Option<bool> {
    match norm {
        "start" | "starts" | "starting" | "begin" | "begins" | "beginning" => Some(true),
        "end" | "ends" | "ending" => Some(false),
        _ => None,
    }
}

/// Words that announce search text ("contains", "starting with").
fn search_verb(toks: &[Token], i: usize) -> Option<(usize, bool)> {
    let t = toks.get(i)?;
    if !t.is_word() {
        return None;
    }
    if affix_verb(&t.norm).is_some() {
        return toks.get(i + 1).filter(|w| w.norm == "with").map(|_| (i + 2, true));
    }
    let contains = matches!(
        t.norm.as_str(),
        "contain" | "contains" | "containing" | "include" | "includes" | "including"
    ) || mentions(t);
    contains.then_some((i + 1, false))
}

/// "mentions", "mentioning": what follows is text the column holds
/// somewhere, whatever its case ("a description that mentions chocolate").
fn mentions(t: &Token) -> bool {
    t.is_word() && matches!(t.norm.as_str(), "mention" | "mentions" | "mentioning" | "mentioned")
}

/// "the word", "the phrase": what follows is text to look for, whatever
/// its case ("containing the word vaccine").
fn is_text_word(t: &Token) -> bool {
    t.is_word() && matches!(t.norm.as_str(), "word" | "string" | "substring" | "text" | "phrase" | "term")
}

/// Words between the verb and the text: "the letter", "the word", "a string".
fn announces(t: &Token) -> bool {
    t.is_word()
        && matches!(
            t.norm.as_str(),
            "the" | "a" | "an" | "letter" | "letters" | "character" | "characters" | "word" | "string" | "substring" | "text" | "phrase" | "term"
        )
}

fn is_letter_word(t: &Token) -> bool {
    t.is_word() && matches!(t.norm.as_str(), "letter" | "letters" | "character")
}

/// A word that can only be text to look for: one letter after "letter",
/// a word in capitals ("NY"), a name after "starting with" ("Orbit"), a
/// number after "starts with".
fn searched(t: &Token, after_letter: bool, affix: bool) -> bool {
    let single = t.is_word() && t.raw.chars().count() == 1 && t.raw.chars().all(char::is_alphabetic);
    let capitals = t.is_word()
        && t.raw.chars().count() >= 2
        && t.raw.chars().all(|c| c.is_ascii_uppercase());
    match t.kind {
        TokKind::Word => single && (after_letter || affix) || capitals || affix && t.capital,
        TokKind::Number(_) => affix && !after_letter,
        _ => false,
    }
}

fn quote(t: &Token) -> Token {
    Token::quoted(t.raw.clone())
}

/// "first letter is S" -> "starts with 'S'", "last letter is m" -> "ends
/// with 'm'": the three words at `i` become two that keep what the
/// question wrote.
fn letter_position(toks: &[Token], i: usize) -> Option<[Token; 2]> {
    let at = |k: usize, w: &[&str]| toks.get(k).is_some_and(|t| t.is_word() && w.contains(&t.norm.as_str()));
    if !(at(i, &["first", "initial", "last", "final"]) && at(i + 1, &["letter", "character"]) && at(i + 2, &["is", "was", "being", "equals"])) {
        return None;
    }
    let norm = if at(i, &["first", "initial"]) { "starts" } else { "ends" };
    Some([Token::read_as(format!("{} {}", toks[i].raw, toks[i + 1].raw), norm), Token::read_as(toks[i + 2].raw.clone(), "with")])
}

/// Rewrites spelled-out search text as quoted tokens.
pub fn quote_search_text(mut toks: Vec<Token>) -> Vec<Token> {
    for i in 0..toks.len() {
        if let Some(two) = letter_position(&toks, i) {
            toks.splice(i..i + 3, two);
        }
    }
    for i in 0..toks.len() {
        // "the letter a", "letter 'S'" (already quoted), "a letter z".
        if is_letter_word(&toks[i]) {
            if let Some(t) = toks.get(i + 1).filter(|t| searched(t, true, false)) {
                toks[i + 1] = quote(t);
            }
            continue;
        }
        let Some((mut k, affix)) = search_verb(&toks, i) else { continue };
        let mut after_letter = false;
        let mut after_word = mentions(&toks[i]);
        while toks.get(k).is_some_and(announces) {
            after_letter |= is_letter_word(&toks[k]);
            after_word |= is_text_word(&toks[k]);
            k += 1;
        }
        // After "the word" or "mentions", any word is the text sought.
        let any_word = |t: &Token| after_word && !after_letter && t.is_word() && !crate::planner::english::is_stopword(&t.norm);
        if let Some(t) = toks.get(k).filter(|t| searched(t, after_letter, affix) || any_word(t)) {
            toks[k] = quote(t);
        }
    }
    toks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::tokenize::tokenize;
    use rstest::rstest;

    fn quoted(q: &str) -> Vec<String> {
        quote_search_text(tokenize(q))
            .into_iter()
            .filter_map(|t| match t.kind {
                TokKind::Quoted(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    #[rstest]
    #[case("employees whose first name ends with the letter m", &["m"])]
    #[case("customers with the letter a in their names", &["a"])]
    #[case("staff whose nickname has the letter s", &["s"])]
    #[case("employees who contain a letter z to their first name", &["z"])]
    #[case("universities with a location that contains NY", &["NY"])]
    #[case("customers whose first name contains ROY", &["ROY"])]
    #[case("airlines whose names start with Orbit", &["Orbit"])]
    #[case("products whose stock number starts with 2", &["2"])]
    #[case("founders of companies whose first letter is S", &["S"])]
    #[case("names whose last letter is e", &["e"])]
    #[case("names starting with 'Ab'", &["Ab"])]
    #[case("games with a title containing the word Pandemic", &["Pandemic"])]
    #[case("treatment names that contain the word vaccine", &["vaccine"])]
    #[case("beers whose tasting description mentions chocolate", &["chocolate"])]
    #[case("reviews that mention the deadline", &["deadline"])]
    // Not search text: a table after "contains", a count, a plain word.
    #[case("Which range contains the most mountains?", &[])]
    #[case("counties that contain cities with a letter grade", &[])]
    #[case("Which Album contains Tracks by Queen?", &[])]
    #[case("the max and min grade point for all letter grade", &[])]
    #[case("shops that opened after 2012 and start with a discount", &[])]
    fn spelled_text_is_quoted(#[case] q: &str, #[case] want: &[&str]) {
        assert_eq!(quoted(q), want, "{q}");
    }

    #[test]
    fn first_letter_reads_starts_with() {
        let toks = quote_search_text(tokenize("companies whose first letter is S"));
        let words: Vec<&str> = toks.iter().map(|t| t.norm.as_str()).collect();
        assert_eq!(words, ["companies", "whose", "starts", "with", "s"]);
        assert_eq!(toks[2].raw, "first letter");
    }
}
