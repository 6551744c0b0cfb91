"""Write the CSV tables of the seed_bank database (snake_case columns with _code/_name/_details, Ref_ lookup table; deterministic)."""
import csv, datetime, os, random

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


# ---------------------------------------------------------------- Ref_Plant_Families
families = [
    # family_code, family_name, family_description
    ("ROS", "Rosaceae", "Rose family"),
    ("FAB", "Fabaceae", "Legume family"),
    ("POA", "Poaceae", "Grass family"),
    ("AST", "Asteraceae", "Daisy family"),
    ("SOL", "Solanaceae", "Nightshade family"),
    ("BRA", "Brassicaceae", "Mustard family"),
    ("LAM", "Lamiaceae", "Mint family"),
    ("API", "Apiaceae", "Carrot family"),
    ("CUC", "Cucurbitaceae", "Gourd family"),
]
write("Ref_Plant_Families", ["family_code", "family_name", "family_description"], families)

# ---------------------------------------------------------------- Plant_Species
species = [
    # species_id, family_code, scientific_name, common_name, life_cycle_code, conservation_status_code, native_region
    (1, "ROS", "Malus sieversii", "Wild apple", "PER", "VU", "Central Asia"),
    (2, "ROS", "Prunus avium", "Wild cherry", "PER", "LC", "Europe"),
    (3, "ROS", "Rosa canina", "Dog rose", "PER", "LC", "Europe"),
    (4, "FAB", "Lupinus perennis", "Sundial lupine", "PER", "NT", "North America"),
    (5, "FAB", "Vicia faba", "Broad bean", "ANN", "LC", "Mediterranean"),
    (6, "FAB", "Astragalus tennesseensis", "Tennessee milkvetch", "PER", "EN", "North America"),
    (7, "POA", "Triticum dicoccoides", "Wild emmer wheat", "ANN", "NT", "Middle East"),
    (8, "POA", "Oryza rufipogon", "Brownbeard rice", "ANN", "LC", "South Asia"),
    (9, "POA", "Zizania texana", "Texas wild rice", "PER", "EN", "North America"),
    (10, "POA", "Bromus interruptus", "Interrupted brome", "ANN", "CR", "Europe"),
    (11, "AST", "Helianthus annuus", "Common sunflower", "ANN", "LC", "North America"),
    (12, "AST", "Echinacea tennesseensis", "Tennessee coneflower", "PER", "VU", "North America"),
    (13, "AST", "Arnica montana", "Mountain arnica", "PER", "NT", "Europe"),
    (14, "SOL", "Solanum pennellii", "Wild tomato", "PER", "LC", "South America"),
    (15, "SOL", "Capsicum baccatum", "Aji pepper", "PER", "LC", "South America"),
    (16, "SOL", "Solanum ruiz-lealii", "Ruiz-Leal potato", "PER", "CR", "South America"),
    (17, "BRA", "Brassica oleracea", "Wild cabbage", "BIE", "LC", "Europe"),
    (18, "BRA", "Brassica insularis", "Corsican cabbage", "PER", "VU", "Mediterranean"),
    (19, "LAM", "Salvia officinalis", "Common sage", "PER", "LC", "Mediterranean"),
    (20, "LAM", "Mentha pulegium", "Pennyroyal", "PER", "NT", "Europe"),
    (21, "API", "Daucus carota", "Wild carrot", "BIE", "LC", "Europe"),
    (22, "API", "Eryngium cuneifolium", "Wedgeleaf eryngo", "PER", "EN", "North America"),
]
write("Plant_Species", ["species_id", "family_code", "scientific_name", "common_name", "life_cycle_code",
                        "conservation_status_code", "native_region"], species)

# ---------------------------------------------------------------- Collectors
collectors = [
    # collector_id, first_name, last_name, institution_name, country, date_joined
    (1, "Amara", "Okafor", "Kew Millennium Seed Bank", "United Kingdom", "2011-05-16"),
    (2, "Lukas", "Brandt", "IPK Gatersleben", "Germany", "2008-09-01"),
    (3, "Sofia", "Marquez", "INIA Chile", "Chile", "2014-03-12"),
    (4, "Rahul", "Iyer", "NBPGR", "India", "2010-11-22"),
    (5, "Emily", "Carter", "USDA ARS", "United States", "2016-07-05"),
    (6, "Jonas", "Lindqvist", "NordGen", "Sweden", "2005-02-14"),
    (7, "Hana", "Sato", "NARO Genebank", "Japan", "2018-10-30"),
    (8, "Diego", "Ferreira", "Embrapa", "Brazil", "2012-06-18"),
    (9, "Grace", "Mwangi", "KALRO", "Kenya", "2019-01-08"),
    (10, "Tom", "Whitaker", "Kew Millennium Seed Bank", "United Kingdom", "2020-04-27"),
    (11, "Laila", "Haddad", "ICARDA", "Lebanon", "2009-08-03"),
    (12, "Peter", "Novak", "Crop Research Institute", "Czech Republic", "2015-12-01"),
]
write("Collectors", ["collector_id", "first_name", "last_name", "institution_name", "country", "date_joined"], collectors)

# ---------------------------------------------------------------- Storage_Vaults
vaults = [
    # vault_id, vault_name, location_city, storage_temp_c, relative_humidity_pct, max_capacity_lots, date_opened
    (1, "Base Vault A", "Wakehurst", -20, 15, 40000, "2000-11-20"),
    (2, "Base Vault B", "Wakehurst", -20, 15, 35000, "2009-05-04"),
    (3, "Active Collection Room", "Wakehurst", 4, 30, 8000, "2001-03-01"),
    (4, "Cryo Store", "Fort Collins", -150, 5, 6000, "2012-09-14"),
    (5, "Safety Duplicate Vault", "Longyearbyen", -18, 10, 100000, "2008-02-26"),
    (6, "Field Station Cold Room", "Nairobi", 5, 35, 3000, "2016-06-10"),
    (7, "Regeneration Store", "Fort Collins", 2, 25, 12000, "2004-08-19"),
]
write("Storage_Vaults", ["vault_id", "vault_name", "location_city", "storage_temp_c", "relative_humidity_pct",
                         "max_capacity_lots", "date_opened"], vaults)

# ---------------------------------------------------------------- Staff
staff = [
    # staff_id, first_name, last_name, job_title_code, vault_id, date_hired
    (1, "Helen", "Price", "MGR", 1, "2003-04-01"),
    (2, "Owen", "Davies", "TECH", 1, "2005-09-14"),
    (3, "Priya", "Nair", "TECH", 3, "2018-01-08"),
    (4, "Marcus", "Bell", "CUR", 2, "2010-06-21"),
    (5, "Ingrid", "Solheim", "TECH", 5, "2006-03-06"),
    (6, "Kevin", "Ochieng", "TECH", 6, "2017-11-13"),
    (7, "Rachel", "Moore", "RES", 7, "2019-02-25"),
    (8, "Daniel", "Kim", "TECH", 4, "2021-05-17"),
    (9, "Fatima", "Rahman", "RES", 3, "2008-08-30"),
    (10, "George", "Hill", "CUR", 7, "2007-10-02"),
]
write("Staff", ["staff_id", "first_name", "last_name", "job_title_code", "vault_id", "date_hired"], staff)

# ---------------------------------------------------------------- Seed_Lots
sites = {
    "Central Asia": ["Tien Shan foothills, Kazakhstan", "Dzungarian Alatau slopes"],
    "Europe": ["Chalk downland, Sussex", "Alpine meadow, Tyrol", "Hedgerow near Uppsala", "Roadside verge, Bohemia"],
    "North America": ["Oak savanna, Wisconsin", "Cedar glade, Tennessee", "San Marcos River, Texas", "Sandhill scrub, Florida"],
    "Mediterranean": ["Terraced field, Crete", "Coastal cliffs, Corsica", "Olive grove margin, Andalusia"],
    "Middle East": ["Basalt slopes, Golan", "Rainfed plots, Bekaa Valley"],
    "South Asia": ["Paddy margins, Odisha", "Floodplain pond, Assam"],
    "South America": ["Dry valley, Atacama edge", "Andean slope, Mendoza", "Cerrado field plot, Goias"],
}
home_collector = {
    "Central Asia": [2, 6], "Europe": [1, 2, 6, 10], "North America": [5, 5, 1],
    "Mediterranean": [11, 1, 2], "Middle East": [11, 11, 2], "South Asia": [4, 4], "South America": [3, 8, 3],
}
lots = []
species_for_lots = [s for s in species if s[0] not in (10, 16)]  # two species have no stored lots
lot_id = 1
for sp in species_for_lots:
    for _ in range(random.choice([1, 1, 2, 2, 3])):
        region = sp[6]
        coll = random.choice(home_collector[region])
        d = datetime.date(2006, 1, 1) + datetime.timedelta(days=random.randint(0, 17 * 365))
        count = random.randrange(800, 60000, 10)
        weight = round(count * random.uniform(0.002, 0.09), 1)
        vault = random.choice([1, 1, 2, 2, 3, 4, 5, 7])
        wild = "N" if sp[0] in (5, 11, 19) else random.choice(["Y", "Y", "Y", "N"])
        lots.append([lot_id, sp[0], coll, vault, d.isoformat(), count, weight, random.choice(sites[region]), wild])
        lot_id += 1
random.shuffle(lots)
lots.sort(key=lambda r: r[4])
for i, r in enumerate(lots, start=1):
    r[0] = i
write("Seed_Lots", ["lot_id", "species_id", "collected_by", "vault_id", "collection_date", "seed_count", "weight_g",
                    "collection_site_details", "is_wild_collected"], lots)

# ---------------------------------------------------------------- Germination_Tests
testers = [2, 3, 5, 6, 7, 8, 9]
tests = []
for r in lots:
    d0 = datetime.date.fromisoformat(r[4])
    for k in range(random.choice([0, 1, 1, 2, 2, 3])):
        d = d0 + datetime.timedelta(days=random.randint(60, 900) + 700 * k)
        sown = random.choice([50, 100, 100, 200])
        germ = int(sown * random.uniform(0.2, 0.99))
        pct = 100.0 * germ / sown
        code = "PASS" if pct >= 75 else ("FAIL" if pct < 50 else "RETEST")
        hired = [s[0] for s in staff if s[0] in testers and s[5] <= d.isoformat()]
        tests.append([None, r[0], random.choice(hired), d.isoformat(), sown, germ, random.choice([5, 15, 20, 25]), code])
tests.sort(key=lambda t: (t[3], t[1]))
for i, t in enumerate(tests, start=1):
    t[0] = i
write("Germination_Tests", ["test_id", "lot_id", "tested_by", "test_date", "seeds_sown", "seeds_germinated",
                            "incubation_temp_c", "test_result_code"], tests)
