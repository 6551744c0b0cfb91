//! The `ecommerce` dataset: a year (2025) of online orders, their line
//! items, and the product inventory.
//!
//! Invariants: order ids follow order dates; every one of the 1,200
//! customers orders at least once and keeps one country; an order's
//! `total_amount` is the sum over its lines of `quantity * unit_price *
//! (1 - discount)`, computed exactly in hundredths of a cent and rounded
//! half up to cents once per order (so `ROUND(SUM(...), 2)` in SQL equals
//! it); a product appears at most once per order; unit prices are the list
//! price in force on the order date (some products were repriced on
//! 2025-07-01). Orders from the last days of December are still pending or
//! shipped; returns happen only to orders old enough to have arrived.

use super::calendar::{days_from_civil, fmt_date, weekday};
use super::catalog::{self, Product};
use super::csv_out::{cents, Csv};
use super::names::CATEGORIES;
use super::rng::{Rng, Weighted};

const SEED: u64 = 0x5EED_EC0C_2025_0001;
const ORDERS: usize = 5_000;
const CUSTOMERS: usize = 1_200;

/// Countries: code, share of customers, cancel rate, return rate.
const COUNTRIES: [(&str, f64, f64, f64); 8] = [
    ("US", 34.0, 0.045, 0.055),
    ("UK", 13.0, 0.050, 0.065),
    ("DE", 12.0, 0.040, 0.110),
    ("FR", 9.0, 0.060, 0.060),
    ("CA", 9.0, 0.040, 0.045),
    ("AU", 7.0, 0.045, 0.050),
    ("JP", 8.0, 0.020, 0.020),
    ("BR", 8.0, 0.095, 0.050),
];

/// Channels: name, share of customers preferring it, items-per-order weights (1..=5).
const CHANNELS: [(&str, f64, [f64; 5]); 3] = [
    ("web", 50.0, [24.0, 27.0, 22.0, 15.0, 12.0]),
    ("mobile", 35.0, [33.0, 30.0, 19.0, 10.0, 8.0]),
    ("marketplace", 15.0, [46.0, 28.0, 14.0, 7.0, 5.0]),
];

const DISCOUNTS: [i64; 4] = [5, 10, 15, 20];

/// Relative order volume per month (Jan..Dec): quiet February, busy holidays.
const MONTH_FACTOR: [f64; 12] = [
    0.85, 0.78, 0.90, 0.92, 0.97, 0.95, 1.00, 0.98, 0.95, 1.02, 1.35, 1.55,
];
/// Relative order volume per weekday (Mon..Sun).
const WEEKDAY_FACTOR: [f64; 7] = [1.00, 0.96, 0.97, 1.00, 1.06, 1.16, 1.12];

struct Customer {
    country: usize,
    channel: usize,
}

struct Line {
    product: usize,
    quantity: i64,
    unit_cents: i64,
    discount_pct: i64,
}

struct Order {
    day: i64,
    customer: usize,
    channel: usize,
    status: &'static str,
    lines: Vec<Line>,
}

fn day_weight(day: i64) -> f64 {
    let (y, m, d) = super::calendar::civil_from_days(day);
    let mut w = MONTH_FACTOR[(m - 1) as usize] * WEEKDAY_FACTOR[weekday(day) as usize];
    // Gentle growth through the year.
    w *= 1.0 + 0.10 * (day - days_from_civil(y, 1, 1)) as f64 / 365.0;
    w *= match (m, d) {
        (11, 28) => 3.2,      // Black Friday
        (12, 1) => 2.6,       // Cyber Monday
        (11, 24..=30) => 1.3, // Black Friday week
        (12, 15..=20) => 1.3, // last shipping week before Christmas
        (12, 24) => 0.7,
        (12, 25) => 0.45,
        (7, 8..=9) => 1.7, // mid-summer sale
        (1, 1) => 0.6,
        _ => 1.0,
    };
    w
}

/// Probability that a line is discounted, and the weights of 5/10/15/20%.
fn discount_terms(day: i64) -> (f64, [f64; 4]) {
    let (_, m, d) = super::calendar::civil_from_days(day);
    let sale = [20.0, 30.0, 25.0, 25.0];
    let normal = [40.0, 32.0, 16.0, 12.0];
    match (m, d) {
        (11, 24..=30) | (12, 1) => (0.60, sale),
        (12, 2..=24) => (0.40, normal),
        (7, 7..=13) => (0.45, sale),
        (1, 2..=15) => (0.40, normal),
        _ => (0.22, normal),
    }
}

fn status(rng: &mut Rng, age_days: i64, country: usize, channel: usize) -> &'static str {
    let (_, _, cancel, ret) = COUNTRIES[country];
    let cancel = if CHANNELS[channel].0 == "marketplace" {
        cancel * 1.4
    } else {
        cancel
    };
    if rng.chance(cancel) {
        return "cancelled";
    }
    match age_days {
        0..=2 => {
            if rng.chance(0.55) {
                "pending"
            } else {
                "shipped"
            }
        }
        3..=8 => match rng.weighted(&[5.0, 50.0, 45.0]) {
            0 => "pending",
            1 => "shipped",
            _ => "delivered",
        },
        _ => {
            if rng.chance(ret) {
                "returned"
            } else if rng.chance(0.01) {
                "shipped"
            } else {
                "delivered"
            }
        }
    }
}

fn lines(
    rng: &mut Rng,
    products: &[Product],
    pick: &Weighted,
    day: i64,
    channel: usize,
) -> Vec<Line> {
    let n = rng.weighted(&CHANNELS[channel].2) + 1;
    let (p_disc, levels) = discount_terms(day);
    let repriced = day >= days_from_civil(2025, 7, 1);
    let mut out: Vec<Line> = Vec::with_capacity(n);
    let mut tries = 0;
    while out.len() < n && tries < 100 {
        tries += 1;
        let product = pick.sample(rng);
        if out.iter().any(|l| l.product == product) {
            continue;
        }
        let Some(p) = products.get(product) else {
            continue;
        };
        let cat = CATEGORIES[p.category];
        let qty_w: [f64; 5] = if matches!(cat, "Grocery" | "Books" | "Beauty") {
            [40.0, 28.0, 16.0, 9.0, 7.0]
        } else {
            [58.0, 24.0, 10.0, 5.0, 3.0]
        };
        let quantity = rng.weighted(&qty_w) as i64 + 1;
        let discount_pct = if rng.chance(p_disc) {
            DISCOUNTS[rng.weighted(&levels)]
        } else {
            0
        };
        let unit_cents = if repriced {
            p.list_cents
        } else {
            p.h1_list_cents
        };
        out.push(Line {
            product,
            quantity,
            unit_cents,
            discount_pct,
        });
    }
    out
}

/// Order total in cents: exact sum in 1/100 cent, rounded half up once.
fn total_cents(lines: &[Line]) -> i64 {
    let exact: i64 = lines
        .iter()
        .map(|l| l.quantity * l.unit_cents * (100 - l.discount_pct))
        .sum();
    (exact + 50).div_euclid(100)
}

/// The dataset's files: orders.csv, order_items.csv, inventory.csv.
pub fn generate() -> Vec<(String, Vec<u8>)> {
    let mut root = Rng::new(SEED);
    let mut rng_cat = root.fork(1);
    let mut rng_cust = root.fork(2);
    let mut rng_days = root.fork(3);
    let mut rng_ord = root.fork(4);

    let products = catalog::build(&mut rng_cat, 21_000.0);
    let pick = Weighted::new(&products.iter().map(|p| p.popularity).collect::<Vec<_>>());

    let country_w: Vec<f64> = COUNTRIES.iter().map(|c| c.1).collect();
    let channel_w: Vec<f64> = CHANNELS.iter().map(|c| c.1).collect();
    let mut customers = Vec::with_capacity(CUSTOMERS);
    let mut activity = Vec::with_capacity(CUSTOMERS);
    for _ in 0..CUSTOMERS {
        customers.push(Customer {
            country: rng_cust.weighted(&country_w),
            channel: rng_cust.weighted(&channel_w),
        });
        activity.push(rng_cust.lognormal(1.0, 0.9));
    }
    // Every customer orders once; the rest of the orders go to active customers.
    let mut slots: Vec<usize> = (0..CUSTOMERS).collect();
    let by_activity = Weighted::new(&activity);
    while slots.len() < ORDERS {
        slots.push(by_activity.sample(&mut rng_cust));
    }
    rng_cust.shuffle(&mut slots);

    let first = days_from_civil(2025, 1, 1);
    let last = days_from_civil(2025, 12, 31);
    let day_w: Vec<f64> = (first..=last).map(day_weight).collect();
    let by_day = Weighted::new(&day_w);
    let mut dated: Vec<(i64, usize, usize)> = slots
        .iter()
        .enumerate()
        .map(|(i, c)| (first + by_day.sample(&mut rng_days) as i64, i, *c))
        .collect();
    dated.sort_unstable();

    let mut orders = Vec::with_capacity(ORDERS);
    for (day, _, customer) in dated {
        let Some(cust) = customers.get(customer) else {
            continue;
        };
        let mut cw = channel_w.clone();
        if weekday(day) >= 5 {
            cw[1] *= 1.5;
        }
        let channel = if rng_ord.chance(0.75) {
            cust.channel
        } else {
            rng_ord.weighted(&cw)
        };
        let lines = lines(&mut rng_ord, &products, &pick, day, channel);
        let status = status(&mut rng_ord, last - day, cust.country, channel);
        orders.push(Order {
            day,
            customer,
            channel,
            status,
            lines,
        });
    }

    vec![
        ("orders.csv".to_string(), orders_csv(&orders, &customers)),
        ("order_items.csv".to_string(), items_csv(&orders, &products)),
        ("inventory.csv".to_string(), catalog::to_csv(&products)),
    ]
}

fn orders_csv(orders: &[Order], customers: &[Customer]) -> Vec<u8> {
    let mut csv = Csv::new(&[
        "order_id",
        "customer_id",
        "order_date",
        "status",
        "channel",
        "country",
        "total_amount",
    ]);
    for (i, o) in orders.iter().enumerate() {
        let country = customers
            .get(o.customer)
            .map_or("US", |c| COUNTRIES[c.country].0);
        csv.row(&[
            Some((i + 1).to_string()),
            Some((o.customer + 1).to_string()),
            Some(fmt_date(o.day)),
            Some(o.status.to_string()),
            Some(CHANNELS[o.channel].0.to_string()),
            Some(country.to_string()),
            Some(cents(total_cents(&o.lines))),
        ]);
    }
    csv.into_bytes()
}

fn items_csv(orders: &[Order], products: &[Product]) -> Vec<u8> {
    let mut csv = Csv::new(&[
        "order_item_id",
        "order_id",
        "product_id",
        "quantity",
        "unit_price",
        "discount",
    ]);
    let mut id = 0;
    for (i, o) in orders.iter().enumerate() {
        for l in &o.lines {
            id += 1;
            let product_id = products.get(l.product).map_or(0, |p| p.id);
            csv.row(&[
                Some(id.to_string()),
                Some((i + 1).to_string()),
                Some(product_id.to_string()),
                Some(l.quantity.to_string()),
                Some(cents(l.unit_cents)),
                Some(cents(l.discount_pct)),
            ]);
        }
    }
    csv.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_rounds_exact_sum_half_up_once() {
        let l = |q, c, d| Line {
            product: 0,
            quantity: q,
            unit_cents: c,
            discount_pct: d,
        };
        // 3 * 19.99 * 0.95 = 56.9715 ; 1 * 4.49 * 0.85 = 3.8165 -> 60.788 -> 60.79
        assert_eq!(total_cents(&[l(3, 1999, 5), l(1, 449, 15)]), 6079);
        // 1 * 0.99 * 0.95 = 0.9405 -> 0.94 ; 1 * 0.10 * 0.95 = 0.095 -> 0.10 (half up)
        assert_eq!(total_cents(&[l(1, 99, 5)]), 94);
        assert_eq!(total_cents(&[l(1, 10, 5)]), 10);
    }
}
