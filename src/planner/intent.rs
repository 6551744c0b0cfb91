//! Reading a tokenized question as a sequence of pieces: time expressions,
//! structural cues ("by", "top", "at least"), manifest phrases, numbers,
//! quoted text, ignorable words and unknown words.
//!
//! Invariants: pieces cover the tokens left to right without overlap; at
//! each position the longest reading wins (a manifest phrase "average order
//! value" beats the cue "average"); when a cue and a manifest phrase are
//! equally long both readings are kept so the builder can pick by context.

use crate::planner::english::{self, Cue, CUES};
use crate::planner::lexicon::{Cand, Lexicon, Target};
use crate::planner::time::{self, TimeKind};
use crate::planner::tokenize::{stem, TokKind, Token};

/// What a piece of the question is.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceKind {
    /// Manifest phrase, candidates best first.
    Lex(Vec<Cand>),
    /// A structural cue.
    Cue(Cue),
    Time(TimeKind),
    Number(f64),
    /// Quoted text, with the values it names exactly (maybe none).
    Quoted(String, Vec<Target>),
    /// A word with no meaning for the plan ("the", "what").
    Stop,
    /// A verb or adverb that adds no condition ("placed", "reported").
    Soft,
    /// A word we could not place.
    Unknown,
    Punct(char),
}

/// One piece of the question.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub kind: PieceKind,
    /// The question's own words for this piece.
    pub words: String,
    /// Lowercase form of the first token.
    pub norm: String,
    /// True when the (last) word was written in the plural.
    pub plural: bool,
    /// True when a word was capitalised mid-sentence (a name).
    pub capital: bool,
    /// A manifest reading of the same words when the cue reading won.
    pub alt_lex: Vec<Cand>,
    /// A cue reading of the same words when the manifest reading won.
    pub alt_cue: Option<Cue>,
    /// True when a word of it was read through a WordNet relative.
    pub related: bool,
}

impl Piece {
    pub fn lex(&self) -> Option<&[Cand]> {
        match &self.kind {
            PieceKind::Lex(c) => Some(c),
            _ => None,
        }
    }
    pub fn top(&self) -> Option<&Target> {
        self.lex().and_then(|c| c.first()).map(|c| &c.target)
    }
    pub fn cue(&self) -> Option<Cue> {
        match self.kind {
            PieceKind::Cue(c) => Some(c),
            _ => None,
        }
    }
    pub fn is_punct(&self, c: char) -> bool {
        self.kind == PieceKind::Punct(c)
    }
    pub fn is_filler(&self) -> bool {
        matches!(self.kind, PieceKind::Stop | PieceKind::Soft)
    }
    /// One of its words asks for one answer per group: "each", "every", "per".
    pub fn says_each(&self) -> bool {
        self.words.split_whitespace().any(|w| matches!(w.to_lowercase().as_str(), "each" | "every" | "per"))
    }
}

/// Cue phrases as stems, longest first.
#[derive(Debug, Clone)]
pub struct CueTable {
    phrases: Vec<(Vec<String>, Cue)>,
}

impl CueTable {
    pub fn new() -> CueTable {
        let mut phrases: Vec<(Vec<String>, Cue)> = CUES
            .iter()
            .map(|(p, c)| (p.split_whitespace().map(stem).collect(), *c))
            .collect();
        phrases.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        CueTable { phrases }
    }

    /// The longest cue at token `i`: (tokens used, cue).
    pub fn at(&self, toks: &[Token], i: usize) -> Option<(usize, Cue)> {
        self.phrases.iter().find_map(|(p, c)| {
            let ok = p.iter().enumerate().all(|(k, w)| {
                toks.get(i + k)
                    .is_some_and(|t| t.is_word() && (t.stem == *w || t.norm == *w))
            });
            ok.then_some((p.len(), *c))
        })
    }

    /// True when the cue at token `i` is spelt there exactly as the cue
    /// phrase (not only through a stem: "orders by" is not "order by").
    pub fn exact_at(&self, toks: &[Token], i: usize) -> bool {
        self.phrases.iter().any(|(p, _)| {
            p.iter().enumerate().all(|(k, w)| {
                toks.get(i + k).is_some_and(|t| t.is_word() && (t.norm == *w || (k > 0 && t.stem == *w)))
            })
        })
    }

    /// A cue whose first word is misspelt by one edit ("msot common"), for
    /// a word of four letters or more that is nothing else.
    pub fn near_at(&self, toks: &[Token], i: usize) -> Option<(usize, Cue)> {
        let t = toks.get(i)?;
        if !t.is_word() || t.stem.chars().count() < 4 {
            return None;
        }
        self.phrases.iter().find_map(|(p, c)| {
            let first = p.first()?;
            let form = t.stem.starts_with(first.as_str()) || first.starts_with(t.stem.as_str());
            let close = first.chars().count() >= 4
                && !form
                && strsim::osa_distance(first, &t.stem) == 1
                && (first.chars().next() == t.stem.chars().next()
                    || first.chars().take(2).eq(t
                        .stem
                        .chars()
                        .take(2)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()));
            let rest = p[1..].iter().enumerate().all(|(k, w)| {
                toks.get(i + 1 + k)
                    .is_some_and(|x| x.is_word() && (x.stem == *w || x.norm == *w))
            });
            (close && rest).then_some((p.len(), *c))
        })
    }

    /// True when the word is a cue phrase on its own ("most", "average").
    pub fn alone(&self, stem: &str) -> bool {
        self.phrases.iter().any(|(p, _)| p.len() == 1 && p[0] == stem)
    }

    /// For each token, whether a cue phrase spelt in full covers it.
    pub fn cover(&self, toks: &[Token]) -> Vec<bool> {
        let mut out = vec![false; toks.len()];
        for i in 0..toks.len() {
            if let Some((len, _)) = self.at(toks, i) {
                out[i..(i + len).min(toks.len())].iter_mut().for_each(|c| *c = true);
            }
        }
        out
    }
}

impl Default for CueTable {
    fn default() -> Self {
        CueTable::new()
    }
}

/// True when token `i` is counted ("the most times", "how many ships",
/// "5 orders", "the number of plays"): a noun, though the word may also be
/// a verb ("ships", "plays") or a column's word ("times").
fn counted_noun(toks: &[crate::planner::tokenize::Token], i: usize) -> bool {
    i > 0
        && (matches!(toks[i - 1].norm.as_str(), "most" | "fewest" | "least" | "many" | "several" | "few" | "more" | "fewer")
            || toks[i - 1].number().is_some()
            || i > 1 && toks[i - 1].norm == "of" && toks[i - 2].norm == "number")
}

/// Splits tokens into pieces.
pub fn pieces(
    toks: &[Token],
    lx: &Lexicon,
    cues: &CueTable,
    default_year: Option<i32>,
) -> Vec<Piece> {
    let times = time::find(toks, default_year);
    // A word of a longer cue phrase ("rank" of "rank by") is read as a
    // name's other form ("ranking") where no cue phrase covers it.
    let cued = cues.cover(toks);
    let fuzzy_ok = |k: usize| -> bool {
        let t = &toks[k];
        t.is_word()
            && t.norm.chars().count() >= 4
            && !english::is_stopword(&t.norm)
            && !english::is_soft(&t.norm)
            && !cued[k]
            && !cues.alone(&t.stem)
            && !times.iter().any(|e| e.start <= k && k < e.end)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let text = |a: usize, b: usize| {
            toks[a..b]
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let capital_at = |a: usize, b: usize| {
            (a..b).any(|k| k > 0 && toks[k].capital && !toks[k - 1].is_punct('?'))
        };
        let mk = |kind: PieceKind, a: usize, b: usize| Piece {
            kind,
            words: text(a, b),
            norm: toks[a].norm.clone(),
            plural: toks[b - 1].is_word()
                && toks[b - 1].norm != toks[b - 1].stem
                && toks[b - 1].norm.ends_with('s'),
            capital: capital_at(a, b),
            alt_lex: Vec::new(),
            alt_cue: None,
            related: toks[a..b].iter().any(|t| t.related),
        };
        // A time word that begins a longer manifest phrase ("weekly rank") is the phrase.
        let longer_lex = |e: &time::TimeExpr| {
            lx.longest_at(toks, i, &|_| false)
                .is_some_and(|l| l.len > e.end - e.start)
        };
        if let Some(e) = times.iter().find(|e| e.start == i && !longer_lex(e)) {
            let mut p = mk(PieceKind::Time(e.kind.clone()), i, e.end.max(i + 1));
            p.words = text(i, e.end.max(i + 1));
            p.norm = e.label.clone();
            out.push(p);
            i = e.end.max(i + 1);
            continue;
        }
        let t = &toks[i];
        match &t.kind {
            TokKind::Punct(c) => {
                out.push(mk(PieceKind::Punct(*c), i, i + 1));
                i += 1;
                continue;
            }
            TokKind::Quoted(q) => {
                out.push(mk(
                    PieceKind::Quoted(q.clone(), lx.values_for_text(q)),
                    i,
                    i + 1,
                ));
                i += 1;
                continue;
            }
            TokKind::Date(_) => {
                out.push(mk(PieceKind::Unknown, i, i + 1));
                i += 1;
                continue;
            }
            TokKind::Number(_) | TokKind::Word => {}
        }
        let mut cue = cues.at(toks, i);
        let mut lex = lx.longest_at(toks, i, &fuzzy_ok);
        // An inflected name that only stems to a cue's first word ("orders
        // by status": the orders table, then "by") is the name, not the cue.
        let names_schema = lex.as_ref().is_some_and(|l| {
            l.cands.iter().any(|c| {
                !c.fuzzy && matches!(c.target, Target::Table(_) | Target::Metric(_) | Target::Column(..) | Target::Dimension(_))
            })
        });
        if cue.is_some_and(|c| c.0 > 1) && names_schema && !cues.exact_at(toks, i) {
            cue = None;
        }
        // "in descending order of the number of berths" with a `Num_Berths`
        // column: "the" opens the column's name, as it does without the
        // article ("number of berths"), not a count.
        let count_len = cue.filter(|c| c.0 > 1 && c.1 == Cue::Count && t.norm == "the").map(|c| c.0);
        if count_len.is_some_and(|len| {
            lx.longest_at(toks, i + 1, &fuzzy_ok).is_some_and(|l| {
                l.len >= len && l.cands.iter().any(|c| !c.fuzzy && c.confidence >= 0.85 && matches!(c.target, Target::Column(..)))
            })
        }) {
            cue = None;
        }
        // "the numbers of all flights", "phone numbers": in the plural,
        // numbers are identifiers to show, not a count.
        if cue.is_some_and(|(len, c)| {
            matches!(c, Cue::Count | Cue::CountDistinct) && toks[i..(i + len).min(toks.len())].iter().any(|t| t.norm == "numbers")
        }) {
            cue = None;
        }
        // A lone stopword only names a column or table spelt exactly so ("name").
        if let Some(l) = &lex {
            let lone_stop = l.len == 1 && (english::is_stopword(&t.norm) || t.number().is_some());
            if lone_stop {
                let strong = l.cands.iter().any(|c| {
                    c.confidence >= 0.85
                        && matches!(
                            c.target,
                            Target::Column(..) | Target::Table(_) | Target::Dimension(_)
                        )
                });
                // "courses in Statistics": a capitalised word inside the
                // sentence spelling a stored value is that value.
                let value = capital_at(i, i + 1) && l.cands.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Value(..)));
                // "the number of records they have" with a `pilot_record`
                // table: a plural that is the name of a table's rows.
                // So is a singular after "any" or "no" ("pilots that do not
                // have any record").
                let counted = i > 0 && matches!(toks[i - 1].norm.as_str(), "any" | "no");
                let rows = (t.norm != t.stem || counted) && l.cands.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Table(_)));
                // "crew members currently assigned" with an `Is_Current`
                // column: the adverb says the yes/no column.
                let adverb = !crate::planner::lexicon::adjective_of_adverb(&t.norm).is_empty()
                    && l.cands.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Column(..)));
                if !strong && !value && !rows && !adverb || t.number().is_some() {
                    lex = None;
                }
            }
        }
        // "Show each venue and ...", "List the ...": a verb that opens the
        // question (or a sentence of it) before a determiner asks for the
        // answer; it is not the `shows` or `list` table.
        let opens = i == 0 || matches!(toks[i - 1].kind, TokKind::Punct('.' | '?' | '!' | ';'));
        let determiner = toks.get(i + 1).is_some_and(|n| {
            matches!(n.norm.as_str(), "the" | "each" | "every" | "all" | "me" | "us" | "a" | "an" | "any" | "those" | "their" | "its" | "his" | "her" | "my" | "our")
        });
        if opens && determiner && matches!(t.norm.as_str(), "show" | "list" | "find" | "give" | "display" | "return") {
            lex = None;
        }
        // "the most times", "how many times", "more than 5 times": how
        // often, not a time column (`play_time_min`).
        if t.norm == "times" && counted_noun(toks, i) {
            lex = None;
        }
        let cue_len = cue.map(|c| c.0).unwrap_or(0);
        let lex_len = lex.as_ref().map(|l| l.len).unwrap_or(0);
        if lex_len > 0 && lex_len >= cue_len {
            let Some(l) = lex else { break };
            let cue_same = cue.filter(|_| cue_len == lex_len).map(|c| c.1);
            // Equal length: a functional cue wins unless it yields to content words.
            if let Some(c) = cue_same
                .filter(|c| !english::yields_to_lexicon(*c) || l.cands.iter().all(|x| x.fuzzy))
            {
                let mut p = mk(PieceKind::Cue(c), i, i + cue_len);
                p.alt_lex = l.cands;
                out.push(p);
                i += cue_len;
                continue;
            }
            let mut p = mk(PieceKind::Lex(l.cands), i, i + lex_len);
            p.alt_cue = cue_same;
            out.push(p);
            i += lex_len;
            continue;
        }
        if let Some((len, c)) = cue {
            out.push(mk(PieceKind::Cue(c), i, i + len));
            i += len;
            continue;
        }
        let near_cue = (!english::is_stopword(&t.norm) && !english::is_soft(&t.norm))
            .then(|| cues.near_at(toks, i))
            .flatten();
        if let Some(n) = t.number() {
            out.push(mk(PieceKind::Number(n), i, i + 1));
        } else if let Some((len, c)) = near_cue {
            out.push(mk(PieceKind::Cue(c), i, i + len));
            i += len;
            continue;
        } else if english::is_stopword(&t.norm) {
            out.push(mk(PieceKind::Stop, i, i + 1));
        } else if english::is_soft(&t.norm) && !(english::VERBS.contains(&t.norm.as_str()) && t.norm.ends_with('s') && counted_noun(toks, i)) {
            out.push(mk(PieceKind::Soft, i, i + 1));
        } else if let Some(meant) = english::misspelt_function_word(&t.norm, toks.get(i + 1).map(|n| n.norm.as_str())).filter(|_| t.is_word()) {
            let mut p = mk(PieceKind::Stop, i, i + 1);
            p.norm = meant.to_string();
            out.push(p);
        } else {
            out.push(mk(PieceKind::Unknown, i, i + 1));
        }
        i += 1;
    }
    verbs_after_inversion(&mut out);
    agent_by(&mut out);
    but_not(&mut out);
    contain_as_have(&mut out);
    over_all(&mut out);
    on_file(&mut out);
    order_key(&mut out);
    their_columns(&mut out);
    out
}

/// "Sort the vessels ... and show their names": after "their" or "its",
/// a column of the rows last named (`vessels.Vessel_Name`) comes before
/// a column spelt closer of rows the question never names
/// (`crew_members.Name`).
fn their_columns(out: &mut [Piece]) {
    for k in 1..out.len() {
        if !matches!(out[k - 1].norm.as_str(), "their" | "its") {
            continue;
        }
        let owner = out[..k - 1].iter().rev().find_map(|x| match x.lex().and_then(|c| c.first()) {
            Some(c) if !c.fuzzy => match c.target {
                Target::Table(t) => Some(t),
                _ => None,
            },
            _ => None,
        });
        let Some(t) = owner else { continue };
        // Only over a column of rows the question never names.
        let named = |u: usize| out.iter().any(|x| x.lex().and_then(|c| c.first()).is_some_and(|c| !c.fuzzy && c.target == Target::Table(u)));
        let unnamed_top = match out[k].lex().and_then(|c| c.first()).map(|c| &c.target) {
            Some(Target::Column(u, _)) => *u != t && !named(*u),
            _ => false,
        };
        if !unnamed_top {
            continue;
        }
        if let PieceKind::Lex(cands) = &mut out[k].kind {
            if cands.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Column(ct, _) if ct == t)) {
                cands.sort_by_key(|c| !matches!(c.target, Target::Column(ct, _) if ct == t));
            }
        }
    }
}

/// "in descending order of price", "sorted by price": what follows an
/// ordering cue that ends in "of" or "by" is what to order by, a column,
/// not a stored value that happens to be spelt so (a surname "Price").
/// So is what follows "their" or "its" ("products with their prices"): an
/// attribute of the rows. A capitalised word keeps its value reading.
fn order_key(out: &mut [Piece]) {
    for k in 1..out.len() {
        let mut j = k - 1;
        while j > 0 && out[j].kind == PieceKind::Stop && matches!(out[j].norm.as_str(), "the" | "their" | "its") {
            j -= 1;
        }
        let ordering = matches!(out[j].cue(), Some(Cue::Desc | Cue::Asc | Cue::Sort))
            && out[j].words.to_lowercase().split_whitespace().last().is_some_and(|w| matches!(w, "of" | "by"));
        // "all products with their prices": after a possessive, an attribute.
        let possessed = matches!(out[k - 1].norm.as_str(), "their" | "its");
        if !(ordering || possessed) || out[k].capital {
            continue;
        }
        if let PieceKind::Lex(cands) = &mut out[k].kind {
            let column = cands.iter().any(|c| !c.fuzzy && matches!(c.target, Target::Column(..) | Target::Dimension(_)));
            if column && cands.iter().any(|c| matches!(c.target, Target::Value(..))) {
                cands.retain(|c| !matches!(c.target, Target::Value(..)));
            }
        }
    }
}

/// "no email address on file", "stock on hand", "on record": said of what
/// is kept at all, no condition; read as function words when the noun
/// names nothing in the dataset.
fn on_file(out: &mut [Piece]) {
    for k in 1..out.len() {
        if out[k].kind == PieceKind::Unknown && matches!(out[k].norm.as_str(), "file" | "hand" | "record") && out[k - 1].norm == "on" {
            out[k].kind = PieceKind::Stop;
        }
    }
}

/// "the average duration over all recorded plays": "over" before "all"
/// says across what, not "greater than".
fn over_all(out: &mut [Piece]) {
    for k in 0..out.len().saturating_sub(1) {
        if out[k].norm == "over" && matches!(out[k].cue(), Some(Cue::Cmp(_))) && out[k + 1].norm == "all" {
            out[k].kind = PieceKind::Stop;
        }
    }
}

/// "Which range contains the most mountains?", "counties that contain
/// cities", "how many assets does each contract contain?": before the rows
/// of a table (after a count or a determiner), or last in the question,
/// "contain" says "have", not a text search.
fn contain_as_have(out: &mut [Piece]) {
    for k in 0..out.len() {
        if out[k].cue() != Some(Cue::Contains)
            || !matches!(out[k].norm.as_str(), "contain" | "contains" | "contained" | "containing" | "include" | "includes" | "included" | "including")
        {
            continue;
        }
        let next = out[k + 1..].iter().find(|x| {
            !(x.kind == PieceKind::Stop
                || matches!(x.kind, PieceKind::Number(_))
                || matches!(x.cue(), Some(Cue::Most | Cue::Least | Cue::Cmp(_) | Cue::CmpAfter(_) | Cue::Each | Cue::Top | Cue::Bottom)))
        });
        let rows = match next {
            None => true,
            Some(x) if matches!(x.kind, PieceKind::Punct('?' | '.')) => true,
            Some(x) => x.lex().and_then(|c| c.first()).is_some_and(|c| matches!(c.target, Target::Table(_)) && !c.fuzzy && c.confidence >= 0.9),
        };
        if rows {
            out[k].kind = PieceKind::Soft;
        }
    }
}

/// "in Statistics but not Psychology", "held Sales Person, but never
/// Clerical Staff": "but" before a negation adds the negated condition
/// to the first, as "and" does; the negation then says what it excludes.
fn but_not(out: &mut [Piece]) {
    for k in 0..out.len().saturating_sub(1) {
        if out[k].norm != "but" || out[k].kind != PieceKind::Unknown {
            continue;
        }
        let next = out[k + 1..].iter().find(|x| {
            x.kind != PieceKind::Stop || !matches!(x.norm.as_str(), "do" | "does" | "did" | "has" | "have" | "had" | "is" | "are" | "was" | "were")
        });
        // "students who registered but did not attend": with only a verb
        // before it, what the first part asks of the rows is unread.
        let before = out[..k].iter().rev().find(|x| !matches!(x.kind, PieceKind::Punct(_) | PieceKind::Stop));
        let bare_verb = before.is_none_or(|x| matches!(x.kind, PieceKind::Unknown | PieceKind::Soft));
        // "but not", "but never", "but no", "but do not have" (no such rows).
        if !bare_verb && next.is_some_and(|x| matches!(x.cue(), Some(Cue::Not | Cue::Null)) || matches!(x.norm.as_str(), "no" | "without")) {
            out[k].kind = PieceKind::Cue(Cue::And);
        }
    }
}

/// "did enterprise customers *open* in August": in a question inverted with
/// do/does/did, a one-word value right after the noun is the verb.
fn verbs_after_inversion(out: &mut [Piece]) {
    let Some(aux) = out
        .iter()
        .position(|p| matches!(p.norm.as_str(), "did" | "do" | "does"))
    else {
        return;
    };
    for k in aux + 2..out.len() {
        let is_value =
            matches!(out[k].top(), Some(Target::Value(..))) && !out[k].words.contains(' ');
        if is_value
            && out[k - 1].lex().is_some()
            && !matches!(out[k - 1].top(), Some(Target::Value(..)))
            || is_value
                && matches!(out[k - 1].top(), Some(Target::Value(..)))
                && out[k - 1].words.contains(' ')
        {
            out[k].kind = PieceKind::Soft;
            break;
        }
    }
}

/// A past participle no word of the dataset names ("offered", "written").
pub(super) fn unknown_participle(p: &Piece) -> bool {
    let w = p.norm.as_str();
    matches!(p.kind, PieceKind::Soft | PieceKind::Unknown) && (w.ends_with("ed") || w.ends_with("en") || w.ends_with("wn"))
}

/// "directed by", "written by", "covered by": after a participle, "by" names
/// who did it, not a grouping; "offered by each department" still groups.
fn agent_by(out: &mut [Piece]) {
    for k in 1..out.len() {
        if out[k].kind == PieceKind::Cue(Cue::Group)
            && out[k].norm == "by"
            && !out[k].words.contains(' ')
            && unknown_participle(&out[k - 1])
        {
            out[k].kind = PieceKind::Stop;
        }
    }
}
