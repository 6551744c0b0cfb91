"""Deterministic generator for the `bike_coop` test database."""
import csv
import datetime as dt
import os
import random

rng = random.Random(7311)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


def rdate(a, b):
    return a + dt.timedelta(days=rng.randint(0, (b - a).days))


# ---------------------------------------------------------------- members
first = ["Maya", "Jordan", "Priya", "Liam", "Fatima", "Noah", "Grace", "Omar", "Zoe", "Ethan",
         "Hana", "Marcus", "Ines", "Caleb", "Rosa", "Tariq", "Lena", "Diego", "Chloe", "Sam",
         "Aaliyah", "Ben", "Yuki", "Felix", "Nora", "Kofi", "Elsa", "Ravi", "Molly", "Jamal",
         "Sofia", "Theo", "Amara", "Hugo", "Ivy", "Mateo", "Leah", "Owen", "Mina", "Isaac",
         "Ruth", "Dmitri", "Alma", "Gus", "Tess", "Ahmed", "Cora", "Pablo", "June", "Victor",
         "Anya", "Wes", "Lola", "Kai", "Bea", "Emil", "Nia", "Rory", "Sana", "Luca"]
last = ["Garcia", "Okoye", "Patel", "Murphy", "Haddad", "Kim", "Olsen", "Reyes", "Brooks",
        "Nguyen", "Ferreira", "Walsh", "Moreno", "Adeyemi", "Schultz", "Bianchi", "Kowalski",
        "Dubois", "Hughes", "Tanaka", "Lindgren", "Mensah", "Alvarez", "Campbell", "Novak",
        "Rossi", "Singh", "Fischer", "Doyle", "Chavez", "Kaplan", "Osei", "Jensen", "Price",
        "Romero", "Stein", "Yilmaz", "Hart", "Quinn", "Barros"]
hoods = ["Riverside", "Old Town", "Eastgate", "Millbrook", "Harbor View", "Northfield", "Cedar Park",
         "University Hill"]
mtypes = [("individual", 40.00), ("family", 65.00), ("student", 20.00), ("low-income", 5.00),
          ("lifetime", 0.00)]
members = []
used = set()
for i in range(1, 81):
    while True:
        fn, ln = rng.choice(first), rng.choice(last)
        if (fn, ln) not in used:
            used.add((fn, ln))
            break
    hood = rng.choices(hoods, weights=[5, 4, 4, 3, 2, 3, 2, 3])[0]
    mt, fee = rng.choices(mtypes, weights=[10, 4, 5, 3, 1])[0]
    joined = rdate(dt.date(2016, 3, 1), dt.date(2024, 9, 30))
    email = None if rng.random() < 0.1 else f"{fn.lower()}.{ln.lower()}{rng.randint(1, 99)}@" + rng.choice(
        ["gmail.com", "fastmail.com", "proton.me", "outlook.com", "yahoo.com"])
    phone = f"555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
    members.append((i, fn, ln, hood, mt, joined.isoformat(), fee, email, phone))
write("members",
      ["member_id", "first_name", "last_name", "neighborhood", "membership_type", "joined_dt",
       "annual_fee_amt", "email", "phone"],
      members)

# ---------------------------------------------------------------- mechanics
mech_src = [
    ("Ruth Abernathy", "expert", "wheel building", "2015-04-11", 8),
    ("Kwame Boateng", "expert", "hydraulic brakes", "2016-09-03", 6),
    ("Lucia Ferraro", "intermediate", "drivetrains", "2018-02-17", 4),
    ("Declan O'Shea", "intermediate", "general", "2019-06-22", 5),
    ("Min-jun Park", "novice", "general", "2023-01-14", 3),
    ("Henrietta Vogel", "expert", "vintage frames", "2014-11-30", 2),
    ("Tomasz Zielinski", "intermediate", "e-bikes", "2020-08-08", 6),
    ("Adaeze Nwosu", "novice", "general", "2023-10-01", 4),
    ("Gabriel Sousa", "intermediate", "suspension", "2021-03-27", 3),
    ("Wren Castellanos", "novice", "drivetrains", "2024-02-10", 2),
    ("Pim Verhoeven", "expert", "drivetrains", "2017-05-05", 7),
    ("Sunita Rao", "intermediate", "wheel building", "2022-07-19", 5),
]
mechanics = [(i,) + m for i, m in enumerate(mech_src, start=1)]
write("mechanics",
      ["mechanic_id", "full_name", "skill_level", "specialty", "start_dt", "shifts_per_month"],
      mechanics)

# ---------------------------------------------------------------- bikes
models = {
    "Trek": [("FX 2", "hybrid"), ("Marlin 5", "mountain"), ("Domane AL 2", "road"), ("Verve 1", "hybrid")],
    "Specialized": [("Sirrus", "hybrid"), ("Rockhopper", "mountain"), ("Allez", "road")],
    "Giant": [("Escape 3", "hybrid"), ("Talon 2", "mountain"), ("Contend", "road")],
    "Raleigh": [("Cadent", "hybrid"), ("Superbe", "city"), ("Grand Prix", "road")],
    "Schwinn": [("Varsity", "road"), ("Collegiate", "city"), ("Sting-Ray", "bmx")],
    "Brompton": [("C Line", "folding")],
    "Surly": [("Long Haul Trucker", "touring"), ("Big Dummy", "cargo"), ("Cross-Check", "road")],
    "Cannondale": [("Quick 4", "hybrid"), ("Trail 7", "mountain")],
    "Peugeot": [("PX10", "road"), ("UO-8", "road")],
    "Tern": [("GSD", "cargo"), ("Link D8", "folding")],
    "Huffy": [("Stone Mountain", "mountain"), ("Cranbrook", "cruiser")],
    "Electra": [("Townie 7D", "cruiser")],
}
colours = ["black", "red", "blue", "green", "silver", "white", "orange", "yellow", "teal", "purple", "grey"]
bikes = []
brands = list(models)
for i in range(1, 131):
    b = rng.choices(brands, weights=[8, 7, 7, 5, 4, 2, 3, 4, 2, 2, 3, 2])[0]
    model, btype = rng.choice(models[b])
    if b == "Peugeot" or (b == "Schwinn" and model == "Varsity"):
        yr = rng.randint(1972, 1989)
    elif b == "Huffy":
        yr = rng.randint(1995, 2015)
    else:
        yr = rng.randint(2005, 2023)
    size = {"folding": 0, "bmx": 0}.get(btype)
    frame = None if size == 0 else rng.choice([48, 50, 52, 54, 56, 58, 60]) if btype in ("road", "touring") \
        else rng.choice([41, 43, 46, 48, 51, 53, 56])
    owner = rng.randint(1, 80) if i <= 95 else None
    serial = f"{b[:2].upper()}{rng.randint(100000, 999999)}{rng.choice('ABCDEFGHJK')}"
    bikes.append([i, owner, b, model, btype, frame, rng.choice(colours), yr, serial])
# bikes 96..130 came in as donations; a few were later adopted by members
for k, i in enumerate(range(96, 131)):
    if k % 4 == 1:
        bikes[i - 1][1] = rng.randint(1, 80)
donated_on = {}
for i in range(96, 131):
    donated_on[i] = rdate(dt.date(max(2022, bikes[i - 1][7]), 2, 1), dt.date(2024, 10, 31))
write("bikes",
      ["bike_id", "owner_id", "brand", "model", "bike_type", "frame_size_cm", "colour", "yr_made",
       "serial_num"],
      bikes)

# ---------------------------------------------------------------- parts
parts_src = [
    ("Inner tube 700x32c", "tubes & tyres", "Schwalbe", 6.50, 42, 15),
    ("Inner tube 26x2.1", "tubes & tyres", "Kenda", 5.75, 30, 15),
    ("Tyre 700x35c Marathon", "tubes & tyres", "Schwalbe", 38.00, 8, 4),
    ("Tyre 26x2.2 knobby", "tubes & tyres", "Maxxis", 31.50, 6, 4),
    ("Puncture patch kit", "tubes & tyres", "Rema", 3.25, 55, 20),
    ("Brake pads rim (pair)", "brakes", "Kool-Stop", 9.80, 36, 12),
    ("Brake pads disc (pair)", "brakes", "Shimano", 14.90, 18, 8),
    ("Brake cable", "brakes", "Jagwire", 4.20, 60, 20),
    ("Brake lever set", "brakes", "Tektro", 22.00, 5, 3),
    ("Hydraulic brake bleed kit", "brakes", "Shimano", 27.50, 2, 1),
    ("Chain 8-speed", "drivetrain", "KMC", 14.00, 20, 8),
    ("Chain 10-speed", "drivetrain", "Shimano", 27.00, 9, 5),
    ("Cassette 8-speed 11-32", "drivetrain", "Shimano", 29.00, 7, 3),
    ("Freewheel 7-speed", "drivetrain", "Sunrace", 18.50, 2, 3),
    ("Rear derailleur", "drivetrain", "Shimano", 34.00, 6, 2),
    ("Shifter cable", "drivetrain", "Jagwire", 3.80, 48, 20),
    ("Bottom bracket square taper", "drivetrain", "Shimano", 21.00, 5, 3),
    ("Pedals flat (pair)", "drivetrain", "Wellgo", 16.00, 11, 4),
    ("Chainring 42T", "drivetrain", "Sugino", 24.00, 1, 2),
    ("Spoke 2.0mm", "wheels", "DT Swiss", 0.90, 250, 100),
    ("Rim tape 700c", "wheels", "Velox", 4.50, 22, 10),
    ("Rear wheel 700c", "wheels", "Weinmann", 62.00, 1, 2),
    ("Front hub", "wheels", "Shimano", 19.50, 4, 2),
    ("Headset bearings", "frame & steering", "Cane Creek", 12.00, 8, 3),
    ("Handlebar grips", "frame & steering", "ODI", 11.00, 14, 5),
    ("Handlebar tape", "frame & steering", "Lizard Skins", 13.50, 10, 4),
    ("Saddle comfort", "frame & steering", "Selle Royal", 25.00, 6, 3),
    ("Seatpost clamp", "frame & steering", "KCNC", 7.00, 12, 4),
    ("Kickstand", "accessories", "Pletscher", 15.00, 9, 3),
    ("Front light USB", "accessories", "Knog", 19.00, 13, 5),
    ("Rear reflector", "accessories", "Generic", 1.50, 40, 10),
    ("Bell", "accessories", "Crane", 8.00, 16, 5),
    ("Fender set", "accessories", "SKS", 23.00, 0, 3),
    ("Chain lube 120ml", "consumables", "Finish Line", 9.00, 24, 8),
    ("Grease tub 100g", "consumables", "Park Tool", 7.50, 12, 4),
    ("Degreaser 500ml", "consumables", "Muc-Off", 11.00, 0, 4),
]
parts = [(i,) + p for i, p in enumerate(parts_src, start=1)]
write("parts",
      ["part_id", "part_name", "category", "brand", "unit_price", "qty_in_stock", "reorder_lvl"],
      parts)

# ---------------------------------------------------------------- repair jobs
job_types = {
    "flat repair": (0.25, 0.75, [1, 2, 5, 21]),
    "brake adjustment": (0.5, 1.0, [6, 7, 8]),
    "brake replacement": (0.75, 1.75, [6, 7, 8, 9, 10]),
    "tune-up": (1.0, 2.5, [6, 8, 16, 34, 35]),
    "wheel truing": (0.5, 1.5, [20, 21]),
    "drivetrain overhaul": (1.5, 3.5, [11, 12, 13, 14, 15, 16, 17, 19, 34, 36]),
    "wheel rebuild": (2.0, 4.0, [20, 22, 23, 21]),
    "safety check": (0.25, 0.5, [30, 31, 32]),
    "custom build": (3.0, 6.0, [3, 4, 24, 25, 26, 27, 28, 18, 29]),
}
jt_names = list(job_types)
jobs = []
job_parts = []
for i in range(1, 186):
    bike = rng.randint(1, 130)
    jt = rng.choices(jt_names, weights=[9, 5, 4, 8, 4, 3, 1, 3, 1])[0]
    lo, hi, pool = job_types[jt]
    opened = rdate(dt.date(2023, 1, 5), dt.date(2024, 11, 28))
    if bike in donated_on and opened < donated_on[bike]:
        opened = min(dt.date(2024, 11, 28), donated_on[bike] + dt.timedelta(days=rng.randint(1, 40)))
    if opened > dt.date(2024, 11, 10):
        status = rng.choice(["open", "in progress"])
    elif opened > dt.date(2024, 10, 1):
        status = rng.choices(["completed", "in progress", "waiting for parts"], weights=[5, 2, 2])[0]
    else:
        status = rng.choices(["completed", "cancelled"], weights=[14, 1])[0]
    mech = rng.choices(range(1, 13), weights=[8, 6, 5, 5, 3, 2, 5, 3, 3, 1, 6, 4])[0]
    if status == "completed":
        closed = (opened + dt.timedelta(days=rng.choice([0, 0, 1, 2, 3, 5, 7, 10, 14]))).isoformat()
        hrs = round(rng.uniform(lo, hi) * 4) / 4
    elif status == "cancelled":
        closed, hrs = None, 0.0
    elif status == "open":
        closed, hrs = None, None
    else:
        closed, hrs = None, round(rng.uniform(lo, hi) * 2) / 4
    owner = bikes[bike - 1][1]
    fee = None if hrs is None else round(hrs * (8.0 if owner is not None else 0.0), 2)
    jobs.append((i, bike, mech, jt, status, opened.isoformat(), closed, hrs, fee))
    if status in ("completed", "in progress", "waiting for parts") and rng.random() < 0.85:
        for p in rng.sample(pool, rng.randint(1, min(3, len(pool)))):
            unit = parts_src[p - 1]
            qty = rng.randint(8, 36) if unit[0].startswith("Spoke") else rng.choice([1, 1, 1, 2])
            job_parts.append((i, p, qty))
write("repair_jobs",
      ["job_id", "bike_id", "assigned_to", "job_type", "status", "opened_dt", "closed_dt",
       "labor_hrs", "fee_amt"],
      jobs)
write("job_parts", ["job_id", "part_id", "qty"], job_parts)

# ---------------------------------------------------------------- donations
donors = ["Helen Marsh", "St. Brigid's Parish", "Oakwood High School", "Tom Delaney", "Greenway Cycles",
          "Priscilla Yu", "Campus Lost & Found", "Marcus Webb", "Riverside Police Dept.", "Anna Kowal",
          "Joseph Amari", "Millbrook Rotary Club", "Beatrice Lund", "Eastgate Apartments", "Frank Osei",
          "Carla Mendes", "Northfield Library", "Victor Huang"]
conditions = ["like new", "good", "fair", "needs work", "parts only"]
donations = []
did = 0
for b in range(96, 131):
    did += 1
    donated = donated_on[b]
    cond = rng.choices(conditions, weights=[1, 3, 4, 4, 1])[0]
    base = {"like new": 320, "good": 180, "fair": 110, "needs work": 55, "parts only": 20}[cond]
    val = round(base * rng.uniform(0.6, 1.4) / 5) * 5
    donations.append((did, rng.choice(donors), donated.isoformat(), b, cond, float(val),
                      rng.choices(range(1, 13), weights=[4, 3, 3, 3, 1, 5, 2, 2, 1, 1, 3, 2])[0],
                      rng.choice(["drop-off", "drop-off", "drop-off", "pickup"])))
write("donations",
      ["donation_id", "donor_name", "donated_dt", "bike_id", "bike_condition", "est_value_amt",
       "received_by", "delivery_method"],
      donations)

print("members", len(members), "mechanics", len(mechanics), "bikes", len(bikes), "parts", len(parts),
      "repair_jobs", len(jobs), "job_parts", len(job_parts), "donations", len(donations))
