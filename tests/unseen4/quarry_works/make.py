"""Build the quarry_works tables (deterministic; lower case with abbreviations convention)."""
import csv, os, random, datetime

random.seed(4471)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# qry_id, qry_nm, county, rock_type, yr_opened, area_ha, max_depth_m, active, mgr_nm
quarries = [
    (1, "Hollins Edge", "Derbyshire", "Limestone", 1931, 212.4, 118, "Y", "Karen Beddows"),
    (2, "Wardlow Dale", "Derbyshire", "Limestone", 1954, 96.7, 72, "Y", "Stuart Naylor"),
    (3, "Markfield Rise", "Leicestershire", "Granite", 1862, 141.8, 146, "Y", "Deepak Mistry"),
    (4, "Coalville Top", "Leicestershire", "Granite", 1889, 88.3, 97, "N", None),
    (5, "Mells Bottom", "Somerset", "Limestone", 1923, 187.9, 104, "Y", "Louise Parfitt"),
    (6, "Chew Hill", "Somerset", "Limestone", 1966, 54.2, 61, "Y", "Gavin Tucker"),
    (7, "Llanberis Gap", "Gwynedd", "Slate", 1788, 264.5, 312, "N", None),
    (8, "Cwm Glas", "Gwynedd", "Slate", 1812, 119.6, 228, "Y", "Rhian Pritchard"),
    (9, "Idle Moor", "West Yorkshire", "Sandstone", 1847, 21.3, 38, "Y", "Mick Sutcliffe"),
    (10, "Shapfell", "Cumbria", "Granite", 1871, 73.9, 131, "Y", "Alison Dodd"),
    (11, "Penwith Carn", "Cornwall", "Granite", 1901, 46.1, 84, "N", "Jory Trewin"),
]
write("quarry", ["qry_id", "qry_nm", "county", "rock_type", "yr_opened", "area_ha", "max_depth_m", "active",
                 "mgr_nm"], quarries)

# op_id, op_nm, job_role, base_qry, yrs_svc, hourly_rt, blast_cert, supervisor, hire_dt
operators = [
    (1, "Ray Hadfield", "Foreman", 1, 31, 24.80, "Y", None, "1993-04-12"),
    (2, "Dean Mellor", "Shot Firer", 1, 17, 21.35, "Y", 1, "2007-09-03"),
    (3, "Jodie Slack", "Excavator Operator", 1, 6, 17.90, "N", 1, "2018-02-19"),
    (4, "Craig Bagshaw", "Dump Truck Driver", 2, 11, 16.40, "N", 1, "2013-06-24"),
    (5, "Sanjay Patel", "Foreman", 3, 26, 25.10, "Y", None, "1998-01-05"),
    (6, "Lee Gamble", "Shot Firer", 3, 14, 21.75, "Y", 5, "2010-03-29"),
    (7, "Tracey Orton", "Weighbridge Clerk", 3, 9, 13.60, "N", 5, "2015-11-16"),
    (8, "Wayne Dexter", "Driller", 3, 21, 19.20, "N", 5, "2003-08-11"),
    (9, "Neil Cottle", "Foreman", 5, 28, 24.55, "Y", None, "1996-05-20"),
    (10, "Ben Vowles", "Shot Firer", 5, 8, 20.65, "Y", 9, "2016-07-04"),
    (11, "Kerry Ashman", "Dump Truck Driver", 6, 4, 15.85, "N", 9, "2020-01-13"),
    (12, "Tom Hembrow", "Driller", 5, 12, 18.70, "N", 9, "2012-10-22"),
    (13, "Gethin Owen", "Foreman", 8, 33, 24.30, "Y", None, "1991-03-18"),
    (14, "Iwan Roberts", "Shot Firer", 8, 19, 21.10, "Y", 13, "2005-05-09"),
    (15, "Sioned Jones", "Excavator Operator", 8, 7, 17.45, "N", 13, "2017-04-03"),
    (16, "Darren Foulds", "Dump Truck Driver", 9, 15, 16.10, "N", 1, "2009-09-28"),
    (17, "Gary Hebblethwaite", "Driller", 9, 24, 19.55, "Y", 1, "2000-02-14"),
    (18, "Fiona Tyson", "Shot Firer", 10, 10, 20.95, "Y", 13, "2014-08-18"),
    (19, "Stewart Bell", "Dump Truck Driver", 10, 2, 15.40, "N", 13, "2022-03-07"),
    (20, "Paul Ridley", "Fitter", 10, 18, 18.25, "N", 13, "2006-06-26"),
    (21, "Mark Whitby", "Fitter", 2, 13, 18.05, "N", 1, "2011-12-05"),
    (22, "Ashley Kemp", "Dump Truck Driver", 3, 5, 15.60, "N", 5, "2019-05-13"),
    (23, "Jason Pickering", "Dump Truck Driver", 6, 3, 17.15, "N", 9, "2021-10-18"),
    (24, "Lorna Keast", "Weighbridge Clerk", None, 1, 12.95, "N", 9, "2023-06-12"),
]
write("operator", ["op_id", "op_nm", "job_role", "base_qry", "yrs_svc", "hourly_rt", "blast_cert", "supervisor",
                   "hire_dt"], operators)

# blasts at the active quarries, fired by a certified shot firer of the same area
firers = {1: [2, 17], 2: [2], 3: [6], 5: [10], 6: [10], 8: [14], 9: [17], 10: [18]}
blast_qrys = [1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 5, 5, 5, 6, 8, 8, 8, 9, 10, 10, 10, 1, 3, 5, 8, 9, 10]
blasts = []
used_t = set()
used_kg = set()
for i, q in enumerate(blast_qrys, 1):
    d = datetime.date(2023, 1, 9) + datetime.timedelta(days=i * 12 + random.randint(0, 8))
    holes = random.randint(8, 36)
    kg = round(holes * random.uniform(38, 62), 1)
    while kg in used_kg:
        kg = round(kg + 0.1, 1)
    used_kg.add(kg)
    t = int(kg * random.uniform(3.6, 5.2) / 10) * 10
    while t in used_t:
        t += 10
    used_t.add(t)
    vib = round(random.uniform(1.2, 9.8), 2) if random.random() > 0.15 else None
    misfire = "Y" if random.random() < 0.12 else "N"
    blasts.append((i, q, d.isoformat(), random.choice(firers[q]), holes, kg, t, vib, misfire))
write("blast", ["blast_id", "qry_id", "blast_dt", "shot_firer", "n_holes", "charge_kg", "tonnage_t", "vib_mm_s",
                "misfire"], blasts)

# cust_id, cust_nm, city, cust_type, credit_lim, acct_opened
customers = [
    (1, "Peakland Ready Mix", "Buxton", "Ready-mix", 250000, "2004-03-01"),
    (2, "Trent Valley Asphalt", "Nottingham", "Asphalt Plant", 400000, "1999-07-15"),
    (3, "Charnwood Civils", "Loughborough", "Contractor", 150000, "2011-09-20"),
    (4, "Mendip Builders Merchants", "Frome", "Merchant", 80000, "2008-01-28"),
    (5, "Bristol City Council", "Bristol", "Council", 500000, "1996-04-01"),
    (6, "Snowdonia Roofing", "Bangor", "Merchant", 60000, "2015-05-11"),
    (7, "Aire Stone Masonry", "Leeds", "Contractor", 45000, "2017-02-06"),
    (8, "Northern Rail Ballast", "Carlisle", "Rail", 350000, "2002-10-14"),
    (9, "Severn Sea Defences", "Cardiff", "Contractor", 200000, "2019-08-19"),
    (10, "Derwent Concrete Products", "Derby", "Ready-mix", 120000, "2013-03-25"),
    (11, "Cumbria Highways", "Kendal", "Council", 300000, "2001-06-04"),
    (12, "Harrogate Garden Stone", "Harrogate", "Merchant", 25000, "2021-11-22"),
]
write("customer", ["cust_id", "cust_nm", "city", "cust_type", "credit_lim", "acct_opened"], customers)

products = {
    "Limestone": [("Type 1 MOT", 11.5), ("20mm Aggregate", 14.2), ("Crusher Dust", 7.8), ("Rail Ballast", 16.9)],
    "Granite": [("20mm Aggregate", 17.6), ("Rail Ballast", 19.4), ("Armourstone", 38.0), ("Type 1 MOT", 13.1)],
    "Slate": [("Roofing Slate", 410.0), ("Slate Chippings", 52.0)],
    "Sandstone": [("Dimension Stone", 165.0), ("Walling Stone", 95.0)],
}
cust_for = {
    "Limestone": [1, 2, 4, 5, 10, 3],
    "Granite": [2, 3, 8, 9, 11, 10],
    "Slate": [6, 4, 12],
    "Sandstone": [7, 12, 4],
}
drivers = {1: [4, 16], 2: [4], 3: [22], 5: [11], 6: [11], 8: [], 9: [16], 10: [19]}
haul_src = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 6, 6, 8, 8, 8, 8, 9, 9, 9, 10, 10, 10,
            10, 1, 3, 5, 2, 8, 10, 3, 6]
hauls = []
used_ton = set()
for i, q in enumerate(haul_src, 1):
    rock = quarries[q - 1][3]
    prod, base = random.choice(products[rock])
    cust = random.choice(cust_for[rock])
    d = datetime.date(2023, 2, 1) + datetime.timedelta(days=random.randint(0, 300))
    ton = round(random.uniform(18, 29), 1) if rock not in ("Slate", "Sandstone") else round(random.uniform(4, 16), 1)
    while ton in used_ton:
        ton = round(ton + 0.1, 1)
    used_ton.add(ton)
    price = round(base * random.uniform(0.9, 1.15), 2)
    drv = random.choice(drivers[q]) if drivers[q] and random.random() > 0.1 else None
    hauls.append((7000 + i, q, cust, d.isoformat(), prod, ton, price, drv))
write("haul", ["haul_no", "src_qry", "haul_to", "haul_dt", "product", "tonnage_t", "price_per_t", "driver"], hauls)
print(len(operators), "operators", len(blasts), "blasts", len(hauls), "hauls")
