"""Write the CSV tables of the orchard_coop database (deterministic)."""
import csv, os, random, datetime

random.seed(20240917)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Grower
growers = [
    # First_Name, Last_Name, Date_of_Birth, Town, Phone, Member_Since, Is_Organic
    ("Thomas", "Bulmer", "1961-03-14", "Hereford", "01432 760112", 1989, "N"),
    ("Margaret", "Weston", "1958-11-02", "Much Marcle", "01531 660233", 1985, "Y"),
    ("David", "Pritchard", "1972-06-25", "Ledbury", None, 1998, "N"),
    ("Susan", "Hayward", "1980-01-19", "Pershore", "01386 552871", 2006, "Y"),
    ("Richard", "Knight", "1966-09-08", "Tenbury Wells", "01584 810045", 1993, "N"),
    ("Helen", "Morgan", "1975-04-30", "Hereford", "01432 355190", 2001, "Y"),
    ("Gareth", "Powell", "1983-12-12", "Ross-on-Wye", None, 2010, "N"),
    ("Anne", "Sheppard", "1969-07-21", "Ledbury", "01531 632004", 1995, "N"),
    ("William", "Baker", "1955-02-27", "Evesham", "01386 443920", 1980, "N"),
    ("Claire", "Davies", "1988-08-05", "Pershore", "01386 561177", 2014, "Y"),
    ("Peter", "Lloyd", "1963-10-17", "Much Marcle", None, 1991, "N"),
    ("Rachel", "Green", "1991-05-09", "Tenbury Wells", "01584 819930", 2017, "Y"),
    ("John", "Thorne", "1970-03-03", "Evesham", "01386 420614", 1997, "N"),
    ("Emma", "Watkins", "1986-12-24", "Hereford", "01432 271846", 2012, "N"),
    ("Robert", "Ashby", "1978-09-29", "Ross-on-Wye", "01989 562301", 2004, "Y"),
]
write("Grower",
      ["Grower_ID", "First_Name", "Last_Name", "Date_of_Birth", "Town", "Phone", "Member_Since", "Is_Organic"],
      [(i + 1,) + g for i, g in enumerate(growers)])

# ---------------------------------------------------------------- Variety
varieties = [
    # Variety_Name, Fruit_Type, Use_Type, Origin_Country, Ripening, Year_Introduced
    ("Bramley", "Apple", "Culinary", "England", "Late", 1809),
    ("Cox Orange Pippin", "Apple", "Dessert", "England", "Mid", 1830),
    ("Egremont Russet", "Apple", "Dessert", "England", "Mid", 1872),
    ("Discovery", "Apple", "Dessert", "England", "Early", 1949),
    ("Gala", "Apple", "Dessert", "New Zealand", "Mid", 1934),
    ("Braeburn", "Apple", "Dessert", "New Zealand", "Late", 1952),
    ("Jonagold", "Apple", "Dessert", "USA", "Late", 1953),
    ("Dabinett", "Apple", "Cider", "England", "Late", 1850),
    ("Kingston Black", "Apple", "Cider", "England", "Mid", 1820),
    ("Michelin", "Apple", "Cider", "France", "Mid", 1872),
    ("Conference", "Pear", "Dessert", "England", "Mid", 1885),
    ("Doyenne du Comice", "Pear", "Dessert", "France", "Late", 1849),
    ("Concorde", "Pear", "Dessert", "England", "Mid", 1977),
    ("Blakeney Red", "Pear", "Perry", "England", "Early", 1700),
]
brix = random.sample([x / 10 for x in range(105, 165)], len(varieties))
write("Variety",
      ["Variety_ID", "Variety_Name", "Fruit_Type", "Use_Type", "Origin_Country", "Ripening", "Year_Introduced", "Avg_Brix"],
      [(i + 1,) + v + (brix[i],) for i, v in enumerate(varieties)])

# ---------------------------------------------------------------- Orchard
orchards = [
    # Orchard_Name, Owner_ID, Location, Year_Planted, Soil_Type, Irrigated
    ("Long Meadow", 1, "Hereford", 1992, "Loam", "N"),
    ("Kings Acre", 1, "Hereford", 2005, "Clay", "Y"),
    ("Hellens Bank", 2, "Much Marcle", 1979, "Clay", "N"),
    ("Dymock Road", 3, "Ledbury", 2001, "Sandy loam", "Y"),
    ("Abbey Field", 4, "Pershore", 2008, "Silt", "Y"),
    ("Teme Valley", 5, "Tenbury Wells", 1996, "Loam", "N"),
    ("Burford Side", 5, "Tenbury Wells", 2011, "Loam", "Y"),
    ("Holmer Park", 6, "Hereford", 2003, "Clay", "N"),
    ("Wye Terrace", 7, "Ross-on-Wye", 2013, "Sandy loam", "Y"),
    ("Eastnor Slope", 8, "Ledbury", 1988, "Clay", "N"),
    ("Vale Orchard", 9, "Evesham", 1976, "Silt", "N"),
    ("Bredon View", 9, "Evesham", 1999, "Loam", "Y"),
    ("Hampton Lea", 9, "Evesham", 2015, "Silt", "Y"),
    ("Wick Corner", 10, "Pershore", 2016, "Loam", "N"),
    ("Oldfield", 11, "Much Marcle", 1983, "Clay", "N"),
    ("Kyrewood", 12, "Tenbury Wells", 2019, "Sandy loam", "Y"),
    ("Castle Green", 15, "Ross-on-Wye", 2007, "Loam", "N"),
    ("Lower Mill", 15, "Ross-on-Wye", 1994, "Clay", "Y"),
]
areas = random.sample([x / 10 for x in range(12, 140)], len(orchards))
write("Orchard",
      ["Orchard_ID", "Orchard_Name", "Owner_ID", "Location", "Area_Hectares", "Year_Planted", "Soil_Type", "Irrigated"],
      [(i + 1, o[0], o[1], o[2], areas[i], o[3], o[4], o[5]) for i, o in enumerate(orchards)])

# ---------------------------------------------------------------- Planting (orchard x variety)
cider = [8, 9, 10, 14]
dessert = [2, 3, 4, 5, 6, 7, 11, 12, 13]
plantings = []
for oid in range(1, len(orchards) + 1):
    k = random.choice([1, 2, 2, 3])
    pool = cider + [1] if oid in (1, 3, 10, 15, 18) else dessert + [1]
    for vid in sorted(random.sample(pool, k)):
        plantings.append((oid, vid))
tree_counts = random.sample(range(40, 900), len(plantings))
write("Planting",
      ["Orchard_ID", "Variety_ID", "Number_of_Trees", "Year_Grafted"],
      [(o, v, tree_counts[i], min(orchards[o - 1][3] + random.randint(0, 6), 2021))
       for i, (o, v) in enumerate(plantings)])

# ---------------------------------------------------------------- Harvest
ripen_month = {"Early": 8, "Mid": 9, "Late": 10}
harvests = []
for (o, v) in plantings:
    for yr in (2022, 2023):
        if random.random() < 0.55:
            m = ripen_month[varieties[v - 1][4]]
            d = datetime.date(yr, m, random.randint(1, 28))
            harvests.append((o, v, d.isoformat()))
harvests.sort(key=lambda h: h[2])
yields = random.sample(range(600, 24000, 10), len(harvests))
grades = ["A", "A", "B", "B", "B", "C"]
write("Harvest",
      ["Harvest_ID", "Orchard_ID", "Variety_ID", "Harvest_Date", "Yield_Kg", "Quality_Grade"],
      [(i + 1, h[0], h[1], h[2], yields[i], random.choice(grades)) for i, h in enumerate(harvests)])

# ---------------------------------------------------------------- Delivery
staff = ["Ian Preece", "Jill Carter", "Owen Price", None]
deliveries = []
for i, h in enumerate(harvests):
    if random.random() < 0.8:
        owner = orchards[h[0] - 1][1]
        d = datetime.date.fromisoformat(h[2]) + datetime.timedelta(days=random.randint(1, 9))
        deliveries.append((owner, h[1], d.isoformat()))
deliveries.sort(key=lambda x: x[2])
weights = random.sample(range(400, 9000, 5), len(deliveries))
rows = []
for i, (g, v, d) in enumerate(deliveries):
    use = varieties[v - 1][2]
    base = {"Cider": 0.18, "Perry": 0.22, "Culinary": 0.30, "Dessert": 0.42}[use]
    price = round(base + random.randint(-4, 8) / 100, 2)
    rows.append((i + 1, g, v, d, weights[i], price, random.choice(["Line 1", "Line 2", "Line 3"]), random.choice(staff)))
write("Delivery",
      ["Delivery_ID", "Grower_ID", "Variety_ID", "Delivery_Date", "Weight_Kg", "Price_per_Kg", "Press_Line", "Checked_By"],
      rows)
