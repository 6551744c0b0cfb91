//! A measure and the unit it is asked in: "the average price (in Euro)",
//! "the average length in feet", "price greater than 700 (in USD)". A
//! table may store one measure in several units (`price_in_dollars` and
//! `price_in_euros`, `length_meters` and `length_feet`); the unit written
//! after the measure word chooses the column, and is accounted for by it.
//!
//! Invariants: a piece pass before planning that only reorders the measure
//! word's readings and turns the unit words into function words; it acts
//! only when a column of the measure's table is named by both the measure
//! word and the unit, and nothing that names another column, a value or a
//! name stands between them.

use super::intent::{Piece, PieceKind};
use super::lexicon::{Cand, Target};
use super::tokenize::stem;
use crate::semantic::Manifest;

/// Unit symbols and currency codes with their spelled-out words: general
/// English, as a dictionary gives them. One-letter symbols ("m", "s") are
/// left out: in a question they are more often something else.
const SYMBOLS: &[(&str, &[&str])] = &[
    ("usd", &["dollar"]),
    ("eur", &["euro"]),
    ("gbp", &["pound", "sterling"]),
    ("jpy", &["yen"]),
    ("cny", &["yuan"]),
    ("rmb", &["yuan"]),
    ("inr", &["rupee"]),
    ("chf", &["franc"]),
    ("ft", &["foot", "feet"]),
    ("mi", &["mile"]),
    ("yd", &["yard"]),
    ("yds", &["yard"]),
    ("mph", &["mile", "hour"]),
    ("km", &["kilometer", "kilometre"]),
    ("kph", &["kilometer", "kilometre", "hour"]),
    ("kmh", &["kilometer", "kilometre", "hour"]),
    ("cm", &["centimeter", "centimetre"]),
    ("mm", &["millimeter", "millimetre"]),
    ("kg", &["kilogram", "kilo"]),
    ("lb", &["pound"]),
    ("lbs", &["pound"]),
    ("oz", &["ounce"]),
    ("ms", &["millisecond"]),
    ("sec", &["second"]),
    ("secs", &["second"]),
    ("min", &["minute"]),
    ("mins", &["minute"]),
    ("hr", &["hour"]),
    ("hrs", &["hour"]),
    ("yr", &["year"]),
    ("yrs", &["year"]),
    ("pct", &["percent"]),
    ("nm", &["nautical", "mile"]),
    ("sqm", &["square", "meter"]),
    ("sqft", &["square", "foot"]),
    ("ha", &["hectare"]),
    ("kn", &["knot"]),
    ("kw", &["kilowatt"]),
    ("kwh", &["kilowatt", "hour"]),
    ("mw", &["megawatt"]),
    ("mwh", &["megawatt", "hour"]),
];

/// Words that spell units: what a column's name or the question may use.
const UNITS: &[&str] = &[
    "dollar", "euro", "pound", "sterling", "yen", "yuan", "rupee", "franc", "foot", "feet", "inch", "mile", "yard",
    "meter", "metre", "kilometer", "kilometre", "centimeter", "centimetre", "millimeter", "millimetre", "gram", "kilogram",
    "kilo", "ton", "tonne", "ounce", "liter", "litre", "gallon", "millisecond", "second", "minute", "hour", "day", "week",
    "month", "year", "percent", "percentage", "degree", "celsius", "fahrenheit", "billion", "million", "thousand", "acre",
    "hectare", "square", "cubic", "nautical", "knot", "watt", "kilowatt", "megawatt",
];

/// The spelled-out unit words a word stands for: itself when it is one
/// ("feet", "euros"), its expansion when it is a symbol ("USD"), else none.
/// British spellings are the same unit ("metre", "meter").
pub(super) fn unit_words(word: &str) -> Vec<String> {
    let w = word.to_lowercase();
    let one = |s: String| match s.strip_suffix("tre") {
        Some(base) => format!("{base}ter"),
        None => s,
    };
    if let Some((_, long)) = SYMBOLS.iter().find(|(s, _)| *s == w) {
        return long.iter().map(|l| one(stem(l))).collect();
    }
    let s = stem(&w);
    if UNITS.iter().any(|u| stem(u) == s) {
        return vec![one(s)];
    }
    Vec::new()
}

/// The unit words a column's name is written with (`price_in_dollars` ->
/// dollar, `length_ft` -> foot, feet), and its other words stemmed.
fn column_words(name: &str) -> (Vec<String>, Vec<String>) {
    let mut units = Vec::new();
    let mut rest = Vec::new();
    for w in crate::words::identifier_words(name) {
        let u = unit_words(&w);
        if u.is_empty() {
            if w != "in" {
                rest.push(stem(&w));
            }
        } else {
            units.extend(u);
        }
    }
    (units, rest)
}

/// The unit a piece names, when it names nothing else: "feet", "in Euro",
/// "USD". None when any word of it is not a unit (other than "in").
fn piece_units(p: &Piece) -> Option<Vec<String>> {
    if !matches!(p.kind, PieceKind::Lex(_) | PieceKind::Unknown) {
        return None;
    }
    words_units(&p.words)
}

/// The units words spell, when every word is one (or "in").
fn words_units(words: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for w in words.split_whitespace() {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        if w.eq_ignore_ascii_case("in") {
            continue;
        }
        let u = unit_words(w);
        if u.is_empty() {
            return None;
        }
        out.extend(u);
    }
    (!out.is_empty()).then_some(out)
}

/// True when `word` (stemmed) is what units among `units` measure: "time"
/// and "duration" for minutes, "weight" for kilograms, "area" for hectares.
fn measures_in(word: &str, units: &[String]) -> bool {
    const KINDS: &[(&[&str], &[&str])] = &[
        (&["time", "duration", "length", "period"], &["millisecond", "second", "minute", "hour"]),
        (&["weight", "mass", "load"], &["gram", "kilogram", "kilo", "ton", "tonne", "pound", "ounce"]),
        (&["area", "size", "surface"], &["hectare", "acre", "square"]),
        (&["volume", "capacity"], &["liter", "litre", "gallon", "cubic"]),
        (&["length", "distance", "height", "width", "depth"], &["foot", "feet", "inch", "mile", "yard", "meter", "metre", "kilometer", "kilometre", "centimeter", "centimetre", "millimeter", "millimetre"]),
        (&["price", "cost", "amount", "value", "money", "fee"], &["dollar", "euro", "pound", "sterling", "yen", "yuan", "rupee", "franc"]),
    ];
    KINDS.iter().any(|(words, kind_units)| words.iter().any(|w| stem(w) == word) && units.iter().any(|u| kind_units.iter().any(|k| stem(k) == *u)))
}

/// True when column `c` is the only column of table `t` written with one
/// of `units`: "the weight in tons" for `cargo_tons` says which column
/// without the name's other words.
fn units_only_here(m: &Manifest, t: usize, c: usize, units: &[String]) -> bool {
    m.tables[t].columns.iter().enumerate().all(|(k, col)| k == c || !column_words(&col.name).0.iter().any(|u| units.contains(u)))
}

/// Pieces a unit may stand after its measure across: function words,
/// brackets, a comparison and its number ("price greater than 700 (in USD)").
fn passable(p: &Piece) -> bool {
    matches!(p.kind, PieceKind::Stop | PieceKind::Punct(_) | PieceKind::Number(_) | PieceKind::Cue(_))
}

/// "between 60 and 120 minutes", "more than 5 pounds", "less than 15 kg":
/// unit words that name nothing in the dataset, right after a number, say
/// the number's unit; they become function words, the number compared
/// with the column the question names. A unit word that names a column
/// or a value is left as it is.
pub(super) fn units_after_numbers(pieces: &mut [Piece]) {
    // Calendar units ("10 years", "3 days") are read as ages and time spans elsewhere.
    let calendar = |u: &Vec<String>| u.iter().any(|w| matches!(w.as_str(), "year" | "month" | "week" | "day"));
    for j in 1..pieces.len() {
        if pieces[j].kind != PieceKind::Unknown || words_units(&pieces[j].words).is_none_or(|u| calendar(&u)) {
            continue;
        }
        let Some(prev) = (0..j).rev().find(|&k| !matches!(pieces[k].kind, PieceKind::Stop)) else { continue };
        if !matches!(pieces[prev].kind, PieceKind::Number(_)) {
            continue;
        }
        pieces[j].kind = PieceKind::Stop;
    }
}

/// Rereads each measure word followed by a unit as the column of its table
/// named with both, and the unit words as function words.
pub(super) fn qualified_measures(m: &Manifest, pieces: &mut [Piece]) {
    'measures: for i in 0..pieces.len() {
        if pieces[i].kind == PieceKind::Unknown {
            unnamed_measure(m, pieces, i);
            continue;
        }
        let Some(cands) = pieces[i].lex() else { continue };
        let mut tables: Vec<usize> = cands
            .iter()
            .filter_map(|c| match c.target {
                Target::Column(t, _) | Target::Unit(t, _) => Some(t),
                _ => None,
            })
            .collect();
        tables.sort_unstable();
        tables.dedup();
        if tables.is_empty() {
            continue;
        }
        let measure: Vec<String> = pieces[i]
            .words
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| !w.is_empty())
            .map(|w| stem(&w.to_lowercase()))
            .collect();
        let Some(j) = (i + 1..pieces.len().min(i + 7)).find(|&j| !passable(&pieces[j])) else { continue };
        let Some(asked) = piece_units(&pieces[j]) else { continue };
        let mut found = None;
        for &t in &tables {
            for (c, col) in m.tables[t].columns.iter().enumerate() {
                let (units, rest) = column_words(&col.name);
                // "wait time in minutes" for `wait_mins`, "duration in
                // minutes" for `mins`: the word for what the unit measures
                // need not be in the name.
                // Calendar units stay exact: "opened in the most recent
                // year" asks no year of `open_year` in a unit.
                let calendar = asked.iter().any(|u| matches!(u.as_str(), "year" | "month" | "week" | "day"));
                let named = |w: &String| rest.iter().any(|r| if calendar { w == r } else { same_word(w, r) });
                let names_measure = !measure.is_empty()
                    && measure.iter().all(|w| named(w) || measures_in(w, &units))
                    && (measure.iter().any(named) || rest.is_empty() || units_only_here(m, t, c, &units));
                if names_measure && asked.iter().any(|u| units.contains(u)) {
                    if found.is_some_and(|f| f != (t, c)) {
                        // Two columns fit ("area" of estates and of
                        // sections, both in hectares): the unit does not
                        // choose, but it is said of either.
                        unit_said(pieces, j, &asked);
                        continue 'measures;
                    }
                    found = Some((t, c));
                }
            }
        }
        let Some((t, c)) = found else { continue };
        read_in_unit(m, pieces, i, j, t, c, &measure);
    }
}

/// Reads piece `i` as column `c` of table `t`, asked in the unit at piece
/// `j`: the column first among its readings (the same measure in other
/// units dropped), the unit's words function words.
fn read_in_unit(m: &Manifest, pieces: &mut [Piece], i: usize, j: usize, t: usize, c: usize, measure: &[String]) {
    // "in miles per hour" for `wind_speed_mph`: the rate's second unit.
    let (units, _) = column_words(&m.tables[t].columns[c].name);
    let rate = pieces.get(j + 1).filter(|x| {
        let mut w = x.words.split_whitespace();
        w.next().is_some_and(|p| p.eq_ignore_ascii_case("per"))
            && words_units(&w.collect::<Vec<_>>().join(" ")).is_some_and(|u| u.iter().all(|u| units.contains(u)))
    });
    if rate.is_some() {
        pieces[j + 1].kind = PieceKind::Stop;
        pieces[j + 1].norm = "in".into();
    }
    if let PieceKind::Lex(cands) = &mut pieces[i].kind {
        let confidence = cands.iter().map(|x| x.confidence).fold(0.9f32, f32::max);
        // The same measure in the other units is not what was asked.
        let same_measure = |t2: usize, c2: usize| {
            t2 == t && {
                let (units, rest) = column_words(&m.tables[t].columns[c2].name);
                !units.is_empty() && measure.iter().all(|w| rest.contains(w))
            }
        };
        cands.retain(|x| !matches!(x.target, Target::Column(t2, c2) | Target::Unit(t2, c2) if same_measure(t2, c2)));
        cands.insert(0, Cand { target: Target::Column(t, c), confidence, fuzzy: false });
    }
    unit_said(pieces, j, &units);
}

/// The unit at piece `j` (and the words after it that spell the same
/// `units`: "nautical miles", "square metres") made function words: a
/// unit is no name ("USD"), whatever its spelling.
fn unit_said(pieces: &mut [Piece], j: usize, units: &[String]) {
    pieces[j].kind = PieceKind::Stop;
    pieces[j].norm = "in".into();
    pieces[j].words = pieces[j].words.to_lowercase();
    let mut n = j + 1;
    while n < pieces.len() && piece_units(&pieces[n]).is_some_and(|u| u.iter().all(|w| units.contains(w))) {
        pieces[n].kind = PieceKind::Stop;
        n += 1;
    }
}

/// Two stemmed words for one thing: equal, or one the other's start of
/// three letters or more ("running" for the `run` of `run_mins`).
fn same_word(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short == long || short.len() >= 3 && long.starts_with(short)
}

/// "the duration in minutes" for `mins`, "the total weight in tons" for
/// `cargo_tons`: a word the names do not use, saying what a unit measures,
/// read as the one column of the dataset written with the unit asked.
fn unnamed_measure(m: &Manifest, pieces: &mut [Piece], i: usize) {
    let measure: Vec<String> = pieces[i].words.split_whitespace().map(|w| stem(&w.to_lowercase())).collect();
    let Some(j) = (i + 1..pieces.len().min(i + 3)).find(|&j| !matches!(pieces[j].kind, PieceKind::Stop | PieceKind::Punct(_))) else { return };
    let Some(asked) = piece_units(&pieces[j]) else { return };
    if measure.is_empty() || !measure.iter().all(|w| measures_in(w, &asked)) {
        return;
    }
    let mut fits = columns_in_units(m, &asked);
    // "the average plot size in square metres": of several, the one of the
    // table named right before.
    if fits.len() > 1 {
        let owner = i.checked_sub(1).and_then(|k| match pieces[k].top() {
            Some(Target::Table(t)) => Some(*t),
            _ => None,
        });
        fits.retain(|(t, _)| Some(*t) == owner);
    }
    let [(t, c)] = fits[..] else { return };
    // The table's noun then only says whose the measure is.
    if i > 0 && matches!(pieces[i - 1].top(), Some(Target::Table(x)) if *x == t) {
        pieces[i - 1].kind = PieceKind::Stop;
    }
    pieces[i].kind = PieceKind::Lex(Vec::new());
    read_in_unit(m, pieces, i, j, t, c, &[]);
}

/// The number columns of the dataset written with one of `units`.
fn columns_in_units(m: &Manifest, units: &[String]) -> Vec<(usize, usize)> {
    let mut fits = Vec::new();
    for (t, table) in m.tables.iter().enumerate() {
        for (c, col) in table.columns.iter().enumerate() {
            if crate::semantic::is_numeric(&col.ty) && column_words(&col.name).0.iter().any(|u| units.contains(u)) {
                fits.push((t, c));
            }
        }
    }
    fits
}

/// "how many minutes did boats wait", "the total kilograms harvested": a
/// unit word standing alone, naming nothing in the dataset and counting
/// nothing before it, read as the number column written with that unit
/// (`wait_mins`, `weight_kg`) when there is one (of the tables the
/// question names, when several are).
pub(super) fn units_as_columns(m: &Manifest, pieces: &mut [Piece]) {
    let calendar = |u: &Vec<String>| u.iter().any(|w| matches!(w.as_str(), "year" | "month" | "week" | "day" | "percent" | "percentage" | "degree" | "billion" | "million" | "thousand"));
    for i in 0..pieces.len() {
        if pieces[i].kind != PieceKind::Unknown {
            continue;
        }
        let Some(asked) = words_units(&pieces[i].words).filter(|u| !calendar(u)) else { continue };
        let mut fits = columns_in_units(m, &asked);
        if fits.len() > 1 {
            let named: Vec<usize> = pieces
                .iter()
                .filter_map(|x| match x.top() {
                    Some(Target::Table(t) | Target::Column(t, _)) => Some(*t),
                    Some(Target::Dimension(d)) => m.dimensions.get(*d).and_then(|d| crate::planner::account::resolve(m, &d.column)).map(|(t, _)| t),
                    _ => None,
                })
                .collect();
            fits.retain(|(t, _)| named.contains(t));
        }
        let [(t, c)] = fits[..] else { continue };
        pieces[i].kind = PieceKind::Lex(vec![Cand { target: Target::Unit(t, c), confidence: 0.85, fuzzy: false }]);
    }
}
