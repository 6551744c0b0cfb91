//! The ecommerce product catalog: 500 products with names, categories,
//! suppliers, prices, Zipf-like popularity and stock levels, written as
//! `inventory.csv`.
//!
//! Invariants: product ids are 1..=500 and names are unique; prices are
//! whole cents ending in .99 (or .49 under $10); unit cost is below 80% of
//! list price, so even a 20% discount leaves a positive margin; about one
//! product in ten is below its reorder level, a few of them out of stock.

use std::collections::BTreeSet;

use super::csv_out::{cents, Csv};
use super::dmath;
use super::names::{BRANDS, CATEGORIES, CATEGORY_SIZES, PRODUCT_KINDS, SUPPLIERS};
use super::rng::Rng;

/// Warehouses and how many products each one stocks (relative).
const WAREHOUSES: [(&str, f64); 4] = [
    ("North", 30.0),
    ("South", 25.0),
    ("East", 25.0),
    ("West", 20.0),
];

/// Cost as a share of list price, per category (low, high).
const COST_RATIO: [(f64, f64); 8] = [
    (0.45, 0.68),
    (0.35, 0.55),
    (0.38, 0.58),
    (0.35, 0.55),
    (0.40, 0.60),
    (0.50, 0.68),
    (0.22, 0.42),
    (0.55, 0.75),
];

/// One product.
#[derive(Debug, Clone)]
pub struct Product {
    pub id: i64,
    pub name: String,
    pub category: usize,
    pub supplier: &'static str,
    pub cost_cents: i64,
    /// Current list price (from 2025-07-01).
    pub list_cents: i64,
    /// List price before 2025-07-01 (differs for products that were repriced).
    pub h1_list_cents: i64,
    /// Relative chance of being picked for an order line.
    pub popularity: f64,
    pub stock: i64,
    pub reorder: i64,
    pub warehouse: &'static str,
}

/// A retail-looking price in cents for a dollar amount: 23.4 -> 2399.
fn retail_cents(dollars: f64) -> i64 {
    let whole = dollars.floor() as i64;
    if dollars < 10.0 && dollars - whole as f64 >= 0.5 {
        whole * 100 + 99
    } else if dollars < 10.0 {
        (whole * 100 + 49).max(99)
    } else {
        whole * 100 + 99
    }
}

/// Builds the catalog; `expected_units` is roughly how many units the order
/// generator will sell in total, used to size reorder levels.
pub fn build(rng: &mut Rng, expected_units: f64) -> Vec<Product> {
    let mut cats: Vec<usize> = CATEGORY_SIZES
        .iter()
        .enumerate()
        .flat_map(|(c, n)| std::iter::repeat_n(c, *n))
        .collect();
    rng.shuffle(&mut cats);

    // Zipf-like popularity: a random rank per product, weight 1 / (rank + 4)^1.05.
    let mut ranks: Vec<usize> = (0..cats.len()).collect();
    rng.shuffle(&mut ranks);
    let weights: Vec<f64> = ranks
        .iter()
        .map(|r| 1.0 / dmath::pow(*r as f64 + 4.0, 1.05))
        .collect();
    let total_weight: f64 = weights.iter().sum();

    let mut used = BTreeSet::new();
    let mut products = Vec::with_capacity(cats.len());
    for (i, &cat) in cats.iter().enumerate() {
        let kinds = PRODUCT_KINDS[cat];
        let mut pick = None;
        for _ in 0..200 {
            let kind = kinds[rng.below(kinds.len() as u64) as usize];
            let brand = BRANDS[rng.below(BRANDS.len() as u64) as usize];
            let name = format!("{brand} {}", kind.0);
            if !used.contains(&name) {
                pick = Some((name, kind));
                break;
            }
        }
        // Practically never reached: fall back to the first unused pair.
        let fallback = || {
            kinds
                .iter()
                .flat_map(|k| BRANDS.iter().map(move |b| (format!("{b} {}", k.0), *k)))
                .find(|(n, _)| !used.contains(n))
        };
        let Some((name, kind)) = pick.or_else(fallback) else {
            continue;
        };
        used.insert(name.clone());

        // Log-uniform price within the kind's range.
        let (lo, hi) = (kind.1, kind.2);
        let dollars = dmath::exp(rng.uniform(dmath::ln(lo), dmath::ln(hi)));
        let list_cents = retail_cents(dollars);
        let h1_list_cents = if rng.chance(0.2) {
            retail_cents(dollars * rng.uniform(0.9, 1.1))
        } else {
            list_cents
        };
        let (clo, chi) = COST_RATIO[cat];
        let cost_cents = ((list_cents as f64) * rng.uniform(clo, chi)).round() as i64;

        let suppliers = SUPPLIERS[cat];
        let supplier = suppliers[rng.below(suppliers.len() as u64) as usize];
        let wh: Vec<f64> = WAREHOUSES.iter().map(|w| w.1).collect();
        let warehouse = WAREHOUSES[rng.weighted(&wh)].0;

        // Reorder level ~ three weeks of expected demand, at least 5.
        let yearly = expected_units * weights[i] / total_weight;
        let reorder = ((yearly * 21.0 / 365.0) * rng.uniform(0.8, 1.3))
            .round()
            .max(5.0) as i64;
        let stock = if rng.chance(0.02) {
            0
        } else if rng.chance(0.09) {
            rng.int(1, reorder - 1)
        } else {
            rng.int(reorder, reorder * 6 + 20)
        };

        products.push(Product {
            id: i as i64 + 1,
            name,
            category: cat,
            supplier,
            cost_cents,
            list_cents,
            h1_list_cents,
            popularity: weights[i],
            stock,
            reorder,
            warehouse,
        });
    }
    products
}

/// `inventory.csv`.
pub fn to_csv(products: &[Product]) -> Vec<u8> {
    let mut csv = Csv::new(&[
        "product_id",
        "product_name",
        "category",
        "supplier",
        "unit_cost",
        "list_price",
        "stock_on_hand",
        "reorder_level",
        "warehouse",
    ]);
    for p in products {
        csv.row(&[
            Some(p.id.to_string()),
            Some(p.name.clone()),
            Some(CATEGORIES[p.category].to_string()),
            Some(p.supplier.to_string()),
            Some(cents(p.cost_cents)),
            Some(cents(p.list_cents)),
            Some(p.stock.to_string()),
            Some(p.reorder.to_string()),
            Some(p.warehouse.to_string()),
        ]);
    }
    csv.into_bytes()
}
