"""Deterministic generator for the `observatory` test database."""
import csv
import datetime as dt
import os
import random

rng = random.Random(20240611)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- telescopes
tel_src = [
    # name, site, country, aperture, mount, first light, status, elevation
    ("Kealoha Reflector", "Mauna Kea", "USA", 3.60, "alt-azimuth", 1979, "operational", 4205),
    ("Roque Grande", "La Palma", "Spain", 4.20, "alt-azimuth", 1987, "operational", 2396),
    ("Atacama Sentinel", "Cerro Paranal", "Chile", 8.20, "alt-azimuth", 1999, "operational", 2635),
    ("Warrumbungle Schmidt", "Siding Spring", "Australia", 1.20, "equatorial", 1973, "operational", 1165),
    ("Graham Twin", "Mount Graham", "USA", 6.50, "alt-azimuth", 2005, "under maintenance", 3221),
    ("Calar Alto Classic", "Calar Alto", "Spain", 2.20, "equatorial", 1979, "operational", 2168),
    ("Karoo Survey", "Sutherland", "South Africa", 1.90, "equatorial", 1948, "decommissioned", 1798),
    ("Himalayan Chandra", "Hanle", "India", 2.01, "alt-azimuth", 2001, "operational", 4500),
    ("La Silla Pathfinder", "La Silla", "Chile", 3.58, "alt-azimuth", 1989, "operational", 2375),
    ("Sonoran Mayall", "Kitt Peak", "USA", 4.00, "equatorial", 1973, "under maintenance", 2096),
    ("Pic du Midi Bernard", "Pic du Midi", "France", 1.05, "equatorial", 1963, "operational", 2877),
]
telescopes = []
for i, t in enumerate(tel_src, start=1):
    telescopes.append((i,) + t)
write("telescopes",
      ["telescope_id", "tel_name", "site", "country", "aperture_m", "mount_type",
       "first_light_yr", "status", "elevation_m"],
      telescopes)

# ---------------------------------------------------------------- instruments
instr_src = [
    # name, type, band, telescope, detectors, pixel scale, commissioned, desc
    ("KESTREL", "spectrograph", "optical", 1, 2, 0.180, "2009-03-14", "Medium-resolution long-slit spectrograph"),
    ("NENE-IR", "imager", "infrared", 1, 4, 0.120, "2015-08-02", "Wide-field near-infrared camera"),
    ("OSPREY", "imager", "optical", 2, 2, 0.250, "2004-11-20", "Prime-focus optical imager"),
    ("TEIDE-ECH", "spectrograph", "optical", 2, 1, 0.330, "2012-05-09", "Fibre-fed echelle spectrograph"),
    ("CONDOR", "spectrograph", "infrared", 3, 2, 0.086, "2014-10-01", "Integral-field infrared spectrograph"),
    ("VICUNA", "imager", "optical", 3, 8, 0.207, "2001-06-30", "Multi-mode focal reducer and imager"),
    ("POLARIS-P", "polarimeter", "optical", 3, 1, 0.050, "2018-02-12", "Dual-beam imaging polarimeter"),
    ("EMU WIDE", "imager", "optical", 4, 16, 1.120, "2016-09-15", "Survey camera for the Schmidt"),
    ("BINOCULO", "imager", "infrared", 5, 4, 0.080, "2008-04-22", "Adaptive-optics fed infrared imager"),
    ("TWINSPEC", "spectrograph", "optical", 5, 2, 0.250, "2009-12-01", "Twin-arm multi-object spectrograph"),
    ("ALMERIA", "spectrograph", "optical", 6, 1, 0.500, "1996-07-18", "Coude spectrograph"),
    ("CAFE-UV", "photometer", "ultraviolet", 6, 1, 0.600, "2011-03-03", "Fast ultraviolet photometer"),
    ("KAROO PHOT", "photometer", "optical", 7, 1, 0.900, "1985-01-10", "Classic photoelectric photometer"),
    ("HIMALI", "imager", "optical", 8, 1, 0.296, "2003-10-05", "Optical CCD imager"),
    ("HESP", "spectrograph", "optical", 8, 1, 0.400, "2015-01-27", "High-resolution echelle spectrograph"),
    ("PATHFINDER-RV", "spectrograph", "optical", 9, 2, 0.160, "2003-02-11", "Radial-velocity planet-search spectrograph"),
    ("SIERRA-IR", "imager", "infrared", 9, 1, 0.288, "2019-06-06", "Infrared imager with narrow-band filters"),
    ("MOSAIC-3", "imager", "optical", 10, 4, 0.258, "2015-11-30", "Four-CCD prime-focus mosaic camera"),
    ("DESERTPOL", "polarimeter", "infrared", 10, 1, 0.430, "2017-04-19", "Near-infrared spectropolarimeter"),
    ("BERNARD-CAM", "imager", "optical", 11, 1, 0.400, "2010-08-08", "Planetary imaging camera"),
    ("MIDI-SPEC", "spectrograph", "ultraviolet", 11, 1, 0.700, "2020-09-21", "Near-UV spectrograph"),
]
instruments = []
for i, s in enumerate(instr_src, start=1):
    instruments.append((i,) + s)
write("instruments",
      ["instrument_id", "instr_name", "instr_type", "wavelength_band", "mounted_on",
       "num_detectors", "pixel_scale_arcsec", "commissioned_dt", "instr_desc"],
      instruments)

# ---------------------------------------------------------------- astronomers
first = ["Amelia", "Rahul", "Sofia", "Kenji", "Thandiwe", "Lucas", "Ingrid", "Mateo", "Priya",
         "Oliver", "Yasmin", "Hiroshi", "Camila", "Felix", "Nadia", "Tomas", "Aisha", "Jonas",
         "Elena", "Samuel", "Mei", "Diego", "Hannah", "Arjun", "Chloe", "Pieter", "Leila",
         "Gabriel", "Freya", "Marco", "Zainab", "Henrik", "Lucia", "Kwame", "Isabel", "Daniel",
         "Anika", "Rafael", "Greta", "Victor", "Carmen", "Ethan"]
last = ["Okafor", "Sharma", "Lindqvist", "Tanaka", "Nkosi", "Moreau", "Halvorsen", "Rojas",
        "Iyer", "Bennett", "Haddad", "Sato", "Fuentes", "Brandt", "Petrova", "Novak",
        "Mensah", "Weber", "Castillo", "Whitaker", "Chen", "Alvarez", "Fischer", "Rao",
        "Dubois", "de Vries", "Karimi", "Santos", "Nilsson", "Ricci", "Bello", "Larsen",
        "Marin", "Asante", "Navarro", "Cohen", "Gupta", "Pereira", "Vogel", "Lemaire",
        "Ortega", "Murphy"]
institutions = [
    ("University of Hawaii", "USA"), ("Instituto de Astrofisica de Canarias", "Spain"),
    ("European Southern Observatory", "Germany"), ("Australian National University", "Australia"),
    ("University of Arizona", "USA"), ("Max Planck Institute for Astronomy", "Germany"),
    ("South African Astronomical Observatory", "South Africa"), ("Indian Institute of Astrophysics", "India"),
    ("Universidad de Chile", "Chile"), ("University of Cambridge", "UK"),
    ("Observatoire de Paris", "France"), ("Leiden Observatory", "Netherlands"),
    ("National Astronomical Observatory of Japan", "Japan"),
]
domains = {
    "University of Hawaii": "hawaii.edu", "Instituto de Astrofisica de Canarias": "iac.es",
    "European Southern Observatory": "eso.org", "Australian National University": "anu.edu.au",
    "University of Arizona": "arizona.edu", "Max Planck Institute for Astronomy": "mpia.de",
    "South African Astronomical Observatory": "saao.ac.za", "Indian Institute of Astrophysics": "iiap.res.in",
    "Universidad de Chile": "uchile.cl", "University of Cambridge": "cam.ac.uk",
    "Observatoire de Paris": "obspm.fr", "Leiden Observatory": "strw.nl",
    "National Astronomical Observatory of Japan": "nao.ac.jp",
}
stages = ["PhD student", "postdoc", "staff scientist", "professor"]
astronomers = []
last_order = last[:]
rng.shuffle(last_order)
for i in range(1, 43):
    fn = first[i - 1]
    ln = last_order[i - 1]
    inst, country = rng.choice(institutions)
    stage = rng.choices(stages, weights=[3, 4, 3, 3])[0]
    base = {"PhD student": 1994, "postdoc": 1990, "staff scientist": 1978, "professor": 1962}[stage]
    dob = dt.date(base + rng.randint(0, 9), rng.randint(1, 12), rng.randint(1, 28))
    h = {"PhD student": (1, 6), "postdoc": (4, 18), "staff scientist": (12, 40), "professor": (25, 75)}[stage]
    hidx = rng.randint(*h)
    email = f"{fn.lower()}.{ln.lower().replace(' ', '')}@" + domains[inst]
    astronomers.append((i, fn, ln, inst, country, dob.isoformat(), stage, hidx, email))
write("astronomers",
      ["astronomer_id", "first_name", "last_name", "institution", "country", "dob",
       "career_stage", "h_index", "email"],
      astronomers)

# ---------------------------------------------------------------- targets
targets_src = [
    ("Andromeda Galaxy", "galaxy", "Andromeda", 10.685, 41.269, 3.44, 2537000),
    ("Triangulum Galaxy", "galaxy", "Triangulum", 23.462, 30.660, 5.72, 2730000),
    ("Whirlpool Galaxy", "galaxy", "Canes Venatici", 202.470, 47.195, 8.40, 23000000),
    ("Sombrero Galaxy", "galaxy", "Virgo", 189.998, -11.623, 8.00, 29300000),
    ("NGC 1300", "galaxy", "Eridanus", 49.921, -19.411, 11.40, 61000000),
    ("Centaurus A", "galaxy", "Centaurus", 201.365, -43.019, 6.84, 12000000),
    ("Large Magellanic Cloud", "galaxy", "Dorado", 80.894, -69.756, 0.90, 163000),
    ("Messier 87", "galaxy", "Virgo", 187.706, 12.391, 8.60, 53500000),
    ("Orion Nebula", "nebula", "Orion", 83.822, -5.391, 4.00, 1344),
    ("Crab Nebula", "nebula", "Taurus", 83.633, 22.015, 8.40, 6500),
    ("Ring Nebula", "nebula", "Lyra", 283.396, 33.029, 8.80, 2570),
    ("Eagle Nebula", "nebula", "Serpens", 274.700, -13.807, 6.00, 5700),
    ("Helix Nebula", "nebula", "Aquarius", 337.411, -20.837, 7.60, 655),
    ("Lagoon Nebula", "nebula", "Sagittarius", 270.904, -24.387, 6.00, 4100),
    ("Carina Nebula", "nebula", "Carina", 161.265, -59.867, 1.00, 8500),
    ("Pleiades", "star cluster", "Taurus", 56.750, 24.117, 1.60, 444),
    ("Omega Centauri", "star cluster", "Centaurus", 201.697, -47.480, 3.90, 17090),
    ("Hercules Cluster M13", "star cluster", "Hercules", 250.423, 36.461, 5.80, 22200),
    ("Jewel Box", "star cluster", "Crux", 193.400, -60.333, 4.20, 6440),
    ("47 Tucanae", "star cluster", "Tucana", 6.024, -72.081, 4.09, 14700),
    ("Betelgeuse", "star", "Orion", 88.793, 7.407, 0.50, 548),
    ("Vega", "star", "Lyra", 279.235, 38.784, 0.03, 25),
    ("Sirius", "star", "Canis Major", 101.287, -16.716, -1.46, 8.6),
    ("Eta Carinae", "star", "Carina", 161.265, -59.685, 4.30, 7500),
    ("Polaris", "star", "Ursa Minor", 37.955, 89.264, 1.98, 433),
    ("Antares", "star", "Scorpius", 247.352, -26.432, 1.06, 550),
    ("R Coronae Borealis", "star", "Corona Borealis", 237.160, 28.157, 5.80, 4500),
    ("Proxima Centauri", "star", "Centaurus", 217.429, -62.680, 11.13, 4.24),
    ("TRAPPIST-1", "exoplanet host", "Aquarius", 346.622, -5.041, 18.80, 40.7),
    ("HD 209458", "exoplanet host", "Pegasus", 330.795, 18.884, 7.65, 157),
    ("51 Pegasi", "exoplanet host", "Pegasus", 344.367, 20.769, 5.49, 50.6),
    ("Kepler-186", "exoplanet host", "Cygnus", 298.654, 43.955, 15.29, 579),
    ("WASP-12", "exoplanet host", "Auriga", 97.637, 29.672, 11.57, 1410),
    ("Gliese 581", "exoplanet host", "Libra", 229.862, -7.722, 10.57, 20.5),
    ("3C 273", "quasar", "Virgo", 187.278, 2.052, 12.90, 2440000000),
    ("TON 618", "quasar", "Canes Venatici", 186.600, 31.476, 15.90, 10400000000),
    ("PKS 2155-304", "quasar", "Piscis Austrinus", 329.717, -30.226, 13.09, 1400000000),
    ("Ceres", "minor planet", "Sagittarius", None, None, 7.50, None),
    ("Vesta", "minor planet", "Leo", None, None, 6.20, None),
    ("Comet 12P/Pons-Brooks", "comet", "Andromeda", None, None, 4.50, None),
    ("Sagittarius A*", "black hole", "Sagittarius", 266.417, -29.008, None, 26670),
    ("Cygnus X-1", "black hole", "Cygnus", 299.590, 35.202, 8.95, 7240),
    ("Vela Pulsar", "pulsar", "Vela", 128.836, -45.176, 23.60, 959),
    ("Crab Pulsar", "pulsar", "Taurus", 83.633, 22.014, 16.50, 6500),
]
targets = []
for i, t in enumerate(targets_src, start=1):
    targets.append((i,) + t)
write("targets",
      ["target_id", "target_name", "object_type", "constellation", "ra_deg", "dec_deg",
       "v_mag", "distance_ly"],
      targets)

# ---------------------------------------------------------------- proposals
semesters = {
    "2022A": (dt.date(2022, 2, 1), dt.date(2022, 7, 31)),
    "2022B": (dt.date(2022, 8, 1), dt.date(2023, 1, 31)),
    "2023A": (dt.date(2023, 2, 1), dt.date(2023, 7, 31)),
    "2023B": (dt.date(2023, 8, 1), dt.date(2024, 1, 31)),
    "2024A": (dt.date(2024, 2, 1), dt.date(2024, 7, 31)),
}
cat_targets = {
    "extragalactic": ["galaxy", "quasar"],
    "stellar": ["star", "star cluster"],
    "high energy": ["pulsar", "black hole"],
    "interstellar medium": ["nebula"],
    "exoplanets": ["exoplanet host"],
    "solar system": ["minor planet", "comet"],
}
title_bits = {
    "extragalactic": ["Stellar populations in the outskirts of {t}", "Kinematics of the nucleus of {t}",
                      "Variability monitoring of {t}", "Globular cluster system of {t}",
                      "Deep imaging of tidal streams around {t}"],
    "stellar": ["Pulsation modes of {t}", "Mass loss history of {t}", "Binary fraction in {t}",
                "Spectroscopic abundances in {t}", "Rotation periods across {t}"],
    "high energy": ["Optical counterpart of {t}", "Timing the variability of {t}",
                    "Multi-epoch spectroscopy of {t}"],
    "interstellar medium": ["Ionisation structure of {t}", "Shock fronts in {t}",
                            "Dust lanes and star formation in {t}", "Expansion velocity of {t}"],
    "exoplanets": ["Transit timing of {t}", "Radial velocity follow-up of {t}",
                   "Atmospheric transmission spectrum of {t}", "Stellar activity of {t}"],
    "solar system": ["Rotational light curve of {t}", "Surface composition of {t}",
                     "Activity and coma evolution of {t}"],
}
tel_for_band = {}
instr_by_tel = {}
for ins in instruments:
    instr_by_tel.setdefault(ins[4], []).append(ins[0])
open_tels = [t[0] for t in telescopes if t[7] != "decommissioned"]

proposals = []
prop_targets = []
pcount = 0
sem_list = list(semesters)
for sem in sem_list:
    n = {"2022A": 10, "2022B": 11, "2023A": 12, "2023B": 12, "2024A": 13}[sem]
    for k in range(n):
        pcount += 1
        cat = rng.choices(list(cat_targets), weights=[5, 4, 2, 3, 3, 1])[0]
        pool = [t for t in targets if t[2] in cat_targets[cat]]
        ntar = rng.choice([1, 1, 2, 2, 3])
        chosen = rng.sample(pool, min(ntar, len(pool)))
        title = rng.choice(title_bits[cat]).format(t=chosen[0][1])
        if ntar > 1 and rng.random() < 0.5:
            title = title + " and related objects"
        pi = rng.randint(1, 42)
        tel = rng.choice(open_tels) if sem != "2022A" else rng.choice([t[0] for t in telescopes])
        req = round(rng.choice([4, 6, 8, 10, 12, 15, 16, 20, 24, 30, 36, 40]) + rng.choice([0, 0, 0.5]), 1)
        status = rng.choices(["accepted", "rejected", "waitlisted"], weights=[6, 3, 1])[0]
        if sem == "2024A" and k >= 10:
            status = "under review"
        awarded = None
        if status == "accepted":
            awarded = round(req * rng.choice([0.5, 0.6, 0.75, 0.8, 1.0, 1.0]), 1)
        elif status == "waitlisted":
            awarded = 0.0
        s0, _ = semesters[sem]
        sub = s0 - dt.timedelta(days=rng.randint(60, 120))
        code = f"{sem}-{k + 1:03d}"
        proposals.append([pcount, code, title, pi, sem, cat, tel, req, awarded, status, sub.isoformat()])
        for pr, t in enumerate(chosen, start=1):
            prop_targets.append((pcount, t[0], pr))
write("proposals",
      ["proposal_id", "proposal_code", "title", "pi_id", "semester", "science_category",
       "telescope_id", "hrs_requested", "hrs_awarded", "status", "submitted_dt"],
      proposals)
write("proposal_targets", ["proposal_id", "target_id", "priority"], prop_targets)

# ---------------------------------------------------------------- observations
sky = ["photometric", "clear", "thin cloud", "thick cloud"]
observations = []
oid = 0
for p in proposals:
    if p[9] != "accepted":
        continue
    pid, sem, tel, awarded = p[0], p[4], p[6], p[8]
    instrs = instr_by_tel.get(tel, [])
    if not instrs:
        continue
    tlist = [pt[1] for pt in prop_targets if pt[0] == pid]
    nobs = max(1, min(9, int(awarded // 3) + rng.randint(-1, 1)))
    s0, s1 = semesters[sem]
    span = (s1 - s0).days
    nights = sorted(rng.sample(range(span), nobs))
    team = [p[3]] + rng.sample(range(1, 43), 2)
    for nd in nights:
        oid += 1
        night = s0 + dt.timedelta(days=nd)
        cond = rng.choices(sky, weights=[3, 4, 2, 1])[0]
        seeing = round(rng.uniform(0.45, 1.6) + (0.4 if cond == "thick cloud" else 0), 2)
        airmass = round(rng.uniform(1.0, 2.1), 2)
        nexp = rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12])
        exp = rng.choice([30, 60, 120, 180, 300, 600, 900, 1200, 1800])
        nfiles = nexp * rng.choice([1, 2]) + rng.randint(2, 6)
        size = round(nfiles * rng.uniform(0.02, 0.35), 2)
        if cond == "thick cloud" or seeing > 1.5:
            q = "poor"
        elif cond == "thin cloud" or seeing > 1.1:
            q = "usable"
        else:
            q = "good"
        observations.append((oid, pid, rng.choice(tlist), rng.choice(instrs), rng.choice(team),
                             night.isoformat(), nexp, exp, seeing, airmass, cond, nfiles, size, q))
write("observations",
      ["obs_id", "proposal_id", "target_id", "instrument_id", "observed_by", "night_dt",
       "num_exposures", "exposure_sec", "seeing_arcsec", "airmass", "sky_condition",
       "num_files", "data_size_gb", "quality_flag"],
      observations)

print("telescopes", len(telescopes), "instruments", len(instruments), "astronomers", len(astronomers),
      "targets", len(targets), "proposals", len(proposals), "proposal_targets", len(prop_targets),
      "observations", len(observations))
