"""Write the CSV tables of the radio_station database (PascalCase singular tables, abbreviated columns; deterministic)."""
import csv, datetime, os, random

random.seed(88238)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Station
stations = [
    # StnID, StnName, City, FreqMHz, LaunchYr, IsPublic
    (1, "Radio Harbour", "Portsmouth", 97.4, 1989, 0),
    (2, "City Sound FM", "Manchester", 102.1, 1995, 0),
    (3, "Solent Public Radio", "Southampton", 96.1, 1970, 1),
    (4, "Northern Lights Radio", "Leeds", 88.6, 2004, 0),
    (5, "Pennine Community Radio", "Huddersfield", 104.3, 2011, 1),
    (6, "Capital Jazz 106", "London", 106.2, 1999, 0),
    (7, "Thames Talk", "London", 94.9, 2008, 0),
    (8, "Mersey Wave", "Liverpool", 99.8, 1992, 0),
    (9, "Manchester Community Radio", "Manchester", 91.5, 2015, 1),
    (10, "Coastline Radio", "Brighton", 95.3, 2018, 0),
    (11, "Docklands Radio", "London", 103.7, 2020, 1),
]
write("Station", ["StnID", "StnName", "City", "FreqMHz", "LaunchYr", "IsPublic"], stations)

# ---------------------------------------------------------------- Presenter
presenters = [
    # PresID, FName, LName, Sex, BirthYr, StnID, JoinYr
    (1, "Dave", "Holloway", "M", 1968, 1, 1995),
    (2, "Sue", "Ramsay", "F", 1975, 1, 2003),
    (3, "Marcus", "Bell", "M", 1982, 2, 2008),
    (4, "Kiran", "Bhatt", "F", 1990, 2, 2015),
    (5, "Jo", "Whelan", "F", 1979, 3, 2001),
    (6, "Neil", "Ashcroft", "M", 1961, 3, 1988),
    (7, "Lucy", "Fenwick", "F", 1986, 4, 2010),
    (8, "Tariq", "Hussain", "M", 1984, 4, 2012),
    (9, "Gemma", "Roe", "F", 1993, 5, 2017),
    (10, "Ray", "Dunmore", "M", 1955, 6, 1999),
    (11, "Alicia", "Grant", "F", 1972, 6, 2002),
    (12, "Patrick", "Nolan", "M", 1970, 7, 2008),
    (13, "Hannah", "Cole", "F", 1988, 7, 2014),
    (14, "Steve", "Jarvis", "M", 1966, 8, 1992),
    (15, "Bea", "Lomax", "F", 1997, 8, 2020),
    (16, "Femi", "Adebayo", "M", 1991, 9, 2016),
    (17, "Rosa", "Mendes", "F", 1983, 11, 2020),
    (18, "Carl", "Finch", "M", 1977, 2, 2006),
    (19, "Nina", "Shah", "F", 1995, 10, 2019),
]
write("Presenter", ["PresID", "FName", "LName", "Sex", "BirthYr", "StnID", "JoinYr"], presenters)

# ---------------------------------------------------------------- Programme
programmes = [
    # ProgID, Title, Genre, Host, StnID, SlotTime, DurMin
    (1, "Harbour Breakfast", "Talk", 1, 1, "06:00", 180),
    (2, "Drive Time Hits", "Pop", 2, 1, "16:00", 120),
    (3, "The Manchester Mix", "Dance", 3, 2, "20:00", 120),
    (4, "Kiran in the Morning", "Pop", 4, 2, "07:00", 150),
    (5, "Solent Today", "News", 5, 3, "12:00", 60),
    (6, "Folk Roots", "Folk", 6, 3, "19:00", 90),
    (7, "Late Night Indie", "Indie", 7, 4, "22:00", 120),
    (8, "Northern Soul Sessions", "Soul", 8, 4, "18:00", 120),
    (9, "Valley Voices", "Talk", 9, 5, "10:00", 60),
    (10, "Jazz After Dark", "Jazz", 10, 6, "23:00", 120),
    (11, "Sunday Swing", "Jazz", 11, 6, "11:00", 90),
    (12, "The Big Debate", "Talk", 12, 7, "09:00", 120),
    (13, "Thames Talk Tonight", "Talk", 13, 7, "21:00", 60),
    (14, "Mersey Classics", "Rock", 14, 8, "14:00", 120),
    (15, "Fresh on Friday", "Pop", 15, 8, "19:00", 90),
    (16, "Community Hour", "Talk", 16, 9, "13:00", 60),
    (17, "Docklands Beats", "Dance", 17, 11, "20:00", 90),
    (18, "Rock Block", "Rock", 1, 1, "21:00", 60),
]
write("Programme", ["ProgID", "Title", "Genre", "Host", "StnID", "SlotTime", "DurMin"], programmes)

# ---------------------------------------------------------------- Song
songs = [
    # SongID, STitle, Artist, RelYr, LenSec, Explicit
    (1, "Paper Lanterns", "The Lanterns", 2016, 214, "N"),
    (2, "Tidewater", "Mira Vale", 2019, 241, "N"),
    (3, "Copper Sky", "Copper Kites", 2012, 198, "N"),
    (4, "Night Bus Home", "Velvet Tram", 2021, 187, "Y"),
    (5, "Halcyon Days", "DJ Halcyon", 2022, 302, "N"),
    (6, "Saltmarsh Lullaby", "Saltmarsh", 2008, 265, "N"),
    (7, "Glass Houses", "Ellie Crane", 2018, 223, "N"),
    (8, "Northbound", "Northbound", 2014, 256, "N"),
    (9, "Weekday Saints", "The Weekday Saints", 2017, 176, "Y"),
    (10, "Kumasi Sunrise", "Kofi Mensah", 2020, 289, "N"),
    (11, "Lantern Light", "The Lanterns", 2018, 205, "N"),
    (12, "Undertow", "Mira Vale", 2021, 232, "Y"),
    (13, "Rust and Rain", "Copper Kites", 2015, 211, "N"),
    (14, "Last Tram", "Velvet Tram", 2019, 199, "Y"),
    (15, "Bassline Theory", "DJ Halcyon", 2023, 344, "Y"),
    (16, "Grey Heron", "Saltmarsh", 2011, 281, "N"),
    (17, "Smoke Signals", "Ellie Crane", 2022, 218, "N"),
    (18, "Ferry Lights", "The Lanterns", 2021, 227, "N"),
    (19, "Blue Note Avenue", "Sam Okoro Quartet", 2013, 412, "N"),
    (20, "Midnight in Soho", "Sam Okoro Quartet", 2016, 386, "N"),
    (21, "Hold the Line", "Northbound", 2019, 243, "Y"),
    (22, "Sunday Best", "The Weekday Saints", 2020, 191, "N"),
    (23, "Gold Coast", "Kofi Mensah", 2023, 274, "N"),
    (24, "Open Water", "Mira Vale", 2023, 248, "N"),
    (25, "Shipping Forecast", "Saltmarsh", 2005, 312, "N"),
    (26, "Loose Change", "Velvet Tram", 2017, 184, "Y"),
    (27, "Harbour Wall", "The Lanterns", 2010, 236, "N"),
    (28, "Soul Train Station", "Ruby Fontaine", 2009, 209, "N"),
    (29, "Keep On Keeping On", "Ruby Fontaine", 2014, 197, "N"),
    (30, "Static", "Ellie Crane", 2024, 201, "Y"),
]
write("Song", ["SongID", "STitle", "Artist", "RelYr", "LenSec", "Explicit"], songs)

# ---------------------------------------------------------------- Episode
guests = ["Cllr Janet Reid", "Prof. Alan Mott", "Dr Sana Iqbal", "Mike Tranter", "Bishop Clare Hope",
          "Lena Kowalczyk", "Tom Akers", "Rev. David Pike", "Jasmine Ortiz", "Col. Peter Gage"]
episodes = []
start = datetime.date(2024, 5, 1)
days = iter(random.sample(range(61), 60))
for prog in programmes:
    pid = prog[0]
    if pid == 18:
        continue
    n = {1: 4, 12: 5, 10: 3, 4: 3}.get(pid, random.choice([2, 2, 3]))
    for k in range(n):
        date = (start + datetime.timedelta(days=next(days))).isoformat()
        lk = round(random.uniform(8, 95), 1)
        live = 1 if prog[2] in ("Talk", "News") or random.random() < 0.3 else 0
        guest = random.choice(guests) if prog[2] == "Talk" and random.random() < 0.8 else None
        episodes.append([pid, date, lk, live, guest])
episodes.sort(key=lambda r: r[1])
episodes = [[i + 1] + r for i, r in enumerate(episodes)]
write("Episode", ["EpID", "ProgID", "AirDate", "ListenersK", "IsLive", "Guest"], episodes)

# ---------------------------------------------------------------- PlayLog (link table)
genre = {p[0]: p[2] for p in programmes}
pool = [s[0] for s in songs if s[0] not in (25, 29, 30)]
plays = []
for ep in episodes:
    if genre[ep[1]] in ("Talk", "News"):
        continue
    k = random.randint(2, 4)
    if len(plays) + k > 80:
        break
    for order, sid in enumerate(random.sample(pool, k), start=1):
        plays.append((ep[0], sid, order))
write("PlayLog", ["EpID", "SongID", "PlayOrder"], plays)
