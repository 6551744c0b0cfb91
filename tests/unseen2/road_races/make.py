"""Deterministic generator for the road_races test database."""
import csv, os, random, datetime as dt

random.seed(20240517)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

# ---------------- clubs ----------------
clubs = [
    (1, "Mersey Valley Harriers", "Warrington", "North West", 1978, 214),
    (2, "Riverside Striders", "London", "London", 1992, 386),
    (3, "Pennine Fell Runners", "Halifax", "Yorkshire", 1984, 157),
    (4, "Clyde Road Runners", "Glasgow", "Scotland", 1969, 298),
    (5, "Severn Valley AC", "Worcester", "Midlands", 1955, 173),
    (6, "Cardiff Bay Joggers", "Cardiff", "Wales", 2008, 121),
    (7, "Dartmoor Trail Club", "Exeter", "South West", 2001, 88),
    (8, "Brighton Seafront Runners", "Brighton", "South East", 1997, 243),
    (9, "Leeds Northside AC", "Leeds", "Yorkshire", 1963, 192),
    (10, "Edinburgh Castle Harriers", "Edinburgh", "Scotland", 1981, 265),
    (11, "Bristol Harbour Runners", "Bristol", "South West", 2012, 139),
    (12, "Oxford Meadow Striders", "Oxford", "South East", 1989, 104),
]
write("clubs", ["club_id", "club_name", "city", "region", "founded_yr", "member_cnt"], clubs)

# ---------------- age categories ----------------
age_categories = [
    ("U20", "Under 20", 16, 19),
    ("SEN", "Senior", 20, 34),
    ("V35", "Veteran 35-39", 35, 39),
    ("V40", "Veteran 40-44", 40, 44),
    ("V45", "Veteran 45-49", 45, 49),
    ("V50", "Veteran 50-54", 50, 54),
    ("V55", "Veteran 55-59", 55, 59),
    ("V60", "Veteran 60-64", 60, 64),
    ("V65", "Veteran 65 and over", 65, 99),
]
write("age_categories", ["category_code", "category_desc", "min_age", "max_age"], age_categories)

def category_for(age):
    for code, _, lo, hi in age_categories:
        if lo <= age <= hi:
            return code
    raise ValueError(age)

# ---------------- runners ----------------
male = ["James", "Oliver", "Harry", "George", "Callum", "Rhys", "Tomasz", "Declan", "Samuel", "Arjun",
        "Liam", "Ewan", "Patrick", "Marcus", "Owen", "Kieran", "Daniel", "Fraser", "Matteo", "Hamish",
        "Nathan", "Joseph", "Ravi", "Stuart", "Gareth", "Connor", "Ibrahim", "Peter", "Alistair", "Ben"]
female = ["Emily", "Sophie", "Chloe", "Hannah", "Megan", "Aisha", "Fiona", "Catriona", "Lucy", "Priya",
          "Grace", "Niamh", "Rebecca", "Ellie", "Zara", "Joanna", "Kirsty", "Amelia", "Rachel", "Bethan",
          "Sarah", "Imogen", "Helen", "Mei", "Lauren", "Alice", "Freya", "Nadia", "Claire", "Holly"]
last = ["Thompson", "Walsh", "McAllister", "Patel", "Hughes", "O'Connor", "Fletcher", "Bennett", "Kowalski",
        "Davies", "Robertson", "Sinclair", "Khan", "Murray", "Lloyd", "Ashworth", "Fraser", "Moretti",
        "Chapman", "Evans", "Gallagher", "Henderson", "Iqbal", "Jenkins", "Kerr", "Lawson", "Morgan",
        "Nolan", "Osei", "Pritchard", "Quinn", "Reid", "Shaw", "Turner", "Underwood", "Vaughan", "Whitaker",
        "Young", "Barker", "Campbell", "Doyle", "Ellis", "Foster", "Grant", "Holloway", "Ingram", "Jones",
        "Lam", "Mackenzie", "Nowak", "Price", "Rahman", "Stewart", "Tran", "Wilkinson"]
club_cities = {c[0]: c[2] for c in clubs}
other_cities = ["Manchester", "Sheffield", "Swansea", "Aberdeen", "Reading", "Nottingham", "Plymouth",
                "Dundee", "York", "Bath", "Norwich", "Chester"]
runners = []
used_names = set()
for rid in range(1, 97):
    while True:
        g = random.choice("MF")
        fn = random.choice(male if g == "M" else female)
        ln = random.choice(last)
        if (fn, ln) not in used_names:
            used_names.add((fn, ln))
            break
    # ages 17..72 at start of 2024
    birth_year = random.choices(range(1952, 2007), weights=[1 if y < 1965 else 3 if y < 1975 else 4 if y < 1998 else 2 for y in range(1952, 2007)])[0]
    dob = dt.date(birth_year, random.randint(1, 12), random.randint(1, 28))
    club = random.choice(range(1, 13)) if random.random() < 0.82 else None
    if club and random.random() < 0.8:
        city = club_cities[club]
    else:
        city = random.choice(other_cities + list(club_cities.values()))
    reg = dt.date(2016, 1, 1) + dt.timedelta(days=random.randint(0, 2900))
    runners.append([rid, fn, ln, g, dob.isoformat(), club, city, reg.isoformat()])
write("runners", ["runner_id", "first_name", "last_name", "gender", "dob", "home_club", "city", "registered_dt"], runners)

# ---------------- races ----------------
races = [
    # id, name, city, date, km, type, fee, capacity, organised_by
    (1, "Warrington Canal 10K", "Warrington", "2023-03-19", 10.0, "road", 18.50, 600, 1),
    (2, "Thames Riverside Half Marathon", "London", "2023-04-16", 21.1, "road", 42.00, 3000, 2),
    (3, "Calder Valley Fell Race", "Halifax", "2023-05-13", 14.5, "trail", 12.00, 250, 3),
    (4, "Glasgow Green 5K", "Glasgow", "2023-06-04", 5.0, "road", 9.00, 400, 4),
    (5, "Malvern Hills Trail Challenge", "Malvern", "2023-07-09", 21.0, "trail", 35.00, 350, 5),
    (6, "Cardiff Bay Night Run", "Cardiff", "2023-08-26", 8.0, "road", 22.00, 800, None),
    (7, "Dartmoor Tors Ultra", "Princetown", "2023-09-16", 50.0, "trail", 75.00, 150, 7),
    (8, "Brighton Seafront 10 Mile", "Brighton", "2023-10-08", 16.1, "road", 29.50, 1200, 8),
    (9, "Roundhay Park Cross Country", "Leeds", "2023-11-25", 8.5, "cross country", 7.50, 300, 9),
    (10, "Edinburgh Winter Marathon", "Edinburgh", "2024-01-28", 42.2, "road", 65.00, 2500, None),
    (11, "Avon Gorge Half", "Bristol", "2024-03-03", 21.1, "road", 38.00, 1500, None),
    (12, "Port Meadow Parkland 10K", "Oxford", "2024-04-14", 10.0, "road", 20.00, 500, 12),
    (13, "Manchester City Centre 10K", "Manchester", "2024-05-19", 10.0, "road", 32.00, 4000, None),
    (14, "Pentland Skyline Trail", "Edinburgh", "2024-06-22", 26.0, "trail", 45.00, 200, 10),
    (15, "Mersey Estuary Marathon", "Liverpool", "2024-09-29", 42.2, "road", 58.00, 2000, 1),
    (16, "Yorkshire Dales Cross Country", "Skipton", "2024-11-30", 9.0, "cross country", 8.00, 280, None),
]
write("races", ["race_id", "race_name", "city", "race_dt", "distance_km", "race_type", "entry_fee_amt", "max_entrants", "organised_by"],
      [r[:6] + (f"{r[6]:.2f}",) + r[7:] for r in races])

# ---------------- sponsors ----------------
sponsors = [
    (1, "Stridewell Sportswear", "Sportswear", "Manchester"),
    (2, "PeakFuel Nutrition", "Nutrition", "Leeds"),
    (3, "Northern Mutual Building Society", "Finance", "Newcastle"),
    (4, "Voltra Energy Drinks", "Beverages", "London"),
    (5, "Harbour Physio Clinics", "Healthcare", "Bristol"),
    (6, "Caledonian Water", "Beverages", "Perth"),
    (7, "Ridgeback Outdoor Gear", "Sportswear", "Kendal"),
    (8, "Albion Motors", "Automotive", "Brighton"),
    (9, "Greystone Insurance", "Finance", "Edinburgh"),
    (10, "Trailhead Coffee Roasters", "Food and Drink", "Exeter"),
    (11, "Kinetic Timing Systems", "Technology", "Cardiff"),
]
write("sponsors", ["sponsor_id", "sponsor_name", "industry", "hq_city"], sponsors)

race_sponsors = []
tiers = [("Gold", (4000, 12000)), ("Silver", (1500, 4000)), ("Bronze", (300, 1500))]
for race in races:
    rid = race[0]
    k = random.choice([1, 2, 2, 3, 3])
    chosen = random.sample(range(1, 12), k)
    # sponsor 10 never sponsors anything; keep one sponsor unused
    chosen = [s if s != 10 else 5 for s in chosen]
    chosen = list(dict.fromkeys(chosen))
    for i, sid in enumerate(chosen):
        tier, (lo, hi) = tiers[min(i, 2)]
        scale = 1.6 if race[4] >= 40 else 1.0
        amt = round(random.randint(lo, hi) * scale / 50) * 50
        race_sponsors.append((rid, sid, tier, f"{amt:.2f}"))
write("race_sponsors", ["race_id", "sponsor_id", "sponsor_tier", "contribution_amt"], race_sponsors)

# ---------------- race results ----------------
pace = {r[0]: random.uniform(215, 430) for r in runners}  # seconds per km on a 10K road
for r in runners:
    birth = int(r[4][:4])
    age = 2024 - birth
    if r[3] == "F":
        pace[r[0]] *= 1.07
    if age > 50:
        pace[r[0]] *= 1 + (age - 50) * 0.008

results = []
entry_id = 1000
used_times = set()
for race in races:
    race_id, _, _, rdate, km, rtype, *_ = race
    n = random.randint(13, 22)
    entrants = random.sample(runners, n)
    rd = dt.date.fromisoformat(rdate)
    finishers = []
    for bib_i, r in enumerate(sorted(entrants, key=lambda x: x[0])):
        entry_id += 1
        dob = dt.date.fromisoformat(r[4])
        age = rd.year - dob.year - ((rd.month, rd.day) < (dob.month, dob.day))
        if age < 16:
            age = 16
        cat = category_for(age)
        u = random.random()
        status = "Finished" if u < 0.87 else ("DNF" if u < 0.94 else "DNS")
        fatigue = 1 + max(0, km - 10) * 0.006
        terrain = {"road": 1.0, "trail": 1.28, "cross country": 1.12}[rtype]
        secs = None
        if status == "Finished":
            while True:
                secs = int(round(pace[r[0]] * km * fatigue * terrain * random.uniform(0.95, 1.07)))
                if (race_id, secs) not in used_times:
                    used_times.add((race_id, secs))
                    break
        bib = (race_id * 100 + 1 + bib_i) if race_id < 10 else (race_id * 1000 + 1 + bib_i)
        entry_dt = rd - dt.timedelta(days=random.randint(3, 120))
        row = [entry_id, race_id, r[0], bib, entry_dt.isoformat(), cat, status, secs, None]
        results.append(row)
        if secs is not None:
            finishers.append(row)
    for pos, row in enumerate(sorted(finishers, key=lambda x: x[7]), start=1):
        row[8] = pos
write("race_results", ["result_id", "race_id", "runner_id", "bib_num", "entry_dt", "age_cat", "status", "finish_time_sec", "overall_place"], results)

print("runners", len(runners), "results", len(results), "race_sponsors", len(race_sponsors))
