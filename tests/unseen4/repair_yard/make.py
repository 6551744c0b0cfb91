"""Write the CSV tables of the repair_yard database (lower case with abbreviations; deterministic)."""
import csv, os, random, datetime

random.seed(41377)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- owners
owners = [
    # own_id, fname, lname, home_port, phone, club_mbr, mbr_since
    (1, "Margaret", "Doyle", "Newport", "401-555-0142", "Y", "2011-04-18"),
    (2, "Thomas", "Whitcomb", "Mystic", "860-555-0187", "N", None),
    (3, "Elena", "Vasquez", "Gloucester", "978-555-0113", "Y", "2016-06-02"),
    (4, "Robert", "Chen", "Newport", "401-555-0166", "Y", "2008-09-30"),
    (5, "Patrick", "Sullivan", "Marblehead", "781-555-0129", "N", None),
    (6, "Susan", "Albright", "Bar Harbor", "207-555-0171", "Y", "2019-05-11"),
    (7, "David", "Kowalski", "Gloucester", "978-555-0190", "N", None),
    (8, "Linda", "Fairbanks", "Nantucket", "508-555-0135", "Y", "2014-07-21"),
    (9, "James", "Thornton", "Mystic", "860-555-0158", "Y", "2020-03-15"),
    (10, "Karen", "Olsen", "Marblehead", "781-555-0104", "N", None),
    (11, "William", "Hale", "Newport", "401-555-0193", "N", None),
    (12, "Grace", "Pemberton", "Nantucket", "508-555-0122", "Y", "2022-08-09"),
    (13, "Henry", "Lockwood", "Newport", None, "N", None),
    (14, "Ruth", "Abernathy", "Mystic", "860-555-0147", "Y", "2023-02-14"),
]
write("owner", ["own_id", "fname", "lname", "home_port", "phone", "club_mbr", "mbr_since"], owners)

# ---------------------------------------------------------------- vessels
vessels = [
    # vsl_id, vsl_nm, vsl_type, hull_mat, len_ft, yr_built, owned_by, berth
    (1, "Sea Wren", "Sailboat", "GRP", 32.5, 1987, 1, "A-04"),
    (2, "Northern Star", "Motor yacht", "GRP", 44.0, 2005, 4, "C-11"),
    (3, "Katie Lynn", "Trawler", "Steel", 58.0, 1979, 7, None),
    (4, "Blue Heron", "Sailboat", "Wood", 28.0, 1962, 2, "A-09"),
    (5, "Osprey", "Catamaran", "GRP", 38.5, 2014, 3, "B-02"),
    (6, "Windward Belle", "Sailboat", "GRP", 36.0, 1998, 4, "A-12"),
    (7, "Miss Gloucester", "Trawler", "Steel", 62.5, 1984, 7, None),
    (8, "Halcyon", "Motor yacht", "Aluminium", 51.0, 2011, 8, "C-03"),
    (9, "Little Auk", "Dinghy", "Wood", 14.0, 2002, 6, None),
    (10, "Tern", "Sailboat", "Wood", 26.5, 1955, 9, "A-01"),
    (11, "Cormorant", "Lobster boat", "GRP", 34.0, 1996, 5, "B-07"),
    (12, "Seraphina", "Sailboat", "GRP", 41.0, 2008, 4, "A-15"),
    (13, "Iron Mermaid", "Tug", "Steel", 65.0, 1971, 10, None),
    (14, "Pequod II", "Lobster boat", "Wood", 36.5, 1989, 5, "B-08"),
    (15, "Silver Wake", "Motor yacht", "GRP", 47.5, 2019, 11, "C-06"),
    (16, "Dawn Treader", "Catamaran", "Aluminium", 42.0, 2016, 1, "B-04"),
    (17, "Puffin", "Dinghy", "GRP", 12.0, 2021, 12, None),
    (18, "Old Salt", "Lobster boat", "Wood", 31.0, 1968, 9, "B-11"),
]
write("vessel", ["vsl_id", "vsl_nm", "vsl_type", "hull_mat", "len_ft", "yr_built", "owned_by", "berth"], vessels)

# ---------------------------------------------------------------- workers
workers = [
    # wkr_id, fname, lname, trade, hire_dt, hrly_rate, certified, reports_to
    (1, "Frank", "Morrison", "Shipwright", "1998-03-02", 58.00, "Y", None),
    (2, "Angela", "Reyes", "Marine engineer", "2006-07-17", 54.50, "Y", 1),
    (3, "Walt", "Brennan", "Shipwright", "2003-05-12", 49.00, "Y", 1),
    (4, "Tony", "Medeiros", "Welder", "2012-10-01", 42.75, "Y", 2),
    (5, "Kim", "Nguyen", "Electrician", "2015-02-23", 46.00, "Y", 2),
    (6, "Ben", "Harlow", "Painter", "2018-06-04", 31.50, "N", 3),
    (7, "Sam", "Pereira", "Rigger", "2010-04-19", 44.25, "Y", 3),
    (8, "Jess", "Callahan", "Painter", "2020-09-14", 29.00, "N", 3),
    (9, "Luis", "Ortega", "Marine engineer", "2009-01-26", 51.25, "Y", 2),
    (10, "Nora", "Quinlan", "Shipwright", "2017-11-06", 40.00, "N", 1),
    (11, "Derek", "Stone", "Welder", "2021-03-29", 36.50, "N", 4),
    (12, "Maya", "Lindqvist", "Electrician", "2022-07-11", 38.75, "N", 5),
    (13, "Owen", "Fitch", "Rigger", "2019-05-20", 35.00, "Y", 7),
    (14, "Carla", "Dunne", "Painter", "2023-04-03", 27.50, "N", 3),
]
write("worker", ["wkr_id", "fname", "lname", "trade", "hire_dt", "hrly_rate", "certified", "reports_to"], workers)

# ---------------------------------------------------------------- parts
parts = [
    # part_id, part_desc, mfr, category, unit_cost, qty_stk
    (1, "Raw water impeller", "Jabsco", "Engine", 38.95, 24),
    (2, "Fuel filter element", "Racor", "Engine", 22.50, 40),
    (3, "Injector nozzle", "Yanmar", "Engine", 146.00, 6),
    (4, "Head gasket set", "Yanmar", "Engine", 212.40, 3),
    (5, "Alternator 80A", "Balmar", "Electrical", 489.00, 2),
    (6, "Bilge pump 1100 GPH", "Rule", "Electrical", 64.99, 9),
    (7, "AGM marine battery", "Lifeline", "Electrical", 399.95, 5),
    (8, "Tinned wire 10 AWG", "Ancor", "Electrical", 41.20, 18),
    (9, "Stainless turnbuckle", "Ronstan", "Rigging", 57.80, 14),
    (10, "Dyneema halyard", "Samson", "Rigging", 129.00, 7),
    (11, "Wire shroud 7mm", "Navtec", "Rigging", 96.50, 0),
    (12, "Mainsail slide set", "Harken", "Rigging", 74.25, 11),
    (13, "Bottom paint gallon", "Interlux", "Paint", 289.99, 16),
    (14, "Epoxy primer gallon", "Interlux", "Paint", 118.60, 10),
    (15, "Topside enamel quart", "Pettit", "Paint", 54.30, 12),
    (16, "Fiberglass cloth yard", "West System", "Hull", 12.75, 60),
    (17, "Epoxy resin kit", "West System", "Hull", 96.10, 8),
    (18, "Zinc anode", "Martyr", "Hull", 18.40, 50),
    (19, "Cutless bearing", "Duramax", "Hull", 87.35, 4),
    (20, "Steel plate sheet", "Ryerson", "Hull", 342.00, 3),
    (21, "Windlass motor", "Lewmar", "Electrical", 612.00, 1),
    (22, "Teak plank 8 ft", None, "Hull", 64.00, 20),
]
write("part", ["part_id", "part_desc", "mfr", "category", "unit_cost", "qty_stk"], parts)

# ---------------------------------------------------------------- jobs
# which job types suit which vessel, and who leads them
types_for = {
    "Sailboat": ["Antifouling", "Rigging", "Rigging", "Hull repair", "Survey", "Electrical", "Engine overhaul"],
    "Motor yacht": ["Engine overhaul", "Engine overhaul", "Electrical", "Antifouling", "Survey"],
    "Trawler": ["Engine overhaul", "Welding", "Antifouling", "Hull repair"],
    "Catamaran": ["Antifouling", "Rigging", "Rigging", "Electrical"],
    "Dinghy": ["Hull repair", "Antifouling"],
    "Lobster boat": ["Engine overhaul", "Hull repair", "Antifouling", "Electrical"],
}
foremen = {
    "Antifouling": [3, 3, 1], "Rigging": [7], "Hull repair": [1, 3], "Survey": [1],
    "Electrical": [5], "Engine overhaul": [2, 9, 9], "Welding": [4],
}
parts_for = {
    "Antifouling": [13, 14, 18], "Rigging": [9, 10, 11, 12], "Hull repair": [16, 17, 19, 15],
    "Survey": [], "Electrical": [5, 6, 7, 8], "Engine overhaul": [1, 2, 3, 4], "Welding": [20, 18],
}
hrs_range = {
    "Antifouling": (16, 48), "Rigging": (12, 60), "Hull repair": (20, 120), "Survey": (4, 12),
    "Electrical": (8, 50), "Engine overhaul": (20, 90), "Welding": (10, 70),
}
rate = {w[0]: w[5] for w in workers}
# boats that come in (some more than once); Tern, Iron Mermaid and Puffin never have
boat_plan = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 16, 18,
             1, 2, 3, 6, 7, 8, 11, 12, 14, 15, 16, 18, 3, 7, 2, 8, 6, 3, 11]
jobs, job_parts = [], []
hrs_seen, cost_seen = set(), set()
for i, b in enumerate(boat_plan):
    vtype = vessels[b - 1][2]
    jt = random.choice(types_for[vtype])
    fm = random.choice(foremen[jt])
    start = datetime.date(2022, 1, 10) + datetime.timedelta(days=random.randint(0, 880))
    hrs = round(random.uniform(*hrs_range[jt]), 1)
    while hrs in hrs_seen:
        hrs = round(hrs + 0.5, 1)
    hrs_seen.add(hrs)
    end = start + datetime.timedelta(days=int(hrs // 8) + random.randint(1, 10))
    if start >= datetime.date(2024, 4, 1):
        end = None
    cost = round(hrs * rate[fm] * random.uniform(1.1, 1.6), 2)
    while cost in cost_seen:
        cost = round(cost + 1, 2)
    cost_seen.add(cost)
    warranty = "Y" if random.random() < 0.15 else "N"
    jobs.append([None, b, fm, jt, start, end, hrs, cost, warranty])
jobs.sort(key=lambda j: (j[4], j[1]))
for i, j in enumerate(jobs):
    j[0] = 1001 + i
    pool = parts_for[j[3]]
    if pool:
        for p in random.sample(pool, random.randint(1, min(3, len(pool)))):
            qty = random.choice([1, 1, 1, 2, 2, 3, 4]) if p not in (16, 18) else random.randint(2, 12)
            job_parts.append((j[0], p, qty))
    j[4] = j[4].isoformat()
    j[5] = j[5].isoformat() if j[5] else None
write("repair_job", ["job_no", "boat", "foreman", "job_type", "start_dt", "end_dt", "lbr_hrs", "cost_usd",
                     "warranty"], jobs)
write("job_part", ["job_no", "part_id", "qty"], job_parts)
print(len(owners), "owners", len(vessels), "vessels", len(workers), "workers", len(jobs), "jobs",
      len(job_parts), "job parts")
