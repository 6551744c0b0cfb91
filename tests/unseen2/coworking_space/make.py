"""Deterministic generator for the coworking_space test database."""
import csv, os, random, datetime as dt

random.seed(770431)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

def rdate(a, b):
    a = dt.date.fromisoformat(a) if isinstance(a, str) else a
    b = dt.date.fromisoformat(b) if isinstance(b, str) else b
    return a + dt.timedelta(days=random.randint(0, (b - a).days))

def add_months(d, m):
    y, mo = divmod(d.month - 1 + m, 12)
    return dt.date(d.year + y, mo + 1, min(d.day, 28))

# ---------------- locations ----------------
loc_defs = [
    ("The Foundry", "London", "United Kingdom", "2016-03-01", 2150, True, "Hannah Okoye"),
    ("Canal Works", "Manchester", "United Kingdom", "2018-09-15", 1480, True, "Ben Whitaker"),
    ("Harbour Loft", "Lisbon", "Portugal", "2019-05-06", 920, False, "Marta Sousa"),
    ("Kreuzberg Hub", "Berlin", "Germany", "2017-11-20", 1730, False, "Jonas Richter"),
    ("Spree Studios", "Berlin", "Germany", "2021-02-01", 1260, True, "Lena Vogt"),
    ("Grand Canal Quay", "Dublin", "Ireland", "2020-07-13", 1090, False, "Ciaran Byrne"),
    ("Jordaan House", "Amsterdam", "Netherlands", "2018-04-09", 1345, False, "Sanne de Vries"),
    ("Shoreditch Yard", "London", "United Kingdom", "2022-10-03", 1875, False, "Priya Raman"),
]
locations = [(i, *d) for i, d in enumerate(loc_defs, 1)]
write("locations", ["location_id", "location_name", "city", "country", "opened_dt",
                    "floor_area_sqm", "has_parking", "manager_name"], locations)

# ---------------- spaces ----------------
stypes = [("Hot Desk", "HD", 1, 1, 4.50, 7.00), ("Dedicated Desk", "DD", 1, 1, 6.00, 9.00),
          ("Meeting Room", "MR", 4, 14, 22.00, 68.00), ("Private Office", "PO", 2, 10, 18.00, 55.00),
          ("Phone Booth", "PB", 1, 1, 3.00, 5.00), ("Event Space", "EV", 30, 80, 90.00, 180.00)]
prefix = {1: "FDY", 2: "CNW", 3: "HBL", 4: "KRZ", 5: "SPR", 6: "GCQ", 7: "JRD", 8: "SHY"}
spaces = []
sid = 0
for loc in locations:
    counts = {"Hot Desk": 2, "Dedicated Desk": 2, "Meeting Room": random.choice([1, 2, 2]),
              "Private Office": random.choice([1, 2, 3]), "Phone Booth": random.choice([0, 1]),
              "Event Space": 1 if loc[0] in (1, 4, 7) else 0}
    floors = max(1, loc[5] // 600)
    for t in stypes:
        for k in range(counts[t[0]]):
            sid += 1
            cap = random.randint(t[2], t[3])
            rate = round(random.uniform(t[4], t[5]) * 4) / 4
            if t[0] in ("Meeting Room", "Private Office"):
                rate = round(rate + cap * 0.5, 2)
            code = "%s-%s%02d" % (prefix[loc[0]], t[1], k + 1)
            spaces.append([sid, loc[0], code, t[0], cap, "%.2f" % rate,
                           random.randint(0, floors), random.random() < 0.7])
write("spaces", ["space_id", "location_id", "space_code", "space_type", "capacity",
                 "hourly_rate", "floor_num", "is_accessible"], spaces)

# ---------------- plans ----------------
plans = [
    (1, "Flex Day Pass x10", 95.00, 0, "Business Hours", 1),
    (2, "Hot Desk Monthly", 189.00, 2, "Business Hours", 1),
    (3, "Hot Desk 24/7", 239.00, 4, "24/7", 3),
    (4, "Dedicated Desk", 349.00, 6, "24/7", 3),
    (5, "Private Office Solo", 690.00, 10, "24/7", 6),
    (6, "Team Suite", 1850.00, 25, "24/7", 12),
    (7, "Virtual Office", 49.00, 1, "Mail Only", 6),
    (8, "Night Owl", 129.00, 0, "Evenings", 1),
]
plans = [(p[0], p[1], "%.2f" % p[2], *p[3:]) for p in plans]
write("plans", ["plan_id", "plan_name", "monthly_fee", "meeting_hrs_incl", "access_level",
                "min_term_months"], plans)

# ---------------- members ----------------
fn = ["Aoife", "Bram", "Chiara", "Dmitri", "Elif", "Farah", "Gonçalo", "Hugo", "Ines", "Jasper",
      "Katja", "Luca", "Maeve", "Nikolai", "Oona", "Pedro", "Quentin", "Rosa", "Sven", "Tariq",
      "Ulla", "Viktor", "Wen", "Yasmin", "Zoe", "Amara", "Bastian", "Clara", "Declan", "Emma",
      "Felix", "Greta", "Hamza", "Isla", "Joao", "Kofi", "Lotte", "Mila", "Niall", "Olivia",
      "Rafael", "Sofia", "Theo", "Valentina", "Wouter", "Xavier", "Yuki", "Zainab"]
ln = ["Murphy", "Jansen", "Rossi", "Volkov", "Yilmaz", "Haddad", "Ferreira", "Laurent",
      "Costa", "de Boer", "Schmidt", "Bianchi", "O'Brien", "Petrov", "Lindqvist", "Alves",
      "Moreau", "Garcia", "Nilsson", "Rahman", "Kowalczyk", "Novak", "Chen", "Karimi", "Walsh",
      "Mensah", "Becker", "Visser", "Kelly", "Dubois", "Fischer", "Santos", "Nakamura", "Adeyemi",
      "Brennan", "Hoffmann", "Meyer", "Silva", "Okafor", "Pereira"]
companies = [("Brightloop Analytics", "Software"), ("Nordlicht Design", "Design"),
             ("Tidewater Legal", "Legal"), ("Copperfield Media", "Media"),
             ("Quayside Ventures", "Finance"), ("Saltbox Games", "Software"),
             ("Greenleaf Energy", "Energy"), ("Atlas Recruiting", "Recruitment"),
             ("Pixelforge Studio", "Design"), ("Helix Bio", "Biotech"),
             ("Lantern Translations", "Media"), ("Orbit Logistics", "Logistics")]
free_ind = ["Software", "Design", "Media", "Consulting", "Marketing", "Photography", "Writing"]
members = []
used = set()
for mid in range(1, 131):
    while True:
        a, b = random.choice(fn), random.choice(ln)
        if (a, b) not in used:
            used.add((a, b)); break
    if random.random() < 0.62:
        comp, ind = random.choice(companies)
    else:
        comp, ind = None, random.choice(free_ind)
    email_dom = (comp.split()[0].lower() + ".com") if comp else random.choice(["gmail.com", "proton.me", "outlook.com", "fastmail.com"])
    email = "%s.%s@%s" % (a.lower().replace("ç", "c"), b.lower().replace(" ", "").replace("'", ""), email_dom)
    home = random.choices([l[0] for l in locations], weights=[18, 12, 9, 14, 10, 9, 11, 8])[0]
    opened = dt.date.fromisoformat(locations[home - 1][4])
    joined = rdate(max(opened, dt.date(2019, 1, 1)), "2024-08-31")
    members.append([mid, a, b, email, comp, ind, home, joined.isoformat(), None])
# referrals: a member can only be referred by someone who joined earlier
by_join = sorted(members, key=lambda m: m[7])
for i, m in enumerate(by_join):
    if i > 5 and random.random() < 0.25:
        m[8] = random.choice(by_join[:i])[0]
write("members", ["member_id", "first_name", "last_name", "email", "company_name", "industry",
                  "home_location", "joined_dt", "referred_by"], members)

# ---------------- memberships ----------------
ms = []
msid = 1000
end_of_data = dt.date(2024, 10, 31)
for m in members:
    start = dt.date.fromisoformat(m[7])
    n = random.choices([1, 2], weights=[4, 1])[0]
    for k in range(n):
        plan = random.choices(plans, weights=[8, 14, 8, 10, 5, 3, 4, 3])[0]
        msid += 1
        last = (k == n - 1)
        if last:
            status = random.choices(["Active", "Cancelled", "Paused"], weights=[7, 2, 1])[0]
        else:
            status = "Expired"
        if status in ("Active", "Paused"):
            end = None
        else:
            end = add_months(start, plan[5] + random.randint(0, 14))
            if end > end_of_data:
                end = rdate(start + dt.timedelta(days=30), end_of_data)
        disc = random.choices([0, 5, 10, 15, 20], weights=[12, 3, 3, 1, 1])[0]
        ms.append([msid, m[0], plan[0], start.isoformat(), end.isoformat() if end else None,
                   status, disc])
        if end is None or end >= end_of_data - dt.timedelta(days=20):
            break
        start = end + dt.timedelta(days=random.randint(1, 40))
        if start > end_of_data:
            break
write("memberships", ["membership_id", "member_id", "plan_id", "start_dt", "end_dt", "status",
                      "discount_pct"], ms)

# ---------------- bookings ----------------
bookable = [s for s in spaces if s[3] in ("Meeting Room", "Private Office", "Event Space", "Phone Booth", "Hot Desk")]
bookings = []
for bid in range(1, 281):
    mem = random.choice(members)
    local = [s for s in bookable if s[1] == mem[6]]
    sp = random.choice(local) if random.random() < 0.8 and local else random.choice(bookable)
    d = rdate(max(dt.date.fromisoformat(mem[7]), dt.date(2024, 1, 2)), "2024-10-31")
    hr = random.randint(8, 17)
    dur = random.choice([0.5, 1, 1, 1.5, 2, 2, 3, 4]) if sp[3] != "Event Space" else random.choice([3, 4, 6, 8])
    dur = min(dur, 22 - hr)
    att = 1 if sp[4] == 1 else random.randint(max(1, sp[4] // 4), sp[4])
    status = random.choices(["Completed", "Cancelled", "No-show", "Confirmed"], weights=[14, 3, 1, 0])[0]
    if d > dt.date(2024, 10, 20):
        status = "Confirmed"
    total = round(float(sp[5]) * dur, 2) if status != "Cancelled" else 0
    bookings.append([bid, sp[0], mem[0], d.isoformat(), hr, dur, att, status, "%.2f" % total])
bookings.sort(key=lambda b: (b[3], b[4], b[0]))
for i, b in enumerate(bookings, 1):
    b[0] = 7000 + i
write("bookings", ["booking_id", "space_id", "booked_by", "booking_dt", "start_hr",
                   "duration_hrs", "attendee_cnt", "status", "total_amt"], bookings)

# ---------------- invoices ----------------
inv = []
iid = 0
for m in ms:
    if m[5] == "Expired" or random.random() < 0.35:
        continue
    plan = plans[m[2] - 1]
    start = dt.date.fromisoformat(m[3])
    months = random.randint(1, 3)
    for k in range(months):
        issue = add_months(dt.date(2024, 10, 1), -k)
        if issue < start:
            break
        amt = round(float(plan[2]) * (100 - m[6]) / 100, 2)
        if random.random() < 0.3:
            amt = round(amt + random.choice([12.5, 25.0, 44.0, 66.0, 90.0]), 2)
        due = issue + dt.timedelta(days=14)
        if k > 0:
            st = random.choices(["Paid", "Overdue", "Void"], weights=[12, 2, 1])[0]
        else:
            st = random.choices(["Paid", "Unpaid", "Overdue"], weights=[6, 4, 1])[0]
        paid = (issue + dt.timedelta(days=random.randint(0, 20))).isoformat() if st == "Paid" else None
        iid += 1
        inv.append([None, m[1], issue.isoformat(), due.isoformat(), "%.2f" % amt, st, paid])
inv.sort(key=lambda r: (r[2], r[1]))
for i, r in enumerate(inv, 1):
    r[0] = "INV-%05d" % (24000 + i)
write("invoices", ["invoice_no", "member_id", "issue_dt", "due_dt", "amt", "status", "paid_dt"], inv)
print("ok", len(locations), len(spaces), len(plans), len(members), len(ms), len(bookings), len(inv))
