"""Deterministic generator for the podcast_network test database."""
import csv, os, random, datetime as dt

random.seed(7311)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

D = dt.date.fromisoformat

# ---------------- hosts ----------------
hosts = [
    (1, "Maya", "Okafor", "Nigeria", "1986-02-14", "2017-03-01"),
    (2, "Daniel", "Reyes", "USA", "1979-11-03", "2016-09-12"),
    (3, "Priya", "Raman", "India", "1990-06-21", "2018-01-15"),
    (4, "Colm", "Brennan", "Ireland", "1975-08-30", "2016-05-02"),
    (5, "Tasha", "Williams", "USA", "1988-04-09", "2019-07-22"),
    (6, "Ingrid", "Solberg", "Norway", "1983-12-01", "2020-02-10"),
    (7, "Marcus", "Bell", "UK", "1992-03-17", "2018-10-05"),
    (8, "Eleanor", "Hartley", "UK", "1968-09-25", "2016-11-20"),
    (9, "Luca", "Ferrante", "Italy", "1981-01-12", "2019-03-18"),
    (10, "Hannah", "Cho", "Canada", "1987-07-07", "2020-09-01"),
    (11, "Oliver", "Grant", "Australia", "1984-05-28", "2021-04-12"),
    (12, "Sophie", "Laurent", "France", "1991-10-19", "2021-08-30"),
    (13, "Rachel", "Adeyemi", "UK", "1985-02-02", "2022-01-10"),
    (14, "Javier", "Morales", "Mexico", "1980-08-08", "2019-05-06"),
    (15, "Grace", "Donnelly", "Ireland", "1995-12-24", "2023-06-19"),
    (16, "Tom", "Whitfield", "Australia", "1977-03-03", "2023-09-04"),
]
write("hosts", ["host_id", "first_name", "last_name", "country", "dob", "joined_dt"], hosts)

# ---------------- shows ----------------
# id, title, genre, hosted_by, launch_dt, language, status, popularity (not exported)
shows = [
    (1, "Pixel Press", "Technology", 1, "2017-04-03", "English", "active", 5200),
    (2, "Deep Orbit", "Science", 2, "2016-10-10", "English", "active", 7400),
    (3, "Ledger Lines", "Business", 3, "2018-02-05", "English", "active", 3100),
    (4, "Midnight Dockets", "True Crime", 4, "2016-06-06", "English", "active", 9800),
    (5, "Sideline Stories", "Sports", 5, "2019-08-19", "English", "on hiatus", 2600),
    (6, "The Quiet Hour", "Wellness", 6, "2020-03-02", "English", "active", 4100),
    (7, "Laugh Track Live", "Comedy", 7, "2018-11-01", "English", "active", 6300),
    (8, "Ancient Echoes", "History", 8, "2016-12-05", "English", "ended", 3500),
    (9, "The Curious Kitchen", "Food", 9, "2019-04-01", "English", "active", 2900),
    (10, "Plot Twist Book Club", "Arts", 3, "2020-06-15", "English", "active", 1400),
    (11, "Small Humans", "Parenting", 10, "2020-10-05", "English", "on hiatus", 1900),
    (12, "Green Acre Talk", "Science", 11, "2021-05-03", "English", "active", 2200),
    (13, "The Startup Shed", "Business", 1, "2021-01-11", "English", "ended", 1600),
    (14, "Full Time Whistle", "Sports", 12, "2021-09-06", "English", "active", 4700),
    (15, "Cold Trail", "True Crime", 13, "2022-02-07", "English", "active", 8600),
    (16, "Charla Digital", "Technology", 14, "2019-06-03", "Spanish", "active", 2400),
]
write("shows", ["show_id", "title", "genre", "hosted_by", "launch_dt", "lang", "status"], [s[:7] for s in shows])

titles = {
    1: ["Are Passwords Finally Dead?", "Right to Repair Goes Mainstream", "Inside the Chip Shortage", "Smart Homes, Dumb Security",
        "Who Pays for Open Source?", "AI Coding Assistants Tested", "The Satellite Internet Race", "Where Old Phones Go to Die",
        "Foldable Phones Two Years On"],
    2: ["Chasing Dark Matter", "Weather on Exoplanets", "CRISPR in the Clinic", "Why We Dream", "Listening to Volcanoes",
        "Life in the Midnight Zone", "Fusion's Long Road", "Photographing a Black Hole", "The Comet That Came Back"],
    3: ["The Four-Day Week Experiment", "Pricing Like a Pro", "Why Supply Chains Snap", "Family Firms and Succession",
        "Venture Debt Explained", "Inflation and Your Payslip", "The Franchise Trap", "Reading a Balance Sheet"],
    4: ["The Harbour Street Robbery", "The Forged Vermeer", "The Riverside Poisonings", "The Night Train Heist",
        "The Vanishing Lighthouse Keeper", "A Wrongful Conviction", "The Lottery Fraud", "Letters from Cell Nine",
        "The Orchard Lane Fire"],
    5: ["The Underdog Season", "Life After the Final Whistle", "Inside a Transfer Deadline", "Ultramarathon Minds",
        "The Physio's Table", "Women's Football Rising"],
    6: ["Breathing for Beginners", "Sleep Hygiene Myths", "Walking as Therapy", "Digital Detox Diaries",
        "Gratitude Without the Cringe", "Cold Water Swimming", "Burnout and Recovery", "Slow Mornings"],
    7: ["Worst Gig Ever", "The Panto Special", "Improv Night", "Heckler Stories", "Sketch Writers Assemble",
        "Live from Edinburgh Fringe", "The Roast Episode", "Bad Holiday Stories", "The Christmas Special"],
    8: ["The Fall of Carthage", "Viking Trade Routes", "The Library of Alexandria", "Plague and the Medieval City",
        "Women of the Silk Road", "The Roman Postal Service", "Mapping the Incas"],
    9: ["The Perfect Sourdough", "Fermentation Basics", "Street Food of Naples", "The Science of Spice",
        "Cooking with Leftovers", "Chocolate from Bean to Bar", "One-Pot Weeknights"],
    10: ["Unreliable Narrators", "The Booker Shortlist Debate", "Translating Poetry", "Why We Reread",
         "Crime Fiction Classics", "Debut Novels of the Year"],
    11: ["Toddler Tantrums Decoded", "Screen Time Without Guilt", "The First Day of School", "Sleep Regressions",
         "Raising Bilingual Kids", "Sibling Rivalry"],
    12: ["Rewilding Farmland", "The Truth About Composting", "Heat Pumps Explained", "Saving the Hedgehog",
         "Urban Beekeeping", "Peatland Restoration", "Plastic-Free Groceries"],
    13: ["Bootstrapping Versus Funding", "Hiring Your First Employee", "When to Pivot", "Pitch Deck Teardown",
         "Side Hustle to Startup"],
    14: ["Derby Day Preview", "The Art of the Penalty", "Goalkeepers Are Different", "The Transfer Window Review",
         "Academy Graduates", "VAR on Trial", "Relegation Six-Pointers", "The Cup Run"],
    15: ["The Quarry Road Case", "Missing in the Fens", "The Second Confession", "The Hitchhiker's Diary",
         "The Ferry Passenger", "Evidence Locker 14", "The Pen Pal", "The Last Bus Home", "A Name on the Map"],
    16: ["Inteligencia Artificial Para Todos", "Privacidad en Redes Sociales", "El Futuro del Trabajo Remoto",
         "Ciberseguridad Basica", "Startups en Latinoamerica", "Coches Electricos"],
}

# ---------------- episodes ----------------
episodes = []
eid = 0
for s in shows:
    sid, _, _, _, launch, _, status, pop = s
    ts = titles[sid]
    n = len(ts) if len(ts) <= 7 else random.randint(7, len(ts))
    if status == "ended":
        start = D(launch) + dt.timedelta(days=random.randint(0, 60)) + dt.timedelta(days=500)
    else:
        start = D("2023-01-02") + dt.timedelta(days=random.randint(0, 200))
    gap = random.choice([7, 14, 14, 21])
    d = start
    base_len = random.randint(24, 70)
    for k in range(n):
        eid += 1
        dur = max(12, base_len + random.randint(-9, 12))
        explicit = "true" if (s[2] in ("Comedy", "True Crime") and random.random() < 0.7) else "false"
        episodes.append([eid, sid, k + 1, ts[k], d.isoformat(), dur, explicit])
        d += dt.timedelta(days=gap + random.randint(-2, 3))
# episode numbers continue from earlier seasons for older shows
offset = {s[0]: (random.randint(20, 140) if D(s[4]) < D("2020-01-01") else random.randint(0, 30)) for s in shows}
for e in episodes:
    e[2] += offset[e[1]]
write("episodes", ["episode_id", "show_id", "episode_num", "title", "release_dt", "duration_min", "is_explicit"], episodes)

# ---------------- guests ----------------
guests = [
    (1, "Dr. Amara Osei", "Astrophysicist", "Accra"), (2, "Ben Castellano", "Software Engineer", "Austin"),
    (3, "Ruth Galloway", "Historian", "Norwich"), (4, "Kenji Watanabe", "Chef", "Osaka"),
    (5, "Lisa Marchetti", "Economist", "Milan"), (6, "Tom Hardcastle", "Retired Detective", "Leeds"),
    (7, "Fatima Zahra", "Journalist", "Rabat"), (8, "Jamie Ocampo", "Comedian", "Manila"),
    (9, "Nora Lindqvist", "Psychologist", "Stockholm"), (10, "Sam Duarte", "Former Footballer", "Lisbon"),
    (11, "Dr. Helen Marsh", "Climate Scientist", "Cambridge"), (12, "Patrick Doyle", "Novelist", "Dublin"),
    (13, "Aisha Bello", "Entrepreneur", "Lagos"), (14, "Carlos Mendoza", "Software Engineer", "Guadalajara"),
    (15, "Yuki Tanaka", "Nutritionist", "Tokyo"), (16, "Grace Whitmore", "Comedian", "Manchester"),
    (17, "Dr. Ian Forbes", "Neuroscientist", "Edinburgh"), (18, "Megan Price", "Olympic Sprinter", "Cardiff"),
    (19, "Raj Malhotra", "Venture Capitalist", "Bangalore"), (20, "Elena Petrova", "Forensic Scientist", "Sofia"),
    (21, "Owen Hughes", "Farmer", "Aberystwyth"), (22, "Chloe Martin", "Paediatrician", "Toronto"),
    (23, "Hugo Blanc", "Chef", "Lyon"), (24, "Beatriz Souza", "Journalist", "Sao Paulo"),
    (25, "Michael Tran", "Economist", "Sydney"), (26, "Rosa Jimenez", "Entrepreneur", "Madrid"),
    (27, "Dr. Kwame Mensah", "Historian", "Kumasi"), (28, "Lucy Fairbanks", "Novelist", "Bath"),
    (29, "Declan Byrne", "Football Coach", "Cork"), (30, "Sarah Goldberg", "Defence Lawyer", "New York"),
    (31, "Anika Sharma", "Yoga Teacher", "Pune"), (32, "Felix Wagner", "Engineer", "Munich"),
    (33, "Marta Kowalska", "Ecologist", "Krakow"), (34, "Leo Fitzgerald", "Comedian", "Belfast"),
    (35, "Zoe Adams", "Child Psychologist", "Melbourne"), (36, "Victor Alvarez", "Data Scientist", "Bogota"),
    (37, "Hamza Qureshi", "Security Researcher", "Birmingham"), (38, "Ivy Nakamura", "Food Writer", "Vancouver"),
    (39, "George Ellison", "Archaeologist", "York"), (40, "Maria Santos", "Climate Scientist", "Porto"),
    (41, "Dana Whitaker", "Sports Physiotherapist", "Denver"), (42, "Paul Okonkwo", "Retired Detective", "London"),
]
write("guests", ["guest_id", "full_name", "occupation", "home_city"], guests)

genre_occ = {
    "Technology": ["Software Engineer", "Data Scientist", "Security Researcher", "Engineer", "Entrepreneur", "Journalist"],
    "Science": ["Astrophysicist", "Neuroscientist", "Climate Scientist", "Ecologist", "Engineer", "Farmer"],
    "Business": ["Economist", "Entrepreneur", "Venture Capitalist", "Journalist"],
    "True Crime": ["Retired Detective", "Forensic Scientist", "Defence Lawyer", "Journalist"],
    "Sports": ["Former Footballer", "Olympic Sprinter", "Football Coach", "Sports Physiotherapist"],
    "Wellness": ["Psychologist", "Nutritionist", "Yoga Teacher", "Neuroscientist"],
    "Comedy": ["Comedian", "Novelist"],
    "History": ["Historian", "Archaeologist"],
    "Food": ["Chef", "Nutritionist", "Food Writer", "Farmer"],
    "Arts": ["Novelist", "Journalist", "Comedian"],
    "Parenting": ["Paediatrician", "Child Psychologist", "Psychologist"],
}
never_appear = {33, 38}  # two guests booked but never aired
show_genre = {s[0]: s[2] for s in shows}
appearances = []
for e in episodes:
    g = show_genre[e[1]]
    pool = [x for x in guests if x[2] in genre_occ[g] and x[0] not in never_appear]
    k = random.choices([0, 1, 2], weights=[2, 6, 2])[0]
    for gu in random.sample(pool, min(k, len(pool))):
        fee = random.choice([0, 0, 150, 200, 250, 300, 400, 500, 750])
        appearances.append((e[0], gu[0], f"{fee:.2f}"))
write("appearances", ["episode_id", "guest_id", "fee_amt"], appearances)

# ---------------- daily downloads ----------------
pop = {s[0]: s[7] for s in shows}
recent = sorted(episodes, key=lambda e: e[4])[-48:]
downloads = []
for e in sorted(recent, key=lambda e: e[0]):
    base = pop[e[1]] * random.uniform(0.7, 1.3)
    for k in range(6):
        day = D(e[4]) + dt.timedelta(days=k)
        cnt = int(base * (0.55 ** k) * random.uniform(0.85, 1.15)) + random.randint(3, 40)
        downloads.append((e[0], day.isoformat(), cnt))
write("daily_downloads", ["episode_id", "dt", "download_cnt"], downloads)

# ---------------- ad spots ----------------
advertisers = [("Brightwave Mattresses", "Home Goods"), ("Quillfold VPN", "Technology"), ("Harvest Box Meals", "Food Delivery"),
               ("Northstar Bank", "Finance"), ("Lumen Audio", "Electronics"), ("Tallow and Thyme", "Cosmetics"),
               ("Fernway Travel", "Travel"), ("Kinfolk Coffee", "Food and Drink"), ("Stacklane Hosting", "Technology"),
               ("Mindful Minutes App", "Health"), ("Orbit Energy", "Utilities"), ("Pagebound Books", "Retail")]
placement_mult = {"pre-roll": 0.8, "mid-roll": 1.25, "post-roll": 0.5}
spots = []
spid = 500
for e in episodes:
    k = random.choices([0, 1, 2, 3], weights=[2, 4, 3, 1])[0]
    for placement in random.sample(list(placement_mult), k):
        adv, ind = random.choice(advertisers)
        if show_genre[e[1]] == "Parenting" and adv == "Quillfold VPN":
            adv, ind = advertisers[0]
        secs = random.choice([15, 30, 30, 60])
        price = round(pop[e[1]] / 1000 * 25 * placement_mult[placement] * (secs / 30) * random.uniform(0.8, 1.2) + 40, 2)
        spid += 1
        spots.append((spid, e[0], adv, ind, placement, secs, f"{price:.2f}"))
write("ad_spots", ["spot_id", "episode_id", "advertiser", "industry", "placement", "duration_sec", "price_amt"], spots)

print("episodes", len(episodes), "appearances", len(appearances), "downloads", len(downloads), "spots", len(spots))
