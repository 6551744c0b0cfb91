"""Write the CSV tables of the observatory database (snake_case columns, _name/_code/_details, Ref_ lookup table; deterministic)."""
import csv, os, random
from datetime import date, timedelta

random.seed(77341)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Ref_Object_Types
object_types = [
    ("GAL", "Galaxy"),
    ("NEB", "Nebula"),
    ("STR", "Star"),
    ("PLN", "Planet"),
    ("OCL", "Open Cluster"),
    ("GCL", "Globular Cluster"),
    ("QSO", "Quasar"),
    ("SNR", "Supernova Remnant"),
    ("CMT", "Comet"),
]
write("Ref_Object_Types", ["object_type_code", "object_type_description"], object_types)

# ---------------------------------------------------------------- Telescopes
telescopes = [
    # telescope_id, telescope_name, site_name, country, aperture_m, first_light_year, telescope_type, is_remote
    (1, "Hale Telescope", "Palomar", "USA", 5.1, 1949, "Optical", "N"),
    (2, "Magellan Baade", "Las Campanas", "Chile", 6.5, 2000, "Optical", "N"),
    (3, "Subaru Telescope", "Mauna Kea", "USA", 8.2, 1999, "Optical", "Y"),
    (4, "Gran Telescopio Canarias", "La Palma", "Spain", 10.4, 2007, "Optical", "Y"),
    (5, "William Herschel Telescope", "La Palma", "Spain", 4.2, 1987, "Optical", "Y"),
    (6, "Effelsberg Radio Telescope", "Effelsberg", "Germany", 100.0, 1972, "Radio", "N"),
    (7, "Parkes Radio Telescope", "Parkes", "Australia", 64.0, 1961, "Radio", "Y"),
    (8, "Infrared Telescope Facility", "Mauna Kea", "USA", 3.0, 1979, "Infrared", "Y"),
    (9, "Mayall Telescope", "Kitt Peak", "USA", 4.0, 1973, "Optical", "N"),
    (10, "APEX", "Chajnantor", "Chile", 12.0, 2005, "Submillimeter", "Y"),
    (11, "Bok Telescope", "Kitt Peak", "USA", 2.3, 1969, "Optical", "N"),
]
write("Telescopes", ["telescope_id", "telescope_name", "site_name", "country", "aperture_m", "first_light_year", "telescope_type", "is_remote"], telescopes)

# ---------------------------------------------------------------- Astronomers
astronomers = [
    # astronomer_id, first_name, last_name, gender, date_of_birth, institution_name, academic_rank, supervisor_id (-> astronomer_id), email_address
    (1, "Margaret", "Holloway", "F", "1958-04-12", "Caltech", "Professor", None, "mholloway@caltech.edu"),
    (2, "Rajesh", "Iyer", "M", "1965-11-03", "Caltech", "Professor", None, "riyer@caltech.edu"),
    (3, "Lena", "Fischer", "F", "1972-02-27", "Max Planck Institute", "Staff Scientist", None, "fischer@mpia.de"),
    (4, "Tomas", "Herrera", "M", "1980-07-19", "University of Chile", "Professor", None, "therrera@uchile.cl"),
    (5, "Aiko", "Sato", "F", "1984-09-05", "University of Tokyo", "Staff Scientist", None, "asato@u-tokyo.ac.jp"),
    (6, "Daniel", "Okafor", "M", "1989-01-30", "Caltech", "Postdoc", 1, "dokafor@caltech.edu"),
    (7, "Sofia", "Marino", "F", "1991-06-14", "Max Planck Institute", "Postdoc", 3, "marino@mpia.de"),
    (8, "William", "Price", "M", "1993-03-22", "Caltech", "PhD Student", 1, "wprice@caltech.edu"),
    (9, "Chloe", "Dubois", "F", "1995-12-08", "Caltech", "PhD Student", 2, "cdubois@caltech.edu"),
    (10, "Mateo", "Silva", "M", "1994-08-17", "University of Chile", "PhD Student", 4, "msilva@uchile.cl"),
    (11, "Hanna", "Berg", "F", "1996-05-02", "Max Planck Institute", "PhD Student", 3, "berg@mpia.de"),
    (12, "Kevin", "Zhang", "M", "1990-10-25", "University of Arizona", "Postdoc", 13, "kzhang@arizona.edu"),
    (13, "Patricia", "Long", "F", "1967-03-09", "University of Arizona", "Professor", None, "plong@arizona.edu"),
    (14, "Omar", "Haddad", "M", "1997-11-11", "University of Arizona", "PhD Student", 13, "ohaddad@arizona.edu"),
    (15, "Yuki", "Mori", "F", "1992-04-28", "University of Tokyo", "Postdoc", 5, "ymori@u-tokyo.ac.jp"),
    (16, "Ethan", "Brooks", "M", "1998-02-14", "University of Arizona", "PhD Student", 12, "ebrooks@arizona.edu"),
    (17, "Isabella", "Costa", "F", "1986-07-07", "University of Chile", "Staff Scientist", None, "icosta@uchile.cl"),
    (18, "Lucas", "Meyer", "M", "1999-09-30", "Max Planck Institute", "PhD Student", 3, "meyer@mpia.de"),
]
write("Astronomers", ["astronomer_id", "first_name", "last_name", "gender", "date_of_birth", "institution_name", "academic_rank", "supervisor_id", "email_address"], astronomers)

# ---------------------------------------------------------------- Celestial_Objects
objects = [
    # object_id, object_name, object_type_code, constellation, distance_ly, apparent_magnitude, discovery_year
    (1, "Andromeda Galaxy", "GAL", "Andromeda", 2537000, 3.44, 964),
    (2, "Orion Nebula", "NEB", "Orion", 1344, 4.0, 1610),
    (3, "Crab Nebula", "SNR", "Taurus", 6500, 8.4, 1731),
    (4, "Betelgeuse", "STR", "Orion", 548, 0.5, None),
    (5, "Pleiades", "OCL", "Taurus", 444, 1.6, None),
    (6, "Omega Centauri", "GCL", "Centaurus", 17090, 3.9, 1677),
    (7, "Whirlpool Galaxy", "GAL", "Canes Venatici", 23000000, 8.1, 1773),
    (8, "3C 273", "QSO", "Virgo", 2443000000, 12.9, 1959),
    (9, "Sombrero Galaxy", "GAL", "Virgo", 31100000, 8.0, 1781),
    (10, "Ring Nebula", "NEB", "Lyra", 2570, 8.8, 1779),
    (11, "Vega", "STR", "Lyra", 25, 0.03, None),
    (12, "Sirius", "STR", "Canis Major", 8.6, -1.46, None),
    (13, "Eagle Nebula", "NEB", "Serpens", 5700, 6.0, 1745),
    (14, "Hercules Cluster", "GCL", "Hercules", 22200, 5.8, 1714),
    (15, "Cassiopeia A", "SNR", "Cassiopeia", 11000, 10.5, 1947),
    (16, "Triangulum Galaxy", "GAL", "Triangulum", 2730000, 5.7, 1654),
    (17, "Beehive Cluster", "OCL", "Cancer", 577, 3.7, None),
    (18, "Rigel", "STR", "Orion", 860, 0.13, None),
    (19, "Large Magellanic Cloud", "GAL", "Dorado", 163000, 0.9, None),
    (20, "Helix Nebula", "NEB", "Aquarius", 655, 7.6, 1824),
    (21, "Proxima Centauri", "STR", "Centaurus", 4.24, 11.13, 1915),
    (22, "Veil Nebula", "SNR", "Cygnus", 2400, 7.0, 1784),
    (23, "Pinwheel Galaxy", "GAL", "Ursa Major", 20900000, 7.9, None),
]
write("Celestial_Objects", ["object_id", "object_name", "object_type_code", "constellation", "distance_ly", "apparent_magnitude", "discovery_year"], objects)

# ---------------------------------------------------------------- Observing_Sessions
radio = {6, 7, 10}
south = {2, 7, 10}                     # southern sites see southern targets
southern_targets = {6, 19, 21, 20}
northern_only = {7, 1, 16, 15}
lead_pool = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18]   # Ethan Brooks (16) never leads
lead_weights = [3, 2, 4, 3, 2, 4, 3, 2, 2, 3, 1, 3, 2, 2, 2, 2, 1]
sessions = []
used_seeing = set()
d0 = date(2021, 1, 8)
never_observed = {12, 21, 4, 23}
lead_override = {37: 17}   # keeps the busiest lead observer unique
for sid in range(1, 49):
    tel = random.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    cands = [o[0] for o in objects if o[0] not in never_observed]
    if tel in south:
        cands = [o for o in cands if o not in northern_only]
    else:
        cands = [o for o in cands if o not in southern_targets]
    obj = random.choice(cands)
    lead = random.choices(lead_pool, weights=lead_weights)[0]
    lead = lead_override.get(sid, lead)
    d0 += timedelta(days=random.randint(8, 30))
    hours = round(random.uniform(1.5, 9.5) * 2) / 2
    outcome = random.choices(["COMPLETE", "PARTIAL", "ABORTED"], weights=[6, 2, 1])[0]
    if outcome == "ABORTED":
        hours = 0.5
    if tel in radio:
        seeing = None
    else:
        seeing = round(random.uniform(0.4, 1.9), 2)
        while seeing in used_seeing:
            seeing = round(seeing + 0.01, 2)
        used_seeing.add(seeing)
    sessions.append((sid, tel, lead, obj, d0.isoformat(), hours, seeing, outcome))
write("Observing_Sessions", ["session_id", "telescope_id", "lead_observer_id", "object_id", "session_date", "hours_observed", "seeing_arcsec", "outcome_code"], sessions)

# ---------------------------------------------------------------- Papers
papers = [
    # paper_id, paper_title, journal_name, publication_year, citation_count, main_object_id
    (1, "Deep Imaging of the Andromeda Halo", "ApJ", 2021, 48, 1),
    (2, "Proper Motions in the Orion Nebula Cluster", "MNRAS", 2021, 31, 2),
    (3, "Pulsar Timing in the Crab Nebula", "A&A", 2022, 57, 3),
    (4, "Spiral Arm Kinematics of the Whirlpool Galaxy", "ApJ", 2022, 22, 7),
    (5, "Variability of the Quasar 3C 273", "MNRAS", 2022, 64, 8),
    (6, "A Survey of Globular Cluster Stars in Omega Centauri", "AJ", 2022, 19, 6),
    (7, "Dust Lanes of the Sombrero Galaxy", "ApJ", 2023, 12, 9),
    (8, "Molecular Gas in the Eagle Nebula Pillars", "A&A", 2023, 27, 13),
    (9, "Radio Mapping of Cassiopeia A", "MNRAS", 2023, 35, 15),
    (10, "Star Formation in the Large Magellanic Cloud", "ApJ", 2023, 41, 19),
    (11, "The Ring Nebula in the Infrared", "AJ", 2023, 9, 10),
    (12, "Stellar Populations of the Triangulum Galaxy", "A&A", 2024, 14, 16),
    (13, "Shock Fronts in the Veil Nebula", "ApJ", 2024, 6, 22),
    (14, "Brown Dwarfs in the Pleiades", "AJ", 2024, 11, 5),
    (15, "Radial Velocities of Hercules Cluster Giants", "MNRAS", 2024, 3, 14),
    (16, "Long-Term Monitoring of the Helix Nebula", "PASP", 2024, 2, 20),
]
write("Papers", ["paper_id", "paper_title", "journal_name", "publication_year", "citation_count", "main_object_id"], papers)

# ---------------------------------------------------------------- Paper_Authors (link Papers <-> Astronomers)
paper_authors = [
    # paper_id, astronomer_id, author_order
    (1, 6, 1), (1, 1, 2), (1, 8, 3),
    (2, 4, 1), (2, 10, 2),
    (3, 7, 1), (3, 3, 2), (3, 11, 3),
    (4, 9, 1), (4, 2, 2),
    (5, 3, 1), (5, 18, 2),
    (6, 17, 1), (6, 10, 2), (6, 4, 3),
    (7, 8, 1), (7, 1, 2),
    (8, 11, 1), (8, 7, 2),
    (9, 12, 1), (9, 13, 2),
    (10, 10, 1), (10, 17, 2),
    (11, 14, 1), (11, 12, 2), (11, 13, 3),
    (12, 15, 1), (12, 5, 2),
    (13, 6, 1), (13, 9, 2),
    (14, 16, 1), (14, 13, 2),
    (15, 18, 1), (15, 3, 2),
    (16, 12, 1), (16, 3, 2),
]
write("Paper_Authors", ["paper_id", "astronomer_id", "author_order"], paper_authors)
print(len(object_types), "object types", len(telescopes), "telescopes", len(astronomers), "astronomers", len(objects), "objects",
      len(sessions), "sessions", len(papers), "papers", len(paper_authors), "paper authors")
