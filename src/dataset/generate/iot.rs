//! The `iot` dataset: June 2025 readings from 40 environmental sensors
//! (S001-S040, eight per site) at five sites.
//!
//! Invariants: timestamps are UTC and fall in June 2025; most sensors report
//! every 30 minutes, six every hour, each a few seconds to minutes past the
//! slot; reading ids follow `(ts, sensor_id)`. Site climates follow local
//! time (Singapore hot and humid, Oslo cool, Denver dry with wide daily
//! swings); CO2 rises in working hours on local weekdays. Anomalies are
//! deliberate: temperature spikes and -40.00 sentinel reads, humidity
//! glitches (0 or 100), CO2 bursts, stuck sensors repeating one reading,
//! dropouts and multi-day outages, and battery decay that leaves a few
//! sensors below 3.3 V (sensors stop reporting under 3.10 V). Status is
//! `fault` or `warning` mostly on those anomalies and on low batteries.

use super::calendar::{days_from_civil, fmt_ts, weekday, DAY, HOUR};
use super::csv_out::{fixed, Csv};
use super::dmath;
use super::rng::Rng;

const SEED: u64 = 0x5EED_1010_2025_0003;
const SENSORS: usize = 40;
const DAYS: i64 = 30;
const SLOT: i64 = 1_800;

/// Site climate in June: name, UTC offset (hours), mean temperature,
/// daily amplitude, warming over the month, humidity, humidity drop per
/// degree above normal, weather variability, chance of a rainy day.
type Site = (&'static str, i64, f64, f64, f64, f64, f64, f64, f64);
const SITES: [Site; 5] = [
    ("Oslo", 2, 14.0, 4.5, 2.5, 70.0, 2.0, 1.6, 0.30),
    ("Lisbon", 1, 21.0, 5.0, 2.0, 63.0, 2.0, 1.2, 0.05),
    ("Denver", -6, 20.0, 8.0, 3.0, 36.0, 1.2, 2.0, 0.15),
    ("Singapore", 8, 28.0, 2.5, 0.0, 82.0, 1.8, 0.6, 0.50),
    ("Nairobi", 3, 17.5, 5.5, -1.0, 66.0, 2.2, 0.9, 0.10),
];

struct Sensor {
    site: usize,
    every: i64,
    temp_offset: f64,
    hum_offset: f64,
    co2_base: f64,
    co2_occupancy: f64,
    battery_start: f64,
    decay_per_day: f64,
    /// Day of the month the battery was replaced, if it was.
    swap_day: Option<f64>,
    /// Time ranges with no readings.
    outages: Vec<(i64, i64)>,
    /// Time range in which the sensor repeats one reading.
    stuck: Option<(i64, i64)>,
}

struct Reading {
    ts: i64,
    sensor: usize,
    temp: f64,
    hum: f64,
    co2: f64,
    battery: f64,
    status: &'static str,
}

/// Per-site daily weather anomaly (AR(1)), plus a Lisbon heat wave on June 20-24.
fn weather(rng: &mut Rng) -> Vec<Vec<(f64, bool)>> {
    SITES
        .iter()
        .map(|s| {
            let mut a = 0.0;
            (0..=DAYS)
                .map(|d| {
                    a = 0.7 * a + rng.normal(0.0, s.7);
                    let heat = if s.0 == "Lisbon" && (19..=23).contains(&d) {
                        4.5
                    } else {
                        0.0
                    };
                    (a + heat, rng.chance(s.8))
                })
                .collect()
        })
        .collect()
}

fn sensors(rng: &mut Rng, start: i64) -> Vec<Sensor> {
    let mut idx: Vec<usize> = (0..SENSORS).collect();
    rng.shuffle(&mut idx);
    // Roles by shuffled position: hourly reporters, fast battery drain,
    // a battery swap, long outages, stuck episodes.
    let role = |i: usize| idx.iter().position(|x| *x == i).unwrap_or(0);
    (0..SENSORS)
        .map(|i| {
            let r = role(i);
            let fast = (6..10).contains(&r);
            let mut outages = Vec::new();
            if (11..13).contains(&r) {
                let from = start + rng.int(3, 24) * DAY + rng.int(0, 23) * HOUR;
                outages.push((from, from + rng.int(48, 96) * HOUR));
            }
            if rng.chance(0.3) {
                let from = start + rng.int(0, DAYS * 24 - 1) * HOUR;
                let len = (rng.lognormal(8.0, 0.8).clamp(2.0, 60.0) * HOUR as f64) as i64;
                outages.push((from, from + len));
            }
            let stuck = (13..17).contains(&r).then(|| {
                let from = start + rng.int(2, 26) * DAY + rng.int(0, 23) * HOUR;
                (from, from + rng.int(10, 40) * HOUR)
            });
            Sensor {
                site: i / 8,
                every: if r < 6 { 2 * SLOT } else { SLOT },
                temp_offset: rng.normal(0.0, 0.8),
                hum_offset: rng.normal(0.0, 3.0),
                co2_base: 415.0 + rng.uniform(0.0, 25.0),
                co2_occupancy: rng.uniform(80.0, 450.0),
                battery_start: if fast {
                    rng.uniform(3.82, 3.95)
                } else {
                    rng.uniform(3.75, 4.15)
                },
                decay_per_day: match (fast, r) {
                    (true, 6) => rng.uniform(0.031, 0.034), // dies before the month ends
                    (true, _) => rng.uniform(0.020, 0.030),
                    _ => rng.uniform(0.003, 0.011),
                },
                swap_day: (r == 10).then(|| rng.uniform(12.0, 18.0)),
                outages,
                stuck,
            }
        })
        .collect()
}

fn interp(series: &[(f64, bool)], t_days: f64) -> f64 {
    let i = t_days.floor().max(0.0) as usize;
    let f = t_days - i as f64;
    let a = series.get(i).map_or(0.0, |x| x.0);
    let b = series.get(i + 1).map_or(a, |x| x.0);
    a + (b - a) * f
}

/// The dataset's files: sensors.csv.
pub fn generate() -> Vec<(String, Vec<u8>)> {
    let mut root = Rng::new(SEED);
    let mut rng_weather = root.fork(1);
    let mut rng_sensors = root.fork(2);
    let mut rng_read = root.fork(3);
    let start = days_from_civil(2025, 6, 1) * DAY;
    let weather = weather(&mut rng_weather);
    let sensors = sensors(&mut rng_sensors, start);

    let mut readings = Vec::new();
    for (si, s) in sensors.iter().enumerate() {
        let site = SITES[s.site];
        let mut last: Option<(f64, f64, f64)> = None;
        let mut slot = start;
        while slot < start + DAYS * DAY {
            let ts = slot + rng_read.int(3, 150);
            slot += s.every;
            let dropped = rng_read.chance(0.02);
            if dropped || s.outages.iter().any(|(a, b)| (*a..*b).contains(&ts)) {
                continue;
            }
            let t_days = (ts - start) as f64 / DAY as f64;
            let local = ts + site.1 * HOUR;
            let local_hour = local.rem_euclid(DAY) as f64 / HOUR as f64;
            let local_day = local.div_euclid(DAY);
            let wx = &weather[s.site];
            let rainy =
                wx.get(t_days as usize).is_some_and(|w| w.1) && (14.0..19.0).contains(&local_hour);

            let diurnal =
                site.3 * dmath::sin(2.0 * std::f64::consts::PI * (local_hour - 9.0) / 24.0);
            let anomaly = interp(wx, t_days) - if rainy { 2.0 } else { 0.0 };
            let trend = site.4 * (t_days / DAYS as f64 - 0.5);
            let mut temp =
                site.2 + trend + diurnal + anomaly + s.temp_offset + rng_read.normal(0.0, 0.3);
            let mut hum = site.5 + s.hum_offset - site.6 * (diurnal + anomaly)
                + if rainy { 10.0 } else { 0.0 }
                + rng_read.normal(0.0, 2.0);
            hum = hum.clamp(8.0, 99.5);
            let office = weekday(local_day) < 5 && (8.0..18.0).contains(&local_hour);
            let occupancy = if office {
                s.co2_occupancy * dmath::sin(std::f64::consts::PI * (local_hour - 8.0) / 10.0)
            } else {
                0.0
            };
            let mut co2 = s.co2_base + occupancy + rng_read.normal(0.0, 8.0);

            let days_on = match s.swap_day {
                Some(sw) if t_days >= sw => t_days - sw,
                _ => t_days,
            };
            let v0 = if s.swap_day.is_some_and(|sw| t_days >= sw) {
                4.15
            } else {
                s.battery_start
            };
            let battery = v0 - s.decay_per_day * days_on - 0.004 * (15.0 - temp).max(0.0)
                + rng_read.normal(0.0, 0.004);
            if battery < 3.10 {
                break; // brown-out: the sensor goes silent for good
            }

            let mut status = "ok";
            let mut raise = |level: &'static str| {
                if level == "fault" || status == "ok" {
                    status = level;
                }
            };
            if let Some((a, _)) = s.stuck.filter(|(a, b)| (*a..*b).contains(&ts)) {
                if let Some((lt, lh, lc)) = last {
                    temp = lt;
                    hum = lh;
                    co2 = lc;
                }
                raise(if ts - a > 6 * HOUR {
                    "fault"
                } else {
                    "warning"
                });
            } else {
                last = Some((temp, hum, co2));
                if rng_read.chance(0.0012) {
                    temp = if rng_read.chance(0.8) {
                        temp + rng_read.uniform(14.0, 28.0)
                    } else {
                        -40.0
                    };
                    raise(if rng_read.chance(0.85) {
                        "fault"
                    } else {
                        "warning"
                    });
                }
                if rng_read.chance(0.0006) {
                    hum = if rng_read.chance(0.5) { 0.0 } else { 100.0 };
                    raise("fault");
                }
                if rng_read.chance(0.002) {
                    co2 += rng_read.uniform(900.0, 2200.0);
                    raise("warning");
                }
            }
            if battery < 3.25 {
                raise("fault");
            } else if battery < 3.40 {
                raise("warning");
            }
            if rng_read.chance(0.0008) {
                raise("fault");
            } else if rng_read.chance(0.004) {
                raise("warning");
            }
            readings.push(Reading {
                ts,
                sensor: si,
                temp,
                hum,
                co2,
                battery,
                status,
            });
        }
    }
    readings.sort_by_key(|r| (r.ts, r.sensor));
    vec![("sensors.csv".to_string(), sensors_csv(&readings, &sensors))]
}

fn sensors_csv(readings: &[Reading], sensors: &[Sensor]) -> Vec<u8> {
    let mut csv = Csv::new(&[
        "reading_id",
        "sensor_id",
        "site",
        "ts",
        "temperature_c",
        "humidity_pct",
        "co2_ppm",
        "battery_v",
        "status",
    ]);
    for (i, r) in readings.iter().enumerate() {
        let site = sensors.get(r.sensor).map_or("", |s| SITES[s.site].0);
        csv.row(&[
            Some((i + 1).to_string()),
            Some(format!("S{:03}", r.sensor + 1)),
            Some(site.to_string()),
            Some(fmt_ts(r.ts)),
            Some(fixed(r.temp, 2)),
            Some(fixed(r.hum, 1)),
            Some(fixed(r.co2, 1)),
            Some(fixed(r.battery, 3)),
            Some(r.status.to_string()),
        ]);
    }
    csv.into_bytes()
}
