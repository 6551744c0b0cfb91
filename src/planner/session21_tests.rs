//! Table-driven tests of the planner changes of the twenty-first round:
//! "the total amount of all transactions" is the sum of the one amount
//! column of those rows (`transaction_amount`), not a count of them; a
//! generic word left over ("their types") that is the head of a
//! run-together column (`gtype`) of the rows read is refused, not dropped;
//! a name the value index places, after "not", "other than" or "except",
//! is negated on the listed rows' own column; "a wedding in year 2016" is
//! the year column named right before the time, of a related table; "the
//! positions of players" read from rows that each hold a `player` (a name,
//! not a key) bear out the word "players"; "the phone numbers of all
//! customers and suppliers", tables no join links, is the rows of both
//! listings, each once (a `union`); "the phone numbers used by both
//! customers and suppliers" are the customers' values the suppliers'
//! column also holds; names put in the order of another table's column
//! are each row's, read with that table; "the card type used by the most
//! customers" ranks the groups by the customers counted; "or directed by
//! James Cameron" joins the value after its column's participle and "by";
//! "involved in" adds no condition, as "associated with" does not; "after
//! year 1980" names the year column of a related table when no negation
//! is in the question.

use rstest::rstest;

use super::fixtures::answers;

#[rustfmt::skip]
#[rstest]
// "amount" of rows with one amount column: that column.
#[case("What is the total amount of all transactions?", Ok("SUM(financial_transactions.transaction_amount)"), "COUNT")]
#[case("Return the average transaction amount, as well as the total amount of all transactions.", Ok("SUM(financial_transactions.transaction_amount)"), "COUNT")]
#[case("What is the average amount of a transaction?", Ok("AVG(financial_transactions.transaction_amount)"), "")]
#[case("Show the transaction types and the total amount of transactions.", Ok("SUM(financial_transactions.transaction_amount)"), "COUNT")]
fn amounts_of_rows(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("ledger21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A generic word left over ("their types") that is the head of a
// run-together column of the listed rows (`gtype`): refused, not dropped,
// until session 40 read `gtype` as the games' initial and "type".
#[case("List the video game names and their types.", Ok("video_games.gtype"), "")]
#[case("What are the names and types of all video games?", Ok("video_games.gtype"), "")]
fn run_together_heads(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("games21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A name the value index places, negated: `!=` on the listed rows' column.
#[case("Show the names of all customers other than Ana Lopez.", Ok("WHERE customers.customer_name != 'Ana Lopez'"), "")]
#[case("List the names of all customers except Ana Lopez.", Ok("WHERE customers.customer_name != 'Ana Lopez'"), "")]
#[case("How many customers are not Ana Lopez?", Ok("WHERE customers.customer_name != 'Ana Lopez'"), "")]
#[case("List the names of customers whose name is not Ana Lopez.", Ok("WHERE customers.customer_name != 'Ana Lopez'"), "")]
// The name of other rows than those listed: "not" may mean no such row.
#[case("List the account names of accounts whose customer is not Ana Lopez.", Err("'not'"), "")]
fn negated_names(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("ledger21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "in year 1977" after another table's rows: the year column it names.
#[case("How many reviewers rated a movie in year 1977?", Ok("WHERE movie.year = 1977"), "")]
#[case("Show the names of reviewers who rated a movie in year 1977.", Ok("WHERE movie.year = 1977"), "")]
fn a_year_column_named(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A table word borne out by a column of the rows read, called by the word
// alone and pointing nowhere (`match_season.player`).
#[case("Show the distinct positions of players from college 'UCLA'.", Ok("WHERE match_season.college = 'UCLA'"), "JOIN player")]
#[case("What are the draft pick numbers of players whose positions are defenders?", Ok(r#"WHERE match_season."position" = 'Defender'"#), "JOIN player")]
#[case("How many players are there?", Ok("FROM player"), "")]
fn rows_called_by_a_column(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("season21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// One listing asked of two tables no join links: the rows of both, each once.
#[case("What are the phone numbers of all customers and suppliers?", Ok("SELECT customers.customer_phone AS customer_phone\nFROM customers\n) AS part0\nUNION\nSELECT * FROM (\nSELECT suppliers.supplier_phone AS supplier_phone"), "")]
#[case("Return the phone numbers for all customers and all staff members.", Ok("UNION\nSELECT * FROM (\nSELECT staff.phone_number AS phone_number"), "")]
// Names: each table's own, without the ids shown beside names elsewhere.
#[case("List the names of all customers and staff.", Ok("UNION\nSELECT * FROM (\nSELECT staff.staff_details AS staff_details\nFROM staff\n)"), "staff_id")]
// A condition after the second table would hold for one half only: refused.
#[case("What are the phone numbers of customers and suppliers whose name is 'Acme Tools'?", Err(""), "")]
// Tables a join links are read whole, not added together.
#[case("What are the names of customers and orders?", Ok("JOIN customers"), "UNION")]
fn one_listing_of_two_tables(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("contacts21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// Values of one table's column the other table's column also holds, each once.
#[case("What are the phone numbers used by both customers and suppliers?", Ok("SELECT DISTINCT customers.customer_phone AS customer_phone\nFROM customers\nWHERE customers.customer_phone IN (SELECT suppliers.supplier_phone FROM suppliers"), "UNION")]
#[case("Find the common phone numbers of customers and suppliers.", Ok("WHERE customers.customer_phone IN (SELECT suppliers.supplier_phone"), "UNION")]
#[case("Which phone numbers are both used by customers and by staff?", Ok("WHERE customers.customer_phone IN (SELECT staff.phone_number"), "")]
fn values_shared_by_two_tables(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("contacts21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// Names put in the order of another table's column: each row's name, read
// with that table, not distinct names ordered by a table the query lacks.
#[case("What are the names of poker players in descending order of earnings?", Ok("SELECT people.name AS name\nFROM poker_player\nJOIN people ON poker_player.people_id = people.people_id\nORDER BY poker_player.earnings DESC"), "DISTINCT")]
#[case("List the names of poker players ordered by the final tables made in ascending order.", Ok("FROM poker_player\nJOIN people"), "DISTINCT")]
fn names_in_the_order_of_another_tables_column(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("poker21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "used by the most customers": the customers counted to rank the groups.
#[case("What is the card type code used by the most customers?", Ok("ORDER BY customers_count DESC NULLS LAST, card_type_code ASC NULLS LAST\nLIMIT 1"), "")]
#[case("Which card type code is held by the fewest customers?", Ok("ORDER BY customers_count ASC NULLS LAST, card_type_code ASC NULLS LAST\nLIMIT 1"), "")]
fn ranked_by_the_most_agents(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("cards20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "or directed by James Cameron": the value's own column said as a
// participle and "by" between "or" and the value.
#[case("What are the titles of the movies that are either made before 1980 or directed by 'James Cameron'?", Ok("WHERE ((movie.year < 1980) OR (movie.director = 'James Cameron'))"), "")]
fn or_before_an_agent(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// "involved in" links rows as "associated with" does: no condition of its own.
#[case("Show the names of customers involved in a transaction of type 'Refund'.", Ok("financial_transactions.transaction_type = 'Refund'"), "")]
#[case("How many accounts are involved in transactions with transaction amount above 100?", Ok("financial_transactions.transaction_amount > 100"), "")]
fn involved_adds_no_condition(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("ledger21", question, want, lacks);
}

#[rustfmt::skip]
#[rstest]
// A column named between "after" and the year, of a related table.
#[case("How many reviewers rated a movie after year 1980?", Ok("movie.year > 1980"), "")]
#[case("Show the names of reviewers who rated movies before year 1970.", Ok("movie.year < 1970"), "")]
fn a_bound_on_a_related_tables_year(#[case] question: &str, #[case] want: Result<&str, &str>, #[case] lacks: &str) {
    answers("members20", question, want, lacks);
}
