"""Deterministic generator for the beekeeping test database."""
import csv, os, random, datetime as dt

random.seed(77031)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

D = dt.date.fromisoformat

# ---------------- beekeepers ----------------
keepers_spec = [
    ("Margaret", "Holloway", "Hereford", "West Midlands", "2009-04-12", "full"),
    ("Tobias", "Reinholt", "Worcester", "West Midlands", "2015-03-02", "full"),
    ("Priya", "Raman", "Birmingham", "West Midlands", "2019-05-20", "associate"),
    ("Owen", "Pritchard", "Brecon", "Wales", "2012-06-01", "full"),
    ("Siân", "Llewellyn", "Abergavenny", "Wales", "2017-02-14", "full"),
    ("Derek", "Ashworth", "Ludlow", "West Midlands", "2001-09-30", "honorary"),
    ("Fiona", "McAllister", "Perth", "Scotland", "2011-07-19", "full"),
    ("Hamish", "Duncan", "Pitlochry", "Scotland", "2020-04-04", "associate"),
    ("Beatrice", "Okafor", "Bristol", "South West", "2018-03-22", "full"),
    ("George", "Whitcombe", "Bath", "South West", "2005-05-05", "full"),
    ("Lucy", "Tremayne", "Truro", "South West", "2022-04-30", "junior"),
    ("Rajesh", "Kapoor", "Leicester", "East Midlands", "2016-08-11", "full"),
    ("Ellen", "Saunders", "Stamford", "East Midlands", "2013-01-27", "full"),
    ("Callum", "Reid", "Dundee", "Scotland", "2023-03-15", "junior"),
    ("Agnieszka", "Zielinska", "Hereford", "West Midlands", "2021-06-09", "associate"),
    ("William", "Fairbrother", "Cheltenham", "South West", "1998-04-18", "honorary"),
    ("Nadia", "Haddad", "Nottingham", "East Midlands", "2019-09-01", "full"),
    ("Thomas", "Beckett", "Leominster", "West Midlands", "2014-05-28", "full"),
]
beekeepers = []
for i, (fn, ln, town, region, joined, mtype) in enumerate(keepers_spec, start=1):
    yob = int(joined[:4]) - random.randrange(22, 56) if mtype != "junior" else random.randrange(2006, 2010)
    exp = max(1, 2024 - int(joined[:4]) + random.choice([0, 0, 1, 3, 5]))
    email = f"{fn[0].lower()}.{ln.lower()}@" + random.choice(["beemail.org.uk", "gmail.com", "btinternet.com", "outlook.com"])
    if i in (6, 16):
        email = None  # older honorary members without email
    beekeepers.append((i, fn, ln, town, region, joined, mtype, exp, yob, email))
write("beekeepers", ["beekeeper_id", "first_name", "last_name", "home_town", "region", "join_dt",
                     "membership_type", "experience_yrs", "birth_yr", "email"], beekeepers)

# ---------------- apiaries ----------------
ap_spec = [
    ("Orchard Lane", "Hereford", "West Midlands", "orchard", 72, 2010, "Bramley Farm"),
    ("Wye Meadows", "Ross-on-Wye", "West Midlands", "meadow", 48, 2013, "Wye Valley Trust"),
    ("Black Mountain Heath", "Brecon", "Wales", "heather moor", 410, 2012, "Brecon Estates"),
    ("Castle Rooftop", "Birmingham", "West Midlands", "urban rooftop", 140, 2019, "City Council"),
    ("Usk Valley", "Abergavenny", "Wales", "woodland edge", 95, 2017, "Usk Farm Co-op"),
    ("Tay Heather", "Pitlochry", "Scotland", "heather moor", 320, 2011, "Atholl Estates"),
    ("Carse Clover", "Perth", "Scotland", "arable", 25, 2014, "Carse Farms"),
    ("Mendip Lime Walk", "Bath", "South West", "woodland edge", 220, 2005, "Lime Tree Trust"),
    ("Harbourside Roof", "Bristol", "South West", "urban rooftop", 30, 2018, "Harbour Arts Centre"),
    ("Fal Estuary", "Truro", "South West", "meadow", 15, 2022, "Fal Smallholdings"),
    ("Soar Rapeseed", "Leicester", "East Midlands", "arable", 60, 2016, "Soar Valley Farms"),
    ("Burghley Park", "Stamford", "East Midlands", "parkland", 45, 2013, "Burghley Estate"),
    ("Clee Hill", "Ludlow", "West Midlands", "heather moor", 480, 2001, "Clee Commoners"),
    ("Sherwood Edge", "Nottingham", "East Midlands", "woodland edge", 80, 2019, None),
]
apiaries = []
for i, (name, town, region, land, elev, yr, landowner) in enumerate(ap_spec, start=1):
    apiaries.append((i, name, town, region, land, elev, yr, landowner))
write("apiaries", ["apiary_id", "apiary_name", "town", "region", "land_type", "elevation_m",
                   "established_yr", "landowner"], apiaries)

# ---------------- apiary_keepers (link) ----------------
links = set()
apiary_keepers = []
owners = {1: 1, 2: 18, 3: 4, 4: 3, 5: 5, 6: 7, 7: 7, 8: 10, 9: 9, 10: 16, 11: 12, 12: 13, 13: 6, 14: 17}
for ap, bk in owners.items():
    yr = max(apiaries[ap - 1][6], int(beekeepers[bk - 1][5][:4]))
    apiary_keepers.append((ap, bk, "lead", f"{yr}-04-01"))
    links.add((ap, bk))
same_region = {}
for b in beekeepers:
    same_region.setdefault(b[4], []).append(b[0])
for ap in apiaries:
    for _ in range(random.choice([0, 1, 1, 2])):
        bk = random.choice(same_region[ap[3]])
        if (ap[0], bk) in links:
            continue
        links.add((ap[0], bk))
        yr = max(ap[6], int(beekeepers[bk - 1][5][:4])) + random.randrange(0, 3)
        yr = min(yr, 2024)
        role = random.choice(["helper", "helper", "mentor", "trainee"])
        if beekeepers[bk - 1][6] == "junior":
            role = "trainee"
        elif role == "trainee" and beekeepers[bk - 1][7] >= 6:
            role = "helper" if beekeepers[bk - 1][7] < 15 else "mentor"
        apiary_keepers.append((ap[0], bk, role, f"{yr}-{random.randrange(3, 7):02d}-{random.randrange(1, 28):02d}"))
# Thomas Beckett (18) also helps at Clee Hill; Hamish (8) helps at Tay Heather
for extra in [(13, 18, "helper", "2016-05-10"), (6, 8, "trainee", "2020-05-02")]:
    if (extra[0], extra[1]) not in links:
        apiary_keepers.append(extra); links.add((extra[0], extra[1]))
apiary_keepers.sort()
write("apiary_keepers", ["apiary_id", "beekeeper_id", "role", "since_dt"], apiary_keepers)

# ---------------- hives ----------------
hive_types = ["National", "Langstroth", "WBC", "Warre", "Top Bar", "Dadant", "Commercial"]
type_w = [40, 15, 10, 8, 7, 10, 10]
colours = ["white", "green", "blue", "yellow", "natural cedar", "red", "lilac"]
hives = []
hid = 1
hive_count = {1: 6, 2: 3, 3: 5, 4: 3, 5: 4, 6: 6, 7: 3, 8: 5, 9: 2, 10: 2, 11: 4, 12: 3, 13: 5, 14: 3}
for ap in apiaries:
    for k in range(hive_count[ap[0]]):
        htype = random.choices(hive_types, weights=type_w)[0]
        installed = D(f"{max(ap[6], 2012)}-04-01") + dt.timedelta(days=random.randrange(0, (D('2024-06-30') - D(f'{max(ap[6], 2012)}-04-01')).days))
        frames = {"National": 11, "Langstroth": 10, "WBC": 10, "Warre": 8, "Top Bar": 24, "Dadant": 12, "Commercial": 11}[htype]
        status = random.choices(["active", "dead", "swarmed", "combined"], weights=[78, 9, 8, 5])[0]
        label = f"{ap[1].split()[0][:3].upper()}-{k + 1:02d}"
        hives.append([hid, ap[0], label, htype, installed.isoformat(), frames, random.choice(colours), status])
        hid += 1
write("hives", ["hive_id", "apiary_id", "hive_label", "hive_type", "installed_dt", "num_frames",
                "colour", "status"], hives)

# ---------------- queens ----------------
breeds = ["Buckfast", "Carniolan", "Italian", "Native Black", "Caucasian"]
breed_w = [34, 22, 18, 18, 8]
mark = {2019: "blue", 2020: "white", 2021: "yellow", 2022: "red", 2023: "green", 2024: "blue"}
queens = []
qid = 1
for h in hives:
    inst = D(h[4])
    nq = random.choices([1, 2, 3], weights=[55, 35, 10])[0]
    start = inst
    for j in range(nq):
        yr = min(start.year, 2024)
        yr = max(yr, 2019)
        born = yr if random.random() < 0.7 else max(2019, yr - 1)
        src = random.choices(["bred locally", "purchased", "swarm cell", "supersedure"], weights=[35, 35, 18, 12])[0]
        breed = random.choices(breeds, weights=breed_w)[0]
        if src in ("swarm cell", "supersedure") and j > 0:
            breed = queens[-1][3]
        intro = D(f"{yr}-{random.randrange(4, 9):02d}-{random.randrange(1, 28):02d}")
        if intro < inst:
            intro = inst
        is_current = "true" if (j == nq - 1 and h[7] in ("active", "swarmed")) else "false"
        clipped = "true" if random.random() < 0.35 else "false"
        marked = mark.get(born) if random.random() < 0.8 else None
        queens.append([qid, h[0], None, breed, born, marked, src, intro.isoformat(), clipped, is_current])
        qid += 1
        start = D(f"{min(yr + random.choice([1, 1, 2]), 2024)}-05-01")
# queens raised by a local beekeeper: reared_by (fk to beekeepers) only when bred locally
for q in queens:
    if q[6] == "bred locally":
        ap = hives[q[1] - 1][1]
        cand = [l[1] for l in apiary_keepers if l[0] == ap]
        q[2] = random.choice(cand)
write("queens", ["queen_id", "hive_id", "reared_by", "breed", "birth_yr", "mark_colour", "source",
                 "introduced_dt", "is_clipped", "is_current"], queens)

# ---------------- inspections ----------------
temper = ["calm", "calm", "calm", "nervous", "nervous", "defensive"]
insp = []
for h in hives:
    if h[7] == "dead" and random.random() < 0.5:
        n = 1
    else:
        n = random.choices([0, 1, 2, 3, 4], weights=[6, 18, 30, 28, 18])[0]
    keepers_here = [l[1] for l in apiary_keepers if l[0] == h[1]]
    for _ in range(n):
        day = D("2023-04-01") + dt.timedelta(days=random.randrange(0, 550))
        while day.month in (11, 12, 1, 2, 3):
            day = D("2023-04-01") + dt.timedelta(days=random.randrange(0, 550))
        if day < D(h[4]):
            day = D(h[4]) + dt.timedelta(days=random.randrange(5, 40))
        who = random.choice(keepers_here)
        brood = random.randrange(2, 10) if h[7] != "dead" else 0
        varroa = random.choices([0, 1, 2, 3, 5, 8, 12, 18, 25, 40], weights=[8, 12, 14, 14, 14, 12, 10, 7, 5, 4])[0]
        queen_seen = "true" if random.random() < 0.6 and h[7] != "dead" else "false"
        eggs = "true" if (queen_seen == "true" or random.random() < 0.5) and h[7] != "dead" else "false"
        t = random.choice(temper)
        weather = random.choice(["sunny", "sunny", "overcast", "warm and humid", "breezy", "light drizzle"])
        notes = random.choice([
            None, None, "Added super", "Queen cells found, split made", "Signs of chalkbrood",
            "Fed 2:1 syrup", "Strong colony, good stores", "Replaced old brood comb",
            "Drone laying suspected", "Treated with oxalic acid", "Swarm cells removed",
            "Wax moth traces on floor", "Very heavy with honey", "Queen cells removed"])
        if h[7] == "dead":
            notes = "Colony found dead"
        insp.append([None, h[0], who, day.isoformat(), weather, t, brood, varroa, queen_seen, eggs, notes])
insp.sort(key=lambda r: (r[3], r[1]))
# keep at most 300
insp = insp[:300]
for i, r in enumerate(insp, start=1):
    r[0] = i
write("inspections", ["inspection_id", "hive_id", "inspected_by", "inspection_dt", "weather",
                      "temperament", "brood_frames", "varroa_cnt", "queen_seen", "eggs_seen", "notes"], insp)

# ---------------- honey_harvests ----------------
land_honey = {"orchard": ["blossom", "wildflower"], "meadow": ["wildflower", "clover"],
              "heather moor": ["heather", "heather", "wildflower"], "urban rooftop": ["lime", "wildflower"],
              "woodland edge": ["lime", "wildflower", "blackberry"], "arable": ["rapeseed", "clover", "borage"],
              "parkland": ["lime", "wildflower"]}
harvests = []
hv = 1
for h in hives:
    if h[7] == "dead":
        continue
    ap = apiaries[h[1] - 1]
    for yr in (2022, 2023, 2024):
        if D(h[4]).year > yr or random.random() < 0.45:
            continue
        nh = random.choices([1, 2], weights=[65, 35])[0]
        for k in range(nh):
            htype = random.choice(land_honey[ap[4]])
            month = 9 if htype == "heather" else random.choice([6, 7, 8, 8, 9])
            if htype == "rapeseed":
                month = 5
            day = D(f"{yr}-{month:02d}-{random.randrange(1, 29):02d}")
            qty = round(random.uniform(4, 32) * (0.6 if htype == "heather" else 1.0), 1)
            moist = round(random.uniform(16.2, 19.8), 1)
            price = {"heather": 18.5, "lime": 14.0, "blossom": 12.5, "wildflower": 11.0, "clover": 10.5,
                     "rapeseed": 8.5, "borage": 12.0, "blackberry": 13.0}[htype]
            price = round(price + random.choice([-1.0, -0.5, 0, 0, 0.5, 1.0, 1.5]), 2)
            jars = int(qty / 0.454)
            harvests.append([None, h[0], day.isoformat(), htype, qty, moist, jars, price])
harvests.sort(key=lambda r: (r[2], r[1]))
for i, r in enumerate(harvests, start=1):
    r[0] = i
write("honey_harvests", ["harvest_id", "hive_id", "harvest_dt", "honey_type", "qty_kg", "moisture_pct",
                         "jar_cnt", "price_per_kg"], harvests)

print("beekeepers", len(beekeepers), "apiaries", len(apiaries), "apiary_keepers", len(apiary_keepers),
      "hives", len(hives), "queens", len(queens), "inspections", len(insp), "harvests", len(harvests))
