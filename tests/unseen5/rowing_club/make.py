"""Write the CSV tables of the rowing_club database (lower case with abbreviations; deterministic)."""
import csv, os, random

random.seed(80417)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- clubs
clubs = [
    # club_id, club_nm, city, river, yr_est, is_univ, mbr_fee
    (1, "Tyneside Amateur RC", "Newcastle", "Tyne", 1852, "F", 310.0),
    (2, "Wearmouth University BC", "Durham", "Wear", 1877, "T", 95.0),
    (3, "Irwell Valley RC", "Salford", "Irwell", 1861, "F", 265.0),
    (4, "Ouse City RC", "York", "Ouse", 1860, "F", 280.0),
    (5, "Aire Bank University BC", "Leeds", "Aire", 1905, "T", 80.0),
    (6, "Trentside RC", "Nottingham", "Trent", 1862, "F", 295.0),
    (7, "Trent Polytechnic BC", "Nottingham", "Trent", 1948, "T", 70.0),
    (8, "Calder Vale RC", "Wakefield", "Calder", 1994, "F", 180.0),
]
write("club", ["club_id", "club_nm", "city", "river", "yr_est", "is_univ", "mbr_fee"], clubs)

# ---------------------------------------------------------------- rowers
men = ["James", "Oliver", "Harry", "Tom", "Sam", "Ben", "Daniel", "Luke", "Matthew", "Ryan", "Callum", "Joe",
       "Adam", "Jack", "Owen", "Ethan", "Lewis", "Nathan", "Rhys", "George", "Alfie", "Max", "Isaac", "Finn",
       "Hugo", "Will", "Rory", "Toby", "Dominic"]
women = ["Emma", "Sophie", "Lucy", "Grace", "Hannah", "Chloe", "Ellie", "Amy", "Megan", "Katie", "Laura", "Holly",
         "Beth", "Ruth", "Isla", "Freya", "Anna", "Molly", "Zoe", "Jess", "Niamh", "Alice", "Rosie", "Martha", "Imogen"]
surnames = ["Armstrong", "Bell", "Charlton", "Dodds", "Elliott", "Forster", "Gibson", "Hall", "Irving", "Jobling",
            "Kerr", "Liddell", "Milburn", "Nixon", "Ord", "Pattinson", "Quigley", "Robson", "Swan", "Taylor",
            "Usher", "Varley", "Wardle", "Yeoman", "Ashby", "Brough", "Crowther", "Denby", "Eastwood", "Firth",
            "Greenwood", "Haigh", "Ibbotson", "Jagger", "Kershaw", "Lumb", "Marsden", "Naylor", "Oldroyd",
            "Pickles", "Ramsden", "Sutcliffe", "Thackray", "Utley", "Walsh", "Whiteley", "Beaumont", "Holroyd", "Fawcett", "Stainton", "Heaton", "Redpath", "Tindall", "Wilkinson"]
random.shuffle(men)
random.shuffle(women)
random.shuffle(surnames)
per_club = {1: (5, 3), 2: (4, 5), 3: (3, 2), 4: (3, 3), 5: (4, 4), 6: (5, 2), 7: (2, 3), 8: (2, 2)}
rowers = []
wts = set()
for cid, (nm, nw) in per_club.items():
    univ = clubs[cid - 1][5] == "T"
    for sex, n in (("M", nm), ("W", nw)):
        for _ in range(n):
            fn = (men if sex == "M" else women).pop()
            ln = surnames.pop()
            by = random.randint(2000, 2005) if univ else random.randint(1976, 2001)
            wt = round(random.uniform(67, 96) if sex == "M" else random.uniform(53, 77), 1)
            while wt in wts:
                wt = round(wt + 0.3, 1)
            wts.add(wt)
            side = random.choice(["Scull", "Scull", "Port", "Stbd"])
            ltwt = 1 if (sex == "M" and wt <= 72.5) or (sex == "W" and wt <= 59.0) else 0
            rowers.append([None, fn, ln, sex, by, wt, cid, side, ltwt])
random.shuffle(rowers)
for i, r in enumerate(rowers, 1):
    r[0] = i
write("rower", ["rower_id", "fname", "lname", "sex", "birth_yr", "wt_kg", "home_club", "side", "ltwt"], rowers)

# ---------------------------------------------------------------- boats
boats = [
    # boat_id, boat_nm, boat_cls, builder, yr_built, owned_by, hull_wt_kg
    (1, "Kingfisher", "1x", "Filippi", 2015, 1, 14.2),
    (2, "Swift", "1x", "Empacher", 2011, 2, 14.6),
    (3, "Heron", "1x", "Hudson", 2008, 3, 15.1),
    (4, "Dipper", "1x", "Filippi", 2019, 4, 14.0),
    (5, "Merlin", "1x", "Janousek", 2003, 6, 15.8),
    (6, "Tyne Lass", "2x", "Empacher", 2013, 1, 27.4),
    (7, "Prince Bishop", "2x", "Filippi", 2017, 2, 27.0),
    (8, "Ouse Otter", "2x", "Wintech", 2009, 4, 28.3),
    (9, "Blue Wave", "2x", "Janousek", 2006, 5, 29.1),
    (10, "Sandpiper", "2-", "Empacher", 2012, 2, 26.8),
    (11, "Irwell Queen", "2-", "Janousek", 2001, 3, 28.9),
    (12, "Robin Hood", "2-", "Filippi", 2020, 6, 26.5),
    (13, "Cathedral", "4x", "Empacher", 2016, 2, 52.0),
    (14, "Aire Force", "4x", "Filippi", 2021, 5, 51.2),
    (15, "Sherwood", "4x", "Wintech", 2010, 7, 53.7),
    (16, "Geordie Spirit", "4+", "Hudson", 2007, 1, 51.0),
    (17, "Trent Lady", "4+", "Janousek", 2014, 6, 51.9),
    (18, "Old Faithful", "1x", "Hudson", 1998, 7, 16.3),
    (19, "Minster", "2x", "Wintech", 2004, 4, 29.6),
]
write("boat", ["boat_id", "boat_nm", "boat_cls", "builder", "yr_built", "owned_by", "hull_wt_kg"], boats)

# ---------------------------------------------------------------- races
races = [
    # race_id, regatta, venue, race_dt, boat_cls, race_cat, dist_m
    (1, "York Spring Regatta", "York", "2024-04-20", "1x", "Men", 1000),
    (2, "York Spring Regatta", "York", "2024-04-20", "2x", "Women", 1000),
    (3, "York Spring Regatta", "York", "2024-04-21", "4+", "Men", 1000),
    (4, "Durham Regatta", "Durham", "2024-06-08", "1x", "Women", 2000),
    (5, "Durham Regatta", "Durham", "2024-06-08", "2-", "Men", 2000),
    (6, "Durham Regatta", "Durham", "2024-06-09", "4x", "Women", 2000),
    (7, "Durham Regatta", "Durham", "2024-06-09", "2x", "Men", 2000),
    (8, "Nottingham City Regatta", "Nottingham", "2024-07-13", "1x", "Men", 2000),
    (9, "Nottingham City Regatta", "Nottingham", "2024-07-13", "2x", "Women", 2000),
    (10, "Nottingham City Regatta", "Nottingham", "2024-07-14", "4x", "Men", 2000),
    (11, "Tyne Autumn Sprints", "Newcastle", "2024-09-21", "1x", "Women", 500),
    (12, "Tyne Autumn Sprints", "Newcastle", "2024-09-21", "2-", "Men", 500),
]
write("race", ["race_id", "regatta", "venue", "race_dt", "boat_cls", "race_cat", "dist_m"], races)

# ---------------------------------------------------------------- entries and crews
seats = {"1x": 1, "2x": 2, "2-": 2, "4x": 4, "4+": 4}
speed = {"1x": 4.5, "2x": 4.9, "2-": 4.8, "4x": 5.4, "4+": 5.1}
target = {1: 4, 2: 3, 3: 2, 4: 3, 5: 3, 6: 2, 7: 3, 8: 3, 9: 2, 10: 2, 11: 3, 12: 2}
unused_boats = {18, 19}
by_club = {}
for r in rowers:
    by_club.setdefault((r[6], r[3]), []).append(r[0])
entries, crew = [], []
times = set()
eid = 100
for race in races:
    rid, cls, cat, dist = race[0], race[4], race[5], race[6]
    sex = "M" if cat == "Men" else "W"
    need = seats[cls]
    ok = [b for b in boats if b[2] == cls and b[0] not in unused_boats
          and len(by_club.get((b[5], sex), [])) >= need
          and (cls != "4+" or len(by_club[(b[5], "M")]) + len(by_club.get((b[5], "W"), [])) > need)]
    chosen = random.sample(ok, min(target[rid], len(ok)))
    assert len(chosen) >= 2, (rid, ok)
    rows = []
    for b in chosen:
        members = random.sample(by_club[(b[5], sex)], need)
        cox = None
        if cls == "4+":
            rest = [x for x in by_club[(b[5], "M")] + by_club.get((b[5], "W"), []) if x not in members]
            cox = min(rest, key=lambda x: rowers[[r[0] for r in rowers].index(x)][5])
        t = round(dist / (speed[cls] * (0.9 if sex == "W" else 1.0)) * random.uniform(0.96, 1.06), 1)
        while t in times:
            t = round(t + 0.2, 1)
        times.add(t)
        rows.append([None, rid, b[0], cox, None, None, t, members])
    lanes = random.sample(range(1, len(rows) + 1), len(rows))
    for k, row in enumerate(sorted(rows, key=lambda x: x[6]), 1):
        row[5] = k
    for row, ln in zip(rows, lanes):
        eid += 1
        row[0] = eid
        row[4] = ln
        for s, m in enumerate(row[7], 1):
            crew.append((eid, m, s))
        entries.append(row[:7])
write("entry", ["entry_id", "race_id", "boat_id", "cox", "lane", "fin_pos", "time_s"], entries)
write("crew", ["entry_id", "rower_id", "seat_no"], crew)
print(len(clubs), "clubs", len(rowers), "rowers", len(boats), "boats", len(races), "races", len(entries), "entries",
      len(crew), "crew seats")
