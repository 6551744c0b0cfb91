"""Write the CSV tables of the radio_station database (Capitalized_With_Underscores, singular tables; deterministic)."""
import csv, os, random, datetime

random.seed(5150)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Presenter
presenters = [
    # Presenter_ID, Name, Nationality, Age, Year_Joined, Is_Full_Time
    (1, "Niamh Gallagher", "Ireland", 41, 2009, "T"),
    (2, "Marcus Bell", "England", 35, 2015, "T"),
    (3, "Priya Raman", "England", 29, 2019, "F"),
    (4, "Callum Fraser", "Scotland", 52, 2001, "T"),
    (5, "Dee Okafor", "England", 44, 2012, "T"),
    (6, "Owain Pryce", "Wales", 61, 1996, "F"),
    (7, "Sophie Tremblay", "Canada", 33, 2018, "T"),
    (8, "Jack Harrower", "Australia", 47, 2006, "T"),
    (9, "Lena Fischer", "Germany", 38, 2016, "F"),
    (10, "Tariq Haddad", "England", 26, 2022, "F"),
    (11, "Maggie Doyle", "Ireland", 58, 1999, "T"),
    (12, "Rory McAllister", "Scotland", 31, 2020, "F"),
    (13, "Andre Campbell", "Jamaica", 49, 2010, "T"),
    (14, "Hannah Whitley", "England", 23, 2023, "F"),
]
write("Presenter", ["Presenter_ID", "Name", "Nationality", "Age", "Year_Joined", "Is_Full_Time"], presenters)

# ---------------------------------------------------------------- Program
shows = [
    # Program_ID, Title, Genre, Host_ID, Produced_By, Time_Slot, Start_Time, Duration_Min, First_Aired, Is_Live
    (1, "The Breakfast Brew", "Talk and Music", 2, 5, "Breakfast", "06:00", 180, "2015-09-07", 1),
    (2, "Midday Mix", "Pop", 7, 5, "Daytime", "12:00", 120, "2018-10-01", 1),
    (3, "Drive Home", "Pop", 8, 1, "Drivetime", "16:00", 180, "2007-01-08", 1),
    (4, "Jazz After Dark", "Jazz", 6, None, "Late night", "22:00", 120, "1997-03-02", 0),
    (5, "The Folk Roots Hour", "Folk", 11, 4, "Evening", "19:00", 60, "2001-05-13", 0),
    (6, "Reggae Sunsplash", "Reggae", 13, 8, "Weekend", "14:00", 120, "2011-06-04", 1),
    (7, "Classical Mornings", "Classical", 9, 4, "Weekend", "09:00", 150, "2016-04-10", 0),
    (8, "The Sports Desk", "Sport", 12, 1, "Evening", "18:00", 60, "2020-08-15", 1),
    (9, "New Music Fresh", "Indie", 10, 5, "Evening", "20:00", 90, "2022-02-21", 1),
    (10, "Celtic Crossroads", "Folk", 4, 11, "Weekend", "17:00", 90, "2003-09-20", 0),
    (11, "Late Night Requests", "Pop", 3, 2, "Late night", "23:00", 180, "2019-11-04", 1),
    (12, "Rock Vault", "Rock", 8, None, "Weekend", "20:00", 120, "2024-09-07", 0),
]
write("Program", ["Program_ID", "Title", "Genre", "Host_ID", "Produced_By", "Time_Slot", "Start_Time", "Duration_Min",
               "First_Aired", "Is_Live"], shows)

# ---------------------------------------------------------------- Track
tracks = [
    # Track_ID, Title, Artist, Genre, Release_Year, Length_Sec
    (1, "Paper Lanterns", "The Marlowes", "Pop", 2021, 213),
    (2, "Salt on the Wind", "Eilidh Munro", "Folk", 2018, 247),
    (3, "Blue Corner", "Ray Tobin Quartet", "Jazz", 1998, 412),
    (4, "Kingston Morning", "Desmond Clarke", "Reggae", 2009, 236),
    (5, "Neon Harbour", "Velvet Static", "Indie", 2023, 198),
    (6, "Summer in Reverse", "The Marlowes", "Pop", 2019, 201),
    (7, "Night Ferry", "Velvet Static", "Indie", 2022, 224),
    (8, "The Long Road North", "Eilidh Munro", "Folk", 2015, 288),
    (9, "Prelude in Grey", "Anna Kowalczyk", "Classical", 2017, 356),
    (10, "Two Rivers", "Desmond Clarke", "Reggae", 2014, 259),
    (11, "Lately", "Jade Summers", "Pop", 2024, 187),
    (12, "Smoke and Brass", "Ray Tobin Quartet", "Jazz", 2003, 465),
    (13, "Highway Ghosts", "Stone Harbour", "Rock", 1994, 301),
    (14, "Winter Nocturne", "Anna Kowalczyk", "Classical", 2020, 521),
    (15, "Golden Hour", "Jade Summers", "Pop", 2022, 194),
    (16, "Carrickfergus Girl", "The Lough Road Band", "Folk", 2011, 232),
    (17, "Yard Party", "Kofi and the Sound System", "Reggae", 2019, 218),
    (18, "After Midnight Swing", "Lola Benet", "Jazz", 2012, 274),
    (19, "Static Hearts", "Velvet Static", "Indie", 2024, 207),
    (20, "Electric Saints", "Stone Harbour", "Rock", 1991, 339),
    (21, "Harbour Lights", "The Lough Road Band", "Folk", 2016, 255),
    (22, "Cold Coffee", "Jade Summers", "Pop", 2020, 176),
    (23, "Moonlit Quay", "Lola Benet", "Jazz", 2015, 298),
    (24, "String Quartet No 2 Allegro", "Anna Kowalczyk", "Classical", 2021, 612),
    (25, "Borrowed Time", "The Marlowes", "Pop", 2017, 226),
    (26, "Saltwater Radio", "Stone Harbour", "Rock", 1997, 284),
    (27, "Sunsplash Riddim", "Kofi and the Sound System", "Reggae", 2021, 243),
    (28, "Glass Cities", "Northern Arcade", "Indie", 2020, 231),
    (29, "Fields of Barley", "Eilidh Munro", "Folk", 2022, 219),
    (30, "Quiet Engines", "Northern Arcade", "Indie", None, 265),
]
write("Track", ["Track_ID", "Title", "Artist", "Genre", "Release_Year", "Length_Sec"], tracks)

# ---------------------------------------------------------------- Broadcast
base = {"Breakfast": 42000, "Drivetime": 37000, "Daytime": 24000, "Evening": 15000, "Weekend": 18000,
        "Late night": 9000}
guests = ["Dr Helen Marsh", "Coach Tom Reilly", "Mayor Janet Price", "Chef Luca Romano", "Kofi and the Sound System",
          "Eilidh Munro", "Velvet Static", "Prof Ian Mercer"]
plan = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8, 8, 9, 9, 9,
        10, 10, 11, 11, 11, 11]
bcasts = []
seen = set()
for sid in plan:
    show = shows[sid - 1]
    d = datetime.date(2024, 1, 1) + datetime.timedelta(days=random.randint(0, 242))
    while (sid, d) in seen:
        d += datetime.timedelta(days=7)
    seen.add((sid, d))
    lis = int(base[show[5]] * random.uniform(0.7, 1.35))
    guest = random.choice(guests) if random.random() < 0.3 else None
    bcasts.append([None, sid, d, lis, guest])
bcasts.sort(key=lambda b: (b[2], b[1]))
listeners_seen = set()
for i, b in enumerate(bcasts):
    b[0] = 101 + i
    while b[3] in listeners_seen:
        b[3] += 50
    listeners_seen.add(b[3])
    b[2] = b[2].isoformat()
write("Broadcast", ["Broadcast_ID", "Program_ID", "Air_Date", "Listeners", "Guest_Name"], bcasts)

# ---------------------------------------------------------------- Airplay
genres_for = {"Talk and Music": ["Pop", "Indie"], "Pop": ["Pop"], "Jazz": ["Jazz"], "Folk": ["Folk"],
              "Reggae": ["Reggae"], "Classical": ["Classical"], "Sport": [], "Indie": ["Indie"], "Rock": ["Rock"]}
airplay = []
for b in bcasts:
    g = genres_for[shows[b[1] - 1][2]]
    pool = [t[0] for t in tracks if t[3] in g and not (t[0] in (25, 30))]
    if not pool:
        continue
    chosen = random.sample(pool, random.randint(1, min(3, len(pool))))
    for k, tid in enumerate(chosen, 1):
        req = "T" if (b[1] == 11 and random.random() < 0.7) or random.random() < 0.1 else "F"
        airplay.append((b[0], tid, k, req))
write("Airplay", ["Broadcast_ID", "Track_ID", "Play_Order", "Is_Request"], airplay)
print(len(presenters), "presenters", len(shows), "shows", len(bcasts), "broadcasts", len(tracks), "tracks",
      len(airplay), "plays")
