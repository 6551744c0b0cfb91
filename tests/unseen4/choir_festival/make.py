"""Build the choir_festival tables (deterministic; Spider's Capitalized_With_Underscores convention)."""
import csv, os, random, datetime

random.seed(60613)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# Venue_ID, Name, City, Country, Capacity, Opened_Year, Has_Organ
venues = [
    (1, "St Cecilia Hall", "Edinburgh", "United Kingdom", 620, 1876, "T"),
    (2, "Riverside Concert Hall", "Cork", "Ireland", 1450, 1998, "T"),
    (3, "Harbour Arts Centre", "Bergen", "Norway", 900, 2005, "F"),
    (4, "Old Corn Exchange", "Cambridge", "United Kingdom", 1100, 1875, "F"),
    (5, "Toomkirik Hall", "Tallinn", "Estonia", 780, 1884, "T"),
    (6, "Thomaskirche Saal", "Leipzig", "Germany", 540, 1912, "T"),
    (7, "Claddagh Music Rooms", "Galway", "Ireland", 350, 2011, "F"),
    (8, "Palau Coral", "Bilbao", "Spain", 1280, 1964, "T"),
    (9, "Vondel Studio", "Utrecht", "Netherlands", 260, 2016, "F"),
]
write("Venue", ["Venue_ID", "Name", "City", "Country", "Capacity", "Opened_Year", "Has_Organ"], venues)

# Conductor_ID, Name, Nationality, Age, Gender, Years_Conducting
conductors = [
    (1, "Eleanor Whitcombe", "United Kingdom", 54, "F", 28),
    (2, "Tomas Lindqvist", "Sweden", 61, "M", 35),
    (3, "Aoife Byrne", "Ireland", 39, "F", 14),
    (4, "Mart Kask", "Estonia", 47, "M", 22),
    (5, "Ingrid Solheim", "Norway", 44, "F", 19),
    (6, "Gwyn Parry", "United Kingdom", 67, "M", 41),
    (7, "Katarzyna Nowak", "Poland", 36, "F", 9),
    (8, "Hans-Peter Vogel", "Germany", 58, "M", 30),
    (9, "Siobhan Healy", "Ireland", 50, "F", 24),
    (10, "Juan Carlos Ibarra", "Spain", 42, "M", 16),
    (11, "Liesbeth de Wit", "Netherlands", 33, "F", 7),
    (12, "Michael Osei", "United Kingdom", 45, "M", 18),
]
write("Conductor", ["Conductor_ID", "Name", "Nationality", "Age", "Gender", "Years_Conducting"], conductors)

# Choir_ID, Name, Home_City, Country, Year_Formed, Number_Of_Members, Choir_Type, Conductor_ID, Is_Amateur
choirs = [
    (1, "Edinburgh Cantata Singers", "Edinburgh", "United Kingdom", 1962, 48, "Mixed", 1, 1),
    (2, "Uppsala Chamber Voices", "Uppsala", "Sweden", 1985, 24, "Chamber", 2, 1),
    (3, "Cork Harmony Choir", "Cork", "Ireland", 1994, 56, "Mixed", 3, 1),
    (4, "Tallinn Youth Chorus", "Tallinn", "Estonia", 1971, 62, "Youth", 4, 1),
    (5, "Bergen Fjord Singers", "Bergen", "Norway", 2001, 32, "Female", 5, 1),
    (6, "Rhondda Male Voice Choir", "Treorchy", "United Kingdom", 1883, 74, "Male Voice", 6, 1),
    (7, "Krakow Academic Choir", "Krakow", "Poland", 1950, 40, "Mixed", 7, 1),
    (8, "Leipzig Vocal Ensemble", "Leipzig", "Germany", 1990, 16, "Chamber", 8, 0),
    (9, "Galway Junior Singers", "Galway", "Ireland", 2008, 45, "Children", 9, 1),
    (10, "Coral Bilbao Nervion", "Bilbao", "Spain", 1978, 58, "Mixed", 10, 1),
    (11, "Utrecht Vocal Consort", "Utrecht", "Netherlands", 2012, 18, "Chamber", 11, 0),
    (12, "Cardiff Bay Ladies Choir", "Cardiff", "United Kingdom", 1999, 38, "Female", 6, 1),
    (13, "Oslo City Chorale", "Oslo", "Norway", 1968, 80, "Mixed", 5, 0),
    (14, "Dublin Gospel Collective", "Dublin", "Ireland", 2015, 28, "Gospel", None, 1),
    (15, "Stockholm Student Chorus", "Stockholm", "Sweden", 1979, 52, "Male Voice", 2, 1),
    (16, "Manchester Community Choir", "Manchester", "United Kingdom", 2010, 66, "Mixed", 6, 1),
]
write("Choir", ["Choir_ID", "Name", "Home_City", "Country", "Year_Formed", "Number_Of_Members", "Choir_Type",
                 "Conductor_ID", "Is_Amateur"], choirs)

# Festival_ID, Festival_Name, Year, Host_Venue, Start_Date, Num_Days, Theme, Attendance
festivals = [
    (1, "Baltic Voices", 2016, 5, "2016-06-10", 4, "Folk Song", 5200),
    (2, "Celtic Choral Gathering", 2017, 2, "2017-04-28", 5, "Sacred Music", 8400),
    (3, "Northern Harmony Week", 2018, 3, "2018-08-15", 6, "Contemporary", 6100),
    (4, "Celtic Choral Gathering", 2019, 2, "2019-05-03", 5, "Folk Song", 9150),
    (5, "Edinburgh Spring Chorus", 2019, 1, "2019-03-22", 3, "Sacred Music", 3300),
    (6, "Baltic Voices", 2021, 5, "2021-06-18", 4, "Contemporary", None),
    (7, "Bach Choir Days", 2022, 6, "2022-03-25", 3, "Sacred Music", 2750),
    (8, "Celtic Choral Gathering", 2022, 2, "2022-04-29", 5, "Contemporary", 7800),
    (9, "Northern Harmony Week", 2023, 3, "2023-08-16", 6, "Folk Song", 6650),
    (10, "Cambridge Festival of Voices", 2023, 4, "2023-07-07", 4, "Sacred Music", None),
]
write("Festival", ["Festival_ID", "Festival_Name", "Year", "Host_Venue", "Start_Date", "Num_Days", "Theme",
                   "Attendance"], festivals)

pieces = {
    "Sacred Music": [("Miserere", "Allegri", 12), ("Ave Maria", "Biebl", 6), ("O Magnum Mysterium", "Lauridsen", 6),
                     ("Jesu meine Freude", "Bach", 21), ("Hear My Prayer", "Mendelssohn", 11),
                     ("Ubi Caritas", "Durufle", 3), ("Singet dem Herrn", "Bach", 14)],
    "Folk Song": [("Calon Lan", "Hughes", 4), ("Mu isamaa armas", "Ernesaks", 4), ("Deep River", "Traditional", 4),
                  ("Loch Lomond", "Traditional", 5), ("Kom Sjel", "Traditional", 3), ("Kalevala Suite", "Tormis", 9)],
    "Contemporary": [("Lux Aurumque", "Whitacre", 4), ("Northern Lights", "Gjeilo", 5), ("Sleep", "Whitacre", 6),
                     ("Bogoroditse Devo", "Part", 2), ("Sure on This Shining Night", "Barber", 4),
                     ("The Seal Lullaby", "Whitacre", 4)],
}
# which choirs sang at each festival (choir 16 never appears)
line_up = {
    1: [4, 2, 13, 7, 5],
    2: [3, 1, 6, 9, 14],
    3: [5, 13, 15, 11],
    4: [3, 6, 12, 10, 4, 9],
    5: [1, 6, 8],
    6: [4, 7, 2],
    7: [8, 11, 1, 2],
    8: [3, 14, 12, 10, 13],
    9: [5, 15, 4, 11, 6],
    10: [1, 8, 12, 6],
}
perfs = []
pid = 0
used_scores = set()
for f in festivals:
    fid, theme, start, ndays = f[0], f[6], datetime.date.fromisoformat(f[4]), f[5]
    for c in line_up[fid]:
        piece, comp, mins = random.choice(pieces[theme])
        dur = mins + random.randint(0, 2)
        d = start + datetime.timedelta(days=random.randint(0, ndays - 1))
        if fid == 6:
            score, award = None, None  # the 2021 edition was non-competitive
        else:
            score = round(random.uniform(68, 97), 1)
            while score in used_scores:
                score = round(score + 0.1, 1)
            used_scores.add(score)
            award = "Gold" if score >= 90 else "Silver" if score >= 80 else "Bronze" if score >= 72 else None
        pid += 1
        perfs.append((pid, fid, c, d.isoformat(), piece, comp, dur, score, award))
write("Performance", ["Performance_ID", "Festival_ID", "Choir_ID", "Performance_Date", "Piece", "Composer",
                      "Duration_Minutes", "Jury_Score", "Award"], perfs)
print(len(perfs), "performances")
