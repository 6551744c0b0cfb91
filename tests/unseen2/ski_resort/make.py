"""Deterministic generator for the ski_resort test database."""
import csv, os, random, datetime as dt

random.seed(20240117)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

def d(s):
    return dt.date.fromisoformat(s)

# ---------------- lifts ----------------
lift_specs = [
    # name, type, seats, capacity/hr, length, vertical, opened, status, base_area
    ("Summit Express", "detachable chairlift", 6, 3000, 2140, 612, 2008, "open", "Summit"),
    ("Eagle Gondola", "gondola", 10, 2800, 3420, 985, 2015, "open", "Village"),
    ("Pine Ridge Chair", "fixed-grip chairlift", 4, 2000, 1510, 402, 1994, "open", "Pine Valley"),
    ("Bunny Hop", "magic carpet", 1, 900, 85, 9, 2019, "open", "Village"),
    ("North Face T-Bar", "t-bar", 2, 1200, 980, 310, 1987, "closed", "North Face"),
    ("Glacier Cable Car", "cable car", 80, 1000, 2650, 1120, 2001, "open", "Glacier"),
    ("Aspen Quad", "fixed-grip chairlift", 4, 1800, 1320, 355, 1998, "maintenance", "Pine Valley"),
    ("Cornice Six", "detachable chairlift", 6, 2600, 1875, 540, 2017, "open", "North Face"),
    ("Meadow Platter", "platter lift", 1, 750, 640, 120, 1979, "open", "Village"),
    ("Wolf Creek Chair", "fixed-grip chairlift", 3, 1400, 1190, 298, 1991, "closed", "Pine Valley"),
    ("Sunrise Gondola", "gondola", 8, 2400, 2980, 760, 2012, "open", "Summit"),
    ("Little Tykes Carpet", "magic carpet", 1, 650, 60, 6, 2021, "open", "Pine Valley"),
    ("Glacier T-Bar", "t-bar", 2, 1100, 1240, 385, 1996, "open", "Glacier"),
    ("Ridge Runner Quad", "detachable chairlift", 4, 2200, 1655, 470, 2010, "open", "Summit"),
]
lifts = []
for i, s in enumerate(lift_specs, start=1):
    lifts.append((i,) + s)
write("lifts", ["lift_id", "lift_name", "lift_type", "seat_cnt", "capacity_per_hr",
                "length_m", "vertical_m", "opened_yr", "status", "base_area"], lifts)

# ---------------- slopes ----------------
slope_names = [
    ("Powder Alley", "blue"), ("Devil's Chute", "black"), ("Easy Street", "green"),
    ("Widowmaker", "black"), ("Sunshine Boulevard", "green"), ("Fox Run", "blue"),
    ("Red Baron", "red"), ("Moguls Galore", "black"), ("Butterfly Trail", "green"),
    ("Timberline", "blue"), ("Avalanche Gully", "black"), ("Edelweiss", "red"),
    ("Schoolhouse", "green"), ("Corkscrew", "red"), ("Lynx Traverse", "blue"),
    ("Kamikaze", "black"), ("Hidden Valley", "blue"), ("Snowflake Meadow", "green"),
    ("Chamois Couloir", "black"), ("Panorama", "red"), ("Old Mine Road", "green"),
    ("Rabbit Ears", "blue"), ("Thunderbolt", "red"), ("Glacier Bowl", "red"),
    ("Ice Cap Descent", "black"), ("Silver Fir", "blue"), ("Marmot Meander", "green"),
    ("Cliffhanger", "black"), ("Alpenrose", "red"), ("Whistling Pines", "blue"),
    ("Last Chance", "blue"), ("Cat Track", "green"),
]
# slopes are served by a lift; magic carpets/platter serve only green runs
green_lifts = [4, 9, 12, 3, 2]
other_lifts = [1, 2, 3, 5, 6, 7, 8, 10, 11, 13, 14]
grad = {"green": (8, 18), "blue": (15, 28), "red": (24, 40), "black": (35, 62)}
length = {"green": (400, 2600), "blue": (700, 3200), "red": (800, 3500), "black": (450, 2400)}
slopes = []
for i, (name, diff) in enumerate(slope_names, start=1):
    lift = random.choice(green_lifts if diff == "green" else other_lifts)
    zone = lifts[lift - 1][9]
    lo, hi = grad[diff]
    g = round(random.uniform(lo, hi), 1)
    ln = random.randrange(length[diff][0], length[diff][1], 10)
    groomed = "false" if (diff == "black" and random.random() < 0.6) else ("true" if random.random() < 0.9 else "false")
    snowmaking = "true" if random.random() < 0.45 else "false"
    night = "true" if (diff in ("green", "blue") and random.random() < 0.3) else "false"
    slopes.append((i, name, diff, ln, g, lift, zone, groomed, snowmaking, night))
write("slopes", ["slope_id", "slope_name", "difficulty", "length_m", "max_gradient_pct",
                 "served_by", "zone", "is_groomed", "has_snowmaking", "night_skiing"], slopes)

# ---------------- skiers ----------------
first = ["Emma", "Lukas", "Sofia", "Noah", "Mia", "Elias", "Hannah", "Felix", "Lea", "Jonas",
         "Chloe", "Oliver", "Amelia", "Jack", "Isla", "Harry", "Ava", "Liam", "Zoe", "Mateo",
         "Camille", "Hugo", "Ines", "Louis", "Freya", "Anders", "Ingrid", "Kenji", "Yuki", "Aiko",
         "Ethan", "Olivia", "Marco", "Giulia", "Pavel", "Katarina", "Sean", "Niamh", "Tomas", "Eva",
         "Ryan", "Grace", "Dylan", "Nora", "Finn", "Maja", "Oscar", "Alice", "Leon", "Clara"]
last = ["Muller", "Schmid", "Keller", "Dubois", "Martin", "Rossi", "Bianchi", "Smith", "Jones",
        "Taylor", "Brown", "Andersson", "Nilsson", "Tanaka", "Sato", "Novak", "Horvat", "O'Brien",
        "Murphy", "Walsh", "Garcia", "Lopez", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann",
        "Moreau", "Laurent", "Fontaine", "Kowalski", "Nowak", "Berg", "Larsen", "Hansen", "Clarke",
        "Evans", "Wilson", "Thompson", "White", "Hughes", "Baker", "Ricci", "Conti", "Lindqvist"]
countries = [("Switzerland", ["Zurich", "Geneva", "Bern", "Basel", "Lausanne"]),
             ("Germany", ["Munich", "Stuttgart", "Frankfurt", "Berlin"]),
             ("France", ["Lyon", "Paris", "Grenoble"]),
             ("United Kingdom", ["London", "Manchester", "Edinburgh", "Bristol"]),
             ("Italy", ["Milan", "Turin"]),
             ("Netherlands", ["Amsterdam", "Utrecht", "Rotterdam"]),
             ("United States", ["Denver", "Boston", "Seattle"]),
             ("Japan", ["Tokyo", "Sapporo"]),
             ("Sweden", ["Stockholm", "Gothenburg"]),
             ("Ireland", ["Dublin", "Cork"])]
cweights = [26, 18, 10, 14, 7, 8, 6, 4, 4, 3]
levels = ["beginner", "intermediate", "advanced", "expert"]
skiers = []
used = set()
n_skiers = 120
for i in range(1, n_skiers + 1):
    while True:
        fn, ln = random.choice(first), random.choice(last)
        if (fn, ln) not in used:
            used.add((fn, ln)); break
    country, cities = random.choices(countries, weights=cweights)[0]
    city = random.choice(cities)
    dob = dt.date(1950, 1, 1) + dt.timedelta(days=random.randrange(0, 365 * 62))
    lvl = random.choices(levels, weights=[25, 40, 25, 10])[0]
    email = f"{fn.lower()}.{ln.lower().replace(chr(39), '')}{random.randrange(1, 99)}@" + random.choice(
        ["gmail.com", "outlook.com", "gmx.ch", "yahoo.com", "bluewin.ch", "web.de", "icloud.com"])
    if random.random() < 0.06:
        email = None
    helmet = random.choice(["S", "M", "M", "L", "L", "XL"])
    skiers.append((i, fn, ln, dob.isoformat(), country, city, lvl, email, helmet))
write("skiers", ["skier_id", "first_name", "last_name", "dob", "home_country", "city",
                 "ability_level", "email", "helmet_size"], skiers)

# ---------------- lift_passes ----------------
pass_types = [("day", 1, 79.0), ("half-day", 1, 55.0), ("3-day", 3, 219.0), ("week", 7, 445.0),
              ("season", 140, 1190.0)]
season_start, season_end = d("2023-12-09"), d("2024-04-21")
passes = []
pid = 1
for sk in skiers:
    k = random.choices([0, 1, 2, 3], weights=[12, 50, 28, 10])[0]
    for _ in range(k):
        ptype, days, base = random.choices(pass_types, weights=[30, 12, 22, 22, 14])[0]
        if ptype == "season":
            vf, vt = season_start, season_end
            bought = season_start - dt.timedelta(days=random.randrange(10, 80))
        else:
            vf = season_start + dt.timedelta(days=random.randrange(0, 125))
            vt = vf + dt.timedelta(days=days - 1)
            bought = vf - dt.timedelta(days=random.choice([0, 0, 0, 1, 2, 5, 14, 30]))
        age = (vf - d(sk[3])).days // 365
        disc = 0.0
        category = "adult"
        if age < 20:
            category, disc = "youth", 0.25
        elif age >= 65:
            category, disc = "senior", 0.15
        price = round(base * (1 - disc), 2)
        if vt < d("2024-03-01"):
            status = "expired"
        else:
            status = "active"
        if random.random() < 0.03:
            status = "revoked"
        passes.append([pid, sk[0], ptype, category, bought.isoformat(), vf.isoformat(), vt.isoformat(), price, status])
        pid += 1
write("lift_passes", ["pass_id", "skier_id", "pass_type", "rider_category", "purchase_dt",
                      "valid_from", "valid_to", "price_amt", "status"], passes)

# ---------------- lift_scans ----------------
open_lifts = [l[0] for l in lifts if l[8] != "closed"] + [5, 10]  # closed lifts ran earlier in season
lift_weights = {1: 14, 2: 16, 3: 9, 4: 5, 5: 2, 6: 7, 7: 6, 8: 10, 9: 3, 10: 1, 11: 12, 12: 2, 13: 4, 14: 9}
scans = []
sid = 1
for p in passes:
    vf, vt = d(p[5]), d(p[6])
    span = (vt - vf).days + 1
    nscan = random.choices([0, 1, 2, 3, 4, 5], weights=[8, 18, 24, 22, 16, 12])[0]
    if p[2] == "season":
        nscan += 2
    for _ in range(nscan):
        day = vf + dt.timedelta(days=random.randrange(0, min(span, 120)))
        lift = random.choices(list(lift_weights), weights=list(lift_weights.values()))[0]
        t = dt.time(random.randrange(8, 16), random.randrange(0, 60), random.randrange(0, 60))
        gate = random.randrange(1, 5)
        scans.append((sid, p[0], lift, day.isoformat(), t.isoformat(), gate))
        sid += 1
scans = random.sample(scans, 300)
scans.sort(key=lambda r: (r[3], r[4]))
scans = [(i + 1,) + r[1:] for i, r in enumerate(scans)]
write("lift_scans", ["scan_id", "pass_id", "lift_id", "scan_dt", "scan_time", "gate_num"], scans)

# ---------------- instructors ----------------
instr = [
    ("Franz Oberhofer", "ski", "Level 4", "German", "2004-12-01", 95.0),
    ("Claudia Steiner", "ski", "Level 3", "German", "2011-11-20", 82.0),
    ("Pierre Girard", "snowboard", "Level 3", "French", "2013-12-05", 80.0),
    ("Megan Fraser", "ski", "Level 2", "English", "2018-12-10", 68.0),
    ("Takeshi Mori", "snowboard", "Level 2", "Japanese", "2019-12-15", 66.0),
    ("Anna Lindgren", "telemark", "Level 3", "Swedish", "2009-01-08", 85.0),
    ("Luca Ferrari", "ski", "Level 1", "Italian", "2022-12-01", 52.0),
    ("Sarah Kessler", "ski", "Level 4", "German", "2001-12-12", 98.0),
    ("Tom Bradley", "snowboard", "Level 1", "English", "2023-12-02", 50.0),
    ("Josefine Brandt", "ski", "Level 2", "German", "2016-12-18", 70.0),
    ("Matteo Galli", "cross-country", "Level 2", "Italian", "2014-12-03", 64.0),
    ("Elodie Marchand", "ski", "Level 3", "French", "2012-12-14", 84.0),
    ("Kai Brunner", "freestyle", "Level 2", "German", "2020-12-07", 72.0),
    ("Hiroko Abe", "ski", "Level 1", "Japanese", "2023-01-05", 54.0),
]
instructors = []
for i, (name, disc, cert, lang, hired, rate) in enumerate(instr, start=1):
    phone = f"+41 79 {random.randrange(100, 999)} {random.randrange(10, 99)} {random.randrange(10, 99)}"
    instructors.append((i, name, disc, cert, lang, hired, rate, phone))
write("instructors", ["instructor_id", "full_name", "discipline", "cert_level", "native_language",
                      "hire_dt", "hourly_rate", "phone"], instructors)

# ---------------- lessons ----------------
# each lesson links one instructor with one skier (many-to-many between instructors and skiers)
lessons = []
lid = 1
green_blue = [s[0] for s in slopes if s[2] in ("green", "blue")]
all_slopes = [s[0] for s in slopes]
learner_pool = [s for s in skiers if s[6] in ("beginner", "intermediate")] * 3 + list(skiers)
instr_weights = [10, 12, 9, 14, 8, 5, 11, 6, 7, 10, 3, 9, 6, 4]
for _ in range(140):
    sk = random.choice(learner_pool)
    ins = random.choices(instructors, weights=instr_weights)[0]
    ldate = season_start + dt.timedelta(days=random.randrange(0, 130))
    ltype = random.choices(["private", "group", "semi-private"], weights=[45, 40, 15])[0]
    dur = random.choice([1.0, 1.5, 2.0, 2.0, 3.0, 4.0]) if ltype != "group" else random.choice([2.0, 3.0, 3.0, 4.0])
    if ltype == "private":
        price = round(ins[6] * dur, 2)
    elif ltype == "semi-private":
        price = round(ins[6] * dur * 0.7, 2)
    else:
        price = round(38.0 * dur, 2)
    slope = random.choice(green_blue if sk[6] in ("beginner", "intermediate") else all_slopes)
    status = random.choices(["completed", "cancelled", "no-show", "scheduled"], weights=[78, 9, 5, 8])[0]
    if ldate >= d("2024-04-10"):
        status = "scheduled"
    elif status == "scheduled":
        status = "completed"
    rating = random.choice([3, 4, 4, 5, 5, 5]) if status == "completed" and random.random() < 0.8 else None
    lessons.append((lid, ins[0], sk[0], ldate.isoformat(), ltype, dur, price, slope, status, rating))
    lid += 1
lessons.sort(key=lambda r: (r[3], r[1], r[2]))
lessons = [(i + 1,) + r[1:] for i, r in enumerate(lessons)]
write("lessons", ["lesson_id", "instructor_id", "skier_id", "lesson_dt", "lesson_type", "duration_hrs",
                  "price_amt", "meeting_slope", "status", "rating"], lessons)

print("lifts", len(lifts), "slopes", len(slopes), "skiers", len(skiers), "passes", len(passes),
      "scans", len(scans), "instructors", len(instructors), "lessons", len(lessons))
