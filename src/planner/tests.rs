//! Table-driven tests of the offline planner: question -> plan shape on the
//! built-in datasets and on a derived fixture unlike them (a library with
//! camelCase columns), refusals, typos, determinism, explanations, and a
//! latency loop.
//!
//! A plan's *shape* is a compact one-line rendering (see `shape`) so a case
//! states exactly what the plan does; the end-to-end answers of the same
//! questions are checked against gold SQL by `sandpiper eval --file
//! tests/questions/<dataset>.jsonl`.

use rstest::rstest;

use super::*;
use crate::plan::{Filter, Operand};
use crate::semantic::Manifest;

fn load(name: &str) -> Manifest {
    if matches!(name, "library" | "atlas" | "workshop") {
        return super::fixtures::fixture(name);
    }
    let path = format!("{}/datasets/{name}/dataset.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn planner(name: &str) -> OfflinePlanner {
    OfflinePlanner::new(&load(name))
}

fn value(o: &Option<Operand>) -> String {
    match o {
        None => String::new(),
        Some(Operand::Column { column }) => format!(" @{column}"),
        Some(Operand::Rows { column, filters }) => {
            let inner: Vec<String> = filters.iter().map(|g| format!("{} {:?}{}", g.field, g.op, value(&g.value))).collect();
            format!(" @{column}[{}]", inner.join(", "))
        }
        Some(Operand::Aggregate { agg, column, filters }) => {
            let inner: Vec<String> = filters.iter().map(|g| format!("{} {:?}{}", g.field, g.op, value(&g.value))).collect();
            format!(" {}({column})[{}]", agg.word(), inner.join(", "))
        }
        Some(Operand::Span { n, unit }) => format!(" {n}{}", unit.word()),
        Some(Operand::Value(x)) => format!(" {}", x.to_string().replace('"', "")),
    }
}

fn filter(x: &Filter) -> String {
    let op = serde_json::to_string(&x.op)
        .unwrap_or_default()
        .replace('"', "");
    format!("{} {op}{}", x.field, value(&x.value))
}

/// One line saying what a plan does: "m: revenue | by: category | o: revenue desc".
fn shape(p: &Plan) -> String {
    let mut parts: Vec<String> = Vec::new();
    for m in &p.measures {
        let mut s = match (&m.metric, m.agg, &m.column) {
            (Some(x), _, _) => x.clone(),
            (None, Some(a), c) => format!("{}({})", a.word(), c.clone().unwrap_or_default()),
            _ => "?".into(),
        };
        if !m.filters.is_empty() {
            s.push_str(&format!(
                "[{}]",
                m.filters.iter().map(filter).collect::<Vec<_>>().join(", ")
            ));
        }
        if m.share {
            s.push('%');
        }
        parts.push(format!("m: {s}"));
    }
    for d in &p.dimensions {
        parts.push(match d.grain {
            Some(g) => format!("by: {}/{}", d.name, g.word()),
            None => format!("by: {}", d.name),
        });
    }
    if !p.fields.is_empty() {
        parts.push(format!("list: {}", p.fields.join(", ")));
    }
    parts.extend(p.filters.iter().map(|x| format!("f: {}", filter(x))));
    parts.extend(p.having.iter().map(|x| format!("h: {}", filter(x))));
    if let Some(l) = &p.latest_per {
        parts.push(format!("latest: {}/{}", l.entity, l.time));
    }
    if let Some(x) = &p.extreme_per {
        parts.push(format!("extreme: {}/{}/{}", x.partition, x.by, if x.desc { "max" } else { "min" }));
    }
    if let Some(o) = &p.outliers {
        parts.push(format!(
            "outliers: {}/{}/{}",
            o.column,
            o.partition.clone().unwrap_or_default(),
            o.sigmas
        ));
    }
    for o in &p.order {
        parts.push(format!(
            "o: {} {}",
            o.by,
            if o.desc { "desc" } else { "asc" }
        ));
    }
    if let Some(l) = p.limit {
        parts.push(format!("l: {l}"));
    }
    parts.join(" | ")
}

fn planned(dataset: &str, question: &str) -> Understanding {
    match planner(dataset).plan(question) {
        Outcome::Planned(u) => u,
        Outcome::NotUnderstood(n) => panic!(
            "{question}: not understood: {} (recognised {:?})",
            n.reason, n.recognised
        ),
    }
}

#[rustfmt::skip]
#[rstest]
#[case("ecommerce", "revenue per country", "m: revenue | by: country")]
#[case("ecommerce", "which channel brings in the most revenue?", "m: revenue | by: channel | o: revenue desc | l: 1")]
#[case("ecommerce", "number of customers by country", "m: customer_count | by: country")]
#[case("ecommerce", "avg order value in Germany", "m: average_order_value | f: country eq DE")]
#[case("ecommerce", "top 5 categories by revnue", "m: revenue | by: category | o: revenue desc | l: 5")]
#[case("ecommerce", "how many orders were cancelled in 2025", "m: order_count | f: status eq cancelled | f: order_date ge 2025-01-01 | f: order_date lt 2026-01-01")]
#[case("ecommerce", "monthly revenue for 2025", "m: revenue | by: order_date/month | f: order_date ge 2025-01-01 | f: order_date lt 2026-01-01 | o: order_date asc")]
#[case("ecommerce", "list products with less stock than their reorder level", "list: product_id, product, stock_on_hand, inventory.reorder_level | f: stock_on_hand lt @inventory.reorder_level")]
#[case("ecommerce", "what's the median order value", "m: median(orders.total_amount)")]
#[case("ecommerce", "What is the total revenue by product category?", "m: revenue | by: category")]
#[case("ecommerce", "Top 10 products by units sold", "m: units_sold | by: product | o: units_sold desc | l: 10")]
#[case("ecommerce", "How many orders were placed each month in 2025?", "m: order_count | by: order_date/month | f: order_date ge 2025-01-01 | f: order_date lt 2026-01-01 | o: order_date asc")]
#[case("ecommerce", "Which products are below their reorder level?", "list: product_id, product, stock_on_hand, inventory.reorder_level | f: below_reorder_level is_true")]
#[case("ecommerce", "What is the average order value by channel?", "m: average_order_value | by: channel")]
#[case("ecommerce", "What share of orders were cancelled or returned, by country?", "m: order_count[cancelled_or_returned is_true]% | by: country")]
#[case("ecommerce", "margin by category", "m: margin | by: category")]
#[case("ecommerce", "Revenue by month for orders from Germany", "m: revenue | by: order_date/month | f: country eq DE | o: order_date asc")]
#[case("ecommerce", "How many customers ordered through the app?", "m: distinct_count(customer) | f: channel eq mobile")]
#[case("ecommerce", "total sales in march 2025", "m: revenue | f: order_date ge 2025-03-01 | f: order_date lt 2025-04-01")]
#[case("ecommerce", "how many orders per channel", "m: order_count | by: channel")]
#[case("ecommerce", "units sold by warehouse", "m: units_sold | by: warehouse")]
#[case("ecommerce", "whats the avg discount by category", "m: avg_discount | by: category")]
#[case("ecommerce", "orders from france or germany by status", "m: order_count | by: status | f: country in [FR,DE]")]
#[case("ecommerce", "revenue in the last 30 days", "m: revenue | f: order_date last 30day")]
#[case("ecommerce", "bottom 3 categories by margin", "m: margin | by: category | o: margin asc | l: 3")]
#[case("ecommerce", "number of products per supplier", "m: product_count | by: supplier")]
#[case("ecommerce", "Which category had the highest revenue in Q2 2025?", "m: revenue | by: category | f: order_date ge 2025-04-01 | f: order_date lt 2025-07-01 | o: revenue desc | l: 1")]
#[case("ecommerce", "how many orders have an order total over 500", "m: order_count | f: orders.total_amount gt 500")]
#[case("ecommerce", "revenue by channel and country", "m: revenue | by: channel | by: country")]
#[case("ecommerce", "weekly revenue", "m: revenue | by: order_date/week | o: order_date asc")]
#[case("ecommerce", "stock value by warehouse", "m: stock_value | by: warehouse")]
#[case("ecommerce", "list out of stock products", "list: product_id, product, stock_on_hand | f: out_of_stock is_true")]
#[case("ecommerce", "How many orders were returned?", "m: order_count | f: status eq returned")]
#[case("ecommerce", "gross sales and revenue by category", "m: gross_sales | m: revenue | by: category")]
#[case("ecommerce", "average unit price of electronics", "m: avg_unit_price | f: category eq Electronics")]
#[case("ecommerce", "Number of orderes per month", "m: order_count | by: order_date/month | o: order_date asc")]
#[case("ecommerce", "AOV by country for mobile orders", "m: average_order_value | by: country | f: channel eq mobile")]
#[case("support", "tickets by status", "m: ticket_count | by: status")]
#[case("support", "how many urgent tickets are still open", "m: ticket_count | f: priority eq urgent | f: unresolved is_true")]
#[case("support", "avg satisfaction score per agent", "m: avg_satisfaction | by: agent")]
#[case("support", "weekly ticket volume", "m: ticket_count | by: created_at/week | o: created_at asc")]
#[case("support", "tickets without an agent", "list: ticket, agent, created_at | f: unassigned is_true")]
#[case("support", "which priority has the longest average resolution time", "m: avg_resolution_hours | by: priority | o: avg_resolution_hours desc | l: 1")]
#[case("support", "number of tickets breaching SLA by priority", "m: ticket_count | by: priority | f: sla_breached is_true")]
#[case("support", "how many tickets per channel in the last 30 days", "m: ticket_count | by: channel | f: created_at last 30day")]
#[case("support", "How many open tickets are there by priority?", "m: ticket_count | by: priority | f: status eq open")]
#[case("support", "What is the average resolution time in hours by priority?", "m: avg_resolution_hours | by: priority")]
#[case("support", "What percentage of resolved tickets breached their SLA?", "m: resolved_ticket_count[sla_breached is_true]%")]
#[case("support", "Which agents have the highest average satisfaction (at least 50 rated tickets)?", "m: rated_ticket_count | m: avg_satisfaction | by: agent | h: rated_ticket_count ge 50 | o: avg_satisfaction desc")]
#[case("support", "How many tickets were created per week?", "m: ticket_count | by: created_at/week | o: created_at asc")]
#[case("support", "How many tickets have no first response yet?", "m: ticket_count | f: first_response_at is_null")]
#[case("support", "SLA breach rate by category and customer tier", "m: sla_breach_rate | by: category | by: customer_tier")]
#[case("support", "Average first response time by channel", "m: avg_first_response_hours | by: channel")]
#[case("support", "How many critical tickets did enterprise customers open in August?", "m: ticket_count | f: priority eq urgent | f: customer_tier eq enterprise | f: created_at ge 2025-08-01 | f: created_at lt 2025-09-01")]
#[case("support", "tickets per agent", "m: ticket_count | by: agent")]
#[case("support", "median resolution time by category", "m: median_resolution_hours | by: category")]
#[case("support", "how many tickets came in by phone", "m: ticket_count | f: channel eq phone")]
#[case("support", "billing tickets by priority", "m: ticket_count | by: priority | f: category eq billing")]
#[case("support", "number of unrated resolved tickets", "m: resolved_ticket_count | f: unrated is_true")]
#[case("support", "daily tickets in the last 7 days", "m: ticket_count | by: created_at/day | f: created_at last 7day | o: created_at asc")]
#[case("support", "average CSAT by customer tier", "m: avg_satisfaction | by: customer_tier")]
#[case("support", "how many tickets were created on weekends", "m: ticket_count | f: created_on_weekend is_true")]
#[case("support", "percentage of tickets that breached SLA by priority", "m: ticket_count[sla_breached is_true]% | by: priority")]
#[case("support", "tickets created in September 2025 by category", "m: ticket_count | by: category | f: created_at ge 2025-09-01 | f: created_at lt 2025-10-01")]
#[case("support", "average resolution hours for urgent tickets", "m: avg_resolution_hours | f: priority eq urgent")]
#[case("support", "top 5 agents by number of tickets", "m: ticket_count | by: agent | o: ticket_count desc | l: 5")]
#[case("support", "Which agent has the lowest average satisfaction?", "m: avg_satisfaction | by: agent | o: avg_satisfaction asc | l: 1")]
#[case("support", "count of tickets with satisfaction below 3", "m: ticket_count | f: satisfaction lt 3")]
#[case("support", "unassigned tickets by channel", "m: ticket_count | by: channel | f: unassigned is_true")]
#[case("support", "show me avg resolution time for each priorty", "m: avg_resolution_hours | by: priority")]
#[case("support", "number of pending tickets", "m: ticket_count | f: status eq pending")]
#[case("support", "ticket count for chat and email by channel", "m: ticket_count | by: channel | f: channel in [chat,email]")]
#[case("support", "how many tickets are unresolved", "m: ticket_count | f: unresolved is_true")]
#[case("support", "average satisfaction of pro customers for technical issues", "m: avg_satisfaction | f: customer_tier eq pro | f: category eq technical")]
#[case("iot", "max temperature per sensor", "m: max_temperature | by: sensor_id")]
#[case("iot", "average co2 by site in June 2025", "m: avg_co2 | by: site | f: ts ge 2025-06-01 | f: ts lt 2025-07-01")]
#[case("iot", "how many readings above 30 degrees", "m: reading_count | f: temperature_c gt 30")]
#[case("iot", "sensors with low battery", "by: sensor_id | f: low_battery is_true")]
#[case("iot", "lowest humidity recorded in Oslo", "m: min(humidity_pct) | f: site eq Oslo")]
#[case("iot", "count of fault readings by site", "m: fault_count | by: site")]
#[case("iot", "daily avg temp", "m: avg_temperature | by: ts/day | o: ts asc")]
#[case("iot", "which site is hottest on average", "m: avg_temperature | by: site | o: avg_temperature desc | l: 1")]
#[case("iot", "What is the average temperature by site?", "m: avg_temperature | by: site")]
#[case("iot", "Which sensors reported a fault most often?", "m: reading_count | by: sensor_id | f: status eq fault | o: reading_count desc")]
#[case("iot", "What was the daily maximum CO2 level at each site?", "m: max_co2 | by: ts/day | by: site | o: ts asc")]
#[case("iot", "Which readings had a temperature more than 3 standard deviations from their sensor's mean?", "list: sensors.reading_id, sensor_id, ts, temperature_c | outliers: temperature_c/sensor_id/3")]
#[case("iot", "Which sensors have a battery voltage below 3.3 V on their latest reading?", "list: sensor_id, ts, battery_v | f: battery_v lt 3.3 | latest: sensor_id/ts")]
#[case("iot", "What was the hourly average humidity in Singapore on 2025-06-15?", "m: avg_humidity | by: ts/hour | f: site eq Singapore | f: ts ge 2025-06-15 | f: ts lt 2025-06-16 | o: ts asc")]
#[case("iot", "How many readings did each sensor send per day?", "m: reading_count | by: ts/day | by: sensor_id | o: ts asc")]
#[case("iot", "Minimum battery voltage by sensor", "m: min_battery | by: sensor_id")]
#[case("iot", "average humidity in lisbon", "m: avg_humidity | f: site eq Lisbon")]
#[case("iot", "how many faults per site", "m: reading_count | by: site | f: status eq fault")]
#[case("iot", "max co2 in Denver in the last 7 days", "m: max_co2 | f: site eq Denver | f: ts last 7day")]
#[case("iot", "number of warning readings by sensor", "m: warning_count | m: reading_count | by: sensor_id")]
#[case("iot", "avg temperature at each site on June 10", "m: avg_temperature | by: site | f: ts ge 2025-06-10 | f: ts lt 2025-06-11")]
#[case("iot", "how many readings had CO2 above 1000 ppm in Oslo", "m: reading_count | f: high_co2 is_true | f: site eq Oslo")]
#[case("iot", "weekly average battery voltage per site", "m: avg_battery | by: ts/week | by: site | o: ts asc")]
#[case("iot", "which sensor has the lowest battery", "m: min_battery | by: sensor_id | o: min_battery asc | l: 1")]
#[case("iot", "temperature standard deviation by site", "m: temperature_stddev | by: site")]
#[case("iot", "avg humidity by status", "m: avg_humidity | by: status")]
#[case("iot", "how many sensors are there per site", "m: sensor_count | by: site")]
#[case("iot", "median temperature per site", "m: median(temperature_c) | by: site")]
#[case("iot", "what was the peak CO2 in Nairobi", "m: max_co2 | f: site eq Nairobi")]
#[case("iot", "daily fault count", "m: fault_count | by: ts/day | o: ts asc")]
#[case("iot", "which site had the most warnings", "m: reading_count | by: site | f: status eq warning | o: reading_count desc | l: 1")]
#[case("iot", "temperature by site and status", "m: avg_temperature | by: site | by: status")]
#[case("iot", "average temprature in singapore", "m: avg_temperature | f: site eq Singapore")]
#[case("iot", "humidity per site", "m: avg_humidity | by: site")]
#[case("iot", "how many readings with low battery per site", "m: reading_count | by: site | f: low_battery is_true")]
#[case("iot", "hourly avg temp for sensor S017 on 2025-06-03", "m: avg_temperature | by: ts/hour | f: sensor_id eq S017 | f: ts ge 2025-06-03 | f: ts lt 2025-06-04 | o: ts asc")]
#[case("iot", "Give me the highest temperature ever recorded at each site", "m: max_temperature | by: site")]
#[case("library", "how many books are there", "m: books_count")]
#[case("library", "average page count by genre", "m: avg_pageCount | by: genre")]
#[case("library", "number of loans per month in 2024", "m: loans_count | by: loanDate/month | f: loanDate ge 2024-01-01 | f: loanDate lt 2025-01-01 | o: loanDate asc")]
#[case("library", "loans without a return date", "list: loans.loanId, loanDate | f: returnDate is_null")]
#[case("library", "top 3 authors by number of books", "m: books_count | by: authorName | o: books_count desc | l: 3")]
#[case("library", "how many loans did each member take", "m: loans_count | by: members.fullName")]
// "published" names the year column the time is on; the books are listed.
#[case("library", "books published after 2000", "list: books.bookId, books.title, books.publishedYear | f: books.publishedYear ge 2001")]
#[case("library", "list fantasy books with more than 500 pages", "list: books.bookId, books.title, books.pageCount | f: books.pageCount gt 500 | f: genre eq Fantasy")]
#[case("library", "how many students joined in 2024", "m: members_count | f: membershipType eq Student | f: joinedOn ge 2024-01-01 | f: joinedOn lt 2025-01-01")]
#[case("library", "avg ratting of mystery books", "m: avg_avgRating | f: genre eq Mystery")]
#[case("library", "which genre has the most books", "m: books_count | by: genre | o: books_count desc | l: 1")]
#[case("library", "total pages by author name", "m: sum_pageCount | by: authorName")]
#[case("library", "loans by membership type", "m: loans_count | by: membershipType")]
#[case("library", "what is the highest avg rating", "m: max_avgRating")]
#[case("library", "show title and author name of books in the poetry genre", "list: books.title, authorName | f: genre eq Poetry")]
// Lowercase run-together names ("surfacearea") found by one of their words.
#[case("atlas", "What is the total surface area of the countries in Asia?", "m: sum_surfacearea | f: continent eq Asia")]
#[case("atlas", "Show the names and areas of the countries ordered by area descending", "list: country.name, country.surfacearea | o: country.surfacearea desc")]
#[case("atlas", "How many countries have a republic as their form of government?", "m: country_count | f: governmentform eq Republic")]
#[case("atlas", "What is the average life expectancy in Europe?", "m: avg_lifeexpectancy | f: continent eq Europe")]
// The column a value belongs to, named beside it, is part of the condition.
#[case("atlas", "How many countries are in the Asia continent?", "m: country_count | f: continent eq Asia")]
#[case("atlas", "What is the total population of the continents Asia and Europe?", "m: sum_country_population | f: continent in [Asia,Europe]")]
// An equally named metric of two tables: the table the other words are about.
#[case("atlas", "What is the total population and average area of countries in Asia?", "m: sum_country_population | m: avg_surfacearea | f: continent eq Asia")]
#[case("atlas", "What is the total population of cities in the Gelderland district?", "m: sum_city_population | f: district eq Gelderland")]
// A number right after a numeric column is its value; "or" adds another.
#[case("atlas", "Which countries have a population of 15864000?", "list: country.code, country.name, country.population | f: country.population eq 15864000")]
#[case("atlas", "Show the names of countries whose indepyear is either 1581 or 1822", "list: country.name, country.indepyear | f: country.indepyear in [1581,1822]")]
#[case("library", "how many different genres are there", "m: distinct_count(genre)")]
#[case("library", "members who joined in Q3 2024", "list: members.memberId, members.fullName, joinedOn | f: joinedOn ge 2024-07-01 | f: joinedOn lt 2024-10-01")]
#[case("library", "weekly loans in the last 8 weeks", "m: loans_count | by: loanDate/week | f: loanDate last 8week | o: loanDate asc")]
#[case("ecommerce", "revenue by catgory", "m: revenue | by: category")]
#[case("ecommerce", "toatl revenue by chanel", "m: revenue | by: channel")]
#[case("ecommerce", "avg ordr value per contry", "m: average_order_value | by: country")]
#[case("support", "how many tikets by priorty", "m: ticket_count | by: priority")]
#[case("iot", "averge humidty by site", "m: avg_humidity | by: site")]
#[case("iot", "max temprature per sensor", "m: max_temperature | by: sensor_id")]
#[case("ecommerce", "revenue for Germany in Q2 2025", "m: revenue | f: country eq DE | f: order_date ge 2025-04-01 | f: order_date lt 2025-07-01")]
#[case("ecommerce", "orders on March 3 2025", "list: order, order_date | f: order_date ge 2025-03-03 | f: order_date lt 2025-03-04")]
#[case("support", "tickets created between 2025-08-01 and 2025-08-15 by channel", "m: ticket_count | by: channel | f: created_at ge 2025-08-01 | f: created_at lt 2025-08-16")]
#[case("iot", "readings since 2025-06-20 by status", "m: reading_count | by: status | f: ts ge 2025-06-20")]
#[case("ecommerce", "revenue by month and channel for 2025", "m: revenue | by: order_date/month | by: channel | f: order_date ge 2025-01-01 | f: order_date lt 2026-01-01 | o: order_date asc")]
#[case("support", "how many tickets per week for enterprise or pro customers", "m: ticket_count | by: created_at/week | f: customer_tier in [enterprise,pro] | o: created_at asc")]
#[case("support", "tickets without an agent by priority", "m: ticket_count | by: priority | f: unassigned is_true")]
#[case("iot", "which sensors have low battery on their latest reading", "list: sensor_id, ts, battery_v | f: low_battery is_true | latest: sensor_id/ts")]
#[case("support", "how many tickets were not billing", "m: ticket_count | f: category ne billing")]
// "how much did we sell": the metric named sales/revenue.
#[case("ecommerce", "how much did we sell in Japan", "m: revenue | f: country eq JP")]
// "orders by": the orders table, then "by" (not the cue "order by").
#[case("ecommerce", "how many orders by status", "m: order_count | by: status")]
// "that have no loans": no row of loans points at the member (anti-join).
#[case("library", "members that have no loans", "list: members.memberId, members.fullName, joinedOn | f: members.memberId not_exists @loans.memberId")]
fn plans(#[case] dataset: &str, #[case] question: &str, #[case] want: &str) {
    assert_eq!(shape(&planned(dataset, question).plan), want, "{question}");
}

#[rstest]
#[case("ecommerce", "what is the weather in Paris")]
#[case("ecommerce", "revenue by planet")]
#[case("ecommerce", "revenue for premium customers")]
#[case("ecommerce", "hello")]
#[case("ecommerce", "")]
#[case("support", "tickets handled by Zorblax")]
#[case("support", "How many critical tickets were opened by aliens")]
#[case("iot", "average temperature in Paris")]
#[case("ecommerce", "how many museums were opened after 2013 or before 2008")]
#[case("iot", "average temperature per galaxy")]
#[case("iot", "readings more than 5")]
#[case("library", "which members have never returned a loan")]
#[case("library", "which author wrote the longest books on average")]
#[case("library", "average page count by publisher")]
// A word that changes the question and that no part of the plan uses.
#[case("iot", "average temperature of sensors inside Oslo")]
#[case("ecommerce", "how many orders were both shipped and cancelled")]
#[case("ecommerce", "revenue by channel except the top ones")]
fn refuses(#[case] dataset: &str, #[case] question: &str) {
    match planner(dataset).plan(question) {
        Outcome::Planned(u) => panic!(
            "{question:?} should not be understood, got {}",
            shape(&u.plan)
        ),
        Outcome::NotUnderstood(n) => {
            assert!(!n.reason.is_empty());
            assert!(!n.suggestions.is_empty() || load(dataset).suggested_prompts.is_empty());
        }
    }
}

#[rstest]
#[case("ecommerce")]
#[case("support")]
#[case("iot")]
fn every_golden_question_is_planned(#[case] dataset: &str) {
    let m = load(dataset);
    let p = OfflinePlanner::new(&m);
    for g in &m.golden {
        assert!(
            matches!(p.plan(&g.question), Outcome::Planned(_)),
            "{}",
            g.question
        );
    }
}

/// Every question of the question sets plans (or refuses) without panicking,
/// and nearly all of them plan.
#[rstest]
#[case("ecommerce")]
#[case("support")]
#[case("iot")]
fn question_sets_plan(#[case] dataset: &str) {
    let p = planner(dataset);
    let path = format!(
        "{}/tests/questions/{dataset}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut total = 0;
    let mut ok = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}: {e}"));
        let q = case["question"].as_str().unwrap_or_default();
        total += 1;
        ok += usize::from(matches!(p.plan(q), Outcome::Planned(_)));
    }
    assert!(
        total >= 30 && ok * 100 >= total * 95,
        "{dataset}: {ok}/{total} planned"
    );
}

#[test]
fn planning_is_deterministic() {
    let p = planner("support");
    for q in [
        "Which agents have the highest average satisfaction (at least 50 rated tickets)?",
        "tickets by status",
        "nonsense words here",
    ] {
        assert_eq!(
            serde_json::to_string(&p.plan(q)).ok(),
            serde_json::to_string(&p.plan(q)).ok()
        );
    }
}

#[test]
fn understanding_explains_itself() {
    let u = planned(
        "ecommerce",
        "What share of orders were cancelled or returned, by country?",
    );
    assert!(
        u.summary
            .iter()
            .any(|s| s.starts_with("metric: order_count") && s.contains("percentage")),
        "{:?}",
        u.summary
    );
    assert!(
        u.summary.contains(&"by: country".to_string()),
        "{:?}",
        u.summary
    );
    assert!(
        u.matches
            .iter()
            .any(|m| m.kind == MatchKind::Segment && m.target == "cancelled_or_returned"),
        "{:?}",
        u.matches
    );
    let u = planned(
        "iot",
        "What was the hourly average humidity in Singapore on 2025-06-15?",
    );
    assert!(
        u.summary.contains(&"time: 2025-06-15".to_string()),
        "{:?}",
        u.summary
    );
    assert!(
        u.matches
            .iter()
            .any(|m| m.kind == MatchKind::Value && m.words == "Singapore"),
        "{:?}",
        u.matches
    );
    let u = planned("ecommerce", "Top 10 products by units sold");
    assert!(
        u.summary.contains(&"limit: 10".to_string())
            && u.summary.contains(&"order: units_sold desc".to_string()),
        "{:?}",
        u.summary
    );
}

#[test]
fn typos_are_forgiven_with_lower_confidence() {
    let u = planned("ecommerce", "toatl revnue by catgory");
    let m = u.matches.iter().find(|m| m.target == "revenue");
    assert!(
        m.is_some_and(|m| m.confidence < 1.0 && m.confidence >= 0.5),
        "{:?}",
        u.matches
    );
    let exact = planned("ecommerce", "total revenue by category");
    assert!(exact
        .matches
        .iter()
        .any(|m| m.target == "revenue" && m.confidence >= 0.95));
}

#[test]
fn refusals_name_what_was_recognised_and_suggest() {
    let Outcome::NotUnderstood(n) = planner("ecommerce").plan("revenue by planet") else {
        panic!("planned")
    };
    assert!(n.reason.contains("planet"), "{}", n.reason);
    assert!(
        n.recognised.iter().any(|m| m.target == "revenue"),
        "{:?}",
        n.recognised
    );
    assert_eq!(n.suggestions.len(), 5);
    assert!(
        n.suggestions[0].to_lowercase().contains("revenue"),
        "{:?}",
        n.suggestions
    );
}

#[test]
fn equally_good_readings_are_reported_as_ambiguous() {
    let mut m = load("ecommerce");
    for metric in m
        .metrics
        .iter_mut()
        .filter(|x| x.name == "revenue" || x.name == "margin")
    {
        metric.synonyms.push("takings".into());
    }
    let u = match OfflinePlanner::new(&m).plan("takings by channel") {
        Outcome::Planned(u) => u,
        Outcome::NotUnderstood(n) => panic!("{}", n.reason),
    };
    let a = u.ambiguities.iter().find(|a| a.words == "takings");
    assert!(
        a.is_some_and(|a| a.chosen == "revenue" && a.alternatives == vec!["margin".to_string()]),
        "{:?}",
        u.ambiguities
    );
}

#[rstest]
#[case("stock_on_hand", &["stock", "on", "hand"])]
#[case("LifeExpectancy", &["life", "expectancy"])]
#[case("authorName", &["author", "name"])]
#[case("CO2Level", &["co2", "level"])]
#[case("orderID", &["order", "id"])]
#[case("HTTPServer", &["http", "server"])]
fn identifiers_split_into_words(#[case] name: &str, #[case] want: &[&str]) {
    assert_eq!(split_identifier(name), want);
}

#[rstest]
#[case("categories", "category")]
#[case("statuses", "status")]
#[case("status", "status")]
#[case("boxes", "box")]
#[case("sensors", "sensor")]
#[case("analysis", "analysis")]
#[case("people", "person")]
#[case("days", "day")]
fn plurals_become_singular(#[case] word: &str, #[case] want: &str) {
    assert_eq!(tokenize::singular(word), want);
}

#[rstest]
#[case("in March 2025", "2025-03-01", "2025-04-01")]
#[case("during Q4 2024", "2024-10-01", "2025-01-01")]
#[case("on June 15, 2025", "2025-06-15", "2025-06-16")]
#[case("on 2024-02-29", "2024-02-29", "2024-03-01")]
#[case("in 2025", "2025-01-01", "2026-01-01")]
#[case("the second quarter of 2025", "2025-04-01", "2025-07-01")]
#[case("on 2025-12-31", "2025-12-31", "2026-01-01")]
fn calendar_ranges_are_half_open(#[case] text: &str, #[case] start: &str, #[case] end: &str) {
    let found = time::find(&tokenize::tokenize(text), None);
    let want = time::TimeKind::Range {
        start: Some(start.into()),
        end: Some(end.into()),
    };
    assert!(found.iter().any(|e| e.kind == want), "{text}: {found:?}");
}

#[rstest]
#[case("revenue", "revnue", true)]
#[case("temperature", "temprature", true)]
#[case("humidity", "humdity", true)]
#[case("most", "msot", true)]
#[case("order", "border", false)]
#[case("sale", "sold", false)]
#[case("cat", "car", false)]
#[case("order", "bored", false)]
fn typo_tolerance_scales_with_length(#[case] word: &str, #[case] typo: &str, #[case] near: bool) {
    let mut v = fuzzy::Vocabulary::default();
    v.insert(word);
    assert_eq!(
        v.near(typo).iter().any(|(w, _)| w == word),
        near,
        "{typo} ~ {word}"
    );
}

/// Planner latency over the question sets, held to the documented target
/// (under 5 ms a question; measured in tens of microseconds), with ten
/// times the room in a debug build: generous enough for a loaded machine,
/// tight enough to catch a planner that went quadratic or started doing I/O.
#[test]
fn latency_loop() {
    let mut questions: Vec<String> = Vec::new();
    for d in ["ecommerce", "support", "iot"] {
        let path = format!("{}/tests/questions/{d}.jsonl", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
        {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            questions.push(v["question"].as_str().unwrap().to_string());
        }
    }
    assert!(questions.len() >= 100, "only {} questions", questions.len());
    let p = planner("ecommerce");
    let qs: Vec<&str> = questions.iter().map(String::as_str).collect();
    let s = crate::measure::Samples::of(&bench(&qs, &p, 5));
    eprintln!(
        "planner latency over {} questions: median {:.1} us, p95 {:.1} us",
        qs.len(),
        s.median,
        s.p95
    );
    assert_eq!(s.n, qs.len() * 5);
    let limit_us = if cfg!(debug_assertions) { 50_000.0 } else { 5_000.0 };
    assert!(s.p95 < limit_us, "p95 {:.1} us over {limit_us} us (median {:.1} us)", s.p95, s.median);
    assert!(s.median <= s.p95);
}

/// Shapes of the set-operation, anti-join and listing mechanisms on a
/// made-up schema (`workshop`: crafters, their classes, market stalls).
#[rstest]
// Anti-join: "did not VERB any X" where X's rows point at the listed rows.
#[case("Which crafters did not teach any classes?", "list: crafters.crafter_id, crafters.crafter_name | f: crafters.crafter_id not_exists @classes.crafter_id")]
// ... with a condition on X, kept inside the anti-join.
#[case("Which crafters did not teach classes in Winter?", "list: crafters.crafter_id, crafters.crafter_name | f: crafters.crafter_id not_exists @classes.crafter_id[season Eq Winter]")]
// Set difference: an attribute without a row of its table meeting a condition.
#[case("Show the guilds without a crafter from Ashford.", "by: guild | f: guild not_in @guild[home_town Eq Ashford]")]
// Intersection: two conditions on one column no single row meets together.
#[case("Which markets have both stalls with rent more than 500 and stalls with rent less than 200?", "by: market | f: market in @market[stalls.rent Gt 500] | f: market in @market[stalls.rent Lt 200]")]
#[case("Show the home towns that have crafters in both Weavers and Potters guilds.", "by: home_town | f: home_town in @home_town[guild Eq Weavers] | f: home_town in @home_town[guild Eq Potters]")]
// One categorical attribute listed unfiltered: each value once.
#[case("Show all stall kinds.", "by: kind")]
// No per-row grouping of a table's own columns.
#[case("What is the average and minimum age across crafters?", "m: avg(crafters.age) | m: min(crafters.age)")]
// A table's own name column (crafter_name) names its rows before a
// label guessed from the data (guild_title).
#[case("List the crafters from Brill.", "list: crafters.crafter_id, crafters.crafter_name | f: home_town eq Brill")]
fn set_operations_and_listings(#[case] question: &str, #[case] want: &str) {
    let u = planned("workshop", question);
    assert_eq!(shape(&u.plan), want, "{question}");
}

/// Readings that must not be answered: they would answer another question.
#[rstest]
// "numbers" in the plural are identifiers, not a count.
#[case("What are the numbers of all stalls?")]
// A lone capitalised name with another table named: whose name is it?
#[case("Which classes did Lindqvist teach?")]
fn mechanisms_refuse_what_they_cannot_place(#[case] question: &str) {
    match planner("workshop").plan(question) {
        Outcome::Planned(u) => assert!(
            !u.plan.measures.iter().any(|m| m.agg == Some(crate::plan::Agg::Count)) && u.plan.filters.iter().all(|f| !f.value.as_ref().is_some_and(|v| matches!(v, Operand::Value(serde_json::Value::String(s)) if s == "Lindqvist"))),
            "{question}: {}",
            shape(&u.plan)
        ),
        Outcome::NotUnderstood(_) => {}
    }
}
