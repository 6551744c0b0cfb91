"""Build the glass_studio tables (deterministic; lower case with abbreviations convention)."""
import csv, os, random, datetime

random.seed(51927)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# art_id, fname, lname, speclty, yr_joined, hrly_rate, is_mstr, mentor
artisans = [
    (1, "Maren", "Holt", "Blowing", 2004, 38.50, "Y", None),
    (2, "Tobias", "Wren", "Blowing", 2011, 29.00, "N", 1),
    (3, "Priya", "Nair", "Lampwork", 2008, 31.75, "Y", None),
    (4, "Colm", "Doherty", "Fusing", 2015, 24.20, "N", 3),
    (5, "Hana", "Sato", "Casting", 2006, 35.10, "Y", None),
    (6, "Ewan", "Fraser", "Blowing", 2019, 21.40, "N", 1),
    (7, "Lucia", "Ferri", "Stained", 2002, 33.60, "Y", None),
    (8, "Ben", "Okafor", "Lampwork", 2017, 22.80, "N", 3),
    (9, "Ines", "Duarte", "Fusing", 2013, 26.90, "N", 5),
    (10, "Rory", "Quill", "Casting", 2020, 19.95, "N", 5),
    (11, "Signe", "Lund", "Stained", 2016, 25.30, "N", 7),
    (12, "Dev", "Mistry", "Blowing", 2009, 30.40, "N", 1),
    (13, "Agnes", "Blom", "Coldwork", 2022, 18.60, "N", 12),
    (14, "Felix", "Marr", "Fusing", 2023, 17.25, "N", 9),
]
write("artisan", ["art_id", "fname", "lname", "speclty", "yr_joined", "hrly_rate", "is_mstr", "mentor"], artisans)

# kiln_id, kiln_nm, kiln_type, fuel, max_temp_c, cap_l, yr_built, in_svc
kilns = [
    (1, "Big Bertha", "Furnace", "Gas", 1180, 220, 1998, 1),
    (2, "Glory One", "Glory Hole", "Gas", 1150, 45, 2005, 1),
    (3, "Annie", "Annealer", "Electric", 560, 140, 2010, 1),
    (4, "Slumper", "Fusing", "Electric", 870, 95, 2014, 1),
    (5, "Old Kit", "Fusing", "Electric", 840, 60, 1992, 0),
    (6, "Lost Wax", "Casting", "Electric", 920, 180, 2018, 1),
    (7, "Torchbox", "Annealer", "Electric", 540, 30, 2016, 1),
    (8, "Reserve Pot", "Furnace", "Gas", 1165, 150, 1987, 0),
]
write("kiln", ["kiln_id", "kiln_nm", "kiln_type", "fuel", "max_temp_c", "cap_l", "yr_built", "in_svc"], kilns)

# pieces: type, candidate kilns and weight / height / price ranges by specialty
by_spec = {
    "Blowing": [("Vase", [3], (650, 2400), (18, 45), (120, 480)), ("Bowl", [3], (400, 1800), (8, 16), (90, 360)),
                ("Tumbler", [3], (180, 320), (9, 13), (28, 60)), ("Paperweight", [3, 2], (350, 900), (6, 9), (45, 140))],
    "Lampwork": [("Bead", [7], (4, 20), None, (8, 35)), ("Pendant", [7], (12, 45), (3, 6), (30, 95))],
    "Fusing": [("Plate", [4, 5], (500, 1400), None, (60, 220)), ("Panel", [4], (900, 3200), (30, 60), (150, 520)),
               ("Bowl", [4, 5], (450, 1500), (5, 9), (70, 240))],
    "Casting": [("Sculpture", [6], (1500, 6500), (20, 70), (400, 2400)), ("Paperweight", [6], (400, 1100), (7, 10), (60, 180))],
    "Stained": [("Panel", [4], (1200, 4800), (40, 90), (300, 1500)), ("Suncatcher", [4], (90, 400), (10, 25), (35, 110))],
}
colours = ["Cobalt", "Amber", "Clear", "Emerald", "Ruby", "Cobalt", "Amber", "Opal", "Smoke", "Cobalt", "Clear"]
motifs = ["Swirl", "Ripple", "Tide", "Ember", "Frost", "Bloom", "Drift", "Lantern", "Fern", "Comet", "Harbour",
          "Spiral", "Meadow", "Storm", "Honey", "Halo", "Willow", "Pebble", "Aurora", "Dune", "Swirl", "Thistle"]
# who made each piece (13 and 14 have made none yet)
makers = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9, 9,
          10, 10, 11, 11, 11, 12, 12, 12, 12, 1, 3, 7, 9, 12]
pieces = []
used_nm, used_wt, used_prc = set(), set(), set()
for i, a in enumerate(makers, 1):
    spec = artisans[a - 1][3]
    typ, kl, wr, hr, pr = random.choice(by_spec[spec])
    col = random.choice(colours)
    nm = f"{col} {random.choice(motifs)} {typ}"
    while nm in used_nm:
        nm = f"{col} {random.choice(motifs)} {typ}"
    used_nm.add(nm)
    kiln = random.choice(kl)
    if kiln == 4 and a in (4, 9) and random.random() < 0.3:
        kiln = 5
    wt = random.randint(*wr)
    while wt in used_wt:
        wt += 1
    used_wt.add(wt)
    ht = round(random.uniform(*hr), 1) if hr else None
    prc = round(random.uniform(*pr) / 5) * 5
    while prc in used_prc:
        prc += 5
    used_prc.add(prc)
    fin = datetime.date(2023, 1, 16) + datetime.timedelta(days=random.randint(0, 560))
    sold = "T" if random.random() < 0.55 else "F"
    pieces.append((i, nm, typ, col, a, kiln, fin.isoformat(), wt, ht, prc, sold))
write("piece", ["pc_id", "pc_nm", "pc_type", "colour", "made_by", "fired_in", "fin_dt", "wt_g", "ht_cm", "prc", "sold"],
      pieces)

# stu_id, fname, lname, city, birth_yr, is_mbr, join_dt
students = [
    (1, "Olivia", "Brandt", "Bristol", 1986, "Y", "2021-03-14"),
    (2, "Marcus", "Feld", "Bath", 1979, "N", "2022-06-02"),
    (3, "Yuki", "Tanaka", "Bristol", 1994, "Y", "2020-11-21"),
    (4, "Grace", "Achebe", "Cardiff", 2001, "N", "2023-01-09"),
    (5, "Owen", "Price", "Cardiff", 1968, "Y", "2019-09-30"),
    (6, "Freya", "Moss", "Bristol", 1990, "N", "2023-04-17"),
    (7, "Samir", "Haddad", "Bath", 1983, "Y", "2021-08-05"),
    (8, "Elin", "Rees", "Newport", 1997, "N", "2022-10-12"),
    (9, "Patrick", "Dunne", "Bristol", 1972, "Y", "2018-05-23"),
    (10, "Zoe", "Kaplan", "Gloucester", 1999, "N", "2023-07-28"),
    (11, "Harriet", "Voss", "Bath", 1965, "Y", "2020-02-11"),
    (12, "Leon", "Baptiste", "Cardiff", 1988, "N", "2022-01-19"),
    (13, "Ada", "Kowal", "Bristol", 2003, "N", "2024-02-03"),
    (14, "Niall", "Carey", "Gloucester", 1976, "Y", "2019-12-08"),
    (15, "Mei", "Lin", "Newport", 1992, "N", "2023-09-14"),
    (16, "Tom", "Ashby", "Bath", 1981, "N", "2024-03-01"),
]
write("student", ["stu_id", "fname", "lname", "city", "birth_yr", "is_mbr", "join_dt"], students)

# ws_id, ws_nm, lvl, taught_by, ws_dt, n_hrs, fee, max_seats
workshops = [
    (1, "Intro to Glassblowing", "Beginner", 1, "2023-03-11", 6, 185, 6),
    (2, "Intro to Flameworking", "Beginner", 3, "2023-04-22", 4, 95, 8),
    (3, "Fused Glass Coasters", "Beginner", 9, "2023-05-13", 3, 65, 10),
    (4, "Leaded Light Panels", "Intermediate", 7, "2023-06-24", 12, 240, 6),
    (5, "Blown Bowls and Vases", "Intermediate", 12, "2023-09-09", 8, 210, 5),
    (6, "Kiln Casting Masterclass", "Advanced", 5, "2023-10-21", 16, 420, 4),
    (7, "Bead Making Weekend", "Intermediate", 8, "2023-11-18", 10, 150, 8),
    (8, "Advanced Cane Work", "Advanced", 1, "2024-02-17", 14, 380, 4),
    (9, "Stained Glass Suncatchers", "Beginner", 11, "2024-03-16", 5, 80, 10),
    (10, "Slumping and Draping", "Intermediate", 4, "2024-04-27", 7, 135, 8),
]
write("workshop", ["ws_id", "ws_nm", "lvl", "taught_by", "ws_dt", "n_hrs", "fee", "max_seats"], workshops)

# enrolments (student 16 has never enrolled)
take = {1: 6, 2: 7, 3: 9, 4: 5, 5: 4, 6: 3, 7: 5, 8: 2, 9: 8, 10: 4}
enrol = []
for ws, k in take.items():
    for s in sorted(random.sample(range(1, 16), k)):
        paid = "Y" if random.random() < 0.85 else "N"
        rating = random.choice([3, 4, 4, 5, 5, 5, 2]) if random.random() > 0.15 else None
        enrol.append((ws, s, paid, rating))
write("enrol", ["ws_id", "stu_id", "paid", "rating"], enrol)
print(len(pieces), "pieces", len(enrol), "enrolments")
