//! Splitting a question (and manifest names) into normalised words.
//!
//! Invariants: tokenizing never fails and never panics, whatever the input;
//! every token keeps the exact text it came from (`raw`) so explanations can
//! quote the question; `stem` is lowercase, singular and spelled canonically
//! (`avg` -> `average`), and is what the lexicon compares.

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub enum TokKind {
    /// A word (letters, possibly with digits: `co2`, `q2`).
    Word,
    /// A number, written in digits or as a small number word.
    Number(f64),
    /// A calendar date written `YYYY-MM-DD`, kept as that ISO string.
    Date(String),
    /// Text in quotes: `'Hey'`, `"Robbin CV"`.
    Quoted(String),
    /// Punctuation that separates list items or clauses (`,` `;` `(` `)` `?`).
    Punct(char),
}

/// One token of a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The text as written.
    pub raw: String,
    /// Lowercase form.
    pub norm: String,
    /// Lowercase, singular, canonical spelling: what lookups use.
    pub stem: String,
    pub kind: TokKind,
    /// True when the word was written with a leading capital letter.
    pub capital: bool,
    /// True when the lexicon may read the word through a WordNet relative
    /// ("advises" for an `advisor` table): set only when planning again
    /// after the word was the one thing not understood.
    pub related: bool,
    /// A table the word may not name, itself or by one of its columns: set
    /// only when planning again after that table, as the word's first
    /// reading, could not be joined to the others, so that the word names
    /// a column of the same name in another table instead.
    pub not_of_table: Option<usize>,
}

impl Token {
    /// A value the question quotes, or one read as if it had ("Gone with
    /// the Wind" spelled out, "US" for a stored "United States").
    pub fn quoted(text: String) -> Token {
        Token { raw: text.clone(), norm: text.to_lowercase(), stem: text.to_lowercase(), kind: TokKind::Quoted(text), capital: false, related: false, not_of_table: None }
    }
    /// A number written as `raw` ("12", "twelve", "twice"), its words `norm`.
    pub fn numeral(raw: String, norm: String, value: f64) -> Token {
        Token { raw, stem: norm.clone(), norm, kind: TokKind::Number(value), capital: false, related: false, not_of_table: None }
    }
    /// A word written as `raw` and read as the word `norm` ("a single"
    /// read as "any", "to" as "and" in a range).
    pub fn read_as(raw: String, norm: &str) -> Token {
        Token { raw, norm: norm.into(), stem: stem(norm), kind: TokKind::Word, capital: false, related: false, not_of_table: None }
    }
    pub fn is_word(&self) -> bool {
        self.kind == TokKind::Word
    }
    pub fn number(&self) -> Option<f64> {
        match self.kind {
            TokKind::Number(n) => Some(n),
            _ => None,
        }
    }
    pub fn is_punct(&self, c: char) -> bool {
        self.kind == TokKind::Punct(c)
    }
}

/// Splits a question into tokens.
pub fn tokenize(question: &str) -> Vec<Token> {
    let chars: Vec<char> = question.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // Quoted text: double quotes always, single quotes only at a word boundary.
        if is_quote(c) && (c != '\'' && c != '’' || i == 0 || !chars[i - 1].is_alphanumeric()) {
            if let Some(end) = closing_quote(&chars, i) {
                let text: String = chars[i + 1..end].iter().collect();
                let text = text.trim().to_string();
                if !text.is_empty() {
                    out.push(Token::quoted(text));
                }
                i = end + 1;
                continue;
            }
            i += 1;
            continue;
        }
        // A minus sign starting a word: "between -50 and 50".
        if c == '-'
            && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
            && (i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '(')
        {
            let at = out.len();
            i = number_token(&chars, i + 1, &mut out);
            if let Some(t) = out.get_mut(at) {
                if let TokKind::Number(v) = t.kind {
                    t.kind = TokKind::Number(-v);
                    t.raw = format!("-{}", t.raw);
                    t.norm = t.raw.clone();
                    t.stem = t.raw.clone();
                }
            }
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            i = number_token(&chars, i, &mut out);
            continue;
        }
        if c.is_alphanumeric() {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            // Possessive or contraction: "sensor's", "what's", "Brazil’s".
            if i + 1 < chars.len()
                && (chars[i] == '\'' || chars[i] == '’')
                && chars[i + 1].is_alphabetic()
            {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_alphabetic() {
                    j += 1;
                }
                let tail: String = chars[i + 1..j].iter().collect::<String>().to_lowercase();
                let raw: String = chars[start..i].iter().collect();
                // "don't", "doesn't": the verb is "do", "does", then "not".
                let verb = if tail == "t" { bare_contraction(&format!("{raw}t")) } else { None };
                push_word(&mut out, verb.unwrap_or(&raw));
                match tail.as_str() {
                    "s" | "d" => {}
                    "t" => push_word(&mut out, "not"),
                    "re" => push_word(&mut out, "are"),
                    "ve" => push_word(&mut out, "have"),
                    "ll" => push_word(&mut out, "will"),
                    "m" => push_word(&mut out, "am"),
                    _ => push_word(&mut out, &tail),
                }
                i = j;
                continue;
            }
            let raw: String = chars[start..i].iter().collect();
            // "didnt", "dont": a contraction typed without its apostrophe.
            if let Some(verb) = bare_contraction(&raw) {
                push_word(&mut out, verb);
                push_word(&mut out, "not");
                continue;
            }
            for part in raw.split('_').filter(|p| !p.is_empty()) {
                push_word(&mut out, part);
            }
            continue;
        }
        match c {
            ',' | ';' | '(' | ')' | '?' | '!' | ':' | '/' => out.push(punct(c)),
            '.' => out.push(punct(',')),
            '%' => push_word(&mut out, "percent"),
            '<' | '>' | '=' => {
                let two = chars.get(i + 1) == Some(&'=');
                let word = match (c, two) {
                    ('<', true) => "at most",
                    ('>', true) => "at least",
                    ('<', false) => "below",
                    ('>', false) => "above",
                    _ => "equal",
                };
                for w in word.split(' ') {
                    push_word(&mut out, w);
                }
                if two {
                    i += 1;
                }
            }
            '&' => push_word(&mut out, "and"),
            _ => {}
        }
        i += 1;
    }
    out
}

fn punct(c: char) -> Token {
    Token {
        raw: c.to_string(),
        norm: c.to_string(),
        stem: c.to_string(),
        kind: TokKind::Punct(c),
        capital: false,
        related: false,
        not_of_table: None,
    }
}

fn is_quote(c: char) -> bool {
    matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’')
}

fn closing_quote(chars: &[char], open: usize) -> Option<usize> {
    let want: &[char] = match chars[open] {
        '"' => &['"'],
        '“' | '”' => &['”', '“', '"'],
        _ => &['\'', '’'],
    };
    (open + 1..chars.len()).find(|&j| {
        want.contains(&chars[j]) && chars.get(j + 1).is_none_or(|n| !n.is_alphanumeric())
    })
}

/// Reads a number or an ISO date starting at `i`; returns the next index.
fn number_token(chars: &[char], mut i: usize, out: &mut Vec<Token>) -> usize {
    let start = i;
    // ISO date YYYY-MM-DD.
    if i + 10 <= chars.len() {
        let s: String = chars[i..i + 10].iter().collect();
        if is_iso_date(&s) && chars.get(i + 10).is_none_or(|c| !c.is_ascii_digit()) {
            out.push(Token {
                raw: s.clone(),
                norm: s.clone(),
                stem: s.clone(),
                kind: TokKind::Date(s),
                capital: false,
                related: false,
                not_of_table: None,
            });
            return i + 10;
        }
    }
    let mut text = String::new();
    while i < chars.len() {
        let c = chars[i];
        let decimal_point =
            c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) && !text.contains('.');
        if c.is_ascii_digit() || decimal_point {
            text.push(c);
        } else if c == ','
            && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
            && chars.get(i + 4).is_none_or(|d| !d.is_ascii_digit())
            && chars[i + 1..].iter().take(3).all(|d| d.is_ascii_digit())
        {
            // Thousands separator: "1,000".
        } else {
            break;
        }
        i += 1;
    }
    // Letters glued to digits: "co2" was handled as a word; "3.3V", "30s", "10k", "2nd".
    let mut suffix = String::new();
    let mut j = i;
    while j < chars.len() && chars[j].is_alphabetic() {
        suffix.push(chars[j]);
        j += 1;
    }
    let value: f64 = text.parse().unwrap_or(0.0);
    let lower = suffix.to_lowercase();
    let (value, consumed_suffix) = match lower.as_str() {
        "k" => (value * 1_000.0, true),
        "m" if !text.contains('.') || value < 1000.0 => (value, false),
        "st" | "nd" | "rd" | "th" => (value, true),
        _ => (value, false),
    };
    let raw: String = chars[start..i].iter().collect();
    out.push(Token::numeral(raw.clone(), raw, value));
    if consumed_suffix {
        return j;
    }
    if !suffix.is_empty() {
        push_word(out, &suffix);
        return j;
    }
    i
}

fn is_iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(k, c)| k == 4 || k == 7 || c.is_ascii_digit())
}

/// Pushes one word (splitting camelCase), turning number words into numbers.
fn push_word(out: &mut Vec<Token>, raw: &str) {
    let parts = crate::words::camel_parts(raw);
    let many = parts.len() > 1;
    for part in parts {
        let norm = part.to_lowercase();
        let capital = part.chars().next().is_some_and(char::is_uppercase) && !many;
        // "the one with the maximum price", "which one": a pronoun, not 1.
        let pronoun = norm == "one"
            && out.last().is_some_and(|t| matches!(t.norm.as_str(), "the" | "this" | "that" | "which" | "each" | "every" | "any"));
        // "never received a single complaint": after a negation, "a
        // single" is "any", not exactly one.
        let any = norm == "single"
            && out.last().is_some_and(|t| t.norm == "a")
            && out.iter().any(|t| matches!(t.norm.as_str(), "not" | "never" | "no" | "without"));
        if any {
            out.push(Token::read_as(part, "any"));
            continue;
        }
        // "more than twice", "at least once": a number of times. Not
        // "once" as "at one time" ("bought at once"). "twice as many" is
        // read the same way (the next word is not seen here) and is then
        // left unread.
        let times = match norm.as_str() {
            "twice" => Some(2.0),
            "thrice" => Some(3.0),
            "once" if out.last().is_some_and(|t| matches!(t.norm.as_str(), "least" | "most" | "than" | "exactly" | "only")) => Some(1.0),
            _ => None,
        };
        if let Some(n) = times {
            out.push(Token::numeral(part.clone(), norm, n));
            out.push(Token::read_as("times".into(), "times"));
            continue;
        }
        if let Some(n) = number_word(&norm).filter(|_| !pronoun) {
            out.push(Token::numeral(part.clone(), norm, n));
            continue;
        }
        let stem = stem(&norm);
        out.push(Token {
            raw: part,
            norm,
            stem,
            kind: TokKind::Word,
            capital,
            related: false,
            not_of_table: None,
        });
    }
}

/// Small number words ("one" .. "twenty", tens, "hundred").
pub fn number_word(w: &str) -> Option<f64> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    if let Some(i) = WORDS.iter().position(|x| *x == w) {
        return Some(i as f64);
    }
    Some(match w {
        "thirty" => 30.0,
        "forty" => 40.0,
        "fifty" => 50.0,
        "hundred" => 100.0,
        "thousand" => 1000.0,
        "dozen" => 12.0,
        "single" => 1.0,
        _ => return None,
    })
}

pub use crate::words::{identifier_words as split_identifier, singular};

/// Canonical spelling of common abbreviations, applied after singular().
fn canonical(w: &str) -> &str {
    match w {
        "avg" | "mean" => "average",
        "sum" => "total",
        "max" | "maximal" => "maximum",
        "min" | "minimal" => "minimum",
        "num" | "no" | "nbr" | "cnt" => "number",
        "qty" => "quantity",
        "amt" => "amount",
        "pct" | "perc" | "percentage" => "percent",
        "temp" => "temperature",
        "desc" => "description",
        "yr" => "year",
        "hr" => "hour",
        "dt" => "date",
        "ts" => "timestamp",
        "info" => "information",
        _ => w,
    }
}

/// The lookup form of a lowercase word: singular and canonical.
pub fn stem(w: &str) -> String {
    // "no" as a determiner matters ("no first response"); keep it out of canonical().
    if w == "no" {
        return "no".to_string();
    }
    let s = singular(w);
    canonical(&s).to_string()
}

/// The lookup form of an identifier or phrase: each word stemmed.
/// In an identifier (`order_no`) "no" means number; in a phrase it is "no".
pub fn stems(text: &str) -> Vec<String> {
    let identifier = !text.trim().contains(' ');
    split_identifier(text)
        .iter()
        .map(|w| {
            if identifier && w == "no" {
                "number".to_string()
            } else {
                stem(w)
            }
        })
        .collect()
}

/// The verb of a negative contraction written without its apostrophe
/// ("didnt" -> "did"); "cant" and "wont" are words of their own.
fn bare_contraction(word: &str) -> Option<&'static str> {
    const BARE: &[(&str, &str)] = &[
        ("dont", "do"),
        ("doesnt", "does"),
        ("didnt", "did"),
        ("isnt", "is"),
        ("arent", "are"),
        ("wasnt", "was"),
        ("werent", "were"),
        ("havent", "have"),
        ("hasnt", "has"),
        ("hadnt", "had"),
        ("couldnt", "could"),
        ("wouldnt", "would"),
        ("shouldnt", "should"),
    ];
    BARE.iter().find(|(w, _)| w.eq_ignore_ascii_case(word)).map(|(_, v)| *v)
}
