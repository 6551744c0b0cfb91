"""Write the CSV tables of the printing_press database (snake_case columns with _code/_name/_details, Ref_ lookup table; deterministic, written out)."""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Ref_Paper_Types
paper_types = [
    ("GLOSS", "Coated gloss"),
    ("SILK", "Coated silk"),
    ("UNCT", "Uncoated offset"),
    ("RECY", "Recycled uncoated"),
    ("CARD", "Cardstock"),
    ("NEWS", "Newsprint"),
    ("KRAFT", "Brown kraft"),
    ("SYNTH", "Synthetic polymer"),
]
write("Ref_Paper_Types", ["paper_type_code", "paper_type_description"], paper_types)

# ---------------------------------------------------------------- Paper_Stocks
stocks = [
    # stock_id, stock_name, paper_type_code, weight_gsm, sheet_size_code, cost_per_1000, supplier_name
    (1, "Magno Gloss 130", "GLOSS", 130, "SRA3", 38.50, "Fenner Paper"),
    (2, "Magno Gloss 170", "GLOSS", 170, "B2", 61.20, "Fenner Paper"),
    (3, "Magno Silk 150", "SILK", 150, "SRA3", 44.90, "Fenner Paper"),
    (4, "Galerie Silk 250", "SILK", 250, "B1", 118.00, "Antalis"),
    (5, "Munken Print 90", "UNCT", 90, "B2", 29.75, "Antalis"),
    (6, "Munken Print 120", "UNCT", 120, "SRA2", 41.30, "Antalis"),
    (7, "Revive Recycled 100", "RECY", 100, "SRA3", 27.80, "Premier Paper"),
    (8, "Revive Recycled 160", "RECY", 160, "B2", 52.40, "Premier Paper"),
    (9, "Colorplan Card 270", "CARD", 270, "SRA3", 146.00, "GF Smith"),
    (10, "Colorplan Card 350", "CARD", 350, "B1", 212.50, "GF Smith"),
    (11, "Standard Newsprint 45", "NEWS", 45, "ROLL", 9.60, "Norske Mills"),
    (12, "Improved Newsprint 52", "NEWS", 52, "ROLL", 12.10, "Norske Mills"),
    (13, "Kraft Brown 120", "KRAFT", 120, "B2", 33.20, "Premier Paper"),
    (14, "Gloss Card 300", "GLOSS", 300, "SRA3", 131.00, "Fenner Paper"),
]
write("Paper_Stocks", ["stock_id", "stock_name", "paper_type_code", "weight_gsm", "sheet_size_code", "cost_per_1000", "supplier_name"], stocks)

# ---------------------------------------------------------------- Clients
clients = [
    # client_id, client_name, client_type_code, city, email_address, date_became_client
    (1, "Harbour Books", "PUB", "Bristol", "orders@harbourbooks.co.uk", "2008-04-12"),
    (2, "Northgate Press", "PUB", "Leeds", "print@northgatepress.co.uk", "2012-09-03"),
    (3, "Bright Spark Agency", "AGY", "Manchester", "studio@brightspark.co.uk", "2015-01-20"),
    (4, "Fennel and Sage Deli", "RTL", "Bristol", "hello@fennelsage.co.uk", "2019-06-07"),
    (5, "St Aldhelm School", "EDU", "Bath", "office@staldhelm.sch.uk", "2010-11-15"),
    (6, "Riverside Food Bank", "CHR", "Bristol", "admin@riversidefoodbank.org", "2017-03-09"),
    (7, "Pennine Evening Post", "PUB", "Leeds", "production@penninepost.co.uk", "2001-02-01"),
    (8, "Copperleaf Design", "AGY", "Bristol", "jobs@copperleaf.design", "2020-08-24"),
    (9, "Kingsmead Brewery", "RTL", "Bath", "marketing@kingsmeadbrew.co.uk", "2016-10-30"),
    (10, "Marlow Gallery", "RTL", "London", "info@marlowgallery.com", "2021-05-11"),
    (11, "Open Doors Trust", "CHR", "Manchester", "comms@opendoorstrust.org", "2014-07-19"),
    (12, "Westfield University", "EDU", "Leeds", "printservices@westfield.ac.uk", "2005-09-26"),
    (13, "Cobalt Creative", "AGY", "London", "hello@cobaltcreative.com", "2018-12-03"),
    (14, "Little Acorn Books", "PUB", "Bath", "editor@littleacornbooks.co.uk", "2022-02-14"),
    (15, "Greenway Garden Centre", "RTL", "Manchester", "shop@greenwaygc.co.uk", "2023-06-05"),
    (16, "Tidewater Magazines", "PUB", "London", "studio@tidewatermags.co.uk", "2011-03-28"),
]
write("Clients", ["client_id", "client_name", "client_type_code", "city", "email_address", "date_became_client"], clients)

# ---------------------------------------------------------------- Presses
presses = [
    # press_id, press_name, manufacturer_name, press_type_code, year_installed, max_sheets_per_hr, colour_units, is_active
    (1, "Speedmaster XL 106", "Heidelberg", "OFFSET", 2016, 18000, 5, 1),
    (2, "Speedmaster SM 52", "Heidelberg", "OFFSET", 2004, 15000, 4, 1),
    (3, "Lithrone G40", "Komori", "OFFSET", 2019, 16500, 6, 1),
    (4, "Rapida 75", "Koenig and Bauer", "OFFSET", 1998, 13000, 4, 0),
    (5, "Indigo 12000", "HP", "DIGITAL", 2021, 4600, 7, 1),
    (6, "Iridesse", "Xerox", "DIGITAL", 2020, 7200, 6, 1),
    (7, "varioPRINT iX", "Canon", "DIGITAL", 2022, 9000, 4, 1),
    (8, "Performance P5", "Mark Andy", "FLEXO", 2012, 7500, 8, 1),
    (9, "Community SSC", "Goss", "WEB", 1995, 30000, 4, 0),
    (10, "SP-15 Proof Press", "Vandercook", "LETTER", 1968, 400, 1, 1),
    (11, "Ryobi 524", "Ryobi", "OFFSET", 2009, 12000, 4, 0),
]
write("Presses", ["press_id", "press_name", "manufacturer_name", "press_type_code", "year_installed", "max_sheets_per_hr", "colour_units", "is_active"], presses)

# ---------------------------------------------------------------- Operators
operators = [
    # operator_id, first_name, last_name, date_hired, shift_code, hourly_rate
    (1, "Dave", "Hollins", "2006-03-14", "DAY", 24.50),
    (2, "Maria", "Santos", "2011-09-01", "DAY", 22.75),
    (3, "Kevin", "Doyle", "2015-06-22", "NIGHT", 21.00),
    (4, "Aisha", "Rahman", "2018-01-08", "DAY", 19.80),
    (5, "Paul", "Grainger", "1999-11-29", "NIGHT", 27.30),
    (6, "Lucy", "Tran", "2020-04-15", "WKND", 18.40),
    (7, "Gary", "Pike", "2009-07-06", "NIGHT", 23.60),
    (8, "Sofia", "Marino", "2013-02-18", "DAY", 21.90),
    (9, "Tom", "Bexley", "2022-10-03", "WKND", 17.50),
    (10, "Nadia", "Kovac", "2016-05-30", "NIGHT", 20.25),
    (11, "Ben", "Ashford", "2003-08-11", "DAY", 25.80),
    (12, "Irene", "Walsh", "2023-03-20", "WKND", 16.90),
]
write("Operators", ["operator_id", "first_name", "last_name", "date_hired", "shift_code", "hourly_rate"], operators)

# ---------------------------------------------------------------- Print_Jobs (proof_checked_by -> Operators.operator_id)
jobs = [
    # job_id, client_id, press_id, stock_id, job_title, quantity, date_ordered, date_due, job_status_code, total_amt, proof_checked_by
    (1, 1, 1, 5, "The Salt Road", 3000, "2023-09-04", "2023-09-29", "Completed", 4820.00, 1),
    (2, 1, 3, 3, "Harbour Books Autumn Catalogue", 5000, "2023-08-14", "2023-09-01", "Completed", 3150.00, 11),
    (3, 2, 2, 6, "Northern Verse Anthology", 1500, "2023-10-02", "2023-10-27", "Completed", 2210.50, 5),
    (4, 3, 5, 1, "Spring Campaign Flyers", 10000, "2024-02-05", "2024-02-12", "Completed", 1480.00, 2),
    (5, 3, 6, 4, "Brand Lookbook", 800, "2024-03-11", "2024-03-25", "Printing", 2675.00, 2),
    (6, 4, 7, 7, "Deli Menus", 500, "2024-01-15", "2024-01-19", "Completed", 185.00, 4),
    (7, 5, 2, 7, "School Prospectus 2024", 2000, "2023-11-06", "2023-12-01", "Completed", 1960.00, 1),
    (8, 6, 7, 7, "Food Bank Appeal Leaflets", 4000, "2024-02-19", "2024-02-26", "Completed", 420.00, 4),
    (9, 7, 9, 11, "Evening Post 14 March", 42000, "2024-03-13", "2024-03-14", "Completed", 5880.00, 5),
    (10, 7, 9, 11, "Evening Post 15 March", 41500, "2024-03-14", "2024-03-15", "Completed", 5810.00, 7),
    (11, 7, 9, 12, "Evening Post Weekend Supplement", 48000, "2024-03-15", "2024-03-16", "Completed", 7440.00, 7),
    (12, 8, 6, 9, "Copperleaf Business Cards", 1000, "2024-01-22", "2024-01-26", "Completed", 310.00, 8),
    (13, 8, 5, 14, "Exhibition Invitations", 600, "2024-04-02", "2024-04-10", "Proofing", 540.00, 8),
    (14, 9, 8, 13, "Kingsmead Ale Labels", 20000, "2023-12-04", "2023-12-18", "Completed", 2390.00, 10),
    (15, 9, 8, 13, "Winter Stout Labels", 15000, "2024-03-18", "2024-04-01", "Printing", 1795.00, 10),
    (16, 10, 10, 10, "Private View Invitations", 250, "2024-02-26", "2024-03-15", "Completed", 960.00, 11),
    (17, 11, 4, 8, "Annual Impact Report", 1200, "2023-05-08", "2023-05-31", "Completed", 1635.00, 5),
    (18, 12, 1, 2, "Undergraduate Prospectus", 25000, "2023-06-12", "2023-07-14", "Completed", 21400.00, 11),
    (19, 12, 3, 6, "Exam Answer Booklets", 40000, "2024-04-08", "2024-05-03", "Printing", 9200.00, 1),
    (20, 13, 5, 3, "Cobalt Agency Brochures", 2500, "2024-01-08", "2024-01-19", "Cancelled", 1875.00, 2),
    (21, 13, 6, 1, "Product Launch Posters", 300, "2024-03-04", "2024-03-08", "Completed", 690.00, 8),
    (22, 14, 3, 5, "Little Acorn Picture Book", 2000, "2024-02-12", "2024-03-22", "Printing", 6150.00, 1),
    (23, 2, 1, 5, "The Quiet Valley", 2500, "2024-04-15", "2024-05-10", "Proofing", 3390.00, 11),
    (24, 16, 1, 2, "Tidewater Quarterly Issue 12", 6000, "2023-11-20", "2023-12-08", "Completed", 8920.00, 5),
    (25, 16, 3, 2, "Tidewater Quarterly Issue 13", 6000, "2024-02-19", "2024-03-08", "Completed", 9130.00, 11),
    (26, 4, 7, 13, "Gift Box Wraps", 1500, "2023-11-27", "2023-12-06", "Completed", 640.00, 4),
    (27, 5, 5, 9, "Sports Day Certificates", 400, "2024-05-13", "2024-05-24", "Proofing", 260.00, 8),
    (28, 1, 2, 8, "Author Event Posters", 200, "2023-10-16", "2023-10-20", "Cancelled", 150.00, 7),
    (29, 11, 7, 7, "Volunteer Handbook", 700, "2024-04-22", "2024-05-06", "Printing", 845.00, 4),
    (30, 10, 6, 4, "Exhibition Catalogue", 1000, "2023-09-18", "2023-10-06", "Completed", 4380.00, 2),
    (31, 3, 1, 1, "Retail Point of Sale Cards", 8000, "2023-07-03", "2023-07-21", "Completed", 2760.00, 1),
    (32, 6, 2, 7, "Christmas Collection Flyers", 6000, "2023-11-13", "2023-11-24", "Completed", 590.00, 7),
    (33, 12, 8, 13, "Freshers Fair Tote Tags", 5000, "2023-08-28", "2023-09-08", "Completed", 725.00, 10),
    (34, 9, 4, 8, "Beer Festival Programme", 900, "2023-06-19", "2023-07-07", "Completed", 1190.00, 5),
]
write("Print_Jobs", ["job_id", "client_id", "press_id", "stock_id", "job_title", "quantity", "date_ordered", "date_due",
                     "job_status_code", "total_amt", "proof_checked_by"], jobs)

# ---------------------------------------------------------------- Job_Operators (link Print_Jobs <-> Operators)
crew = {
    1: [(3, 14.5), (1, 6.0)], 2: [(1, 9.0), (8, 9.0)], 3: [(5, 7.5)], 4: [(4, 3.0)], 5: [(6, 5.5), (4, 2.0)],
    6: [(9, 1.5)], 7: [(11, 8.0)], 8: [(9, 2.5), (6, 2.0)], 9: [(3, 6.0), (10, 6.0)], 10: [(3, 6.0), (7, 5.5)],
    11: [(10, 7.5), (5, 7.0)], 12: [(12, 1.0)], 13: [(6, 1.5)], 14: [(10, 10.0)], 15: [(7, 6.5)], 16: [(2, 12.0)],
    17: [(11, 5.0)], 18: [(1, 22.0), (8, 18.5), (11, 6.0)], 19: [(5, 16.0), (3, 12.5)], 21: [(12, 2.0)],
    22: [(8, 11.0), (2, 4.0)], 23: [(1, 3.5)], 24: [(2, 10.5), (11, 9.5)], 25: [(2, 11.0), (8, 7.5)],
    26: [(4, 3.5)], 27: [(6, 0.5)], 29: [(9, 3.0)], 30: [(12, 4.0)], 31: [(1, 8.5)], 32: [(4, 2.5), (7, 4.5)],
    33: [(7, 5.0)], 34: [(5, 4.0)],
}
rows = [(j, op, h) for j in sorted(crew) for op, h in crew[j]]
write("Job_Operators", ["job_id", "operator_id", "hours_worked"], rows)
print("tables written to", OUT)
