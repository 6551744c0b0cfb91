"""Write the CSV tables of the mountain_rescue database (plural lower-case tables, Capitalized_Columns; deterministic)."""
import csv, os, random

random.seed(7331)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- teams
teams = [
    # Team_ID, Team_Name, Base_Town, Region, Founded_Year, Num_of_Members, Annual_Budget, Is_Charity
    (1, "Keswick MRT", "Keswick", "Lake District", 1947, 46, 118000, "T"),
    (2, "Wasdale MRT", "Gosforth", "Lake District", 1968, 38, 86500, "T"),
    (3, "Langdale Ambleside MRT", "Ambleside", "Lake District", 1952, 52, 131000, "T"),
    (4, "Llanberis MRT", "Llanberis", "Snowdonia", 1967, 41, 97000, "T"),
    (5, "Ogwen Valley MRO", "Bethesda", "Snowdonia", 1964, 44, 104500, "T"),
    (6, "Glencoe MRT", "Glencoe", "Highlands", 1961, 28, 64000, "F"),
    (7, "Cairngorm MRT", "Aviemore", "Highlands", 1963, 35, 72500, "F"),
    (8, "Edale MRT", "Edale", "Peak District", 1964, 55, 99000, "T"),
    (9, "Kinder MRT", "Hayfield", "Peak District", 1974, 33, 58000, "T"),
    (10, "Central Beacons MRT", "Merthyr Tydfil", "Brecon Beacons", 1970, 30, 61500, "T"),
    (11, "Swaledale MRT", "Reeth", "Yorkshire Dales", 1973, 24, 41000, "T"),
]
write("teams", ["Team_ID", "Team_Name", "Base_Town", "Region", "Founded_Year", "Num_of_Members", "Annual_Budget", "Is_Charity"], teams)

# ---------------------------------------------------------------- volunteers
volunteers = [
    # Volunteer_ID, Name, Team_ID, Age, Sex, Role, Joined_Year, Is_Medic
    (1, "Richard Beck", 1, 54, "M", "Team Leader", 1996, "F"),
    (2, "Claire Nicholson", 1, 38, "F", "Team Member", 2012, "T"),
    (3, "Owen Thwaite", 1, 27, "M", "Trainee", 2022, "F"),
    (4, "Janet Airey", 1, 46, "F", "Dog Handler", 2005, "F"),
    (5, "Mark Fell", 2, 49, "M", "Team Leader", 2001, "T"),
    (6, "Sophie Tyson", 2, 31, "F", "Team Member", 2016, "F"),
    (7, "Dan Ritson", 2, 42, "M", "Driver", 2009, "F"),
    (8, "Helen Coward", 3, 51, "F", "Team Leader", 1999, "T"),
    (9, "Gavin Harrison", 3, 35, "M", "Team Member", 2014, "T"),
    (10, "Luke Pattinson", 3, 23, "M", "Trainee", 2023, "F"),
    (11, "Ruth Birkett", 3, 44, "F", "Deputy Leader", 2006, "F"),
    (12, "Gareth Pritchard", 4, 57, "M", "Team Leader", 1992, "F"),
    (13, "Ffion Jones", 4, 29, "F", "Team Member", 2018, "T"),
    (14, "Iwan Roberts", 4, 40, "M", "Dog Handler", 2010, "F"),
    (15, "Siân Hughes", 5, 48, "F", "Team Leader", 2003, "T"),
    (16, "Rhys Evans", 5, 33, "M", "Team Member", 2015, "F"),
    (17, "Tomos Williams", 5, 25, "M", "Trainee", 2021, "F"),
    (18, "Carys Owen", 5, 37, "F", "Driver", 2013, "T"),
    (19, "Angus MacDonald", 6, 61, "M", "Team Leader", 1988, "F"),
    (20, "Morag Cameron", 6, 45, "F", "Team Member", 2008, "T"),
    (21, "Fraser Stewart", 6, 30, "M", "Team Member", 2017, "F"),
    (22, "Iain Grant", 7, 52, "M", "Team Leader", 1998, "T"),
    (23, "Kirsty Fraser", 7, 34, "F", "Dog Handler", 2014, "F"),
    (24, "Callum Ross", 7, 22, "M", "Trainee", 2023, "F"),
    (25, "Paul Eyre", 8, 50, "M", "Team Leader", 2000, "F"),
    (26, "Nicola Bagshaw", 8, 39, "F", "Deputy Leader", 2007, "T"),
    (27, "Simon Wragg", 8, 28, "M", "Team Member", 2019, "F"),
    (28, "Emma Slack", 8, 36, "F", "Driver", 2011, "F"),
    (29, "Martin Kirk", 9, 47, "M", "Team Leader", 2004, "T"),
    (30, "Lucy Holme", 9, 26, "F", "Team Member", 2020, "F"),
    (31, "Huw Morgan", 10, 53, "M", "Team Leader", 1997, "F"),
    (32, "Bethan Price", 10, 32, "F", "Team Member", 2016, "T"),
    (33, "Dylan Powell", 10, 24, "M", "Trainee", 2022, "F"),
    (34, "Alan Metcalfe", 11, 59, "M", "Team Leader", 1991, "F"),
    (35, "Jenny Alderson", 11, 41, "F", "Team Member", 2012, "T"),
]
write("volunteers", ["Volunteer_ID", "Name", "Team_ID", "Age", "Sex", "Role", "Joined_Year", "Is_Medic"], volunteers)

# ---------------------------------------------------------------- vehicles
vehicles = [
    # Vehicle_ID, Team_ID, Reg_Plate, Vehicle_Type, Make, Year_Built, Seats, Mileage_km
    (1, 1, "KE19 MRT", "Ambulance", "Land Rover", 2019, 7, 48210),
    (2, 1, "KE14 RSC", "Control Unit", "Mercedes", 2014, 4, 91350),
    (3, 2, "WA17 MRT", "Ambulance", "Land Rover", 2017, 7, 62400),
    (4, 3, "LA21 MRT", "Ambulance", "Toyota", 2021, 8, 23870),
    (5, 3, "LA12 QBK", "Quad Bike", "Honda", 2012, 1, 15440),
    (6, 4, "LL16 MRT", "Ambulance", "Land Rover", 2016, 7, 70125),
    (7, 5, "OG20 MRO", "Ambulance", "Ford", 2020, 9, 38760),
    (8, 5, "OG09 CTL", "Control Unit", "Iveco", 2009, 3, 132900),
    (9, 6, "GL15 MRT", "Ambulance", "Land Rover", 2015, 7, 84310),
    (10, 7, "CA18 MRT", "Ambulance", "Toyota", 2018, 8, 57220),
    (11, 7, "CA22 SKI", "Snowcat", "Pisten Bully", 2022, 6, 3120),
    (12, 8, "ED13 MRT", "Ambulance", "Land Rover", 2013, 7, 104660),
    (13, 8, "ED23 QBK", "Quad Bike", "Polaris", 2023, 2, 2890),
    (14, 9, "KI11 MRT", "Ambulance", "Ford", 2011, 9, 118450),
    (15, 10, "CB19 MRT", "Ambulance", "Mercedes", 2019, 8, 44980),
]
write("vehicles", ["Vehicle_ID", "Team_ID", "Reg_Plate", "Vehicle_Type", "Make", "Year_Built", "Seats", "Mileage_km"], vehicles)

# ---------------------------------------------------------------- callouts
places = {
    "Lake District": ["Scafell Pike", "Helvellyn", "Great Gable", "Skiddaw", "Striding Edge"],
    "Snowdonia": ["Snowdon", "Tryfan", "Glyder Fawr", "Crib Goch"],
    "Highlands": ["Buachaille Etive Mor", "Aonach Eagach", "Cairn Gorm", "Ben Macdui"],
    "Peak District": ["Kinder Scout", "Mam Tor", "Stanage Edge", "Bleaklow"],
    "Brecon Beacons": ["Pen y Fan", "Corn Du", "Fan y Big"],
}
incident_types = ["Lost", "Slip or Trip", "Fall", "Medical", "Cragfast", "Search"]
team_weights = {1: 7, 2: 6, 3: 8, 4: 5, 5: 9, 6: 4, 7: 3, 8: 6, 9: 3, 10: 4}
team_region = {t[0]: t[3] for t in teams}
team_vols = {}
for v in volunteers:
    team_vols.setdefault(v[2], []).append(v[0])

callouts = []
cid = 1
for year in (2022, 2023):
    for t, n in team_weights.items():
        k = n // 2 + (n % 2 if year == 2023 else 0)
        for _ in range(k):
            month = random.randint(1, 12)
            day = random.randint(1, 28)
            region = team_region[t]
            itype = random.choice(incident_types)
            if region == "Highlands" and random.random() < 0.4:
                itype = "Avalanche"
            cas = 0 if itype == "Search" and random.random() < 0.5 else random.choice([1, 1, 1, 2, 2, 3])
            dur = round(random.uniform(1.5, 11.0), 1)
            lead = random.choice([v for v in team_vols[t] if v not in (3, 10, 17, 24, 33)])
            heli = "T" if (itype in ("Fall", "Avalanche") or random.random() < 0.2) else "F"
            callouts.append([None, t, f"{year}-{month:02d}-{day:02d}", random.choice(places[region]), itype, cas, dur, lead, heli])
callouts.sort(key=lambda r: r[2])
for i, r in enumerate(callouts, start=1):
    r[0] = i
# hand adjustments so that "the most" questions have a single answer
callouts[52][4] = "Medical"   # callout 53
callouts[52][7] = 16
write("callouts", ["Callout_ID", "Team_ID", "Callout_Date", "Location", "Incident_Type", "Casualties", "Duration_hrs", "Lead_Volunteer", "Helicopter_Used"], callouts)

# ---------------------------------------------------------------- training_sessions
sessions = [
    # Session_ID, Topic, Session_Date, Venue, Instructor, Length_hrs, Max_Places
    (1, "Casualty Care", "2023-01-14", "Keswick", 8, 6, 12),
    (2, "Rope Rescue", "2023-02-04", "Llanberis", 12, 8, 10),
    (3, "Navigation", "2023-02-25", "Edale", 25, 5, 16),
    (4, "Avalanche Awareness", "2023-03-11", "Aviemore", 22, 7, 14),
    (5, "Swiftwater Rescue", "2023-04-22", "Bethesda", 15, 9, 8),
    (6, "Search Management", "2023-05-20", "Ambleside", 11, 4, 20),
    (7, "Casualty Care", "2023-06-17", "Brecon", 32, 6, 12),
    (8, "Stretcher Lowering", "2023-07-08", "Gosforth", 5, 5, 15),
    (9, "Radio Procedures", "2023-09-16", "Hayfield", 29, 3, 18),
    (10, "Night Navigation", "2023-10-28", "Glencoe", 19, 4, 10),
    (11, "Rope Rescue", "2023-11-18", "Keswick", 1, 8, 10),
    (12, "Search Dog Handling", "2024-01-13", "Llanberis", 14, 6, 6),
]
write("training_sessions", ["Session_ID", "Topic", "Session_Date", "Venue", "Instructor", "Length_hrs", "Max_Places"], sessions)

# ---------------------------------------------------------------- session_attendance
attendance = []
for s in sessions:
    n = random.randint(3, 5)
    pool = [v[0] for v in volunteers if v[0] != s[4] and v[0] not in (34, 35, 30)]
    for vid in sorted(random.sample(pool, n)):
        attendance.append((s[0], vid, "T" if random.random() < 0.8 else "F"))
write("session_attendance", ["Session_ID", "Volunteer_ID", "Passed"], attendance)
