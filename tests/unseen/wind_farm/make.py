"""Deterministic generator for the wind_farm test database."""
import csv
import datetime as dt
import os
import random

random.seed(20240611)
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


# ---------------- sites ----------------
sites_raw = [
    # name, region, country, commissioned, operator, offshore
    ("Altamont Ridge", "Pacific Coast", "USA", "2009-05-14", "Bayline Renewables", "onshore"),
    ("Horse Hollow", "Great Plains", "USA", "2006-10-02", "NextWind Energy", "onshore"),
    ("Roscoe Flats", "Great Plains", "USA", "2011-03-21", "NextWind Energy", "onshore"),
    ("Walney Extension", "North Sea", "United Kingdom", "2018-09-06", "Orsted", "offshore"),
    ("Hornsea Bank", "North Sea", "United Kingdom", "2020-01-30", "Orsted", "offshore"),
    ("Gode Wind", "North Sea", "Germany", "2017-06-19", "Nordwind AG", "offshore"),
    ("Fosen Vind", "Scandinavia", "Norway", "2019-11-11", "Statkraft", "onshore"),
    ("Markbygden", "Scandinavia", "Sweden", "2015-08-25", "Svevind", "onshore"),
    ("Sierra de Aralar", "Iberia", "Spain", "2012-04-17", "Iberdrola", "onshore"),
    ("Tocha Serra", "Iberia", "Portugal", "2014-07-09", "EDP Renovaveis", "onshore"),
]
sites = []
for i, (nm, reg, ctry, comm, op, kind) in enumerate(sites_raw, start=1):
    sites.append([i, nm, reg, ctry, kind, comm, op])

# ---------------- turbine models ----------------
models = [
    # model, manufacturer, rated_kw, rotor_m
    ("V112-3.45", "Vestas", 3450, 112),
    ("V136-4.2", "Vestas", 4200, 136),
    ("SG 8.0-167", "Siemens Gamesa", 8000, 167),
    ("SG 5.0-145", "Siemens Gamesa", 5000, 145),
    ("GE 2.8-127", "GE Vernova", 2820, 127),
    ("N149/5.X", "Nordex", 5700, 149),
    ("E-138 EP3", "Enercon", 4260, 138),
]
offshore_models = [2, 3]
onshore_models = [0, 1, 4, 5, 6]

turbines = []
tid = 100
turb_count = [5, 4, 4, 5, 5, 4, 4, 4, 3, 3]  # 41 turbines
for s, n in zip(sites, turb_count):
    site_id, kind, comm = s[0], s[4], d(s[5])
    mchoices = offshore_models if kind == "offshore" else onshore_models
    m = random.choice(mchoices)
    for k in range(n):
        tid += 1
        if random.random() < 0.2:
            m = random.choice(mchoices)
        model, manu, kw, rotor = models[m]
        hub = round(rotor * 0.62 + random.uniform(5, 25), 1)
        inst = comm - dt.timedelta(days=random.randint(20, 200))
        serial = "%s-%s-%05d" % (manu[:2].upper(), str(inst.year)[2:], random.randint(10000, 99999))
        turbines.append([tid, serial, site_id, model, manu, kw, hub, inst.isoformat(), None])

statuses = ["operational"] * 30 + ["under_maintenance"] * 5 + ["offline"] * 4 + ["decommissioned"] * 2
random.shuffle(statuses)
for t, st in zip(turbines, statuses):
    t[8] = st
# oldest site has decommissioned units
write("turbines",
      ["turbine_id", "serial_num", "site_id", "model", "manufacturer", "rated_kw", "hub_height_m", "install_dt", "status"],
      turbines)

# capacity of site = sum of turbine kw / 1000
cap = {}
for t in turbines:
    cap[t[2]] = cap.get(t[2], 0) + t[5]
write("sites",
      ["site_id", "site_name", "region", "country", "site_type", "commissioned_dt", "operator", "capacity_mw"],
      [s + [round(cap[s[0]] / 1000.0, 2)] for s in sites])

# ---------------- technicians ----------------
tech_names = [
    ("Maria", "Gonzalez"), ("James", "O'Connor"), ("Lars", "Nilsen"), ("Anika", "Schmidt"),
    ("Tomas", "Alves"), ("Priya", "Raman"), ("Erik", "Lindqvist"), ("Hannah", "Brooks"),
    ("Diego", "Ferreira"), ("Chloe", "Whitfield"), ("Kwame", "Mensah"), ("Sofia", "Ibarra"),
    ("Ben", "Hartley"), ("Ingrid", "Solberg"),
]
cert = ["Level 1", "Level 2", "Level 3", "Senior"]
technicians = []
for i, (fn, ln) in enumerate(tech_names, start=1):
    base = random.randint(1, 10)
    lvl = random.choice(cert)
    rate = {"Level 1": 34, "Level 2": 41, "Level 3": 49, "Senior": 58}[lvl] + random.randint(0, 700) / 100.0
    hire = d("2010-01-01") + dt.timedelta(days=random.randint(0, 4700))
    code = {"USA": 1, "United Kingdom": 44, "Germany": 49, "Norway": 47, "Sweden": 46, "Spain": 34, "Portugal": 351}[sites[base - 1][3]]
    phone = "+%d %03d %04d" % (code, random.randint(100, 999), random.randint(1000, 9999))
    technicians.append([200 + i, fn, ln, lvl, base, hire.isoformat(), round(rate, 2), phone])

# ---------------- parts ----------------
parts_raw = [
    ("Main bearing", "bearing", 18450.00, "SKF"),
    ("Yaw bearing", "bearing", 22900.00, "Schaeffler"),
    ("Pitch bearing", "bearing", 9650.00, "SKF"),
    ("Gearbox planetary stage", "gearbox", 64200.00, "ZF Wind Power"),
    ("Gearbox oil filter", "gearbox", 185.50, "Hydac"),
    ("Synthetic gear oil 20L", "gearbox", 412.75, "Castrol"),
    ("Generator slip ring", "electrical", 2375.00, "Mersen"),
    ("IGBT converter module", "electrical", 7890.00, "ABB"),
    ("Transformer bushing", "electrical", 1320.00, "Siemens Energy"),
    ("Carbon brush set", "electrical", 96.40, "Mersen"),
    ("Pitch hydraulic cylinder", "hydraulic", 5480.00, "Bosch Rexroth"),
    ("Hydraulic accumulator", "hydraulic", 1745.00, "Hydac"),
    ("Brake caliper pad", "hydraulic", 268.90, "Svendborg Brakes"),
    ("Leading edge protection tape", "blade", 640.00, "3M"),
    ("Blade lightning receptor", "blade", 355.25, "Polytech"),
    ("Blade root bolt kit", "blade", 1980.00, "Friedberg"),
    ("Anemometer", "sensor", 890.00, "Thies Clima"),
    ("Vibration sensor", "sensor", 1135.60, "Bruel and Kjaer"),
    ("Nacelle temperature probe", "sensor", 142.30, "Vaisala"),
    ("Yaw drive motor", "drivetrain", 6720.00, "Bonfiglioli"),
    ("Coupling insert", "drivetrain", 520.80, "KTR"),
    ("Service lift wire rope", "tooling", 1560.00, "Tractel"),
]
parts = [[300 + i, nm, cat, cost, sup] for i, (nm, cat, cost, sup) in enumerate(parts_raw, start=1)]
write("parts", ["part_id", "part_name", "category", "unit_cost", "supplier"], parts)

# ---------------- work orders ----------------
wo_types = ["preventive", "corrective", "inspection", "emergency"]
wo_w = [35, 30, 25, 10]
issues = {
    "preventive": ["Annual gearbox oil change", "Scheduled bolt torque check", "Replace carbon brushes",
                   "Hydraulic system service", "Filter replacement", "Semi-annual service"],
    "corrective": ["Pitch system fault on blade B", "Generator overheating alarm", "Yaw misalignment",
                   "Converter trip repeated", "Oil leak in nacelle", "Brake pad wear beyond limit"],
    "inspection": ["Drone blade inspection", "Leading edge erosion survey", "Tower flange inspection",
                   "Lightning protection test", "Vibration analysis"],
    "emergency": ["Lightning strike damage", "Gearbox bearing failure", "Fire alarm in nacelle",
                  "Ice shedding damage", "Main bearing seizure"],
}
work_orders = []
active_turbines = [t for t in turbines]
for i in range(1, 91):
    t = random.choice(active_turbines)
    typ = random.choices(wo_types, wo_w)[0]
    pr = {"preventive": ["low", "medium"], "inspection": ["low", "medium", "high"],
          "corrective": ["medium", "high"], "emergency": ["critical"]}[typ]
    pr = random.choice(pr)
    opened = d("2023-01-01") + dt.timedelta(days=random.randint(0, 540))
    r = random.random()
    if opened > d("2024-02-15") and r < 0.55:
        status = random.choice(["open", "in_progress"])
    elif r < 0.06:
        status = "cancelled"
    else:
        status = "closed"
    closed = None
    if status == "closed":
        closed = (opened + dt.timedelta(days=random.randint(0, 21 if typ != "emergency" else 9))).isoformat()
    hrs = None
    if status != "cancelled":
        base = {"preventive": 6, "corrective": 10, "inspection": 3, "emergency": 18}[typ]
        hrs = round(base * random.uniform(0.5, 2.2), 1)
    tech = random.choice(technicians)
    # prefer technicians based at the turbine's site
    locals_ = [x for x in technicians if x[4] == t[2]]
    if locals_ and random.random() < 0.6:
        tech = random.choice(locals_)
    assigned = tech[0]
    if status == "open" and random.random() < 0.5:
        assigned = None
    work_orders.append([5000 + i, t[0], assigned, opened.isoformat(), closed, typ, pr, status, hrs,
                        random.choice(issues[typ])])
write("work_orders",
      ["wo_id", "turbine_id", "assigned_to", "opened_dt", "closed_dt", "wo_type", "priority", "status",
       "labor_hrs", "issue_desc"],
      work_orders)

# a newly hired trainee with no work orders yet
technicians.append([215, "Liam", "Gallagher", "Level 1", 3, "2024-06-03", 33.5, "+1 325 0142"])
write("technicians",
      ["tech_id", "first_name", "last_name", "cert_level", "home_base", "hire_dt", "hourly_rate", "phone"],
      technicians)

# ---------------- parts used (link table) ----------------
parts_used = []
pref = {"preventive": ["gearbox", "electrical", "hydraulic", "drivetrain"],
        "corrective": ["electrical", "hydraulic", "sensor", "drivetrain", "bearing"],
        "inspection": ["blade", "sensor"],
        "emergency": ["bearing", "gearbox", "electrical", "blade"]}
for wo in work_orders:
    if wo[7] == "cancelled":
        continue
    n = random.choices([0, 1, 2, 3], [15, 40, 30, 15])[0]
    cands = [p for p in parts if p[2] in pref[wo[5]]]
    chosen = random.sample(cands, min(n, len(cands)))
    for p in chosen:
        qty = random.randint(1, 3) if p[3] > 1000 else random.randint(1, 12)
        parts_used.append([wo[0], p[0], qty])
write("parts_used", ["wo_id", "part_id", "qty"], parts_used)

# ---------------- daily output ----------------
daily = []
rid = 0
sel_turbines = [t for t in turbines if t[8] != "decommissioned"]
sel_turbines = sorted(random.sample(sel_turbines, 15), key=lambda t: t[0])
start = d("2024-03-01")
for day in range(20):
    date = start + dt.timedelta(days=day)
    for t in sel_turbines:
        rid += 1
        wind = round(max(2.0, random.gauss(8.2, 2.6)), 2)
        avail = round(min(100.0, random.uniform(88, 100.5)), 1)
        if t[8] == "offline" and day > 12:
            avail = 0.0
        cf = min(0.95, (wind / 12.5) ** 3) if wind > 3 else 0.0
        mwh = round(t[5] / 1000.0 * 24 * cf * avail / 100.0 * random.uniform(0.9, 1.05), 3)
        daily.append([rid, t[0], date.isoformat(), wind, mwh, avail])
write("daily_output", ["reading_id", "turbine_id", "reading_dt", "avg_wind_speed", "energy_mwh", "availability_pct"],
      daily)
print("ok")
