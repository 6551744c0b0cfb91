"""Write the CSV tables of the ski_resort database (PascalCase tables, abbreviated columns; deterministic, written out)."""
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


# ---------------------------------------------------------------- Resort
resorts = [
    # ResortID, ResortName, Country, Region, BaseElev, SummitElev, YrOpened, NightSki
    (1, "Val Blanche", "France", "Savoie", 1550, 3230, 1962, "N"),
    (2, "Glacier Peak", "Switzerland", "Valais", 1620, 3480, 1958, "N"),
    (3, "Pine Ridge", "USA", "Colorado", 2480, 3690, 1971, "Y"),
    (4, "Snowbird Hollow", "USA", "Utah", 2365, 3350, 1975, "Y"),
    (5, "Kronberg", "Austria", "Tyrol", 1100, 2450, 1949, "Y"),
    (6, "Sonnalp", "Austria", "Salzburg", 980, 2100, 1966, "Y"),
    (7, "Whistle Creek", "Canada", "British Columbia", 675, 2280, 1980, "Y"),
    (8, "Bear Tooth", "Canada", "Alberta", 1650, 2630, 1968, "N"),
    (9, "Mount Hakko", "Japan", "Hokkaido", 300, 1300, 1961, "Y"),
    (10, "Cortina Alta", "Italy", "Veneto", 1224, 2930, 1956, "N"),
    (11, "Les Trois Sapins", "France", "Haute-Savoie", 1200, 2750, 1970, "N"),
    (12, "Silver Basin", "USA", "Colorado", 2900, 3780, 1984, "N"),
]
write("Resort", ["ResortID", "ResortName", "Country", "Region", "BaseElev", "SummitElev", "YrOpened", "NightSki"], resorts)

# ---------------------------------------------------------------- Lift
lifts = [
    # LiftID, LiftName, ResortID, LiftType, Seats, Length_m, YrBuilt
    (1, "Eagle Express", 3, "Chairlift", 6, 1850, 2012),
    (2, "Summit Gondola", 3, "Gondola", 8, 3120, 2016),
    (3, "Beaver Carpet", 3, "Magic Carpet", 1, 120, 2005),
    (4, "Cirque Quad", 4, "Chairlift", 4, 1420, 1998),
    (5, "Hidden Peak Tram", 4, "Cable Car", 120, 2530, 1975),
    (6, "Telecabine du Lac", 1, "Gondola", 10, 2760, 2009),
    (7, "Col Chair", 1, "Chairlift", 4, 1330, 1991),
    (8, "Petit Tire", 1, "T-Bar", 2, 640, 1984),
    (9, "Glacier Express", 2, "Cable Car", 80, 3900, 2002),
    (10, "Riffel Gondola", 2, "Gondola", 8, 2050, 2014),
    (11, "Theodul Lift", 2, "T-Bar", 2, 1150, 1979),
    (12, "Kronberg Bahn", 5, "Gondola", 10, 3380, 2018),
    (13, "Hahnen Chair", 5, "Chairlift", 6, 1640, 2011),
    (14, "Sonnblick T-Bar", 6, "T-Bar", 2, 1280, 2001),
    (15, "Zauber Carpet", 6, "Magic Carpet", 1, 95, 2015),
    (16, "Creekside Gondola", 7, "Gondola", 8, 2900, 2008),
    (17, "Harmony Six", 7, "Chairlift", 6, 1990, 2013),
    (18, "Bear Paw T-Bar", 8, "T-Bar", 2, 870, 1988),
    (19, "Grizzly Quad", 8, "Chairlift", 4, 1510, 2004),
    (20, "Hakko Pair Lift", 9, "Chairlift", 2, 1060, 1987),
    (21, "Hakko Gondola", 9, "Gondola", 6, 2240, 2019),
    (22, "Faloria Cable Car", 10, "Cable Car", 60, 2870, 1996),
    (23, "Tofana Chair", 10, "Chairlift", 3, 1210, 1993),
    (24, "Sapins Express", 11, "Chairlift", 6, 1730, 2017),
    (25, "Aiguille T-Bar", 11, "T-Bar", 2, 980, 1982),
    (26, "Silver Queen", 12, "Gondola", 6, 3050, 2021),
    (27, "Basin Quad", 12, "Chairlift", 4, 1480, 2009),
    (28, "Bunny Carpet", 12, "Magic Carpet", 1, 110, 2020),
    (29, "Wolf Creek T-Bar", 3, "T-Bar", 2, 760, 1993),
]
write("Lift", ["LiftID", "LiftName", "ResortID", "LiftType", "Seats", "Length_m", "YrBuilt"], lifts)

# ---------------------------------------------------------------- Piste (ServedBy -> Lift.LiftID)
pistes = [
    # PisteID, PisteName, ResortID, Difficulty, Length_m, ServedBy, Groomed
    (1, "Piste du Lac", 1, "Blue", 2300, 6, "T"),
    (2, "La Noire", 1, "Black", 1900, 6, "T"),
    (3, "Col Rouge", 1, "Red", 1650, 7, "T"),
    (4, "Petit Chemin", 1, "Green", 720, 8, "T"),
    (5, "Glacier Run", 2, "Red", 4200, 9, "T"),
    (6, "Riffel Couloir", 2, "Black", 1350, 10, "F"),
    (7, "Theodul Trail", 2, "Blue", 2650, 11, "T"),
    (8, "Eagle Bowl", 3, "Blue", 2100, 1, "T"),
    (9, "Wolf Run", 3, "Black", 1780, 2, "F"),
    (10, "Lone Wolf Glades", 3, "Black", 1240, 1, "F"),
    (11, "Summit Cruiser", 3, "Blue", 3450, 2, "T"),
    (12, "Timberline", 3, "Red", 1560, 29, "T"),
    (13, "Bunny Hill", 3, "Green", 300, 3, "T"),
    (14, "Cirque Traverse", 4, "Red", 2480, 4, "T"),
    (15, "Regulator Johnson", 4, "Black", 1600, 5, "F"),
    (16, "Chip's Run", 4, "Blue", 4300, 5, "T"),
    (17, "Hahnenkamm Abfahrt", 5, "Black", 3310, 12, "T"),
    (18, "Familienabfahrt", 5, "Blue", 2870, 12, "T"),
    (19, "Steilhang", 5, "Red", 1420, 13, "T"),
    (20, "Sonnenweg", 6, "Green", 1100, 14, "T"),
    (21, "Talabfahrt", 6, "Blue", 1850, 14, "T"),
    (22, "Peak to Creek", 7, "Blue", 5100, 16, "T"),
    (23, "Wolverine Chute", 7, "Black", 980, 17, "F"),
    (24, "Harmony Ridge", 7, "Red", 2240, 17, "T"),
    (25, "Grizzly Bowl", 8, "Black", 1450, 19, "F"),
    (26, "Bear Paw Meadow", 8, "Green", 890, 18, "T"),
    (27, "Timber Trail", 8, "Red", 1730, 19, "T"),
    (28, "Hakko Powder Line", 9, "Black", 1320, 21, "F"),
    (29, "Family Course", 9, "Green", 1540, 20, "T"),
    (30, "Panorama Course", 9, "Blue", 2760, 21, "T"),
    (31, "Forcella Staunies", 10, "Black", 1150, 22, "F"),
    (32, "Olympia delle Tofane", 10, "Red", 2680, 22, "T"),
    (33, "Tofana Blu", 10, "Blue", 1980, 23, "T"),
    (34, "Les Sapins", 11, "Blue", 2020, 24, "T"),
    (35, "Aiguille Noire", 11, "Black", 1700, 24, "T"),
    (36, "Silver Streak", 12, "Red", 2960, 26, "T"),
    (37, "Basin Bowl", 12, "Black", 1880, 27, "F"),
    (38, "Prospector", 12, "Blue", 2330, 26, "T"),
]
write("Piste", ["PisteID", "PisteName", "ResortID", "Difficulty", "Length_m", "ServedBy", "Groomed"], pistes)

# ---------------------------------------------------------------- Instructor (HomeResort -> Resort.ResortID)
instructors = [
    # InstrID, LName, FName, Sex, Age, Nationality, CertLvl, YrsExp, HomeResort
    (1, "Berger", "Hannah", "F", 34, "Austria", 4, 12, 5),
    (2, "Moreau", "Luc", "M", 41, "France", 3, 18, 1),
    (3, "Tanaka", "Yuki", "F", 27, "Japan", 2, 5, 9),
    (4, "Keller", "Jonas", "M", 38, "Switzerland", 4, 16, 2),
    (5, "Walsh", "Ryan", "M", 25, "USA", 1, 3, 3),
    (6, "Dubois", "Camille", "F", 31, "France", 2, 8, 11),
    (7, "Hofer", "Stefan", "M", 46, "Austria", 4, 24, 6),
    (8, "MacKenzie", "Fiona", "F", 29, "Canada", 3, 7, 7),
    (9, "Lindqvist", "Erik", "M", 36, "Sweden", 3, 14, 2),
    (10, "Rossi", "Giulia", "F", 33, "Italy", 2, 10, 10),
    (11, "Mitchell", "Owen", "M", 22, "Canada", 1, 2, 8),
    (12, "Sato", "Kenji", "M", 44, "Japan", 4, 21, 9),
    (13, "Brooks", "Megan", "F", 30, "USA", 2, 6, 4),
    (14, "Gruber", "Lukas", "M", 26, "Austria", 1, 4, 5),
    (15, "Novak", "Petra", "F", 39, "Czech Republic", 3, 15, 12),
    (16, "Fontaine", "Eloise", "F", 24, "France", 1, 1, 1),
]
write("Instructor", ["InstrID", "LName", "FName", "Sex", "Age", "Nationality", "CertLvl", "YrsExp", "HomeResort"], instructors)

# ---------------------------------------------------------------- Lesson
lessons = [
    # LessonID, InstrID, LessonDate, Discipline, LessonLvl, Hrs, Price, MaxStudents
    (1, 1, "2024-01-06", "Ski", "Beginner", 2, 95, 6),
    (2, 1, "2024-01-07", "Ski", "Advanced", 3, 180, 4),
    (3, 1, "2024-01-13", "Snowboard", "Intermediate", 2, 110, 5),
    (4, 1, "2024-02-03", "Ski", "Intermediate", 2, 120, 6),
    (5, 2, "2024-01-06", "Ski", "Beginner", 2, 85, 8),
    (6, 2, "2024-01-20", "Telemark", "Advanced", 3, 165, 4),
    (7, 3, "2024-01-14", "Snowboard", "Beginner", 2, 90, 6),
    (8, 3, "2024-02-10", "Snowboard", "Intermediate", 3, 135, 5),
    (9, 4, "2024-01-27", "Ski", "Advanced", 4, 240, 3),
    (10, 4, "2024-02-17", "Ski", "Intermediate", 2, 125, 6),
    (11, 5, "2023-12-23", "Snowboard", "Beginner", 1, 60, 8),
    (12, 5, "2024-01-02", "Ski", "Beginner", 2, 80, 8),
    (13, 6, "2023-12-28", "Ski", "Intermediate", 2, 105, 6),
    (14, 7, "2024-02-24", "Ski", "Advanced", 3, 210, 4),
    (15, 7, "2024-03-02", "Telemark", "Intermediate", 2, 130, 5),
    (16, 8, "2024-01-09", "Snowboard", "Advanced", 3, 175, 4),
    (17, 9, "2024-03-09", "Ski", "Beginner", 1, 55, 10),
    (18, 10, "2024-02-11", "Ski", "Intermediate", 2, 115, 6),
    (19, 10, "2024-03-16", "Snowboard", "Beginner", 2, 75, 8),
    (20, 12, "2024-01-21", "Ski", "Advanced", 4, 260, 3),
    (21, 12, "2024-02-25", "Telemark", "Beginner", 2, 100, 6),
    (22, 13, "2024-03-03", "Ski", "Beginner", 2, 70, 8),
    (23, 15, "2024-02-18", "Snowboard", "Advanced", 3, 190, 4),
    (24, 2, "2024-03-23", "Ski", "Intermediate", 3, 145, 6),
]
write("Lesson", ["LessonID", "InstrID", "LessonDate", "Discipline", "LessonLvl", "Hrs", "Price", "MaxStudents"], lessons)

# ---------------------------------------------------------------- Skier
skiers = [
    # SkierID, LName, FName, Age, Sex, HomeCity
    (1, "Carter", "Emily", 34, "F", "Denver"),
    (2, "Fischer", "Max", 16, "M", "Munich"),
    (3, "Lefevre", "Chloe", 28, "F", "Lyon"),
    (4, "Nakamura", "Hiro", 45, "M", "Sapporo"),
    (5, "Olsen", "Nora", 14, "F", "Oslo"),
    (6, "Brown", "Jacob", 52, "M", "Denver"),
    (7, "Kowalski", "Anna", 23, "F", "Krakow"),
    (8, "Schmidt", "Felix", 41, "M", "Munich"),
    (9, "Davies", "Olivia", 37, "F", "London"),
    (10, "Martin", "Lucas", 12, "M", "Lyon"),
    (11, "Wright", "Harry", 48, "M", "London"),
    (12, "Ito", "Mai", 19, "F", "Sapporo"),
    (13, "Baker", "Sophie", 31, "F", "Vancouver"),
    (14, "Russo", "Marco", 56, "M", "Milan"),
    (15, "Evans", "Tom", 17, "M", "Calgary"),
    (16, "Weber", "Lena", 26, "F", "Zurich"),
    (17, "Garcia", "Diego", 39, "M", "Denver"),
    (18, "Clarke", "Amelia", 44, "F", "Vancouver"),
    (19, "Moretti", "Sara", 21, "F", "Milan"),
    (20, "Hughes", "Daniel", 60, "M", "London"),
]
write("Skier", ["SkierID", "LName", "FName", "Age", "Sex", "HomeCity"], skiers)

# ---------------------------------------------------------------- Takes_Lesson (link Skier <-> Lesson)
takes = {
    1: [5, 10, 2], 2: [9, 17], 3: [12, 15], 4: [3, 16], 5: [7, 19], 6: [8], 7: [12, 4], 8: [12],
    9: [16, 18], 10: [2], 11: [1, 15], 12: [1], 13: [3], 14: [8, 9], 15: [18], 16: [13],
    17: [5], 18: [19, 7], 19: [10], 20: [4], 21: [13], 22: [17], 23: [15], 24: [7],
}
rows = [(s, l) for l in sorted(takes) for s in takes[l]]
write("Takes_Lesson", ["SkierID", "LessonID"], rows)

# ---------------------------------------------------------------- Lift_Pass
passes = [
    # PassID, SkierID, ResortID, PassType, PurchDate, Price
    (1, 1, 3, "Season", "2023-10-15", 1049),
    (2, 6, 3, "Day", "2024-01-12", 189),
    (3, 17, 3, "Season", "2023-11-02", 1049),
    (4, 2, 5, "Week", "2024-02-10", 325),
    (5, 8, 5, "Season", "2023-11-20", 795),
    (6, 3, 1, "Week", "2023-12-23", 310),
    (7, 10, 1, "Week", "2023-12-23", 232),
    (8, 4, 9, "Season", "2023-11-05", 690),
    (9, 12, 9, "Day", "2024-01-14", 62),
    (10, 5, 2, "Day", "2024-02-18", 54),
    (11, 9, 2, "Week", "2024-02-24", 455),
    (12, 11, 2, "Day", "2024-02-26", 92),
    (13, 13, 7, "Season", "2023-10-28", 1399),
    (14, 18, 7, "Week", "2024-02-12", 640),
    (15, 15, 8, "Day", "2024-01-06", 115),
    (16, 16, 2, "Season", "2023-11-12", 1280),
    (17, 7, 10, "Week", "2024-03-02", 368),
    (18, 14, 10, "Day", "2024-03-05", 79),
    (19, 19, 10, "Season", "2023-11-25", 845),
    (20, 20, 11, "Week", "2024-01-20", 287),
    (21, 6, 12, "Day", "2024-02-02", 205),
    (22, 11, 12, "Week", "2024-02-05", 820),
    (23, 1, 4, "Day", "2024-03-10", 169),
    (24, 17, 4, "Day", "2024-03-11", 169),
    (25, 13, 8, "Day", "2024-01-27", 121),
    (26, 9, 1, "Day", "2023-12-30", 71),
    (27, 8, 6, "Week", "2024-01-03", 276),
    (28, 2, 6, "Day", "2023-12-27", 41),
    (29, 4, 3, "Week", "2024-02-14", 712),
    (30, 20, 5, "Day", "2024-01-18", 68),
]
write("Lift_Pass", ["PassID", "SkierID", "ResortID", "PassType", "PurchDate", "Price"], passes)
print("tables written to", OUT)
