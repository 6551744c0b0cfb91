"""Deterministic generator for the allotment_society test database."""
import csv
import os
import random
from datetime import date, timedelta

random.seed(7741)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


def rdate(start, end):
    d0 = date.fromisoformat(start)
    d1 = date.fromisoformat(end)
    return d0 + timedelta(days=random.randint(0, (d1 - d0).days))


# ---------------- plots ----------------
# plot_id, plot_code, site, area_sqm, soil_type, has_shed, has_water_tap, annual_rent
sites = [("Hollybush Lane", "HB", 14), ("Canal Side", "CS", 12), ("Mill Field", "MF", 10), ("Orchard Gate", "OG", 8)]
soils = ["Clay", "Loam", "Sandy loam", "Silt", "Chalky"]
plots = []
pid = 0
for site, code, n in sites:
    for k in range(1, n + 1):
        pid += 1
        size = random.choice([62.5, 125.0, 125.0, 125.0, 250.0, 250.0, 187.5])
        rent = round(size * {"HB": 0.36, "CS": 0.32, "MF": 0.30, "OG": 0.40}[code], 2)
        soil = random.choices(soils, weights=[5, 6, 3, 2, 1])[0]
        shed = "true" if random.random() < 0.45 else "false"
        tap = "true" if random.random() < 0.6 else "false"
        plots.append((pid, f"{code}-{k:02d}", site, size, soil, shed, tap, f"{rent:.2f}"))
write("plots", ["plot_id", "plot_code", "site", "area_sqm", "soil_type", "has_shed", "has_water_tap", "annual_rent"], plots)

# ---------------- members ----------------
firsts = ["Dorothy", "Arthur", "Mehmet", "Siobhan", "Gwen", "Reginald", "Aisha", "Bernard", "Lucy", "Jonah",
          "Pauline", "Vikram", "Harold", "Mei", "Colin", "Ursula", "Tobias", "Winifred", "Desmond", "Farah",
          "Kenneth", "Isla", "Ravi", "Brenda", "Ambrose", "Noor", "Gordon", "Felicity", "Stanley", "Olga",
          "Trevor", "Jocelyn", "Emeka", "Marjorie", "Alistair", "Hyun-woo", "Sheila", "Barnaby", "Precious", "Nigel",
          "Agnes", "Luis", "Theodora", "Malcolm", "Iqbal", "Rosalind", "Duncan", "Valerie", "Efua", "Clive",
          "Morag", "Gareth", "Yusuf", "Philippa", "Rodney", "Ingrid"]
lasts = ["Ackroyd", "Bellamy", "Yilmaz", "Quinn", "Pryce", "Hargreaves", "Bello", "Nicholls", "Tremayne", "Fenwick",
         "Crabtree", "Nair", "Pickering", "Zhang", "Oakley", "Lindqvist", "Marsh", "Entwistle", "Blackwood", "Siddiqui",
         "Rowntree", "Munro", "Chaudhry", "Haworth", "Kingsley", "Ali", "Sinclair", "Dawes", "Fothergill", "Petrova",
         "Wainwright", "Ormerod", "Nwosu", "Gibbons", "Cameron", "Park", "Tattersall", "Whitlock", "Moyo", "Bramwell",
         "Hepworth", "Romero", "Vasquez", "Leckie", "Mirza", "Ashby", "Galbraith", "Pollard", "Asante", "Greaves",
         "McIntyre", "Jenkins", "Karimi", "Stroud", "Lister", "Berg"]
towns = ["Hebden Bridge"] * 5 + ["Todmorden"] * 3 + ["Mytholmroyd"] * 3 + ["Halifax"] * 2 + ["Sowerby Bridge"] * 2
mtypes = ["Full", "Full", "Full", "Concession", "Concession", "Associate", "Junior"]
members = []
for mid in range(1, 57):
    fn = firsts[mid - 1]
    ln = lasts[mid - 1]
    mtype = random.choice(mtypes)
    if mtype == "Junior":
        dob = rdate("2005-01-01", "2011-12-31")
    elif mtype == "Concession":
        dob = rdate("1938-01-01", "1960-12-31")
    else:
        dob = rdate("1955-01-01", "1998-12-31")
    joined = rdate("2006-03-01", "2024-04-30")
    town = random.choice(towns)
    phone = f"01422 {random.randint(100000, 899999)}" if random.random() < 0.55 else f"07{random.randint(400, 999)} {random.randint(100000, 999999)}"
    email = f"{fn.lower().replace('-', '')}{random.randint(1, 99)}@{random.choice(['gmail.com', 'outlook.com', 'btinternet.com', 'yahoo.co.uk'])}" if random.random() < 0.8 else None
    committee = random.choice(["Chair", "Treasurer", "Secretary"]) if mid in (3, 9, 17) else None
    members.append([mid, fn, ln, dob.isoformat(), town, phone, email, joined.isoformat(), mtype, committee])
# fixed roles (deterministic, distinct)
members[2][9] = "Chair"
members[8][9] = "Treasurer"
members[16][9] = "Secretary"
members[30][9] = "Site Rep"
members[44][9] = "Site Rep"
write("members", ["member_id", "first_name", "last_name", "dob", "town", "phone", "email", "join_dt", "membership_type", "committee_role"], members)

# ---------------- plot_assignments (link plots <-> members) ----------------
assign = []
aid = 0
plot_ids = [p[0] for p in plots]
random.shuffle(plot_ids)
# first 38 plots have a current primary tenant; a few have past tenants too; 6 plots are vacant
member_pool = list(range(1, 57))
random.shuffle(member_pool)
primaries = member_pool[:38]
for i, pl in enumerate(plot_ids[:38]):
    m = primaries[i]
    start = rdate("2012-01-01", "2024-03-31")
    # previous tenant for some plots
    if random.random() < 0.4:
        prev = random.choice(member_pool[38:] + primaries[:i])
        pstart = rdate("2008-01-01", (start - timedelta(days=800)).isoformat()) if start > date(2010, 6, 1) else None
        if pstart is not None:
            aid += 1
            assign.append((aid, pl, prev, pstart.isoformat(), (start - timedelta(days=random.randint(1, 40))).isoformat(), "Primary", "Ended"))
    aid += 1
    assign.append((aid, pl, m, start.isoformat(), None, "Primary", "Active"))
    # co-worker on some plots
    if random.random() < 0.35:
        cw = random.choice(member_pool[38:])
        aid += 1
        cstart = start + timedelta(days=random.randint(30, 600))
        if cstart > date(2024, 10, 1):
            cstart = date(2024, 4, 2)
        assign.append((aid, pl, cw, cstart.isoformat(), None, "Co-worker", "Active"))
# vacant plots: some ended tenancies only
for pl in plot_ids[38:41]:
    m = random.choice(member_pool[38:])
    s = rdate("2014-01-01", "2020-12-31")
    aid += 1
    assign.append((aid, pl, m, s.isoformat(), (s + timedelta(days=random.randint(700, 1400))).isoformat(), "Primary", "Ended"))
assign.sort(key=lambda r: (r[3], r[1]))
assign = [(i + 1,) + tuple(r[1:]) for i, r in enumerate(assign)]
write("plot_assignments", ["assignment_id", "plot_id", "member_id", "start_dt", "end_dt", "role", "status"], assign)

# current plots: those with an active assignment
active_plots = sorted({a[1] for a in assign if a[6] == "Active"})

# ---------------- crops_planted ----------------
crops = [
    # crop_name, crop_family, yield range per sqm-ish (kg), harvest month range
    ("Potatoes", "Solanaceae", (8, 45)), ("Tomatoes", "Solanaceae", (4, 22)), ("Runner beans", "Legumes", (3, 14)),
    ("Broad beans", "Legumes", (2, 9)), ("Peas", "Legumes", (1.5, 7)), ("Onions", "Alliums", (3, 16)),
    ("Garlic", "Alliums", (1, 5)), ("Leeks", "Alliums", (3, 12)), ("Carrots", "Root vegetables", (3, 15)),
    ("Beetroot", "Root vegetables", (2, 11)), ("Parsnips", "Root vegetables", (3, 13)), ("Cabbage", "Brassicas", (4, 18)),
    ("Kale", "Brassicas", (2, 8)), ("Purple sprouting broccoli", "Brassicas", (1.5, 6)), ("Courgettes", "Cucurbits", (5, 30)),
    ("Squash", "Cucurbits", (6, 28)), ("Strawberries", "Soft fruit", (2, 10)), ("Raspberries", "Soft fruit", (2, 9)),
    ("Rhubarb", "Perennials", (3, 14)), ("Lettuce", "Salad", (1, 6)),
]
varieties = {
    "Potatoes": ["Charlotte", "Maris Piper", "Pink Fir Apple", "Rocket"], "Tomatoes": ["Gardener's Delight", "Sungold", "Moneymaker"],
    "Runner beans": ["Scarlet Emperor", "Enorma"], "Broad beans": ["Aquadulce Claudia", "The Sutton"], "Peas": ["Kelvedon Wonder", "Hurst Green Shaft"],
    "Onions": ["Sturon", "Red Baron"], "Garlic": ["Solent Wight", "Elephant"], "Leeks": ["Musselburgh"], "Carrots": ["Autumn King", "Nantes 2"],
    "Beetroot": ["Boltardy", "Chioggia"], "Parsnips": ["Gladiator", "Tender and True"], "Cabbage": ["January King", "Greyhound"],
    "Kale": ["Cavolo Nero", "Red Russian"], "Purple sprouting broccoli": ["Rudolph"], "Courgettes": ["Defender", "Black Beauty"],
    "Squash": ["Crown Prince", "Butternut Hawk"], "Strawberries": ["Cambridge Favourite", "Elsanta"], "Raspberries": ["Autumn Bliss", "Glen Ample"],
    "Rhubarb": ["Timperley Early", "Victoria"], "Lettuce": ["Little Gem", "Lollo Rosso", "Webb's Wonderful"],
}
plantings = []
plid = 0
for yr in (2023, 2024):
    for pl in active_plots:
        k = random.randint(1, 4)
        chosen = random.sample(crops, k)
        for name, fam, yr_range in chosen:
            plid += 1
            sow = rdate(f"{yr}-03-01", f"{yr}-06-15")
            area = random.choice([4, 6, 8, 10, 12, 15, 20])
            qty = random.choice([12, 18, 24, 30, 36, 40, 50, 60, 80]) if fam not in ("Root vegetables", "Salad") else None
            plantings.append((plid, pl, name, random.choice(varieties[name]), fam, sow.isoformat(), area, qty, yr))
write("crops_planted", ["planting_id", "plot_id", "crop_name", "variety", "crop_family", "sown_dt", "bed_area_sqm", "num_plants", "season_yr"], plantings)

# ---------------- harvest_records ----------------
# who tends plot -> for recorded_by
tenants = {}
for a in assign:
    if a[6] == "Active":
        tenants.setdefault(a[1], []).append(a[2])
crop_range = {c[0]: c[2] for c in crops}
harv = []
hid = 0
for p in plantings:
    plid_, pl, name, var, fam, sow, area, qty, yr = p
    if random.random() < 0.12:
        continue  # crop failed / no harvest recorded
    n = random.choice([1, 1, 1, 2, 3])
    lo, hi = crop_range[name]
    for j in range(n):
        hid += 1
        hd = date.fromisoformat(sow) + timedelta(days=random.randint(55, 150) + 12 * j)
        wt = round(random.uniform(lo, hi) * area / 10 / n, 2)
        grade = random.choices(["A", "B", "C"], weights=[5, 4, 1])[0]
        shown = "true" if random.random() < 0.06 else "false"
        harv.append([hid, plid_, hd.isoformat(), wt, grade, random.choice(tenants[pl]), shown])
harv.sort(key=lambda r: (r[2], r[0]))
harv = [[i + 1] + r[1:] for i, r in enumerate(harv)]
write("harvest_records", ["harvest_id", "planting_id", "harvest_dt", "weight_kg", "quality_grade", "recorded_by", "entered_in_show"], harv)

# ---------------- work_days ----------------
tasks = [
    ("Clearing brambles along the boundary hedge", "Hollybush Lane"), ("Repairing the communal polytunnel", "Mill Field"),
    ("Turning the communal compost bays", "Canal Side"), ("Path edging and woodchip spreading", "Orchard Gate"),
    ("Pruning the community orchard", "Orchard Gate"), ("Fixing the water troughs", "Hollybush Lane"),
    ("Building raised beds for the accessible plot", "Canal Side"), ("Strimming paths and verges", "Mill Field"),
    ("Painting the trading hut", "Hollybush Lane"), ("Pond clearance and wildlife area", "Mill Field"),
    ("Seed swap and hut stocktake", "Hollybush Lane"), ("Fence repairs after storm damage", "Canal Side"),
    ("Cutting back overgrown vacant plots", "Orchard Gate"), ("Mulching fruit bushes", "Orchard Gate"),
]
leaders = [3, 9, 17, 31, 45, 12, 26]
work_days = []
wd = date(2023, 1, 14)
wid = 0
while wd <= date(2024, 11, 30):
    wid += 1
    t, loc = tasks[(wid * 5) % len(tasks)]
    dur = random.choice([2.5, 3.0, 3.0, 4.0, 5.0])
    work_days.append((wid, wd.isoformat(), t, loc, random.choice(leaders), dur))
    wd += timedelta(days=random.choice([21, 28, 28, 35, 42]))
write("work_days", ["work_day_id", "work_dt", "task_desc", "location", "led_by", "hrs_planned"], work_days)

# ---------------- work_day_attendance (link work_days <-> members) ----------------
att = []
for w in work_days:
    wid, dt, t, loc, leader, dur = w
    n = random.randint(3, 11)
    people = set(random.sample(range(1, 57), n))
    people.add(leader)
    for m in sorted(people):
        hrs = dur if random.random() < 0.7 else random.choice([1.0, 1.5, 2.0])
        hrs = min(hrs, dur)
        att.append((wid, m, hrs))
# a handful of members never attend
never = {5, 22, 38, 50}
att = [a for a in att if a[1] not in never or a[1] in leaders]
write("work_day_attendance", ["work_day_id", "member_id", "hours_worked"], att)

print({"plots": len(plots), "members": len(members), "plot_assignments": len(assign), "crops_planted": len(plantings),
       "harvest_records": len(harv), "work_days": len(work_days), "work_day_attendance": len(att)})
