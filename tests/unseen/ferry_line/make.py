"""Deterministic generator for the ferry_line test database."""
import csv, os, random, datetime as dt

rng = random.Random(20240611)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

# ---------------- ports ----------------
port_data = [
    ("Oban", "Argyll", 5, "Y", 1880, "Duncan MacRae"),
    ("Craignure", "Inner Hebrides", 2, "Y", 1964, "Fiona Lamont"),
    ("Mallaig", "Lochaber", 3, "Y", 1901, "Alasdair Gillies"),
    ("Armadale", "Inner Hebrides", 1, "Y", 1972, "Catriona Nicolson"),
    ("Ullapool", "Wester Ross", 3, "Y", 1895, "Hamish Mackenzie"),
    ("Stornoway", "Outer Hebrides", 4, "Y", 1863, "Morag Macleod"),
    ("Uig", "Inner Hebrides", 2, "Y", 1964, "Ewan Matheson"),
    ("Tarbert", "Outer Hebrides", 2, "Y", 1965, "Iain Morrison"),
    ("Lochmaddy", "Outer Hebrides", 1, "Y", 1964, "Kirsty MacDonald"),
    ("Kennacraig", "Argyll", 2, "Y", 1978, "Graham Currie"),
    ("Port Askaig", "Inner Hebrides", 1, "Y", 1968, "Shona McNeill"),
    ("Brodick", "Clyde", 2, "Y", 1872, "Neil Kelso"),
    ("Ardrossan", "Clyde", 3, "Y", 1806, "Janet Boyd"),
    ("Largs", "Clyde", 1, "N", 1834, "Robert Hunter"),
    ("Cumbrae Slip", "Clyde", 1, "Y", 1972, "Elaine Stewart"),
    ("Castlebay", "Outer Hebrides", 1, "Y", 2002, "Angus MacNeil"),
    ("Tobermory", "Inner Hebrides", 1, "N", 1788, "Lorna Maclean"),
    ("Kilchoan", "Lochaber", 1, "N", 1930, "Donald Cameron"),
]
ports = []
for i, (name, region, berths, ramp, yr, hm) in enumerate(port_data, start=1):
    ports.append((i, name, region, berths, ramp, yr, hm))
write("ports", ["port_id", "port_name", "region", "num_berths", "has_vehicle_ramp",
                "opened_yr", "harbour_master"], ports)
pid = {p[1]: p[0] for p in ports}

# ---------------- vessels ----------------
vessel_data = [
    ("MV Island Wren", "Ro-Ro Ferry", 1998, 600, 80, 5224.6, 16.5, "Oban"),
    ("MV Sea Thistle", "Ro-Ro Ferry", 2003, 450, 60, 4122.0, 15.2, "Ullapool"),
    ("MV Corran Star", "Passenger Ferry", 1987, 150, 0, 406.8, 11.0, "Oban"),
    ("MV Hebridean Dawn", "Ro-Ro Ferry", 2015, 700, 143, 8680.3, 19.0, "Stornoway"),
    ("MV Lady Morag", "Landing Craft", 1979, 50, 12, 225.4, 8.5, "Tobermory"),
    ("MV Clyde Voyager", "Ro-Ro Ferry", 2008, 500, 70, 3996.7, 14.8, "Ardrossan"),
    ("MV Skerry Belle", "Catamaran", 2011, 250, 0, 612.9, 27.5, "Largs"),
    ("MV Atlantic Piper", "Ro-Ro Ferry", 1993, 380, 48, 2851.1, 14.0, "Uig"),
    ("MV Minch Explorer", "Catamaran", 2019, 300, 20, 1490.2, 29.0, "Mallaig"),
    ("MV Kintyre Lass", "Ro-Ro Ferry", 2001, 420, 55, 3308.5, 15.0, "Kennacraig"),
    ("MV Orca Bay", "Passenger Ferry", 1995, 120, 0, 311.7, 10.5, "Castlebay"),
    ("MV Silver Gannet", "Catamaran", 2021, 280, 0, 705.0, 30.5, "Brodick"),
    ("MV Loch Linnhe", "Landing Craft", 1986, 60, 10, 198.3, 9.0, "Kilchoan"),
]
vessels = []
for i, v in enumerate(vessel_data, start=1):
    vessels.append((i, v[0], v[1], v[2], v[3], v[4], v[5], v[6], pid[v[7]]))
write("vessels", ["vessel_id", "vessel_name", "vessel_type", "built_yr", "passenger_cap",
                  "car_cap", "gross_tonnage", "max_speed_kn", "home_port"], vessels)

# ---------------- routes ----------------
route_data = [
    ("OBN-CRN", "Oban", "Craignure", 9.5, 46, "All Year", 4.60, [1, 3]),
    ("MLG-ARM", "Mallaig", "Armadale", 5.2, 30, "All Year", 3.25, [9]),
    ("ULL-STO", "Ullapool", "Stornoway", 45.0, 165, "All Year", 10.80, [4, 2]),
    ("UIG-TAR", "Uig", "Tarbert", 25.4, 100, "All Year", 7.55, [8]),
    ("UIG-LMD", "Uig", "Lochmaddy", 27.8, 105, "All Year", 7.90, [8]),
    ("KNC-PAS", "Kennacraig", "Port Askaig", 26.1, 125, "All Year", 7.20, [10]),
    ("ARD-BRO", "Ardrossan", "Brodick", 14.7, 55, "All Year", 4.95, [6, 12]),
    ("LRG-CUM", "Largs", "Cumbrae Slip", 1.9, 10, "All Year", 2.80, [7]),
    ("OBN-CAS", "Oban", "Castlebay", 89.0, 290, "All Year", 16.40, [1, 11]),
    ("TOB-KIL", "Tobermory", "Kilchoan", 5.0, 35, "Summer Only", 3.10, [5, 13]),
    ("MLG-LBD", "Mallaig", "Lochboisdale", 61.0, 215, "Summer Only", 12.30, [9]),
    ("OBN-TOB", "Oban", "Tobermory", 21.3, 90, "Summer Only", 6.75, [3]),
    ("ARD-CAM", "Ardrossan", "Campbeltown", 38.5, 160, "Summer Only", 9.40, [6]),
    ("BRO-LRG", "Brodick", "Largs", 16.2, 70, "Summer Only", 5.60, [12]),
]
# Lochboisdale and Campbeltown are destinations not in ports as separate entries -> add them
for extra, region, yr, hm in [("Lochboisdale", "Outer Hebrides", 1890, "Mairi Steele"),
                              ("Campbeltown", "Argyll", 1843, "Colin Galbraith")]:
    ports.append((len(ports) + 1, extra, region, 1, "Y", yr, hm))
    pid[extra] = len(ports)
write("ports", ["port_id", "port_name", "region", "num_berths", "has_vehicle_ramp",
                "opened_yr", "harbour_master"], ports)

routes = []
route_vessels = {}
for i, r in enumerate(route_data, start=1):
    routes.append((i, r[0], pid[r[1]], pid[r[2]], r[3], r[4], r[5], f"{r[6]:.2f}"))
    route_vessels[i] = r[7]
write("routes", ["route_id", "route_code", "origin_port", "dest_port", "distance_nm",
                 "crossing_min", "season", "adult_fare"], routes)

# ---------------- sailings ----------------
sailings = []
sid = 0
start = dt.date(2024, 4, 1)
times = ["06:45", "07:30", "08:15", "09:00", "10:40", "11:55", "13:20", "14:35",
         "15:50", "17:05", "18:30", "19:45"]
for day in range(0, 183, 1):
    d = start + dt.timedelta(days=day)
    # pick a few routes to record per day
    for r in routes:
        rid = r[0]
        summer_only = route_data[rid - 1][5] == "Summer Only"
        if summer_only and not (dt.date(2024, 5, 15) <= d <= dt.date(2024, 9, 15)):
            continue
        if rng.random() > 0.075:
            continue
        sid += 1
        vid = rng.choice(route_vessels[rid])
        cap = vessels[vid - 1][4]
        carcap = vessels[vid - 1][5]
        roll = rng.random()
        if roll < 0.09:
            status, delay, pax, veh = "Cancelled", None, 0, 0
        elif roll < 0.27:
            status, delay = "Delayed", rng.choice([10, 15, 20, 25, 35, 40, 55, 70, 95, 120])
            pax = int(cap * rng.uniform(0.2, 0.95)); veh = int(carcap * rng.uniform(0.2, 1.0))
        else:
            status, delay = "Completed", None
            pax = int(cap * rng.uniform(0.1, 0.98)); veh = int(carcap * rng.uniform(0.1, 1.0))
        sailings.append((sid, rid, vid, d.isoformat(), rng.choice(times), status, delay, pax, veh))
write("sailings", ["sailing_id", "route_id", "vessel_id", "sail_dt", "depart_time", "status",
                   "delay_min", "passengers_qty", "vehicles_qty"], sailings)

# ---------------- crew ----------------
first = ["Alan", "Bridget", "Callum", "Deirdre", "Euan", "Flora", "Gordon", "Heather", "Innes",
         "Joanna", "Kenneth", "Leah", "Murdo", "Niamh", "Owen", "Patricia", "Ruairidh", "Sinead",
         "Thomas", "Una", "Victor", "Wendy", "Archie", "Beth", "Craig", "Dana", "Finlay", "Gillian",
         "Hugh", "Isla", "Jamie", "Kara", "Lachlan", "Mhairi", "Norman", "Orla", "Peter", "Rhona",
         "Stuart", "Tamsin", "Ailsa", "Fraser"]
last = ["MacLeod", "Campbell", "Robertson", "Fraser", "MacKinnon", "Ferguson", "Sinclair",
        "Munro", "Grant", "Buchanan", "MacAulay", "Paterson", "Docherty", "Reid", "Urquhart",
        "Wallace", "Morrison", "Kerr", "McIntyre", "Shaw", "Baird", "Lindsay"]
ranks = [("Master", 58000, 72000), ("Chief Officer", 46000, 56000), ("Chief Engineer", 50000, 62000),
         ("Second Engineer", 38000, 45000), ("Purser", 31000, 36000), ("Deckhand", 23000, 28500),
         ("Steward", 21000, 25500)]
crew = []
used = set()
cid = 0
for vid in range(1, len(vessels) + 1):
    roster = ["Master", "Chief Engineer", "Deckhand"]
    if vessels[vid - 1][4] >= 300:
        roster += ["Chief Officer", "Purser", "Steward"]
    if vessels[vid - 1][4] >= 500:
        roster += ["Second Engineer", "Deckhand"]
    for rk in roster:
        while True:
            fn, ln = rng.choice(first), rng.choice(last)
            if (fn, ln) not in used:
                used.add((fn, ln)); break
        lo, hi = [(a, b) for (n, a, b) in ranks if n == rk][0]
        dob = dt.date(1962, 1, 1) + dt.timedelta(days=rng.randint(0, 365 * 38))
        hire = dob + dt.timedelta(days=365 * rng.randint(19, 30) + rng.randint(0, 364))
        if hire > dt.date(2024, 3, 1):
            hire = dt.date(2024, 3, 1) - dt.timedelta(days=rng.randint(30, 2000))
        cid += 1
        sal = round(rng.uniform(lo, hi) / 50) * 50
        crew.append((cid, fn, ln, rk, dob.isoformat(), hire.isoformat(), f"{sal:.2f}", vid))
# two relief crew with no vessel assignment
for fn, ln, rk in [("Marion", "Gunn", "Deckhand"), ("Torquil", "Nicolson", "Steward")]:
    cid += 1
    lo, hi = [(a, b) for (n, a, b) in ranks if n == rk][0]
    crew.append((cid, fn, ln, rk, dt.date(1999, 7, 14 if fn == "Marion" else 3).isoformat(),
                 "2023-05-02", f"{round(rng.uniform(lo, hi) / 50) * 50:.2f}", None))
write("crew", ["crew_id", "first_name", "last_name", "job_title", "dob", "hire_dt",
               "annual_salary_amt", "assigned_vessel"], crew)

# ---------------- crew_sailings (link) ----------------
crew_by_vessel = {}
for c in crew:
    crew_by_vessel.setdefault(c[7], []).append(c)
crew_sailings = []
for s in sailings:
    if s[5] == "Cancelled":
        continue
    if rng.random() > 0.55:
        continue
    members = crew_by_vessel[s[2]]
    k = min(len(members), rng.randint(2, 3))
    crossing = routes[s[1] - 1][5]
    for c in rng.sample(members, k):
        hrs = round(crossing / 60 + rng.choice([1.0, 1.5, 2.0]), 1)
        crew_sailings.append((s[0], c[0], hrs))
    if len(crew_sailings) > 280:
        break
write("crew_sailings", ["sailing_id", "crew_id", "hours_worked"], crew_sailings)

# ---------------- bookings ----------------
pfirst = ["Sarah", "James", "Emma", "Oliver", "Chloe", "Harry", "Grace", "Jack", "Lucy", "Daniel",
          "Megan", "Ryan", "Anna", "Liam", "Rachel", "Mark", "Ingrid", "Pierre", "Katrin", "Marco",
          "Yuki", "Hannah", "Ben", "Sophie", "Martin", "Aoife", "Tom", "Elena", "Greta", "Paul"]
plast = ["Thompson", "Walker", "Wright", "Hughes", "Edwards", "Green", "Hall", "Wood", "Jackson",
         "Clarke", "Hansen", "Dubois", "Schneider", "Rossi", "Tanaka", "O'Brien", "Kowalski",
         "Murray", "Bell", "Young", "Mitchell", "Turner", "Evans", "Price", "Baker"]
vehicle_types = [None, None, None, "Car", "Car", "Van", "Motorcycle", "Bicycle", "Campervan"]
veh_fee = {None: 0, "Car": 18.5, "Van": 27.0, "Motorcycle": 9.0, "Bicycle": 0, "Campervan": 34.0}
bookings = []
ok_sailings = [s for s in sailings if s[5] != "Cancelled"]
cancelled_sailings = [s for s in sailings if s[5] == "Cancelled"]
for bid in range(1, 301):
    if bid % 25 == 0 and cancelled_sailings:
        s = rng.choice(cancelled_sailings)
    else:
        s = rng.choice(ok_sailings)
    route = routes[s[1] - 1]
    carcap = vessels[s[2] - 1][5]
    vt = rng.choice(vehicle_types)
    if carcap == 0 and vt in ("Car", "Van", "Campervan", "Motorcycle"):
        vt = None
    n = rng.choice([1, 1, 1, 2, 2, 2, 3, 4, 5])
    fare = round(float(route[7]) * n + veh_fee[vt], 2)
    sd = dt.date.fromisoformat(s[3])
    bdt = sd - dt.timedelta(days=rng.randint(0, 60))
    if s[5] == "Cancelled":
        status = "Refunded"
    else:
        r = rng.random()
        status = "Confirmed" if r < 0.84 else ("Cancelled" if r < 0.94 else "No Show")
    pay = rng.choice(["Card", "Card", "Card", "Cash", "Voucher", "Online Wallet"])
    name = f"{rng.choice(pfirst)} {rng.choice(plast)}"
    bookings.append((bid, s[0], name, n, vt, f"{fare:.2f}", bdt.isoformat(), pay, status))
write("bookings", ["booking_id", "sailing_id", "lead_passenger", "num_passengers", "vehicle_type",
                   "fare_amt", "booking_dt", "payment_method", "booking_status"], bookings)
print("ports", len(ports), "vessels", len(vessels), "routes", len(routes), "sailings", len(sailings),
      "crew", len(crew), "crew_sailings", len(crew_sailings), "bookings", len(bookings))
