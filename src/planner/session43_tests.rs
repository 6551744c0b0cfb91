//! Table-driven tests of the planner changes of the forty-third round.

use rstest::rstest;

use super::fixtures::planner_answers;
use super::OfflinePlanner;

/// A ferry line's crew and the sailings they work.
fn ferry() -> OfflinePlanner {
    OfflinePlanner::new(&super::fixtures::from_toml(
        r#"name = "ferry43"
description = "made up"
derived = true

[[tables]]
name = "crew"
file = "crew.csv"
primary_key = "crew_id"
label = "first_name"
columns = [
  { name = "crew_id", type = "BIGINT", nullable = false },
  { name = "first_name", type = "VARCHAR", nullable = false },
  { name = "last_name", type = "VARCHAR", nullable = false },
  { name = "job_title", type = "VARCHAR", nullable = false },
  { name = "salary", type = "BIGINT", nullable = false },
]

[[tables]]
name = "sailing"
file = "sailing.csv"
primary_key = "sailing_id"
columns = [
  { name = "sailing_id", type = "BIGINT", nullable = false },
  { name = "crew_id", type = "BIGINT", nullable = true },
  { name = "departs", type = "DATE", nullable = false },
]

[[tables]]
name = "speed_log"
file = "speed_log.csv"
primary_key = "log_id"
columns = [
  { name = "log_id", type = "BIGINT", nullable = false },
  { name = "recorded_by", type = "BIGINT", nullable = false },
  { name = "knots", type = "DOUBLE", nullable = false },
]

[[joins]]
from = "sailing.crew_id"
to = "crew.crew_id"

[[joins]]
from = "speed_log.recorded_by"
to = "crew.crew_id"
"#,
    ))
}

#[rustfmt::skip]
#[rstest]
// The agent after "held by" is the listed rows themselves: no grouping by them.
#[case("What are the different job titles held by crew?", Ok("SELECT DISTINCT crew.job_title AS job_title\nFROM crew"))]
#[case("Show the distinct job titles held by the crew.", Ok("SELECT DISTINCT crew.job_title AS job_title\nFROM crew"))]
fn agent_is_the_listed_rows(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferry(), question, want);
}

#[rustfmt::skip]
#[rstest]
// "recorded" names how crew and logs relate (`recorded_by`), not a column
// to show beside the names: refused rather than listing the ids.
#[case("What are the first names of crew who recorded a speed log with more than 20 knots?", Err("recorded"))]
// "ever recorded" is said of every row.
#[case("List the knots of the speed logs ever recorded.", Ok("speed_log.knots"))]
fn verb_of_a_role_column(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferry(), question, want);
}

#[rustfmt::skip]
#[rstest]
// "have no" and a table the rows point at: their pointer is empty.
#[case("How many sailings have no crew?", Ok("WHERE sailing.crew_id IS NULL"))]
#[case("Which sailings have no crew member? List their ids.", Ok("WHERE sailing.crew_id IS NULL"))]
// The other way round, the rows pointed at: no row points at them.
#[case("Which crew have no sailings? Give their first names.", Ok("NOT EXISTS"))]
fn no_row_pointed_at(#[case] question: &str, #[case] want: Result<&str, &str>) {
    planner_answers(&ferry(), question, want);
}
