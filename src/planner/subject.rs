//! What a question is about: its base table (the first metric's, else the
//! first counted or named table's, else the first column's) and its subject
//! ("which products", "list fantasy books", "top 10 sensors", or a question
//! that starts with its noun), which is grouped by or listed.
//!
//! Invariants: both are decided before any piece is consumed and only from
//! the question's words; ties go to the earliest mention.

use crate::planner::build::Ctx;
use crate::planner::english::Cue;
use crate::planner::intent::{Piece, PieceKind};
use crate::planner::lexicon::Target;
use crate::planner::schema;

impl Ctx<'_> {
    /// The table the question is mostly about: the first metric's, else the
    /// first counted or named table's, else the first column's.
    pub(super) fn guess_base(&self) -> Option<usize> {
        let tops: Vec<(usize, &Target)> = self
            .p
            .iter()
            .enumerate()
            .filter_map(|(i, x)| x.top().map(|t| (i, t)))
            .collect();
        let after_count = |i: usize| {
            (0..i)
                .rev()
                .find(|&k| {
                    !self.p[k].is_filler()
                        && self.p[k]
                            .top()
                            .is_none_or(|t| matches!(t, Target::Value(..) | Target::Segment(_)))
                })
                .and_then(|k| self.p[k].cue())
                .is_some_and(|c| {
                    matches!(
                        c,
                        Cue::Count | Cue::CountDistinct | Cue::Share | Cue::Often | Cue::Most | Cue::Least
                    )
                })
        };
        tops.iter()
            .find_map(|(i, t)| {
                matches!(t, Target::Metric(_))
                    .then(|| self.metric_base(*i, t))
                    .flatten()
            })
            .or_else(|| {
                tops.iter().find_map(|(i, t)| {
                    after_count(*i)
                        .then(|| match t {
                            Target::Table(_) => schema::target_table(self.m, self.lx, t),
                            _ => self.table_tied(*i),
                        })
                        .flatten()
                })
            })
            .or_else(|| self.column_before_negation())
            .or_else(|| {
                // A table named with one of its columns is the table's rows.
                tops.iter().find_map(|(_, t)| match t {
                    Target::Table(ti) => Some(*ti),
                    _ => None,
                })
            })
            .or_else(|| tops.iter().find_map(|(i, _)| self.table_tied(*i)))
            .or_else(|| self.most_mentioned_table())
            .or_else(|| {
                tops.iter()
                    .find_map(|(_, t)| schema::target_table(self.m, self.lx, t))
            })
    }

    /// "station names without any trains", "how many schools do not
    /// play in the basketball match": every table named comes after the
    /// negation, so it is the rows that must not exist; the rows asked
    /// about are those of the column named before it.
    fn column_before_negation(&self) -> Option<usize> {
        let n = self.p.iter().position(|x| matches!(x.cue(), Some(Cue::Not | Cue::Null)))?;
        let named_after = self.p[n + 1..].iter().any(|x| matches!(x.top(), Some(Target::Table(_))));
        let table_before = self.p[..n].iter().any(|x| matches!(x.top(), Some(Target::Table(_))));
        if !named_after || table_before {
            return None;
        }
        self.p[..n].iter().enumerate().find_map(|(i, x)| match x.top() {
            Some(t @ (Target::Column(..) | Target::Dimension(_))) => self.table_tied(i).or_else(|| schema::target_table(self.m, self.lx, t)),
            _ => None,
        })
    }

    /// "the number of rooms", "rooms that do not have any reservation": a
    /// plural read as well as a table's own name as a column of another
    /// table (`reservations.room`) means the table's rows.
    fn table_tied(&self, i: usize) -> Option<usize> {
        let x = &self.p[i];
        let cands = x.lex()?;
        let best = cands.first()?.confidence;
        if !x.plural {
            return None;
        }
        cands.iter().find_map(|c| match c.target {
            Target::Table(t) if !c.fuzzy && c.confidence >= best - 1e-6 => Some(t),
            _ => None,
        })
    }

    /// The table of the metric piece `i` names; when equally good metrics of
    /// several tables match ("total population" of cities or of countries),
    /// the one the rest of the question is about.
    fn metric_base(&self, i: usize, top: &Target) -> Option<usize> {
        let first = schema::target_table(self.m, self.lx, top);
        let cands = self.p[i].lex()?;
        let best = cands.first()?.confidence;
        let mut tables: Vec<usize> = cands
            .iter()
            .filter(|c| matches!(c.target, Target::Metric(_)) && c.confidence >= best - 1e-6)
            .filter_map(|c| schema::target_table(self.m, self.lx, &c.target))
            .collect();
        tables.dedup();
        if tables.len() < 2 {
            return first;
        }
        // "the total amount claimed across all the claims": the table the
        // question names settles which table's measure it is.
        let named: Vec<usize> = self.p.iter().filter_map(|x| match x.top() {
            Some(Target::Table(t)) if tables.contains(t) => Some(*t),
            _ => None,
        }).collect();
        if let [t, rest @ ..] = named.as_slice() {
            if rest.iter().all(|r| r == t) {
                return Some(*t);
            }
        }
        self.most_mentioned_table()
            .filter(|t| tables.contains(t))
            .or(first)
    }

    /// "which X", "list X", "show X", "top N X": the thing listed or grouped.
    pub(super) fn find_subject(&mut self) {
        /// Imperatives that ask for a list when they open the question.
        const LIST_FIRST: &[&str] = &["report", "select", "tell", "retrieve", "provide", "print", "enumerate", "identify", "output"];
        let nounish = |x: &Piece| {
            x.lex().is_some_and(|c| {
                c.iter().any(|c| {
                    matches!(
                        c.target,
                        Target::Table(_) | Target::Dimension(_) | Target::Column(..)
                    )
                })
            })
        };
        for i in 0..self.p.len() {
            let x = &self.p[i];
            let opener = matches!(
                x.norm.as_str(),
                "which"
                    | "what"
                    | "list"
                    | "show"
                    | "find"
                    | "name"
                    | "give"
                    | "return"
                    | "display"
                    | "get"
            ) && x.lex().is_none()
                // "Report all majors that ...", "Select the names of ...":
                // other imperatives that ask for a list, first in the question.
                || i == 0 && LIST_FIRST.contains(&x.norm.as_str()) && x.lex().is_none()
                // "When was the school with the largest enrollment
                // founded?": the rows asked about come first, their time after.
                || i == 0 && x.norm == "when" && self.p.get(1).is_some_and(|y| matches!(y.norm.as_str(), "was" | "were" | "did" | "is" | "are" | "does" | "do"));
            let top = matches!(x.cue(), Some(Cue::Top | Cue::Bottom));
            if !opener && !top {
                continue;
            }
            // The first noun after the opener, skipping "the", "all", "me", a
            // number and adjectives ("fantasy books").
            let adjective = |k: usize| {
                matches!(
                    self.p[k].top(),
                    Some(Target::Value(..) | Target::Segment(_))
                ) && self.p.get(k + 1).is_some_and(nounish)
            };
            let Some(j) = (i + 1..self.p.len()).find(|&k| {
                (!matches!(self.p[k].kind, PieceKind::Stop | PieceKind::Number(_))
                    || self.p[k].lex().is_some())
                    && !adjective(k)
            }) else {
                return;
            };
            if nounish(&self.p[j]) {
                self.subject = Some(j);
            }
            if opener || self.subject.is_some() {
                return;
            }
        }
        // A question that starts with its noun: "tickets without an agent".
        if let Some(j) = (0..self.p.len()).find(|&k| !self.p[k].is_filler()) {
            if nounish(&self.p[j])
                && matches!(
                    self.p[j].top(),
                    Some(Target::Table(_) | Target::Dimension(_))
                )
            {
                self.subject = Some(j);
            }
        }
    }

    /// The table most of the question's words can belong to: each phrase
    /// votes, with its best confidence, for every table it could name
    /// ("population" is in city and country; "government form" and "life
    /// expectancy" only in country). Ties go to the earliest mention.
    fn most_mentioned_table(&self) -> Option<usize> {
        let mut score = vec![0.0f32; self.m.tables.len()];
        let mut first = vec![usize::MAX; self.m.tables.len()];
        for (i, x) in self.p.iter().enumerate() {
            let Some(cands) = x.lex() else { continue };
            let mut best: Vec<(usize, f32)> = Vec::new();
            for c in cands {
                if !matches!(
                    c.target,
                    Target::Column(..)
                        | Target::Unit(..)
                        | Target::Dimension(_)
                        | Target::Value(..)
                        | Target::Segment(_)
                ) {
                    continue;
                }
                let Some(t) = schema::target_table(self.m, self.lx, &c.target) else {
                    continue;
                };
                match best.iter_mut().find(|b| b.0 == t) {
                    Some(b) => b.1 = b.1.max(c.confidence),
                    None => best.push((t, c.confidence)),
                }
            }
            for (t, conf) in best {
                score[t] += conf;
                first[t] = first[t].min(i);
            }
        }
        (0..score.len())
            .filter(|&t| score[t] > 0.0)
            .max_by(|&a, &b| score[a].total_cmp(&score[b]).then(first[b].cmp(&first[a])))
    }
}
