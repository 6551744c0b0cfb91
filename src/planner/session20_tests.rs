//! Table-driven tests of the planner changes of the twentieth round:
//! "ids" is the plural of "id", so "customer ids" is read as the column
//! `customer_id` as "customer id" is; an order id said twice ("the order
//! ids ... for each order") along a join is one group, not two columns
//! of one name; and rows counted along the grouped rows' own pointer
//! (jobs per employee by `employees.job_id`) are refused: every count
//! would be 0 or 1; "or" between a comparison and a value, or values of
//! two columns, is one disjunction unless another condition stands beside
//! them; "the names of all movies" are their titles though only the
//! reviewers have a `name`; "the department with the most credits" is
//! refused (its courses' total, not its course with the most); "the
//! details of the hotels" are their `other_hotel_details`; a group named
//! twice is one group, not a dimension left over; "the names of
//! journalists" is the journalists' name though the rows counted have one;
//! a run of capitalised words is a stored value when one of its words is
//! one ("International Finance" where "Finance" is a department), unless
//! its last word names the column holding the rest ("Sonoma County"); "in
//! 1977" after a table with a year column is that table's year when the
//! rows asked for have none.

use rstest::rstest;

use super::fixtures::answers;

#[rustfmt::skip]
#[rstest]
// "ids" after a table's noun names that table's id column.
#[case("Show all customer ids and the number of cards owned by each customer.", Ok("SELECT customers_cards.customer_id AS customer_id, COUNT(*)"), "")]
#[case("What are the different customer ids, and how many cards does each one hold?", Ok("GROUP BY ALL"), "")]
#[case("What are card ids, customer ids, card types, and card numbers for each customer card?", Ok("customers_cards.card_id"), "")]
#[case("List the order ids and customer ids of all orders.", Ok("orders.customer_id"), "")]
// One group for the order id said twice along the invoices' join.
#[case("Show the order ids and the number of invoices for each order.", Ok("SELECT invoices.order_id AS order_id, COUNT(*)"), "orders.order_id")]
// Jobs counted per employee along the employee's job key: 0 or 1 each.
#[case("What are the employee ids for employees who have held two or more jobs?", Err("0 or 1"), "")]
#[case("Show the employee ids and the number of jobs of each employee.", Err("0 or 1"), "")]
// Employees counted per job: a real count.
#[case("How many employees hold each job?", Ok("COUNT(*) AS employees_count"), "")]
#[case("Show the job ids and the number of employees for each job.", Ok("employees.job_id"), "")]
fn ids_and_counts(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("cards20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
#[case("Find the ids and names of members who are under age 30 or with black membership card.", Ok("WHERE ((member.age < 30) OR (member.membership_card = 'Black'))"), "")]
#[case("Find the names of members whose address is Hartford or whose membership card is White.", Ok("WHERE ((member.address = 'Hartford') OR (member.membership_card = 'White'))"), "")]
#[case("What are the names of all movies made before 1980 or had James Cameron as the director?", Ok("WHERE ((movie.year < 1980) OR (movie.director = 'James Cameron'))"), "reviewer")]
// Values of one column stay one list.
#[case("Find the names of members whose address is Hartford or Waterbury.", Ok("member.address IN ('Hartford', 'Waterbury')"), "OR")]
// A third condition beside those "or" joins: which two it joins is open.
#[case("Find the names of members with a black membership card and age under 30 or address Cheshire.", Err("'or'"), "")]
// "names" of movies, which have none: their titles, not the reviewers' names.
#[case("What are the names of all movies?", Ok("SELECT movie.title AS title"), "reviewer")]
#[case("What are the names of all reviewers?", Ok("SELECT reviewer.name AS name"), "")]
// "the most" of other rows' amount may be their total: not read as one row.
#[case("What is the name of the department with the most credits?", Err("total"), "")]
#[case("What is the title of the course with the most credits?", Ok("ORDER BY credits DESC"), "")]
#[case("Which department has the highest budget?", Ok("ORDER BY budget DESC"), "")]
// "details" of rows whose details column is `other_..._details`.
#[case("What are the details of the three most expensive hotels?", Ok("SELECT hotels.other_hotel_details AS other_hotel_details"), "")]
#[case("Show the name and details of all staff.", Ok("SELECT staff.name AS name, staff.other_details AS other_details"), "")]
// A group named twice ("for each membership card ... with that membership card").
#[case("For each membership card, return the membership card and the number of members with that membership card.", Ok("SELECT member.membership_card AS membership_card, COUNT(*)"), "")]
// A year of the rows named right before the time, when the rows asked for have none.
#[case("Show the names of reviewers who rated a movie in 1977.", Ok("WHERE movie.year = 1977"), "")]
fn or_names_and_most(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "names of journalists": the journalists' name, though the events counted have one too.
#[case("Show the names of journalists and the number of events they reported.", Ok("SELECT journalist.name AS name, COUNT(*)"), "event.name")]
#[case("Show the names of events and the number of journalists who reported them.", Ok("SELECT event.name AS name, COUNT(*)"), "journalist.name")]
fn a_column_of_the_rows_named_after_of(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("news20", question, want, lacks);
}

/// The links fixture with wine names and appellations indexed, one wine
/// name a word of another.
fn wines() -> super::OfflinePlanner {
    let col = super::fixtures::indexed;
    let idx = crate::dataset::value_index::ValueIndex {
        columns: vec![
            col("wine", "name", &["Sauvignon Blanc", "Blanc", "Gone with the Wind"]),
            col("appellations", "appelation", &["St. Helena", "Sonoma County"]),
            col("appellations", "county", &["Sonoma", "Napa"]),
        ],
    };
    super::OfflinePlanner::new(&super::fixtures::fixture("links17")).with_values(Some(&idx))
}

/// "What is the year of the movie White Christmas?" where "White" is a
/// membership card: the title is read whole.
#[test]
fn a_capitalised_run_holding_a_category() {
    let col = super::fixtures::indexed;
    let idx = crate::dataset::value_index::ValueIndex { columns: vec![col("movie", "title", &["White Christmas", "Avatar"]), col("member", "membership_card", &["Black", "White"])] };
    let planner = super::OfflinePlanner::new(&super::fixtures::fixture("members20")).with_values(Some(&idx));
    let q = "What is the year of the movie White Christmas?";
    let p = super::fixtures::plan_or_reason(&planner, q).unwrap_or_else(|r| panic!("{q}: refused: {r}"));
    assert_eq!(super::fixtures::filters(&p), "movie.title eq White Christmas", "{q}");
}

#[rustfmt::skip]
#[rstest]
#[case("What is the price of the wine Sauvignon Blanc?", "wine.name eq Sauvignon Blanc")]
#[case("What is the price of the wine Blanc?", "wine.name eq Blanc")]
// Its last word naming the column that holds the words before: the value and its kind.
#[case("What is the average price of wines from appellations in Sonoma County?", "appellations.county eq Sonoma")]
fn capitalised_runs_of_stored_values(#[case] question: &str, #[case] want: &str) {
    let p = super::fixtures::plan_or_reason(&wines(), question).unwrap_or_else(|r| panic!("{question}: refused: {r}"));
    assert_eq!(super::fixtures::filters(&p), want, "{question}");
}
