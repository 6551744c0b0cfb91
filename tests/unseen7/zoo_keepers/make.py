"""Write the CSV tables of the zoo_keepers database (PascalCase tables, abbreviated columns; data written out, deterministic)."""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Species
species = [
    # SpecCode, CommonName, SciName, Class, ConsStatus, Diet, Lifespan
    ("LOXAFR", "African Elephant", "Loxodonta africana", "Mammalia", "EN", "Herbivore", 65),
    ("PANLEO", "Lion", "Panthera leo", "Mammalia", "VU", "Carnivore", 14),
    ("PANTIG", "Sumatran Tiger", "Panthera tigris sumatrae", "Mammalia", "CR", "Carnivore", 16),
    ("PANUNC", "Snow Leopard", "Panthera uncia", "Mammalia", "VU", "Carnivore", 18),
    ("GIRCAM", "Reticulated Giraffe", "Giraffa camelopardalis", "Mammalia", "EN", "Herbivore", 25),
    ("EQUQUA", "Plains Zebra", "Equus quagga", "Mammalia", "NT", "Herbivore", 22),
    ("AILFUL", "Red Panda", "Ailurus fulgens", "Mammalia", "EN", "Herbivore", 13),
    ("PONABE", "Sumatran Orangutan", "Pongo abelii", "Mammalia", "CR", "Omnivore", 45),
    ("SURSUR", "Meerkat", "Suricata suricatta", "Mammalia", "LC", "Omnivore", 12),
    ("ENHLUT", "Sea Otter", "Enhydra lutris", "Mammalia", "EN", "Carnivore", 20),
    ("SPHHUM", "Humboldt Penguin", "Spheniscus humboldti", "Aves", "VU", "Piscivore", 20),
    ("PHORUB", "American Flamingo", "Phoenicopterus ruber", "Aves", "LC", "Omnivore", 40),
    ("BUBSCA", "Snowy Owl", "Bubo scandiacus", "Aves", "VU", "Carnivore", 10),
    ("CROPOR", "Saltwater Crocodile", "Crocodylus porosus", "Reptilia", "LC", "Carnivore", 70),
    ("ALDGIG", "Aldabra Giant Tortoise", "Aldabrachelys gigantea", "Reptilia", "VU", "Herbivore", 150),
    ("VARKOM", "Komodo Dragon", "Varanus komodoensis", "Reptilia", "EN", "Carnivore", 30),
    ("PYTREG", "Ball Python", "Python regius", "Reptilia", "LC", "Carnivore", 31),
    ("DENTIN", "Blue Poison Dart Frog", "Dendrobates tinctorius", "Amphibia", "LC", "Insectivore", 10),
    ("ANDDAV", "Chinese Giant Salamander", "Andrias davidianus", "Amphibia", "CR", "Carnivore", 60),
]
write("Species", ["SpecCode", "CommonName", "SciName", "Class", "ConsStatus", "Diet", "Lifespan"], species)

# ---------------------------------------------------------------- Enclosure
enclosures = [
    # EnclID, EnclName, Zone, AreaSqm, Indoor, BuiltYr
    (1, "Elephant Valley", "Savanna", 6500, "N", 1998),
    (2, "Lion Rock", "Savanna", 2400, "N", 2004),
    (3, "Giraffe Plains", "Savanna", 5200, "N", 1987),
    (4, "Tiger Trail", "Asia", 3100, "N", 2011),
    (5, "Panda Forest", "Asia", 900, "N", 2016),
    (6, "Orangutan House", "Asia", 1500, "Y", 1985),
    (7, "Penguin Cove", "Aquatic", 750, "N", 2008),
    (8, "Otter Creek", "Aquatic", 420, "N", 2019),
    (9, "Reptile House", "Tropical", 600, "Y", 1979),
    (10, "Amphibian Hall", "Tropical", 180, "Y", 2014),
    (11, "Flamingo Lagoon", "Aquatic", 1100, "N", 1993),
    (12, "Highland Peaks", "Asia", 1800, "N", 2007),
    (13, "Meerkat Mound", "Savanna", 300, "N", 2019),
    (14, "Nocturnal House", "Tropical", 350, "Y", 2002),
    (15, "Crocodile Lagoon", "Tropical", 1300, "N", 2009),
]
write("Enclosure", ["EnclID", "EnclName", "Zone", "AreaSqm", "Indoor", "BuiltYr"], enclosures)

# ---------------------------------------------------------------- Keeper (Supervisor -> Keeper.KeeperID)
keepers = [
    # KeeperID, Fname, LName, Sex, HireDate, Salary, Certified, Supervisor
    (1, "Grace", "Mwangi", "F", "2004-03-15", 58000, "T", None),
    (2, "Daniel", "Okafor", "M", "2008-06-01", 51000, "T", 1),
    (3, "Sofia", "Marquez", "F", "2010-09-20", 49500, "T", 1),
    (4, "Liam", "Turner", "M", "2013-02-11", 44000, "F", 2),
    (5, "Hannah", "Becker", "F", "2015-05-04", 42500, "T", 2),
    (6, "Raj", "Iyer", "M", "2016-08-22", 41000, "F", 3),
    (7, "Chloe", "Dubois", "F", "2017-01-09", 39800, "T", 3),
    (8, "Mateo", "Rossi", "M", "2018-04-30", 38500, "F", 2),
    (9, "Aisha", "Bello", "F", "2019-07-15", 37200, "T", 3),
    (10, "Owen", "Hughes", "M", "2020-03-02", 36000, "F", 2),
    (11, "Yuki", "Tanaka", "F", "2021-10-18", 35400, "F", 3),
    (12, "Ben", "Carter", "M", "2022-06-06", 34000, "F", 2),
    (13, "Nora", "Lindqvist", "F", "2023-02-13", 33500, "T", 3),
    (14, "Samuel", "Adeyemi", "M", "2011-11-28", 47000, "T", 1),
]
write("Keeper", ["KeeperID", "Fname", "LName", "Sex", "HireDate", "Salary", "Certified", "Supervisor"], keepers)

# ---------------------------------------------------------------- KeeperAssignment (link Keeper <-> Enclosure)
assignments = [
    # KeeperID, EnclID, StartYr, IsLead
    (2, 1, 2009, 1), (2, 3, 2010, 0), (3, 6, 2011, 1), (3, 5, 2016, 0),
    (4, 2, 2013, 1), (4, 1, 2015, 0), (5, 7, 2015, 1), (5, 11, 2017, 0),
    (6, 4, 2016, 1), (6, 12, 2018, 0), (7, 9, 2017, 1), (7, 10, 2017, 0),
    (8, 3, 2018, 1), (8, 13, 2019, 0), (9, 8, 2019, 1), (9, 7, 2020, 0),
    (10, 15, 2020, 1), (10, 9, 2021, 0), (11, 5, 2021, 1), (11, 12, 2022, 0),
    (12, 13, 2022, 1), (12, 2, 2023, 0), (14, 10, 2012, 1), (14, 14, 2014, 1),
]
write("KeeperAssignment", ["KeeperID", "EnclID", "StartYr", "IsLead"], assignments)

# ---------------------------------------------------------------- Animal
animals = [
    # AnimalID, AName, SpecCode, Sex, BirthYr, WeightKg, EnclID, ArrDate
    (1, "Tembo", "LOXAFR", "M", 1995, 5400, 1, "2001-05-12"),
    (2, "Kiona", "LOXAFR", "F", 2002, 3600, 1, "2002-08-30"),
    (3, "Nala", "PANLEO", "F", 2012, 128, 2, "2014-03-03"),
    (4, "Kito", "PANLEO", "M", 2010, 190, 2, "2013-09-18"),
    (5, "Zuri", "PANLEO", "F", 2016, 121, 2, "2016-11-05"),
    (6, "Raja", "PANTIG", "M", 2013, 135, 4, "2015-06-21"),
    (7, "Sari", "PANTIG", "F", 2015, 96, 4, "2017-02-14"),
    (8, "Jabari", "GIRCAM", "M", 2008, 1190, 3, "2010-04-07"),
    (9, "Amara", "GIRCAM", "F", 2011, 830, 3, "2012-10-22"),
    (10, "Twiga", "GIRCAM", "F", 2019, 610, 3, "2019-06-16"),
    (11, "Dash", "EQUQUA", "M", 2014, 322, 3, "2016-05-09"),
    (12, "Stripes", "EQUQUA", "F", 2017, 285, 3, "2018-07-01"),
    (13, "Ember", "AILFUL", "F", 2018, 5.4, 5, "2019-09-12"),
    (14, "Momo", "AILFUL", "M", 2020, 6.1, 5, "2021-03-25"),
    (15, "Budi", "PONABE", "M", 2001, 84, 6, "2006-01-19"),
    (16, "Mawar", "PONABE", "F", 2005, 52, 6, "2008-12-02"),
    (17, "Pip", "SPHHUM", "M", 2015, 4.6, 7, "2015-04-11"),
    (18, "Pebble", "SPHHUM", "F", 2016, 4.2, 7, "2016-05-20"),
    (19, "Waddles", "SPHHUM", "M", 2019, 4.9, 7, "2019-03-08"),
    (20, "Rosa", "PHORUB", "F", 2009, 2.8, 11, "2011-08-14"),
    (21, "Coral", "PHORUB", "F", 2012, 3.1, 11, "2013-05-27"),
    (22, "Blaze", "PHORUB", "M", 2014, 3.4, 11, "2015-09-03"),
    (23, "Bruno", "CROPOR", "M", 1988, 780, 15, "2009-10-10"),
    (24, "Methuselah", "ALDGIG", "M", 1935, 248, 9, "1981-06-30"),
    (25, "Shelly", "ALDGIG", "F", 1960, 165, 9, "1994-02-17"),
    (26, "Ora", "VARKOM", "F", 2009, 41, 9, "2012-11-29"),
    (27, "Naga", "VARKOM", "M", 2006, 78, 9, "2010-07-06"),
    (28, "Blue", "DENTIN", "F", 2021, 0.007, 10, "2022-02-02"),
    (29, "Azure", "DENTIN", "M", 2021, 0.009, 10, "2022-02-02"),
    (30, "Shadow", "PANUNC", "M", 2014, 45, 12, "2016-10-18"),
    (31, "Misha", "PANUNC", "F", 2017, 34, 12, "2019-01-23"),
    (32, "Timon", "SURSUR", "M", 2020, 0.78, 13, "2020-08-08"),
    (33, "Kiki", "SURSUR", "F", 2021, 0.69, 13, "2021-06-15"),
    (34, "Rafiki", "SURSUR", "F", 2019, 0.72, 13, "2020-08-08"),
    (35, "Pearl", "ENHLUT", "F", 2016, 27, 8, "2019-11-04"),
    (36, "Otis", "ENHLUT", "M", 2013, 33, 8, "2019-11-04"),
    (37, "Skipper", "SPHHUM", "M", 2022, 3.9, 7, "2022-05-30"),
]
write("Animal", ["AnimalID", "AName", "SpecCode", "Sex", "BirthYr", "WeightKg", "EnclID", "ArrDate"], animals)

# ---------------------------------------------------------------- Feeding (FedBy -> Keeper.KeeperID)
feedings = [
    # FeedID, AnimalID, FedBy, FeedDate, FoodType, AmtKg
    (1, 1, 2, "2024-03-01", "Hay", 60), (2, 2, 2, "2024-03-01", "Hay", 45),
    (3, 1, 4, "2024-03-02", "Vegetables", 20), (4, 3, 4, "2024-03-01", "Raw meat", 7),
    (5, 4, 4, "2024-03-01", "Raw meat", 9), (6, 5, 12, "2024-03-02", "Raw meat", 6.5),
    (7, 4, 12, "2024-03-03", "Raw meat", 8.5), (8, 6, 6, "2024-03-01", "Raw meat", 6),
    (9, 7, 6, "2024-03-01", "Raw meat", 5), (10, 6, 6, "2024-03-03", "Raw meat", 6.5),
    (11, 8, 8, "2024-03-01", "Browse", 30), (12, 9, 8, "2024-03-01", "Browse", 25),
    (13, 10, 2, "2024-03-02", "Browse", 18), (14, 11, 8, "2024-03-02", "Hay", 9),
    (15, 12, 8, "2024-03-02", "Hay", 8), (16, 13, 3, "2024-03-01", "Bamboo", 1.5),
    (17, 14, 11, "2024-03-01", "Bamboo", 1.8), (18, 13, 11, "2024-03-02", "Bamboo", 1.4),
    (19, 15, 3, "2024-03-01", "Fruit", 4.5), (20, 16, 3, "2024-03-01", "Fruit", 3.2),
    (21, 15, 3, "2024-03-02", "Vegetables", 2.5), (22, 17, 5, "2024-03-01", "Fish", 0.5),
    (23, 18, 5, "2024-03-01", "Fish", 0.45), (24, 19, 9, "2024-03-01", "Fish", 0.55),
    (25, 37, 9, "2024-03-01", "Fish", 0.4), (26, 17, 9, "2024-03-02", "Fish", 0.6),
    (27, 20, 5, "2024-03-01", "Pellets", 0.3), (28, 21, 5, "2024-03-01", "Pellets", 0.25),
    (29, 22, 5, "2024-03-02", "Pellets", 0.35), (30, 23, 10, "2024-03-03", "Raw meat", 12),
    (31, 24, 7, "2024-03-01", "Vegetables", 6), (32, 25, 7, "2024-03-01", "Vegetables", 4.5),
    (33, 26, 10, "2024-03-02", "Raw meat", 3), (34, 27, 7, "2024-03-02", "Raw meat", 4),
    (35, 28, 14, "2024-03-01", "Insects", 0.002), (36, 29, 14, "2024-03-01", "Insects", 0.003),
    (37, 30, 6, "2024-03-02", "Raw meat", 2.5), (38, 31, 11, "2024-03-02", "Raw meat", 2),
    (39, 32, 12, "2024-03-01", "Insects", 0.05), (40, 33, 8, "2024-03-01", "Insects", 0.04),
    (41, 34, 12, "2024-03-02", "Insects", 0.045), (42, 35, 9, "2024-03-01", "Fish", 3),
    (43, 36, 9, "2024-03-02", "Fish", 3.5), (44, 1, 2, "2024-03-03", "Hay", 55),
    (45, 24, 10, "2024-03-03", "Fruit", 3), (46, 1, 4, "2024-03-04", "Hay", 58),
    (47, 3, 12, "2024-03-04", "Raw meat", 7.5), (48, 19, 9, "2024-03-03", "Fish", 0.5),
]
write("Feeding", ["FeedID", "AnimalID", "FedBy", "FeedDate", "FoodType", "AmtKg"], feedings)

# ---------------------------------------------------------------- VetVisit
visits = [
    # VisitID, AnimalID, VisitDate, VetName, Reason, Cost, Sedated
    (1, 1, "2023-01-12", "Dr. Helen Park", "Foot care", 850, "Y"),
    (2, 2, "2023-02-03", "Dr. Helen Park", "Checkup", 420, "N"),
    (3, 3, "2023-02-20", "Dr. Marcus Webb", "Dental", 610, "Y"),
    (4, 4, "2023-03-14", "Dr. Marcus Webb", "Checkup", 300, "N"),
    (5, 6, "2023-04-02", "Dr. Marcus Webb", "Injury", 980, "Y"),
    (6, 8, "2023-04-18", "Dr. Helen Park", "Hoof trim", 540, "Y"),
    (7, 13, "2023-05-09", "Dr. Ana Costa", "Vaccination", 150, "N"),
    (8, 15, "2023-05-30", "Dr. Ana Costa", "Checkup", 260, "N"),
    (9, 17, "2023-06-11", "Dr. Ana Costa", "Vaccination", 95, "N"),
    (10, 23, "2023-06-27", "Dr. Marcus Webb", "Injury", 1250, "Y"),
    (11, 24, "2023-07-15", "Dr. Helen Park", "Shell repair", 700, "N"),
    (12, 26, "2023-08-01", "Dr. Marcus Webb", "Checkup", 340, "N"),
    (13, 30, "2023-08-22", "Dr. Ana Costa", "Dental", 560, "Y"),
    (14, 1, "2023-09-10", "Dr. Helen Park", "Checkup", 480, "N"),
    (15, 9, "2023-09-28", "Dr. Helen Park", "Pregnancy scan", 390, "N"),
    (16, 35, "2023-10-14", "Dr. Ana Costa", "Checkup", 210, "N"),
    (17, 20, "2023-11-02", "Dr. Ana Costa", "Vaccination", 80, "N"),
    (18, 11, "2023-11-20", "Dr. Marcus Webb", "Injury", 450, "Y"),
    (19, 16, "2024-01-08", "Dr. Ana Costa", "Dental", 520, "Y"),
    (20, 6, "2024-01-25", "Dr. Marcus Webb", "Follow-up", 275, "N"),
    (21, 27, "2024-02-12", "Dr. Helen Park", "Checkup", 360, "N"),
    (22, 32, "2024-02-29", "Dr. Ana Costa", "Vaccination", 70, "N"),
    (23, 31, "2024-03-18", "Dr. Ana Costa", "Checkup", 310, "N"),
    (24, 1, "2024-04-05", "Dr. Helen Park", "Foot care", 920, "Y"),
]
write("VetVisit", ["VisitID", "AnimalID", "VisitDate", "VetName", "Reason", "Cost", "Sedated"], visits)

print("tables written to", OUT)
