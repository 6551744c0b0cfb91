"""Deterministic generator for the robotics_league database (lower_case with abbreviations convention)."""
import csv, os, random, datetime

random.seed(2024117)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# team_id, team_nm, school, city, st, founded_yr, rookie, spons_amt  (captain added below)
teams = [
    (1, "Gearheads", "Westfield High", "Columbus", "OH", 2009, "N", 12500),
    (2, "Iron Owls", "Lakeside Academy", "Toledo", "OH", 2012, "N", 8200),
    (3, "Circuit Breakers", "Ridgemont High", "Dayton", "OH", 2015, "N", 6400),
    (4, "Torque Tigers", "North Central High", "Indianapolis", "IN", 2011, "N", 15800),
    (5, "Voltage Vikings", "Harbor Springs High", "Ann Arbor", "MI", 2008, "N", 21000),
    (6, "Byte Force", "St. Clement Prep", "Detroit", "MI", 2017, "N", 9900),
    (7, "Robo Rams", "Fairview High", "Fort Wayne", "IN", 2014, "N", 7300),
    (8, "Steel Sparrows", "Maple Grove High", "Grand Rapids", "MI", 2019, "N", 5100),
    (9, "Quantum Quokkas", "Central Tech", "Cleveland", "OH", 2021, "N", 4600),
    (10, "Mech Mavericks", "Bluffton High", "Lima", "OH", 2016, "N", 3800),
    (11, "Cobalt Coyotes", "Evansville North", "Evansville", "IN", 2023, "Y", 2500),
    (12, "Pixel Pirates", "Kalamazoo Central", "Kalamazoo", "MI", 2024, "Y", 3100),
    (13, "Binary Bison", "Akron East", "Akron", "OH", 2024, "Y", None),
    (14, "Nuts and Volts", "Bloomington South", "Bloomington", "IN", 2010, "N", 11200),
]

fnames = ["Ava", "Liam", "Maya", "Noah", "Zoe", "Ethan", "Priya", "Lucas", "Chloe", "Omar", "Grace", "Mateo",
          "Hannah", "Caleb", "Aisha", "Owen", "Nora", "Dylan", "Ruby", "Isaac", "Leah", "Jonah", "Sofia", "Eli",
          "Tessa", "Marcus", "Ivy", "Kai", "Lena", "Ravi"]
lnames = ["Kowalski", "Nguyen", "Patel", "Schmidt", "Okafor", "Brooks", "Delgado", "Fischer", "Hughes", "Kim",
          "Larson", "Moreno", "Novak", "Olsen", "Reyes", "Sato", "Turner", "Walsh", "Yoder", "Zimmerman",
          "Bauer", "Castillo", "Dunn", "Ellison", "Ferris"]
roles = ["Driver", "Programmer", "Programmer", "Builder", "Builder", "Builder", "Scout", "CAD"]
members = []
mid = 1
used = set()
captain = {}
for t in teams:
    n = 3 if t[0] == 13 else random.choice([4, 4, 5, 5])
    roster = []
    for k in range(n):
        while True:
            fn, ln = random.choice(fnames), random.choice(lnames)
            if (fn, ln) not in used:
                break
        used.add((fn, ln))
        grade = random.choice([9, 10, 10, 11, 11, 12, 12])
        role = "Driver" if k == 0 else random.choice(roles)
        max_exp = min(grade - 8, 2024 - t[5] + 1)
        yrs = random.randint(0, max(0, max_exp - 1))
        cert = 1 if random.random() < 0.6 else 0
        roster.append((mid, fn, ln, grade, t[0], role, yrs, cert))
        mid += 1
    members.extend(roster)
    if t[0] != 13:
        senior = max(roster, key=lambda m: (m[3], m[6], -m[0]))
        captain[t[0]] = senior[0]
write("member", ["mbr_id", "fname", "lname", "grade", "team", "role", "yrs_exp", "safety_cert"], members)
write("team", ["team_id", "team_nm", "school", "city", "st", "founded_yr", "rookie", "captain", "spons_amt"],
      [t[:7] + (captain.get(t[0]), t[7]) for t in teams])

# robots: every team but Binary Bison built a 2024 robot; older teams kept their 2023 robot too
names24 = ["Talon", "Hootbot", "Sparky", "Stripes", "Longship", "Kernel", "Ramrod", "Wren", "Qubit", "Lasso",
           "Howler", "Cutlass", None, "Bolt Thrower"]
names23 = {1: "Cogsworth", 4: "Claw Mark", 5: "Fjord", 6: "Overclock", 2: "Night Shift", 14: "Wingnut",
           7: "Battering Ram"}
drives = ["Tank", "Tank", "Mecanum", "Swerve", "Swerve", "West Coast"]
robots = []
rid = 1
wts = set()
spds, costs = set(), set()
robot24 = {}
for t in teams:
    for yr in (2023, 2024):
        if yr == 2023 and t[0] not in names23:
            continue
        if yr == 2024 and t[0] == 13:
            continue
        nm = names23[t[0]] if yr == 2023 else names24[t[0] - 1]
        wt = round(random.uniform(38.0, 56.0), 1)
        while wt in wts:
            wt = round(wt + 0.3, 1)
        wts.add(wt)
        drv = random.choice(drives)
        spd = round(random.uniform(3.0, 5.2) if drv != "Tank" else random.uniform(2.6, 4.0), 2)
        while spd in spds:
            spd = round(spd + 0.03, 2)
        spds.add(spd)
        auton = "Y" if random.random() < (0.8 if yr == 2024 else 0.5) else "N"
        cost = int(round(random.uniform(2200, 6800) * (1.0 if t[7] is None else min(1.4, 0.7 + t[7] / 30000)), -1))
        while cost in costs:
            cost += 30
        costs.add(cost)
        robots.append((rid, nm, t[0], yr, wt, drv, spd, auton, cost))
        if yr == 2024:
            robot24[t[0]] = rid
        rid += 1
write("robot", ["robot_id", "robot_nm", "team", "season_yr", "wt_kg", "drive_typ", "max_spd", "auton", "cost_usd"],
      robots)

events = [
    # evt_id, evt_nm, venue, city, st, evt_dt, host_team, is_champ, cap
    (1, "Buckeye Regional", "Westfield Fieldhouse", "Columbus", "OH", "2024-02-17", 1, "N", 24),
    (2, "Great Lakes Qualifier", "Lakeside Arena", "Toledo", "OH", "2024-02-24", 2, "N", 20),
    (3, "Hoosier Invitational", "North Central Gym", "Indianapolis", "IN", "2024-03-02", 4, "N", 24),
    (4, "Wolverine District", "Huron Sports Center", "Ann Arbor", "MI", "2024-03-09", 5, "N", 20),
    (5, "Maumee Valley Scrimmage", "Bluffton Gym", "Lima", "OH", "2024-03-16", 10, "N", 12),
    (6, "Three Rivers Classic", "Memorial Coliseum", "Fort Wayne", "IN", "2024-03-23", 7, "N", 16),
    (7, "Midwest Championship", "Cobo Expo Hall", "Detroit", "MI", "2024-04-13", None, "Y", 32),
    (8, "Summer Off-Season Rumble", "Central Tech Gym", "Cleveland", "OH", "2024-07-20", 9, "N", 16),
]
write("event", ["evt_id", "evt_nm", "venue", "city", "st", "evt_dt", "host_team", "is_champ", "cap"], events)

# entries: a team of the region enters 2 or 3 early-season events (always its own), the best go to the championship
skill = {t[0]: random.uniform(0.3, 1.0) - (0.25 if t[6] == "Y" else 0) for t in teams}
active = [t for t in teams if t[0] != 13]
entrants = {e[0]: set() for e in events[:6]}
for t in active:
    own = [e[0] for e in events[:6] if e[6] == t[0]]
    same_st = [e[0] for e in events[:6] if e[4] == t[4] and e[0] not in own]
    other = [e[0] for e in events[:6] if e[4] != t[4]]
    picks = set(own)
    picks.update(random.sample(same_st, min(len(same_st), 1)))
    while len(picks) < random.choice([2, 3, 3]):
        picks.add(random.choice(other))
    for e in picks:
        entrants[e].add(t[0])
season = {t[0]: 0.0 for t in active}
entries = []
pts_seen = set()
awards = ["Innovation Award", "Safety Award", "Judges Award", "Spirit Award"]


def run_event(eid, teams_in):
    scored = []
    for tid in teams_in:
        pts = int(skill[tid] * 180 + random.uniform(0, 70))
        while pts in pts_seen:
            pts += 1
        pts_seen.add(pts)
        scored.append((pts, tid))
    scored.sort(reverse=True)
    n = len(scored)
    for rnk, (pts, tid) in enumerate(scored, start=1):
        wins = max(0, min(8, round(8 * (n - rnk) / (n - 1) + random.uniform(-1.2, 1.2))))
        award = "Winner" if rnk == 1 else "Finalist" if rnk == 2 else None
        if award is None and random.random() < 0.25:
            award = random.choice(awards)
        if award is None and rnk > 2 and [t for t in teams if t[0] == tid][0][6] == "Y" and random.random() < 0.7:
            award = "Rookie All-Star"
        entries.append((eid, tid, robot24[tid], rnk, pts, wins, 8 - wins, award))
        season[tid] += pts


for eid in sorted(entrants):
    run_event(eid, sorted(entrants[eid]))
best = sorted(season, key=lambda t: -season[t])[:8]
run_event(7, sorted(best))
write("entry", ["evt", "team", "robot", "rnk", "pts", "wins", "losses", "award"], entries)
print(len(members), "members", len(robots), "robots", len(entries), "entries")
