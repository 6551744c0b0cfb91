//! Time expressions: calendar ranges ("in March 2025", "Q2 2025", "on June 15",
//! "2025-06-15", "in 2025", "since 2025-03-01"), relative spans ("last 30
//! days") and grains ("per week", "daily", "each month").
//!
//! Invariants: absolute ranges are half-open `[start, end)` in ISO dates, so
//! a day, month, quarter or year is `ge start` + `lt end` on any date or
//! timestamp column; relative spans become `Op::Last` and are anchored by the
//! compiler at the latest value in the data (no clock is read here). A month
//! or quarter without a year takes the question's other year, else the
//! manifest's default year, else it is reported as needing a year.

use crate::plan::Grain;
use crate::planner::tokenize::{TokKind, Token};

/// What a time expression says.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeKind {
    /// `[start, end)`, either side open.
    Range {
        start: Option<String>,
        end: Option<String>,
    },
    /// Strictly after the first moment of this day: "after 2007-12-25"
    /// (a day written in full is a point in time, as `> '2007-12-25'`).
    After(String),
    /// The last `n` units up to the latest data.
    Last { n: u32, unit: Grain },
    /// Bucket results by this grain.
    Grain(Grain),
    /// A month, quarter or day named without a year we could find.
    NeedsYear,
}

/// A time expression found at tokens `start..end`.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeExpr {
    pub start: usize,
    pub end: usize,
    pub kind: TimeKind,
    /// How the summary says it ("March 2025", "last 30 days", "per week").
    pub label: String,
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

fn month_of(w: &str) -> Option<u32> {
    if let Some(p) = MONTHS.iter().position(|m| *m == w) {
        return Some(p as u32 + 1);
    }
    const SHORT: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let w = if w == "sept" { "sep" } else { w };
    SHORT.iter().position(|m| *m == w).map(|p| p as u32 + 1)
}

fn grain_noun(stem: &str) -> Option<Grain> {
    Some(match stem {
        "hour" => Grain::Hour,
        "day" | "date" => Grain::Day,
        "week" => Grain::Week,
        "month" => Grain::Month,
        "quarter" => Grain::Quarter,
        "year" => Grain::Year,
        _ => return None,
    })
}

fn grain_adverb(norm: &str) -> Option<Grain> {
    Some(match norm {
        "hourly" => Grain::Hour,
        "daily" => Grain::Day,
        "weekly" => Grain::Week,
        "monthly" => Grain::Month,
        "quarterly" => Grain::Quarter,
        "yearly" | "annually" | "annual" => Grain::Year,
        _ => return None,
    })
}

fn year_of(t: &Token) -> Option<i32> {
    let n = t.number()?;
    (t.raw.len() == 4 && (1900.0..=2100.0).contains(&n) && n.fract() == 0.0).then_some(n as i32)
}

/// Finds every time expression in the tokens, left to right, not overlapping.
pub fn find(toks: &[Token], default_year: Option<i32>) -> Vec<TimeExpr> {
    let question_year = toks.iter().find_map(year_of).or(default_year);
    let mut out: Vec<TimeExpr> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if let Some(mut e) = at(toks, i, question_year) {
            // "since", "before", "after", "until", "from X to Y", "between X and Y".
            let prev = i
                .checked_sub(1)
                .map(|p| toks[p].norm.as_str())
                .unwrap_or("");
            if let TimeKind::Range { start, end } = &e.kind {
                let (s, en) = (start.clone(), end.clone());
                match prev {
                    "since" | "after" | "from" | "between" => {
                        let from = if prev == "after" {
                            en.clone()
                        } else {
                            s.clone()
                        };
                        let mut to = None;
                        let mut stop = e.end;
                        if matches!(prev, "from" | "between") {
                            if let Some(sep) = toks.get(e.end).filter(|t| {
                                matches!(
                                    t.norm.as_str(),
                                    "to" | "until" | "and" | "through" | "till"
                                )
                            }) {
                                let _ = sep;
                                let e2 = at(toks, e.end + 1, question_year);
                                // "between 2000 and 5000 inhabitants": a range of
                                // numbers, not of years.
                                if e2.is_none() && toks.get(e.end + 1).is_some_and(|t| t.number().is_some()) {
                                    i += 1;
                                    continue;
                                }
                                if let Some(e2) = e2 {
                                    if let TimeKind::Range { end: en2, .. } = e2.kind {
                                        to = en2;
                                        stop = e2.end;
                                        e.label = format!("{} to {}", e.label, e2.label);
                                    }
                                }
                            }
                        }
                        let label = if to.is_some() {
                            format!("from {}", e.label)
                        } else {
                            format!("{prev} {}", e.label)
                        };
                        let one_day = s.as_deref().and_then(parse_iso).is_some_and(|(y, m, d)| day_range(y, m, d) == e.kind);
                        let kind = if prev == "after" && one_day && to.is_none() {
                            TimeKind::After(s.clone().unwrap_or_default())
                        } else {
                            TimeKind::Range {
                                start: from,
                                end: to,
                            }
                        };
                        e = TimeExpr {
                            start: i - 1,
                            end: stop,
                            kind,
                            label,
                        };
                    }
                    "before" | "until" | "till" | "through" => {
                        let to = if prev == "before" { s } else { en };
                        e = TimeExpr {
                            start: i - 1,
                            end: e.end,
                            kind: TimeKind::Range {
                                start: None,
                                end: to,
                            },
                            label: format!("{prev} {}", e.label),
                        };
                    }
                    _ => {}
                }
            }
            i = e.end;
            out.push(e);
            continue;
        }
        i += 1;
    }
    out
}

/// A time expression starting exactly at token `i`.
fn at(toks: &[Token], i: usize, year: Option<i32>) -> Option<TimeExpr> {
    let t = &toks[i];
    let next = |k: usize| toks.get(i + k);
    let mk = |end: usize, kind: TimeKind, label: String| {
        Some(TimeExpr {
            start: i,
            end,
            kind,
            label,
        })
    };
    if let TokKind::Date(d) = &t.kind {
        let (y, m, dd) = parse_iso(d)?;
        return mk(i + 1, day_range(y, m, dd), d.clone());
    }
    if let Some(g) = grain_adverb(&t.norm) {
        return mk(i + 1, TimeKind::Grain(g), format!("per {}", g.word()));
    }
    // "per week", "each month", "by day", "every hour", "a day".
    if matches!(t.norm.as_str(), "per" | "each" | "every" | "by" | "a") {
        if let Some(g) = next(1).and_then(|n| grain_noun(&n.stem)) {
            // "by day of week" and friends are not grains we know.
            if next(2).is_none_or(|n| n.norm != "of") {
                return mk(i + 2, TimeKind::Grain(g), format!("per {}", g.word()));
            }
        }
    }
    // "day by day", "month over month".
    if let Some(g) = grain_noun(&t.stem) {
        if next(1).is_some_and(|n| matches!(n.norm.as_str(), "by" | "over"))
            && next(2).is_some_and(|n| n.stem == t.stem)
        {
            return mk(i + 3, TimeKind::Grain(g), format!("per {}", g.word()));
        }
    }
    // "last 30 days", "past week", "previous 3 months", "recent 7 days".
    if matches!(
        t.norm.as_str(),
        "last" | "past" | "previous" | "recent" | "trailing"
    ) {
        let (n, k) = match next(1).and_then(Token::number) {
            Some(n) if n >= 1.0 && n.fract() == 0.0 => (n as u32, 2),
            _ => (1, 1),
        };
        if let Some(g) = next(k).and_then(|u| grain_noun(&u.stem)) {
            let label = if k == 2 {
                format!("last {n} {}s", g.word())
            } else {
                format!("last {}", g.word())
            };
            return mk(i + k + 1, TimeKind::Last { n, unit: g }, label);
        }
    }
    if t.norm == "yesterday" || t.norm == "today" {
        return mk(
            i + 1,
            TimeKind::Last {
                n: 1,
                unit: Grain::Day,
            },
            "latest day".into(),
        );
    }
    // "Q2 2025", "2025 Q2", "Q2".
    if let Some(q) = quarter_word(&t.norm) {
        let (y, end) = match next(1).and_then(year_of) {
            Some(y) => (Some(y), i + 2),
            None => match next(1)
                .filter(|n| n.norm == "of")
                .and_then(|_| next(2))
                .and_then(year_of)
            {
                Some(y) => (Some(y), i + 3),
                None => (year, i + 1),
            },
        };
        return Some(quarter(i, end, q, y));
    }
    // "second quarter of 2025".
    if let Some(q) = ordinal(&t.norm) {
        if next(1).is_some_and(|n| n.stem == "quarter") {
            let (y, end) = match (next(2), next(3)) {
                (Some(o), Some(yt)) if o.norm == "of" && year_of(yt).is_some() => {
                    (year_of(yt), i + 4)
                }
                (Some(yt), _) if year_of(yt).is_some() => (year_of(yt), i + 3),
                _ => (year, i + 2),
            };
            return Some(quarter(i, end, q, y));
        }
    }
    if let Some(y) = year_of(t) {
        if let Some(q) = next(1).and_then(|n| quarter_word(&n.norm)) {
            return Some(quarter(i, i + 2, q, Some(y)));
        }
        let prev = i
            .checked_sub(1)
            .map(|p| toks[p].norm.as_str())
            .unwrap_or("");
        let bare_ok = i == 0
            || matches!(
                prev,
                "in" | "during"
                    | "for"
                    | "of"
                    | "since"
                    | "before"
                    | "after"
                    | "until"
                    | "from"
                    | "to"
                    | "through"
                    | "between"
                    | "and"
                    | "year"
            );
        if bare_ok {
            return mk(i + 1, range(ymd(y, 1, 1), ymd(y + 1, 1, 1)), y.to_string());
        }
        return None;
    }
    // "15 June 2025", "15th of June".
    if let Some(d) = t
        .number()
        .filter(|n| (1.0..=31.0).contains(n) && n.fract() == 0.0)
    {
        let mut k = 1;
        if next(k).is_some_and(|n| n.norm == "of") {
            k += 1;
        }
        if let Some(m) = next(k)
            .filter(|n| n.is_word())
            .and_then(|n| month_of(&n.norm))
        {
            // "7th September, 1987": a comma may stand before the year.
            let comma = usize::from(next(k + 1).is_some_and(|n| n.is_punct(',')) && next(k + 2).and_then(year_of).is_some());
            let (y, end) = match next(k + 1 + comma).and_then(year_of) {
                Some(y) => (Some(y), i + k + 2 + comma),
                None => (year, i + k + 1),
            };
            let label = format!("{} {}", d as u32, MONTHS[m as usize - 1]);
            return Some(match y {
                Some(y) => TimeExpr {
                    start: i,
                    end,
                    kind: day_range(y, m, d as u32),
                    label: format!("{label} {y}"),
                },
                None => TimeExpr {
                    start: i,
                    end,
                    kind: TimeKind::NeedsYear,
                    label,
                },
            });
        }
        return None;
    }
    // "March 2025", "June 15", "June 15, 2025", "March".
    if t.is_word() {
        let m = month_of(&t.norm)?;
        // "may" is a month only before a year or day number, or capitalised
        // after "in"/"of".
        let prev = i
            .checked_sub(1)
            .map(|p| toks[p].norm.as_str())
            .unwrap_or("");
        let follows_num = next(1).and_then(Token::number).is_some();
        let bare_month_ok = matches!(
            prev,
            "in" | "of"
                | "during"
                | "for"
                | "since"
                | "before"
                | "after"
                | "until"
                | "from"
                | "to"
                | "through"
                | "and"
                | "between"
        );
        // "in May" capitalised is the month; "may" alone is the verb.
        let modal = t.norm == "may" && !(t.capital && bare_month_ok);
        if !follows_num && (modal || t.norm.len() < 3 || !bare_month_ok && !t.capital) {
            return None;
        }
        let name = MONTHS[m as usize - 1];
        if let Some(y) = next(1).and_then(year_of) {
            return mk(
                i + 2,
                range(ymd(y, m, 1), next_month(y, m)),
                format!("{} {y}", cap(name)),
            );
        }
        if let Some(d) = next(1)
            .and_then(Token::number)
            .filter(|n| (1.0..=31.0).contains(n) && n.fract() == 0.0)
        {
            let mut k = 2;
            if next(k).is_some_and(|n| n.is_punct(',')) && next(k + 1).and_then(year_of).is_some() {
                k += 1;
            }
            let (y, end) = match next(k).and_then(year_of) {
                Some(y) => (Some(y), i + k + 1),
                None => (year, i + 2),
            };
            let label = format!("{} {}", cap(name), d as u32);
            return Some(match y {
                Some(y) => TimeExpr {
                    start: i,
                    end,
                    kind: day_range(y, m, d as u32),
                    label: format!("{label}, {y}"),
                },
                None => TimeExpr {
                    start: i,
                    end,
                    kind: TimeKind::NeedsYear,
                    label,
                },
            });
        }
        return Some(match year {
            Some(y) => TimeExpr {
                start: i,
                end: i + 1,
                kind: range(ymd(y, m, 1), next_month(y, m)),
                label: format!("{} {y}", cap(name)),
            },
            None => TimeExpr {
                start: i,
                end: i + 1,
                kind: TimeKind::NeedsYear,
                label: cap(name),
            },
        });
    }
    None
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn quarter_word(norm: &str) -> Option<u32> {
    match norm {
        "q1" => Some(1),
        "q2" => Some(2),
        "q3" => Some(3),
        "q4" => Some(4),
        _ => None,
    }
}

fn ordinal(norm: &str) -> Option<u32> {
    match norm {
        "first" => Some(1),
        "second" => Some(2),
        "third" => Some(3),
        "fourth" | "last" => Some(4),
        _ => None,
    }
}

fn quarter(start: usize, end: usize, q: u32, year: Option<i32>) -> TimeExpr {
    match year {
        Some(y) => {
            let m = 3 * (q - 1) + 1;
            let stop = if q == 4 {
                ymd(y + 1, 1, 1)
            } else {
                ymd(y, m + 3, 1)
            };
            TimeExpr {
                start,
                end,
                kind: range(ymd(y, m, 1), stop),
                label: format!("Q{q} {y}"),
            }
        }
        None => TimeExpr {
            start,
            end,
            kind: TimeKind::NeedsYear,
            label: format!("Q{q}"),
        },
    }
}

fn range(start: String, end: String) -> TimeKind {
    TimeKind::Range {
        start: Some(start),
        end: Some(end),
    }
}

fn ymd(y: i32, m: u32, d: u32) -> String {
    format!("{y:04}-{m:02}-{d:02}")
}

fn next_month(y: i32, m: u32) -> String {
    if m == 12 {
        ymd(y + 1, 1, 1)
    } else {
        ymd(y, m + 1, 1)
    }
}

fn days_in_month(y: i32, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn day_range(y: i32, m: u32, d: u32) -> TimeKind {
    let d = d.min(days_in_month(y, m)).max(1);
    let end = if d < days_in_month(y, m) {
        ymd(y, m, d + 1)
    } else {
        next_month(y, m)
    };
    range(ymd(y, m, d), end)
}

fn parse_iso(s: &str) -> Option<(i32, u32, u32)> {
    let y = s.get(0..4)?.parse().ok()?;
    let m: u32 = s.get(5..7)?.parse().ok()?;
    let d: u32 = s.get(8..10)?.parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d))
}
