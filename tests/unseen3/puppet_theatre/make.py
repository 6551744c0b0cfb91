"""Write the CSV tables of the puppet_theatre database (deterministic)."""
import csv, os, random, datetime

random.seed(7319)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- puppeteers
puppeteers = [
    # fname, lname, yr_born, hometown, specialty, union_mbr
    ("Jan", "Novak", 1968, "Prague", "Marionette", 1),
    ("Marie", "Dvorakova", 1985, "Prague", "Marionette", 1),
    ("Claire", "Dubois", 1979, "Lyon", "Hand", 0),
    ("Luc", "Moreau", 1962, "Lyon", "Rod", 1),
    ("Sophie", "Lambert", 1990, "Liege", "Rod", 0),
    ("Tom", "Ashworth", 1974, "Norwich", "Hand", 1),
    ("Ruth", "Gellar", 1993, "Norwich", None, 0),
    ("Oliver", "Penn", 1981, "Bristol", "Shadow", 1),
    ("Nia", "Roberts", 1996, "Bristol", "Bunraku", 0),
    ("Jordi", "Puig", 1970, "Barcelona", "Marionette", 1),
    ("Laia", "Serra", 1988, "Barcelona", "Shadow", 0),
    ("Piotr", "Zielinski", 1959, "Krakow", "Rod", 1),
    ("Agata", "Nowak", 1999, "Krakow", None, 0),
    ("Felix", "Brandt", 1976, "Bristol", "Bunraku", 1),
    ("Ines", "Costa", 1983, "Porto", "Hand", 0),
]
exp = [2024 - p[2] - 18 - random.randint(0, 6) for p in puppeteers]
write("puppeteers",
      ["pid", "fname", "lname", "yr_born", "hometown", "yrs_exp", "specialty", "union_mbr"],
      [(i + 1, p[0], p[1], p[2], p[3], exp[i], p[4], p[5]) for i, p in enumerate(puppeteers)])

# ---------------------------------------------------------------- puppets
puppets = [
    # pup_name, pup_type, material, yr_made, maker
    ("Pinocchio", "Marionette", "Wood", 2009, "Jan Novak"),
    ("Geppetto", "Marionette", "Wood", 2009, "Jan Novak"),
    ("Blue Fairy", "Marionette", "Papier-mache", 2010, None),
    ("Kai", "Rod", "Foam", 2015, "Atelier Moreau"),
    ("Gerda", "Rod", "Foam", 2015, "Atelier Moreau"),
    ("Snow Queen", "Bunraku", "Papier-mache", 2016, "Felix Brandt"),
    ("Mr Punch", "Hand", "Wood", 1998, "Tom Ashworth"),
    ("Judy", "Hand", "Wood", 1998, "Tom Ashworth"),
    ("Crocodile", "Hand", "Cloth", 2004, None),
    ("Constable", "Hand", "Cloth", 2004, "Tom Ashworth"),
    ("Don Quixote", "Marionette", "Wood", 2012, "Taller Puig"),
    ("Sancho Panza", "Marionette", "Wood", 2012, "Taller Puig"),
    ("Rocinante", "Rod", "Leather", 2013, "Taller Puig"),
    ("Golem", "Bunraku", "Papier-mache", 2018, "Jan Novak"),
    ("Rabbi Loew", "Marionette", "Wood", 2018, "Jan Novak"),
    ("Peter", "Rod", "Foam", 2020, None),
    ("Wolf", "Shadow", "Leather", 2020, "Oliver Penn"),
    ("Duck", "Shadow", "Leather", 2020, "Oliver Penn"),
    ("Firebird", "Shadow", "Leather", 2017, "Laia Serra"),
    ("Koschei", "Rod", "Papier-mache", 2017, None),
    ("Little Prince", "Bunraku", "Cloth", 2021, "Felix Brandt"),
    ("Fox", "Hand", "Cloth", 2021, None),
    ("Mephisto", "Marionette", "Wood", 2006, "Jan Novak"),
    ("Old Dragon", "Rod", "Foam", 2001, "Atelier Moreau"),
]
heights = random.sample(range(18, 160), len(puppets))
conds = ["Good", "Good", "Good", "Fair", "Fair", "Needs repair"]
write("puppets",
      ["pupid", "pup_name", "pup_type", "material", "ht_cm", "yr_made", "maker", "cond"],
      [(i + 1, p[0], p[1], p[2], heights[i], p[3], p[4], random.choice(conds)) for i, p in enumerate(puppets)])

# ---------------------------------------------------------------- shows
shows = [
    # title, genre, premiere_yr, run_mins, director (pid), min_age
    ("Pinocchio", "Fairy tale", 2010, 70, 1, 5),
    ("The Snow Queen", "Fairy tale", 2016, 85, 4, 6),
    ("Punch and Judy", "Comedy", 1999, 30, 6, 3),
    ("Don Quixote", "Classic", 2013, 95, 10, 10),
    ("The Golem", "Legend", 2018, 80, 1, 12),
    ("Peter and the Wolf", "Musical", 2020, 45, 8, 4),
    ("The Firebird", "Legend", 2017, 60, 11, 7),
    ("The Little Prince", "Classic", 2021, 75, 14, 8),
    ("Faust", "Classic", 2007, 110, 12, 14),
    ("The Dragon of Wawel", "Legend", 2025, 50, None, 5),
]
write("shows",
      ["shid", "title", "genre", "premiere_yr", "run_mins", "director", "min_age"],
      [(i + 1,) + s for i, s in enumerate(shows)])

# ---------------------------------------------------------------- casting (show x puppet x puppeteer)
casting = [
    (1, 1, 1, 1), (1, 2, 2, 0), (1, 3, 2, 0), (1, 9, 10, 0),
    (2, 4, 4, 0), (2, 5, 5, 1), (2, 6, 14, 1), (2, 6, 9, 1),
    (3, 7, 6, 1), (3, 8, 6, 0), (3, 9, 3, 0), (3, 10, 15, 0),
    (4, 11, 10, 1), (4, 12, 1, 0), (4, 13, 4, 0), (4, 13, 12, 0),
    (5, 14, 14, 1), (5, 14, 9, 1), (5, 15, 1, 0), (5, 15, 2, 0),
    (6, 16, 5, 1), (6, 17, 8, 0), (6, 18, 11, 0),
    (7, 19, 11, 1), (7, 20, 12, 0), (7, 17, 8, 0),
    (8, 21, 14, 1), (8, 21, 9, 1), (8, 22, 3, 0),
    (9, 23, 12, 1), (9, 2, 2, 0), (9, 9, 15, 0),
]
write("casting", ["shid", "pupid", "pid", "is_lead"], casting)

# ---------------------------------------------------------------- performances
venues = ["Main Hall", "Studio", "Town Square", "Library Annex", "Castle Courtyard"]
capacity = {"Main Hall": 320, "Studio": 90, "Town Square": 500, "Library Annex": 60, "Castle Courtyard": 400}
perfs = []
for shid in range(1, 10):
    n = random.randint(2, 6)
    for _ in range(n):
        d = datetime.date(2023, 1, 1) + datetime.timedelta(days=random.randint(0, 540))
        perfs.append((shid, d.isoformat(), random.choice(venues)))
perfs.sort(key=lambda p: (p[1], p[0]))
rows = []
used_att = set()
for i, (shid, d, v) in enumerate(perfs):
    cap = capacity[v]
    sold = random.random() < 0.25
    att = cap if sold else random.randint(cap // 3, cap - 1)
    while att in used_att and not sold:
        att -= 1
    used_att.add(att)
    price = random.choice([6.5, 8.0, 9.5, 12.0, 15.0]) if v != "Town Square" else 0.0
    rows.append((i + 1, shid, d, v, att, price, "T" if sold else "F"))
write("performances",
      ["perfid", "shid", "perf_date", "venue", "attendance", "tkt_price", "sold_out"], rows)
