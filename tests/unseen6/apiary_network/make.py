"""Write the CSV tables of the apiary_network database (PascalCase tables, abbreviated columns; deterministic)."""
import csv, os, random

random.seed(61407)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Beekeeper
keepers = [
    # KeeperID, LName, FName, Age, Sex, City, YrsExp
    (101, "Whitaker", "Grace", 58, "F", "Asheville", 31),
    (102, "Lopez", "Maria", 41, "F", "Boone", 12),
    (103, "Hensley", "Dale", 66, "M", "Asheville", 40),
    (104, "Okafor", "Chidi", 35, "M", "Hendersonville", 6),
    (105, "Barnes", "Ruth", 72, "F", "Brevard", 38),
    (106, "Kowalski", "Peter", 49, "M", "Boone", 19),
    (107, "Nguyen", "Linh", 29, "F", "Asheville", 3),
    (108, "Crowder", "Wayne", 54, "M", "Waynesville", 22),
    (109, "Pruitt", "Amos", 63, "M", "Hendersonville", 27),
    (110, "Sato", "Emi", 38, "F", "Brevard", 9),
    (111, "McKinney", "Jolene", 45, "F", "Waynesville", 15),
    (112, "Tate", "Harold", 70, "M", "Asheville", 35),
    (113, "Diaz", "Rafael", 32, "M", "Boone", 4),
    (114, "Fowler", "Nora", 51, "F", "Marion", 17),
    (115, "Burgess", "Silas", 26, "M", "Hendersonville", 1),
]
write("Beekeeper", ["KeeperID", "LName", "FName", "Age", "Sex", "City", "YrsExp"], keepers)

# ---------------------------------------------------------------- Apiary
apiaries = [
    # ApID, ApName, Region, Elev, Acres, Owner, EstYr, Organic
    (1, "Laurel Hollow", "Blue Ridge", 1120, 4.5, 101, 1998, "Y"),
    (2, "Sourwood Ridge", "Blue Ridge", 1340, 2.0, 103, 1989, "N"),
    (3, "Clover Bottom", "Piedmont", 410, 6.25, 106, 2011, "N"),
    (4, "Tulip Poplar Farm", "Piedmont", 365, 8.0, 101, 2005, "Y"),
    (5, "Bear Wallow", "Blue Ridge", 1480, 1.5, 108, 2014, "N"),
    (6, "Cane Creek Hollow", "Foothills", 690, 3.0, 109, 2002, "Y"),
    (7, "Pisgah View", "Blue Ridge", 1210, 2.75, 105, 1993, "Y"),
    (8, "Sandhill Meadow", "Coastal Plain", 85, 10.0, 112, 2018, "N"),
    (9, "Linville Gap", "Foothills", 820, 1.25, 102, 2016, "Y"),
    (10, "Watauga Bend", "Blue Ridge", 990, 5.0, 106, 2009, "N"),
    (11, "Sweetgum Acres", "Coastal Plain", 40, 12.5, 111, 2020, "N"),
    (12, "Ivy Knob", "Foothills", 760, 2.25, 101, 2022, "Y"),
]
write("Apiary", ["ApID", "ApName", "Region", "Elev", "Acres", "Owner", "EstYr", "Organic"], apiaries)

# ---------------------------------------------------------------- Hive
types = ["Langstroth", "Langstroth", "Langstroth", "Top Bar", "Warre", "Flow Hive"]
breeds = ["Italian", "Italian", "Carniolan", "Carniolan", "Buckfast", "Russian"]
hives = []
hid = 1
per_apiary = {1: 5, 2: 3, 3: 4, 4: 4, 5: 2, 6: 3, 7: 3, 8: 4, 9: 2, 10: 3, 11: 2, 12: 1}
for ap, n in per_apiary.items():
    for _ in range(n):
        ht = random.choice(types)
        frames = {"Langstroth": random.choice([8, 10]), "Top Bar": random.choice([24, 28, 30]),
                  "Warre": 8, "Flow Hive": 7}[ht]
        active = "F" if random.random() < 0.15 else "T"
        hives.append((hid, ap, ht, random.choice(breeds), random.randint(2019, 2024), frames, active))
        hid += 1
write("Hive", ["HiveID", "ApID", "HType", "QBreed", "QYr", "Frames", "IsActive"], hives)

# ---------------------------------------------------------------- Harvest
honey = ["Wildflower", "Sourwood", "Clover", "Tulip Poplar", "Buckwheat", "Wildflower"]
harvests = []
active_hives = [h for h in hives if h[6] == "T"]
never = set(random.sample([h[0] for h in active_hives], 4))
pool = [h for h in active_hives if h[0] not in never]
used_kg = set()
for i in range(1, 61):
    h = random.choice(pool)
    yr = random.choice([2021, 2022, 2023, 2023, 2024])
    mo = random.choice([5, 6, 7, 7, 8, 9])
    day = random.randint(1, 28)
    kg = round(random.uniform(4.0, 38.0), 1)
    while kg in used_kg:
        kg = round(kg + 0.1, 1)
    used_kg.add(kg)
    moist = round(random.uniform(15.8, 19.4), 1)
    harvests.append((i, h[0], f"{yr}-{mo:02d}-{day:02d}", kg, random.choice(honey), moist))
write("Harvest", ["HarvID", "HiveID", "HDate", "Kg", "HoneyType", "Moist"], harvests)

# ---------------------------------------------------------------- Inspection
inspectors = [101, 101, 103, 105, 106, 106, 108, 109, 110, 111, 112, 102, 114, 106]
tempers = ["Calm", "Calm", "Calm", "Nervous", "Defensive"]
inspections = []
for i in range(1, 56):
    h = random.choice(hives)
    yr = random.choice([2022, 2023, 2024])
    mo = random.randint(3, 10)
    day = random.randint(1, 28)
    mites = random.randint(0, 24)
    brood = "N" if random.random() < 0.2 else "Y"
    inspections.append((i, h[0], random.choice(inspectors), f"{yr}-{mo:02d}-{day:02d}", mites,
                        random.choice(tempers), brood))
write("Inspection", ["InspID", "HiveID", "Inspector", "IDate", "MiteCnt", "Temper", "BroodOK"], inspections)

# ---------------------------------------------------------------- Assoc
assocs = [
    # AssocID, AName, City, FoundYr, AnnualFee
    (1, "Buncombe County Beekeepers", "Asheville", 1976, 25),
    (2, "High Country Beekeepers", "Boone", 1984, 20),
    (3, "Henderson County Beekeepers", "Hendersonville", 1991, 15),
    (4, "Transylvania Bee Club", "Brevard", 2003, 18),
    (5, "Haywood Honey Guild", "Waynesville", 1969, 30),
    (6, "Blue Ridge Queen Breeders", "Asheville", 2012, 45),
    (7, "Carolina Top Bar Society", "Raleigh", 2015, 12),
    (8, "McDowell Beekeepers", "Marion", 1995, 22),
]
write("Assoc", ["AssocID", "AName", "City", "FoundYr", "AnnualFee"], assocs)

# ---------------------------------------------------------------- Member_Of
members = [
    # KeeperID, AssocID, JoinYr
    (101, 1, 1994), (101, 6, 2013), (101, 5, 2001),
    (102, 2, 2012), (102, 6, 2019),
    (103, 1, 1985), (103, 6, 2012),
    (104, 3, 2018),
    (105, 4, 2004), (105, 1, 1988),
    (106, 2, 2005), (106, 6, 2016),
    (107, 1, 2021),
    (108, 5, 2002),
    (109, 3, 1997), (109, 6, 2014),
    (110, 4, 2015),
    (111, 5, 2009),
    (112, 1, 1990), (112, 6, 2012),
    (113, 2, 2020),
    (114, 8, 2007), (114, 3, 2010),
    (115, 3, 2023),
]
write("Member_Of", ["KeeperID", "AssocID", "JoinYr"], members)
print("tables written")
