//! The `support` dataset: 90 days (2025-07-01 to 2025-09-28) of customer
//! support tickets, seen as of 2025-09-29 00:00:00.
//!
//! Invariants: ticket ids follow `created_at`; `first_response_at >=
//! created_at` and `resolved_at >= first_response_at`; `first_response_at`
//! is NULL only for open tickets; `resolved_at` is set exactly when status
//! is resolved or closed; `agent` is NULL only for open tickets nobody has
//! answered; `satisfaction` (1-5) only on some resolved or closed tickets;
//! `sla_hours` follows priority (urgent 4, high 8, medium 24, low 72).
//! Breaches cluster in technical and feature-request tickets, the free
//! tier, and an outage on 2025-08-12.

use super::calendar::{days_from_civil, fmt_ts, weekday, DAY, HOUR};
use super::csv_out::Csv;
use super::names::AGENTS;
use super::rng::{Rng, Weighted};

const SEED: u64 = 0x5EED_5000_2025_0002;
const TICKETS: usize = 8_000;
const DAYS: i64 = 90;

/// Priorities: name, SLA hours, first-response factor, resolution factor.
const PRIORITIES: [(&str, i64, f64, f64); 4] = [
    ("low", 72, 1.6, 1.5),
    ("medium", 24, 1.0, 1.0),
    ("high", 8, 0.55, 0.5),
    ("urgent", 4, 0.3, 0.3),
];
/// Tiers: name, share, priority weights, channel weights (email, chat, phone, web),
/// response factor, resolution factor.
type Tier = (&'static str, f64, [f64; 4], [f64; 4], f64, f64);
const TIERS: [Tier; 3] = [
    (
        "free",
        52.0,
        [40.0, 42.0, 14.0, 4.0],
        [40.0, 30.0, 5.0, 25.0],
        1.25,
        1.15,
    ),
    (
        "pro",
        33.0,
        [28.0, 42.0, 22.0, 8.0],
        [35.0, 33.0, 12.0, 20.0],
        0.9,
        0.95,
    ),
    (
        "enterprise",
        15.0,
        [15.0, 35.0, 33.0, 17.0],
        [30.0, 25.0, 30.0, 15.0],
        0.6,
        0.75,
    ),
];
/// Channels: name, median first response in hours.
const CHANNELS: [(&str, f64); 4] = [
    ("email", 5.0),
    ("chat", 0.25),
    ("phone", 0.08),
    ("web", 7.0),
];
/// Categories: name, share, median hours from first response to resolution.
const CATEGORIES: [(&str, f64, f64); 5] = [
    ("billing", 22.0, 5.0),
    ("technical", 35.0, 15.0),
    ("account", 18.0, 7.0),
    ("shipping", 15.0, 12.0),
    ("feature_request", 10.0, 120.0),
];
/// Tickets by hour of day (UTC).
const HOURS: [f64; 24] = [
    2.0, 1.5, 1.2, 1.0, 1.0, 1.2, 2.0, 3.0, 4.5, 6.0, 7.0, 7.5, 7.5, 8.0, 8.0, 7.5, 7.0, 6.0, 5.0,
    4.5, 4.0, 3.5, 3.0, 2.5,
];

struct Ticket {
    created: i64,
    first_response: Option<i64>,
    resolved: Option<i64>,
    priority: usize,
    status: &'static str,
    channel: usize,
    category: usize,
    agent: Option<usize>,
    tier: usize,
    satisfaction: Option<i64>,
}

fn start() -> i64 {
    days_from_civil(2025, 7, 1) * DAY
}

/// Day weight and the incident (category, share of the day's tickets) on it.
fn day_profile(d: i64) -> (f64, Option<(usize, f64)>) {
    let day = days_from_civil(2025, 7, 1) + d;
    let mut w = if weekday(day) >= 5 { 0.42 } else { 1.0 };
    w *= 1.0 + 0.2 * d as f64 / DAYS as f64;
    let aug12 = days_from_civil(2025, 8, 12) - days_from_civil(2025, 7, 1);
    let sep2 = days_from_civil(2025, 9, 2) - days_from_civil(2025, 7, 1);
    if d == 3 {
        w *= 0.6; // US holiday
    }
    if d == aug12 {
        (w * 2.4, Some((1, 1.4 / 2.4)))
    } else if d == aug12 + 1 {
        (w * 1.5, Some((1, 0.5 / 1.5)))
    } else if d == sep2 {
        (w * 1.8, Some((0, 0.8 / 1.8)))
    } else {
        (w, None)
    }
}

fn pick_agent(rng: &mut Rng, day_index: i64) -> usize {
    let w: Vec<f64> = AGENTS
        .iter()
        .map(|a| if a.2 <= day_index { a.1 } else { 0.0 })
        .collect();
    rng.weighted(&w)
}

fn ticket(rng: &mut Rng, created: i64, incident: Option<usize>, now: i64) -> Ticket {
    let day_index = (created - start()).div_euclid(DAY);
    let tier = rng.weighted(&TIERS.map(|t| t.1));
    let (_, _, prio_w, chan_w, tier_resp, tier_res) = TIERS[tier];
    let mut category = rng.weighted(&CATEGORIES.map(|c| c.1));
    let mut priority = rng.weighted(&prio_w);
    if let Some(c) = incident {
        category = c;
        priority = rng.weighted(&[5.0, 25.0, 40.0, 30.0]);
    }
    let channel = rng.weighted(&chan_w);
    let (_, _, prio_resp, prio_res) = PRIORITIES[priority];

    // First response: slower by email and web, on weekends and for free users.
    let mut resp_h = rng.lognormal(CHANNELS[channel].1 * prio_resp * tier_resp, 0.9);
    let wd = weekday(created.div_euclid(DAY));
    if wd >= 5 && matches!(CHANNELS[channel].0, "email" | "web") {
        let monday_8am = (created.div_euclid(DAY) + (7 - wd)) * DAY + 8 * HOUR;
        resp_h += 0.5 * (monday_8am - created) as f64 / HOUR as f64;
    }
    let first_response = created + ((resp_h * HOUR as f64) as i64).max(30);

    let agent = pick_agent(rng, day_index);
    let (_, _, _, skill, speed) = AGENTS[agent];

    // Resolution: by category, faster for urgent work, enterprise and quick agents.
    let res_h = rng.lognormal(CATEGORIES[category].2 * prio_res * tier_res * speed, 1.0);
    let mut resolved = first_response + ((res_h * HOUR as f64) as i64).max(60);
    if incident == Some(1) {
        // The outage is fixed on 2025-08-13 06:00; its tickets close after that.
        let fix = days_from_civil(2025, 8, 13) * DAY + 6 * HOUR;
        let after_fix = fix + (rng.lognormal(2.0, 0.8) * HOUR as f64) as i64;
        resolved = resolved.max(after_fix);
    }

    let mut t = Ticket {
        created,
        first_response: Some(first_response),
        resolved: None,
        priority,
        status: "open",
        channel,
        category,
        agent: Some(agent),
        tier,
        satisfaction: None,
    };
    let recent = day_index >= 62;
    if first_response > now || (recent && rng.chance(0.012)) {
        // Nobody has answered yet; most of these are not assigned either.
        t.first_response = None;
        if rng.chance(0.6) {
            t.agent = None;
        }
        return t;
    }
    if rng.chance(0.02) {
        t.status = "pending"; // waiting on the customer
        return t;
    }
    if resolved > now {
        t.status = if rng.chance(0.35) { "pending" } else { "open" };
        return t;
    }
    t.resolved = Some(resolved);
    t.status = if resolved < now - 72 * HOUR && rng.chance(0.92) {
        "closed"
    } else {
        "resolved"
    };

    let sla = PRIORITIES[priority].1 * HOUR;
    let breached = resolved > created + sla;
    let mut rate_p = [0.38, 0.43, 0.50][tier];
    if breached {
        rate_p += 0.08;
    }
    if CHANNELS[channel].0 == "chat" {
        rate_p += 0.05;
    }
    if rng.chance(rate_p) {
        let mut mean = 4.25 + skill;
        if breached {
            mean -= 1.1;
        }
        if resolved - created > 72 * HOUR {
            mean -= 0.4;
        }
        if tier == 2 {
            mean -= 0.15;
        }
        let score = rng.normal(mean, 0.85).round().clamp(1.0, 5.0) as i64;
        t.satisfaction = Some(score);
    }
    t
}

/// The dataset's files: tickets.csv.
pub fn generate() -> Vec<(String, Vec<u8>)> {
    let mut root = Rng::new(SEED);
    let mut rng_time = root.fork(1);
    let mut rng_ticket = root.fork(2);
    let now = start() + DAYS * DAY;

    let profiles: Vec<(f64, Option<(usize, f64)>)> = (0..DAYS).map(day_profile).collect();
    let by_day = Weighted::new(&profiles.iter().map(|p| p.0).collect::<Vec<_>>());
    let by_hour = Weighted::new(&HOURS);
    let mut created: Vec<(i64, Option<usize>)> = (0..TICKETS)
        .map(|_| {
            let d = by_day.sample(&mut rng_time) as i64;
            let h = by_hour.sample(&mut rng_time) as i64;
            let s = rng_time.below(HOUR as u64) as i64;
            let incident = profiles
                .get(d as usize)
                .and_then(|p| p.1)
                .and_then(|(cat, share)| rng_time.chance(share).then_some(cat));
            (start() + d * DAY + h * HOUR + s, incident)
        })
        .collect();
    created.sort_unstable();

    let tickets: Vec<Ticket> = created
        .into_iter()
        .map(|(c, incident)| ticket(&mut rng_ticket, c, incident, now))
        .collect();
    vec![("tickets.csv".to_string(), tickets_csv(&tickets))]
}

fn tickets_csv(tickets: &[Ticket]) -> Vec<u8> {
    let mut csv = Csv::new(&[
        "ticket_id",
        "created_at",
        "first_response_at",
        "resolved_at",
        "priority",
        "status",
        "channel",
        "category",
        "agent",
        "customer_tier",
        "sla_hours",
        "satisfaction",
    ]);
    for (i, t) in tickets.iter().enumerate() {
        csv.row(&[
            Some((i + 1).to_string()),
            Some(fmt_ts(t.created)),
            t.first_response.map(fmt_ts),
            t.resolved.map(fmt_ts),
            Some(PRIORITIES[t.priority].0.to_string()),
            Some(t.status.to_string()),
            Some(CHANNELS[t.channel].0.to_string()),
            Some(CATEGORIES[t.category].0.to_string()),
            t.agent.map(|a| AGENTS[a].0.to_string()),
            Some(TIERS[t.tier].0.to_string()),
            Some(PRIORITIES[t.priority].1.to_string()),
            t.satisfaction.map(|s| s.to_string()),
        ]);
    }
    csv.into_bytes()
}
