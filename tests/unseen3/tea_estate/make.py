"""Deterministic generator for the tea_estate database (lower_case with abbreviations convention)."""
import csv, os, random, datetime

random.seed(90210)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# estate_id, estate_nm, district, country, elev_m, yr_est, area_ha, organic, mgr_nm
estates = [
    (1, "Glenmorgan", "Darjeeling", "India", 1980, 1862, 212.5, "T", "Anil Pradhan"),
    (2, "Kanchan Valley", "Darjeeling", "India", 1540, 1881, 168.0, "T", "Rekha Tamang"),
    (3, "Bokpara", "Dibrugarh", "India", 110, 1894, 540.0, "F", "Bhaskar Gogoi"),
    (4, "Rangapara Hill", "Sonitpur", "India", 95, 1902, 612.3, "F", "Nitul Bora"),
    (5, "Nilgiri Crest", "Nilgiris", "India", 2050, 1921, 305.8, "F", "Suresh Nair"),
    (6, "Pedro Ridge", "Nuwara Eliya", "Sri Lanka", 1890, 1885, 283.4, "F", "Dilan Perera"),
    (7, "Ella Falls", "Badulla", "Sri Lanka", 1310, 1899, 190.2, "T", "Kumari Silva"),
    (8, "Chemamul", "Kericho", "Kenya", 2160, 1934, 725.0, "F", "Joseph Kiprono"),
    (9, "Tinsukia Gardens", "Tinsukia", "India", 130, 1910, 458.6, "F", None),
    (10, "Kotagiri Heights", "Nilgiris", "India", 1830, 1948, 122.9, "T", "Meena Raghavan"),
]
write("estate", ["estate_id", "estate_nm", "district", "country", "elev_m", "yr_est", "area_ha", "organic", "mgr_nm"],
      estates)

# sect_id, sect_nm, estate_id, area_ha, yr_planted, cultivar, slope
sections = [
    (1, "Upper Bungalow", 1, 24.5, 1958, "China", "Steep"),
    (2, "Lower Bungalow", 1, 31.2, 1964, "AV2", "Steep"),
    (3, "Rungneet", 1, 18.7, 1991, "AV2", "Moderate"),
    (4, "Lepcha Busty", 2, 27.4, 1973, "China", "Steep"),
    (5, "Mirik Side", 2, 22.1, 2004, "P312", "Moderate"),
    (6, "No 3 Division", 3, 64.0, 1987, "TV1", "Flat"),
    (7, "Burhi Dihing", 3, 71.5, 1999, "TV23", "Flat"),
    (8, "Jia Bharali", 4, 58.3, 2008, "TV23", "Flat"),
    (9, "Factory Block", 4, 49.9, 1979, "TV1", "Flat"),
    (10, "Doddabetta", 5, 36.6, 1996, "UPASI-9", "Steep"),
    (11, "Coonoor Slope", 5, 29.8, 2011, "CR-6017", "Moderate"),
    (12, "Moon Plains", 6, 33.0, 1968, "TRI 2025", "Steep"),
    (13, "Lovers Leap", 6, 26.4, 1983, "TRI 2043", "Steep"),
    (14, "Rawana", 7, 21.9, 2001, "TRI 2025", "Moderate"),
    (15, "Kapkorech", 8, 88.2, 1975, "TRFK 6/8", "Moderate"),
    (16, "Sotik Road", 8, 76.4, 2015, "TRFK 306", "Flat"),
    (17, "Kakojan", 9, 52.7, 1993, "TV1", "Flat"),
    (18, "Longwood", 10, 19.6, 2017, "UPASI-9", "Moderate"),
]
write("section", ["sect_id", "sect_nm", "estate_id", "area_ha", "yr_planted", "cultivar", "slope"], sections)

first_names = {
    "Darjeeling": [("Sunita", "F"), ("Pema", "F"), ("Lakshmi", "F"), ("Tenzing", "M"), ("Dechen", "F"), ("Bikash", "M")],
    "Assam": [("Mamoni", "F"), ("Nirmala", "F"), ("Ramesh", "M"), ("Sabita", "F"), ("Jyoti", "F"), ("Arun", "M"),
              ("Rupa", "F"), ("Budhu", "M")],
    "Nilgiris": [("Kavitha", "F"), ("Malini", "F"), ("Dinesh", "M"), ("Selvi", "F")],
    "Sri Lanka": [("Chamari", "F"), ("Letchumi", "F"), ("Prakash", "M"), ("Vasantha", "F"), ("Gita", "F")],
    "Kenya": [("Faith", "F"), ("Ruth", "F"), ("Kiprotich", "M"), ("Mercy", "F"), ("Samuel", "M")],
}
last_by_estate = {
    1: ["Rai", "Sherpa", "Tamang"], 2: ["Gurung", "Lepcha", "Rai"], 3: ["Munda", "Oraon", "Kurmi"],
    4: ["Tanti", "Bhumij", "Munda"], 5: ["Murugan", "Devi", "Selvam"], 6: ["Kumari", "Ramasamy", "Muthu"],
    7: ["Rajan", "Kumari", "Velu"], 8: ["Chebet", "Koech", "Langat"], 9: ["Oraon", "Santal", "Kurmi"],
    10: ["Nair", "Devi", "Selvam"],
}
pluckers = []
pid = 1
home_plan = [1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 8, 8, 8, 9, 3, 3, 10]
used_names = set()
ages = random.sample(range(19, 61), len(home_plan))
wages = {"India": (232, 250), "Sri Lanka": (1000, 1000), "Kenya": (560, 560)}
region_of = {1: "Darjeeling", 2: "Darjeeling", 3: "Assam", 4: "Assam", 5: "Nilgiris", 6: "Sri Lanka",
             7: "Sri Lanka", 8: "Kenya", 9: "Assam", 10: "Nilgiris"}
def pick_name(est):
    want = "M" if random.random() < 0.25 else "F"
    return random.choice([x for x in first_names[region_of[est]] if x[1] == want])


for i, est in enumerate(home_plan):
    fn, sex = pick_name(est)
    ln = random.choice(last_by_estate[est])
    while (fn, ln) in used_names:
        fn, sex = pick_name(est)
        ln = random.choice(last_by_estate[est])
    used_names.add((fn, ln))
    country = estates[est - 1][3]
    lo, hi = wages[country]
    wage = random.randint(lo, hi) if lo != hi else lo + random.choice([0, 25, 50, 75])
    yr = random.randint(max(2003, 2023 - (ages[i] - 18)), 2022)
    join = datetime.date(yr, random.randint(1, 12), random.randint(1, 28)).isoformat()
    perm = 1 if random.random() < 0.65 else 0
    pluckers.append((pid, fn, ln, sex, ages[i], est, join, wage, perm))
    pid += 1
write("plucker", ["plucker_id", "fname", "lname", "sex", "age", "home_estate", "join_dt", "daily_wage", "is_perm"],
      pluckers)

flush_by_month = {3: "First", 4: "First", 5: "Second", 6: "Second", 7: "Monsoon", 8: "Monsoon", 9: "Monsoon",
                  10: "Autumn", 11: "Autumn"}
sect_by_estate = {}
for s in sections:
    sect_by_estate.setdefault(s[2], []).append(s[0])
logs = []
lid = 1
kg_seen = set()
for p in pluckers:
    if p[0] == 23:  # newest plucker has no records yet
        continue
    n = random.randint(1, 4)
    for _ in range(n):
        sid = random.choice(sect_by_estate[p[5]])
        m = random.randint(3, 11)
        d = datetime.date(2023, m, random.randint(1, 28)).isoformat()
        kg = round(random.uniform(14, 38), 1)
        while kg in kg_seen:
            kg = round(kg + 0.1, 1)
        kg_seen.add(kg)
        grade = random.choice(["A", "A", "B", "B", "C"])
        logs.append((lid, p[0], sid, d, kg, flush_by_month[m], grade))
        lid += 1
write("pluck_log", ["log_id", "plucker_id", "sect_id", "pluck_dt", "leaf_kg", "flush", "leaf_grade"], logs)

# buyer_id, buyer_nm, country, city, buyer_type, yrs_active
buyers = [
    (1, "Hillside Tea Traders", "United Kingdom", "London", "Broker", 42),
    (2, "Teekampagne Nord", "Germany", "Hamburg", "Retailer", 19),
    (3, "Maison des Thés Ravel", "France", "Paris", "Retailer", 27),
    (4, "Calcutta Blenders Pvt", "India", "Kolkata", "Blender", 35),
    (5, "Orient Leaf Co", "Japan", "Osaka", "Retailer", 12),
    (6, "Dubai Tea Exchange", "United Arab Emirates", "Dubai", "Broker", 16),
    (7, "Ceylon Fine Packers", "Sri Lanka", "Colombo", "Blender", 31),
    (8, "Great Lakes Tea Supply", "United States", "Chicago", "Blender", 8),
    (9, "Nairobi Chai Ltd", "Kenya", "Nairobi", "Blender", 23),
    (10, "Amsterdam Leaf House", "Netherlands", "Amsterdam", "Retailer", 5),
    (11, "Moscow Samovar Trading", "Russia", "Moscow", "Broker", 14),
]
write("buyer", ["buyer_id", "buyer_nm", "country", "city", "buyer_type", "yrs_active"], buyers)

grades_by_region = {
    "Darjeeling": ["SFTGFOP1", "FTGFOP1", "TGFOP"], "Assam": ["TGFOP", "GFOP", "BOP", "CTC BP"],
    "Nilgiris": ["FOP", "BOP", "CTC BP"], "Sri Lanka": ["OP1", "BOP", "FBOP", "Dust"], "Kenya": ["CTC BP", "PF1", "Dust"],
}
region = {1: "Darjeeling", 2: "Darjeeling", 3: "Assam", 4: "Assam", 5: "Nilgiris", 6: "Sri Lanka", 7: "Sri Lanka",
          8: "Kenya", 9: "Assam", 10: "Nilgiris"}
centre = {"Darjeeling": "Kolkata", "Assam": "Guwahati", "Nilgiris": "Coonoor", "Sri Lanka": "Colombo",
          "Kenya": "Mombasa"}
base_price = {"Darjeeling": 9.0, "Assam": 3.2, "Nilgiris": 2.6, "Sri Lanka": 4.1, "Kenya": 2.3}
lot_estates = [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8, 8, 8, 9, 9, 1, 3, 6, 8]
lots = []
prices_seen = set()
for i, est in enumerate(lot_estates):
    reg = region[est]
    grade = random.choice(grades_by_region[reg])
    wt = random.choice([20, 25, 30, 40, 50]) * random.randint(4, 24)
    m = random.randint(3, 12)
    d = datetime.date(2023, m, random.randint(1, 28)).isoformat()
    sold = random.random() < 0.85
    if sold:
        price = round(base_price[reg] * random.uniform(0.8, 2.4), 2)
        while price in prices_seen:
            price = round(price + 0.01, 2)
        prices_seen.add(price)
        if reg == "Darjeeling":
            b = random.choice([1, 2, 3, 5, 4])
        elif reg == "Kenya":
            b = random.choice([1, 6, 9, 11, 8])
        elif reg == "Sri Lanka":
            b = random.choice([7, 6, 11, 1, 5])
        else:
            b = random.choice([4, 1, 8, 6, 11])
    else:
        price, b = None, None
    lots.append((5001 + i, est, grade, wt, d, price, b, centre[reg]))
write("auction_lot", ["lot_no", "estate_id", "tea_grade", "net_wt_kg", "sale_dt", "price_per_kg", "buyer_id",
                      "auction_ctr"], lots)
print(len(pluckers), "pluckers", len(logs), "logs", len(lots), "lots")
