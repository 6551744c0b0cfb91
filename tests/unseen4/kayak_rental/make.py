"""Deterministic generator for the kayak_rental database (lower_case with abbreviations convention)."""
import csv, os, random, datetime

random.seed(41127)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# site_id, site_nm, water_body, city, st, pkg_spaces, has_shop, opened_yr
sites = [
    (1, "Alder Point", "Lake Washington", "Seattle", "WA", 40, "Y", 2009),
    (2, "Gas Works Dock", "Lake Union", "Seattle", "WA", 25, "Y", 2012),
    (3, "Cascade Cove", "Lake Chelan", "Chelan", "WA", 60, "Y", 2015),
    (4, "Deception Landing", "Puget Sound", "Anacortes", "WA", 30, "N", 2011),
    (5, "Willamette Bend", "Willamette River", "Portland", "OR", 35, "Y", 2008),
    (6, "Sauvie Launch", "Multnomah Channel", "Portland", "OR", 15, "N", 2017),
    (7, "Hood River Beach", "Columbia River", "Hood River", "OR", 50, "Y", 2014),
    (8, "Tubbs Hill Ramp", "Lake Coeur d'Alene", "Coeur d'Alene", "ID", 45, "N", 2019),
    (9, "Bowman Flats", "Payette Lake", "McCall", "ID", None, "N", 2023),
]
write("launch_site", ["site_id", "site_nm", "water_body", "city", "st", "pkg_spaces", "has_shop", "opened_yr"], sites)

# kayak_id, model_nm, maker, kayak_type, len_ft, seats, hrly_rate, purch_dt, home_site, in_svc
kayaks = [
    (1, "Pescador Pro 10", "Perception", "Sit-on-top", 10.5, 1, 18.0, "2019-04-12", 1, "Y"),
    (2, "Tsunami 145", "Wilderness Systems", "Touring", 14.5, 1, 28.0, "2018-05-03", 1, "Y"),
    (3, "Pamlico 100", "Wilderness Systems", "Recreational", 10.0, 1, 16.0, "2020-03-21", 2, "Y"),
    (4, "Loon 126", "Old Town", "Recreational", 12.6, 1, 20.0, "2017-06-30", 2, "N"),
    (5, "Twin Heron", "Old Town", "Tandem", 13.6, 2, 32.0, "2021-04-08", 3, "Y"),
    (6, "Manitou 14", "Necky", "Touring", 14.0, 1, 26.0, "2016-05-19", 4, "Y"),
    (7, "Skylark", "Eddyline", "Recreational", 12.0, 1, 22.0, "2022-03-15", 5, "Y"),
    (8, "Katana 10.4", "Dagger", "Whitewater", 10.4, 1, 24.0, "2019-07-02", 7, "Y"),
    (9, "Mamba 8.1", "Dagger", "Whitewater", 8.1, 1, 21.0, "2015-08-14", 7, "N"),
    (10, "Sentinel 100X", "Pelican", "Sit-on-top", 9.5, 1, 14.0, "2023-04-01", 3, "Y"),
    (11, "Mirage Outback", "Hobie", "Sit-on-top", 12.75, 1, 35.0, "2022-05-27", 3, "Y"),
    (12, "Solstice GT", "Current Designs", "Touring", 17.7, 1, 34.0, "2014-04-22", 4, "Y"),
    (13, "Tribe 13.5", "Perception", "Tandem", 13.5, 2, 30.0, "2020-06-11", 5, "Y"),
    (14, "Pungo 120", "Wilderness Systems", "Recreational", 12.0, 1, 19.0, "2018-03-09", 6, "Y"),
    (15, "Looksha 17", "Necky", "Touring", 17.0, 1, 33.0, "2013-05-05", 4, "N"),
    (16, "Malibu Two", "Ocean Kayak", "Tandem", 12.0, 2, 29.0, "2021-07-16", 8, "Y"),
    (17, "Rambler 13.5", "Perception", "Tandem", 13.4, 2, 27.0, "2017-04-28", 1, "Y"),
    (18, "Sitka LT", "Eddyline", "Touring", 14.2, 1, 31.0, "2023-03-30", 5, "Y"),
    (19, "Zydeco 11", "Wilderness Systems", "Recreational", 11.0, 1, 17.0, "2016-09-03", 6, "Y"),
    (20, "Axis 12", "Dagger", "Whitewater", 12.1, 1, 25.0, "2021-05-22", 7, "Y"),
    (21, "Vapor 10", "Old Town", "Recreational", 10.2, 1, 15.0, "2019-06-18", 8, "Y"),
    (22, "Scrambler 11", "Ocean Kayak", "Sit-on-top", 11.0, 1, 16.5, "2024-04-02", 9, "Y"),
]
write("kayak", ["kayak_id", "model_nm", "maker", "kayak_type", "len_ft", "seats", "hrly_rate", "purch_dt",
                "home_site", "in_svc"], kayaks)

# guide_id, fname, lname, cert_lvl, yrs_exp, hire_dt, base_site, day_rate, wfa_cert
guides = [
    (1, "Maya", "Lindqvist", "L3", 14, "2012-04-02", 1, 310, "Y"),
    (2, "Jonah", "Whitaker", "L2", 6, "2018-05-14", 2, 240, "Y"),
    (3, "Priya", "Raman", "L2", 9, "2016-03-28", 3, 265, "N"),
    (4, "Tyler", "Beaumont", "L1", 2, "2022-06-01", 4, 190, "Y"),
    (5, "Rosa", "Delgado", "L3", 17, "2009-04-20", 5, 335, "Y"),
    (6, "Kenji", "Watanabe", "L2", 7, "2017-05-08", 7, 250, "N"),
    (7, "Hannah", "Okafor", "L1", 3, "2021-04-26", 5, 205, "Y"),
    (8, "Dustin", "Carlyle", "L2", 11, "2014-06-09", 8, 280, "Y"),
    (9, "Erin", "McAllister", "L1", 1, "2023-05-15", None, 180, "N"),
    (10, "Samuel", "Tsosie", "L3", 20, "2008-03-31", 7, 350, "Y"),
    (11, "Leah", "Brandt", "L2", 5, "2019-04-15", 3, 230, "N"),
]
write("guide", ["guide_id", "fname", "lname", "cert_lvl", "yrs_exp", "hire_dt", "base_site", "day_rate", "wfa_cert"],
      guides)

# cust_id, cust_nm, city, st, birth_yr, join_dt, is_mbr, email
cust_names = [
    ("Olivia Bennett", "Seattle", "WA"), ("Marcus Flores", "Bellevue", "WA"), ("Grace Holloway", "Tacoma", "WA"),
    ("Ethan Park", "Seattle", "WA"), ("Chloe Nguyen", "Portland", "OR"), ("Daniel Ruiz", "Beaverton", "OR"),
    ("Sophie Larsen", "Portland", "OR"), ("Noah Fitzgerald", "Spokane", "WA"), ("Ava Castillo", "Boise", "ID"),
    ("Liam O'Connor", "Seattle", "WA"), ("Isabella Moreau", "Vancouver", "WA"), ("Lucas Chen", "Portland", "OR"),
    ("Emma Sorensen", "Bend", "OR"), ("Jack Thornbury", "Wenatchee", "WA"), ("Mia Patel", "Redmond", "WA"),
    ("Owen Gallagher", "Hood River", "OR"), ("Zoe Kaplan", "Eugene", "OR"), ("Caleb Hughes", "Anacortes", "WA"),
    ("Ruby Alvarez", "Coeur d'Alene", "ID"), ("Henry Yamamoto", "Seattle", "WA"), ("Lily Brennan", "Salem", "OR"),
    ("Isaac Novak", "Bellingham", "WA"), ("Nora Whitfield", "Boise", "ID"), ("Wyatt Jensen", "Spokane", "WA"),
    ("Hazel Dubois", "Portland", "OR"), ("Leo Marchetti", "Tacoma", "WA"), ("Stella Iverson", "Olympia", "WA"),
    ("Miles Adeyemi", "Seattle", "WA"),
]
customers = []
used_birth = set()
for i, (nm, city, st) in enumerate(cust_names, start=1):
    by = random.randint(1958, 2004)
    while by in used_birth:
        by = random.randint(1958, 2004)
    used_birth.add(by)
    jd = datetime.date(random.randint(2016, 2023), random.randint(1, 12), random.randint(1, 28)).isoformat()
    if i in (21, 27):  # signed up after the season
        jd = datetime.date(2024, 10, 3 + i).isoformat()
    mbr = "Y" if random.random() < 0.45 else "N"
    first, last = nm.split(" ", 1)
    email = None if random.random() < 0.2 else f"{first.lower()}.{last.lower().replace(chr(39), '')}@example.com"
    customers.append((i, nm, city, st, by, jd, mbr, email))
write("customer", ["cust_id", "cust_nm", "city", "st", "birth_yr", "join_dt", "is_mbr", "email"], customers)

# rentals: kayaks launched mostly from their home site; about half guided
guides_at = {}
for g in guides:
    guides_at.setdefault(g[6], []).append(g[0])
rentals = []
rid = 1
amt_seen = set()
active_kayaks = [k for k in kayaks if k[9] == "Y" and k[8] != 9]
no_rentals_cust = {21, 27}
for _ in range(56):
    k = random.choice(active_kayaks)
    c = random.choice([x for x in customers if x[0] not in no_rentals_cust])
    site = k[8] if random.random() < 0.85 else random.choice([s[0] for s in sites if s[0] != 9])
    hrs = random.choice([1.0, 1.5, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 6.0])
    guided = random.random() < 0.45
    g = None
    if guided:
        pool = guides_at.get(site) or [9]
        g = random.choice(pool)
    m = random.randint(5, 9)
    d = datetime.date(2024, m, random.randint(1, 28)).isoformat()
    amt = round(hrs * k[6] + (45 if g else 0), 2)
    while amt in amt_seen:
        amt = round(amt + 0.5, 2)
    amt_seen.add(amt)
    dmg = "Y" if random.random() < 0.1 else "N"
    rentals.append((rid, c[0], k[0], site, g, d, hrs, amt, dmg))
    rid += 1
rentals.sort(key=lambda r: r[5])
rentals = [(i + 1,) + r[1:] for i, r in enumerate(rentals)]
write("rental", ["rental_id", "cust", "kayak", "launch_site", "guide", "rental_dt", "hrs", "tot_amt", "dmg_rpt"],
      rentals)
print(len(customers), "customers", len(rentals), "rentals")
