"""Deterministic generator for the food_bank test database."""
import csv, os, random, datetime as dt

random.seed(20240611)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

def rdate(start, end):
    s = dt.date.fromisoformat(start); e = dt.date.fromisoformat(end)
    return (s + dt.timedelta(days=random.randint(0, (e - s).days))).isoformat()

# ---------------- warehouses ----------------
warehouses = [
    (1, "Northgate Distribution Center", "Cleveland", "North", 42000, "Denise Harper", 2004),
    (2, "Riverside Pantry Hub", "Cincinnati", "South", 31500, "Marcus Bell", 2009),
    (3, "Eastside Food Depot", "Youngstown", "East", 18750, "Priya Raman", 2015),
    (4, "Westfield Warehouse", "Toledo", "West", 26000, "Tom Kowalski", 2011),
    (5, "Capital City Storehouse", "Columbus", "Central", 55000, "Angela Brooks", 1998),
    (6, "Gem City Annex", "Dayton", "South", 12400, "Luis Ortega", 2019),
    (7, "Rubber City Pantry", "Akron", "North", 15800, "Karen Whitfield", 2013),
    (8, "Appalachian Outreach Depot", "Athens", "East", 9600, "Ray Dillard", 2021),
]
write("warehouses", ["warehouse_id", "wh_name", "city", "region", "capacity_sqft", "manager_name", "opened_yr"], warehouses)

# ---------------- donors ----------------
cities = [("Columbus", "OH"), ("Cleveland", "OH"), ("Cincinnati", "OH"), ("Toledo", "OH"), ("Dayton", "OH"),
          ("Akron", "OH"), ("Youngstown", "OH"), ("Athens", "OH"), ("Canton", "OH"), ("Erie", "PA"),
          ("Pittsburgh", "PA"), ("Fort Wayne", "IN"), ("Detroit", "MI"), ("Huntington", "WV")]
first = ["Maria", "James", "Linda", "Robert", "Patricia", "Michael", "Jennifer", "David", "Susan", "Kevin",
         "Aisha", "Hiroshi", "Fatima", "Carlos", "Emily", "Nathan", "Grace", "Omar", "Rebecca", "Trevor",
         "Yolanda", "Derek", "Hannah", "Victor", "Colleen"]
last = ["Gonzalez", "Smith", "Nguyen", "Johnson", "O'Brien", "Patel", "Schmidt", "Washington", "Kim", "Murphy",
        "Rossi", "Tanaka", "Hassan", "Miller", "Lewandowski", "Baker", "Foster", "Reyes", "Chen", "Douglas"]
businesses = ["Hilltop Bakery", "Buckeye Logistics LLC", "Lakeshore Credit Union", "Sunrise Diner",
              "Midwest Mutual Insurance", "Carver Auto Group", "Great Lakes Brewing Co", "Summit Dental Partners",
              "Blue Ribbon Catering", "Maple Street Hardware", "Ironworks Fitness", "Parkview Pharmacy"]
groceries = ["Kroger Store 412", "Giant Eagle Market District", "Aldi Dayton North", "Meijer Toledo West",
             "Fresh Thyme Columbus", "Dave's Market", "Heinen's Grocery", "Trader Joe's Cincinnati"]
churches = ["St. Mark's Lutheran Church", "First Baptist Church of Canton", "Holy Family Parish",
            "Grace Methodist Church", "Temple Beth Shalom", "Islamic Center of Greater Toledo",
            "New Hope Community Church"]
schools = ["Westview Elementary PTA", "Ohio State Student Council", "Lincoln High Key Club",
           "University of Dayton Campus Ministry", "Oak Hills Middle School"]
farms = ["Miller Family Farm", "Green Acres Orchard", "Yoder Dairy", "Sandusky Valley Growers", "Red Barn Produce"]

donors = []
did = 1
def add_donor(name, dtype):
    global did
    c, s = random.choice(cities)
    first_dt = rdate("2012-01-01", "2023-12-31")
    email = None
    if random.random() < 0.8:
        email = name.lower().replace(" ", ".").replace("'", "").replace(".", "", 0)[:20].strip(".") + "@" + random.choice(["gmail.com", "yahoo.com", "outlook.com", "org.net"])
    donors.append((did, name, dtype, c, s, email, first_dt))
    did += 1

people = set()
while len(people) < 26:
    people.add(random.choice(first) + " " + random.choice(last))
names = sorted(people)
random.shuffle(names)
pools = [(n, "individual") for n in names] + [(n, "business") for n in businesses] + \
        [(n, "grocery store") for n in groceries] + [(n, "faith group") for n in churches] + \
        [(n, "school") for n in schools] + [(n, "farm") for n in farms]
random.shuffle(pools)
for n, t in pools:
    add_donor(n, t)

# ---------------- food_items ----------------
items = [
    ("Canned Black Beans", "canned goods", "can", 730, 1.19, False),
    ("Canned Tuna in Water", "canned goods", "can", 1095, 1.49, False),
    ("Tomato Soup", "canned goods", "can", 730, 1.09, False),
    ("Canned Green Beans", "canned goods", "can", 900, 0.89, False),
    ("Chicken Noodle Soup", "canned goods", "can", 760, 1.39, False),
    ("Canned Peaches", "canned goods", "can", 820, 1.65, False),
    ("Peanut Butter", "protein", "jar", 365, 3.29, False),
    ("Frozen Chicken Thighs", "protein", "lb", 270, 2.79, True),
    ("Ground Turkey", "protein", "lb", 120, 4.15, True),
    ("Large Eggs", "protein", "dozen", 35, 2.89, True),
    ("Dried Lentils", "protein", "lb", 540, 1.35, False),
    ("Whole Milk", "dairy", "gallon", 14, 3.59, True),
    ("Cheddar Cheese Block", "dairy", "lb", 60, 4.99, True),
    ("Plain Greek Yogurt", "dairy", "cup", 21, 1.25, True),
    ("Shelf-Stable Milk", "dairy", "quart", 180, 2.10, False),
    ("Long Grain White Rice", "grains", "lb", 730, 0.95, False),
    ("Spaghetti Pasta", "grains", "box", 700, 1.29, False),
    ("Rolled Oats", "grains", "canister", 540, 2.49, False),
    ("Whole Wheat Flour", "grains", "bag", 240, 3.75, False),
    ("Corn Flakes Cereal", "grains", "box", 300, 3.19, False),
    ("Russet Potatoes", "produce", "lb", 45, 0.79, True),
    ("Gala Apples", "produce", "lb", 60, 1.45, True),
    ("Bananas", "produce", "lb", 7, 0.59, True),
    ("Yellow Onions", "produce", "lb", 40, 0.99, True),
    ("Baby Carrots", "produce", "bag", 28, 1.79, True),
    ("Sweet Corn", "produce", "ear", 5, 0.50, True),
    ("Sandwich Bread", "bakery", "loaf", 7, 2.39, True),
    ("Bagels", "bakery", "pack", 6, 3.49, True),
    ("Dinner Rolls", "bakery", "pack", 5, 2.99, True),
    ("Bottled Water", "beverages", "case", 730, 4.49, False),
    ("Orange Juice", "beverages", "half gallon", 30, 3.89, True),
    ("Apple Juice Boxes", "beverages", "pack", 270, 4.29, False),
    ("Infant Formula", "baby care", "can", 540, 17.99, False),
    ("Baby Food Pouches", "baby care", "pouch", 365, 1.69, False),
    ("Diapers Size 3", "baby care", "pack", None, 12.49, False),
    ("Granola Bars", "snacks", "box", 240, 3.99, False),
    ("Saltine Crackers", "snacks", "box", 300, 2.29, False),
    ("Trail Mix", "snacks", "bag", 180, 4.79, False),
]
food_items = [(i + 1, n, c, u, s, v, "true" if p else "false") for i, (n, c, u, s, v, p) in enumerate(items)]
write("food_items", ["item_id", "item_name", "category", "unit", "shelf_life_days", "unit_value", "is_perishable"], food_items)

# ---------------- donations (donor <-> food item) ----------------
donations = []
dtype_of = {d[0]: d[2] for d in donors}
for k in range(1, 241):
    donor = random.choice(donors)[0]
    t = dtype_of[donor]
    if t == "farm":
        item = random.choice([f for f in food_items if f[2] in ("produce", "dairy", "protein")])
    elif t == "grocery store":
        item = random.choice(food_items)
    else:
        item = random.choice([f for f in food_items if f[6] == "false"] + food_items[:12])
    base = {"individual": (2, 40), "business": (20, 300), "grocery store": (50, 900), "faith group": (10, 250),
            "school": (15, 400), "farm": (100, 1500)}[t]
    qty = random.randint(*base)
    wh = random.choices([w[0] for w in warehouses], weights=[14, 12, 6, 9, 18, 5, 6, 3])[0]
    ddt = rdate("2023-01-01", "2024-12-20")
    cond = random.choices(["good", "damaged packaging", "near expiry"], weights=[85, 8, 7])[0]
    notes = None
    r = random.random()
    if r < 0.06:
        notes = "Dropped off after hours"
    elif r < 0.12:
        notes = "Holiday food drive"
    elif r < 0.16:
        notes = "Pickup by volunteer driver"
    donations.append((k, donor, item[0], qty, wh, ddt, cond, notes))
donations.sort(key=lambda r: r[5])
donations = [(i + 1,) + r[1:] for i, r in enumerate(donations)]
write("donations", ["donation_id", "donor_id", "item_id", "qty", "received_at", "donation_dt", "condition", "notes"], donations)

# ---------------- partner_charities ----------------
partners = [
    ("St. Vincent Soup Kitchen", "soup kitchen", "Cleveland", 420, "Sister Anne Polk"),
    ("Harbor House Shelter", "shelter", "Toledo", 135, "Greg Mathis"),
    ("Eastside Senior Center", "senior center", "Youngstown", 210, "Dolores Kane"),
    ("Lincoln Elementary Backpack Program", "school pantry", "Columbus", 380, "Ms. Tara Jennings"),
    ("Bethel AME Church Pantry", "church pantry", "Dayton", 260, "Rev. Samuel Green"),
    ("Open Door Family Shelter", "shelter", "Columbus", 190, "Rachel Nunez"),
    ("Good Shepherd Meals", "soup kitchen", "Cincinnati", 510, "Frank Delaney"),
    ("Akron Veterans Outreach", "veterans program", "Akron", 145, "Maj. Lisa Crowder"),
    ("Hope Youth Shelter", "shelter", "Cleveland", 72, "Jamal Everett"),
    ("Maple Grove Senior Living Pantry", "senior center", "Toledo", 98, "Betty Sorensen"),
    ("Sacred Heart Food Pantry", "church pantry", "Canton", 330, "Fr. Michael Dunn"),
    ("Athens County Food Share", "community pantry", "Athens", 640, "Carla Whitt"),
    ("Kent State Campus Pantry", "school pantry", "Kent", 285, "Dylan Morse"),
    ("Northside Community Kitchen", "soup kitchen", "Columbus", 355, "Ivy Chambers"),
    ("Westwood Women's Shelter", "shelter", "Cincinnati", 60, "Monique Fairley"),
    ("Dayton Refugee Resettlement Pantry", "community pantry", "Dayton", 240, "Abdi Warsame"),
    ("Riverside Elementary Pantry", "school pantry", "Cincinnati", 175, "Paula Kemp"),
    ("Mount Zion Baptist Pantry", "church pantry", "Cleveland", 405, "Deacon Earl Wright"),
    ("Youngstown Rescue Mission", "shelter", "Youngstown", 220, "Henry Vukovich"),
    ("Toledo Seagate Pantry", "community pantry", "Toledo", 460, "Nadia Haddad"),
    ("Sunset Senior Meals", "senior center", "Akron", 115, "Walter Prentice"),
    ("Little Sprouts Head Start", "school pantry", "Dayton", 88, "Keisha Long"),
]
partner_rows = []
for i, (n, t, c, nc, contact) in enumerate(partners):
    joined = rdate("2008-01-01", "2023-06-30")
    active = "N" if i in (9, 15) else "Y"
    partner_rows.append((i + 1, n, t, c, nc, contact, joined, active))
write("partner_charities", ["partner_id", "partner_name", "partner_type", "city", "num_clients_served", "contact_name", "partnership_start_dt", "active_flag"], partner_rows)

# ---------------- distributions (partner <-> food item) ----------------
city_wh = {w[2]: w[0] for w in warehouses}
dists = []
for k in range(1, 211):
    p = random.choice([p for p in partner_rows if p[7] == "Y"] * 3 + partner_rows)
    item = random.choice(food_items)
    wh = city_wh.get(p[3]) if random.random() < 0.7 else None
    if wh is None:
        wh = random.choice(warehouses)[0]
    qty = random.randint(10, 600)
    ddt = rdate("2023-02-01", "2025-01-31")
    if ddt > "2024-12-31":
        status = random.choice(["scheduled", "scheduled", "in transit"])
    else:
        status = random.choices(["delivered", "cancelled", "returned"], weights=[90, 7, 3])[0]
    driver = random.choice(["Ken Alvarez", "Sue Park", "Dwayne Ross", "Mia Lindqvist", None])
    dists.append((k, p[0], item[0], qty, wh, ddt, status, driver))
dists.sort(key=lambda r: r[5])
dists = [(i + 1,) + r[1:] for i, r in enumerate(dists)]
write("distributions", ["distribution_id", "partner_id", "item_id", "qty", "shipped_from", "dist_dt", "status", "driver_name"], dists)

# ---------------- volunteers ----------------
vfirst = ["Abigail", "Brandon", "Chloe", "Dmitri", "Esperanza", "Frederick", "Gianna", "Hassan", "Isabel",
          "Jonah", "Kiara", "Liam", "Mei", "Noah", "Olivia", "Pradeep", "Quinn", "Rosa", "Samuel", "Tiana",
          "Umar", "Vanessa", "Wesley", "Ximena", "Yusuf", "Zoe", "Ethan", "Harper", "Logan", "Sofia"]
vlast = ["Anderson", "Brennan", "Castillo", "Dubois", "Ellison", "Fischer", "Garcia", "Hughes", "Ibrahim",
         "Jankowski", "Khan", "Lopez", "McCarthy", "Novak", "Okafor", "Pham", "Quintero", "Russo", "Sullivan",
         "Thompson", "Underwood", "Vargas", "Whitaker", "Young", "Zimmerman"]
shifts = ["weekday morning", "weekday afternoon", "weekday evening", "saturday", "sunday"]
vols = []
seen = set()
while len(vols) < 75:
    fn, ln = random.choice(vfirst), random.choice(vlast)
    if (fn, ln) in seen:
        continue
    seen.add((fn, ln))
    vid = len(vols) + 1
    dob = rdate("1950-01-01", "2007-12-31") if random.random() < 0.92 else None
    wh = random.choices([w[0] for w in warehouses], weights=[12, 10, 6, 8, 16, 4, 6, 3])[0]
    wcity = warehouses[wh - 1][2]
    city = wcity if random.random() < 0.75 else random.choice(cities)[0]
    pref = random.choice(shifts)
    start = rdate("2015-01-01", "2024-10-31")
    yrs = (dt.date(2024, 12, 31) - dt.date.fromisoformat(start)).days / 365
    hrs = round(random.uniform(4, 60) * max(yrs, 0.2), 1)
    driver = "true" if random.random() < 0.2 else "false"
    phone = "%03d-555-%04d" % (random.choice([614, 216, 513, 419, 937, 330]), random.randint(100, 9999))
    vols.append((vid, fn, ln, dob, city, phone, wh, pref, hrs, start, driver))
write("volunteers", ["volunteer_id", "first_name", "last_name", "dob", "city", "phone", "home_warehouse", "preferred_shift", "total_hrs", "start_dt", "has_drivers_license"], vols)
# donors who signed up (pledged) but have not donated yet: no first donation date
for n, t, c, st in [("Harvest Moon Co-op", "grocery store", "Columbus", "OH"), ("Beacon Rotary Club", "business", "Huntington", "WV"),
                    ("Ingrid Halvorsen", "individual", "Dayton", "OH")]:
    add_donor(n, t)
    donors[-1] = donors[-1][:3] + (c, st) + donors[-1][5:6] + (None,)
write("donors", ["donor_id", "donor_name", "donor_type", "city", "state", "email", "first_donation_dt"], donors)
print("done")
