"""Writes tables/*.csv for the stamp_society database (Capitalized_With_Underscores convention; deterministic)."""
import csv, os, random, datetime

random.seed(18400506)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


countries = [
    # Country_ID, Country_Name, Continent, Currency, Postal_Authority, First_Stamp_Year
    (1, "Great Britain", "Europe", "Pound sterling", "Royal Mail", 1840),
    (2, "United States", "North America", "US dollar", "United States Postal Service", 1847),
    (3, "Canada", "North America", "Canadian dollar", "Canada Post", 1851),
    (4, "Australia", "Oceania", "Australian dollar", "Australia Post", 1913),
    (5, "France", "Europe", "Euro", "La Poste", 1849),
    (6, "Switzerland", "Europe", "Swiss franc", "Swiss Post", 1843),
    (7, "India", "Asia", "Indian rupee", "India Post", 1852),
    (8, "Japan", "Asia", "Yen", "Japan Post", 1871),
    (9, "New Zealand", "Oceania", "New Zealand dollar", "New Zealand Post", 1855),
    (10, "Germany", "Europe", "Euro", "Deutsche Post", 1849),
    (11, "Ireland", "Europe", "Euro", "An Post", 1922),
]
write("Country", ["Country_ID", "Country_Name", "Continent", "Currency", "Postal_Authority", "First_Stamp_Year"],
      countries)

members = [
    # Member_ID, First_Name, Last_Name, City, Join_Date, Membership_Level, Is_Officer, Birth_Year, Speciality
    (1, "Arthur", "Pemberton", "Harrogate", "1987-03-14", "Life", "T", 1941, "Great Britain"),
    (2, "Margaret", "Oakley", "Leeds", "1994-09-02", "Fellow", "T", 1952, "Commonwealth"),
    (3, "Desmond", "Achebe", "York", "2011-01-20", "Ordinary", "F", 1968, "Postal History"),
    (4, "Priya", "Chaudhary", "Harrogate", "2005-05-11", "Ordinary", "T", 1975, "India"),
    (5, "Gareth", "Llewellyn", "Ripon", "1999-11-27", "Fellow", "F", 1958, "Great Britain"),
    (6, "Eleanor", "Whitcombe", "Knaresborough", "1983-06-08", "Life", "F", 1939, None),
    (7, "Thomas", "Birkett", "Leeds", "2021-10-16", "Junior", "F", 2008, "Thematic: Space"),
    (8, "Helen", "Marsden", "York", "2014-04-03", "Ordinary", "F", 1981, "Europe"),
    (9, "Rajesh", "Menon", "Bradford", "2002-02-23", "Fellow", "T", 1963, "India"),
    (10, "Catherine", "Doyle", "Harrogate", "2017-07-29", "Ordinary", "F", 1986, None),
    (11, "Frank", "Sutcliffe", "Skipton", "1979-12-01", "Life", "F", 1944, "Airmail"),
    (12, "Josie", "Armitage", "Leeds", "2022-03-05", "Junior", "F", 2010, "Thematic: Birds"),
    (13, "William", "Hargreaves", "Ilkley", "2008-08-19", "Ordinary", "F", 1970, "Commonwealth"),
    (14, "Anne-Marie", "Kowalski", "York", "1997-05-24", "Fellow", "F", 1960, "Europe"),
    (15, "Peter", "Langley", "Harrogate", "2023-09-09", "Ordinary", "F", 1991, None),
    (16, "Susan", "Fairbrother", "Wetherby", "2010-10-30", "Ordinary", "T", 1966, "Postal History"),
    (17, "Oliver", "Quinn", "Ripon", "2023-01-14", "Junior", "F", 2011, "Thematic: Space"),
]
write("Member", ["Member_ID", "First_Name", "Last_Name", "City", "Join_Date", "Membership_Level", "Is_Officer",
                 "Birth_Year", "Speciality"], members)

stamps = [
    # Stamp_ID, Title, Issued_By, Issue_Year, Denomination, Colour, Stamp_Condition, Catalogue_Value, Is_Commemorative
    (1, "Penny Black", 1, 1840, "1d", "Black", "Used", 375.00, 0),
    (2, "Penny Black", 1, 1840, "1d", "Black", "Mounted Mint", 9500.00, 0),
    (3, "Twopence Blue", 1, 1840, "2d", "Blue", "Used", 950.00, 0),
    (4, "Penny Red", 1, 1864, "1d", "Red", "Used", 18.50, 0),
    (5, "Seahorse Half Crown", 1, 1913, "2s6d", "Brown", "Used", 180.00, 0),
    (6, "Wembley Exhibition", 1, 1924, "1d", "Scarlet", "Mint", 12.00, 1),
    (7, "Concorde", 1, 1969, "4d", "Multicoloured", "Mint", 0.60, 1),
    (8, "Machin Definitive", 1, 1967, "4d", "Sepia", "Mint", 0.25, 0),
    (9, "Penny Lilac", 1, 1881, "1d", "Lilac", "Used", 2.50, 0),
    (10, "London Olympics", 1, 2012, "1st", "Multicoloured", "Mint", 1.20, 1),
    (11, "Columbian Exposition", 2, 1893, "$1", "Salmon", "Used", 640.00, 1),
    (12, "Trans-Mississippi Farming", 2, 1898, "1c", "Green", "Mint", 32.00, 1),
    (13, "Moon Landing", 2, 1969, "10c", "Multicoloured", "Mint", 0.90, 1),
    (14, "Elvis Presley", 2, 1993, "29c", "Multicoloured", "Mint", 0.70, 1),
    (15, "Washington Franklin", 2, 1917, "2c", "Carmine", "Used", 0.35, 0),
    (16, "Bluenose", 3, 1929, "50c", "Black", "Used", 95.00, 0),
    (17, "Threepenny Beaver", 3, 1851, "3d", "Red", "Used", 1100.00, 0),
    (18, "Maple Leaf", 3, 1897, "2c", "Purple", "Used", 4.20, 0),
    (19, "Kangaroo and Map", 4, 1913, "1d", "Red", "Mounted Mint", 42.00, 0),
    (20, "Sydney Harbour Bridge", 4, 1932, "2d", "Red", "Used", 3.10, 1),
    (21, "Ceres", 5, 1849, "20c", "Black", "Used", 70.00, 0),
    (22, "Sower", 5, 1903, "10c", "Red", "Used", 0.80, 0),
    (23, "Marianne de Gandon", 5, 1945, "4F", None, "Mint", None, 0),
    (24, "Basel Dove", 6, 1845, "2.5 Rappen", "Multicoloured", "Used", 14500.00, 0),
    (25, "Helvetia Standing", 6, 1882, "25c", "Green", "Used", 9.50, 0),
    (26, "Scinde Dawk", 7, 1852, "1/2 anna", "Red", "Used", 820.00, 0),
    (27, "Gandhi Mourning", 7, 1948, "1.5 annas", "Brown", "Mint", 28.00, 1),
    (28, "Moon and Geese", 8, 1949, "8 yen", "Purple", "Mint", 110.00, 1),
    (29, "Mount Fuji and Deer", 8, 1922, "4 sen", "Green", "Used", 2.40, 0),
    (30, "Chalon Head", 9, 1855, "1d", "Red", "Used", 1450.00, 0),
    (31, "Kiwi Pictorial", 9, 1935, "3d", "Brown", "Mounted Mint", 6.50, 0),
    (32, "Health Stamp", 9, 1950, "1d+1/2d", None, "Mint", 0.75, 1),
    (33, "Berlin Wall Opening", 10, 1990, "50pf", "Multicoloured", "Mint", 1.10, 1),
    (34, "Bavaria One Kreuzer", 10, 1849, "1kr", "Black", "Used", 410.00, 0),
    (35, "Zeppelin Chicago Flight", 10, 1933, "4 RM", "Brown", "Used", 385.00, 1),
    (36, "Canada Centennial", 3, 1967, "5c", "Green", "Mint", None, 1),
    (37, "Wilding Definitive", 1, 1953, "3d", "Violet", "Used", 0.30, 0),
]
# initial owners; two stamps belong to the society's reference collection (no owner)
owner = {}
collectors = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 16, 7, 12, 17]
seniors = [1, 2, 5, 6, 9, 11, 14]
juniors = {7, 12, 17}


def can_hold(m, s):
    """Juniors collect cheap stamps; the dear classics sit with Life members and Fellows."""
    cat = s[7] or 0
    if cat > 300:
        return m in seniors
    return m not in juniors or cat < 20


for s in stamps:
    owner[s[0]] = random.choice([m for m in collectors if can_hold(m, s)])
owner[8] = None
owner[37] = None

auctions = [
    # Auction_ID, Auction_Name, Auction_Date, Venue, City, Run_By, Buyers_Premium_Pct
    (1, "Spring Sale 2023", "2023-03-18", "Crown Hotel", "Harrogate", 1, 10),
    (2, "Summer Postal Auction 2023", "2023-06-24", "Royal Hall", "Harrogate", 2, 12),
    (3, "Autumn Sale 2023", "2023-10-07", "Assembly Rooms", "York", 4, 10),
    (4, "Christmas Auction 2023", "2023-12-02", "Crown Hotel", "Harrogate", 1, 10),
    (5, "Spring Sale 2024", "2024-03-16", "Crown Hotel", "Harrogate", 9, 10),
    (6, "Summer Postal Auction 2024", "2024-06-22", "Civic Centre", "Leeds", 16, 12),
    (7, "Autumn Sale 2024", "2024-10-12", "Assembly Rooms", "York", 4, 10),
]
write("Auction", ["Auction_ID", "Auction_Name", "Auction_Date", "Venue", "City", "Run_By", "Buyers_Premium_Pct"],
      auctions)

lots = []
lot_id = 1
hammer_seen = set()
lots_per_auction = {1: 6, 2: 7, 3: 6, 4: 5, 5: 7, 6: 6}
never_offered = {7, 10, 14, 23, 36}
times_offered = {}
for aid, n in lots_per_auction.items():
    pool = [s for s in stamps if owner[s[0]] is not None and s[0] not in never_offered
            and times_offered.get(s[0], 0) < 2]
    picked = random.sample(pool, n)
    picked.sort(key=lambda s: s[0])
    for num, s in enumerate(picked, start=1):
        seller = owner[s[0]]
        times_offered[s[0]] = times_offered.get(s[0], 0) + 1
        cat = s[7] if s[7] is not None else 8.0
        reserve = max(1, round(cat * random.uniform(0.25, 0.5)))
        if random.random() < 0.18:
            buyer, hammer = None, None
        else:
            buyer = random.choice([m[0] for m in members if m[0] not in (seller, 15) and can_hold(m[0], s)])
            hammer = round(reserve * random.uniform(1.0, 1.9))
            while hammer in hammer_seen:
                hammer += 1
            hammer_seen.add(hammer)
            owner[s[0]] = buyer
        lots.append((lot_id, aid, num, s[0], seller, buyer, reserve, hammer))
        lot_id += 1
write("Auction_Lot", ["Lot_ID", "Auction_ID", "Lot_Number", "Stamp_ID", "Seller_ID", "Buyer_ID", "Reserve_Price",
                      "Hammer_Price"], lots)

write("Stamp", ["Stamp_ID", "Title", "Issued_By", "Issue_Year", "Denomination", "Colour", "Stamp_Condition",
                "Catalogue_Value", "Is_Commemorative", "Owner_ID"],
      [s + (owner[s[0]],) for s in stamps])
print(len(stamps), "stamps", len(lots), "lots")
