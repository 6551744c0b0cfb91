"""Write the CSV tables of the cider_mill database (snake_case columns, Ref_ lookup table, _code/_name/_details; deterministic)."""
import csv, os, random

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


# ---------------------------------------------------------------- Ref_Cider_Styles
styles = [
    ("DRY", "Dry", "Fully fermented, little residual sugar"),
    ("MED", "Medium", "Some residual sweetness"),
    ("SWT", "Sweet", "Noticeably sweet, back-sweetened or arrested"),
    ("KEV", "Keeved", "Naturally sweet cider made by keeving"),
    ("PET", "Pet Nat", "Bottle conditioned sparkling cider"),
    ("ICE", "Ice Cider", "Made from frozen concentrated juice"),
    ("ROS", "Rose", "Pink cider from red fleshed apples"),
    ("SCR", "Farmhouse Scrumpy", "Still, cloudy and strong"),
]
write("Ref_Cider_Styles", ["cider_style_code", "cider_style_name", "cider_style_description"], styles)

# ---------------------------------------------------------------- Orchards
orchards = [
    # orchard_id, orchard_name, county, area_hectares, planted_year, organic_yn, owner_name
    (1, "Lower Burrow Orchard", "Somerset", 24.5, 1962, 0, "Tom Hadley"),
    (2, "Hartpury Court Orchard", "Gloucestershire", 12.0, 1985, 1, "Mary Fenwick"),
    (3, "Dunkerton Vale", "Herefordshire", 31.2, 1978, 1, "Peter Lane"),
    (4, "Much Marcle Orchard", "Herefordshire", 45.0, 1955, 0, "Robert Weston"),
    (5, "Long Ashton Orchard", "Somerset", 8.4, 2004, 1, "Anna Pike"),
    (6, "Tamar Valley Orchard", "Devon", 15.6, 1998, 0, "Gerald Crocker"),
    (7, "Ledbury Hill Orchard", "Herefordshire", 19.8, 1971, 0, "Susan Jones"),
    (8, "Pilton Manor Orchard", "Somerset", 27.3, 1949, 0, "Nigel Bowden"),
    (9, "Bradninch Orchard", "Devon", 10.5, 2011, 1, "Kate Wills"),
    (10, "Castle Frome Orchard", "Herefordshire", 22.0, 1968, 1, "David Pound"),
    (11, "Ryme Intrinseca Orchard", "Dorset", 6.2, 2016, 1, "Lucy Marsh"),
]
write("Orchards", ["orchard_id", "orchard_name", "county", "area_hectares", "planted_year", "organic_yn", "owner_name"], orchards)

# ---------------------------------------------------------------- Apple_Varieties
varieties = [
    # variety_id, variety_name, apple_category, origin_county, harvest_month, sugar_brix
    (1, "Kingston Black", "Bittersharp", "Somerset", "October", 13.2),
    (2, "Dabinett", "Bittersweet", "Somerset", "November", 12.8),
    (3, "Yarlington Mill", "Bittersweet", "Somerset", "October", 13.6),
    (4, "Harry Masters Jersey", "Bittersweet", "Somerset", "October", 14.1),
    (5, "Stoke Red", "Bittersharp", "Somerset", "November", 12.5),
    (6, "Foxwhelp", "Bittersharp", "Gloucestershire", "September", 11.4),
    (7, "Brown Snout", "Bittersweet", "Herefordshire", "November", 12.2),
    (8, "Ellis Bitter", "Bittersweet", "Devon", "September", 11.9),
    (9, "Tremlett's Bitter", "Bittersweet", "Devon", "October", 12.6),
    (10, "Browns", "Sharp", "Devon", "October", 11.0),
    (11, "Michelin", "Bittersweet", "Herefordshire", "October", 12.0),
    (12, "Bramley", "Sharp", "Nottinghamshire", "October", 10.4),
    (13, "Sweet Coppin", "Sweet", "Devon", "October", 11.7),
    (14, "Court Royal", "Sweet", "Somerset", "October", 12.3),
    (15, "Ashton Bitter", "Bittersweet", "Somerset", "September", 12.9),
    (16, "Chisel Jersey", "Bittersweet", "Somerset", "November", 13.9),
]
write("Apple_Varieties", ["variety_id", "variety_name", "apple_category", "origin_county", "harvest_month", "sugar_brix"], varieties)

# ---------------------------------------------------------------- Orchard_Varieties (link)
grows = {
    1: [1, 2, 3, 16], 2: [6, 12, 5], 3: [7, 11, 2, 12], 4: [7, 11, 6, 1], 5: [15, 1, 4],
    6: [8, 10, 13], 7: [11, 2, 12], 8: [2, 3, 4, 14, 1], 9: [9, 10, 13, 8], 10: [7, 11, 5], 11: [2, 14],
}
orchard_varieties = []
for o, vs in grows.items():
    for v in vs:
        orchard_varieties.append((o, v, random.randint(4, 60) * 10))
write("Orchard_Varieties", ["orchard_id", "variety_id", "num_of_trees"], orchard_varieties)

# ---------------------------------------------------------------- Pressings
month_no = {"September": 9, "October": 10, "November": 11}
vmonth = {v[0]: month_no[v[4]] for v in varieties}
pressings = []
for year in (2022, 2023):
    pairs = [(o, v) for (o, v, _) in orchard_varieties if o != 11]
    random.shuffle(pairs)
    for o, v in pairs[:17]:
        d = f"{year}-{vmonth[v]:02d}-{random.randint(1, 30):02d}"
        kg = random.randint(8, 60) * 50
        litres = round(kg * random.uniform(0.58, 0.72))
        pressings.append([None, o, v, d, kg, litres])
pressings.sort(key=lambda r: (r[3], r[1], r[2]))
for i, r in enumerate(pressings, start=1):
    r[0] = i
write("Pressings", ["pressing_id", "orchard_id", "variety_id", "pressing_date", "kg_pressed", "juice_litres"], pressings)

# ---------------------------------------------------------------- Casks
casks = [
    # cask_id, cask_code, wood_type, capacity_litres, previous_contents, date_acquired
    (1, "FO-225-01", "French Oak", 225, "Red Wine", "2015-03-02"),
    (2, "FO-225-02", "French Oak", 225, "Calvados", "2016-09-14"),
    (3, "AO-200-01", "American Oak", 200, "Bourbon", "2017-05-21"),
    (4, "AO-200-02", "American Oak", 200, "Bourbon", "2019-02-11"),
    (5, "AO-250-01", "American Oak", 250, "Rum", "2018-11-30"),
    (6, "FO-500-01", "French Oak", 500, "Sherry", "2012-07-08"),
    (7, "CH-300-01", "Chestnut", 300, "", "2020-04-17"),
    (8, "FO-300-01", "French Oak", 300, "Port", "2021-10-05"),
    (9, "AO-190-01", "American Oak", 190, "Whisky", "2022-06-23"),
    (10, "CH-400-01", "Chestnut", 400, "", "2023-01-19"),
]
write("Casks", ["cask_id", "cask_code", "wood_type", "capacity_litres", "previous_contents", "date_acquired"], casks)

# ---------------------------------------------------------------- Batches
batch_names = ["Harvest Gold", "Old Burrow", "Vale Reserve", "Red Streak", "Marcle Still", "First Frost",
               "Tamar Mist", "Manor Vintage", "Copper Kettle", "Ledbury Dry", "Orchard Sparkle", "Bittersweet Hollow",
               "Winter Ice", "Blush Rose", "Cellar Door", "Pilton Keeve", "Hedgerow", "Long Ashton Brut",
               "Frome Scrumpy", "Devon Gold", "Heritage Blend", "Foxglove"]
style_for = ["DRY", "SCR", "DRY", "ROS", "DRY", "ICE", "MED", "DRY", "MED", "DRY", "PET", "SWT",
             "ICE", "ROS", "MED", "KEV", "SCR", "PET", "SCR", "MED", "DRY", "SWT"]
batches = []
chosen = sorted(random.sample(range(1, len(pressings) + 1), len(batch_names)))
for i, (name, style, pid) in enumerate(zip(batch_names, style_for, chosen), start=1):
    p = pressings[pid - 1]
    y = int(p[3][:4])
    abv = round({"ICE": random.uniform(9.5, 11.5), "SCR": random.uniform(6.8, 8.4), "KEV": random.uniform(3.8, 4.6)}.get(style, random.uniform(5.0, 7.2)), 1)
    cask = random.choice([None, None, 1, 2, 3, 4, 5, 6, 8, 9]) if style not in ("PET", "ICE") else None
    bottled = f"{y + 1}-{random.randint(3, 9):02d}-{random.randint(1, 28):02d}"
    bottles = min(int(p[5] / 0.75 * random.uniform(0.8, 0.95)), 2500) // 10 * 10
    price = round(random.choice([4.5, 5.0, 5.5, 6.0, 6.5, 7.5, 8.0, 9.5, 12.0]) + (6 if style == "ICE" else 0), 2)
    batches.append((i, name, pid, style, abv, cask, bottled, bottles, price))
write("Batches", ["batch_id", "batch_name", "source_pressing_id", "cider_style_code", "abv_pct", "aged_in_cask_id", "bottled_date", "bottles_produced", "price_per_bottle"], batches)

# ---------------------------------------------------------------- Tastings
tasters = ["Gabe Cook", "Helen Tate", "Marcus Reed", "Priya Nair", "Owen Bristow", "Claire Yeo"]
notes = ["crisp and tart", "soft tannins", "smoky finish", "apple skin and honey", "dry and funky",
         "vanilla from the oak", "sharp acidity", "rich and full bodied", "light and floral", "too sweet"]
tastings = []
for b in batches:
    if b[0] in (9, 17, 21):
        continue
    for _ in range(random.randint(1, 3)):
        bd = b[6]
        d = f"{bd[:4]}-{random.randint(10, 12)}-{random.randint(1, 28):02d}"
        tastings.append([None, b[0], random.choice(tasters), d, random.randint(62, 95), random.choice(notes)])
tastings.sort(key=lambda r: (r[3], r[1]))
for i, r in enumerate(tastings, start=1):
    r[0] = i
tastings[32][4] = 94   # keep a single top score
write("Tastings", ["tasting_id", "batch_id", "taster_name", "tasting_date", "score", "tasting_notes"], tastings)
