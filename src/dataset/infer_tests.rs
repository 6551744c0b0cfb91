//! What `datasets add` infers from small synthetic CSV sets: primary keys,
//! joins (and the joins it must not find), join paths through bridge tables,
//! labels, dates stored as text, widened columns, and that a join edited in
//! `dataset.toml` is the one queries use.

use super::derive::{derive, LoadedTable};
use super::widen::load_csv;
use super::Registry;
use crate::home::Home;
use crate::semantic::Manifest;
use rstest::rstest;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn write(dir: &Path, files: &[(&str, String)]) -> Vec<PathBuf> {
    files
        .iter()
        .map(|(name, text)| {
            let p = dir.join(format!("{name}.csv"));
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect()
}

/// Load the files as `datasets add` does and derive the manifest.
fn derive_files(files: &[(&str, String)]) -> Manifest {
    let dir = tempfile::tempdir().unwrap();
    let paths = write(dir.path(), files);
    let conn = duckdb::Connection::open_in_memory().unwrap();
    let mut loaded = Vec::new();
    for ((name, _), p) in files.iter().zip(&paths) {
        let notes = load_csv(&conn, name, p).unwrap();
        let mut stmt = conn.prepare(&format!("DESCRIBE {name}")).unwrap();
        let columns: Vec<(String, String)> =
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
        loaded.push(LoadedTable { name: name.to_string(), file: format!("{name}.csv"), sha256: String::new(), columns, notes });
    }
    derive("t", &loaded, &conn)
}

/// `header` then one line per `i` in `0..n`, from `row(i)`.
fn csv(header: &str, n: usize, row: impl Fn(usize) -> String) -> String {
    let mut s = format!("{header}\n");
    for i in 0..n {
        let _ = writeln!(s, "{}", row(i));
    }
    s
}

fn joins(m: &Manifest) -> Vec<String> {
    m.joins.iter().map(|j| format!("{} -> {}", j.from, j.to)).collect()
}

/// A table of people: first and last names.
fn members() -> (&'static str, String) {
    ("members", csv("member_id,first_name,last_name", 25, |i| format!("{},F{i},L{i}", i + 1)))
}

fn customers() -> (&'static str, String) {
    ("customers", csv("id,name,city", 30, |i| format!("{},Name {i},{}", i + 1, ["Oslo", "Rome", "Lima"][i % 3])))
}

#[rstest]
// The classic: `<table>_id` against `id`.
#[case::customer_id(
    vec![customers(), ("orders", csv("order_id,customer_id,amount", 50, |i| format!("{},{},{}.5", i + 100, i % 30 + 1, i)))],
    &["orders.customer_id -> customers.id"]
)]
// A column named as the table, against a key named otherwise (Spider flight_2).
#[case::airline_uid(
    vec![("airlines", csv("uid,airline,abbreviation", 12, |i| format!("{},Airline {i},A{i}", i + 1))),
         ("flights", csv("airline,flightno,sourceairport", 40, |i| format!("{},{},X{}", i % 12 + 1, 1000 + i, i % 4)))],
    &["flights.airline -> airlines.uid"]
)]
// Same key name on both sides; a one-to-one table points at the owner only.
#[case::one_to_one(
    vec![("people", csv("people_id,name", 10, |i| format!("{},P{i}", i + 1))),
         ("poker_player", csv("poker_player_id,people_id,earnings", 6, |i| format!("{},{},{}", i + 1, i + 1, 100 * i)))],
    &["poker_player.people_id -> people.people_id"]
)]
// Text values included in another table's unique text: a join even without name evidence.
#[case::text_values(
    vec![("countries", csv("country_name,continent", 8, |i| format!("Country {i},C{}", i % 2))),
         ("singers", csv("singer_id,nationality", 20, |i| format!("{},Country {}", i + 1, i % 6)))],
    &["singers.nationality -> countries.country_name"]
)]
// Negative: a small integer range (1..3) is included in any id column.
#[case::tiny_range(
    vec![customers(), ("scores", csv("score_id,rank,points", 20, |i| format!("{},{},{}", i + 500, i % 3 + 1, i * 7)))],
    &[]
)]
// Negative: unrelated integer columns, fully included, with no name relation.
#[case::unrelated_ints(
    vec![customers(), ("parts", csv("part_no,weight,stock", 25, |i| format!("P{i},{},{}", i % 20 + 1, i + 1)))],
    &[]
)]
// Negative: the name says customer but the values are not customers' ids.
#[case::values_disagree(
    vec![customers(), ("orders", csv("order_id,customer_id", 20, |i| format!("{},{}", i + 1, 1000 + i)))],
    &[]
)]
// Negative: a table's own key shares a word with another table's key.
#[case::own_key(
    vec![("customer_orders", csv("order_id,store", 10, |i| format!("{},S{}", i + 1, i % 2))),
         ("order_items", csv("order_item_id,order_id,qty", 15, |i| format!("{},{},{}", i + 1, i % 10 + 1, i)))],
    &["order_items.order_id -> customer_orders.order_id"]
)]
// Negative: a quantity shares a word with the orders' key but is no reference to it.
#[case::quantity_is_no_order(
    vec![("customer_orders", csv("order_id,store", 10, |i| format!("{},S{}", i + 1, i % 2))),
         ("order_items", csv("order_item_id,order_id,order_quantity", 15, |i| format!("{},{},{}", i + 1, i % 10 + 1, i % 7 + 1)))],
    &["order_items.order_id -> customer_orders.order_id"]
)]
// A copied address beside the customer's key: one join, by the key.
#[case::copied_address(
    vec![("customers", csv("id,address", 12, |i| format!("{},{i} Main Street", i + 1))),
         ("invoices", csv("invoice_id,customer_id,billing_address", 30, |i| format!("{},{},{} Main Street", i + 100, i % 12 + 1, i % 12)))],
    &["invoices.customer_id -> customers.id"]
)]
// Text ids found in the keys of two tables, names silent: no join.
#[case::ambiguous_text_ids(
    vec![("student", csv("id,name", 20, |i| format!("P{:03},S{i}", i))),
         ("instructor", csv("id,salary", 15, |i| format!("P{:03},{}", i, 1000 + i))),
         ("takes", csv("id,course_id,grade", 40, |i| format!("P{:03},C{},A", i % 10, i % 4)))],
    &[]
)]
// A table named after several things ends with the referent, but its key is another's.
#[case::key_names_something_else(
    vec![("member", csv("member_id,name", 10, |i| format!("{},M{i}", i + 1))),
         ("branch", csv("branch_id,city", 6, |i| format!("{},C{i}", i + 1))),
         ("membership_register_branch", csv("member_id,branch_id,register_year", 8, |i| format!("{},{},{}", i + 1, i % 6 + 1, 2016 + i % 2)))],
    &["membership_register_branch.member_id -> member.member_id", "membership_register_branch.branch_id -> branch.branch_id"]
)]
// The same attribute name beside the key: `customer.state` is no reference to `bank.state`.
#[case::same_attribute(
    vec![("bank", csv("branch_id,bname,state", 6, |i| format!("{},B{i},{}", i + 1, ["Utah", "Texas", "Ohio", "Iowa", "Maine", "Idaho"][i]))),
         ("customer", csv("cust_id,branch_id,state", 20, |i| format!("{},{},{}", i + 1, i % 6 + 1, ["Utah", "Texas", "Ohio", "Iowa", "Maine", "Idaho"][(i * 5) % 6])))],
    &["customer.branch_id -> bank.branch_id"]
)]
// The same attribute, unique on the referenced side: still no second join between the tables.
#[case::same_attribute_reversed(
    vec![("bank", csv("branch_id,bname,state", 4, |i| format!("{},B{i},{}", i + 1, ["Utah", "Texas", "Ohio", "Utah"][i]))),
         ("customer", csv("cust_id,branch_id,state", 4, |i| format!("{},{},{}", i + 1, i % 4 + 1, ["Utah", "Texas", "Ohio", "Iowa"][i])))],
    &["customer.branch_id -> bank.branch_id"]
)]
// A plural in -us: `campus` names `campuses`, before a same-named key of another table.
#[case::plural_in_us(
    vec![("campuses", csv("id,campus,county", 12, |i| format!("{},Campus {i},{}", i + 1, ["Kern", "Napa"][i % 2]))),
         ("fees", csv("campus,year,fee", 12, |i| format!("{},{},{}", i + 1, 1996 + i % 3, 1800 + i))),
         ("degrees", csv("year,campus,degrees", 40, |i| format!("{},{},{}", 1990 + i % 5, i % 12 + 1, 100 + i)))],
    &["fees.campus -> campuses.id", "degrees.campus -> campuses.id"]
)]
// Ids written `1.0` in a float column join integer ids when the names say so.
#[case::whole_floats(
    vec![("company", csv("company_id,name", 10, |i| format!("{}.0,C{i}", i + 1))),
         ("employment", csv("company_id,people_id,years", 6, |i| format!("{},{},{}", i + 2, i + 1, i)))],
    &["employment.company_id -> company.company_id"]
)]
// Negative: whole floats with no name evidence, and floats with fractions.
#[case::floats_without_names(
    vec![customers(),
         ("parts", csv("part_no,weight,customer_id", 25, |i| format!("P{i},{}.0,{}.5", i % 20 + 1, i % 30 + 1)))],
    &[]
)]
// A reference with junk values, named exactly as the target's key: 13 of 15 values found.
#[case::dirty_reference(
    vec![("countries", csv("country_id,country_name", 20, |i| format!("C{i},Country {i}"))),
         ("locations", csv("location_id,country_id,city", 15, |i| if i < 13 { format!("{},C{i},City {i}", i + 1) } else { format!("{},X{i},City {i}", i + 1) }))],
    &["locations.country_id -> countries.country_id"]
)]
// Negative: the same junk share under a name that is not the key's.
#[case::dirty_reference_other_name(
    vec![("countries", csv("country_id,country_name", 20, |i| format!("C{i},Country {i}"))),
         ("locations", csv("location_id,home_country,city", 15, |i| if i < 13 { format!("{},C{i},City {i}", i + 1) } else { format!("{},X{i},City {i}", i + 1) }))],
    &[]
)]
// Negative: exactly named, but most values are not the target's.
#[case::mostly_dangling(
    vec![("countries", csv("country_id,country_name", 20, |i| format!("C{i},Country {i}"))),
         ("locations", csv("location_id,country_id", 15, |i| if i < 9 { format!("{},C{i}", i + 1) } else { format!("{},X{i}", i + 1) }))],
    &[]
)]
// Two roles named with the key's whole name after a qualifier, a few dangling.
#[case::qualified_key_roles(
    vec![("airports", csv("apid,name", 40, |i| format!("{},Airport {i}", i + 1))),
         ("routes", csv("rid,src_apid,dst_apid", 60, |i| format!("{},{},{}", i + 1, i % 41 + 1, (i + 7) % 41 + 1)))],
    &["routes.src_apid -> airports.apid", "routes.dst_apid -> airports.apid"]
)]
// A second text column fully included in the key the table already references: another role.
#[case::text_role(
    vec![("person", csv("name,age", 4, |i| format!("{},{}", ["Alice", "Bob", "Zach", "Dan"][i], 20 + i))),
         ("personfriend", csv("name,friend,year", 4, |i| format!("{},{},{}", ["Alice", "Bob", "Zach", "Alice"][i], ["Bob", "Zach", "Dan", "Dan"][i], 2010 + i)))],
    &["personfriend.name -> person.name", "personfriend.friend -> person.name"]
)]
// Negative: a few text values included in a key, no other join to that table.
#[case::few_text_values_alone(
    vec![("person", csv("name,age", 4, |i| format!("{},{}", ["Alice", "Bob", "Zach", "Dan"][i], 20 + i))),
         ("club", csv("club_id,founder", 3, |i| format!("{},{}", i + 1, ["Alice", "Bob", "Zach"][i])))],
    &[]
)]
// A subtype: a table's key a subset of another's spread-out key, names silent.
#[case::subtype(
    vec![("tourist_attractions", csv("tourist_attraction_id,name", 12, |i| format!("{},Sight {i}", 2000 + 397 * i))),
         ("museums", csv("museum_id,details", 3, |i| format!("{},M{i}", 2000 + 397 * (3 * i + 1))))],
    &["museums.museum_id -> tourist_attractions.tourist_attraction_id"]
)]
// A subset of ids 1..n, of a table with no text and no other key of its
// own (`gymnast`: only points): the named table's rows' other facts.
#[case::subtype_dense_nameless(
    vec![("people", csv("people_id,name", 10, |i| format!("{},P{i}", i + 1))),
         ("gymnast", csv("gymnast_id,points", 6, |i| format!("{},{}", [1, 2, 4, 6, 7, 10][i], 50 + i)))],
    &["gymnast.gymnast_id -> people.people_id"]
)]
// Negative: a subset of ids 1..n is found in any id column; a table with a
// name of its own is not another's rows.
#[case::subtype_dense(
    vec![("people", csv("people_id,name", 10, |i| format!("{},P{i}", i + 1))),
         ("team", csv("team_id,team_name", 6, |i| format!("{},T{i}", [1, 2, 4, 6, 7, 10][i])))],
    &[]
)]
// Negative: nor one with another key, whose rows are facts about that.
#[case::subtype_dense_other_key(
    vec![("people", csv("people_id,name", 10, |i| format!("{},P{i}", i + 1))),
         ("record", csv("record_id,aircraft_id,points", 6, |i| format!("{},{},{}", [1, 2, 4, 6, 7, 10][i], i + 1, 50 + i)))],
    &[]
)]
// Roles of people sharing their ids: each is found in the other's key and
// in the people's; the one table with people's names is their rows.
#[case::roles_of_people(
    vec![("people", csv("person_id,first_name,last_name", 8, |i| format!("{},F{i},L{i}", 111 + 10 * i))),
         ("students", csv("student_id,details", 8, |i| format!("{},S{i}", 111 + 10 * i))),
         ("candidates", csv("candidate_id,details", 8, |i| format!("{},C{i}", 111 + 10 * i)))],
    &["students.student_id -> people.person_id", "candidates.candidate_id -> people.person_id"]
)]
// Negative: a run of consecutive ids inside another run.
#[case::subtype_consecutive(
    vec![("customers", csv("customer_id,name", 8, |i| format!("{},C{i}", 113 + i))),
         ("staff", csv("staff_id,name", 7, |i| format!("{},S{i}", 114 + i)))],
    &[]
)]
// Negative: ids that are years.
#[case::subtype_years(
    vec![("season", csv("year,champion", 12, |i| format!("{},T{i}", 1990 + 2 * i))),
         ("olympics", csv("games_year,host", 4, |i| format!("{},H{i}", 1990 + 6 * i)))],
    &[]
)]
// A column named as a key that names nothing, its spread-out integer ids all
// among one table's primary key: a reference (`teaches.id` -> `instructor.id`).
#[case::id_reference(
    vec![("instructor", csv("id,name", 12, |i| format!("{},I{i}", 10101 + 3571 * i))),
         ("teaches", csv("id,course_id,year", 20, |i| format!("{},{},2009", 10101 + 3571 * (i % 7), 100 + i)))],
    &["teaches.id -> instructor.id"]
)]
// Negative: the same ids found in two tables' keys; which one is a guess.
#[case::id_reference_ambiguous(
    vec![("instructor", csv("id,name", 12, |i| format!("{},I{i}", 10101 + 3571 * i))),
         ("student", csv("id,name", 30, |i| format!("{},S{i}", if i < 7 { 10101 + 3571 * i } else { 20202 + 3571 * i }))),
         ("teaches", csv("id,course_id,year", 20, |i| format!("{},{},2009", 10101 + 3571 * (i % 7), 100 + i)))],
    &[]
)]
// Negative: ids 1..n, found in any id column.
#[case::id_reference_dense(
    vec![("instructor", csv("id,name", 12, |i| format!("{},I{i}", i + 1))),
         ("teaches", csv("id,course_id,year", 20, |i| format!("{},{},2009", i % 7 + 1, 100 + i)))],
    &[]
)]
// Negative: a column not named as a key (`score`) joins nothing on integer values.
#[case::id_reference_not_a_key_name(
    vec![("instructor", csv("id,name", 12, |i| format!("{},I{i}", 10101 + 3571 * i))),
         ("teaches", csv("score,course_id,year", 20, |i| format!("{},{},2009", 10101 + 3571 * (i % 7), 100 + i)))],
    &[]
)]
// A person named by role (`booked_by`), its ids all among a table of
// people's key (first and last names): a reference to them, even as 1..n.
#[case::person_by_role(
    vec![members(), ("spaces", csv("space_id,space_code", 40, |i| format!("{},S{i}", i + 1))),
         ("bookings", csv("booking_id,space_id,booked_by", 60, |i| format!("{},{},{}", i + 1000, i % 40 + 1, i % 25 + 1)))],
    &["bookings.space_id -> spaces.space_id", "bookings.booked_by -> members.member_id"]
)]
#[case::owner_id(
    vec![members(), ("bikes", csv("bike_id,frame,owner_id", 30, |i| format!("{},Frame {i},{}", i + 500, i % 20 + 1)))],
    &["bikes.owner_id -> members.member_id"]
)]
// What a person does to a row names them too (`collector`, `director`).
#[case::collector(
    vec![members(), ("accession", csv("acc_no,collect_dt,collector", 30, |i| format!("{},2022-01-{:02},{}", i + 900, i % 28 + 1, i % 20 + 1)))],
    &["accession.collector -> members.member_id"]
)]
#[case::director(
    vec![members(), ("shows", csv("show_id,title,director", 12, |i| format!("{},Show {i},{}", i + 300, i % 9 + 1)))],
    &["shows.director -> members.member_id"]
)]
// Negative: a smaller table of other things holds the ids too (clubs
// organise races as well as people do).
#[case::role_held_by_smaller_table(
    vec![members(), ("clubs", csv("club_id,club_name", 8, |i| format!("{},Club {i}", i + 1))),
         ("races", csv("race_id,organised_by", 20, |i| format!("{},{}", i + 700, i % 8 + 1)))],
    &[]
)]
// Negative: no table of people, or a name that names no role (`rank`).
#[case::role_without_people(
    vec![("clubs", csv("club_id,club_name", 30, |i| format!("{},Club {i}", i + 1))),
         ("races", csv("race_id,organised_by", 20, |i| format!("{},{}", i + 700, i % 8 + 1)))],
    &[]
)]
#[case::no_role_word(
    vec![members(), ("races", csv("race_id,rank", 20, |i| format!("{},{}", i + 700, i % 8 + 1)))],
    &[]
)]
// Negative: members already relate to plays through their scores; the
// host is a second relation, left to the user.
#[case::second_relation(
    vec![members(), ("plays", csv("play_id,hosted_by", 20, |i| format!("{},{}", i + 300, i % 10 + 1))),
         ("play_scores", csv("score_id,play_id,member_id", 40, |i| format!("{},{},{}", i + 900, i % 20 + 300, i % 25 + 1)))],
    &["play_scores.play_id -> plays.play_id", "play_scores.member_id -> members.member_id"]
)]
fn joins_found_in_the_data(#[case] files: Vec<(&str, String)>, #[case] want: &[&str]) {
    let m = derive_files(&files);
    assert_eq!(joins(&m), want);
    for j in &m.joins {
        let e = j.evidence.as_ref().unwrap();
        assert!(e.inclusion >= 0.75 && e.distinct > 0, "{e:?}");
    }
}

/// A join refused for want of evidence is said in a note on the table, which
/// `datasets show` prints, so the user can add it.
#[rstest]
#[case::ambiguous("takes", "`takes.id` has values found in", &["instructor.id", "student.id"])]
#[case::two_supertypes("candidates", "`candidates.candidate_id` has values found in", &["people.person_id", "students.student_id"])]
#[case::second_join("invoices", "`invoices.billing_address` has values found in `customers.address`", &["invoices.customer_id"])]
fn a_refused_join_is_noted(#[case] table: &str, #[case] starts: &str, #[case] names: &[&str]) {
    let m = derive_files(&[
        ("student", csv("id,name", 20, |i| format!("P{:03},S{i}", i))),
        ("instructor", csv("id,salary", 15, |i| format!("P{:03},{}", i, 1000 + i))),
        ("takes", csv("id,course_id,grade", 40, |i| format!("P{:03},C{},A", i % 10, i % 4))),
        ("customers", csv("id,address", 12, |i| format!("{},{i} Main Street", i + 1))),
        ("invoices", csv("invoice_id,customer_id,billing_address", 30, |i| format!("{},{},{} Main Street", i + 100, i % 12 + 1, i % 12))),
        ("people", csv("person_id,name", 8, |i| format!("{},P{i}", 111 + 10 * i))),
        ("students", csv("student_id,details", 8, |i| format!("{},S{i}", 111 + 10 * i))),
        ("candidates", csv("candidate_id,details", 8, |i| format!("{},C{i}", 111 + 10 * i))),
    ]);
    let t = m.tables.iter().find(|t| t.name == table).unwrap();
    let note = t.notes.iter().find(|n| n.starts_with(starts)).unwrap_or_else(|| panic!("{:?}", t.notes));
    for n in names {
        assert!(note.contains(n), "{note}");
    }
}

#[rstest]
#[case::named_id(csv("id,name", 3, |i| format!("{},n{i}", i + 1)), Some("id"))]
#[case::own_name(csv("name,singer_id", 3, |i| format!("n{i},{}", i + 1)), Some("singer_id"))]
#[case::first_column(csv("isbn,title", 3, |i| format!("X{i},t{i}")), Some("isbn"))]
#[case::duplicate(csv("id,name", 3, |i| format!("{},n{i}", i % 2)), None)]
#[case::empty_value(csv("id,name", 3, |i| if i == 1 { ",n".into() } else { format!("{i},n{i}") }), None)]
fn primary_keys_are_unique_and_never_empty(#[case] text: String, #[case] want: Option<&str>) {
    let m = derive_files(&[("singer", text)]);
    assert_eq!(m.tables[0].primary_key.as_deref(), want);
}

#[test]
fn a_bridge_table_joins_both_sides_so_a_path_runs_through_it() {
    let m = derive_files(&[
        ("singer", csv("singer_id,name,country", 8, |i| format!("{},S{i},{}", i + 1, ["NL", "FR"][i % 2]))),
        ("concert", csv("concert_id,concert_name,year", 6, |i| format!("{},C{i},{}", i + 1, 2010 + i))),
        ("singer_in_concert", csv("concert_id,singer_id", 14, |i| format!("{},{}", i % 6 + 1, i % 8 + 1))),
    ]);
    assert_eq!(joins(&m), ["singer_in_concert.concert_id -> concert.concert_id", "singer_in_concert.singer_id -> singer.singer_id"]);
    // Counting concerts per singer country needs singer -> bridge -> concert.
    let plan: crate::plan::Plan = serde_json::from_value(serde_json::json!({
        "version": 1, "measures": [{"metric": "concert_count"}], "dimensions": [{"name": "country"}]
    }))
    .unwrap();
    let sql = crate::compile::compile(&plan, &m).unwrap().sql;
    assert!(sql.contains("singer_in_concert"), "{sql}");
}

#[test]
fn labels_spell_out_abbreviations_and_dates_in_text_are_read_with_their_format() {
    let m = derive_files(&[(
        "company",
        csv("company_id,num_employees,founded_dt,sales_amt", 6, |i| {
            format!("{},{},0{}/1{}/199{i} 09:30,\"${},250.00\"", i + 1, 10 * i, i + 1, i, i + 1)
        }),
    )]);
    let t = &m.tables[0];
    let col = |n: &str| t.columns.iter().find(|c| c.name == n).unwrap();
    assert!(col("num_employees").synonyms.contains(&"number of employees".to_string()), "{:?}", col("num_employees"));
    assert_eq!(col("founded_dt").description, "founded date");
    assert_eq!((col("founded_dt").ty.as_str(), col("founded_dt").text_format.as_deref()), ("TIMESTAMP", Some("%m/%d/%Y %H:%M")));
    assert_eq!((col("sales_amt").ty.as_str(), col("sales_amt").text_format.as_deref()), ("DOUBLE", Some("grouped")));
    assert!(m.dimensions.iter().any(|d| d.column == "company.founded_dt" && d.kind == crate::semantic::DimensionKind::Time));
    assert!(m.metrics.iter().any(|x| x.expr == "SUM(company.sales_amt)"));
    assert_eq!(t.notes.len(), 2, "{:?}", t.notes);
}

/// A text column named as its table, different in every row, names the
/// rows even beside a column with "title" in its name; repeated, it does
/// not.
#[rstest]
#[case::named_as_its_table("aircraft_id,aircraft,famous_title", |i: usize| format!("{},Plane {i},Title {i}", i + 1), Some("aircraft"))]
#[case::repeated_values("aircraft_id,aircraft,famous_title", |i: usize| format!("{},Plane {},Title {i}", i + 1, i % 3), Some("famous_title"))]
#[case::no_eponym("aircraft_id,model,famous_title", |i: usize| format!("{},Plane {i},Title {i}", i + 1), Some("famous_title"))]
// A shortened name column, the table's own before another's.
#[case::own_name_after_another("aircraft_id,mgr_nm,aircraft_nm", |i: usize| format!("{},Ann {i},Plane {i}", i + 1), Some("aircraft_nm"))]
#[case::another_name_only("aircraft_id,pilot_name,seats", |i: usize| format!("{},Ann {i},{i}", i + 1), Some("pilot_name"))]
fn a_column_named_as_its_table_is_its_label(#[case] header: &str, #[case] row: fn(usize) -> String, #[case] want: Option<&str>) {
    let m = derive_files(&[("aircraft", csv(header, 8, row))]);
    assert_eq!(m.tables[0].label.as_deref(), want);
}

#[rstest]
#[case::few_values_few_rows(3, 10, 10, true)]
#[case::all_different(10, 10, 10, false)]
#[case::many_values_repeated(300, 3000, 3000, true)]
#[case::many_values_rarely_repeated(300, 400, 400, false)]
fn categorical_by_distinct_ratio(#[case] distinct: i64, #[case] non_null: i64, #[case] rows: i64, #[case] want: bool) {
    assert_eq!(super::derive::categorical(distinct, non_null, rows), want);
}

/// A dataset added through the registry, whose file breaks the sniffed type
/// past the sample: added, with the column as text and a note.
#[test]
fn a_file_the_sniffer_misreads_is_added_with_the_column_widened() {
    let home = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut text = csv("result_id,fastestlapspeed", 21_000, |i| format!("{},{}.25", i + 1, 190 + i % 30));
    text.push_str("21001,01:42.6\n");
    let files = write(data.path(), &[("results", text)]);
    let reg = Registry::new(Home::at(home.path()));
    let ds = reg.add("laps", &files).unwrap();
    let t = &ds.manifest.tables[0];
    assert_eq!(t.columns[1].ty, "VARCHAR");
    assert!(t.notes[0].contains("fastestlapspeed") && t.notes[0].contains("line 21002"), "{:?}", t.notes);
    let (path, _) = super::prepare::prepare(&ds, &reg.home).unwrap();
    let conn = duckdb::Connection::open(&path).unwrap();
    let v: String = conn.query_row("SELECT fastestlapspeed FROM results WHERE result_id = 21001", [], |r| r.get(0)).unwrap();
    assert_eq!(v, "01:42.6");
}

/// The user corrects a join by editing dataset.toml: queries use the edit.
#[test]
fn an_edited_join_is_respected() {
    let home = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let files = write(
        data.path(),
        &[
            customers(),
            ("orders", csv("order_id,customer_id,gift_for", 40, |i| format!("{},{},{}", i + 100, i % 30 + 1, (i * 7) % 30 + 1))),
        ],
    );
    let reg = Registry::new(Home::at(home.path()));
    let ds = reg.add("shop", &files).unwrap();
    assert_eq!(joins(&ds.manifest), ["orders.customer_id -> customers.id"], "gift_for has no name evidence");
    let path = ds.dir.join("dataset.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut m: Manifest = toml::from_str(&text).unwrap();
    m.joins = vec![crate::semantic::Join { from: "orders.gift_for".into(), to: "customers.id".into(), evidence: None }];
    std::fs::write(&path, toml::to_string_pretty(&m).unwrap()).unwrap();
    let edited = reg.open("shop").unwrap();
    let plan: crate::plan::Plan = serde_json::from_value(serde_json::json!({
        "version": 1, "measures": [{"metric": "orders_count"}], "dimensions": [{"name": "city"}]
    }))
    .unwrap();
    let sql = crate::compile::compile(&plan, &edited.manifest).unwrap().sql;
    assert!(sql.contains("orders.gift_for = customers.id"), "{sql}");
    assert!(!sql.contains("customer_id"), "{sql}");
}

/// The plan the offline planner makes of `q` on a derived manifest, or its refusal.
fn plan_of(m: &Manifest, q: &str) -> Result<crate::plan::Plan, String> {
    match crate::planner::OfflinePlanner::new(m).plan(q) {
        crate::planner::Outcome::Planned(u) => Ok(u.plan),
        crate::planner::Outcome::NotUnderstood(n) => Err(format!("{n:?}")),
    }
}

fn budgets() -> Vec<(&'static str, String)> {
    vec![
        ("ref_budget_codes", csv("budget_type_code,budget_type_description", 3, |i| format!("{},{}", ["GV", "ORG", "SF"][i], ["Government", "Organisation", "Self founded"][i]))),
        ("documents", csv("document_id,document_name,document_description", 12, |i| format!("{},Doc {i},", i + 1))),
        ("documents_with_expenses", csv("document_id,budget_type_code,document_details", 10, |i| format!("{},{},{}", i + 1, ["GV", "ORG", "SF"][i % 3], ["government", "organization", "safety"][i % 3]))),
    ]
}

fn festivals() -> Vec<(&'static str, String)> {
    vec![
        ("artwork", csv("artwork_id,type,name", 9, |i| format!("{},{},Work {i}", i + 1, ["Show", "Film"][i % 2]))),
        ("festival_detail", csv("festival_id,festival_name,location,year", 5, |i| format!("{},Fest {i},{},{}", i + 1, ["Oslo", "Rome", "Lima", "Kyiv", "Bern"][i], 2006 + i))),
        ("nomination", csv("artwork_id,festival_id,result", 8, |i| format!("{},{},{}", i + 1, i % 5 + 1, ["Won", "Nominated"][i % 2]))),
    ]
}

/// Columns asked of one table are listed from it: a lookup table's codes
/// and descriptions from the lookup, not from the table that copies its
/// codes (where a join would repeat them per document); a bare noun
/// ("descriptions", "names") is the owner's column of that last word.
#[rstest]
#[case::lookup(budgets(), "List all budget type codes and descriptions.", &["ref_budget_codes.budget_type_code", "ref_budget_codes.budget_type_description"])]
#[case::named_table(festivals(), "What are the names and locations of festivals?", &["festival_detail.festival_name", "festival_detail.location"])]
fn a_listing_comes_from_the_table_that_owns_the_columns(#[case] files: Vec<(&str, String)>, #[case] q: &str, #[case] want: &[&str]) {
    let m = derive_files(&files);
    let plan = plan_of(&m, q).unwrap();
    let fields: Vec<String> = plan.fields.iter().map(|f| {
        m.dimensions.iter().find(|d| &d.name == f).map_or_else(|| f.clone(), |d| d.column.clone())
    }).collect();
    assert_eq!(fields, want, "{plan:?}");
    assert!(plan.dimensions.is_empty() && plan.measures.is_empty(), "{plan:?}");
}

/// Two foreign keys between the same tables: a question that needs the
/// join but does not say which is refused, not answered by either.
#[test]
fn two_joins_between_the_same_tables_are_not_chosen_arbitrarily() {
    let m = derive_files(&[
        ("airports", csv("airport_code,city,airport_name", 8, |i| format!("A{i}X,{},Airport {i}", ["Oslo", "Rome", "Lima", "Kyiv"][i % 4]))),
        ("flights", csv("flight_no,source_airport,dest_airport,price", 30, |i| format!("{},A{}X,A{}X,{}", 100 + i, i % 8, (i + 3) % 8, 50 + i))),
    ]);
    assert_eq!(joins(&m), ["flights.source_airport -> airports.airport_code", "flights.dest_airport -> airports.airport_code"]);
    let refused = plan_of(&m, "What is the average price of flights for each city?").unwrap_err();
    assert!(refused.contains("more than one way"), "{refused}");
    // A question about one table only still plans.
    assert!(plan_of(&m, "What is the average price of flights?").is_ok());
}

/// A number column holding only 0 and 1 is a yes/no flag: "users that are
/// logged in" keeps the ones, "not logged in" the zeros; a 0/1 value said
/// after the column is that value; a column with other numbers is no flag.
#[rstest]
#[case("How many users are logged in?", Ok("users.user_login = '1'"))]
#[case("Which users are not logged in?", Ok("users.user_login = '0'"))]
#[case("Which users have user login 0?", Ok("users.user_login = 0"))]
#[case("How many users have a score above 1?", Ok("users.score > 1"))]
fn a_number_column_of_zeros_and_ones_is_a_yes_no_flag(#[case] q: &str, #[case] want: Result<&str, &str>) {
    let m = derive_files(&[("users", csv("user_id,user_name,user_login,score", 12, |i| format!("{},User {i},{},{}", i + 1, i % 2, i % 5)))]);
    let flag = m.dimensions.iter().find(|d| d.column == "users.user_login");
    assert_eq!(flag.map(|d| d.values.clone()), Some(vec!["0".to_string(), "1".to_string()]));
    assert!(!m.dimensions.iter().any(|d| d.column == "users.score"));
    let got = plan_of(&m, q).map(|p| crate::compile::compile(&p, &m).map(|s| s.sql).unwrap_or_else(|e| e.to_string()));
    match (got, want) {
        (Ok(sql), Ok(has)) => assert!(sql.contains(has), "{q}: {sql}"),
        (got, want) => panic!("{q}: {got:?} vs {want:?}"),
    }
}
