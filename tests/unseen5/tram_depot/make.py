"""Build the tram_depot tables (deterministic; Spider's Capitalized_With_Underscores convention)."""
import csv, os, random, datetime

random.seed(73301)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# Depot_ID, Depot_Name, District, Opened_Year, Num_Tracks, Has_Workshop, Capacity
depots = [
    (1, "Kingsway Depot", "Central", 1902, 14, "Y", 48),
    (2, "Westfield Depot", "Westfield", 1911, 9, "Y", 30),
    (3, "Harbour Road Depot", "Docklands", 1928, 6, "N", 20),
    (4, "Elm Park Depot", "Northside", 1964, 8, "N", 26),
    (5, "Millbrook Depot", "Southside", 1997, 11, "Y", 36),
    (6, "Quarry Lane Sidings", "Northside", 2012, 4, "N", 12),
    (7, "Airport Depot", "Eastgate", 2019, 7, "Y", 24),
]
write("Depot", ["Depot_ID", "Depot_Name", "District", "Opened_Year", "Num_Tracks", "Has_Workshop", "Capacity"], depots)

# Tram_ID, Fleet_Number, Model, Manufacturer, Build_Year, Seats, Home_Depot, Is_Accessible, Mileage_Km
models = [
    ("Series 7", "Duewag", 1978, 38, "N"),
    ("Series 9", "ABB", 1989, 42, "N"),
    ("Citadis 302", "Alstom", 2001, 52, "Y"),
    ("Combino", "Siemens", 2004, 56, "Y"),
    ("Flexity 2", "Bombardier", 2012, 64, "Y"),
    ("Avenio", "Siemens", 2018, 60, "Y"),
    ("Citadis X05", "Alstom", 2021, 58, "Y"),
]
fleet = [
    (0, 1, 4), (0, 3, 2), (0, 6, 1),
    (1, 1, 3), (1, 2, 2), (1, 4, 1),
    (2, 1, 2), (2, 2, 2), (2, 3, 2),
    (3, 1, 3), (3, 4, 2), (3, 5, 1),
    (4, 5, 3), (4, 2, 1),
    (5, 5, 2), (5, 7, 2),
    (6, 7, 2), (6, 1, 1),
]
trams = []
used_km = set()
tid = 0
for mi, dep, n in fleet:
    model, mfr, yr, seats, acc = models[mi]
    for _ in range(n):
        tid += 1
        by = yr + random.randint(0, 2)
        age = 2024 - by
        km = int(age * random.uniform(38000, 52000) / 100) * 100
        while km in used_km:
            km += 100
        used_km.add(km)
        trams.append((tid, 3000 + mi * 100 + tid, model, mfr, by, seats, dep, acc, km))
# one older tram refitted with a low-floor section; the first Series 7 was a prototype built two years early
trams[4] = trams[4][:7] + ("Y",) + trams[4][8:]
trams[0] = trams[0][:4] + (1976,) + trams[0][5:]
write("Tram", ["Tram_ID", "Fleet_Number", "Model", "Manufacturer", "Build_Year", "Seats", "Home_Depot",
               "Is_Accessible", "Mileage_Km"], trams)

# Driver_ID, Name, Gender, Age, Hire_Date, Base_Depot, Licence_Class, Is_Instructor, Mentor_ID
drivers = [
    (1, "Graham Pyle", "M", 61, "1991-04-08", 1, "A", "T", None),
    (2, "Sandra Okoye", "F", 48, "2003-09-15", 1, "A", "T", None),
    (3, "Kevin Marsh", "M", 35, "2014-02-03", 1, "B", "F", 1),
    (4, "Leah Fincher", "F", 29, "2019-06-17", 1, "C", "F", 2),
    (5, "Rashid Khan", "M", 52, "1998-11-02", 2, "A", "T", None),
    (6, "Moira Quinn", "F", 44, "2008-03-24", 2, "B", "F", 5),
    (7, "Duncan Steele", "M", 57, "1995-07-10", 3, "A", "F", 1),
    (8, "Priti Shah", "F", 31, "2017-10-30", 3, "B", "F", 7),
    (9, "Jonah Eberle", "M", 26, "2022-01-10", 4, "C", "F", 2),
    (10, "Carla Mendes", "F", 39, "2011-05-16", 4, "B", "F", 5),
    (11, "Victor Hale", "M", 47, "2006-08-21", 5, "A", "T", None),
    (12, "Amira Nasser", "F", 33, "2016-12-05", 5, "B", "F", 11),
    (13, "Tomasz Wojcik", "M", 42, "2010-04-12", 5, "B", "F", 11),
    (14, "Bethany Cole", "F", 24, "2023-03-06", 7, "C", "F", 11),
    (15, "Ifeanyi Obi", "M", 37, "2013-09-09", 7, "B", "F", 5),
    (16, "Ruth Lindgren", "F", 55, "2000-01-17", 2, "A", "F", 5),
    (17, "Sean Gallagher", "M", 28, "2023-08-14", 6, "C", "F", 13),
]
write("Driver", ["Driver_ID", "Name", "Gender", "Age", "Hire_Date", "Base_Depot", "Licence_Class", "Is_Instructor",
                 "Mentor_ID"], drivers)

# Route_ID, Route_Number, Route_Name, Start_Stop, End_Stop, Length_Km, Num_Stops, Operated_From, Is_Night_Service
routes = [
    (1, "1", "Kingsway Line", "Central Station", "Northgate", 8.4, 17, 1, 1),
    (2, "2", "Harbour Loop", "Central Station", "Central Station", 11.2, 22, 3, 0),
    (3, "4", "Westfield Line", "Market Square", "Westfield Park", 9.7, 19, 2, 1),
    (4, "6", "Elm Park Line", "Market Square", "Elm Park", 7.1, 14, 4, 0),
    (5, "8", "Millbrook Line", "Central Station", "Millbrook", 13.6, 25, 5, 0),
    (6, "9", "University Line", "Northgate", "Science Park", 6.3, 12, 1, 0),
    (7, "11", "Airport Express", "Central Station", "Airport Terminal", 15.8, 9, 7, 1),
    (8, "12", "Riverside Line", "Docklands", "Millbrook", 10.5, 20, 5, 0),
    (9, "15", "Crosstown Line", "Westfield Park", "Eastgate", 12.9, 24, 2, 0),
]
write("Route", ["Route_ID", "Route_Number", "Route_Name", "Start_Stop", "End_Stop", "Length_Km", "Num_Stops",
                "Operated_From", "Is_Night_Service"], routes)

# shifts: a driver takes a tram from their own depot onto a route run from that depot or a neighbour
served = {1: [1, 6, 2], 2: [3, 9], 3: [2, 8], 4: [4, 1], 5: [5, 8], 6: [4], 7: [7, 5]}
trams_at = {}
for t in trams:
    trams_at.setdefault(t[6], []).append(t[0])
shift_drivers = [1, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 11, 12, 12, 12, 13, 13, 14, 15, 15, 16,
                 3, 4, 6, 8, 12, 13, 15, 4, 8, 12, 3, 9, 10, 15, 14, 2, 1, 7, 12]
shifts = []
used_pax = set()
for i, d in enumerate(shift_drivers, 1):
    dep = drivers[d - 1][5]
    route = random.choice(served[dep])
    tram = random.choice(trams_at[dep])
    day = datetime.date(2024, 3, 1) + datetime.timedelta(days=random.randint(0, 60))
    hrs = random.choice([6, 7, 7.5, 8, 8, 8.5, 9, 10])
    pax = int(hrs * random.uniform(80, 190))
    while pax in used_pax:
        pax += 1
    used_pax.add(pax)
    late = random.choice([0, 0, 0, 1, 2, 3, 4, 5, 7, 9, 12, 15, 22])
    shifts.append((i, d, tram, route, day.isoformat(), hrs, pax, late))
write("Shift", ["Shift_ID", "Driver", "Tram_ID", "Route_ID", "Shift_Date", "Hours", "Passengers", "Minutes_Late"],
      shifts)
print(len(trams), "trams", len(shifts), "shifts")
