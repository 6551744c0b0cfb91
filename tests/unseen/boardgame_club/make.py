"""Deterministic generator for the boardgame_club test database."""
import csv
import datetime as dt
import os
import random

random.seed(7319)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


def d(s):
    return dt.date.fromisoformat(s)


# ---------------- members ----------------
first = ["Oliver", "Amelia", "Harry", "Isla", "Jack", "Ava", "George", "Mia", "Noah", "Grace",
         "Leo", "Freya", "Arthur", "Lily", "Oscar", "Ella", "Theo", "Poppy", "Jacob", "Evie",
         "Muhammad", "Sophie", "Charlie", "Ruby", "Thomas", "Chloe", "Alfie", "Zara", "Henry", "Nadia",
         "Samir", "Megan", "Rory", "Hannah", "Tariq", "Beth", "Callum", "Imogen"]
last = ["Patel", "Hughes", "Walsh", "Khan", "Barker", "Fletcher", "Ward", "Holloway", "Nguyen", "Sutton",
        "Pearson", "Doyle", "Kaur", "Marsh", "Ellis", "Hussain", "Birch", "Lowe", "Thornton", "Okafor",
        "Fraser", "Reid", "Moss", "Quinn", "Baxter", "Chadwick", "Shah", "Dalton", "Frost", "Whitaker",
        "Ibrahim", "Lennox", "Pritchard", "Ashworth", "Greaves", "Kowalski", "Moreno", "Haigh"]
random.shuffle(last)
cities = ["Leeds"] * 14 + ["York"] * 7 + ["Harrogate"] * 5 + ["Bradford"] * 6 + ["Wakefield"] * 4 + ["Otley"] * 2
random.shuffle(cities)
mtypes = ["standard"] * 20 + ["student"] * 8 + ["family"] * 6 + ["lifetime"] * 4
random.shuffle(mtypes)
members = []
for i in range(38):
    fn, ln = first[i], last[i]
    mt = mtypes[i]
    if mt == "student":
        dob = d("1999-01-01") + dt.timedelta(days=random.randint(0, 2200))
    else:
        dob = d("1958-01-01") + dt.timedelta(days=random.randint(0, 14000))
    join = d("2015-02-01") + dt.timedelta(days=random.randint(0, 3300))
    if mt == "lifetime":
        join = d("2015-02-01") + dt.timedelta(days=random.randint(0, 900))
    dom = random.choice(["gmail.com", "outlook.com", "yahoo.co.uk", "btinternet.com", "proton.me"])
    email = "%s.%s%s@%s" % (fn.lower(), ln.lower(), random.choice(["", "", str(random.randint(1, 99))]), dom)
    members.append([i + 1, fn, ln, email, dob.isoformat(), join.isoformat(), mt, cities[i]])
write("members", ["member_id", "first_name", "last_name", "email", "dob", "join_dt", "membership_type", "city"],
      members)

# ---------------- designers ----------------
designers_raw = [
    ("Uwe Rosenberg", "Germany", 1970), ("Reiner Knizia", "Germany", 1957), ("Klaus Teuber", "Germany", 1952),
    ("Vlaada Chvatil", "Czech Republic", 1971), ("Jamey Stegmaier", "USA", 1980),
    ("Elizabeth Hargrave", "USA", 1971), ("Matt Leacock", "USA", 1969), ("Antoine Bauza", "France", 1978),
    ("Bruno Cathala", "France", 1963), ("Stefan Feld", "Germany", 1970), ("Alan R. Moon", "USA", 1951),
    ("Isaac Childres", "USA", 1981), ("Cole Wehrle", "USA", 1987), ("Wolfgang Kramer", "Germany", 1942),
    ("Michael Kiesling", "Germany", 1957), ("Rob Daviau", "USA", 1970), ("Shem Phillips", "New Zealand", 1982),
]
designers = [[i + 1, n, c, y] for i, (n, c, y) in enumerate(designers_raw)]
write("designers", ["designer_id", "designer_name", "country", "birth_yr"], designers)
dname = {n: i + 1 for i, (n, _, _) in enumerate(designers_raw)}

# ---------------- games ----------------
games_raw = [
    # title, publisher, yr, min, max, minutes, weight, category, designers
    ("Agricola", "Lookout Games", 2007, 1, 4, 120, 3.64, "euro", ["Uwe Rosenberg"]),
    ("Caverna", "Lookout Games", 2013, 1, 7, 150, 3.78, "euro", ["Uwe Rosenberg"]),
    ("Patchwork", "Lookout Games", 2014, 2, 2, 30, 1.61, "abstract", ["Uwe Rosenberg"]),
    ("Tigris and Euphrates", "Fantasy Flight Games", 1997, 2, 4, 90, 3.48, "euro", ["Reiner Knizia"]),
    ("Lost Cities", "Kosmos", 1999, 2, 2, 30, 1.49, "family", ["Reiner Knizia"]),
    ("Ra", "Alea", 1999, 2, 5, 60, 2.33, "euro", ["Reiner Knizia"]),
    ("Catan", "Kosmos", 1995, 3, 4, 90, 2.29, "family", ["Klaus Teuber"]),
    ("Codenames", "Czech Games Edition", 2015, 2, 8, 15, 1.29, "party", ["Vlaada Chvatil"]),
    ("Through the Ages", "Czech Games Edition", 2015, 2, 4, 240, 4.43, "civilization", ["Vlaada Chvatil"]),
    ("Galaxy Trucker", "Czech Games Edition", 2007, 2, 4, 60, 2.30, "family", ["Vlaada Chvatil"]),
    ("Scythe", "Stonemaier Games", 2016, 1, 5, 115, 3.44, "strategy", ["Jamey Stegmaier"]),
    ("Viticulture", "Stonemaier Games", 2013, 1, 6, 90, 2.89, "euro", ["Jamey Stegmaier"]),
    ("Wingspan", "Stonemaier Games", 2019, 1, 5, 70, 2.45, "euro", ["Elizabeth Hargrave"]),
    ("Pandemic", "Z-Man Games", 2008, 2, 4, 45, 2.40, "cooperative", ["Matt Leacock"]),
    ("Pandemic Legacy: Season 1", "Z-Man Games", 2015, 2, 4, 60, 2.83, "cooperative", ["Matt Leacock", "Rob Daviau"]),
    ("Forbidden Island", "Gamewright", 2010, 2, 4, 30, 1.72, "cooperative", ["Matt Leacock"]),
    ("7 Wonders", "Repos Production", 2010, 2, 7, 30, 2.32, "strategy", ["Antoine Bauza"]),
    ("7 Wonders Duel", "Repos Production", 2015, 2, 2, 30, 2.22, "strategy", ["Antoine Bauza", "Bruno Cathala"]),
    ("Hanabi", "Cocktail Games", 2010, 2, 5, 25, 1.69, "cooperative", ["Antoine Bauza"]),
    ("Kingdomino", "Blue Orange Games", 2016, 2, 4, 15, 1.22, "family", ["Bruno Cathala"]),
    ("The Castles of Burgundy", "Ravensburger", 2011, 1, 4, 90, 2.99, "euro", ["Stefan Feld"]),
    ("Bora Bora", "Alea", 2013, 2, 4, 120, 3.70, "euro", ["Stefan Feld"]),
    ("Ticket to Ride", "Days of Wonder", 2004, 2, 5, 60, 1.83, "family", ["Alan R. Moon"]),
    ("Gloomhaven", "Cephalofair Games", 2017, 1, 4, 120, 3.91, "cooperative", ["Isaac Childres"]),
    ("Root", "Leder Games", 2018, 2, 4, 90, 3.80, "wargame", ["Cole Wehrle"]),
    ("Pax Pamir", "Wehrlegig Games", 2019, 1, 5, 120, 3.84, "wargame", ["Cole Wehrle"]),
    ("Tikal", "Rio Grande Games", 1999, 2, 4, 90, 2.68, "euro", ["Wolfgang Kramer", "Michael Kiesling"]),
    ("Azul", "Plan B Games", 2017, 2, 4, 45, 1.77, "abstract", ["Michael Kiesling"]),
    ("El Grande", "Hans im Gluck", 1995, 2, 5, 120, 3.05, "strategy", ["Wolfgang Kramer"]),
    ("Raiders of the North Sea", "Garphill Games", 2015, 2, 4, 80, 2.60, "euro", ["Shem Phillips"]),
    ("Dixit", "Libellud", 2008, 3, 6, 30, 1.19, "party", []),
    ("Telestrations", "USAopoly", 2009, 4, 8, 30, 1.05, "party", []),
]
games = []
game_designers = []
for i, (t, pub, yr, mn, mx, mins, wt, cat, ds) in enumerate(games_raw, start=1):
    owner = None if random.random() < 0.55 else random.randint(1, 38)
    amt = round(random.choice([19.99, 24.99, 29.99, 34.99, 39.99, 44.99, 49.99, 59.99, 64.99, 89.99])
                + (20 if wt > 3.5 else 0), 2) if owner is None else None
    acq = (d("2015-03-01") + dt.timedelta(days=random.randint(0, 3000))).isoformat()
    games.append([i, t, pub, yr, mn, mx, mins, wt, cat, owner, amt, acq])
    for dn in ds:
        game_designers.append([i, dname[dn]])
write("games", ["game_id", "title", "publisher", "release_yr", "min_players", "max_players", "play_time_min",
                "weight", "category", "owned_by", "purchase_amt", "acquired_dt"], games)
write("game_designers", ["game_id", "designer_id"], game_designers)

# ---------------- events ----------------
events_raw = [
    ("Winter Warm-Up Games Night", "open_night", "2024-01-12", "Headingley Community Hall", 0.0),
    ("Euro Game Championship Qualifier", "tournament", "2024-01-27", "The Dice Tower Cafe", 8.0),
    ("Charity Game-a-thon", "charity", "2024-02-17", "Leeds Central Library", 5.0),
    ("Spring League Round 1", "league", "2024-03-09", "The Dice Tower Cafe", 3.5),
    ("Co-op Campaign Weekend", "open_night", "2024-03-23", "Headingley Community Hall", 0.0),
    ("Spring League Round 2", "league", "2024-04-13", "The Dice Tower Cafe", 3.5),
    ("UK Games Expo Club Trip", "convention", "2024-05-31", "NEC Birmingham", 42.0),
    ("Spring League Final", "league", "2024-06-08", "The Dice Tower Cafe", 3.5),
    ("Summer Picnic Games", "social", "2024-07-20", "Roundhay Park", 0.0),
    ("Wingspan Open Tournament", "tournament", "2024-08-24", "York Assembly Rooms", 12.0),
    ("Autumn Party Games Night", "social", "2024-10-05", "Headingley Community Hall", 2.0),
    ("Essen Spiel Debrief Night", "open_night", "2024-10-26", "The Dice Tower Cafe", 0.0),
]
events = []
for i, (n, tp, date, venue, fee) in enumerate(events_raw, start=1):
    org = random.randint(1, 38)
    tables = random.randint(4, 18)
    events.append([i, n, tp, date, venue, fee, tables, org])
write("events", ["event_id", "event_name", "event_type", "event_dt", "venue", "entry_fee", "num_tables",
                 "organizer_id"], events)

# ---------------- plays and scores ----------------
plays = []
scores = []
# game popularity weights
pop = [random.choice([1, 1, 2, 3, 4, 6]) for _ in games]
pop[12] = 9  # Wingspan
pop[30] = 0  # Dixit never played
pop[18] = 0  # Hanabi never played
active = list(range(1, 39))
weights_m = [random.choice([1, 1, 2, 3, 5]) for _ in active]
weights_m[36] = 0  # Callum never played
weights_m[21] = 0
pid = 0
while len(scores) < 290:
    pid += 1
    g = random.choices(games, pop)[0]
    if random.random() < 0.45:
        ev = random.choice(events)
        if g[1] != "Wingspan" and ev[1] == "Wingspan Open Tournament":
            ev = events[0]
        evid = ev[0]
        pdt = ev[3]
    else:
        evid = None
        pdt = (d("2024-01-03") + dt.timedelta(days=random.randint(0, 300))).isoformat()
    if g[1] == "Wingspan" and random.random() < 0.4:
        evid = 10
        pdt = events[9][3]
    n = random.randint(g[4], min(g[5], 5))
    if n == 1:
        n = 2
    n = min(n, 290 - len(scores) if 290 - len(scores) >= 2 else 2)
    players = []
    while len(players) < n:
        m = random.choices(active, weights_m)[0]
        if m not in players:
            players.append(m)
    host = players[0] if random.random() < 0.8 else random.choice(active)
    dur = int(g[6] * random.uniform(0.8, 1.5) + 5 * (n - 2))
    plays.append([pid, g[0], evid, pdt, dur, host])
    if g[8] == "cooperative":
        won = random.random() < 0.5
        for m in players:
            scores.append([pid, m, None, None, won])
    else:
        base = {"euro": 80, "strategy": 60, "civilization": 150, "abstract": 35, "family": 70,
                "party": 20, "wargame": 30}[g[8]]
        sc = random.sample(range(int(base * 0.5), int(base * 1.6)), n)
        order = sorted(sc, reverse=True)
        for m, s in zip(players, sc):
            pos = order.index(s) + 1
            scores.append([pid, m, s, pos, pos == 1])
plays.sort(key=lambda p: (p[3], p[0]))
remap = {p[0]: i + 1 for i, p in enumerate(plays)}
for p in plays:
    p[0] = remap[p[0]]
for s in scores:
    s[0] = remap[s[0]]
scores.sort(key=lambda s: (s[0], s[3] if s[3] is not None else 0))
write("plays", ["play_id", "game_id", "event_id", "play_dt", "duration_min", "hosted_by"], plays)
write("play_scores", ["play_id", "member_id", "score", "finish_pos", "is_winner"], scores)
print("ok", len(plays), len(scores))
