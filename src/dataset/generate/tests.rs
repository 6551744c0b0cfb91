//! Tests of the generated datasets: determinism, schemas, and the data
//! properties the manifests, golden questions and docs promise.

use super::{generate, BUILTIN};
use rstest::rstest;
use std::collections::{BTreeMap, BTreeSet};

/// Rows of one generated file, header first, parsed with the `csv` crate.
fn rows(dataset: &str, file: &str) -> Vec<Vec<String>> {
    let files = generate(dataset).unwrap_or_default();
    let bytes = files
        .into_iter()
        .find(|(f, _)| f == file)
        .map(|(_, b)| b)
        .unwrap_or_default();
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes.as_slice())
        .records()
        .map(|r| {
            r.map(|r| r.iter().map(str::to_string).collect())
                .unwrap_or_default()
        })
        .collect()
}

/// Decimal text with at most two places as hundredths: "19.9" -> 1990.
fn hundredths(s: &str) -> i64 {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let frac = format!("{frac:0<2}");
    whole.parse::<i64>().unwrap_or(0) * 100 + frac[..2].parse::<i64>().unwrap_or(0)
}

#[test]
fn generation_is_deterministic_and_unknown_names_are_none() {
    for name in BUILTIN {
        let a = generate(name);
        assert!(a.is_some(), "{name}");
        assert_eq!(a, generate(name), "{name} differs between runs");
    }
    assert!(generate("nope").is_none());
}

#[rstest]
#[case(
    "ecommerce",
    "orders.csv",
    "order_id,customer_id,order_date,status,channel,country,total_amount",
    4_500,
    5_500
)]
#[case(
    "ecommerce",
    "order_items.csv",
    "order_item_id,order_id,product_id,quantity,unit_price,discount",
    11_000,
    13_000
)]
#[case("ecommerce", "inventory.csv", "product_id,product_name,category,supplier,unit_cost,list_price,stock_on_hand,reorder_level,warehouse", 500, 500)]
#[case("support", "tickets.csv", "ticket_id,created_at,first_response_at,resolved_at,priority,status,channel,category,agent,customer_tier,sla_hours,satisfaction", 8_000, 8_000)]
#[case(
    "iot",
    "sensors.csv",
    "reading_id,sensor_id,site,ts,temperature_c,humidity_pct,co2_ppm,battery_v,status",
    45_000,
    55_000
)]
fn files_have_their_schema_and_size(
    #[case] dataset: &str,
    #[case] file: &str,
    #[case] header: &str,
    #[case] min_rows: usize,
    #[case] max_rows: usize,
) {
    let files = generate(dataset).unwrap_or_default();
    let bytes = files
        .iter()
        .find(|(f, _)| f == file)
        .map(|(_, b)| b.clone())
        .unwrap_or_default();
    let text = String::from_utf8(bytes).unwrap_or_default();
    assert!(text.starts_with(&format!("{header}\n")), "{file} header");
    assert!(!text.contains('\r'), "{file} has CR line endings");
    let rows = rows(dataset, file);
    let width = header.split(',').count();
    assert!(rows.iter().all(|r| r.len() == width), "{file} ragged rows");
    let n = rows.len() - 1;
    assert!((min_rows..=max_rows).contains(&n), "{file}: {n} rows");
}

#[test]
fn order_totals_equal_the_rounded_sum_of_their_lines() {
    let mut exact: BTreeMap<String, i64> = BTreeMap::new();
    for r in rows("ecommerce", "order_items.csv").iter().skip(1) {
        let q: i64 = r[3].parse().unwrap_or(0);
        let line = q * hundredths(&r[4]) * (100 - hundredths(&r[5]));
        *exact.entry(r[1].clone()).or_default() += line;
    }
    let orders = rows("ecommerce", "orders.csv");
    let mut customers = BTreeSet::new();
    let mut last_date = String::new();
    for (i, r) in orders.iter().skip(1).enumerate() {
        assert_eq!(r[0], (i + 1).to_string(), "order ids are 1..n");
        assert!(
            r[2] >= last_date && r[2].starts_with("2025-"),
            "order dates ascend within 2025"
        );
        last_date = r[2].clone();
        customers.insert(r[1].clone());
        let want = (exact.get(&r[0]).copied().unwrap_or(0) + 50) / 100;
        assert_eq!(hundredths(&r[6]), want, "order {} total", r[0]);
    }
    assert_eq!(customers.len(), 1_200);
}

#[test]
fn inventory_names_are_unique_and_some_need_reordering() {
    let inv = rows("ecommerce", "inventory.csv");
    let names: BTreeSet<&String> = inv.iter().skip(1).map(|r| &r[1]).collect();
    assert_eq!(names.len(), 500);
    let below = inv
        .iter()
        .skip(1)
        .filter(|r| r[6].parse::<i64>().unwrap_or(0) < r[7].parse::<i64>().unwrap_or(0))
        .count();
    assert!((20..=100).contains(&below), "{below} below reorder level");
    for r in inv.iter().skip(1) {
        assert!(
            hundredths(&r[4]) * 10 < hundredths(&r[5]) * 8,
            "cost under 80% of price: {r:?}"
        );
    }
}

#[test]
fn ticket_nulls_and_times_are_consistent() {
    let tickets = rows("support", "tickets.csv");
    let mut rated: BTreeMap<String, usize> = BTreeMap::new();
    let mut no_response = 0;
    for r in tickets.iter().skip(1) {
        let (created, first, resolved, status) = (&r[1], &r[2], &r[3], r[5].as_str());
        let resolved_status = matches!(status, "resolved" | "closed");
        assert_eq!(
            !resolved.is_empty(),
            resolved_status,
            "resolved_at vs status: {r:?}"
        );
        if first.is_empty() {
            no_response += 1;
            assert_eq!(status, "open", "only open tickets lack a response: {r:?}");
        } else {
            assert!(first >= created, "{r:?}");
            assert!(!r[8].is_empty(), "answered tickets have an agent: {r:?}");
        }
        if !resolved.is_empty() {
            assert!(resolved >= first, "{r:?}");
        }
        if !r[11].is_empty() {
            assert!(resolved_status, "only resolved tickets are rated: {r:?}");
            assert!(matches!(r[11].as_str(), "1" | "2" | "3" | "4" | "5"));
            *rated.entry(r[8].clone()).or_default() += 1;
        }
        let sla = match r[4].as_str() {
            "urgent" => "4",
            "high" => "8",
            "medium" => "24",
            _ => "72",
        };
        assert_eq!(r[10], sla);
    }
    assert!(
        no_response > 10,
        "{no_response} tickets without a first response"
    );
    let big = rated.values().filter(|n| **n >= 50).count();
    let small = rated.values().filter(|n| **n < 50).count();
    assert!(big >= 5 && small >= 1, "agents by rated tickets: {rated:?}");
}

#[test]
fn sensors_cover_june_with_anomalies_and_low_batteries() {
    let readings = rows("iot", "sensors.csv");
    let mut latest: BTreeMap<String, (String, f64)> = BTreeMap::new();
    let mut statuses = BTreeSet::new();
    for r in readings.iter().skip(1) {
        assert!(r[3].starts_with("2025-06-"), "{r:?}");
        statuses.insert(r[8].clone());
        let v: f64 = r[7].parse().unwrap_or(0.0);
        let e = latest.entry(r[1].clone()).or_insert((r[3].clone(), v));
        if r[3] >= e.0 {
            *e = (r[3].clone(), v);
        }
    }
    assert_eq!(latest.len(), 40);
    let low = latest.values().filter(|(_, v)| *v < 3.3).count();
    assert!((2..=6).contains(&low), "{low} sensors end below 3.3 V");
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        ["fault", "ok", "warning"]
    );
}
