"""Write the CSV tables of the bookbinding database (PascalCase singular tables, abbreviated columns; deterministic)."""
import csv, os, random

random.seed(5512)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Workshop
workshops = [
    # WkshpID, WkshpName, City, YrFounded, NumBenches, GuildMember
    (1, "Gilt Edge Bindery", "Edinburgh", 1978, 6, "T"),
    (2, "Marbled Leaf Studio", "Bath", 2004, 3, "F"),
    (3, "Foxed Page Workshop", "York", 1991, 4, "T"),
    (4, "Quire and Spine", "London", 2012, 8, "T"),
    (5, "Tanners Row Bindery", "Oxford", 1965, 5, "T"),
    (6, "Headband Press", "Bristol", 2017, 2, "F"),
    (7, "Kettle Stitch Studio", "Edinburgh", 2009, 1, "F"),
    (8, "Vellum House", "London", 1983, 7, "T"),
]
write("Workshop", ["WkshpID", "WkshpName", "City", "YrFounded", "NumBenches", "GuildMember"], workshops)

# ---------------------------------------------------------------- Binder
binders = [
    # BindID, LName, FName, Sex, Age, YrsExp, Specialty, Workshop, Mentor
    (101, "Ferguson", "Isla", "F", 58, 34, "Fine Binding", 1, None),
    (102, "Ashdown", "Thomas", "M", 41, 15, "Restoration", 1, 101),
    (103, "Okafor", "Adaeze", "F", 33, 9, "Gold Tooling", 4, 108),
    (104, "Pellegrini", "Marco", "M", 62, 40, "Restoration", 5, None),
    (105, "Hart", "Jessica", "F", 29, 6, "Box Making", 2, 110),
    (106, "Lindqvist", "Sven", "M", 47, 22, "Fine Binding", 8, 104),
    (107, "Beaumont", "Claire", "F", 52, 28, "Marbling", 3, None),
    (108, "Kaur", "Harpreet", "F", 45, 20, "Gold Tooling", 4, 104),
    (109, "Doyle", "Patrick", "M", 36, 11, "Conservation", 5, 104),
    (110, "Moreau", "Elise", "F", 39, 14, "Box Making", 2, 107),
    (111, "Tanaka", "Hiro", "M", 31, 7, "Japanese Binding", 6, None),
    (112, "Whitlock", "Agnes", "F", 67, 44, "Fine Binding", 8, None),
    (113, "Reyes", "Daniel", "M", 26, 3, "Conservation", 7, 109),
    (114, "MacLeod", "Fiona", "F", 50, 26, "Restoration", 1, 101),
    (115, "Brandt", "Jonas", "M", 43, 18, "Gold Tooling", 3, 107),
]
write("Binder", ["BindID", "LName", "FName", "Sex", "Age", "YrsExp", "Specialty", "Workshop", "Mentor"], binders)

# ---------------------------------------------------------------- Book
books = [
    # BookID, Title, Author, PubYr, Pages, Lang, Genre
    (1, "Pride and Prejudice", "Jane Austen", 1813, 432, "English", "Novel"),
    (2, "The Compleat Angler", "Izaak Walton", 1653, 256, "English", "Nature"),
    (3, "Les Fleurs du mal", "Charles Baudelaire", 1857, 248, "French", "Poetry"),
    (4, "Book of Hours", "Anonymous", 1480, 190, "Latin", "Devotional"),
    (5, "Leaves of Grass", "Walt Whitman", 1855, 384, "English", "Poetry"),
    (6, "Moby-Dick", "Herman Melville", 1851, 635, "English", "Novel"),
    (7, "Faust", "Johann Wolfgang von Goethe", 1808, 512, "German", "Drama"),
    (8, "The Divine Comedy", "Dante Alighieri", 1320, 798, "Italian", "Poetry"),
    (9, "A Christmas Carol", "Charles Dickens", 1843, 166, "English", "Novel"),
    (10, "Alice's Adventures in Wonderland", "Lewis Carroll", 1865, 192, "English", "Children"),
    (11, "On the Origin of Species", "Charles Darwin", 1859, 502, "English", "Science"),
    (12, "Kinder- und Hausmarchen", "Brothers Grimm", 1812, 560, "German", "Children"),
    (13, "The Canterbury Tales", "Geoffrey Chaucer", 1400, 476, "English", "Poetry"),
    (14, "Madame Bovary", "Gustave Flaubert", 1856, 329, "French", "Novel"),
    (15, "Sonnets", "William Shakespeare", 1609, 154, "English", "Poetry"),
    (16, "Great Expectations", "Charles Dickens", 1861, 544, "English", "Novel"),
    (17, "The Herball", "John Gerard", 1597, 1484, "English", "Science"),
    (18, "Il Principe", "Niccolo Machiavelli", 1532, 140, "Italian", "Philosophy"),
    (19, "Walden", "Henry David Thoreau", 1854, 352, "English", "Nature"),
    (20, "The Rime of the Ancient Mariner", "Samuel Taylor Coleridge", 1798, 64, "English", "Poetry"),
]
write("Book", ["BookID", "Title", "Author", "PubYr", "Pages", "Lang", "Genre"], books)

# ---------------------------------------------------------------- Commission
comms = [
    # CommID, BookID, BoundBy, ClientName, ClientCity, OrderDate, Fee, BindStyle, IsDone
    (1, 1, 101, "Caroline Ashford", "Edinburgh", "2021-03-04", 1850.00, "Full Leather", "Y"),
    (2, 4, 104, "Bodleian Library", "Oxford", "2021-05-19", 4200.00, "Limp Vellum", "Y"),
    (3, 9, 105, "Tom Greaves", "Bath", "2021-07-02", 320.00, "Cloth Case", "Y"),
    (4, 6, 106, "Hannah Sloane", "London", "2021-09-14", 1240.00, "Half Leather", "Y"),
    (5, 3, 103, "Marguerite Duval", "London", "2021-11-08", 960.00, "Full Leather", "Y"),
    (6, 8, 112, "Royal Society of Literature", "London", "2022-01-20", 3650.00, "Full Leather", "Y"),
    (7, 12, 110, "Sophie Klein", "Bristol", "2022-02-11", 410.00, "Cloth Case", "Y"),
    (8, 15, 108, "Richard Blythe", "Cambridge", "2022-03-29", 1575.00, "Full Leather", "Y"),
    (9, 17, 109, "Royal Botanic Garden", "Edinburgh", "2022-04-15", 2980.00, "Half Leather", "Y"),
    (10, 13, 114, "Caroline Ashford", "Edinburgh", "2022-05-30", 1120.00, "Quarter Leather", "Y"),
    (11, 20, 111, "Kenji Mori", "Bristol", "2022-06-21", 540.00, "Coptic", "Y"),
    (12, 5, 115, "Walter Pruitt", "York", "2022-08-03", 880.00, "Half Leather", "Y"),
    (13, 2, 102, "Angling Trust", "London", "2022-09-17", 695.00, "Quarter Leather", "Y"),
    (14, 11, 114, "Natural History Museum", "London", "2022-10-25", 2250.00, "Half Leather", "Y"),
    (15, 7, 106, "Hannah Sloane", "London", "2022-12-06", 1390.00, "Full Leather", "Y"),
    (16, 10, 105, "Lucy Marsh", "Bath", "2023-01-18", 450.00, "Cloth Case", "Y"),
    (17, 14, 103, "Marguerite Duval", "London", "2023-02-27", 1025.00, "Half Leather", "Y"),
    (18, 19, 113, "Greenway School", "York", "2023-04-04", 275.00, "Cloth Case", "Y"),
    (19, 16, 101, "Edinburgh City Library", "Edinburgh", "2023-05-16", 1680.00, "Full Leather", "Y"),
    (20, 18, 104, "Bodleian Library", "Oxford", "2023-06-29", 2600.00, "Limp Vellum", "Y"),
    (21, 1, 110, "Sophie Klein", "Bristol", "2023-08-10", 380.00, "Coptic", "Y"),
    (22, 8, 108, "Richard Blythe", "Cambridge", "2023-09-22", 2475.00, "Full Leather", "N"),
    (23, 4, 109, "Bodleian Library", "Oxford", "2023-11-03", 3890.00, "Half Leather", "N"),
    (24, 6, 102, "Tom Greaves", "Bath", "2023-12-15", 720.00, "Quarter Leather", "N"),
    (25, 3, 115, "Walter Pruitt", "York", "2024-01-26", 1310.00, "Full Leather", "N"),
    (26, 9, 111, "Kenji Mori", "Bristol", "2024-03-08", 505.00, "Coptic", "N"),
    (27, 15, 112, "Edinburgh City Library", "Edinburgh", "2024-04-19", 3120.00, "Full Leather", "N"),
    (28, 12, 106, "Greenway School", "York", "2024-05-31", 295.00, "Cloth Case", "N"),
    (29, 17, 114, "Royal Botanic Garden", "Edinburgh", "2024-07-12", 1940.00, "Half Leather", "N"),
    (30, 5, 106, "Lucy Marsh", "Bath", "2024-08-23", 1465.00, "Quarter Leather", "N"),
]
write("Commission", ["CommID", "BookID", "BoundBy", "ClientName", "ClientCity", "OrderDate", "Fee", "BindStyle",
                     "IsDone"], comms)

# ---------------------------------------------------------------- Material
materials = [
    # MatID, MatName, MatType, Colour, Supplier, UnitCost, Unit, Origin
    (1, "Goatskin Morocco", "Leather", "Burgundy", "Harmatan", 48.50, "sq ft", "Nigeria"),
    (2, "Calfskin", "Leather", "Tan", "J. Hewit and Sons", 62.00, "sq ft", "England"),
    (3, "Alum-tawed Pigskin", "Leather", "White", "J. Hewit and Sons", 55.75, "sq ft", "England"),
    (4, "Calf Vellum", "Leather", "Cream", "William Cowley", 89.00, "skin", "England"),
    (5, "Buckram", "Cloth", "Navy", "Winter and Co", 12.40, "yard", "Germany"),
    (6, "Japanese Silk", "Cloth", "Green", "Shepherds", 21.30, "yard", "Japan"),
    (7, "Linen Bookcloth", "Cloth", "Grey", "Winter and Co", 14.80, "yard", "Germany"),
    (8, "Marbled Paper", "Paper", "Multicolour", "Shepherds", 9.50, "sheet", "Italy"),
    (9, "Kozo Tissue", "Paper", "White", "Shepherds", 6.20, "sheet", "Japan"),
    (10, "Handmade Endpaper", "Paper", "Cream", "St Cuthberts Mill", 7.85, "sheet", "England"),
    (11, "Linen Thread", "Thread", "Natural", "Barbour", 4.10, "spool", "Ireland"),
    (12, "Silk Headband Thread", "Thread", "Red", "Shepherds", 5.60, "spool", "France"),
    (13, "Millboard", "Board", "Grey", "Ratchford", 8.90, "sheet", "England"),
    (14, "23ct Gold Leaf", "Gold Leaf", "Gold", "Wrights", 112.00, "book", "Italy"),
    (15, "Sharkskin", "Leather", "Black", "Harmatan", 95.25, "sq ft", "Mexico"),
]
write("Material", ["MatID", "MatName", "MatType", "Colour", "Supplier", "UnitCost", "Unit", "Origin"], materials)

# ---------------------------------------------------------------- CommMaterial (link: Commission <-> Material)
cover = {"Full Leather": [1, 2], "Half Leather": [1, 2], "Quarter Leather": [2], "Cloth Case": [5, 7],
         "Limp Vellum": [4], "Coptic": [13]}
second = {"Full Leather": 14, "Half Leather": 8, "Quarter Leather": 7, "Cloth Case": 10, "Limp Vellum": 11,
          "Coptic": 11}
uses = []
for c in comms:
    cid, style, binder = c[0], c[7], c[2]
    opts = cover[style]
    m1 = opts[cid % len(opts)]
    if cid == 23:                      # restoration of a Book of Hours in pigskin
        m1 = 3
    q1 = {"Leather": random.randint(2, 8), "Cloth": random.randint(1, 3), "Board": random.randint(2, 4)}.get(
        materials[m1 - 1][2], 1)
    uses.append((cid, m1, q1))
    m2 = second[style]
    uses.append((cid, m2, random.randint(1, 6)))
    if binder in (109, 113, 104):      # conservators line spines with Japanese tissue
        uses.append((cid, 9, random.randint(2, 10)))
    if style == "Coptic":
        uses.append((cid, 6, 1))
    if style in ("Full Leather", "Half Leather") and cid % 2 == 0:
        uses.append((cid, 12, 1))
    if style == "Full Leather" and cid % 3 == 0:
        uses.append((cid, 10, random.randint(2, 4)))
write("CommMaterial", ["CommID", "MatID", "Qty"], uses)
print(len(workshops), "workshops", len(binders), "binders", len(books), "books", len(comms), "commissions",
      len(materials), "materials", len(uses), "uses")
