"""Write the CSV tables of the ferry_line database (plural lower-case tables, Capitalized_Columns; deterministic)."""
import csv, os, random

random.seed(88213)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- ports
ports = [
    # Port_ID, Port_Name, City, Country, Num_Berths, Opened_Year
    (1, "West Harbour", "Helsinki", "Finland", 6, 1960),
    (2, "Old City Harbour", "Tallinn", "Estonia", 8, 1911),
    (3, "Vartahamnen", "Stockholm", "Sweden", 7, 1948),
    (4, "Port of Turku", "Turku", "Finland", 5, 1898),
    (5, "Mariehamn West", "Mariehamn", "Finland", 3, 1992),
    (6, "Rostock Seaport", "Rostock", "Germany", 10, 1957),
    (7, "Gdynia Ferry Terminal", "Gdynia", "Poland", 4, 1976),
    (8, "Skandinavienkai", "Travemunde", "Germany", 12, 1962),
    (9, "Riga Passenger Port", "Riga", "Latvia", 9, 1995),
    (10, "Kapellskar Harbour", "Kapellskar", "Sweden", 2, 1959),
    (11, "Verko Terminal", "Karlskrona", "Sweden", 11, 1989),
    (12, "Ventspils Ferry Port", "Ventspils", "Latvia", 1, 1999),
]
write("ports", ["Port_ID", "Port_Name", "City", "Country", "Num_Berths", "Opened_Year"], ports)

# ---------------------------------------------------------------- vessels
vessels = [
    # Vessel_ID, Vessel_Name, Vessel_Type, Built_Year, Gross_Tonnage, Passenger_Capacity, Car_Capacity, Flag, Home_Port
    (1, "Baltic Aurora", "Cruiseferry", 2008, 48915, 2800, 400, "Finland", 1),
    (2, "Nordic Star", "Ro-Pax", 2014, 36250, 1200, 620, "Estonia", 2),
    (3, "Sea Lynx", "Fast Craft", 2017, 6200, 800, 150, "Estonia", 2),
    (4, "Aland Breeze", "Cruiseferry", 1998, 37800, 2200, 450, "Finland", 5),
    (5, "Hansa Carrier", "Ro-Ro", 2011, 25600, 12, 90, "Germany", 6),
    (6, "Vistula Pearl", "Ro-Pax", 2004, 29300, 900, 500, "Poland", 7),
    (7, "Stockholm Belle", "Cruiseferry", 2019, 59400, 2900, 550, "Sweden", 3),
    (8, "Daugava Express", "Ro-Pax", 2001, 24100, 700, 380, "Latvia", 9),
    (9, "Travemunde Link", "Ro-Pax", 2016, 32700, 500, 600, "Germany", 8),
    (10, "Archipelago Queen", "Cruiseferry", 1993, 34400, 2000, 350, "Finland", 4),
    (11, "Polar Swift", "Fast Craft", 2021, 7800, 950, 170, "Finland", 1),
    (12, "Baltic Trader", "Ro-Ro", 1996, 21900, 16, 60, "Sweden", 11),
]
write("vessels", ["Vessel_ID", "Vessel_Name", "Vessel_Type", "Built_Year", "Gross_Tonnage",
                  "Passenger_Capacity", "Car_Capacity", "Flag", "Home_Port"], vessels)

# ---------------------------------------------------------------- routes
routes = [
    # Route_ID, Route_Code, Origin_Port, Destination_Port, Distance_nm, Duration_min, Is_Seasonal
    (1, "HEL-TLL", 1, 2, 45, 120, "N"),
    (2, "HEL-STO", 1, 3, 215, 960, "N"),
    (3, "TKU-STO", 4, 3, 170, 660, "N"),
    (4, "TKU-MHQ", 4, 5, 75, 320, "N"),
    (5, "TLL-STO", 2, 3, 210, 990, "N"),
    (6, "GDY-KAR", 7, 11, 160, 630, "N"),
    (7, "TRV-HEL", 8, 1, 620, 1740, "N"),
    (8, "RIX-STO", 9, 3, 270, 1050, "N"),
    (9, "KPS-MHQ", 10, 5, 35, 135, "Y"),
    (10, "HEL-TLL-X", 1, 2, 45, 75, "Y"),
    (11, "ROS-GDY", 6, 7, 300, 1020, "N"),
]
write("routes", ["Route_ID", "Route_Code", "Origin_Port", "Destination_Port", "Distance_nm",
                 "Duration_min", "Is_Seasonal"], routes)

# ---------------------------------------------------------------- sailings
plan = [  # (Vessel_ID, Route_ID, number of sailings)
    (1, 2, 6), (2, 1, 9), (3, 10, 5), (4, 4, 3), (4, 3, 2), (5, 11, 4), (6, 6, 5),
    (7, 5, 4), (7, 2, 3), (8, 8, 5), (9, 7, 4), (10, 3, 4), (11, 10, 3), (11, 1, 3),
]
cap = {v[0]: (v[5], v[6]) for v in vessels}
times = ["06:30", "07:45", "09:00", "10:30", "12:15", "14:00", "17:30", "19:00", "21:15"]
raw = []
for vid, rid, n in plan:
    for _ in range(n):
        day = random.randint(0, 91)  # 2024-05-01 .. 2024-07-31
        mo, d = (5, day + 1) if day < 31 else ((6, day - 30) if day < 61 else (7, day - 60))
        pax_cap, car_cap = cap[vid]
        pax = random.randint(int(pax_cap * 0.3), pax_cap)
        veh = random.randint(int(car_cap * 0.2), car_cap)
        delay = 0 if random.random() < 0.6 else random.randint(3, 55)
        raw.append((rid, vid, f"2024-{mo:02d}-{d:02d}", random.choice(times), pax, veh, delay))
random.shuffle(raw)
sailings = [(i,) + r for i, r in enumerate(raw, start=1)]
write("sailings", ["Sailing_ID", "Route_ID", "Vessel_ID", "Sailing_Date", "Departure_Time",
                   "Passengers", "Vehicles", "Delay_min"], sailings)

# ---------------------------------------------------------------- crew_members
crew = [
    # Crew_ID, Name, Rank, Nationality, Age, Hire_Year, Salary_eur
    (1, "Mikko Lahtinen", "Captain", "Finland", 56, 2003, 9800),
    (2, "Kaisa Virtanen", "Chief Officer", "Finland", 44, 2010, 7200),
    (3, "Andres Tamm", "Captain", "Estonia", 52, 2006, 8900),
    (4, "Liis Kask", "Second Officer", "Estonia", 31, 2018, 5100),
    (5, "Erik Lindqvist", "Chief Engineer", "Sweden", 49, 2008, 8100),
    (6, "Johan Berg", "Bosun", "Sweden", 38, 2014, 4600),
    (7, "Piotr Nowak", "Captain", "Poland", 60, 1999, 8600),
    (8, "Agnieszka Wojcik", "Purser", "Poland", 35, 2016, 4300),
    (9, "Janis Ozols", "Chief Engineer", "Latvia", 47, 2011, 7600),
    (10, "Ilze Berzina", "Purser", "Latvia", 29, 2020, 3900),
    (11, "Hans Becker", "Captain", "Germany", 58, 2001, 9400),
    (12, "Lena Vogel", "Second Officer", "Germany", 33, 2017, 5300),
    (13, "Timo Nieminen", "Deckhand", "Finland", 24, 2022, 3100),
    (14, "Marta Kowalczyk", "Deckhand", "Poland", 27, 2021, 3000),
    (15, "Kristjan Saar", "Bosun", "Estonia", 41, 2012, 4800),
    (16, "Sofia Holm", "Chief Officer", "Sweden", 39, 2013, 7000),
    (17, "Aleksi Korhonen", "Chief Engineer", "Finland", 53, 2005, 8300),
    (18, "Oskar Nilsson", "Deckhand", "Sweden", 22, 2023, 2950),
    (19, "Rasa Petrauskiene", "Purser", "Lithuania", 45, 2009, 4500),
    (20, "Dieter Krause", "Chief Officer", "Germany", 50, 2004, 7400),
]
write("crew_members", ["Crew_ID", "Name", "Rank", "Nationality", "Age", "Hire_Year", "Salary_eur"], crew)

# ---------------------------------------------------------------- crew_assignments
assignments = [
    # Crew_ID, Vessel_ID, Start_Date, Is_Current
    (1, 1, "2015-03-01", 1), (1, 10, "2003-05-12", 0),
    (2, 1, "2016-06-15", 1), (2, 4, "2010-04-01", 0),
    (3, 2, "2014-09-01", 1), (3, 3, "2017-05-20", 0),
    (4, 3, "2018-04-02", 1),
    (5, 7, "2019-02-11", 1), (5, 10, "2008-01-15", 0),
    (6, 7, "2019-03-04", 1),
    (7, 6, "2004-07-01", 1),
    (8, 6, "2016-03-14", 1),
    (9, 8, "2011-05-05", 1),
    (10, 8, "2020-06-01", 1),
    (11, 9, "2016-08-20", 1), (11, 5, "2011-02-01", 0),
    (12, 9, "2017-03-10", 1),
    (13, 1, "2022-05-02", 1),
    (14, 6, "2021-04-19", 1),
    (15, 2, "2014-10-06", 1),
    (16, 4, "2013-06-01", 1),
    (17, 11, "2021-03-01", 1), (17, 1, "2008-02-01", 0),
    (20, 5, "2011-02-14", 1), (20, 12, "2004-03-15", 0),
]
write("crew_assignments", ["Crew_ID", "Vessel_ID", "Start_Date", "Is_Current"], assignments)

# ---------------------------------------------------------------- bookings
customers = ["Anna Korhonen", "Lars Eriksson", "Mari Tamm", "Jukka Salo", "Eva Lindberg", "Tomasz Zielinski",
             "Ieva Kalnina", "Klaus Richter", "Heidi Makela", "Peeter Kuusk", "Ingrid Dahl", "Marek Lewandowski",
             "Sanna Heikkinen", "Ulrike Brandt", "Oskar Strand", "Karin Sepp", "Arturs Liepa", "Niklas Jonsson"]
weights = [3, 2, 2, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1]
vtypes = ["Car", "Car", "Car", "None", "None", "Van", "Motorcycle", "Camper"]
bookings = []
pax_sailings = [s for s in sailings if cap[s[2]][0] > 100]
for i in range(1, 71):
    s = random.choice(pax_sailings)
    n = random.choice([1, 1, 2, 2, 2, 3, 4, 5, 6])
    vt = random.choice(vtypes)
    cabin = "T" if random.random() < 0.35 else "F"
    fare = 25 * n + {"Car": 60, "Van": 85, "Motorcycle": 30, "Camper": 110, "None": 0}[vt] + (95 if cabin == "T" else 0)
    fare = round(fare * random.uniform(0.85, 1.25), 2)
    y, m, d = map(int, s[3].split("-"))
    lead = random.randint(1, 40)
    bm, bd = (m, d - lead) if d > lead else (m - 1, d - lead + 30)
    if bd < 1:
        bd = 1
    bookings.append((i, s[0], random.choices(customers, weights)[0], n, vt, fare, f"2024-{bm:02d}-{bd:02d}", cabin))
write("bookings", ["Booking_ID", "Sailing_ID", "Customer_Name", "Num_Passengers", "Vehicle_Type", "Fare_eur",
                   "Booking_Date", "Is_Cabin"], bookings)
print("tables written")
