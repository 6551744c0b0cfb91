"""Write the CSV tables of the quilt_guild database (plural lower-case tables, Capitalized_Columns; deterministic)."""
import csv, os, random

random.seed(6114)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- members
members = [
    # Member_ID, Name, Hometown, Age, Join_Year, Is_Officer, Annual_Dues
    (1, "Margaret Hollis", "Lancaster", 67, 1998, "T", 40.0),
    (2, "Ruth Eberly", "Lititz", 72, 1991, "F", 25.0),
    (3, "Linda Marsh", "Lancaster", 58, 2005, "T", 40.0),
    (4, "Carol Yoder", "Strasburg", 64, 2001, "F", 40.0),
    (5, "Janet Kline", "Lititz", 49, 2012, "F", 35.0),
    (6, "Susan Hartman", "Ephrata", 55, 2009, "T", 40.0),
    (7, "Betty Stoltzfus", "Strasburg", 78, 1986, "F", 25.0),
    (8, "Nancy Weaver", "Lancaster", 61, 2003, "F", 40.0),
    (9, "Karen Fisher", "Ephrata", 44, 2016, "F", 35.0),
    (10, "Deborah Lapp", "Lititz", 69, 1995, "T", 25.0),
    (11, "Emily Zook", "Lancaster", 31, 2020, "F", 20.0),
    (12, "Patricia Groff", "Manheim", 52, 2010, "F", 40.0),
    (13, "Grace Miller", "Manheim", 38, 2018, "F", 20.0),
    (14, "Helen Brubaker", "Ephrata", 75, 1989, "F", 25.0),
    (15, "Amy Shenk", "Lancaster", 27, 2022, "F", 20.0),
    (16, "Joan Herr", "Strasburg", 60, 2007, "T", 40.0),
    (17, "Lois Martin", "Manheim", 46, 2019, "F", 35.0),
    (18, "Dawn Reiff", "Lititz", 57, 2014, "F", 40.0),
]
write("members", ["Member_ID", "Name", "Hometown", "Age", "Join_Year", "Is_Officer", "Annual_Dues"], members)

# ---------------------------------------------------------------- patterns
patterns = [
    # Pattern_ID, Pattern_Name, Style, Difficulty, Block_Size_in
    (1, "Log Cabin", "Traditional", 2, 8),
    (2, "Flying Geese", "Traditional", 3, 6),
    (3, "Double Wedding Ring", "Traditional", 5, 18),
    (4, "Ohio Star", "Traditional", 2, 9),
    (5, "Mariner's Compass", "Traditional", 5, 16),
    (6, "Dresden Plate", "Applique", 4, 14),
    (7, "Storm at Sea", "Traditional", 4, 12),
    (8, "Improv Curves", "Modern", 3, 10),
    (9, "Half Square Triangle Grid", "Modern", 1, 6),
    (10, "Lone Star", "Traditional", 5, 24),
    (11, "Baltimore Album", "Applique", 5, 15),
    (12, "Wonky Stars", "Modern", 2, 8),
    (13, "Nine Patch", "Traditional", 1, 9),
    (14, "Rose of Sharon", "Applique", 4, 16),
    (15, "Cathedral Window", "Traditional", 4, 6),
    (16, "Ripple Chevron", "Modern", 3, 12),
]
write("patterns", ["Pattern_ID", "Pattern_Name", "Style", "Difficulty", "Block_Size_in"], patterns)

# ---------------------------------------------------------------- fabrics
fabrics = [
    # Fabric_ID, Fabric_Name, Fiber, Color, Price_per_yd, Supplier
    (1, "Kona Solid White", "Cotton", "White", 8.50, "Robert Kaufman"),
    (2, "Kona Solid Navy", "Cotton", "Blue", 8.90, "Robert Kaufman"),
    (3, "Civil War Reproduction Red", "Cotton", "Red", 11.25, "Moda"),
    (4, "Bella Solid Yellow", "Cotton", "Yellow", 9.75, "Moda"),
    (5, "Essex Linen Natural", "Linen", "Beige", 15.90, "Robert Kaufman"),
    (6, "Dupioni Silk Plum", "Silk", "Purple", 28.00, "Silk Baron"),
    (7, "Shot Cotton Teal", "Cotton", "Green", 13.40, "FreeSpirit"),
    (8, "Wool Felt Charcoal", "Wool", "Grey", 22.50, "Wooly Lamb"),
    (9, "Batik Ocean Swirl", "Cotton", "Blue", 12.60, "Hoffman"),
    (10, "Feedsack Floral", "Cotton", "Pink", 10.80, "Moda"),
    (11, "Flannel Plaid Red", "Cotton", "Red", 10.20, "Marcus Fabrics"),
    (12, "Irish Linen Ivory", "Linen", "White", 19.30, "Linen Loft"),
    (13, "Minky Dot Grey", "Polyester", "Grey", 16.75, "Shannon Fabrics"),
    (14, "Batik Sunset Orange", "Cotton", "Orange", 12.95, "Hoffman"),
    (15, "Voile Lawn Lavender", "Cotton", "Purple", 14.20, "FreeSpirit"),
]
write("fabrics", ["Fabric_ID", "Fabric_Name", "Fiber", "Color", "Price_per_yd", "Supplier"], fabrics)

# ---------------------------------------------------------------- quilts
quilts = [
    # Quilt_ID, Title, Maker_ID, Pattern_ID, Year_Made, Width_in, Length_in, Technique, Hours_Spent, Is_For_Sale, Price
    (1, "Harvest Cabin", 1, 1, 2015, 72, 90, "Hand", 310, "F", None),
    (2, "Geese Over the Susquehanna", 2, 2, 2012, 60, 80, "Hand", 280, "T", 1200),
    (3, "Golden Anniversary", 2, 3, 2018, 90, 108, "Hand", 640, "F", None),
    (4, "Midnight Star", 3, 4, 2019, 50, 50, "Machine", 45, "T", 450),
    (5, "True North", 4, 5, 2016, 84, 84, "Hand", 520, "F", None),
    (6, "Grandma Ruth's Plates", 2, 6, 2010, 70, 88, "Hand", 390, "F", None),
    (7, "Tempest", 6, 7, 2021, 64, 80, "Longarm", 160, "T", 950),
    (8, "River Bend", 9, 8, 2022, 48, 60, "Machine", 38, "T", 380),
    (9, "Triangle Study No. 3", 11, 9, 2023, 40, 40, "Machine", 22, "T", 260),
    (10, "Sunrise Lone Star", 7, 10, 2008, 96, 96, "Hand", 700, "F", None),
    (11, "Garden Album", 10, 11, 2014, 88, 88, "Hand", 860, "F", None),
    (12, "Scattered Stars", 13, 12, 2021, 56, 70, "Machine", 41, "T", 420),
    (13, "Schoolhouse Nine Patch", 15, 13, 2023, 45, 60, "Machine", 18, "T", 210),
    (14, "Winter Cabin", 8, 1, 2017, 60, 72, "Longarm", 95, "T", 600),
    (15, "Blue Geese", 5, 2, 2019, 54, 68, "Machine", 60, "F", None),
    (16, "Church Supper Star", 12, 4, 2015, 72, 72, "Longarm", 110, "T", 700),
    (17, "Rose Garden Sampler", 14, 14, 2011, 80, 96, "Hand", 590, "F", None),
    (18, "Sea Glass Storm", 16, 7, 2020, 66, 84, "Longarm", 140, "T", 880),
    (19, "Amish Diamond Cabin", 7, 1, 2005, 80, 80, "Hand", 430, "F", None),
    (20, "Wedding Rings for June", 1, 3, 2022, 90, 108, "Hand", 610, "T", 2400),
    (21, "Improv in Teal", 9, 8, 2020, 50, 62, "Machine", 35, "T", 340),
    (22, "Porch Swing Plates", 4, 6, 2013, 64, 80, "Hand", 300, "F", None),
    (23, "Compass Rose", 16, 5, 2018, 80, 80, "Longarm", 210, "T", 1500),
    (24, "Baby Stars", 15, 12, 2024, 36, 44, "Machine", 14, "T", 150),
    (25, "Heritage Nine Patch", 10, 13, 2009, 70, 84, "Hand", 250, "F", None),
    (26, "Autumn Geese", 3, 2, 2021, 62, 76, "Machine", 70, "T", 520),
    (27, "Bethlehem Star", 14, 10, 2016, 90, 90, "Hand", 660, "F", None),
    (28, "Flannel Cabin", 12, 1, 2023, 58, 70, "Machine", 40, "T", 390),
    (29, "Night Garden", 6, 11, 2019, 84, 84, "Longarm", 240, "F", None),
    (30, "Little Ohio", 13, 4, 2024, 30, 30, "Machine", 12, "T", 120),
]
write("quilts", ["Quilt_ID", "Title", "Maker_ID", "Pattern_ID", "Year_Made", "Width_in", "Length_in",
                 "Technique", "Hours_Spent", "Is_For_Sale", "Price"], quilts)

# ---------------------------------------------------------------- quilt_fabrics (link table)
qf = []
for q in quilts:
    n = random.choice([1, 2, 2, 3, 3, 4])
    for fid in sorted(random.sample([f[0] for f in fabrics], n)):
        qf.append((q[0], fid, random.choice([0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.5])))
write("quilt_fabrics", ["Quilt_ID", "Fabric_ID", "Yards_Used"], qf)

# ---------------------------------------------------------------- exhibitions
exhibitions = [
    # Exhibition_ID, Exhibition_Name, City, Venue, Open_Date, Num_of_Visitors, Entry_Fee, Curator_ID
    (1, "Spring Quilt Show 2019", "Lancaster", "Lancaster County Convention Center", "2019-04-12", 4200, 12.0, 1),
    (2, "Heritage Quilts of the Valley", "Lititz", "Linden Hall", "2019-09-20", 1350, 8.0, 10),
    (3, "Modern Lines", "Philadelphia", "Fabric Workshop Museum", "2020-02-07", 2800, 15.0, 6),
    (4, "Spring Quilt Show 2022", "Lancaster", "Lancaster County Convention Center", "2022-04-08", 5100, 14.0, 3),
    (5, "Harvest of Color", "Hershey", "Hershey Lodge", "2021-10-15", 2250, 10.0, 16),
    (6, "Applique Masters", "Harrisburg", "State Museum of Pennsylvania", "2022-11-04", 1900, 12.0, 10),
    (7, "Small Wonders", "Ephrata", "Ephrata Cloister", "2023-06-02", 760, 5.0, 6),
    (8, "Spring Quilt Show 2023", "Lancaster", "Lancaster County Convention Center", "2023-04-14", 4850, 14.0, 1),
    (9, "Stars and Stripes", "York", "York Expo Center", "2023-07-01", 3100, 10.0, 16),
    (10, "Winter Warmth", "Reading", "GoggleWorks Center", "2024-01-19", 1200, 8.0, 3),
]
write("exhibitions", ["Exhibition_ID", "Exhibition_Name", "City", "Venue", "Open_Date", "Num_of_Visitors",
                      "Entry_Fee", "Curator_ID"], exhibitions)

# ---------------------------------------------------------------- entries (link table)
entries = [
    # Exhibition_ID, Quilt_ID, Award, Judge_Score
    (1, 2, "Blue Ribbon", 91.5), (1, 3, "Best in Show", 96.0), (1, 4, None, 78.0),
    (1, 10, None, 84.5), (1, 14, "Honorable Mention", 86.0), (1, 16, "Red Ribbon", 88.0),
    (2, 6, "Blue Ribbon", 92.0), (2, 10, "Best in Show", 95.5), (2, 25, "Red Ribbon", 89.0), (2, 11, None, 87.5),
    (3, 4, "Best in Show", 90.5), (3, 15, "Blue Ribbon", 88.5),
    (4, 7, "Best in Show", 94.0), (4, 8, None, 76.5), (4, 18, "Blue Ribbon", 92.5), (4, 20, "Red Ribbon", 90.0),
    (4, 21, None, 74.0), (4, 12, "Honorable Mention", 83.0), (4, 26, None, 80.5),
    (5, 7, "Blue Ribbon", 91.0), (5, 18, "Best in Show", 93.5), (5, 26, None, 79.0), (5, 29, "Red Ribbon", 89.5),
    (5, 23, None, 85.0),
    (6, 6, "Red Ribbon", 88.0), (6, 11, "Best in Show", 97.5), (6, 17, "Blue Ribbon", 93.0),
    (6, 29, "Honorable Mention", 84.0),
    (7, 9, "Blue Ribbon", 86.5), (7, 13, "Best in Show", 89.0), (7, 12, "Red Ribbon", 85.5), (7, 8, None, 77.0),
    (8, 20, "Best in Show", 95.0), (8, 23, "Blue Ribbon", 93.0), (8, 28, "Red Ribbon", 87.0), (8, 27, None, 86.0),
    (8, 9, None, 72.5), (8, 13, "Honorable Mention", 81.0),
    (9, 12, "Blue Ribbon", 90.0), (9, 16, "Red Ribbon", 87.5), (9, 27, "Best in Show", 94.5),
    (10, 28, "Blue Ribbon", 88.0), (10, 24, None, 75.5), (10, 30, "Best in Show", 90.5), (10, 14, "Red Ribbon", 85.0),
]
write("entries", ["Exhibition_ID", "Quilt_ID", "Award", "Judge_Score"], entries)
