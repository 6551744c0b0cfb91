"""Build the lighthouse_board tables (deterministic)."""
import csv, os, random, datetime

random.seed(4417)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# Lighthouse_ID, Lighthouse_Name, County, Coast, Year_Built, Tower_Height, Range_Miles, Light_Character, Is_Automated, Date_Automated
lighthouses = [
    (1, "Longstone", "Northumberland", "East", 1826, 26.0, 18, "Fl W 20s", "Y", "1990-11-02"),
    (2, "Bell Rock", "Angus", "East", 1810, 35.3, 18, "Fl W 5s", "Y", "1988-10-26"),
    (3, "Skerryvore", "Argyll", "West", 1844, 48.0, 23, "Fl W 10s", "Y", "1994-03-31"),
    (4, "Eddystone", "Devon", "South", 1882, 49.0, 17, "Fl(2) W 10s", "Y", "1982-05-18"),
    (5, "Bishop Rock", "Cornwall", "West", 1858, 44.5, 20, "Fl(2) W 15s", "Y", "1992-12-21"),
    (6, "Fastnet", "Cork", "South", 1904, 54.0, 27, "Fl W 5s", "Y", "1989-03-31"),
    (7, "Muckle Flugga", "Shetland", "North", 1858, 20.0, 22, "Fl(2) W 20s", "Y", "1995-03-31"),
    (8, "Flamborough Head", "Yorkshire", "East", 1806, 26.5, 24, "Fl(4) W 15s", "Y", "1996-05-01"),
    (9, "Start Point", "Devon", "South", 1836, 28.0, 25, "Fl(3) W 10s", "N", None),
    (10, "Smalls", "Pembrokeshire", "West", 1861, 41.0, 19, "Fl(3) W 15s", "N", None),
    (11, "South Stack", "Anglesey", "West", 1809, 28.5, 21, "Fl W 10s", "N", None),
    (12, "Dungeness", "Kent", "South", 1961, 43.0, 21, "Fl W 10s", "Y", "1991-07-08"),
    (13, "Hook Head", "Wexford", "South", 1245, 36.0, 16, "Fl W 3s", "Y", "1996-03-18"),
    (14, "Cape Wrath", "Sutherland", "North", 1828, 20.5, 22, "Fl(4) W 30s", "N", None),
    (15, "Lizard", "Cornwall", "South", 1751, 19.0, 26, "Fl W 3s", "N", None),
]
write("Lighthouse", ["Lighthouse_ID", "Lighthouse_Name", "County", "Coast", "Year_Built", "Tower_Height",
                     "Range_Miles", "Light_Character", "Is_Automated", "Date_Automated"], lighthouses)

# Keeper_ID, First_Name, Last_Name, Date_of_Birth, Home_Town, Rank, Years_of_Service
keepers = [
    (1, "Thomas", "Darling", "1948-03-12", "Bamburgh", "Principal Keeper", 31),
    (2, "Angus", "MacLeod", "1955-07-30", "Stornoway", "Principal Keeper", 27),
    (3, "William", "Trethewey", "1961-01-19", "Penzance", "Assistant Keeper", 18),
    (4, "Seamus", "O'Driscoll", "1958-11-02", "Baltimore", "Principal Keeper", 24),
    (5, "David", "Jenkins", "1967-05-25", "Milford Haven", "Assistant Keeper", 12),
    (6, "Robert", "Sinclair", "1952-09-14", "Lerwick", "Principal Keeper", 29),
    (7, "John", "Pascoe", "1970-02-08", "Falmouth", "Supernumerary", 6),
    (8, "Hugh", "Morrison", "1963-12-21", "Oban", "Assistant Keeper", 16),
    (9, "Peter", "Hardy", "1974-06-03", "Whitby", "Supernumerary", 4),
    (10, "Colm", "Walsh", "1966-08-17", "Wexford", "Assistant Keeper", 14),
    (11, "Gareth", "Owen", "1959-04-09", "Holyhead", "Principal Keeper", 25),
    (12, "Alan", "Brewer", "1972-10-28", "Plymouth", "Supernumerary", 5),
    (13, "Donald", "Mackay", "1950-01-05", "Thurso", "Principal Keeper", 33),
    (14, "Michael", "Harvey", "1968-03-30", "Penzance", "Assistant Keeper", 11),
    (15, "Kenneth", "Laing", "1964-07-11", "Arbroath", "Assistant Keeper", 15),
    (16, "Patrick", "Doyle", "1975-11-23", "Cork", "Supernumerary", 3),
    (17, "Richard", "Eyre", "1957-02-14", "Folkestone", "Principal Keeper", 26),
    (18, "James", "Sutherland", "1969-09-01", "Lerwick", "Assistant Keeper", 10),
    (19, "Stephen", "Williams", "1971-12-07", "Holyhead", "Assistant Keeper", 8),
    (20, "George", "Robson", "1962-05-16", "Seahouses", "Assistant Keeper", 17),
]
write("Keeper", ["Keeper_ID", "First_Name", "Last_Name", "Date_of_Birth", "Home_Town", "Rank", "Years_of_Service"], keepers)

# Vessel_ID, Vessel_Name, Vessel_Type, Tonnage, Home_Port, Year_Commissioned
vessels = [
    (1, "Pharos", "Tender", 1986, "Oban", 1993),
    (2, "Pole Star", "Tender", 1174, "Stromness", 2000),
    (3, "Galatea", "Tender", 3672, "Harwich", 2007),
    (4, "Patricia", "Tender", 2541, "Harwich", 1982),
    (5, "Granuaile", "Tender", 2625, "Castletownbere", 2000),
    (6, "Mermaid", "Relief Boat", 310, "Swansea", 1987),
    (7, "Hesperus", "Relief Boat", 245, "Oban", 1968),
    (8, "Fingal", "Steamer", 1342, "Leith", 1963),
    (9, "Winston Churchill", "Relief Boat", 190, "Penzance", 1975),
]
write("Vessel", ["Vessel_ID", "Vessel_Name", "Vessel_Type", "Tonnage", "Home_Port", "Year_Commissioned"], vessels)

# Posting (many-to-many keeper <-> lighthouse): Keeper_ID, Lighthouse_ID, Start_Date, End_Date, Is_Principal
# keepers 9 and 16 never posted; lighthouses 12 and 13 never staffed in this record
pairs = [
    (1, 1), (1, 8), (2, 3), (2, 14), (3, 15), (3, 9), (4, 6), (5, 10), (5, 11),
    (6, 7), (6, 14), (7, 15), (7, 4), (8, 3), (8, 2), (10, 6), (11, 11), (11, 10),
    (12, 9), (12, 4), (13, 14), (13, 7), (14, 5), (14, 15), (15, 2), (15, 1),
    (17, 4), (17, 9), (18, 7), (19, 11), (20, 1), (20, 8), (18, 14), (13, 3),
]
principal_ranks = {k[0] for k in keepers if k[5] == "Principal Keeper"}
unmanned = {lh[0] for lh in lighthouses if lh[8] == "N"}
random.seed(101)
postings = []
for i, (k, l) in enumerate(pairs):
    start = datetime.date(1978, 1, 1) + datetime.timedelta(days=random.randint(0, 6000) + i * 37)
    if l in unmanned and random.random() < 0.75:
        end = None
    else:
        end = start + datetime.timedelta(days=random.randint(300, 2600))
    postings.append((k, l, start.isoformat(), end.isoformat() if end else None,
                     "Y" if k in principal_ranks and random.random() < 0.8 else "N"))
write("Posting", ["Keeper_ID", "Lighthouse_ID", "Start_Date", "End_Date", "Is_Principal"], postings)

# Inspection: Inspection_ID, Lighthouse_ID, Inspection_Date, Inspector_Name, Result, Score, Defects_Found, Notes
inspectors = ["Capt. R. Hume", "Cdr. A. Fraser", "Mr. L. Penrose", "Capt. J. Keane", "Mrs. E. Gault"]
notes_pool = ["Lamp lens cracked", "Fog signal faulty", "Paintwork weathered", "Generator serviced",
              "Landing steps damaged", "Log book incomplete"]
random.seed(202)
inspections = []
used_scores = set()
for i in range(1, 27):
    l = 1 + (i * 7) % 15
    d = datetime.date(2015, 1, 1) + datetime.timedelta(days=i * 61 + random.randint(0, 40))
    score = random.randint(48, 99)
    while score in used_scores:
        score = random.randint(48, 99)
    used_scores.add(score)
    defects = 0 if score >= 85 else random.randint(1, 5) if score >= 60 else random.randint(4, 9)
    result = "Pass" if score >= 70 else ("Conditional" if score >= 60 else "Fail")
    note = random.choice(notes_pool) if defects and random.random() < 0.7 else None
    inspections.append((i, l, d.isoformat(), random.choice(inspectors), result, score, defects, note))
write("Inspection", ["Inspection_ID", "Lighthouse_ID", "Inspection_Date", "Inspector_Name", "Result", "Score",
                     "Defects_Found", "Notes"], inspections)

# Supply_Run: Run_ID, Vessel_ID, Destination (a Lighthouse_ID), Run_Date, Cargo_Type, Cargo_Tons, Delivered
cargo = ["Fuel Oil", "Provisions", "Fresh Water", "Spare Parts", "Coal"]
random.seed(303)
runs = []
used_tons = set()
for i in range(1, 35):
    v = random.choice([1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 8])
    dest = random.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15])
    d = datetime.date(2016, 3, 1) + datetime.timedelta(days=i * 47 + random.randint(0, 20))
    tons = round(random.uniform(0.5, 24.0), 1)
    while tons in used_tons:
        tons = round(random.uniform(0.5, 24.0), 1)
    used_tons.add(tons)
    delivered = "N" if random.random() < 0.18 else "Y"
    runs.append((i, v, dest, d.isoformat(), random.choice(cargo), tons, delivered))
write("Supply_Run", ["Run_ID", "Vessel_ID", "Destination", "Run_Date", "Cargo_Type", "Cargo_Tons", "Delivered"], runs)
