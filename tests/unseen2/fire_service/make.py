"""Deterministic generator for the fire_service test database."""
import csv, os, random, datetime as dt

random.seed(20241102)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

def rdate(a, b):
    a = dt.date.fromisoformat(a); b = dt.date.fromisoformat(b)
    return a + dt.timedelta(days=random.randint(0, (b - a).days))

# ---------------- stations ----------------
station_defs = [
    ("Ashford Central", "Ashford", "Central", 1968, 4, "Wholetime"),
    ("Canterbury", "Canterbury", "East", 1974, 5, "Wholetime"),
    ("Dover Harbour", "Dover", "South", 1959, 3, "Day Crewed"),
    ("Folkestone", "Folkestone", "South", 1981, 3, "Wholetime"),
    ("Maidstone", "Maidstone", "Central", 1977, 6, "Wholetime"),
    ("Tonbridge", "Tonbridge", "West", 1965, 2, "On-call"),
    ("Sevenoaks", "Sevenoaks", "West", 1972, 2, "Day Crewed"),
    ("Margate", "Margate", "East", 1990, 3, "Wholetime"),
    ("Whitstable", "Whitstable", "North", 1962, 2, "On-call"),
    ("Faversham", "Faversham", "North", 1955, 1, "On-call"),
    ("Deal", "Deal", "East", 1984, 2, "On-call"),
    ("Sittingbourne", "Sittingbourne", "North", 2003, 4, "Day Crewed"),
]
stations = []
for i, (n, c, d, y, b, t) in enumerate(station_defs, 1):
    phone = "01%03d %06d" % (random.randint(200, 899), random.randint(100000, 999999))
    stations.append((i, n, c, d, y, b, t, phone))
write("stations", ["station_id", "station_name", "city", "district", "opened_yr",
                   "num_bays", "crewing_type", "phone"], stations)

# ---------------- firefighters ----------------
first = ["James", "Oliver", "Harry", "Jack", "George", "Noah", "Charlie", "Jacob", "Alfie",
         "Freddie", "Thomas", "William", "Emily", "Sophie", "Jessica", "Chloe", "Lucy",
         "Megan", "Hannah", "Amelia", "Daniel", "Ryan", "Liam", "Connor", "Callum", "Sam",
         "Aisha", "Priya", "Marek", "Tomasz", "Kwame", "Grace", "Ellie", "Mohammed", "Rhys",
         "Owen", "Nathan", "Kieran", "Zara", "Niamh", "Dylan", "Ethan", "Isaac", "Ruby"]
last = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies",
        "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green",
        "Hall", "Wood", "Jackson", "Clarke", "Patel", "Khan", "Hughes", "Edwards", "Turner",
        "Kowalski", "Mensah", "Fletcher", "Barker", "Harding", "Marsh", "Doyle", "Fraser",
        "Okafor", "Lambert", "Ashworth", "Pearce", "Holloway"]
ranks = [("Firefighter", 33000, 38000), ("Crew Manager", 39000, 42500),
         ("Watch Manager", 43000, 47500), ("Station Manager", 50000, 56500)]
watches = ["Red", "White", "Blue", "Green"]
firefighters = []
used = set()
fid = 100
for s in stations:
    sid = s[0]
    n = [11, 12, 7, 10, 13, 5, 8, 9, 6, 4, 5, 7][sid - 1]
    for k in range(n):
        while True:
            fn, ln = random.choice(first), random.choice(last)
            if (fn, ln) not in used:
                used.add((fn, ln)); break
        if k == 0:
            rank = ranks[3]
        elif k <= 2:
            rank = ranks[2] if k == 1 else ranks[1]
        else:
            rank = random.choices(ranks[:3], weights=[7, 2, 1])[0]
        dob = rdate("1966-01-01", "2001-12-31")
        earliest = dob.replace(year=dob.year + 19) if not (dob.month == 2 and dob.day == 29) else dt.date(dob.year + 19, 3, 1)
        hire = rdate(max(earliest, dt.date(1990, 1, 1)).isoformat(), "2024-03-31")
        sal = round(random.uniform(rank[1], rank[2]) / 10) * 10 + random.choice([0, 0.5, 0.25, 0.75])
        watch = None if s[6] == "On-call" else random.choice(watches)
        fid += 1
        firefighters.append([fid, fn, ln, rank[0], dob.isoformat(), hire.isoformat(), sid,
                             watch, "%.2f" % sal])
write("firefighters", ["firefighter_id", "first_name", "last_name", "rank", "dob",
                       "hire_dt", "station_id", "watch", "salary_amt"], firefighters)

# ---------------- appliances ----------------
atypes = [("Pump Ladder", 1800, 2000), ("Water Tender", 9000, 13500), ("Aerial Ladder Platform", 0, 0),
          ("Rescue Tender", 0, 500), ("Light Pump", 500, 1300)]
makes = ["Scania", "Volvo", "MAN", "Mercedes-Benz", "Dennis", "Iveco"]
appliances = []
aid = 0
for s in stations:
    nap = {"Wholetime": 3, "Day Crewed": 2, "On-call": 2}[s[6]]
    for k in range(nap):
        if k == 0:
            t = atypes[0]
        else:
            t = random.choice(atypes[1:])
        aid += 1
        cap = random.randrange(t[1], t[2] + 1, 50) if t[2] else None
        suffix = {"Pump Ladder": "P", "Water Tender": "W", "Aerial Ladder Platform": "A",
                  "Rescue Tender": "R", "Light Pump": "L"}[t[0]]
        call = "%02d%s%d" % (s[0] * 3 + 10, suffix, k + 1)
        status = random.choices(["In Service", "Maintenance", "Reserve"], weights=[8, 2, 1])[0]
        yr = random.randint(2006, 2023)
        svc = rdate("2023-06-01", "2024-10-31").isoformat()
        appliances.append([aid, call, t[0], random.choice(makes), yr, s[0], cap, status, svc])
write("appliances", ["appliance_id", "call_sign", "appliance_type", "make", "model_yr",
                     "home_station", "tank_capacity_l", "status", "last_service_dt"], appliances)

# ---------------- incidents ----------------
itypes = [("Building Fire", 12), ("Vehicle Fire", 9), ("Road Traffic Collision", 11),
          ("False Alarm", 18), ("Flooding", 5), ("Grass Fire", 8), ("Chemical Spill", 3),
          ("Animal Rescue", 4), ("Chimney Fire", 4)]
streets = ["High Street", "Station Road", "Church Lane", "London Road", "Victoria Road",
           "Mill Lane", "Park Avenue", "Queens Road", "The Parade", "Harbour Way",
           "Canterbury Road", "Marine Parade", "Orchard Close", "Kings Avenue", "Bridge Street",
           "Castle Hill", "Dover Road", "Ashford Road", "Maidstone Road", "Cherry Tree Walk"]
causes = {"Building Fire": ["Accidental", "Electrical", "Deliberate", "Cooking", None],
          "Vehicle Fire": ["Accidental", "Deliberate", "Electrical", None],
          "Road Traffic Collision": [None], "False Alarm": ["Faulty Alarm", "Good Intent", "Malicious"],
          "Flooding": ["Burst Pipe", "Heavy Rain"], "Grass Fire": ["Deliberate", "Accidental", "Unknown"],
          "Chemical Spill": ["Accidental", "Industrial"], "Animal Rescue": [None],
          "Chimney Fire": ["Accidental"]}
incidents = []
for iid in range(1, 201):
    t = random.choices([x[0] for x in itypes], weights=[x[1] for x in itypes])[0]
    s = random.choice(stations)
    city = s[2] if random.random() < 0.85 else random.choice(stations)[2]
    d = rdate("2023-01-01", "2024-09-30")
    if t == "False Alarm":
        sev, dmg, cas = "Low", None, 0
    elif t in ("Animal Rescue", "Flooding"):
        sev = random.choice(["Low", "Moderate"])
        dmg = None if t == "Animal Rescue" else round(random.uniform(800, 25000), 2)
        cas = 0
    else:
        sev = random.choices(["Low", "Moderate", "High", "Critical"], weights=[3, 4, 2, 1])[0]
        base = {"Low": 500, "Moderate": 4000, "High": 30000, "Critical": 120000}[sev]
        dmg = round(base * random.uniform(0.5, 3.5), 2)
        cas = random.choices([0, 1, 2, 3, 4], weights=[10, 4, 2, 1, 1])[0] if sev in ("High", "Critical") or t == "Road Traffic Collision" else random.choice([0, 0, 0, 1])
    addr = "%d %s" % (random.randint(1, 240), random.choice(streets))
    incidents.append([iid, d.isoformat(), t, addr, city, sev, cas,
                      None if dmg is None else "%.2f" % dmg, random.choice(causes[t])])
incidents.sort(key=lambda r: (r[1], r[0]))
for i, r in enumerate(incidents, 1):
    r[0] = 24000 + i
write("incidents", ["incident_id", "incident_dt", "incident_type", "address", "city",
                    "severity", "casualty_cnt", "est_damage_amt", "cause"], incidents)

# ---------------- incident_responses ----------------
by_city = {}
for a in appliances:
    by_city.setdefault(stations[a[5] - 1][2], []).append(a)
responses = []
rid = 5000
for inc in incidents:
    home = by_city[inc[4]]
    n = {"Low": 1, "Moderate": random.choice([1, 2]), "High": random.choice([2, 3]),
         "Critical": random.choice([3, 4])}[inc[5]]
    pool = [a for a in home if a[7] != "Maintenance"] or home
    others = [a for a in appliances if a not in pool and a[7] == "In Service"]
    chosen = random.sample(pool, min(n, len(pool)))
    if len(chosen) < n:
        chosen += random.sample(others, n - len(chosen))
    for k, a in enumerate(chosen):
        rid += 1
        mins = round(random.uniform(4.0, 9.5) if k == 0 else random.uniform(7.0, 24.0), 1)
        crew = 4 if a[2] == "Pump Ladder" else random.choice([2, 3, 4, 5])
        responses.append([rid, inc[0], a[0], "First Attendance" if k == 0 else "Support",
                          "%.1f" % mins, crew])
write("incident_responses", ["response_id", "incident_id", "appliance_id", "role",
                             "response_mins", "crew_qty"], responses)

# ---------------- certifications ----------------
certs = [
    (1, "Breathing Apparatus", "Operational", "Fire Service College", 2),
    (2, "Emergency Response Driving", "Driving", "Skills for Justice", 5),
    (3, "Swift Water Rescue", "Operational", "Rescue 3 Europe", 3),
    (4, "Rope Rescue Technician", "Operational", "Rescue 3 Europe", 3),
    (5, "Hazardous Materials Operations", "Operational", "Fire Service College", 3),
    (6, "Immediate Emergency Care", "Medical", "FPOS Institute", 3),
    (7, "Aerial Ladder Operator", "Driving", "Skills for Justice", 4),
    (8, "Incident Command Level 1", "Command", "Skills for Justice", 4),
    (9, "Incident Command Level 2", "Command", "Skills for Justice", 4),
    (10, "Fire Investigation", "Specialist", "Institution of Fire Engineers", 5),
    (11, "Large Animal Rescue", "Specialist", "BARTA", 3),
]
write("certifications", ["cert_id", "cert_name", "category", "issuing_body", "validity_yrs"], certs)

# ---------------- firefighter_certifications ----------------
fc = []
for f in firefighters:
    hire = dt.date.fromisoformat(f[5])
    pool = [1] + ([6] if random.random() < 0.55 else []) + ([8] if f[3] in ("Crew Manager", "Watch Manager") else []) + \
           ([8, 9] if f[3] == "Station Manager" else [])
    extra = random.sample([2, 3, 4, 5, 7, 10, 11], random.choice([0, 0, 1, 1, 1, 2]))
    for c in sorted(set(pool + extra)):
        if c == 1 and random.random() < 0.08:
            continue
        start = max(hire, dt.date(2016, 1, 1))
        aw = rdate(start.isoformat(), "2024-10-15")
        vy = certs[c - 1][4]
        exp = aw.replace(year=aw.year + vy) if not (aw.month == 2 and aw.day == 29) else dt.date(aw.year + vy, 3, 1)
        score = None if c in (6, 11) else random.randint(58, 100)
        fc.append([f[0], c, aw.isoformat(), exp.isoformat(), score])
write("firefighter_certifications", ["firefighter_id", "cert_id", "awarded_dt", "expiry_dt",
                                     "score"], fc)
print("ok", len(stations), len(firefighters), len(appliances), len(incidents), len(responses), len(certs), len(fc))
