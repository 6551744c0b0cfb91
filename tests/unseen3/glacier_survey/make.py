"""Writes tables/*.csv for the glacier_survey database (deterministic)."""
import csv, os, random

random.seed(20240611)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


glaciers = [
    # Glacier_ID, Glacier_Name, Country, Mountain_Range, Area_km2, Length_km, Max_Elevation, Glacier_Type, Is_Retreating, Year_First_Surveyed
    (1, "Aletsch Glacier", "Switzerland", "Bernese Alps", 78.5, 22.6, 4160, "Valley", "Y", 1870),
    (2, "Gorner Glacier", "Switzerland", "Pennine Alps", 41.9, 12.4, 4630, "Valley", "Y", 1880),
    (3, "Rhone Glacier", "Switzerland", "Urner Alps", 15.8, 7.6, 3600, "Valley", "Y", 1874),
    (4, "Pasterze", "Austria", "Hohe Tauern", 16.3, 8.4, 3453, "Valley", "Y", 1879),
    (5, "Hintereisferner", "Austria", "Otztal Alps", 6.8, 6.2, 3720, "Valley", "Y", 1894),
    (6, "Mer de Glace", "France", "Mont Blanc Massif", 30.4, 11.9, 4015, "Valley", "Y", None),
    (7, "Jostedalsbreen", "Norway", "Jostedal", 473.0, 60.0, 2083, "Ice cap", "Y", 1899),
    (8, "Nigardsbreen", "Norway", "Jostedal", 46.6, 10.0, 1952, "Outlet", "Y", 1962),
    (9, "Engabreen", "Norway", "Svartisen", 36.2, 11.3, 1594, "Outlet", "N", 1970),
    (10, "Folgefonna", "Norway", "Folgefonna", 207.0, 36.5, 1662, "Ice cap", "N", None),
    (11, "Storglaciaren", "Sweden", "Kebnekaise", 3.1, 3.2, 1730, "Cirque", "Y", 1946),
    (12, "Blue Glacier", "USA", "Olympic Mountains", 5.3, 4.5, 2428, "Valley", "Y", 1957),
    (13, "Columbia Glacier", "USA", "Chugach Mountains", 920.0, 51.0, 3050, "Tidewater", "Y", 1974),
    (14, "Athabasca Glacier", "Canada", "Canadian Rockies", 6.0, 5.8, 3491, "Outlet", "Y", 1919),
    (15, "Franz Josef Glacier", "New Zealand", "Southern Alps", 32.6, 10.5, 2955, "Valley", "Y", 1894),
    (16, "Perito Moreno Glacier", "Argentina", "Andes", 250.0, 30.0, 2950, "Outlet", "N", None),
    (17, "Sarennes Glacier", "France", "Grandes Rousses", 0.3, 0.9, 3150, "Cirque", "Y", 1949),
    (18, "Hallstatt Glacier", "Austria", "Dachstein", 3.0, 2.9, 2995, "Cirque", "Y", 1856),
]
write("Glacier", ["Glacier_ID", "Glacier_Name", "Country", "Mountain_Range", "Area_km2", "Length_km",
                  "Max_Elevation", "Glacier_Type", "Is_Retreating", "Year_First_Surveyed"], glaciers)

stations = [
    # Station_ID, Station_Name, Glacier_ID, Elevation, Year_Established, Is_Automated, Operator
    (1, "Jungfraujoch Camp", 1, 3466, 1998, "Y", "Swiss Glacier Monitoring Network"),
    (2, "Konkordia Hut Station", 1, 2850, 2004, "N", "Swiss Glacier Monitoring Network"),
    (3, "Aletsch Tongue Camp", 1, 1960, 2011, "Y", None),
    (4, "Monte Rosa Base", 2, 2883, 2008, "Y", "ETH Zurich"),
    (5, "Gornergrat Station", 2, 3130, 1995, "N", "ETH Zurich"),
    (6, "Rhone Camp", 3, 2340, 2012, "Y", None),
    (7, "Hohe Warte Station", 4, 2369, 1991, "N", "ZAMG"),
    (8, "Hintereis Mast", 5, 3026, 2001, "Y", "University of Innsbruck"),
    (9, "Montenvers Station", 6, 1913, 1997, "N", "CNRS"),
    (10, "Jostedal Plateau Camp", 7, 1875, 2015, "Y", "NVE"),
    (11, "Nigard Front Station", 8, 455, 2003, "N", "NVE"),
    (12, "Nigard Upper Station", 8, 1700, 2009, "Y", "NVE"),
    (13, "Engabreen Subglacial Lab", 9, 620, 1993, "N", "NVE"),
    (14, "Folgefonna Summit Station", 10, 1640, 2017, "Y", None),
    (15, "Tarfala Station", 11, 1135, 1946, "N", "Stockholm University"),
    (16, "Columbia Terminus Camp", 13, 95, 2006, "Y", "USGS"),
    (17, "Icefield Centre Station", 14, 2210, 2013, "Y", "Parks Canada"),
    (18, "Franz Josef Camp", 15, 1420, 2010, "N", None),
]
write("Station", ["Station_ID", "Station_Name", "Glacier_ID", "Elevation", "Year_Established",
                  "Is_Automated", "Operator"], stations)

researchers = [
    # Researcher_ID, First_Name, Last_Name, Nationality, Date_of_Birth, Institution, Specialty
    (1, "Ingrid", "Halvorsen", "Norway", "1968-03-14", "University of Bergen", "Glaciology"),
    (2, "Lars", "Bakke", "Norway", "1975-11-02", "University of Bergen", "Hydrology"),
    (3, "Sofie", "Lindqvist", "Sweden", "1982-06-21", "Stockholm University", "Glaciology"),
    (4, "Matthias", "Keller", "Switzerland", "1971-09-08", "ETH Zurich", "Glaciology"),
    (5, "Anna", "Brunner", "Switzerland", "1988-01-30", "ETH Zurich", "Geodesy"),
    (6, "Claire", "Dubois", "France", "1979-04-17", "CNRS", "Climatology"),
    (7, "Pierre", "Moreau", "France", "1965-12-05", "Universite Grenoble Alpes", "Glaciology"),
    (8, "Johann", "Steiner", "Austria", "1973-07-11", "University of Innsbruck", "Climatology"),
    (9, "Emily", "Carter", "USA", "1984-10-09", "University of Washington", "Hydrology"),
    (10, "David", "Nguyen", "USA", "1990-02-26", "USGS", "Geodesy"),
    (11, "Sarah", "Mitchell", "Canada", "1977-05-19", "University of Calgary", "Glaciology"),
    (12, "Tom", "Walker", "New Zealand", "1986-08-03", "Victoria University of Wellington", "Climatology"),
    (13, "Kari", "Solberg", "Norway", "1991-11-23", "NVE", "Hydrology"),
    (14, "Hanna", "Eriksson", "Sweden", "1969-02-12", "Stockholm University", "Hydrology"),
    (15, "Nils", "Haugen", "Norway", "1980-09-27", "University of Bergen", "Hydrology"),
    (16, "Lucia", "Fernandez", "Argentina", "1983-03-08", "CONICET", "Glaciology"),
]
write("Researcher", ["Researcher_ID", "First_Name", "Last_Name", "Nationality", "Date_of_Birth",
                     "Institution", "Specialty"], researchers)

expeditions = [
    # Expedition_ID, Expedition_Name, Glacier_ID, Leader_ID, Start_Date, End_Date, Budget, Season
    (1, "Aletsch Mass Balance 2016", 1, 4, "2016-07-04", "2016-07-28", 185000, "Summer"),
    (2, "Jostedal Radar Survey", 7, 1, "2017-04-10", "2017-05-02", 240000, "Spring"),
    (3, "Gorner Lake Drainage Study", 2, 4, "2018-06-15", "2018-07-10", 152000, "Summer"),
    (4, "Nigardsbreen Front Mapping", 8, 2, "2018-08-20", "2018-09-05", 98000, "Summer"),
    (5, "Mer de Glace Ice Core", 6, 7, "2019-02-11", "2019-03-01", 210000, "Winter"),
    (6, "Tarfala Winter Balance", 11, 14, "2019-04-02", "2019-04-20", 64000, "Spring"),
    (7, "Columbia Calving Survey", 13, 9, "2019-07-08", "2019-08-15", 315000, "Summer"),
    (8, "Pasterze Retreat Study", 4, 8, "2020-08-03", "2020-08-24", 120500, "Summer"),
    (9, "Athabasca Meltwater Project", 14, 11, "2021-06-28", "2021-07-19", 133000, "Summer"),
    (10, "Jostedal Snow Survey", 7, 1, "2021-03-15", "2021-04-04", 87000, "Spring"),
    (11, "Perito Moreno Front Monitoring", 16, 16, "2022-01-10", "2022-02-05", 176000, "Summer"),
    (12, "Franz Josef Descent Survey", 15, 12, "2022-11-14", "2022-12-06", 142000, "Spring"),
    (13, "Aletsch Winter Radar", 1, 5, "2023-01-16", "2023-02-02", 99500, "Winter"),
]
write("Expedition", ["Expedition_ID", "Expedition_Name", "Glacier_ID", "Leader_ID", "Start_Date",
                     "End_Date", "Budget", "Season"], expeditions)

members = [
    # Expedition_ID, Researcher_ID, Role
    (1, 5, "Surveyor"), (1, 3, "Field assistant"), (1, 10, "Surveyor"),
    (2, 13, "Field assistant"), (2, 15, "Hydrologist"), (2, 2, "Surveyor"),
    (3, 5, "Surveyor"), (3, 6, "Meteorologist"),
    (4, 13, "Field assistant"), (4, 15, "Hydrologist"),
    (5, 6, "Meteorologist"), (5, 4, "Driller"),
    (6, 3, "Field assistant"), (6, 13, "Surveyor"),
    (7, 10, "Surveyor"), (7, 11, "Pilot"),
    (8, 6, "Meteorologist"), (8, 7, "Field assistant"),
    (9, 9, "Hydrologist"), (9, 10, "Surveyor"),
    (10, 13, "Field assistant"), (10, 2, "Hydrologist"),
    (11, 7, "Field assistant"), (11, 11, "Surveyor"),
    (12, 9, "Hydrologist"), (12, 5, "Surveyor"),
    (13, 4, "Driller"), (13, 3, "Field assistant"),
]
write("Expedition_Member", ["Expedition_ID", "Researcher_ID", "Role"], members)

# measurements: a few per station, recorded by researchers of matching region where possible
base_thickness = {1: 780, 2: 520, 3: 210, 4: 340, 5: 410, 6: 160, 7: 190, 8: 120, 9: 260,
                  10: 330, 11: 60, 12: 240, 13: 150, 14: 280, 15: 95, 16: 420, 17: 180, 18: 230}
recorders = {1: [4, 5], 2: [4, 5], 3: [4, 5], 4: [4, 5], 5: [4], 6: [5], 7: [8], 8: [8], 9: [6, 7],
             10: [1, 13], 11: [2, 15], 12: [2, 13, 15], 13: [13, 1], 14: [15], 15: [3, 14],
             16: [9, 10], 17: [11], 18: [12]}
measurements = []
mid = 1
for year in (2019, 2020, 2021):
    for sid in range(1, 19):
        if random.random() < 0.2:
            continue
        month = random.choice([7, 8, 9])
        day = random.randint(1, 28)
        thick = round(base_thickness[sid] * random.uniform(0.85, 1.1) - (year - 2019) * random.uniform(1, 6), 1)
        mb = round(random.uniform(-3.2, 0.6), 2)
        temp = None if random.random() < 0.15 else round(random.uniform(-6.0, 9.0), 1)
        measurements.append((mid, sid, random.choice(recorders[sid]), f"{year}-{month:02d}-{day:02d}",
                             thick, mb, temp))
        mid += 1
write("Measurement", ["Measurement_ID", "Station_ID", "Recorded_By", "Measurement_Date",
                      "Ice_Thickness_m", "Mass_Balance", "Air_Temp_C"], measurements)
print("wrote", len(measurements), "measurements")
