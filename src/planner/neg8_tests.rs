//! Table-driven tests of what "not" applies to (`negation`): a value after
//! a verb, a number after a column, the rows of a table linking two others
//! (an anti-join), a negated value of a table pointing at the listed rows
//! (no such row, not `!=`), and the refusals where the negation reaches
//! rows the anti-join cannot hold. On the made-up crafts market
//! (`workshop`: classes point at crafters) and library (`library`: loans
//! link books and members).

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};

fn planner(name: &str) -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::fixture(name))
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op).unwrap_or_default().replace('"', "");
    let v = match &x.value {
        None => String::new(),
        Some(Operand::Value(v)) => format!(" {}", v.to_string().replace('"', "")),
        Some(Operand::Column { column }) => format!(" {column}"),
        Some(Operand::Rows { column, filters }) => {
            let inner: Vec<String> = filters.iter().map(filter).collect();
            format!(" {column}[{}]", inner.join(", "))
        }
        Some(other) => format!(" {other:?}"),
    };
    format!("{} {op}{v}", x.field)
}

fn filters(p: &Plan) -> String {
    p.filters.iter().map(filter).collect::<Vec<_>>().join(" & ")
}

#[rustfmt::skip]
#[rstest]
#[case("workshop", "crafters whose age is not 40", "crafters.age ne 40")]
#[case("workshop", "names of crafters who are not living in Ashford", "home_town ne Ashford")]
#[case("workshop", "crafters who do not come from Brill", "home_town ne Brill")]
#[case("workshop", "How many crafters are not in the guild 'Potters'?", "guild ne Potters")]
#[case("workshop", "crafters who are not teaching classes", "crafters.crafter_id not_exists classes.crafter_id")]
#[case("workshop", "crafters who don't teach Winter classes", "crafters.crafter_id not_exists classes.crafter_id[season eq Winter]")]
#[case("workshop", "crafters who never taught classes in the Winter season", "crafters.crafter_id not_exists classes.crafter_id[season eq Winter]")]
#[case("library", "members who never borrowed any books", "members.memberId not_exists loans.memberId")]
// Members reached through the books' loans: no loan to such a member.
#[case("library", "books not borrowed by Adult members", "books.bookId not_exists loans.bookId[loans.memberId in members.memberId[membershipType eq Adult]]")]
fn reads_what_not_applies_to(#[case] fixture: &str, #[case] question: &str, #[case] want: &str) {
    match planner(fixture).plan(question) {
        Outcome::Planned(u) => {
            let got = filters(&u.plan);
            assert_eq!(got, want, "{question}");
        }
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

#[rustfmt::skip]
#[rstest]
// The condition is on the far table, which the anti-join on loans cannot hold.
#[case("library", "members who never borrowed any books by Ada Byron")]
// A number after the anti-join's noun that is none of its rows' values.
#[case("library", "members who never borrowed books in 2004")]
fn refuses_what_an_anti_join_cannot_hold(#[case] fixture: &str, #[case] question: &str) {
    if let Outcome::Planned(u) = planner(fixture).plan(question) {
        panic!("{question}: planned {}", filters(&u.plan));
    }
}

/// The anti-joins compile to NOT EXISTS.
#[test]
fn the_plans_compile() {
    let p = planner("workshop");
    for q in ["crafters who don't teach Winter classes", "crafters who are not teaching classes"] {
        let Outcome::Planned(u) = p.plan(q) else { panic!("{q}: not understood") };
        let c = crate::compile::compile(&u.plan, p.manifest()).unwrap_or_else(|e| panic!("{q}: {e}"));
        assert!(c.sql.contains("NOT EXISTS"), "{q}: {}", c.sql);
    }
}

/// Books, their publications (one row per edition) and their sequels (a
/// table pointing twice at books).
const PRESS: &str = r#"
name = "press"
description = "Books and publications."
[[tables]]
name = "book"
file = "book.csv"
primary_key = "book_id"
columns = [
  { name = "book_id", type = "BIGINT", nullable = false },
  { name = "title", type = "VARCHAR", nullable = false },
  { name = "pages", type = "BIGINT", nullable = false },
]
[[tables]]
name = "publication"
file = "publication.csv"
primary_key = "publication_id"
columns = [
  { name = "publication_id", type = "BIGINT", nullable = false },
  { name = "book_id", type = "BIGINT", nullable = false },
  { name = "price", type = "DOUBLE", nullable = false },
]
[[tables]]
name = "sequel"
file = "sequel.csv"
columns = [
  { name = "book_id", type = "BIGINT", nullable = false },
  { name = "sequel_id", type = "BIGINT", nullable = false },
]
[[joins]]
from = "publication.book_id"
to = "book.book_id"
[[joins]]
from = "sequel.book_id"
to = "book.book_id"
[[joins]]
from = "sequel.sequel_id"
to = "book.book_id"
"#;

/// A participle naming a table ("published" -> `publication`).
#[rstest]
#[case("List the titles of books that are not published.", "book.book_id not_exists publication.book_id")]
#[case("How many books were never published?", "book.book_id not_exists publication.book_id")]
fn reads_the_table_a_negation_names(#[case] question: &str, #[case] want: &str) {
    let m = super::fixtures::from_toml(PRESS);
    match OfflinePlanner::new(&m).plan(question) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// "without" before a column of another table: through an inner join that
/// column is never empty for the rows it reaches, so `IS NULL` there would
/// answer "nothing" (the customer without any mailshot came back empty).
#[rstest]
#[case("What are the titles of books without any price?")]
#[case("List the titles of the books without a price.")]
fn never_tests_a_joined_column_for_empty(#[case] question: &str) {
    let m = super::fixtures::from_toml(PRESS);
    if let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) {
        assert!(!filters(&u.plan).contains("is_null"), "{question}: {}", filters(&u.plan));
    }
}

/// Dorms, the amenities each has (a link table) and the amenities.
const HALLS: &str = r#"
name = "halls"
description = "Dorms and their amenities."
[[tables]]
name = "dorm"
file = "dorm.csv"
primary_key = "dormid"
columns = [
  { name = "dormid", type = "BIGINT", nullable = false },
  { name = "dorm_name", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "has_amenity"
file = "has_amenity.csv"
columns = [
  { name = "dormid", type = "BIGINT", nullable = false },
  { name = "amenid", type = "BIGINT", nullable = false },
]
[[tables]]
name = "dorm_amenity"
file = "dorm_amenity.csv"
primary_key = "amenid"
columns = [
  { name = "amenid", type = "BIGINT", nullable = false },
  { name = "amenity_name", type = "VARCHAR", nullable = false },
]
[[joins]]
from = "has_amenity.dormid"
to = "dorm.dormid"
[[joins]]
from = "has_amenity.amenid"
to = "dorm_amenity.amenid"
"#;

/// A singular noun after "any" that is a word of a table's name names that
/// table's rows, as a plural does: an anti-join through the link table.
#[rstest]
#[case("Find the name of dorms that do not have any amenity", "dorm.dormid not_exists has_amenity.dormid")]
fn reads_a_singular_after_any_as_rows(#[case] question: &str, #[case] want: &str) {
    let m = super::fixtures::from_toml(HALLS);
    match OfflinePlanner::new(&m).plan(question) {
        Outcome::Planned(u) => assert_eq!(filters(&u.plan), want, "{question}"),
        Outcome::NotUnderstood(n) => panic!("{question}: not understood: {}", n.reason),
    }
}

/// Students, clubs and the link table of who is a member of which club.
const CLUBS: &str = r#"
name = "clubs"
description = "Students and their clubs."
[[tables]]
name = "student"
file = "student.csv"
primary_key = "stuid"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "lname", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "club"
file = "club.csv"
primary_key = "clubid"
columns = [
  { name = "clubid", type = "BIGINT", nullable = false },
  { name = "clubname", type = "VARCHAR", nullable = false },
]
[[tables]]
name = "member_of_club"
file = "member_of_club.csv"
columns = [
  { name = "stuid", type = "BIGINT", nullable = false },
  { name = "clubid", type = "BIGINT", nullable = false },
  { name = "position", type = "VARCHAR", nullable = true },
]
[[joins]]
from = "member_of_club.stuid"
to = "student.stuid"
[[joins]]
from = "member_of_club.clubid"
to = "club.clubid"
"#;

/// Quoted words are never compared with a number column taken as the
/// rows' name (a link table's `stuid`): DuckDB cannot convert them, and
/// the name is elsewhere (with a value index, the column holding it).
#[rstest]
#[case("Count the members of the club \"Tennis Club\".")]
#[case("Find the last names of the members of the club \"Bootup Baltimore\".")]
fn never_compares_words_with_a_number_key(#[case] question: &str) {
    let m = super::fixtures::from_toml(CLUBS);
    if let Outcome::Planned(u) = OfflinePlanner::new(&m).plan(question) {
        let on_key = u.plan.filters.iter().any(|f| {
            matches!(f.field.as_str(), "member_of_club.stuid" | "member_of_club.clubid")
                && matches!(&f.value, Some(Operand::Value(v)) if v.is_string())
        });
        assert!(!on_key, "{question}: {}", filters(&u.plan));
    }
}
