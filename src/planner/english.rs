//! General English the planner knows without any manifest: function words,
//! aggregate words, grouping words, comparisons, ordering and the like.
//!
//! Invariants: every phrase here is written as stems (see `tokenize::stem`),
//! so "averages", "avg" and "mean" all reach the same cue; nothing here names
//! a dataset, table or column.

use crate::plan::{Agg, Op};

/// A structural word or phrase and what it signals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    /// An aggregate over what follows ("average", "total", "median").
    Agg(Agg),
    /// "how many", "number of", "count": count rows of what follows.
    Count,
    /// "how many different", "number of distinct": count distinct values.
    CountDistinct,
    /// "share", "percentage", "proportion", "rate": a filtered part over a total.
    Share,
    /// "by", "per", "for each", "across": group by what follows.
    Group,
    /// "each", "every": group by what follows when a measure is present.
    Each,
    /// "top": the highest N.
    Top,
    /// "bottom": the lowest N.
    Bottom,
    /// "most", "highest", "largest": order descending (or maximum).
    Most,
    /// "least", "lowest", "fewest": order ascending (or minimum).
    Least,
    /// A comparison before a number or a column ("above", "at least").
    Cmp(Op),
    /// A comparison that follows its number ("50 or more").
    CmpAfter(Op),
    /// "between".
    Between,
    /// "not", "other than", "except": negates the next filter.
    Not,
    /// "no", "without", "missing": the next column is empty (IS NULL).
    Null,
    /// "latest", "most recent", "current": each entity's newest row.
    Latest,
    /// "standard deviations", "sigma".
    Sigma,
    /// "often", "frequently", "common": counts of rows.
    Often,
    /// "in descending order", "from highest to lowest".
    Desc,
    /// "in ascending order", "from lowest to highest".
    Asc,
    /// "order by", "sorted by", "ranked by".
    Sort,
    /// "and", ",".
    And,
    /// "or".
    Or,
    /// "like", "containing", "with the word": a text match on a column.
    Contains,
    /// "named", "called", "titled": equality on a name column.
    Named,
    /// "all the information", "everything", "details": every column.
    All,
}

/// Multi-word cues first (longest match wins in the matcher).
pub const CUES: &[(&str, Cue)] = &[
    ("how many different", Cue::CountDistinct),
    ("how many distinct", Cue::CountDistinct),
    ("how many unique", Cue::CountDistinct),
    ("how many type of", Cue::CountDistinct),
    ("how many kind of", Cue::CountDistinct),
    ("number of different", Cue::CountDistinct),
    ("number of distinct", Cue::CountDistinct),
    ("number of unique", Cue::CountDistinct),
    ("count of distinct", Cue::CountDistinct),
    ("count distinct", Cue::CountDistinct),
    ("count the number of different", Cue::CountDistinct),
    ("count the number of distinct", Cue::CountDistinct),
    ("count the number of", Cue::Count),
    ("total number of", Cue::Count),
    ("the number of", Cue::Count),
    ("number of", Cue::Count),
    ("how many", Cue::Count),
    ("how much", Cue::Agg(Agg::Sum)),
    ("count of", Cue::Count),
    ("count", Cue::Count),
    ("standard deviation", Cue::Sigma),
    ("std dev", Cue::Sigma),
    ("stddev", Cue::Sigma),
    ("sigma", Cue::Sigma),
    ("average", Cue::Agg(Agg::Avg)),
    ("median", Cue::Agg(Agg::Median)),
    ("total", Cue::Agg(Agg::Sum)),
    ("overall", Cue::Agg(Agg::Sum)),
    ("maximum", Cue::Agg(Agg::Max)),
    ("minimum", Cue::Agg(Agg::Min)),
    ("peak", Cue::Agg(Agg::Max)),
    ("percent", Cue::Share),
    ("share", Cue::Share),
    ("proportion", Cue::Share),
    ("fraction", Cue::Share),
    ("ratio", Cue::Share),
    ("rate", Cue::Share),
    ("grouped by", Cue::Group),
    ("group by", Cue::Group),
    ("broken down by", Cue::Group),
    ("break down by", Cue::Group),
    ("split by", Cue::Group),
    ("for each", Cue::Group),
    ("for each different", Cue::Group),
    ("for different", Cue::Group),
    ("across different", Cue::Group),
    ("across the different", Cue::Group),
    ("for the different", Cue::Group),
    ("for all the different", Cue::Group),
    ("in different", Cue::Group),
    ("of different", Cue::Group),
    ("with different", Cue::Group),
    ("for every", Cue::Group),
    ("in each", Cue::Group),
    ("at each", Cue::Group),
    ("of each", Cue::Group),
    ("by each", Cue::Group),
    ("per", Cue::Group),
    ("by", Cue::Group),
    ("across", Cue::Group),
    ("each", Cue::Each),
    ("every", Cue::Each),
    ("top", Cue::Top),
    ("bottom", Cue::Bottom),
    ("the most", Cue::Most),
    ("most", Cue::Most),
    ("highest", Cue::Most),
    ("largest", Cue::Most),
    ("biggest", Cue::Most),
    ("greatest", Cue::Most),
    ("longest", Cue::Most),
    ("best", Cue::Most),
    ("the least", Cue::Least),
    ("least", Cue::Least),
    ("lowest", Cue::Least),
    ("fewest", Cue::Least),
    ("smallest", Cue::Least),
    ("shortest", Cue::Least),
    ("worst", Cue::Least),
    ("greater than or equal to", Cue::Cmp(Op::Ge)),
    ("larger than or equal to", Cue::Cmp(Op::Ge)),
    ("higher than or equal to", Cue::Cmp(Op::Ge)),
    ("more than or equal to", Cue::Cmp(Op::Ge)),
    ("less than or equal to", Cue::Cmp(Op::Le)),
    ("lower than or equal to", Cue::Cmp(Op::Le)),
    ("smaller than or equal to", Cue::Cmp(Op::Le)),
    ("more expensive than", Cue::Cmp(Op::Gt)),
    ("taller than", Cue::Cmp(Op::Gt)),
    ("heavier than", Cue::Cmp(Op::Gt)),
    ("cheaper than", Cue::Cmp(Op::Lt)),
    ("lighter than", Cue::Cmp(Op::Lt)),
    ("or older", Cue::CmpAfter(Op::Ge)),
    ("or younger", Cue::CmpAfter(Op::Le)),
    ("more than", Cue::Cmp(Op::Gt)),
    ("greater than", Cue::Cmp(Op::Gt)),
    ("higher than", Cue::Cmp(Op::Gt)),
    ("larger than", Cue::Cmp(Op::Gt)),
    ("bigger than", Cue::Cmp(Op::Gt)),
    ("longer than", Cue::Cmp(Op::Gt)),
    ("later than", Cue::Cmp(Op::Gt)),
    ("older than", Cue::Cmp(Op::Gt)),
    ("in excess of", Cue::Cmp(Op::Gt)),
    ("exceeding", Cue::Cmp(Op::Gt)),
    ("exceed", Cue::Cmp(Op::Gt)),
    ("above", Cue::Cmp(Op::Gt)),
    ("greater", Cue::Cmp(Op::Gt)),
    ("over", Cue::Cmp(Op::Gt)),
    ("at least", Cue::Cmp(Op::Ge)),
    ("no less than", Cue::Cmp(Op::Ge)),
    ("not less than", Cue::Cmp(Op::Ge)),
    ("minimum of", Cue::Cmp(Op::Ge)),
    ("or more", Cue::CmpAfter(Op::Ge)),
    ("or greater", Cue::CmpAfter(Op::Ge)),
    ("or above", Cue::CmpAfter(Op::Ge)),
    ("or higher", Cue::CmpAfter(Op::Ge)),
    ("plus", Cue::CmpAfter(Op::Ge)),
    ("less than", Cue::Cmp(Op::Lt)),
    ("fewer than", Cue::Cmp(Op::Lt)),
    ("lower than", Cue::Cmp(Op::Lt)),
    ("smaller than", Cue::Cmp(Op::Lt)),
    ("shorter than", Cue::Cmp(Op::Lt)),
    ("younger than", Cue::Cmp(Op::Lt)),
    ("earlier than", Cue::Cmp(Op::Lt)),
    ("below", Cue::Cmp(Op::Lt)),
    ("less", Cue::Cmp(Op::Lt)),
    ("fewer", Cue::Cmp(Op::Lt)),
    ("under", Cue::Cmp(Op::Lt)),
    ("at most", Cue::Cmp(Op::Le)),
    ("no more than", Cue::Cmp(Op::Le)),
    ("not more than", Cue::Cmp(Op::Le)),
    ("not higher than", Cue::Cmp(Op::Le)),
    ("not greater than", Cue::Cmp(Op::Le)),
    ("not above", Cue::Cmp(Op::Le)),
    ("not over", Cue::Cmp(Op::Le)),
    ("up to", Cue::Cmp(Op::Le)),
    ("or less", Cue::CmpAfter(Op::Le)),
    ("or fewer", Cue::CmpAfter(Op::Le)),
    ("or below", Cue::CmpAfter(Op::Le)),
    ("or lower", Cue::CmpAfter(Op::Le)),
    ("not equal to", Cue::Cmp(Op::Ne)),
    ("equal to", Cue::Cmp(Op::Eq)),
    ("equal", Cue::Cmp(Op::Eq)),
    ("exactly", Cue::Cmp(Op::Eq)),
    ("between", Cue::Between),
    ("in the range of", Cue::Between),
    ("within the range of", Cue::Between),
    ("in the range", Cue::Between),
    ("within the range", Cue::Between),
    ("other than", Cue::Not),
    ("except for", Cue::Not),
    ("except", Cue::Not),
    ("excluding", Cue::Not),
    ("apart from", Cue::Not),
    // "born outside the California state": a place other than it.
    ("outside of", Cue::Not),
    ("outside", Cue::Not),
    ("not", Cue::Not),
    ("never", Cue::Not),
    ("non", Cue::Not),
    ("do not have", Cue::Null),
    ("doe not have", Cue::Null),
    ("have no", Cue::Null),
    ("with no", Cue::Null),
    ("without", Cue::Null),
    ("missing", Cue::Null),
    ("lacking", Cue::Null),
    ("no", Cue::Null),
    // Before "the most" takes its first two words.
    ("the most recent", Cue::Latest),
    ("most recent", Cue::Latest),
    ("latest", Cue::Latest),
    ("newest", Cue::Latest),
    ("current", Cue::Latest),
    ("last", Cue::Latest),
    ("the most common", Cue::Often),
    ("the most popular", Cue::Often),
    ("the most frequent", Cue::Often),
    ("most frequent", Cue::Often),
    ("most often", Cue::Often),
    ("most frequently", Cue::Often),
    ("most common", Cue::Often),
    ("most commonly", Cue::Often),
    ("most popular", Cue::Often),
    ("often", Cue::Often),
    ("frequently", Cue::Often),
    ("common", Cue::Often),
    ("in descending alphabetical order", Cue::Desc),
    ("descending alphabetical order", Cue::Desc),
    ("in reverse alphabetical order", Cue::Desc),
    ("reverse alphabetical order", Cue::Desc),
    ("in descending lexicographical order", Cue::Desc),
    ("descending lexicographical order", Cue::Desc),
    ("in reverse lexicographical order", Cue::Desc),
    ("reverse lexicographical order", Cue::Desc),
    ("in decreasing order of", Cue::Desc),
    ("in decreasing order", Cue::Desc),
    ("decreasing order of", Cue::Desc),
    ("decreasing", Cue::Desc),
    ("descendingly", Cue::Desc),
    ("from large to small", Cue::Desc),
    ("from big to small", Cue::Desc),
    ("from larger to smaller", Cue::Desc),
    ("from bigger to smaller", Cue::Desc),
    ("from biggest to smallest", Cue::Desc),
    ("from small to large", Cue::Asc),
    ("from small to big", Cue::Asc),
    ("from smaller to larger", Cue::Asc),
    ("from smaller to bigger", Cue::Asc),
    ("from smallest to biggest", Cue::Asc),
    ("in increasing order of", Cue::Asc),
    ("in increasing order", Cue::Asc),
    ("increasing order of", Cue::Asc),
    ("increasing", Cue::Asc),
    ("ascendingly", Cue::Asc),
    ("in descending order of", Cue::Desc),
    ("in descending order", Cue::Desc),
    ("descending order of", Cue::Desc),
    ("descending", Cue::Desc),
    ("from high to low", Cue::Desc),
    ("from highest to lowest", Cue::Desc),
    ("from largest to smallest", Cue::Desc),
    ("from most to least", Cue::Desc),
    ("from oldest to youngest", Cue::Desc),
    ("from the oldest to the youngest", Cue::Desc),
    ("high to low", Cue::Desc),
    ("in ascending order of", Cue::Asc),
    ("in ascending order", Cue::Asc),
    ("ascending order of", Cue::Asc),
    ("ascending", Cue::Asc),
    ("from low to high", Cue::Asc),
    ("from lowest to highest", Cue::Asc),
    ("from smallest to largest", Cue::Asc),
    ("from youngest to oldest", Cue::Asc),
    ("from the youngest to the oldest", Cue::Asc),
    ("alphabetical order", Cue::Asc),
    ("alphabetic order", Cue::Asc),
    ("alphabetically", Cue::Asc),
    ("lexicographical order", Cue::Asc),
    ("lexicographic order", Cue::Asc),
    ("lexicographically", Cue::Asc),
    ("ordered by", Cue::Sort),
    ("in order of", Cue::Sort),
    ("in the order of", Cue::Sort),
    ("order by", Cue::Sort),
    ("sorted by", Cue::Sort),
    ("sort by", Cue::Sort),
    ("ranked by", Cue::Sort),
    ("rank by", Cue::Sort),
    // "sort first by price, then by name": the keys in turn.
    ("sorted first by", Cue::Sort),
    ("sort first by", Cue::Sort),
    ("ordered first by", Cue::Sort),
    ("order first by", Cue::Sort),
    ("and then by", Cue::Sort),
    ("then by", Cue::Sort),
    ("and lastly by", Cue::Sort),
    ("lastly by", Cue::Sort),
    ("and finally by", Cue::Sort),
    ("finally by", Cue::Sort),
    ("as well as", Cue::And),
    ("and", Cue::And),
    ("or", Cue::Or),
    ("containing", Cue::Contains),
    ("substring", Cue::Contains),
    ("contain", Cue::Contains),
    ("include", Cue::Contains),
    ("including", Cue::Contains),
    ("mention", Cue::Contains),
    ("mentioning", Cue::Contains),
    ("with the word", Cue::Contains),
    ("the word", Cue::Contains),
    ("the string", Cue::Contains),
    ("word", Cue::Contains),
    ("with the letter", Cue::Contains),
    ("the letter", Cue::Contains),
    ("letter", Cue::Contains),
    ("like", Cue::Contains),
    ("named", Cue::Named),
    ("called", Cue::Named),
    ("titled", Cue::Named),
    ("all the information", Cue::All),
    ("all information", Cue::All),
    ("all the detail", Cue::All),
    ("all detail", Cue::All),
    ("everything", Cue::All),
];

/// Cues that hold a content meaning a manifest word of the same spelling
/// should win over (a column called `share` is a column, not a percentage).
pub fn yields_to_lexicon(cue: Cue) -> bool {
    matches!(
        cue,
        Cue::Share | Cue::Latest | Cue::Often | Cue::Agg(Agg::Sum) | Cue::Each | Cue::Contains
    )
}

/// Words that carry no meaning for a query plan.
#[rustfmt::skip]
pub const STOPWORDS: &[&str] = &[
    "a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "with", "into", "onto", "what",
    "which", "who", "whom", "whose", "where", "when", "how", "why", "is", "are", "was", "were",
    "be", "been", "being", "do", "does", "did", "have", "has", "had", "having", "that", "this",
    "these", "those", "there", "their", "its", "it", "they", "them", "we", "our", "us", "i", "me",
    "my", "you", "your", "all", "any", "some", "please", "give", "show", "list", "tell", "find",
    "get", "display", "return", "select", "compute", "calculate", "retrieve", "provide", "fetch",
    "obtain", "print", "enumerate", "identify", "determine", "can", "could", "would", "should", "will", "much", "yet", "still",
    "so", "far", "ever", "now", "also", "just", "only", "as", "than", "then", "about", "along",
    "corresponding", "respective", "respectively", "each", "whether", "here", "there", "want",
    "know", "see", "let", "lets", "need", "like", "s", "one", "ones", "value", "values", "result",
    "results", "information", "info", "record", "records", "total", "overall", "across", "around",
    "within", "among", "amongst", "via", "thing", "things", "kind", "kinds", "sort", "type", "types", "data",
    "number", "amount", "level", "levels", "figure", "figures", "stat", "stats", "statistic",
    "statistics", "breakdown", "up", "out", "both", "either", "neither", "nor", "whose", "if",
    "else", "by", "per", "vs", "versus", "same", "different", "distinct", "unique", "respective",
    "own", "themselves", "itself", "ok", "okay", "hey", "hi", "pls", "plz", "thanks", "thank",
    "quick", "quickly", "roughly", "approximately", "exact", "currently", "right", "recently", "so",
    "far", "been", "being", "overall", "actual", "actually", "really", "together", "combined",
    "altogether", "whole", "entire", "given", "respectively", "name", "names", "list", "lists",
    "id", "ids",
];

/// Verbs and adverbs common in analytics questions that add no condition
/// ("orders were *placed*", "sensors *reported*", "which channel *brings in*").
#[rustfmt::skip]
pub const SOFT_WORDS: &[&str] = &[
    "group", "grouped", "placed", "place", "made", "make", "makes", "created", "reported", "report", "reports",
    "recorded", "record", "logged", "registered", "submitted", "received", "filed", "generated",
    "generate", "generates", "bring", "brings", "brought", "happen", "happened", "occurred",
    "occur", "occurs", "used", "use", "uses", "using", "spent", "spend", "sold", "sell", "sells",
    "produce", "produces", "produced", "got", "gets", "earn", "earns", "earned", "take", "takes",
    "took", "taken", "belong", "belongs", "belonging", "come", "comes", "came", "live", "lives",
    "based", "located", "locate", "living", "go", "goes", "went", "appear", "appears", "work", "works",
    "worked", "working", "serve", "serves", "served", "manage", "managed", "manages", "handle",
    "handled", "handles", "assigned", "contain", "contains", "hold", "holds", "held", "exist",
    "exists", "currently", "typically", "usually", "typical", "typically", "far", "overall",
    "considered", "associated", "involved", "involve", "involves", "involving", "related", "corresponding", "correspond", "correspondingly", "ever",
    "recently", "got", "happening", "seen", "see", "look", "looks", "looking", "compare",
    "compared", "comparison", "over", "time", "period", "each", "every", "many", "much", "big",
    "large", "small", "sum", "mean", "what's", "whats", "there's", "theres", "yet", "far",
    "anything", "something", "everything", "someone", "anyone", "data", "dataset", "database",
    "databases", "available", "table", "tables", "row", "rows", "entry", "entries", "item", "items", "figure", "figures", "metric",
    "metrics", "kpi", "kpis", "trend", "trends", "pattern", "patterns", "distribution", "spread",
    "happen", "occurring", "reading", "readings",
];

/// More function words: prepositions, pronouns and adverbs of degree.
#[rustfmt::skip]
pub const FUNCTION_WORDS: &[&str] = &[
    "through", "throughout", "upon", "towards", "toward", "against", "along", "around",
    "behind", "beyond", "besides", "despite", "inside", "outside", "onto", "till", "until",
    "again", "already", "always", "ever", "often", "sometimes", "usually", "also", "too",
    "very", "really", "more", "less", "most", "least", "such", "other", "another", "every",
    "he", "she", "him", "her", "his", "hers", "theirs", "ours", "yours", "mine", "one's",
    "someone", "something", "anyone", "everyone", "nobody", "none", "whichever", "whatever",
    "should", "shall", "may", "might", "must", "ought", "am", "aren", "isn", "wasn", "weren",
    "don", "doesn", "didn", "haven", "hasn", "hadn", "wouldn", "couldn", "shouldn", "mustn", "needn",
    "ll", "ve", "re", "d", "o", "etc", "e", "g", "ie", "eg", "regarding", "concerning", "everybody",
    "somebody", "anybody",
];

/// Common verbs: like soft words, they name no condition of their own
/// ("customers *ordered* through the app", "each sensor *send*").
#[rustfmt::skip]
pub const VERBS: &[&str] = &[
    "send", "sends", "sent", "buy", "buys", "bought", "order", "orders", "ship", "ships",
    "visit", "visits", "write", "writes", "wrote", "written", "play", "plays", "speak",
    "speaks", "spoke", "spoken", "open", "opens", "close", "closes", "start", "starts", "end",
    "ends", "hire", "hires", "join", "joins", "win", "wins", "won", "lose", "loses", "lost",
    "sort", "sorts", "lists", "shows", "include", "includes", "gives", "put", "puts", "keep",
    "keeps", "kept", "run", "runs", "ran", "pay", "pays", "paid", "needs", "wants", "gets",
    "finds", "found", "say", "says", "said", "become", "became", "becomes", "cover", "covers",
];

/// Everyday synonyms: a manifest word on the left is also found by the words
/// on the right ("store" finds a `shop` table). Only general English.
#[rustfmt::skip]
pub const THESAURUS: &[(&str, &[&str])] = &[
    ("country", &["nation", "state"]),
    ("shop", &["store"]),
    ("store", &["shop"]),
    ("nationality", &["citizenship", "nation"]),
    ("citizenship", &["nationality"]),
    ("film", &["movie"]),
    ("movie", &["film"]),
    ("employee", &["worker", "staff"]),
    ("staff", &["employee", "personnel"]),
    ("salary", &["pay", "wage"]),
    ("city", &["town"]),
    ("price", &["cost"]),
    ("amount", &["sum"]),
    ("customer", &["client"]),
    ("client", &["customer"]),
    ("age", &["old"]),
    ("birth", &["born"]),
    ("killed", &["death", "dead"]),
    ("injured", &["injury", "wounded"]),
    ("director", &["directed"]),
    ("directed", &["director"]),
    ("written", &["writer", "author"]),
    ("author", &["writer"]),
    ("singer", &["artist", "vocalist"]),
    ("song", &["track"]),
    ("stadium", &["arena", "venue"]),
    ("language", &["tongue"]),
    ("content", &["contents"]),
    ("elevation", &["altitude"]),
    ("altitude", &["elevation"]),
    ("university", &["college"]),
    ("college", &["university"]),
    ("manufacturer", &["maker", "company"]),
    ("donator", &["donor"]),
    ("aircraft", &["airplane", "plane"]),
    ("vehicle", &["car"]),
    ("car", &["vehicle"]),
    ("job", &["occupation"]),
    ("occupation", &["job"]),
    ("phone", &["telephone"]),
    ("population", &["resident", "inhabitant", "people"]),
];

/// Prepositions after which an unknown word sits where a filter or group
/// would go, so not knowing it would change the question's meaning.
#[rustfmt::skip]
pub const SLOT_WORDS: &[&str] = &[
    "by", "per", "for", "in", "from", "at", "of", "with", "without", "named", "called", "each",
    "every", "across", "where", "whose", "excluding", "except", "than", "to", "on", "during",
    "within", "only",
];

/// Adjectives that imply an order on a column named for them
/// (`youngest` -> `age` ascending), used only when such a column exists.
pub const IMPLIED_ORDER: &[(&str, &str, bool)] = &[
    ("youngest", "age", false),
    ("oldest", "age", true),
    ("populous", "population", true),
    ("populated", "population", true),
    ("cheapest", "price", false),
    ("priciest", "price", true),
    ("heaviest", "weight", true),
    ("lightest", "weight", false),
    ("tallest", "height", true),
    ("shortest", "height", false),
    ("hottest", "temperature", true),
    ("coldest", "temperature", false),
    ("richest", "worth", true),
    ("earliest", "date", false),
];

/// The column word and direction an adjective of [`IMPLIED_ORDER`] orders
/// by ("oldest" -> `age`, descending), if it is one.
pub fn implied_order(adjective: &str) -> Option<(&'static str, bool)> {
    IMPLIED_ORDER.iter().find(|(adj, _, _)| *adj == adjective).map(|(_, word, desc)| (*word, *desc))
}

pub fn is_stopword(norm: &str) -> bool {
    STOPWORDS.contains(&norm) || FUNCTION_WORDS.contains(&norm)
}

/// "teh", "whcih", "wat": a word no dictionary has, one letter or one
/// swap of two letters away from a function word of three letters or
/// more (its first letter kept, or swapped with the second), is that word
/// misspelt. A word the dictionary has ("hat", "ore") is left alone, and
/// so is one that would begin a cue with the `next` word ("hom many").
pub fn misspelt_function_word(norm: &str, next: Option<&str>) -> Option<&'static str> {
    if norm.len() < 3 || !norm.bytes().all(|b| b.is_ascii_lowercase()) || crate::words::is_english_word(norm) {
        return None;
    }
    let firsts: Vec<char> = norm.chars().take(2).collect();
    let near = |w: &str| {
        let first = w.chars().next();
        w.len() >= 3
            && w.len().abs_diff(norm.len()) <= 1
            && (first == firsts.first().copied() || first == firsts.get(1).copied())
            && strsim::osa_distance(norm, w) == 1
    };
    let mut found = STOPWORDS.iter().chain(FUNCTION_WORDS).copied().filter(|w| near(w));
    let first = found.next()?;
    // Two function words as near ("hom": him, how) say nothing sure.
    if !found.all(|w| w == first) {
        return None;
    }
    // Near the first word of a cue the next word goes on with ("hom
    // many", "mor than") or of a one-word cue ("nto"), the cue would be
    // lost: left alone.
    let cue_begins = CUES.iter().any(|(p, _)| {
        let mut w = p.split_whitespace();
        w.next().is_some_and(near) && w.next().is_none_or(|second| next == Some(second))
    });
    (!cue_begins).then_some(first)
}

pub fn is_soft(norm: &str) -> bool {
    SOFT_WORDS.contains(&norm) || VERBS.contains(&norm) || norm.ends_with("ly") && norm.len() > 5
}

pub fn is_slot(norm: &str) -> bool {
    SLOT_WORDS.contains(&norm)
}
