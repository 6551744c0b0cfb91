//! A verb that names a table by its root: "attended" -> `attendance`,
//! "enrolled" -> `student_enrolment`, "taught" -> `teaches`, "registered"
//! -> `course_registrations`. Link tables are often named for what their
//! rows record, and questions say it with the verb.
//!
//! Invariants: general English only: regular endings are stripped, the
//! common irregular past forms are listed, and a root must share at least
//! five letters with the start of a word of the table's name, leaving at
//! most two of its own letters over.

/// Common irregular past forms and participles, with their base verb.
#[rustfmt::skip]
const IRREGULAR: &[(&str, &str)] = &[
    ("taught", "teach"), ("bought", "buy"), ("brought", "bring"), ("thought", "think"),
    ("caught", "catch"), ("fought", "fight"), ("sought", "seek"), ("sold", "sell"),
    ("told", "tell"), ("held", "hold"), ("built", "build"), ("sent", "send"),
    ("spent", "spend"), ("lent", "lend"), ("led", "lead"), ("fed", "feed"), ("met", "meet"),
    ("paid", "pay"), ("laid", "lay"), ("made", "make"), ("kept", "keep"), ("slept", "sleep"),
    ("left", "leave"), ("lost", "lose"), ("won", "win"), ("wrote", "write"),
    ("written", "write"), ("drove", "drive"), ("driven", "drive"), ("rode", "ride"),
    ("ridden", "ride"), ("flew", "fly"), ("flown", "fly"), ("took", "take"), ("taken", "take"),
    ("gave", "give"), ("given", "give"), ("chose", "choose"), ("chosen", "choose"),
    ("spoke", "speak"), ("spoken", "speak"), ("stole", "steal"), ("stolen", "steal"),
    ("sang", "sing"), ("sung", "sing"), ("began", "begin"), ("begun", "begin"),
    ("drew", "draw"), ("drawn", "draw"), ("grew", "grow"), ("grown", "grow"),
    ("knew", "know"), ("known", "know"), ("threw", "throw"), ("thrown", "throw"),
    ("saw", "see"), ("seen", "see"), ("ran", "run"), ("swam", "swim"), ("swum", "swim"),
    ("found", "find"), ("bound", "bind"), ("wore", "wear"), ("worn", "wear"),
    ("bore", "bear"), ("born", "bear"), ("tore", "tear"), ("torn", "tear"), ("shot", "shoot"),
    ("hid", "hide"), ("hidden", "hide"), ("bit", "bite"), ("bitten", "bite"), ("ate", "eat"),
    ("eaten", "eat"), ("fell", "fall"), ("fallen", "fall"), ("forgot", "forget"),
    ("forgotten", "forget"), ("understood", "understand"), ("stood", "stand"), ("sat", "sit"),
    ("dealt", "deal"), ("meant", "mean"), ("felt", "feel"), ("heard", "hear"), ("said", "say"),
];

/// An irregular past form or participle ("taught", "sold", "written").
pub(super) fn is_irregular_past(word: &str) -> bool {
    let w = word.to_lowercase();
    IRREGULAR.iter().any(|(form, _)| *form == w)
}

/// The root of a verb form: "attended" -> "attend", "teaches" -> "teach",
/// "taught" -> "teach", "enrolling" -> "enroll"; None for words too short
/// to say anything by their start.
pub(super) fn verb_root(word: &str) -> Option<String> {
    let w = word.to_lowercase();
    if let Some((_, base)) = IRREGULAR.iter().find(|(form, _)| *form == w) {
        return Some((*base).to_string());
    }
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(stem) = w.strip_suffix(suffix).filter(|s| s.chars().count() >= 4) {
            return Some(stem.to_string());
        }
    }
    (w.chars().count() >= 5).then_some(w)
}

/// A word of a table's name `x` begins like the root: at least five letters
/// in common, and at most two of the root's left over ("publish" /
/// "publication", "enroll" / "enrolment", "teach" / "teaches").
pub(super) fn stem_begins(root: &str, x: &str) -> bool {
    let common = root.chars().zip(x.chars()).take_while(|(a, b)| a == b).count();
    common >= 5 && common + 2 >= root.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_of_verb_forms() {
        for (w, want) in [
            ("attended", Some("attend")),
            ("taught", Some("teach")),
            ("teaches", Some("teach")),
            ("enrolled", Some("enroll")),
            ("registered", Some("register")),
            ("climb", Some("climb")),
            ("own", None),
        ] {
            assert_eq!(verb_root(w).as_deref(), want, "{w}");
        }
    }

    #[test]
    fn roots_begin_table_words() {
        assert!(stem_begins("attend", "attendance"));
        assert!(stem_begins("enroll", "enrolment"));
        assert!(stem_begins("teach", "teaches"));
        assert!(stem_begins("register", "registrations"));
        assert!(!stem_begins("teach", "team"));
        assert!(!stem_begins("registration", "regist"));
    }
}
