"""Writes tables/*.csv for the alpine_huts database (Capitalized_With_Underscores convention; deterministic)."""
import csv, os, random, datetime

random.seed(4478)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


valleys = [
    # Valley_ID, Valley_Name, Country, Region, Main_Town, Length_Km
    (1, "Saastal", "Switzerland", "Valais", "Saas-Fee", 27),
    (2, "Mattertal", "Switzerland", "Valais", "Zermatt", 36),
    (3, "Val Ferret", "Switzerland", "Valais", "Orsieres", 20),
    (4, "Stubaital", "Austria", "Tyrol", "Neustift", 35),
    (5, "Oetztal", "Austria", "Tyrol", "Soelden", 65),
    (6, "Valtournenche", "Italy", "Aosta Valley", "Breuil-Cervinia", 28),
    (7, "Val Masino", "Italy", "Lombardy", "San Martino", 15),
    (8, "Chamonix Valley", "France", "Haute-Savoie", "Chamonix", 23),
    (9, "Val Bregaglia", "Switzerland", "Graubuenden", "Vicosoprano", 18),
]
write("Valley", ["Valley_ID", "Valley_Name", "Country", "Region", "Main_Town", "Length_Km"], valleys)

wardens = [
    # Warden_ID, First_Name, Last_Name, Nationality, Birth_Year, Is_Mountain_Guide, Start_Year
    (1, "Urs", "Imboden", "Switzerland", 1968, "T", 1996),
    (2, "Regula", "Supersaxo", "Switzerland", 1975, "F", 2004),
    (3, "Beat", "Anthamatten", "Switzerland", 1981, "T", 2010),
    (4, "Kathrin", "Perren", "Switzerland", 1972, "T", 2009),
    (5, "Kurt", "Lauber", "Switzerland", 1960, "T", 1995),
    (6, "Simone", "Julen", "Switzerland", 1987, "F", 2016),
    (7, "Pierre", "Crettex", "Switzerland", 1970, "F", 2001),
    (8, "Markus", "Hofer", "Austria", 1965, "F", 1992),
    (9, "Anna", "Kirchmair", "Austria", 1984, "F", 2013),
    (10, "Josef", "Pfurtscheller", "Austria", 1958, "T", 1987),
    (11, "Elisabeth", "Gstrein", "Austria", 1979, "T", 2006),
    (12, "Marco", "Pession", "Italy", 1974, "T", 2002),
    (13, "Giulia", "Fiorelli", "Italy", 1989, "F", 2018),
    (14, "Luca", "Del Togno", "Italy", 1966, "T", 1999),
    (15, "Claire", "Ravanel", "France", 1977, "F", 2008),
    (16, "Jean-Marc", "Balmat", "France", 1963, "T", 1994),
    (17, "Sophie", "Couttet", "France", 1991, "F", 2021),
    (18, "Thomas", "Schranz", "Austria", 1993, "F", 2022),
]
write("Warden", ["Warden_ID", "First_Name", "Last_Name", "Nationality", "Birth_Year", "Is_Mountain_Guide",
                 "Start_Year"], wardens)

huts = [
    # Hut_ID, Hut_Name, Home_Valley, Altitude_M, Beds, Year_Built, Operator, Is_Staffed, Warden, Price_Per_Night
    (1, "Britannia Hut", 1, 3030, 134, 1912, "SAC", "T", 1, 72),
    (2, "Mischabel Hut", 1, 3329, 118, 1903, "SAC", "T", 2, 78),
    (3, "Weissmies Hut", 1, 2726, 128, 1894, "SAC", "T", 3, 68),
    (4, "Monte Rosa Hut", 2, 2883, 121, 2009, "SAC", "T", 4, 95),
    (5, "Hornli Hut", 2, 3260, 130, 1880, "Private", "T", 5, 150),
    (6, "Tasch Hut", 2, 2701, 60, 1924, "SAC", "T", 6, 65),
    (7, "Solvay Bivouac", 2, 4003, 10, 1917, "SAC", "F", None, None),
    (8, "Saleinaz Hut", 3, 2691, 48, 1893, "SAC", "T", 7, 64),
    (9, "Dolent Bivouac", 3, 2667, 12, 1972, "SAC", "F", None, None),
    (10, "Dresdner Hut", 4, 2308, 180, 1875, "DAV", "T", 8, 55),
    (11, "Sulzenau Hut", 4, 2191, 140, 1926, "DAV", "T", 9, 52),
    (12, "Franz-Senn Hut", 4, 2147, 170, 1885, "OeAV", "T", 10, 50),
    (13, "Vernagt Hut", 5, 2755, 87, 1901, "DAV", "T", 11, 58),
    (14, "Breslau Hut", 5, 2844, 165, 1882, "DAV", "T", 11, 57),
    (15, "Rifugio Duca degli Abruzzi", 6, 2802, 50, 1953, "CAI", "T", 12, 60),
    (16, "Bivacco Bossi", 6, 3345, 11, 1958, "CAI", "F", None, None),
    (17, "Rifugio Omio", 7, 2100, 38, 1937, "CAI", "T", 13, 48),
    (18, "Rifugio Gianetti", 7, 2534, 90, 1913, "CAI", "T", 14, 53),
    (19, "Couvercle Refuge", 8, 2687, 115, 1904, "FFCAM", "T", 15, 62),
    (20, "Argentiere Refuge", 8, 2771, 84, 1974, "FFCAM", "T", 16, 66),
    (21, "Requin Refuge", 8, 2516, 46, 1928, "Private", "T", 17, 59),
    (22, "Fourche Bivouac", 8, 3680, 9, 1935, "FFCAM", "F", None, None),
]
write("Hut", ["Hut_ID", "Hut_Name", "Home_Valley", "Altitude_M", "Beds", "Year_Built", "Operator", "Is_Staffed",
              "Warden", "Price_Per_Night"], huts)

routes = [
    # Route_ID, Route_Name, Start_Hut, Summit, Summit_Altitude_M, Grade, Length_Km, Is_Glacier, First_Ascent_Year
    (1, "Allalinhorn Hohlaub Ridge", 1, "Allalinhorn", 4027, "PD", 8.5, "T", 1856),
    (2, "Rimpfischhorn Normal Route", 1, "Rimpfischhorn", 4199, "PD", 11.0, "T", 1859),
    (3, "Nadelgrat Traverse", 2, "Nadelhorn", 4327, "AD", 9.2, "T", 1858),
    (4, "Lenzspitze North-East Face", 2, "Lenzspitze", 4294, "D", 4.1, "T", 1911),
    (5, "Lagginhorn West Ridge", 3, "Lagginhorn", 4010, "PD", 5.6, "F", 1856),
    (6, "Weissmies South-East Ridge", 3, "Weissmies", 4017, "AD", 6.3, "F", 1855),
    (7, "Dufourspitze Normal Route", 4, "Dufourspitze", 4634, "PD", 12.4, "T", 1855),
    (8, "Liskamm Traverse", 4, "Liskamm", 4527, "AD", 10.7, "T", 1861),
    (9, "Hornli Ridge", 5, "Matterhorn", 4478, "AD", 5.2, "F", 1865),
    (10, "Matterhorn North Face", 5, "Matterhorn", 4478, "TD", 4.4, "T", 1931),
    (11, "Alphubel Rotgrat", 6, "Alphubel", 4206, "AD", 7.1, "T", 1860),
    (12, "Aiguille d'Argentiere Normal Route", 8, "Aiguille d'Argentiere", 3901, "PD", 7.7, "T", 1864),
    (13, "Mont Dolent South Ridge", 9, "Mont Dolent", 3820, "PD", 6.6, "T", 1864),
    (14, "Zuckerhuetl Normal Route", 10, "Zuckerhuetl", 3507, "PD", 6.0, "T", 1863),
    (15, "Wilder Freiger via Sulzenau", 11, "Wilder Freiger", 3418, "F", 7.3, "T", 1865),
    (16, "Ruderhofspitze East Ridge", 12, "Ruderhofspitze", 3474, "PD", 8.1, "T", 1864),
    (17, "Fluchtkogel Normal Route", 13, "Fluchtkogel", 3500, "F", 5.4, "T", 1845),
    (18, "Wildspitze Normal Route", 14, "Wildspitze", 3768, "F", 6.8, "T", 1848),
    (19, "Lion Ridge", 15, "Matterhorn", 4478, "AD", 6.1, "F", 1865),
    (20, "Furggen Ridge", 16, "Matterhorn", 4478, "TD", 3.6, "F", 1941),
    (21, "Pizzo Badile North Ridge", 18, "Piz Badile", 3308, "D", 3.3, "F", 1923),
    (22, "Pizzo Cengalo Normal Route", 18, "Pizzo Cengalo", 3369, "PD", 4.7, "F", 1866),
    (23, "Punta Milano South Face", 17, "Punta Milano", 2742, "AD", 3.9, "F", 1882),
    (24, "Whymper Couloir", 19, "Aiguille Verte", 4122, "AD", 4.0, "T", 1865),
    (25, "Les Courtes North Face", 20, "Les Courtes", 3856, "D", 3.5, "T", 1938),
    (26, "Dent du Requin Chapeau a Cornes", 21, "Dent du Requin", 3422, "D", 3.0, "F", 1893),
    (27, "Kuffner Arete", 22, "Mont Maudit", 4465, "D", 5.0, "T", 1887),
]
write("Route", ["Route_ID", "Route_Name", "Start_Hut", "Summit", "Summit_Altitude_M", "Grade", "Length_Km",
                "Is_Glacier", "First_Ascent_Year"], routes)

climbers = [
    # Climber_ID, First_Name, Last_Name, Nationality, Gender, Birth_Year, Club
    (1, "Hannah", "Berger", "Germany", "F", 1988, "DAV"),
    (2, "Lukas", "Meier", "Switzerland", "M", 1979, "SAC"),
    (3, "James", "Whitworth", "United Kingdom", "M", 1992, None),
    (4, "Chiara", "Rossi", "Italy", "F", 1995, "CAI"),
    (5, "Nicolas", "Dupont", "France", "M", 1984, "FFCAM"),
    (6, "Eva", "Steiner", "Austria", "F", 1990, "OeAV"),
    (7, "Tobias", "Wagner", "Germany", "M", 1975, "DAV"),
    (8, "Emily", "Carter", "United States", "F", 1997, None),
    (9, "Matteo", "Colombo", "Italy", "M", 1981, "CAI"),
    (10, "Sarah", "Huber", "Austria", "F", 1986, "OeAV"),
    (11, "Pieter", "de Vries", "Netherlands", "M", 1993, "DAV"),
    (12, "Camille", "Lambert", "France", "F", 1999, "FFCAM"),
    (13, "David", "Mackenzie", "United Kingdom", "M", 1970, None),
    (14, "Laura", "Schmid", "Switzerland", "F", 1983, "SAC"),
    (15, "Florian", "Gruber", "Austria", "M", 1977, "OeAV"),
    (16, "Anna", "Novak", "Czech Republic", "F", 1994, None),
    (17, "Ben", "Thornton", "United Kingdom", "M", 1989, "SAC"),
    (18, "Giorgio", "Ferrari", "Italy", "M", 1965, "CAI"),
    (19, "Julia", "Fischer", "Germany", "F", 1991, "DAV"),
    (20, "Marc", "Favre", "Switzerland", "M", 1972, "SAC"),
    (21, "Olivia", "Grant", "United States", "F", 1985, None),
    (22, "Stefan", "Koller", "Austria", "M", 1968, "DAV"),
    (23, "Lea", "Brunner", "Switzerland", "F", 2000, "SAC"),
    (24, "Hugo", "Martin", "France", "M", 1996, None),
    (25, "Maarten", "Jansen", "Netherlands", "M", 1980, None),
    (26, "Francesca", "Bianchi", "Italy", "F", 1987, "CAI"),
    (27, "Peter", "Lindner", "Germany", "M", 1962, "DAV"),
    (28, "Isabel", "Moreau", "France", "F", 1990, "FFCAM"),
    (29, "Tom", "Hallett", "United Kingdom", "M", 1998, None),
    (30, "Katarina", "Horvat", "Slovenia", "F", 1982, None),
]
write("Climber", ["Climber_ID", "First_Name", "Last_Name", "Nationality", "Gender", "Birth_Year", "Club"], climbers)

# Stays: who slept where, and which route they went for
hut_by_id = {h[0]: h for h in huts}
routes_from = {}
for r in routes:
    routes_from.setdefault(r[2], []).append(r[0])
no_stays = {27, 30}          # climbers who never stayed in a hut
quiet_huts = {9, 12}         # huts nobody stayed in
popular = [1, 2, 4, 4, 5, 5, 5, 3, 6, 8, 10, 11, 13, 14, 14, 15, 16, 17, 18, 19, 19, 20, 21, 7, 22]
stays = []
amounts = set()
for cl in climbers:
    cid = cl[0]
    if cid in no_stays:
        continue
    for _ in range(random.choice([1, 2, 2, 3])):
        hut = random.choice(popular)
        if hut in quiet_huts:
            continue
        h = hut_by_id[hut]
        d = datetime.date(2024, random.randint(6, 9), random.randint(1, 28))
        nights = random.choice([1, 1, 1, 2, 2, 3])
        half = "T" if (h[7] == "T" and random.random() < 0.6) else "F"
        if h[9] is None:
            paid = None
        else:
            paid = nights * h[9] + (nights * 31 if half == "T" else 0)
            while paid in amounts:
                paid += 1
            amounts.add(paid)
        rte = random.choice(routes_from[hut]) if hut in routes_from and random.random() < 0.8 else None
        stays.append([None, cid, hut, d, nights, half, paid, rte])
stays.sort(key=lambda s: (s[3], s[1]))
for i, s in enumerate(stays, start=1):
    s[0] = i
    s[3] = s[3].isoformat()
write("Stay", ["Stay_ID", "Climber_ID", "Hut_ID", "Arrival_Date", "Nights", "Half_Board", "Amount_Paid",
               "Route_Climbed"], stays)
print(len(stays), "stays")
