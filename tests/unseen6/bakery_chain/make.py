"""Write the CSV tables of the bakery_chain database (snake_case columns, plural tables, Ref_ lookup table; deterministic)."""
import csv, os, random

random.seed(60417)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Ref_Product_Categories
categories = [
    ("BRD", "Bread and rolls"),
    ("PAS", "Pastries"),
    ("CAK", "Cakes and tarts"),
    ("SAV", "Savoury bakes"),
    ("BIS", "Biscuits and cookies"),
    ("SAN", "Sandwiches"),
    ("DRK", "Hot and cold drinks"),
    ("SEA", "Seasonal specials"),
]
write("Ref_Product_Categories", ["product_category_code", "product_category_description"], categories)

# ---------------------------------------------------------------- Shops
shops = [
    # shop_id, shop_name, town_city, date_opened, num_of_seats, is_franchise, manager_staff_id
    (1, "Crumb and Co", "Bristol", "2009-05-12", 24, "N", 1),
    (2, "The Rolling Pin", "Bath", "2011-09-03", 12, "N", 5),
    (3, "Golden Crust", "Bristol", "2014-03-21", 30, "Y", 9),
    (4, "Flour Power", "Cardiff", "2016-07-08", 0, "Y", 13),
    (5, "Knead to Know", "Exeter", "2012-11-15", 18, "N", 16),
    (6, "Sourdough Corner", "Cardiff", "2018-02-27", 8, "N", 20),
    (7, "The Bread Bin", "Gloucester", "2019-06-01", 20, "Y", 23),
    (8, "Proof Positive", "Bath", "2021-04-10", 14, "Y", 26),
    (9, "Rise and Shine", "Bristol", "2023-08-19", 0, "Y", 29),
]
write("Shops", ["shop_id", "shop_name", "town_city", "date_opened", "num_of_seats", "is_franchise", "manager_staff_id"], shops)

# ---------------------------------------------------------------- Staff
staff = [
    # staff_id, shop_id, first_name, last_name, role_code, date_joined, hourly_rate
    (1, 1, "Helen", "Marsh", "MGR", "2009-04-20", 16.50),
    (2, 1, "Owen", "Price", "BKR", "2010-02-01", 13.20),
    (3, 1, "Carys", "Jenkins", "PAS", "2015-06-14", 13.80),
    (4, 1, "Liam", "Doyle", "CSH", "2022-09-05", 11.10),
    (5, 2, "Martin", "Hale", "MGR", "2011-08-15", 15.90),
    (6, 2, "Sophie", "Turner", "BKR", "2013-01-07", 12.95),
    (7, 2, "Aled", "Morgan", "CSH", "2020-03-16", 11.25),
    (8, 2, "Nadia", "Kowalski", "PAS", "2017-10-02", 14.10),
    (9, 3, "Grace", "Whitaker", "MGR", "2014-02-10", 16.80),
    (10, 3, "Tom", "Bishop", "BKR", "2014-03-01", 13.60),
    (11, 3, "Rhys", "Evans", "BKR", "2019-07-22", 12.40),
    (12, 3, "Ella", "Brooks", "CSH", "2021-05-30", 11.00),
    (13, 4, "Gareth", "Powell", "MGR", "2016-06-20", 15.40),
    (14, 4, "Megan", "Hughes", "BKR", "2016-07-01", 12.70),
    (15, 4, "Daniel", "Okafor", "CSH", "2023-01-09", 10.90),
    (16, 5, "Ruth", "Penhale", "MGR", "2012-10-29", 16.10),
    (17, 5, "Jack", "Trelawny", "BKR", "2012-11-01", 13.40),
    (18, 5, "Amy", "Carne", "PAS", "2018-04-17", 13.95),
    (19, 5, "Sam", "Rowe", "CSH", "2022-02-14", 11.30),
    (20, 6, "Bethan", "Lloyd", "MGR", "2018-01-15", 15.60),
    (21, 6, "Ioan", "Davies", "BKR", "2018-02-05", 12.85),
    (22, 6, "Chloe", "Martin", "CSH", "2024-03-11", 10.95),
    (23, 7, "Simon", "Fletcher", "MGR", "2019-05-13", 15.75),
    (24, 7, "Hannah", "Webb", "PAS", "2019-06-03", 13.70),
    (25, 7, "Luke", "Parsons", "BKR", "2020-11-23", 12.60),
    (26, 8, "Priya", "Nair", "MGR", "2021-03-22", 15.20),
    (27, 8, "Oliver", "Grant", "BKR", "2021-04-06", 12.55),
    (28, 8, "Zoe", "Harper", "CSH", "2023-07-19", 11.05),
    (29, 9, "Adam", "Clarke", "MGR", "2023-07-31", 15.10),
    (30, 9, "Freya", "Morgan", "BKR", "2023-08-14", 12.35),
]
write("Staff", ["staff_id", "shop_id", "first_name", "last_name", "role_code", "date_joined", "hourly_rate"], staff)

# ---------------------------------------------------------------- Products
products = [
    # product_id, product_name, product_category_code, unit_price, weight_g, is_vegan
    (1, "Sourdough Loaf", "BRD", 4.20, 800, "Y"),
    (2, "Seeded Rye Loaf", "BRD", 4.60, 750, "Y"),
    (3, "White Bloomer", "BRD", 2.80, 800, "Y"),
    (4, "Wholemeal Bap", "BRD", 0.65, 90, "Y"),
    (5, "Butter Croissant", "PAS", 1.85, 70, "N"),
    (6, "Pain au Chocolat", "PAS", 2.10, 80, "N"),
    (7, "Almond Croissant", "PAS", 2.60, 95, "N"),
    (8, "Cinnamon Swirl", "PAS", 2.35, 110, "N"),
    (9, "Victoria Sponge", "CAK", 18.50, 900, "N"),
    (10, "Lemon Drizzle Slice", "CAK", 2.75, 120, "N"),
    (11, "Carrot Cake", "CAK", 21.00, 1100, "N"),
    (12, "Vegan Chocolate Brownie", "CAK", 2.95, 100, "Y"),
    (13, "Cornish Pasty", "SAV", 3.95, 280, "N"),
    (14, "Sausage Roll", "SAV", 2.40, 150, "N"),
    (15, "Cheese and Onion Slice", "SAV", 2.55, 160, "N"),
    (16, "Vegetable Samosa Roll", "SAV", 2.65, 140, "Y"),
    (17, "Shortbread Finger", "BIS", 1.20, 45, "N"),
    (18, "Oat and Raisin Cookie", "BIS", 1.45, 60, "Y"),
    (19, "Stem Ginger Biscuit", "BIS", 1.10, 40, "Y"),
    (20, "Ham and Cheese Baguette", "SAN", 4.95, 260, "N"),
    (21, "Hummus Falafel Wrap", "SAN", 5.25, 240, "Y"),
    (22, "Rosemary Focaccia", "BRD", 3.80, 500, "Y"),
]
write("Products", ["product_id", "product_name", "product_category_code", "unit_price", "weight_g", "is_vegan"], products)

# ---------------------------------------------------------------- Suppliers
suppliers = [
    # supplier_id, supplier_name, supplier_city, phone_number, supplier_details
    (1, "Stoneground Mills", "Stroud", "01453 762110", "Organic flour"),
    (2, "Westcountry Dairy", "Taunton", "01823 440918", "Butter and cream"),
    (3, "Severn Eggs", "Gloucester", "01452 318204", "Free range eggs"),
    (4, "Bristol Cocoa Company", "Bristol", "0117 946 2031", "Chocolate"),
    (5, "Vale Fruit Growers", "Evesham", "01386 552917", "Fresh fruit"),
    (6, "Cardiff Meat Traders", "Cardiff", "029 2048 1176", "Meat"),
    (7, "Sugar Lane Wholesale", "Bristol", "0117 922 5840", "Sugar and syrups"),
    (8, "Green Valley Produce", "Hereford", "01432 270655", "Vegetables"),
    (9, "Nutcracker Imports", "Southampton", "023 8063 9912", "Nuts and seeds"),
    (10, "Cheddar Gorge Cheese", "Cheddar", "01934 743108", "Cheese"),
    (11, "Cotswold Packaging", "Cirencester", "01285 651473", "Boxes and bags"),
]
write("Suppliers", ["supplier_id", "supplier_name", "supplier_city", "phone_number", "supplier_details"], suppliers)

# ---------------------------------------------------------------- Product_Suppliers (link table)
links = {
    1: [1], 2: [1, 9], 3: [1], 4: [1], 22: [1, 8],
    5: [1, 2], 6: [1, 2, 4], 7: [1, 2, 9], 8: [1, 2, 7],
    9: [1, 2, 3, 5, 7], 10: [1, 3, 5, 7], 11: [1, 3, 8, 7], 12: [4, 7, 1],
    13: [1, 6, 8], 14: [1, 6], 15: [1, 10, 8], 16: [1, 8],
    17: [1, 2, 7], 18: [1, 5, 7], 19: [1, 7], 20: [6, 10], 21: [8],
}
price = {p[0]: p[3] for p in products}
prod_sup = []
for pid in sorted(links):
    for sid in links[pid]:
        y = random.choice([2019, 2020, 2021, 2022, 2023])
        d = f"{y}-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}"
        cost = round(price[pid] * random.uniform(0.08, 0.22), 2)
        prod_sup.append((pid, sid, d, cost))
write("Product_Suppliers", ["product_id", "supplier_id", "date_supplied_from", "cost_per_unit"], prod_sup)

# ---------------------------------------------------------------- Daily_Sales
staff_at = {}
for s in staff:
    staff_at.setdefault(s[1], []).append(s[0])
sold = [p[0] for p in products if p[0] not in (19, 21)]
dates = [f"2024-03-{d:02d}" for d in range(4, 11)]
seen = set()
sales = []
while len(sales) < 72:
    shop = random.randint(1, 9)
    pid = random.choice(sold)
    d = random.choice(dates)
    if (shop, pid, d) in seen:
        continue
    seen.add((shop, pid, d))
    qty = random.randint(2, 9) if price[pid] > 15 else random.randint(6, 64)
    sales.append([d, shop, pid, qty, round(qty * price[pid], 2), random.choice(staff_at[shop])])
sales.sort(key=lambda r: (r[0], r[1], r[2]))
sales = [[i + 1] + r for i, r in enumerate(sales)]
write("Daily_Sales", ["sale_id", "sale_date", "shop_id", "product_id", "qty_sold", "total_amt", "recorded_by"], sales)
