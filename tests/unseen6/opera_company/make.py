"""Write the CSV tables of the opera_company database (plural lower-case tables, Capitalized_Columns; deterministic)."""
import csv, os, random
from datetime import date, timedelta

random.seed(60611)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- singers
singers = [
    # Singer_ID, Name, Voice_Type, Nationality, Birth_Year, Debut_Year, Fee_per_Night, Is_Active
    (1, "Elena Vasquez", "Soprano", "Spain", 1978, 2001, 12000, "T"),
    (2, "Marco Bellini", "Tenor", "Italy", 1972, 1996, 18000, "T"),
    (3, "Anna Lindqvist", "Mezzo-soprano", "Sweden", 1985, 2009, 8500, "T"),
    (4, "Pavel Orlov", "Bass", "Russia", 1965, 1990, 9000, "F"),
    (5, "Sophie Marchand", "Soprano", "France", 1990, 2014, 7000, "T"),
    (6, "James Whitaker", "Baritone", "United Kingdom", 1980, 2005, 10500, "T"),
    (7, "Giulia Rossi", "Soprano", "Italy", 1969, 1993, 15000, "F"),
    (8, "Dmitri Volkov", "Baritone", "Russia", 1983, 2008, 11000, "T"),
    (9, "Hannah Becker", "Mezzo-soprano", "Germany", 1976, 2000, 9500, "T"),
    (10, "Luis Moreno", "Tenor", "Mexico", 1988, 2012, 8000, "T"),
    (11, "Clara Schmidt", "Soprano", "Germany", 1993, 2017, 5500, "T"),
    (12, "Kenji Tanaka", "Tenor", "Japan", 1979, 2004, 9800, "T"),
    (13, "Amelia Hart", "Contralto", "United States", 1971, 1995, 7600, "F"),
    (14, "Stefan Kowalski", "Bass", "Poland", 1986, 2011, 6800, "T"),
    (15, "Isabel Ferreira", "Soprano", "Brazil", 1982, 2007, 10000, "T"),
    (16, "Roberto Conti", "Baritone", "Italy", 1975, 1999, 13500, "T"),
    (17, "Nadia Petrova", "Mezzo-soprano", "Russia", 1991, 2015, 6200, "T"),
    (18, "Thomas Reed", "Tenor", "United States", 1968, 1992, 11500, "F"),
    (19, "Yuna Park", "Soprano", "South Korea", 1995, 2019, 4800, "T"),
    (20, "Oliver Grant", "Bass", "United Kingdom", 1989, 2013, 5900, "T"),
]
write("singers", ["Singer_ID", "Name", "Voice_Type", "Nationality", "Birth_Year", "Debut_Year", "Fee_per_Night", "Is_Active"], singers)

# ---------------------------------------------------------------- operas
operas = [
    # Opera_ID, Title, Composer, Premiere_Year, Language, Num_of_Acts, Duration_mins
    (1, "La Traviata", "Giuseppe Verdi", 1853, "Italian", 3, 135),
    (2, "Carmen", "Georges Bizet", 1875, "French", 4, 165),
    (3, "The Magic Flute", "Wolfgang Amadeus Mozart", 1791, "German", 2, 160),
    (4, "La Boheme", "Giacomo Puccini", 1896, "Italian", 4, 110),
    (5, "Tosca", "Giacomo Puccini", 1900, "Italian", 3, 120),
    (6, "Don Giovanni", "Wolfgang Amadeus Mozart", 1787, "Italian", 2, 175),
    (7, "Rigoletto", "Giuseppe Verdi", 1851, "Italian", 3, 125),
    (8, "Madama Butterfly", "Giacomo Puccini", 1904, "Italian", 3, 145),
    (9, "Eugene Onegin", "Pyotr Ilyich Tchaikovsky", 1879, "Russian", 3, 150),
    (10, "Der Rosenkavalier", "Richard Strauss", 1911, "German", 3, 210),
    (11, "The Marriage of Figaro", "Wolfgang Amadeus Mozart", 1786, "Italian", 4, 180),
    (12, "Aida", "Giuseppe Verdi", 1871, "Italian", 4, 170),
    (13, "Peter Grimes", "Benjamin Britten", 1945, "English", 3, 148),
    (14, "Tristan und Isolde", "Richard Wagner", 1865, "German", 3, 240),
    (15, "Rusalka", "Antonin Dvorak", 1901, "Czech", 3, 155),
    (16, "Turandot", "Giacomo Puccini", 1926, "Italian", 3, 115),
]
write("operas", ["Opera_ID", "Title", "Composer", "Premiere_Year", "Language", "Num_of_Acts", "Duration_mins"], operas)

# ---------------------------------------------------------------- conductors
conductors = [
    # Conductor_ID, Name, Nationality, Age, Years_Experience
    (1, "Riccardo Ferri", "Italy", 68, 40),
    (2, "Helena Kraus", "Austria", 52, 25),
    (3, "Antoine Dubois", "France", 45, 18),
    (4, "Yuri Sokolov", "Russia", 71, 45),
    (5, "Maria Lopez", "Spain", 39, 12),
    (6, "David Chen", "United States", 57, 30),
    (7, "Ingrid Nilsson", "Sweden", 48, 21),
    (8, "Paolo Ricci", "Italy", 61, 35),
    (9, "Emma Clarke", "United Kingdom", 43, 15),
    (10, "Tomasz Nowak", "Poland", 55, 27),
]
write("conductors", ["Conductor_ID", "Name", "Nationality", "Age", "Years_Experience"], conductors)

# ---------------------------------------------------------------- theatres
theatres = [
    # Theatre_ID, Name, City, Country, Capacity, Opened_Year
    (1, "Teatro Lirico", "Milan", "Italy", 2030, 1778),
    (2, "Royal Opera Hall", "London", "United Kingdom", 2256, 1858),
    (3, "Staatsoper Nord", "Hamburg", "Germany", 1690, 1955),
    (4, "Grand Theatre Lumiere", "Paris", "France", 1980, 1875),
    (5, "Metro Opera House", "New York", "United States", 3800, 1966),
    (6, "Bolshoi Zal", "Moscow", "Russia", 1740, 1825),
    (7, "Harbour Opera Centre", "Sydney", "Australia", 1507, 1973),
    (8, "Opera Vienna Ring", "Vienna", "Austria", 1709, 1869),
    (9, "Teatro del Sol", "Seville", "Spain", 1100, 1991),
    (10, "Teatro Verdi Nuovo", "Rome", "Italy", 1450, 1928),
]
write("theatres", ["Theatre_ID", "Name", "City", "Country", "Capacity", "Opened_Year"], theatres)

# ---------------------------------------------------------------- productions
productions = [
    # Production_ID, Opera_ID, Theatre_ID, Music_Director (-> conductors), Stage_Director, Season_Year, Budget_millions
    (1, 1, 1, 1, "Franco Zeli", 2018, 2.4),
    (2, 2, 4, 3, "Claire Moreau", 2019, 1.9),
    (3, 3, 3, 2, "Lukas Brandt", 2019, 2.1),
    (4, 4, 5, 6, "Robert Hale", 2020, 3.6),
    (5, 5, 1, 8, "Franco Zeli", 2021, 2.8),
    (6, 9, 6, 4, "Sergei Markov", 2021, 2.0),
    (7, 10, 8, 2, "Lukas Brandt", 2022, 3.1),
    (8, 8, 2, 9, "Fiona Lane", 2022, 2.6),
    (9, 6, 8, 1, "Claire Moreau", 2022, 2.2),
    (10, 12, 5, 6, "Robert Hale", 2023, 4.5),
    (11, 11, 2, 7, "Fiona Lane", 2023, 1.7),
    (12, 14, 3, 2, "Lukas Brandt", 2023, 3.3),
    (13, 1, 7, 9, "Grace Holloway", 2023, 1.5),
    (14, 4, 10, 8, "Franco Zeli", 2024, 1.8),
    (15, 2, 2, 3, "Claire Moreau", 2024, 2.3),
    (16, 5, 6, 4, "Sergei Markov", 2024, 2.5),
]
write("productions", ["Production_ID", "Opera_ID", "Theatre_ID", "Music_Director", "Stage_Director", "Season_Year", "Budget_millions"], productions)

# ---------------------------------------------------------------- performances
capacity = {t[0]: t[4] for t in theatres}
n_perf = {1: 2, 2: 3, 3: 2, 4: 4, 5: 3, 6: 2, 7: 2, 8: 3, 9: 2, 10: 4, 11: 2, 12: 2, 13: 2, 14: 3, 15: 3, 16: 2}
start_month = {1: 10, 2: 11, 3: 2, 4: 9, 5: 3, 6: 12, 7: 1, 8: 10, 9: 5, 10: 9, 11: 2, 12: 11, 13: 6, 14: 3, 15: 10, 16: 1}
performances = []
pid = 1
used_dates = set()
used_att = set()
for p in productions:
    prod, theatre, year = p[0], p[2], p[5]
    d = date(year, start_month[prod], random.randint(2, 12))
    for k in range(n_perf[prod]):
        while d in used_dates:
            d += timedelta(days=1)
        used_dates.add(d)
        cap = capacity[theatre]
        if random.random() < 0.3:
            att = cap
        else:
            att = random.randint(int(cap * 0.62), cap - 15)
            while att in used_att:
                att -= 1
        used_att.add(att)
        price = random.choice([38, 45, 52, 60, 75, 88])
        revenue = round(att * price + random.randint(0, 99) * 10)
        performances.append((pid, prod, d.isoformat(), att, revenue, "T" if att == cap else "F"))
        pid += 1
        d += timedelta(days=random.randint(3, 9))
write("performances", ["Performance_ID", "Production_ID", "Perf_Date", "Attendance", "Ticket_Revenue", "Is_Sold_Out"], performances)

# ---------------------------------------------------------------- roles_cast (link singers <-> productions)
roles_cast = [
    # Production_ID, Singer_ID, Role_Name, Is_Lead
    (1, 1, "Violetta", 1), (1, 2, "Alfredo", 1), (1, 16, "Giorgio Germont", 0),
    (2, 3, "Carmen", 1), (2, 10, "Don Jose", 1), (2, 8, "Escamillo", 0), (2, 5, "Micaela", 0),
    (3, 12, "Tamino", 1), (3, 11, "Pamina", 1), (3, 6, "Papageno", 0), (3, 14, "Sarastro", 0), (3, 19, "Queen of the Night", 0),
    (4, 15, "Mimi", 1), (4, 2, "Rodolfo", 1), (4, 16, "Marcello", 0), (4, 5, "Musetta", 0),
    (5, 7, "Tosca", 1), (5, 12, "Cavaradossi", 1), (5, 8, "Scarpia", 0),
    (6, 1, "Tatyana", 1), (6, 8, "Eugene Onegin", 1), (6, 17, "Olga", 0), (6, 10, "Lensky", 0), (6, 14, "Prince Gremin", 0),
    (7, 11, "The Marschallin", 1), (7, 9, "Octavian", 1), (7, 19, "Sophie", 0), (7, 20, "Baron Ochs", 0),
    (8, 15, "Cio-Cio-San", 1), (8, 12, "Pinkerton", 1), (8, 6, "Sharpless", 0), (8, 3, "Suzuki", 0),
    (9, 16, "Don Giovanni", 1), (9, 5, "Donna Anna", 0), (9, 20, "Leporello", 0), (9, 14, "Commendatore", 0),
    (10, 1, "Aida", 1), (10, 2, "Radames", 1), (10, 9, "Amneris", 0), (10, 8, "Amonasro", 0),
    (11, 6, "Figaro", 1), (11, 19, "Susanna", 1), (11, 15, "Countess Almaviva", 0), (11, 17, "Cherubino", 0),
    (12, 11, "Isolde", 1), (12, 12, "Tristan", 1), (12, 9, "Brangane", 0), (12, 20, "King Marke", 0),
    (13, 5, "Violetta", 1), (13, 10, "Alfredo", 1), (13, 6, "Giorgio Germont", 0),
    (14, 19, "Mimi", 1), (14, 10, "Rodolfo", 1), (14, 16, "Marcello", 0),
    (15, 17, "Carmen", 1), (15, 2, "Don Jose", 1), (15, 14, "Escamillo", 0),
    (16, 1, "Tosca", 1), (16, 12, "Cavaradossi", 1), (16, 20, "Scarpia", 0),
]
write("roles_cast", ["Production_ID", "Singer_ID", "Role_Name", "Is_Lead"], roles_cast)
print(len(singers), "singers", len(operas), "operas", len(conductors), "conductors", len(theatres), "theatres",
      len(productions), "productions", len(performances), "performances", len(roles_cast), "roles_cast")
