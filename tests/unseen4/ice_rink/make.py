"""Writes tables/*.csv for the ice_rink database (Capitalized_With_Underscores convention; deterministic)."""
import csv, os, random, datetime

random.seed(4417)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


rinks = [
    # Rink_ID, Rink_Name, City, Country, Capacity, Year_Opened, Is_Indoor, Surface_Size
    (1, "Harbourside Arena", "Vancouver", "Canada", 4200, 1998, "T", "Olympic"),
    (2, "Maple Leaf Ice Centre", "Toronto", "Canada", 2500, 1985, "T", "NHL"),
    (3, "Glacier Gardens", "Calgary", "Canada", 1800, 2004, "T", "Olympic"),
    (4, "Rideau Lakeside Rink", "Ottawa", "Canada", None, 1971, "F", "NHL"),
    (5, "Eisstadion Oberstdorf", "Oberstdorf", "Germany", 3100, 1967, "T", "Olympic"),
    (6, "Palais de Glace", "Grenoble", "France", 2800, 1968, "T", "Olympic"),
    (7, "Silver Blades Rink", "Boston", "USA", 1500, 2001, "T", "NHL"),
    (8, "Wollman Park Rink", "New York", "USA", None, 1950, "F", "NHL"),
    (9, "Aurora Ice Hall", "Helsinki", "Finland", 3600, 2010, "T", "Olympic"),
    (10, "Sakura Ice Dome", "Nagoya", "Japan", 5000, 2008, "T", "Olympic"),
    (11, "Riverside Pond Rink", "Minneapolis", "USA", 350, 1962, "F", "NHL"),
]
write("Rink", ["Rink_ID", "Rink_Name", "City", "Country", "Capacity", "Year_Opened", "Is_Indoor", "Surface_Size"],
      rinks)

coaches = [
    # Coach_ID, Coach_Name, Nationality, Specialty, Years_Experience, Home_Rink, Is_Certified, Hourly_Rate
    (1, "Marie Lefebvre", "France", "Ice Dance", 22, 6, 1, 95),
    (2, "Viktor Petrov", "Russia", "Pairs", 30, 5, 1, 120),
    (3, "Sarah Whitfield", "Canada", "Singles", 14, 1, 1, 85),
    (4, "Kenji Watanabe", "Japan", "Singles", 18, 10, 1, 110),
    (5, "Anna Kowalski", "Canada", "Singles", 9, 2, 0, 60),
    (6, "Brian Doyle", "USA", "Singles", 25, 7, 1, 100),
    (7, "Heidi Schmitt", "Germany", "Pairs", 16, 5, 1, 90),
    (8, "Laura Makinen", "Finland", "Singles", 11, 9, 0, 70),
    (9, "David Chen", "USA", "Ice Dance", 7, 7, 0, 65),
    (10, "Claire Martin", "Canada", "Ice Dance", 19, 3, 1, 105),
    (11, "Tomas Novak", "Czech Republic", "Pairs", 12, None, 0, 75),
    (12, "Emily Ross", "USA", "Singles", 4, 11, 0, 55),
]
write("Coach", ["Coach_ID", "Coach_Name", "Nationality", "Specialty", "Years_Experience", "Home_Rink",
                "Is_Certified", "Hourly_Rate"], coaches)

skater_plan = [
    # First_Name, Last_Name, Gender, Nationality, Discipline, Level, Coach_ID, Home_Rink
    ("Mia", "Thompson", "F", "Canada", "Singles", "Junior", 3, 1),
    ("Liam", "Gagnon", "M", "Canada", "Singles", "Senior", 3, 1),
    ("Chloe", "Tremblay", "F", "Canada", "Singles", "Novice", 5, 2),
    ("Noah", "Campbell", "M", "Canada", "Singles", "Junior", 5, 2),
    ("Yuna", "Sato", "F", "Japan", "Singles", "Senior", 4, 10),
    ("Haruto", "Ito", "M", "Japan", "Singles", "Senior", 4, 10),
    ("Rin", "Kobayashi", "F", "Japan", "Singles", "Junior", 4, 10),
    ("Emma", "Walsh", "F", "USA", "Singles", "Senior", 6, 7),
    ("Jacob", "Miller", "M", "USA", "Singles", "Novice", 6, 7),
    ("Olivia", "Brooks", "F", "USA", "Singles", "Junior", 12, 11),
    ("Aino", "Virtanen", "F", "Finland", "Singles", "Senior", 8, 9),
    ("Eetu", "Korhonen", "M", "Finland", "Singles", "Junior", 8, 9),
    ("Lena", "Fischer", "F", "Germany", "Pairs", "Senior", 2, 5),
    ("Jonas", "Weber", "M", "Germany", "Pairs", "Senior", 2, 5),
    ("Katya", "Morozova", "F", "Russia", "Pairs", "Junior", 2, 5),
    ("Pavel", "Sokolov", "M", "Russia", "Pairs", "Junior", 2, 5),
    ("Sophie", "Braun", "F", "Germany", "Pairs", "Novice", 7, 5),
    ("Felix", "Hartmann", "M", "Germany", "Pairs", "Novice", 7, 5),
    ("Tereza", "Dvorakova", "F", "Czech Republic", "Pairs", "Senior", 11, 5),
    ("Jakub", "Horak", "M", "Czech Republic", "Pairs", "Senior", 11, 5),
    ("Camille", "Roux", "F", "France", "Ice Dance", "Senior", 1, 6),
    ("Hugo", "Bernard", "M", "France", "Ice Dance", "Senior", 1, 6),
    ("Lea", "Moreau", "F", "France", "Ice Dance", "Junior", 1, 6),
    ("Mathis", "Girard", "M", "France", "Ice Dance", "Junior", 1, 6),
    ("Grace", "Kim", "F", "USA", "Ice Dance", "Senior", 9, 7),
    ("Ethan", "Park", "M", "USA", "Ice Dance", "Senior", 9, 7),
    ("Ava", "Morin", "F", "Canada", "Ice Dance", "Junior", 10, 3),
    ("Lucas", "Martel", "M", "Canada", "Ice Dance", "Junior", 10, 3),
    ("Zoe", "MacDonald", "F", "Canada", "Singles", "Novice", 3, 1),
    ("Sofia", "Marino", "F", "Italy", "Singles", "Senior", None, 6),
    ("Artem", "Volkov", "M", "Russia", "Pairs", "Junior", 2, 5),
    ("Daria", "Volkova", "F", "Russia", "Pairs", "Junior", 2, 5),
]
age_range = {"Novice": (2010, 2013), "Junior": (2005, 2009), "Senior": (1996, 2004)}
score_range = {"Novice": (70.0, 110.0), "Junior": (120.0, 185.0), "Senior": (175.0, 265.0)}
skaters = []
scores_seen, dates_seen = set(), set()
for i, (fn, ln, g, nat, disc, lvl, coach, rink) in enumerate(skater_plan, start=1):
    while True:
        y = random.randint(*age_range[lvl])
        bd = datetime.date(y, random.randint(1, 12), random.randint(1, 28)).isoformat()
        if bd not in dates_seen:
            dates_seen.add(bd)
            break
    if lvl == "Novice" and random.random() < 0.6:
        score = None
    else:
        score = round(random.uniform(*score_range[lvl]), 2)
        while score in scores_seen:
            score = round(score + 0.01, 2)
        scores_seen.add(score)
    skaters.append((i, fn, ln, g, bd, nat, disc, lvl, coach, rink, score))
write("Skater", ["Skater_ID", "First_Name", "Last_Name", "Gender", "Birth_Date", "Nationality", "Discipline",
                 "Level", "Coach_ID", "Home_Rink", "Best_Score"], skaters)

focus_by_disc = {"Singles": ["Jumps", "Jumps", "Spins", "Footwork", "Choreography"],
                 "Pairs": ["Lifts", "Throws", "Spins", "Choreography"],
                 "Ice Dance": ["Twizzles", "Lifts", "Footwork", "Choreography"]}
rate = {c[0]: c[7] for c in coaches}
coach_rink = {c[0]: c[5] for c in coaches}
no_sessions = {3, 17, 24, 30}  # never had a lesson
sessions = []
sid = 1
for s in skaters:
    if s[0] in no_sessions:
        continue
    for _ in range(random.randint(1, 3)):
        coach = s[8]
        rink = coach_rink[coach] or s[9]
        if random.random() < 0.12:
            rink = random.choice([1, 2, 3, 5, 6, 7, 9, 10, 11])
        m = random.randint(1, 6)
        d = datetime.date(2024, m, random.randint(1, 28)).isoformat()
        dur = random.choice([30, 45, 60, 60, 90])
        focus = random.choice(focus_by_disc[s[6]])
        fee = round(rate[coach] * dur / 60, 2)
        sessions.append([sid, s[0], coach, rink, d, dur, focus, fee])
        sid += 1
random.shuffle(sessions)
sessions.sort(key=lambda r: r[4])
for i, r in enumerate(sessions, start=1):
    r[0] = i
write("Session", ["Session_ID", "Skater_ID", "Coach_ID", "Rink_ID", "Session_Date", "Duration_Min", "Focus", "Fee"],
      sessions)

competitions = [
    # Competition_ID, Competition_Name, Host_Rink, Start_Date, Comp_Level, Prize_Fund
    (1, "Maple Leaf Autumn Classic", 2, "2023-09-14", "International", 75000),
    (2, "Nebelhorn Trophy", 5, "2023-09-21", "International", 90000),
    (3, "Finlandia Trophy", 9, "2023-10-06", "International", 60000),
    (4, "Western Canada Sectionals", 3, "2023-10-27", "Regional", None),
    (5, "Grand Prix de Grenoble", 6, "2023-11-03", "International", 120000),
    (6, "Eastern Sectionals", 7, "2023-11-16", "Regional", 12000),
    (7, "Nagoya Cup", 10, "2023-11-24", "International", 150000),
    (8, "National Championships", 1, "2024-01-12", "National", 45000),
    (9, "Spring Invitational", 2, "2024-03-08", "National", None),
]
write("Competition", ["Competition_ID", "Competition_Name", "Host_Rink", "Start_Date", "Comp_Level", "Prize_Fund"],
      competitions)

entrants = {
    1: [2, 1, 4, 8, 27, 28, 11],
    2: [13, 14, 19, 20, 15, 16, 21, 22],
    3: [11, 12, 5, 1, 25],
    4: [1, 2, 27, 28, 29],
    5: [21, 22, 23, 25, 26, 5, 6],
    6: [8, 9, 10, 25, 26],
    7: [5, 6, 7, 2, 11, 13, 14],
    8: [2, 1, 4, 27, 28, 29],
    9: [4, 10, 12, 7],
}
best = {s[0]: s[10] for s in skaters}
results = []
tot_seen = set()
for cid, ents in entrants.items():
    scored = []
    for sk in ents:
        base = best[sk] or 85.0
        t = round(base * random.uniform(0.78, 0.99), 2)
        while t in tot_seen:
            t = round(t + 0.01, 2)
        tot_seen.add(t)
        scored.append((sk, t))
    scored.sort(key=lambda x: -x[1])
    for place, (sk, t) in enumerate(scored, start=1):
        results.append((cid, sk, place, t))
write("Result", ["Competition_ID", "Skater_ID", "Placement", "Total_Score"], results)
print(len(skaters), "skaters", len(sessions), "sessions", len(results), "results")
