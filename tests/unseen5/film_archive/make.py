"""Writes tables/*.csv for the film_archive database (Capitalized_With_Underscores convention; deterministic)."""
import csv, os, random, datetime

random.seed(19520604)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


directors = [
    # Director_ID, Name, Nationality, Birth_Year, Debut_Year, Is_Living
    (1, "Ingrid Halvorsen", "Norway", 1921, 1948, "F"),
    (2, "Marcel Duvivier-Blanc", "France", 1908, 1934, "F"),
    (3, "Kenji Morimoto", "Japan", 1915, 1941, "F"),
    (4, "Rosalind Ashcombe", "United Kingdom", 1944, 1971, "T"),
    (5, "Tomasz Wierzbicki", "Poland", 1936, 1962, "F"),
    (6, "Lucia Ferrandi", "Italy", 1929, 1955, "F"),
    (7, "Samuel Okonkwo", "Nigeria", 1958, 1986, "T"),
    (8, "Elena Varga", "Hungary", 1950, 1977, "T"),
    (9, "Howard Pettigrew", "United States", 1912, 1938, "F"),
    (10, "Carmen Sotelo", "Mexico", 1962, 1991, "T"),
    (11, "Arvid Lindqvist", "Sweden", 1940, 1966, "F"),
    (12, "Nadia Rahimi", "Iran", 1971, 2001, "T"),
]
write("Director", ["Director_ID", "Name", "Nationality", "Birth_Year", "Debut_Year", "Is_Living"], directors)

films = [
    # Film_ID, Title, Director, Release_Year, Genre, Running_Time, Language, Print_Format, Is_Restored, Acquisition_Year
    (1, "The Lantern Keeper", 1, 1952, "Drama", 104, "Norwegian", "35mm", "T", 1988),
    (2, "Winter Harbour", 1, 1958, "Drama", 97, "Norwegian", "35mm", "F", 1991),
    (3, "Salt and Ashes", 1, 1966, "Drama", 121, "Norwegian", "35mm", "T", 2003),
    (4, "Le Dernier Tramway", 2, 1937, "Film Noir", 88, "French", "Nitrate", "T", 1979),
    (5, "Les Enfants du Quai", 2, 1946, "Drama", 112, "French", "35mm", "F", 1984),
    (6, "The Crane's Daughter", 3, 1949, "Drama", 131, "Japanese", "35mm", "T", 1995),
    (7, "Rain on the Tin Roof", 3, 1955, "Drama", 109, "Japanese", "35mm", "F", 1999),
    (8, "Ghost of the Red Bridge", 3, 1962, "Horror", 93, "Japanese", "35mm", "T", 2007),
    (9, "A Quiet Tuesday", 4, 1974, "Comedy", 95, "English", "35mm", "F", 2010),
    (10, "The Orchard Wars", 4, 1983, "Comedy", 101, "English", "35mm", "T", 2012),
    (11, "Signal from Callisto", 4, 1991, "Science Fiction", 118, "English", "35mm", "F", 2015),
    (12, "Forest of Iron Birds", 5, 1963, "Drama", 126, "Polish", "35mm", "T", 1998),
    (13, "The Night Ferry to Gdansk", 5, 1970, "Film Noir", 99, "Polish", "16mm", "F", 2001),
    (14, "Sunday at the Lido", 6, 1957, "Comedy", 92, "Italian", "35mm", "T", 1993),
    (15, "The Tailor of Naples", 6, 1961, "Drama", 114, "Italian", "35mm", "F", 1997),
    (16, "Lagos Blues", 7, 1988, "Musical", 107, "English", "16mm", "F", 2016),
    (17, "The River Remembers", 7, 1996, "Documentary", 84, "Igbo", "16mm", "F", 2019),
    (18, "Bitter Almonds", 8, 1979, "Drama", 116, "Hungarian", "35mm", "T", 2005),
    (19, "The Radio Operator", 8, 1985, "Drama", 103, "Hungarian", "35mm", "F", 2011),
    (20, "Six Guns for Laramie", 9, 1941, "Western", 78, "English", "Nitrate", "T", 1976),
    (21, "Dust over Carson Creek", 9, 1948, "Western", 86, "English", "35mm", "F", 1982),
    (22, "The Brass Canary", 9, 1953, "Musical", 98, "English", "35mm", "T", 1990),
    (23, "Shadows on Fifth Street", 9, 1944, "Film Noir", 82, "English", "Nitrate", "F", 1980),
    (24, "Cenizas del Norte", 10, 1994, "Drama", 119, "Spanish", "35mm", "F", 2018),
    (25, "La Casa de los Relojes", 10, 2003, "Horror", 96, "Spanish", "Digital", "F", 2021),
    (26, "The Glass Archipelago", 11, 1968, "Science Fiction", 137, "Swedish", "35mm", "T", 2000),
    (27, "Midsummer Accounts", 11, 1975, "Comedy", 91, "Swedish", "35mm", "F", 2008),
    (28, "Voices from the Dam", 11, 1981, "Documentary", 73, "Swedish", "16mm", "F", 2013),
    (29, "Minuit a Marseille", 2, 1951, "Film Noir", 94, "French", "35mm", "T", 1986),
    (30, "Letters to Nobody", 4, 2008, "Drama", 110, "English", "Digital", "F", 2022),
    (31, "Coastal Survey No. 3", None, 1931, "Documentary", 41, None, "Nitrate", "F", 1974),
    (32, "Ride Back to Abilene", 9, 1950, "Western", 81, "English", "35mm", "F", 1985),
]
write("Film", ["Film_ID", "Title", "Director", "Release_Year", "Genre", "Running_Time", "Language", "Print_Format",
               "Is_Restored", "Acquisition_Year"], films)

actors = [
    # Actor_ID, Name, Nationality, Birth_Year, Oscar_Winner
    (1, "Greta Solberg", "Norway", 1925, "N"),
    (2, "Henrik Dahl", "Norway", 1919, "N"),
    (3, "Yvonne Marchal", "France", 1912, "Y"),
    (4, "Jules Peyrac", "France", 1905, "N"),
    (5, "Haruko Ishida", "Japan", 1920, "Y"),
    (6, "Daisuke Nakano", "Japan", 1917, "N"),
    (7, "Vivian Cole", "United Kingdom", 1948, "Y"),
    (8, "Edmund Hartley", "United Kingdom", 1939, "N"),
    (9, "Marek Zielinski", "Poland", 1934, "N"),
    (10, "Giulia Bassani", "Italy", 1930, "Y"),
    (11, "Renzo Abate", "Italy", 1926, "N"),
    (12, "Chidi Eze", "Nigeria", 1960, "N"),
    (13, "Zsofia Kertesz", "Hungary", 1952, "N"),
    (14, "Clint Maddox", "United States", 1910, "N"),
    (15, "Dorothy Lane", "United States", 1916, "Y"),
    (16, "Ramon Ibarra", "Mexico", 1965, "N"),
    (17, "Astrid Berg", "Sweden", 1938, "Y"),
    (18, "Olof Nyman", "Sweden", 1933, "N"),
    (19, "Frances Whitlow", "United States", 1921, "N"),
    (20, "Ngozi Adebayo", "Nigeria", 1963, "Y"),
    (21, "Pierre Castel", "France", 1950, "N"),
]
write("Actor", ["Actor_ID", "Name", "Nationality", "Birth_Year", "Oscar_Winner"], actors)

# cast: actors of the director's country (an actor only in films released after turning 16), plus a few guests
pool_by_dir = {1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8], 5: [9, 13], 6: [10, 11], 7: [12, 20], 8: [13, 9],
               9: [14, 15, 19], 10: [16, 15], 11: [17, 18]}
guests = [3, 8, 10, 17, 14]
given = ["Anna", "Lars", "Marie", "Henri", "Yuki", "Taro", "Clara", "Arthur", "Jan", "Rosa", "Paolo", "Ada",
         "Emeka", "Ilona", "Jack", "Lucy", "Diego", "Karin", "Nils", "Ruth", "Oskar", "Ines", "Victor", "Mabel"]
family = ["Holm", "Roux", "Sato", "Finch", "Nowak", "Conti", "Obi", "Szabo", "Reed", "Vega", "Berg", "Gray",
          "Lund", "Mori", "Dubois", "Marsh", "Rossi", "Kovacs", "Hale", "Duarte"]
cast = []
used_chars = set()
for f in films:
    fid, dr, yr, genre = f[0], f[2], f[3], f[4]
    if dr is None or genre == "Documentary":
        continue
    pool = [a for a in pool_by_dir[dr] if yr - actors[a - 1][3] >= 16]
    random.shuffle(pool)
    chosen = pool[:random.choice([1, 2, 2])] if pool else []
    if random.random() < 0.35 or len(chosen) < 2:
        g = random.choice([a for a in guests if a not in chosen and yr - actors[a - 1][3] >= 16])
        chosen.append(g)
    for order, a in enumerate(chosen, start=1):
        ch = None
        while ch is None or ch in used_chars:
            ch = random.choice(given) + " " + random.choice(family)
        used_chars.add(ch)
        lead = "T" if order == 1 or (order == 2 and random.random() < 0.4) else "F"
        cast.append((fid, a, ch, order, lead))
write("Film_Cast", ["Film_ID", "Actor_ID", "Character_Name", "Billing_Order", "Is_Lead"], cast)

venues = ["Main Hall", "Main Hall", "Studio Two", "Studio Two", "Garden Screen", "Library Room"]
prices = [8.0, 10.0, 10.0, 12.5, 15.0]
living = {d[0] for d in directors if d[5] == "T"}
never_screened = {2, 13, 27, 31}
screenings = []
seen_att = set()
dates = set()
while len(dates) < 40:
    dates.add(datetime.date(2024, random.randint(1, 11), random.randint(1, 28)))
for sid, d in enumerate(sorted(dates), start=1):
    f = random.choice([x for x in films if x[0] not in never_screened])
    venue = random.choice(venues)
    if venue == "Garden Screen" and d.month not in (5, 6, 7, 8, 9):
        venue = "Main Hall"
    cap = {"Main Hall": 320, "Studio Two": 120, "Garden Screen": 200, "Library Room": 45}[venue]
    att = random.randint(cap // 4, cap)
    while att in seen_att:
        att -= 1
    seen_att.add(att)
    intro = None
    if f[2] in living and random.random() < 0.7:
        intro = f[2]
    elif random.random() < 0.12:
        intro = 12  # the archive's patron introduces other people's films
    live_music = "Y" if (f[7] == "Nitrate" and random.random() < 0.8) or (f[4] == "Musical" and random.random() < 0.5) else "N"
    screenings.append((sid, f[0], d.isoformat(), venue, att, random.choice(prices), intro, live_music))
write("Screening", ["Screening_ID", "Film_ID", "Screening_Date", "Venue", "Attendance", "Ticket_Price",
                    "Introduced_By", "Live_Music"], screenings)
print(len(films), "films", len(cast), "cast rows", len(screenings), "screenings")
