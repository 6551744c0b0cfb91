"""Writes tables/*.csv for the seed_bank database (lower_case with abbreviations convention; deterministic)."""
import csv, os, random, datetime

random.seed(31337)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


species = [
    # sp_id, species_nm, common_nm, family, habit, iucn_cat, endemic
    (1, "Quercus robur", "English oak", "Fagaceae", "Tree", "LC", "N"),
    (2, "Fagus sylvatica", "Common beech", "Fagaceae", "Tree", "LC", "N"),
    (3, "Betula pendula", "Silver birch", "Betulaceae", "Tree", "LC", "N"),
    (4, "Sorbus arranensis", "Arran whitebeam", "Rosaceae", "Tree", "EN", "Y"),
    (5, "Sorbus pseudomeinichii", "Catacol whitebeam", "Rosaceae", "Tree", "CR", "Y"),
    (6, "Primula scotica", "Scottish primrose", "Primulaceae", "Herb", "VU", "Y"),
    (7, "Primula veris", "Cowslip", "Primulaceae", "Herb", "LC", "N"),
    (8, "Dianthus armeria", "Deptford pink", "Caryophyllaceae", "Herb", "EN", "N"),
    (9, "Silene acaulis", "Moss campion", "Caryophyllaceae", "Herb", "LC", "N"),
    (10, "Crataegus monogyna", "Hawthorn", "Rosaceae", "Shrub", "LC", "N"),
    (11, "Juniperus communis", "Common juniper", "Cupressaceae", "Shrub", "LC", "N"),
    (12, "Ophrys apifera", "Bee orchid", "Orchidaceae", "Herb", "LC", "N"),
    (13, "Festuca rubra", "Red fescue", "Poaceae", "Grass", "LC", "N"),
    (14, "Sesleria caerulea", "Blue moor-grass", "Poaceae", "Grass", "NT", "N"),
    (15, "Pinus sylvestris", "Scots pine", "Pinaceae", "Tree", "LC", "N"),
    (16, "Saxifraga hirculus", "Marsh saxifrage", "Saxifragaceae", "Herb", "VU", "N"),
    (17, "Saxifraga cespitosa", "Tufted saxifrage", "Saxifragaceae", "Herb", "NT", "N"),
    (18, "Euphrasia cambrica", "Welsh eyebright", "Orobanchaceae", "Herb", "CR", "Y"),
    (19, "Carex flacca", "Glaucous sedge", "Cyperaceae", "Sedge", "LC", "N"),
    (20, "Rosa spinosissima", "Burnet rose", "Rosaceae", "Shrub", "LC", "N"),
    (21, "Calluna vulgaris", "Heather", "Ericaceae", "Shrub", "LC", "N"),
    (22, "Vaccinium myrtillus", "Bilberry", "Ericaceae", "Shrub", "LC", "N"),
    (23, "Hieracium attenboroughianum", None, "Asteraceae", "Herb", None, "Y"),
    (24, "Gentiana verna", "Spring gentian", "Gentianaceae", "Herb", "NT", "N"),
]
write("species", ["sp_id", "species_nm", "common_nm", "family", "habit", "iucn_cat", "endemic"], species)

staff = [
    # staff_id, fname, lname, role, hire_dt, base_site
    (1, "Fiona", "MacLeod", "Collector", "2009-04-01", "Edinburgh"),
    (2, "Rhys", "Pritchard", "Collector", "2012-09-17", "Cardiff"),
    (3, "Eilidh", "Fraser", "Collector", "2016-03-07", "Inverness"),
    (4, "Tom", "Ashworth", "Collector", "2005-06-20", "Kew"),
    (5, "Priya", "Raman", "Technician", "2014-01-13", "Wakehurst"),
    (6, "Oliver", "Grant", "Technician", "2018-10-01", "Wakehurst"),
    (7, "Hannah", "Price", "Technician", "2020-02-24", "Wakehurst"),
    (8, "Martin", "Clegg", "Curator", "2001-11-05", "Wakehurst"),
    (9, "Siobhan", "Kelly", "Collector", "2019-05-14", "Belfast"),
    (10, "Gareth", "Hughes", "Collector", "2021-08-02", "Cardiff"),
    (11, "Amara", "Osei", "Technician", "2022-06-27", "Wakehurst"),
    (12, "Duncan", "Reid", "Curator", "2010-07-19", "Edinburgh"),
    (13, "Isla", "Thomson", "Collector", "2023-04-03", "Inverness"),
    (14, "Ben", "Carter", "Technician", "2023-09-11", "Wakehurst"),
]
write("staff", ["staff_id", "fname", "lname", "role", "hire_dt", "base_site"], staff)

vaults = [
    # vault_id, vault_nm, temp_c, rh_pct, cap_pkts, bldg, is_backup
    (1, "Main Vault A", -20, 15, 20000, "Millennium Building", "N"),
    (2, "Main Vault B", -20, 15, 18000, "Millennium Building", "N"),
    (3, "Cryo Store", -196, None, 3000, "Millennium Building", "N"),
    (4, "Short-term Cold Room", 5, 30, 6000, "Seed Lab", "N"),
    (5, "Edinburgh Duplicate Store", -18, 15, 8000, "RBGE Nursery", "Y"),
    (6, "Svalbard Deposit", -18, None, 12000, "Svalbard Global Seed Vault", "Y"),
    (7, "Drying Room", 15, 15, 2500, "Seed Lab", "N"),
]
write("vault", ["vault_id", "vault_nm", "temp_c", "rh_pct", "cap_pkts", "bldg", "is_backup"], vaults)

sites = {
    "Scotland": ["Ben Lawers", "Isle of Arran", "Cairngorms", "Glen Affric", "Durness"],
    "Wales": ["Snowdonia", "Great Orme", "Brecon Beacons", "Gower"],
    "England": ["Box Hill", "Teesdale", "New Forest", "Malham"],
    "Northern Ireland": ["Mourne Mountains", "Binevenagh"],
}
collectors = {"Scotland": [1, 1, 3, 3, 12], "Wales": [2, 2, 10], "England": [4, 4, 8], "Northern Ireland": [9]}
# species -> list of (region, site or None for any site in the region)
where = {
    1: [("England", "New Forest"), ("England", "Box Hill"), ("Wales", "Gower")],
    2: [("England", "Box Hill"), ("England", "New Forest")],
    3: [("Scotland", "Glen Affric"), ("Scotland", "Cairngorms"), ("Northern Ireland", "Mourne Mountains")],
    4: [("Scotland", "Isle of Arran")],
    5: [("Scotland", "Isle of Arran")],
    6: [("Scotland", "Durness")],
    7: [("England", "Malham"), ("Wales", "Great Orme"), ("Northern Ireland", "Binevenagh")],
    8: [("England", "Box Hill")],
    9: [("Scotland", "Ben Lawers"), ("Wales", "Snowdonia")],
    10: [("England", "Malham"), ("Wales", "Gower"), ("Northern Ireland", "Mourne Mountains")],
    11: [("Scotland", "Cairngorms"), ("England", "Teesdale")],
    12: [("England", "Box Hill"), ("Wales", "Great Orme")],
    13: [("Wales", "Gower"), ("Northern Ireland", "Binevenagh")],
    14: [("England", "Teesdale"), ("England", "Malham")],
    15: [("Scotland", "Glen Affric"), ("Scotland", "Cairngorms")],
    16: [("England", "Teesdale")],
    17: [("Scotland", "Ben Lawers"), ("Wales", "Snowdonia")],
    18: [("Wales", "Snowdonia")],
    20: [("Wales", "Great Orme"), ("Scotland", "Durness")],
    21: [("Scotland", "Cairngorms"), ("Northern Ireland", "Mourne Mountains")],
    23: [("Wales", "Brecon Beacons")],
}
# species 19, 22 and 24 have never been collected
seed_wt = {1: 3.5, 2: 0.22, 3: 0.0002, 4: 0.025, 5: 0.025, 6: 0.0003, 7: 0.0011, 8: 0.0004, 9: 0.0006,
           10: 0.09, 11: 0.012, 12: 0.000005, 13: 0.0012, 14: 0.0015, 15: 0.006, 16: 0.0005, 17: 0.0002,
           18: 0.0001, 20: 0.02, 21: 0.00003, 23: 0.0004}
recalcitrant = {1, 2}
plan = [1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 7, 8, 9, 10, 10, 11, 11, 12, 13, 13, 14, 15, 15, 16, 17, 18, 18,
        20, 20, 21, 23, 3, 9, 10, 12, 14, 17, 21, 7, 13, 15]
accessions = []
wts = set()
for i, sp in enumerate(plan):
    region, site = random.choice(where[sp])
    coll = random.choice(collectors[region])
    yr = random.randint(2018, 2023)
    dt = datetime.date(yr, random.randint(6, 10), random.randint(1, 28))
    n = random.randint(400, 15000) if sp not in recalcitrant else random.randint(60, 400)
    wt = round(n * seed_wt[sp] * random.uniform(0.9, 1.1), 2)
    if wt < 0.05:
        wt = round(random.uniform(0.05, 0.6), 2)
    while wt in wts:
        wt = round(wt + 0.01, 2)
    wts.add(wt)
    cnt = None if random.random() < 0.15 else n
    if sp in recalcitrant:
        vault = 3
    elif yr == 2023 and random.random() < 0.5:
        vault = 4
    elif region == "Scotland" and random.random() < 0.4:
        vault = 5
    elif sp in (5, 18, 4, 6) and random.random() < 0.6:
        vault = 6
    else:
        vault = random.choice([1, 2])
    wild = "N" if random.random() < 0.12 else "Y"
    accessions.append([None, sp, coll, dt, site, region, cnt, wt, vault, wild])
accessions.sort(key=lambda r: r[3])
for i, r in enumerate(accessions):
    r[0] = 1001 + i
    r[3] = r[3].isoformat()
write("accession", ["acc_no", "taxon", "collector", "collect_dt", "site_nm", "region", "seed_ct", "wt_g",
                    "stored_in", "wild_src"], accessions)

testers = [5, 5, 6, 6, 7, 7, 11, 8]
pretreats = ["Untreated", "Untreated", "Cold stratification", "Scarification", "GA3"]
tests = []
for r in accessions:
    if random.random() < 0.15:
        continue  # not yet tested
    cdt = datetime.date.fromisoformat(r[3])
    for k in range(random.choice([1, 1, 2])):
        tdt = cdt + datetime.timedelta(days=random.randint(60, 400) + 200 * k)
        if tdt > datetime.date(2024, 6, 30):
            tdt = datetime.date(2024, random.randint(1, 6), random.randint(1, 28))
        tester = random.choice(testers if tdt.year >= 2023 else [5, 6, 8])
        sown = random.choice([25, 50, 100])
        germ = random.randint(int(sown * 0.2), sown)
        pct = round(100.0 * germ / sown, 1)
        temp = random.choice([10, 15, 20, 25])
        tests.append([None, r[0], tdt, tester, temp, sown, germ, pct, random.choice(pretreats)])
tests.sort(key=lambda t: (t[2], t[1]))
for i, t in enumerate(tests, start=1):
    t[0] = i
    t[2] = t[2].isoformat()
write("germ_test", ["test_id", "acc_no", "test_dt", "tested_by", "incub_temp_c", "n_sown", "n_germ", "germ_pct",
                    "pretreat"], tests)
print(len(accessions), "accessions", len(tests), "tests")
