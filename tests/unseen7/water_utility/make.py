"""Write the CSV tables of the water_utility database (snake_case columns with _code/_name/_details, Ref_ lookup table; deterministic)."""
import csv, os, random

random.seed(7041)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Ref_Customer_Types
types = [
    ("RES", "Residential"),
    ("COM", "Commercial"),
    ("IND", "Industrial"),
    ("GOV", "Government"),
    ("SCH", "School"),
    ("HOS", "Hospital"),
    ("AGR", "Agricultural"),
    ("CHA", "Charity"),
]
write("Ref_Customer_Types", ["customer_type_code", "customer_type_description"], types)

# ---------------------------------------------------------------- reservoirs
reservoirs = [
    # reservoir_id, reservoir_name, town_city, capacity_megalitres, surface_area_ha, year_built, is_covered
    (1, "Thornbury Reservoir", "Thornbury", 4200, 38.5, 1912, "N"),
    (2, "Ashcombe Reservoir", "Ashcombe", 1850, 17.2, 1936, "N"),
    (3, "Kelsall Service Reservoir", "Kelsall", 95, 0.8, 1968, "Y"),
    (4, "Hollin Moor Reservoir", "Hollinwood", 6300, 52.0, 1905, "N"),
    (5, "Brackley Tank", "Brackley", 60, 0.5, 1979, "Y"),
    (6, "Ferndale Reservoir", "Ferndale", 2750, 24.1, 1951, "N"),
    (7, "Stanmoor Service Reservoir", "Stanmoor", 120, 1.1, 1988, "Y"),
    (8, "Ridgeway Tower", "Thornbury", 35, 0.2, 1962, "Y"),
    (9, "Lowfield Reservoir", "Lowfield", 3900, 31.6, 1924, "N"),
    (10, "Oakhurst Service Reservoir", "Ashcombe", 150, 1.4, 2003, "Y"),
]
write("reservoirs", ["reservoir_id", "reservoir_name", "town_city", "capacity_megalitres", "surface_area_ha",
                     "year_built", "is_covered"], reservoirs)

# ---------------------------------------------------------------- pumping_stations
stations = [
    # station_id, station_name, source_reservoir_id, town_city, pump_count, max_flow_lps, date_commissioned, backup_generator
    (1, "Thornbury North PS", 1, "Thornbury", 4, 850.0, "1998-05-12", 1),
    (2, "Thornbury South PS", 1, "Thornbury", 3, 620.0, "2004-09-30", 1),
    (3, "Ashcombe Road PS", 2, "Ashcombe", 2, 310.0, "1987-03-15", 0),
    (4, "Kelsall Booster", 3, "Kelsall", 2, 140.0, "2011-07-01", 0),
    (5, "Hollin Moor PS", 4, "Hollinwood", 5, 1200.0, "1992-11-20", 1),
    (6, "Brackley Lane PS", 5, "Brackley", 1, 75.0, "2015-02-18", 0),
    (7, "Ferndale Works PS", 6, "Ferndale", 3, 540.0, "2001-06-05", 1),
    (8, "Stanmoor Booster", 7, "Stanmoor", 2, 160.0, "2018-10-22", 0),
    (9, "Lowfield Intake PS", 9, "Lowfield", 4, 910.0, "1995-08-14", 1),
    (10, "Oakhurst PS", 10, "Ashcombe", 2, 220.0, "2009-04-27", 1),
    (11, "Hollinwood East PS", 4, "Hollinwood", 3, 480.0, "2020-01-09", 0),
    (12, "Mill Street PS", 6, "Ferndale", 1, 90.0, "1983-12-02", 0),
]
write("pumping_stations", ["station_id", "station_name", "source_reservoir_id", "town_city", "pump_count",
                           "max_flow_lps", "date_commissioned", "backup_generator"], stations)

# ---------------------------------------------------------------- water_mains
mains = [
    # main_id, street_name, supply_station_id, material_code, diameter_mm, length_m, install_year, condition_grade
    (1, "High Street", 1, "CI", 300, 1450, 1931, 4),
    (2, "Church Lane", 1, "DI", 200, 820, 1978, 2),
    (3, "Station Road", 2, "PVC", 150, 640, 1994, 1),
    (4, "Mill Road", 2, "CI", 250, 1120, 1928, 5),
    (5, "Ashcombe Road", 3, "AC", 225, 980, 1962, 4),
    (6, "Park Avenue", 3, "PVC", 110, 410, 2001, 1),
    (7, "Kelsall Hill", 4, "HDPE", 180, 760, 2012, 1),
    (8, "Moor Lane", 5, "STL", 600, 2850, 1955, 3),
    (9, "Victoria Street", 5, "DI", 300, 1340, 1983, 2),
    (10, "Brackley Lane", 6, "HDPE", 125, 390, 2016, 1),
    (11, "Ferndale Way", 7, "CI", 350, 1780, 1947, 4),
    (12, "Queens Drive", 7, "PVC", 160, 530, 1999, 2),
    (13, "Stanmoor Rise", 8, "HDPE", 200, 870, 2019, 1),
    (14, "Lowfield Road", 9, "DI", 450, 2230, 1976, 3),
    (15, "Canal Street", 9, "AC", 150, 610, 1968, 4),
    (16, "Oakhurst Close", 10, "PVC", 90, 280, 2010, 1),
    (17, "Bridge Street", 11, "DI", 250, 1050, 2020, 1),
    (18, "Mill Street", 12, "CI", 200, 720, 1921, 5),
    (19, "Grange Road", 5, "AC", 180, 840, 1959, 3),
    (20, "School Lane", 1, "HDPE", 140, 460, 2008, 2),
]
write("water_mains", ["main_id", "street_name", "supply_station_id", "material_code", "diameter_mm", "length_m",
                      "install_year", "condition_grade"], mains)

# ---------------------------------------------------------------- customers
customers = [
    # customer_id, customer_type_code, customer_name, address_details, town_city, connected_main_id,
    # payment_method_code, date_account_opened, paperless_billing
    (1, "RES", "Margaret Holloway", "12 High Street", "Thornbury", 1, "Direct Debit", "2009-04-14", 1),
    (2, "RES", "Derek Pryce", "4 Church Lane", "Thornbury", 2, "Cheque", "1996-08-02", 0),
    (3, "COM", "Thornbury Bakery Ltd", "31 High Street", "Thornbury", 1, "Direct Debit", "2012-01-20", 1),
    (4, "RES", "Aisha Rahman", "7 Station Road", "Thornbury", 3, "Card", "2018-06-11", 1),
    (5, "IND", "Kestrel Plastics", "Unit 3 Mill Road", "Thornbury", 4, "Direct Debit", "2003-10-05", 0),
    (6, "RES", "Graham Lister", "22 Ashcombe Road", "Ashcombe", 5, "Cheque", "1989-02-27", 0),
    (7, "SCH", "Ashcombe Primary School", "Park Avenue", "Ashcombe", 6, "Direct Debit", "2001-09-01", 1),
    (8, "RES", "Joan Whitaker", "3 Kelsall Hill", "Kelsall", 7, "Direct Debit", "2013-05-19", 1),
    (9, "COM", "Moor Lane Garage", "88 Moor Lane", "Hollinwood", 8, "Card", "2007-03-08", 0),
    (10, "HOS", "Hollinwood General Hospital", "Victoria Street", "Hollinwood", 9, "Direct Debit", "1985-07-15", 0),
    (11, "RES", "Tomasz Nowak", "15 Victoria Street", "Hollinwood", 9, "Card", "2020-11-03", 1),
    (12, "RES", "Linda Farrow", "2 Brackley Lane", "Brackley", 10, "Direct Debit", "2016-08-22", 1),
    (13, "GOV", "Ferndale Town Council", "Ferndale Way", "Ferndale", 11, "Direct Debit", "1994-04-01", 0),
    (14, "RES", "Colin Ashby", "40 Queens Drive", "Ferndale", 12, "Cheque", "1999-12-13", 0),
    (15, "IND", "Ferndale Dairy Co", "Ferndale Way", "Ferndale", 11, "Direct Debit", "1991-06-30", 0),
    (16, "RES", "Priya Mehta", "9 Stanmoor Rise", "Stanmoor", 13, "Card", "2021-02-14", 1),
    (17, "COM", "Lowfield Leisure Centre", "Lowfield Road", "Lowfield", 14, "Direct Debit", "2005-05-23", 1),
    (18, "RES", "Owen Griffiths", "6 Canal Street", "Lowfield", 15, "Cheque", "1992-09-09", 0),
    (19, "RES", "Sandra Kemp", "14 Oakhurst Close", "Ashcombe", 16, "Direct Debit", "2011-03-29", 1),
    (20, "COM", "Bridge Street Laundrette", "5 Bridge Street", "Hollinwood", 17, "Card", "2020-07-07", 0),
    (21, "RES", "Hugh Pemberton", "1 Mill Street", "Ferndale", 18, "Cheque", "1987-01-16", 0),
    (22, "RES", "Nadia Karim", "27 Grange Road", "Hollinwood", 19, "Direct Debit", "2015-10-10", 1),
    (23, "SCH", "Thornbury High School", "School Lane", "Thornbury", 20, "Direct Debit", "2008-09-01", 1),
    (24, "RES", "Peter Lowe", "18 Lowfield Road", "Lowfield", 14, "Card", "2019-04-04", 1),
    (25, "IND", "Lowfield Brewery", "Canal Street", "Lowfield", 15, "Direct Debit", "1998-02-19", 0),
    (26, "RES", "Rachel Dunn", "51 High Street", "Thornbury", 1, "Direct Debit", "2022-06-01", 1),
    (27, "COM", "Ashcombe Hotel", "2 Ashcombe Road", "Ashcombe", 5, "Card", "2010-12-12", 0),
    (28, "GOV", "Hollinwood Fire Station", "Moor Lane", "Hollinwood", 8, "Direct Debit", "2002-03-03", 0),
    (29, "RES", "Brian Stokes", "33 Grange Road", "Hollinwood", 19, "Cheque", "1997-05-25", 0),
    (30, "RES", "Emily Carter", "8 Church Lane", "Thornbury", 2, "Card", "2023-01-30", 1),
]
write("customers", ["customer_id", "customer_type_code", "customer_name", "address_details", "town_city",
                    "connected_main_id", "payment_method_code", "date_account_opened", "paperless_billing"], customers)

# ---------------------------------------------------------------- meter_readings
usage = {"RES": (38, 125), "COM": (150, 620), "IND": (900, 3100), "GOV": (110, 420), "SCH": (210, 520),
         "HOS": (1500, 2600)}
readings = []
seen = set()
rid = 1
for period in ("2023-06-30", "2023-12-31", "2024-06-30"):
    for c in customers:
        cid, code = c[0], c[1]
        if cid in (29, 30):          # new meters, never read
            continue
        if period == "2024-06-30" and cid % 3 != 0:
            continue
        lo, hi = usage[code]
        v = round(random.uniform(lo, hi), 1)
        while v in seen:
            v = round(v + 0.7, 1)
        seen.add(v)
        day = int(period[-2:]) - random.randint(0, 4)
        kind = "E" if random.random() < 0.2 else "A"
        readings.append((rid, cid, period[:-2] + f"{day:02d}", v, kind))
        rid += 1
write("meter_readings", ["reading_id", "customer_id", "reading_date", "consumption_m3", "reading_type_code"], readings)

# ---------------------------------------------------------------- repair_crews
crews = [
    # crew_id, crew_name, crew_leader_name, depot_town, num_of_staff, has_excavator
    (1, "Alpha Crew", "Gary Mitchell", "Thornbury", 5, "Y"),
    (2, "Bravo Crew", "Sunita Rao", "Hollinwood", 4, "Y"),
    (3, "Charlie Crew", "Ian Docherty", "Ferndale", 3, "N"),
    (4, "Delta Crew", "Lorraine Hughes", "Lowfield", 6, "Y"),
    (5, "Echo Crew", "Marcus Bell", "Ashcombe", 2, "N"),
    (6, "Foxtrot Crew", "Karen Slater", "Hollinwood", 4, "N"),
    (7, "Golf Crew", "Dev Anand", "Thornbury", 3, "Y"),
    (8, "Hotel Crew", "Fiona Grant", "Stanmoor", 2, "N"),
]
write("repair_crews", ["crew_id", "crew_name", "crew_leader_name", "depot_town", "num_of_staff", "has_excavator"], crews)

# ---------------------------------------------------------------- repair_jobs (link: crews <-> mains)
jobs = [
    # job_id, crew_id, main_id, job_date, job_type_code, hours_worked, cost_amt
    (1, 1, 1, "2023-01-09", "BURST", 14.5, 6820.00),
    (2, 1, 4, "2023-02-17", "LEAK", 6.0, 1450.50),
    (3, 2, 8, "2023-02-28", "BURST", 22.0, 11940.00),
    (4, 3, 11, "2023-03-14", "LEAK", 5.5, 1210.00),
    (5, 4, 14, "2023-03-30", "INSPECT", 3.0, 380.00),
    (6, 5, 5, "2023-04-11", "LEAK", 7.5, 1675.25),
    (7, 2, 9, "2023-04-26", "VALVE", 4.0, 920.00),
    (8, 1, 20, "2023-05-08", "INSPECT", 2.5, 310.00),
    (9, 6, 19, "2023-05-21", "BURST", 16.0, 7350.00),
    (10, 3, 18, "2023-06-03", "BURST", 19.5, 9180.75),
    (11, 4, 15, "2023-06-19", "LEAK", 8.0, 1890.00),
    (12, 7, 2, "2023-07-02", "VALVE", 3.5, 760.00),
    (13, 5, 6, "2023-07-15", "INSPECT", 2.0, 255.00),
    (14, 2, 8, "2023-07-29", "LEAK", 9.0, 2140.00),
    (15, 6, 17, "2023-08-10", "INSPECT", 1.5, 190.00),
    (16, 1, 4, "2023-08-24", "BURST", 18.0, 8420.00),
    (17, 4, 14, "2023-09-05", "RELINE", 40.0, 24600.00),
    (18, 3, 12, "2023-09-18", "VALVE", 4.5, 1005.00),
    (19, 7, 3, "2023-10-01", "LEAK", 5.0, 1180.00),
    (20, 5, 16, "2023-10-14", "VALVE", 3.0, 640.00),
    (21, 2, 19, "2023-10-27", "LEAK", 6.5, 1530.00),
    (22, 6, 9, "2023-11-08", "BURST", 12.0, 5960.00),
    (23, 4, 15, "2023-11-21", "BURST", 15.5, 7110.00),
    (24, 1, 1, "2023-12-04", "LEAK", 7.0, 1620.00),
    (25, 3, 11, "2023-12-17", "RELINE", 36.0, 21850.00),
    (26, 7, 20, "2024-01-06", "VALVE", 2.5, 580.00),
    (27, 2, 8, "2024-01-19", "INSPECT", 3.2, 400.00),
    (28, 5, 5, "2024-02-01", "BURST", 13.0, 6240.00),
    (29, 4, 14, "2024-02-14", "INSPECT", 2.2, 275.00),
    (30, 6, 17, "2024-02-27", "LEAK", 4.5, 1090.00),
    (31, 1, 18, "2024-03-11", "LEAK", 6.2, 1395.00),
    (32, 3, 12, "2024-03-24", "INSPECT", 1.8, 210.00),
    (33, 4, 4, "2024-04-06", "LEAK", 4.0, 985.00),
    (34, 2, 9, "2024-04-19", "RELINE", 28.0, 17320.00),
    (35, 4, 14, "2024-05-02", "LEAK", 8.5, 2015.00),
]
write("repair_jobs", ["job_id", "crew_id", "main_id", "job_date", "job_type_code", "hours_worked", "cost_amt"], jobs)
print(len(types), "types", len(reservoirs), "reservoirs", len(stations), "stations", len(mains), "mains",
      len(customers), "customers", len(readings), "readings", len(crews), "crews", len(jobs), "jobs")
