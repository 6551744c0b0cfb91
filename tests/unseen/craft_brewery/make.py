"""Deterministic generator for the craft_brewery test database."""
import csv, os, random, datetime as dt

rng = random.Random(7731)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

# ---------------- brewers ----------------
brewer_data = [
    ("Marta", "Kowalczyk", "Head Brewer", "2016-03-01", 34.50),
    ("Declan", "O'Rourke", "Senior Brewer", "2017-08-14", 27.75),
    ("Priya", "Raman", "Brewer", "2019-02-11", 23.40),
    ("Tobias", "Lindqvist", "Brewer", "2020-06-22", 22.80),
    ("Hollie", "Bramwell", "Assistant Brewer", "2022-01-10", 17.90),
    ("Samuel", "Okafor", "Assistant Brewer", "2023-04-03", 17.25),
    ("Greta", "Voss", "Cellar Manager", "2018-09-17", 25.10),
    ("Ruben", "Castillo", "Brewer", "2021-11-29", 22.15),
]
brewers = [(i, *b[:4], f"{b[4]:.2f}") for i, b in enumerate(brewer_data, start=1)]
write("brewers", ["brewer_id", "first_name", "last_name", "title", "hire_dt", "hourly_rate"], brewers)

# ---------------- beers ----------------
beer_data = [
    # name, style, abv, ibu, price, first brewed, availability, desc
    ("Harbour Light", "Lager", 4.2, 22, 5.20, "2016-06-10", "Core", "Crisp pale lager with a clean bready finish"),
    ("Foghorn IPA", "IPA", 6.5, 62, 6.40, "2016-07-01", "Core", "West coast IPA with pine and grapefruit"),
    ("Night Tide", "Stout", 5.8, 38, 5.90, "2016-10-20", "Core", "Roasty dry stout with coffee and dark chocolate"),
    ("Copper Kettle", "Red Ale", 5.1, 30, 5.50, "2017-02-14", "Core", "Malty red ale with caramel and toffee"),
    ("Hazy Days", "NEIPA", 6.8, 35, 6.80, "2018-05-05", "Core", "Juicy hazy IPA loaded with mango and citrus"),
    ("Saltmarsh Gose", "Sour", 4.5, 8, 6.10, "2019-06-18", "Seasonal", "Tart gose brewed with sea salt and coriander"),
    ("Orchard Saison", "Saison", 6.2, 27, 6.20, "2019-04-01", "Seasonal", "Peppery farmhouse ale with apple notes"),
    ("Beacon Pale", "Pale Ale", 4.8, 40, 5.60, "2017-03-30", "Core", "Session pale ale with citrus and light malt"),
    ("Old Anchor", "Barleywine", 10.5, 70, 8.50, "2019-11-25", "Limited", "English barleywine aged on oak with dried fruit"),
    ("Wheatfield", "Wheat Beer", 5.0, 14, 5.40, "2018-06-21", "Seasonal", "Cloudy hefeweizen with banana and clove"),
    ("Midnight Porter", "Porter", 5.4, 32, 5.70, "2017-11-02", "Core", "Smooth robust porter with chocolate malt"),
    ("Raspberry Ripple", "Sour", 5.2, 6, 6.60, "2020-07-09", "Seasonal", "Kettle sour bursting with raspberry"),
    ("Double Vision", "Double IPA", 8.4, 85, 7.80, "2020-02-29", "Limited", "Big double IPA with resinous hops"),
    ("Pilsner Pier", "Pilsner", 4.9, 34, 5.30, "2021-04-16", "Core", "Czech style pilsner with floral Saaz hops"),
    ("Ember Smoked Porter", "Porter", 6.0, 36, 6.30, "2021-10-31", "Limited", "Porter brewed with beechwood smoked malt"),
    ("Summer Haze", "Pale Ale", 4.3, 28, 5.50, "2022-05-20", "Seasonal", "Light hazy pale ale with passionfruit"),
    ("Imperial Abyss", "Imperial Stout", 11.2, 65, 9.20, "2022-12-01", "Limited", "Imperial stout with vanilla and cacao nibs"),
    ("Citra Sunrise", "IPA", 6.1, 55, 6.50, "2023-03-15", "Core", "Single hop Citra IPA with tropical aroma"),
    ("Bramble Brown", "Brown Ale", 4.7, 25, 5.40, "2023-09-08", "Seasonal", "Nutty brown ale with a hint of blackberry"),
    ("Coastal Kolsch", "Kolsch", 4.6, 20, 5.60, "2024-04-12", "Seasonal", "Delicate golden ale fermented cool"),
]
beers = []
for i, b in enumerate(beer_data, start=1):
    beers.append((i, b[0], b[1], b[2], b[3], f"{b[4]:.2f}", b[5], b[6], b[7]))
write("beers", ["beer_id", "beer_name", "style", "abv", "ibu", "pint_price", "first_brewed_dt",
                "availability", "tasting_desc"], beers)

# ---------------- suppliers ----------------
supplier_data = [
    ("Crisp Maltings", "England", "Great Ryburgh", "Lydia Hartley", 5),
    ("Weyermann Specialty Malts", "Germany", "Bamberg", "Klaus Becker", 21),
    ("Yakima Chief Hops", "USA", "Yakima", "Jenna Morales", 35),
    ("Charles Faram", "England", "Malvern", "Oliver Pratt", 7),
    ("Lallemand Brewing", "Canada", "Montreal", "Sophie Gagnon", 14),
    ("Fermentis", "France", "Marcq-en-Baroeul", "Julien Moreau", 12),
    ("Simpsons Malt", "England", "Berwick-upon-Tweed", "Alistair Reid", 6),
    ("Hop Revolution", "New Zealand", "Nelson", "Aroha Tane", 42),
    ("Barth Haas", "Germany", "Nuremberg", "Petra Wolf", 18),
    ("Riverside Fruit Co", "England", "Evesham", "Dominic Shaw", 3),
    ("Castle Malting", "Belgium", "Beloeil", "Elise Dupont", 16),
]
suppliers = [(i, *s) for i, s in enumerate(supplier_data, start=1)]
write("suppliers", ["supplier_id", "supplier_name", "country", "city", "contact_name",
                    "lead_time_days"], suppliers)

# ---------------- ingredients ----------------
ing_data = [
    ("Maris Otter Pale Malt", "Malt", "kg", 1.18, 1450, 1),
    ("Extra Pale Malt", "Malt", "kg", 1.05, 980, 1),
    ("Pilsner Malt", "Malt", "kg", 1.22, 760, 2),
    ("Munich Malt", "Malt", "kg", 1.35, 310, 2),
    ("Carafa Special III", "Malt", "kg", 2.60, 55, 2),
    ("Crystal 60", "Malt", "kg", 1.48, 140, 7),
    ("Chocolate Malt", "Malt", "kg", 1.75, 90, 7),
    ("Roasted Barley", "Malt", "kg", 1.62, 75, 7),
    ("Wheat Malt", "Malt", "kg", 1.30, 260, 11),
    ("Beechwood Smoked Malt", "Malt", "kg", 1.95, 40, 2),
    ("Flaked Oats", "Adjunct", "kg", 1.10, 180, 1),
    ("Citra", "Hops", "kg", 24.50, 38.5, 3),
    ("Mosaic", "Hops", "kg", 23.80, 27.0, 3),
    ("Simcoe", "Hops", "kg", 21.60, 19.5, 3),
    ("Centennial", "Hops", "kg", 17.90, 22.0, 3),
    ("East Kent Goldings", "Hops", "kg", 14.20, 16.0, 4),
    ("Fuggles", "Hops", "kg", 12.75, 14.5, 4),
    ("Saaz", "Hops", "kg", 16.40, 12.0, 9),
    ("Hallertau Mittelfrueh", "Hops", "kg", 17.10, 9.5, 9),
    ("Nelson Sauvin", "Hops", "kg", 29.90, 11.0, 8),
    ("Motueka", "Hops", "kg", 26.30, 8.0, 8),
    ("US-05 Ale Yeast", "Yeast", "pkt", 4.20, 120, 6),
    ("W-34/70 Lager Yeast", "Yeast", "pkt", 5.10, 60, 6),
    ("Belle Saison Yeast", "Yeast", "pkt", 4.80, 25, 5),
    ("Verdant IPA Yeast", "Yeast", "pkt", 5.40, 45, 5),
    ("WB-06 Wheat Yeast", "Yeast", "pkt", 4.60, 30, 6),
    ("Philly Sour Yeast", "Yeast", "pkt", 6.20, 18, 5),
    ("Sea Salt", "Adjunct", "kg", 0.90, 25, None),
    ("Coriander Seed", "Spice", "kg", 8.40, 6, None),
    ("Raspberry Puree", "Fruit", "kg", 7.25, 120, 10),
    ("Bramble Puree", "Fruit", "kg", 7.90, 60, 10),
    ("Madagascar Vanilla Pods", "Spice", "kg", 310.00, 1.5, None),
    ("Cacao Nibs", "Adjunct", "kg", 14.80, 12, None),
    ("Lactose", "Adjunct", "kg", 3.10, 50, None),
]
ingredients = []
for i, g in enumerate(ing_data, start=1):
    ingredients.append((i, g[0], g[1], g[2], f"{g[3]:.2f}", g[4], g[5]))
write("ingredients", ["ingredient_id", "ingredient_name", "category", "unit", "unit_cost",
                      "stock_qty", "supplied_by"], ingredients)
iid = {g[1]: g[0] for g in ingredients}

# ---------------- recipe_items (link beers <-> ingredients) ----------------
recipes = {
    "Harbour Light": [("Pilsner Malt", 180), ("Hallertau Mittelfrueh", 1.2), ("W-34/70 Lager Yeast", 8)],
    "Foghorn IPA": [("Extra Pale Malt", 210), ("Crystal 60", 12), ("Simcoe", 3.5), ("Centennial", 3.0), ("US-05 Ale Yeast", 6)],
    "Night Tide": [("Maris Otter Pale Malt", 170), ("Roasted Barley", 18), ("Chocolate Malt", 9), ("Flaked Oats", 15), ("East Kent Goldings", 2.2), ("US-05 Ale Yeast", 6)],
    "Copper Kettle": [("Maris Otter Pale Malt", 185), ("Crystal 60", 20), ("Fuggles", 1.8), ("US-05 Ale Yeast", 6)],
    "Hazy Days": [("Extra Pale Malt", 190), ("Flaked Oats", 40), ("Wheat Malt", 25), ("Citra", 5.0), ("Mosaic", 4.5), ("Verdant IPA Yeast", 7)],
    "Saltmarsh Gose": [("Wheat Malt", 95), ("Pilsner Malt", 90), ("Sea Salt", 2.5), ("Coriander Seed", 1.1), ("Philly Sour Yeast", 6)],
    "Orchard Saison": [("Pilsner Malt", 170), ("Wheat Malt", 30), ("Saaz", 1.6), ("Belle Saison Yeast", 6)],
    "Beacon Pale": [("Maris Otter Pale Malt", 175), ("Crystal 60", 6), ("Centennial", 2.4), ("Citra", 1.5), ("US-05 Ale Yeast", 6)],
    "Old Anchor": [("Maris Otter Pale Malt", 320), ("Crystal 60", 25), ("East Kent Goldings", 4.0), ("Fuggles", 3.0), ("US-05 Ale Yeast", 10)],
    "Wheatfield": [("Wheat Malt", 110), ("Pilsner Malt", 80), ("Hallertau Mittelfrueh", 0.9), ("WB-06 Wheat Yeast", 6)],
    "Midnight Porter": [("Maris Otter Pale Malt", 165), ("Chocolate Malt", 16), ("Crystal 60", 10), ("Fuggles", 2.0), ("US-05 Ale Yeast", 6)],
    "Raspberry Ripple": [("Pilsner Malt", 120), ("Wheat Malt", 60), ("Raspberry Puree", 45), ("Philly Sour Yeast", 6)],
    "Double Vision": [("Extra Pale Malt", 260), ("Simcoe", 5.5), ("Mosaic", 5.0), ("Citra", 4.0), ("US-05 Ale Yeast", 9)],
    "Pilsner Pier": [("Pilsner Malt", 195), ("Saaz", 3.1), ("W-34/70 Lager Yeast", 8)],
    "Ember Smoked Porter": [("Maris Otter Pale Malt", 140), ("Beechwood Smoked Malt", 45), ("Chocolate Malt", 14), ("Fuggles", 2.1), ("US-05 Ale Yeast", 6)],
    "Summer Haze": [("Extra Pale Malt", 150), ("Flaked Oats", 25), ("Motueka", 2.5), ("Nelson Sauvin", 2.0), ("Verdant IPA Yeast", 6)],
    "Imperial Abyss": [("Maris Otter Pale Malt", 300), ("Roasted Barley", 30), ("Chocolate Malt", 25), ("Carafa Special III", 12), ("Lactose", 10), ("Madagascar Vanilla Pods", 0.3), ("Cacao Nibs", 6), ("US-05 Ale Yeast", 12)],
    "Citra Sunrise": [("Extra Pale Malt", 200), ("Munich Malt", 15), ("Citra", 6.5), ("US-05 Ale Yeast", 6)],
    "Bramble Brown": [("Maris Otter Pale Malt", 160), ("Chocolate Malt", 6), ("Crystal 60", 14), ("Bramble Puree", 30), ("Fuggles", 1.5), ("US-05 Ale Yeast", 6)],
    "Coastal Kolsch": [("Pilsner Malt", 175), ("Munich Malt", 10), ("Hallertau Mittelfrueh", 1.3), ("US-05 Ale Yeast", 6)],
}
bid = {b[1]: b[0] for b in beers}
recipe_items = []
for beer, items in recipes.items():
    for ing, q in items:
        recipe_items.append((bid[beer], iid[ing], q))
write("recipe_items", ["beer_id", "ingredient_id", "qty"], recipe_items)

# ---------------- batches ----------------
batches = []
batch_id = 0
d = dt.date(2023, 1, 4)
core = [b for b in beers if b[7] == "Core"]
others = [b for b in beers if b[7] != "Core" and b[1] not in ("Coastal Kolsch",)]
while d <= dt.date(2024, 10, 31):
    batch_id += 1
    pool = core if rng.random() < 0.7 else others
    beer = rng.choice(pool)
    if beer[6] > d.isoformat():
        beer = core[0]
    if beer[1] == "Imperial Abyss" or beer[1] == "Old Anchor":
        vol = rng.choice([600, 800])
    else:
        vol = rng.choice([1000, 1000, 1600, 2000, 2000, 2400])
    abv = beer[3]
    og = round(1.008 + abv * 0.0078 + rng.uniform(-0.002, 0.002), 3)
    fg = round(og - abv / 131.25 + rng.uniform(-0.001, 0.001), 3)
    brewer = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 8, 8])
    age = (dt.date(2024, 11, 1) - d).days
    if rng.random() < 0.04:
        status = "Dumped"
    elif age < 14:
        status = "Fermenting"
    elif age < 35:
        status = "Conditioning"
    else:
        status = "Packaged"
    tank = rng.randint(1, 8)
    batches.append((f"B{batch_id:04d}", beer[0], brewer, d.isoformat(), vol, f"{og:.3f}",
                    None if status == "Fermenting" else f"{fg:.3f}", status, tank))
    d += dt.timedelta(days=rng.randint(3, 9))
# add Coastal Kolsch batches
batches.append((f"B{batch_id + 1:04d}", bid["Coastal Kolsch"], 7, "2024-10-24", 1000, "1.045", None, "Fermenting", 3))
write("batches", ["batch_num", "beer_id", "brewed_by", "brew_dt", "volume_l", "orig_gravity",
                  "final_gravity", "status", "tank_num"], batches)

# ---------------- taproom_sales ----------------
sales = []
sd = dt.date(2024, 6, 1)
popular = [2, 5, 1, 8, 3, 18, 14, 11]
payment = ["Card", "Card", "Card", "Card", "Cash", "Tab", "Contactless App"]
sizes = [("Pint", 1.0), ("Pint", 1.0), ("Half", 0.5), ("Schooner", 0.67)]
for sale_id in range(1, 281):
    day = sd + dt.timedelta(days=rng.randint(0, 121))
    if rng.random() < 0.55:
        beer_id = rng.choice(popular)
    else:
        beer_id = rng.choice([b[0] for b in beers if b[0] != 20])
    beer = beers[beer_id - 1]
    size, mult = rng.choice(sizes)
    qty = rng.choice([1, 1, 1, 2, 2, 3, 4, 6])
    amt = round(float(beer[5]) * mult * qty, 2)
    sales.append((sale_id, beer_id, day.isoformat(), size, qty, f"{amt:.2f}", rng.choice(payment)))
sales.sort(key=lambda s: (s[2], s[0]))
sales = [(i, *s[1:]) for i, s in enumerate(sales, start=1)]
write("taproom_sales", ["sale_id", "beer_id", "sale_dt", "serve_size", "qty", "sale_amt",
                        "payment_type"], sales)
print("brewers", len(brewers), "beers", len(beers), "suppliers", len(suppliers), "ingredients",
      len(ingredients), "recipe_items", len(recipe_items), "batches", len(batches), "sales", len(sales))
