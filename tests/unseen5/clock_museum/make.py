"""Writes tables/*.csv for the clock_museum database (lower_case with abbreviations convention; deterministic)."""
import csv, os, random, datetime

random.seed(16571)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


makers = [
    # maker_id, nm, city, cntry, yr_est, guild_mbr
    (1, "Thomas Tompion", "London", "England", 1671, "Y"),
    (2, "Breguet", "Paris", "France", 1775, "Y"),
    (3, "Seth Thomas", "Thomaston", "USA", 1813, "N"),
    (4, "Junghans", "Schramberg", "Germany", 1861, "N"),
    (5, "Gustav Becker", "Freiburg", "Germany", 1847, "N"),
    (6, "Ansonia", "Brooklyn", "USA", 1851, "N"),
    (7, "Le Roy", "Paris", "France", 1785, "Y"),
    (8, "Vulliamy", "London", "England", 1730, "Y"),
    (9, "Lenzkirch", "Lenzkirch", "Germany", 1849, "N"),
    (10, "Japy Freres", "Beaucourt", "France", 1772, "N"),
    (11, "Joseph Knibb", "Oxford", "England", 1650, "Y"),
    (12, "E. Howard & Co.", "Boston", "USA", 1842, "N"),
    (13, "Smiths", "London", "England", 1899, "N"),
    (14, "Kienzle", "Schwenningen", "Germany", 1883, "N"),
]
write("maker", ["maker_id", "nm", "city", "cntry", "yr_est", "guild_mbr"], makers)

galleries = [
    # gal_id, gal_nm, flr, area_sqm, climate_ctl
    (1, "Long Case Hall", 0, 420, 0),
    (2, "Bracket Clock Room", 1, 180, 1),
    (3, "French Salon", 1, 210, 1),
    (4, "American Gallery", 2, 260, 0),
    (5, "Black Forest Room", 2, 150, 0),
    (6, "Precision Room", 3, 140, 1),
    (7, "Study Store", -1, 300, 1),
    (8, "Temporary Exhibition Hall", 0, 350, 1),
]
write("gallery", ["gal_id", "gal_nm", "flr", "area_sqm", "climate_ctl"], galleries)

donors = [
    # donor_id, fname, lname, city, cntry, is_patron, first_gift_yr
    (1, "Margaret", "Ashby", "London", "UK", "Y", 1978),
    (2, "Henry", "Caldwell", "Boston", "USA", "Y", 1985),
    (3, "Elise", "Fournier", "Lyon", "France", "N", 1992),
    (4, "Walter", "Brandt", "Stuttgart", "Germany", "N", 1999),
    (5, "Dorothy", "Pennington", "Bath", "UK", "Y", 1971),
    (6, "Charles", "Whitmore", "New York", "USA", "N", 2003),
    (7, "Ingrid", "Kessler", "Zurich", "Switzerland", "Y", 1988),
    (8, "Robert", "Hale", "London", "UK", "N", 2011),
    (9, "Agnes", "Moreau", "Paris", "France", "N", 2015),
    (10, "George", "Lyle", "Edinburgh", "UK", "N", 2019),
    (11, "Patricia", "Ogden", "Boston", "USA", "Y", 1995),
    (12, "Samuel", "Reyes", "Chicago", "USA", "N", 2021),
]
write("donor", ["donor_id", "fname", "lname", "city", "cntry", "is_patron", "first_gift_yr"], donors)

clocks = [
    # clock_id, title, maker, clk_type, yr_made, mvmt_type, case_matl, ht_cm, val_usd, gallery, on_disp, donor, acq_yr
    (1, "Tompion Longcase No. 222", 1, "Longcase", 1695, "Weight", "Walnut", 212, 850000, 1, "Y", 1, 1978),
    (2, "Tompion Ebony Bracket Clock", 1, "Bracket", 1701, "Spring", "Ebony", 48, 620000, 2, "Y", 5, 1971),
    (3, "Knibb Night Clock", 11, "Bracket", 1680, "Spring", "Ebony", 52, 410000, 2, "Y", None, 1964),
    (4, "Knibb Lantern Clock", 11, "Lantern", 1668, "Weight", "Brass", 38, 96000, 2, "Y", 5, 1983),
    (5, "Knibb Walnut Longcase", 11, "Longcase", 1685, "Weight", "Walnut", 205, 380000, 1, "Y", 1, 1990),
    (6, "Vulliamy Observatory Regulator", 8, "Regulator", 1780, "Weight", "Mahogany", 198, 145000, 6, "Y", 8, 2012),
    (7, "Vulliamy Marble Mantel Clock", 8, "Mantel", 1795, "Spring", "Marble", 41, 58000, 2, "Y", None, 1998),
    (8, "Vulliamy Mahogany Longcase", 8, "Longcase", 1772, "Weight", "Mahogany", 226, 132000, 7, "N", 1, 1981),
    (9, "Breguet Pendule Sympathique", 2, "Mantel", 1814, "Spring", "Gilt bronze", 56, 1250000, 3, "Y", 7, 1993),
    (10, "Breguet Carriage Clock No. 3629", 2, "Carriage", 1822, "Spring", "Gilt bronze", 15, 310000, 3, "Y", 3, 2001),
    (11, "Breguet Travel Clock", 2, "Carriage", 1830, "Spring", "Gilt bronze", 13, 275000, 7, "N", None, 2008),
    (12, "Le Roy Astronomical Regulator", 7, "Regulator", 1790, "Weight", "Mahogany", 185, 420000, 6, "Y", 7, 1996),
    (13, "Le Roy Lyre Clock", 7, "Mantel", 1788, "Spring", "Gilt bronze", 62, 178000, 3, "Y", 9, 2016),
    (14, "Le Roy Marble Portico Clock", 7, "Mantel", 1805, "Spring", "Marble", 49, 64000, 3, "Y", 3, 1994),
    (15, "Japy Black Slate Mantel Clock", 10, "Mantel", 1878, "Spring", "Slate", 33, 2400, 3, "Y", 9, 2017),
    (16, "Japy Carriage Clock", 10, "Carriage", 1885, "Spring", "Brass", 14, 3100, 7, "N", None, 1987),
    (17, "Japy Industrial Mantel Clock", 10, "Mantel", 1890, "Spring", "Bronze", 44, 8800, 3, "Y", 3, 2002),
    (18, "Seth Thomas Pillar and Scroll", 3, "Mantel", 1845, "Weight", "Rosewood", 64, 1800, 4, "Y", 2, 1986),
    (19, "Seth Thomas Regulator No. 2", 3, "Regulator", 1875, "Weight", "Oak", 94, 6400, 4, "Y", 11, 1997),
    (20, "Seth Thomas Adamantine Mantel", 3, "Mantel", 1902, "Spring", "Celluloid", 28, 750, 7, "N", 6, 2004),
    (21, "Seth Thomas Ship's Bell Clock", 3, "Wall", 1918, "Spring", "Brass", 22, 1450, 4, "Y", 6, 2005),
    (22, "Ansonia Royal Bonn Clock", 6, "Mantel", 1895, "Spring", "Porcelain", 36, 2900, 4, "Y", 11, 1999),
    (23, "Ansonia Crystal Regulator", 6, "Mantel", 1904, "Spring", "Brass", 31, 4200, 4, "Y", 2, 1988),
    (24, "Ansonia Kitchen Clock", 6, "Mantel", 1899, "Spring", "Oak", 55, 650, 7, "N", None, 2010),
    (25, "Howard Banjo Clock", 12, "Wall", 1860, "Weight", "Mahogany", 81, 12500, 4, "Y", 2, 1985),
    (26, "Howard Astronomical Regulator No. 89", 12, "Regulator", 1888, "Weight", "Walnut", 244, 98500, 6, "Y", 11, 2000),
    (27, "Howard Tower Clock Movement", 12, "Tower", 1872, "Weight", "Iron", 152, 45000, 7, "N", 6, 2009),
    (28, "Becker Vienna Regulator", 5, "Regulator", 1880, "Weight", "Walnut", 128, 3800, 5, "Y", 4, 1999),
    (29, "Becker Gothic Wall Clock", 5, "Wall", 1905, "Spring", "Oak", 74, 1200, 5, "Y", None, 1991),
    (30, "Becker Oak Mantel Clock", 5, "Mantel", 1912, "Spring", "Oak", 39, 900, 7, "N", 4, 2006),
    (31, "Lenzkirch Vienna Regulator", 9, "Regulator", 1877, "Weight", "Walnut", 115, 5200, 5, "Y", 4, 2000),
    (32, "Lenzkirch Cuckoo Clock", 9, "Cuckoo", 1870, "Weight", "Lime wood", 58, 2600, 5, "Y", 4, 2003),
    (33, "Junghans Black Forest Cuckoo", 4, "Cuckoo", 1910, "Weight", "Lime wood", 46, 1100, 5, "Y", None, 1995),
    (34, "Junghans Max Bill Kitchen Clock", 4, "Wall", 1956, "Electric", "Ceramic", 26, 1600, 7, "N", 8, 2014),
    (35, "Junghans Mega Radio Clock", 4, "Wall", 1990, "Quartz", "Plastic", 30, 480, 6, "Y", None, 2018),
    (36, "Junghans Art Deco Mantel", 4, "Mantel", 1928, "Spring", "Walnut", 27, 700, 5, "Y", 4, 2007),
    (37, "Tompion Spring Table Clock", 1, "Bracket", 1690, "Spring", "Tortoiseshell", 45, 540000, 7, "N", 1, 1979),
    (38, "Vulliamy Skeleton Clock", 8, "Skeleton", 1810, "Spring", "Brass", 43, 39000, 2, "Y", 5, 1975),
    (39, "Breguet Marine Chronometer", 2, "Chronometer", 1815, "Spring", "Mahogany", 19, 520000, 6, "Y", 7, 1989),
    (40, "Seth Thomas Electric Wall Clock", 3, "Wall", 1935, "Electric", "Bakelite", 34, 350, 7, "N", None, 2020),
]
write("clock", ["clock_id", "title", "maker", "clk_type", "yr_made", "mvmt_type", "case_matl", "ht_cm", "val_usd",
                "gallery", "on_disp", "donor", "acq_yr"], clocks)

restorers = [
    # rstr_id, fname, lname, spec, hrly_rate, yrs_exp, is_staff
    (1, "Alan", "Fairweather", "Movements", 85, 32, 1),
    (2, "Beatrice", "Lange", "Movements", 78, 21, 1),
    (3, "Colin", "Mayhew", "Cases", 60, 18, 0),
    (4, "Delphine", "Roche", "Gilding", 92, 25, 0),
    (5, "Emil", "Hartung", "Movements", 70, 12, 0),
    (6, "Fiona", "Dacre", "Dials", 65, 15, 1),
    (7, "Grant", "Osborne", "Cases", 55, 9, 1),
    (8, "Hiroshi", "Tanaka", "Movements", 88, 27, 0),
    (9, "Irene", "Vass", "Dials", 58, 6, 0),
]
write("restorer", ["rstr_id", "fname", "lname", "spec", "hrly_rate", "yrs_exp", "is_staff"], restorers)

work_by_spec = {"Movements": ["Overhaul", "Overhaul", "Cleaning"], "Cases": ["Case repair", "French polish"],
                "Gilding": ["Regilding"], "Dials": ["Dial restoration"]}
rate = {r[0]: r[4] for r in restorers}
spec = {r[0]: r[3] for r in restorers}
gilt = {c[0] for c in clocks if c[6] in ("Gilt bronze", "Bronze", "Brass")}
wooden = {c[0] for c in clocks if c[6] in ("Walnut", "Mahogany", "Oak", "Ebony", "Rosewood", "Lime wood", "Tortoiseshell")}
never = {3, 15, 20, 24, 29, 33, 35, 40, 22}   # clocks never restored
jobs = [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7]   # restorers 8 and 9 have no jobs yet
rests = []
costs = set()
candidates = [c[0] for c in clocks if c[0] not in never]
for k in range(46):
    clk = random.choice(candidates)
    who = random.choice(jobs)
    if spec[who] == "Gilding" and clk not in gilt:
        clk = random.choice(sorted(gilt - never))
    if spec[who] == "Cases" and clk not in wooden:
        clk = random.choice(sorted(wooden - never))
    work = random.choice(work_by_spec[spec[who]])
    hrs = random.randint(6, 140)
    cost = hrs * rate[who]
    while cost in costs:
        hrs += 1
        cost = hrs * rate[who]
    costs.add(cost)
    st = datetime.date(2015, 1, 1) + datetime.timedelta(days=random.randint(0, 3600))
    end = st + datetime.timedelta(days=hrs // 3 + random.randint(7, 60))
    if end > datetime.date(2024, 11, 30):
        end = None
    rests.append([None, clk, who, st, end, hrs, cost, work])
rests.sort(key=lambda r: (r[3], r[1]))
for i, r in enumerate(rests, start=1):
    r[0] = i
    r[3] = r[3].isoformat()
    r[4] = r[4].isoformat() if r[4] else None
write("restoration", ["rest_id", "clock_id", "restored_by", "start_dt", "end_dt", "hrs", "cost_usd", "work_type"],
      rests)
print(len(rests), "restorations")
