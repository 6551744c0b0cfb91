"""Build the bell_ringers tables (deterministic)."""
import csv, os, random, datetime

random.seed(2718)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# tower_id, place, dedication, county, diocese, num_bells, tenor_cwt, tenor_key, grnd_flr, practice_nt
towers = [
    (1, "Kirtlington", "St Mary the Virgin", "Oxfordshire", "Oxford", 8, 15.9, "E", 0, "Tue"),
    (2, "Appleton", "St Lawrence", "Oxfordshire", "Oxford", 10, 16.3, "E", 1, "Fri"),
    (3, "Stoke Gabriel", "St Mary and St Gabriel", "Devon", "Exeter", 6, 11.2, "G", 1, "Wed"),
    (4, "Kilkhampton", "St James the Great", "Cornwall", "Truro", 8, 14.1, "F", 0, "Mon"),
    (5, "Ipswich", "St Mary-le-Tower", "Suffolk", "St Edmundsbury", 12, 35.6, "C", 0, "Thu"),
    (6, "Debenham", "St Mary Magdalene", "Suffolk", "St Edmundsbury", 8, 22.5, "D", 1, "Wed"),
    (7, "Painswick", "St Mary", "Gloucestershire", "Gloucester", 14, 33.2, "C", 0, "Mon"),
    (8, "Shipley", "St Mary the Virgin", "West Sussex", "Chichester", 8, 13.0, "F", 1, "Tue"),
    (9, "Helmsley", "All Saints", "North Yorkshire", "York", 8, 13.5, "F", 0, "Thu"),
    (10, "Leiston", "St Margaret", "Suffolk", "St Edmundsbury", 6, 12.8, "G", 1, "Fri"),
    (11, "Cheddar", "St Andrew", "Somerset", "Bath and Wells", 8, 22.1, "D", 0, "Tue"),
    (12, "Westonzoyland", "St Mary", "Somerset", "Bath and Wells", 8, 17.4, "E", 1, "Mon"),
    (13, "Braunton", "St Brannock", "Devon", "Exeter", 10, 19.8, "E", 0, "Thu"),
]
write("towers", ["tower_id", "place", "dedication", "county", "diocese", "num_bells", "tenor_cwt", "tenor_key",
                 "grnd_flr", "practice_nt"], towers)

# bells: bell_id, tower_id, bell_no, note, wt_cwt, founder, yr_cast
NOTES = ["C", "D", "E", "F", "G", "A", "B"]
founders = ["Taylor", "Whitechapel", "Rudhall", "Mears", "Warner", "Gillett & Johnston", "Pennington", "Bilbie"]
full_rings = {1, 3, 8, 10}
bells = []
used_wt = set()
bid = 0
for t in towers:
    tid, n, tenor, key = t[0], t[5], t[6], t[7]
    if tid in full_rings:
        nums = list(range(1, n + 1))
    else:
        nums = sorted(random.sample(range(1, n), random.randint(1, 2))) + [n]
    for b in nums:
        # descending major scale from the treble to the tenor
        steps = n - b
        note = NOTES[(NOTES.index(key) + steps) % 7]
        wt = round(tenor * (0.25 + 0.75 * ((b - 1) / (n - 1)) ** 1.7), 1)
        while wt in used_wt:
            wt = round(wt + 0.1, 1)
        used_wt.add(wt)
        founder = random.choice(founders)
        if founder == "Rudhall":
            yr = random.randint(1684, 1830)
        elif founder == "Bilbie":
            yr = random.randint(1700, 1810)
        elif founder == "Pennington":
            yr = random.randint(1620, 1780)
        elif founder == "Gillett & Johnston":
            yr = random.randint(1880, 1950)
        else:
            yr = random.randint(1760, 2005)
        bid += 1
        bells.append((bid, tid, b, note, wt, founder, yr if random.random() > 0.06 else None))
write("bells", ["bell_id", "tower_id", "bell_no", "note", "wt_cwt", "founder", "yr_cast"], bells)

# ringers: ringer_id, fname, lname, gender, yr_learnt, home_tower, guild_mbr
ringers = [
    (1, "Margaret", "Pye", "F", 1972, 1, "T"),
    (2, "Derek", "Sibson", "M", 1965, 5, "T"),
    (3, "Anne", "Hollis", "F", 1988, 3, "T"),
    (4, "Colin", "Tregarthen", "M", 1979, 4, "F"),
    (5, "Peter", "Bagworth", "M", 1958, 7, "T"),
    (6, "Julia", "Cater", "F", 1994, 2, "T"),
    (7, "Simon", "Rudd", "M", 1983, 5, "T"),
    (8, "Helen", "Marsh", "F", 2001, 6, "F"),
    (9, "Graham", "Knight", "M", 1969, 9, "T"),
    (10, "Rosemary", "Blake", "F", 1976, 11, "T"),
    (11, "Tom", "Gale", "M", 2009, 8, "F"),
    (12, "Katie", "Moreton", "F", 2012, 10, "T"),
    (13, "Alan", "Frost", "M", 1961, 12, "T"),
    (14, "Ian", "Ledger", "M", 1985, 1, "F"),
    (15, "Susan", "Pickford", "F", 1980, 13, "T"),
    (16, "Robin", "Heald", "M", 1998, None, "F"),
    (17, "Clare", "Ashby", "F", 2005, 6, "T"),
    (18, "Martin", "Dobbs", "M", 1974, 7, "T"),
    (19, "Eleanor", "Sibson", "F", 1991, 5, "T"),
    (20, "Philip", "Earle", "M", 2015, None, "F"),
    (21, "Nigel", "Howe", "M", 1967, 11, "T"),
    (22, "Beth", "Carew", "F", 2018, 3, "F"),
]
write("ringers", ["ringer_id", "fname", "lname", "gender", "yr_learnt", "home_tower", "guild_mbr"], ringers)

# peals: peal_id, tower_id, peal_dt, method, stage, num_changes, mins, conductor (a ringer_id)
STAGE = {6: "Minor", 8: "Major", 10: "Royal", 12: "Maximus", 14: "Fourteen"}
peal_specs = [
    (1, "Plain Bob", 2), (3, "Plain Bob", 3), (5, "Stedman", 2), (2, "Cambridge Surprise", 6),
    (7, "Bristol Surprise", 5), (6, "Yorkshire Surprise", 18), (1, "Cambridge Surprise", 1),
    (11, "Grandsire", 10), (9, "Kent Treble Bob", 14), (13, "Yorkshire Surprise", 15),
    (5, "Cambridge Surprise", 7), (12, "Plain Bob", 13), (5, "Bristol Surprise", 1),
    (10, "Cambridge Surprise", 3), (6, "Cambridge Surprise", 2), (11, "Yorkshire Surprise", 21),
]
random.seed(55)
tower_n = {t[0]: t[5] for t in towers}
peals = []
used_mins = set()
for i, (tid, method, cond) in enumerate(peal_specs, 1):
    n = tower_n[tid]
    if method in ("Stedman", "Grandsire"):
        n_work = n - 1
        stage = {7: "Triples", 9: "Caters", 11: "Cinques"}[n_work]
    else:
        stage = STAGE[n]
    changes = {6: 5040, 8: 5056, 10: 5040, 12: 5007, 14: 5014}[n] if method not in ("Stedman", "Grandsire") else 5040
    if i in (4, 12):
        changes += 120
    d = datetime.date(2010, 1, 1) + datetime.timedelta(days=i * 211 + random.randint(0, 90))
    mins = random.randint(150, 230) + (20 if n >= 10 else 0)
    while mins in used_mins:
        mins += 1
    used_mins.add(mins)
    peals.append((i, tid, d.isoformat(), method, stage, changes, mins, cond))
write("peals", ["peal_id", "tower_id", "peal_dt", "method", "stage", "num_changes", "mins", "conductor"], peals)

# rang_in: which ringers rang in which peal (recorded band only), with the bell they rang
random.seed(77)
rang = []
for p in peals:
    pid, tid, cond = p[0], p[1], p[7]
    n = tower_n[tid]
    k = random.randint(3, 4)
    pool = [r[0] for r in ringers if r[0] != cond and r[0] not in (20, 22)]
    band = [cond] + random.sample(pool, k - 1)
    bells_rung = random.sample(range(1, n + 1), k)
    for r, b in zip(band, bells_rung):
        rang.append((pid, r, b))
write("rang_in", ["peal_id", "ringer_id", "bell_no"], rang)
