"""Deterministic generator for the translation_agency test database."""
import csv, os, random, unicodedata, datetime as dt

random.seed(77031)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables")
os.makedirs(OUT, exist_ok=True)

def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])

def rdate(start, end):
    s = dt.date.fromisoformat(start); e = dt.date.fromisoformat(end)
    return s + dt.timedelta(days=random.randint(0, (e - s).days))

# ---------------- languages ----------------
langs = [
    ("English", "en", "Latin", "Indo-European", 1452.0),
    ("Spanish", "es", "Latin", "Indo-European", 559.1),
    ("French", "fr", "Latin", "Indo-European", 309.8),
    ("German", "de", "Latin", "Indo-European", 133.2),
    ("Japanese", "ja", "Kanji/Kana", "Japonic", 123.4),
    ("Mandarin Chinese", "zh", "Han", "Sino-Tibetan", 1118.0),
    ("Arabic", "ar", "Arabic", "Afro-Asiatic", 373.8),
    ("Portuguese", "pt", "Latin", "Indo-European", 264.3),
    ("Russian", "ru", "Cyrillic", "Indo-European", 255.0),
    ("Korean", "ko", "Hangul", "Koreanic", 81.7),
    ("Italian", "it", "Latin", "Indo-European", 67.9),
    ("Dutch", "nl", "Latin", "Indo-European", 30.0),
    ("Polish", "pl", "Latin", "Indo-European", 40.6),
    ("Turkish", "tr", "Latin", "Turkic", 88.1),
    ("Hindi", "hi", "Devanagari", "Indo-European", 602.2),
    ("Swedish", "sv", "Latin", "Indo-European", 13.2),
    ("Vietnamese", "vi", "Latin", "Austroasiatic", 85.8),
    ("Ukrainian", "uk", "Cyrillic", "Indo-European", 33.2),
]
languages = [(i + 1,) + l for i, l in enumerate(langs)]
write("languages", ["language_id", "lang_name", "iso_code", "script", "lang_family", "num_speakers_mn"], languages)
lid = {l[1]: l[0] for l in languages}

# ---------------- translators ----------------
tr_src = [
    ("Lucía", "Fernández", "Madrid", "Spain", "Spanish"), ("Pierre", "Lambert", "Lyon", "France", "French"),
    ("Anke", "Vogel", "Hamburg", "Germany", "German"), ("Yuki", "Sato", "Osaka", "Japan", "Japanese"),
    ("Wei", "Zhang", "Shanghai", "China", "Mandarin Chinese"), ("Layla", "Haddad", "Beirut", "Lebanon", "Arabic"),
    ("João", "Pereira", "Porto", "Portugal", "Portuguese"), ("Olga", "Smirnova", "Riga", "Latvia", "Russian"),
    ("Min-jun", "Park", "Seoul", "South Korea", "Korean"), ("Giulia", "Bianchi", "Bologna", "Italy", "Italian"),
    ("Sanne", "de Vries", "Utrecht", "Netherlands", "Dutch"), ("Tomasz", "Nowak", "Kraków", "Poland", "Polish"),
    ("Elif", "Yılmaz", "Istanbul", "Turkey", "Turkish"), ("Arjun", "Mehta", "Pune", "India", "Hindi"),
    ("Ingrid", "Lindqvist", "Gothenburg", "Sweden", "Swedish"), ("Thanh", "Nguyen", "Hanoi", "Vietnam", "Vietnamese"),
    ("Oksana", "Kovalenko", "Kyiv", "Ukraine", "Ukrainian"), ("Sarah", "Mitchell", "London", "United Kingdom", "English"),
    ("Daniel", "Okoro", "Toronto", "Canada", "English"), ("Emily", "Hart", "Boston", "United States", "English"),
    ("Carlos", "Mendoza", "Mexico City", "Mexico", "Spanish"), ("Ana", "Souza", "São Paulo", "Brazil", "Portuguese"),
    ("Hannah", "Becker", "Vienna", "Austria", "German"), ("Claire", "Dubois", "Montreal", "Canada", "French"),
    ("Kenji", "Watanabe", "Tokyo", "Japan", "Japanese"), ("Mei", "Lin", "Taipei", "Taiwan", "Mandarin Chinese"),
    ("Omar", "Farouk", "Cairo", "Egypt", "Arabic"), ("Dmitri", "Volkov", "Berlin", "Germany", "Russian"),
    ("Rachel", "Goldberg", "New York", "United States", "English"), ("Marco", "Rossi", "Milan", "Italy", "Italian"),
    ("Valentina", "Ruiz", "Buenos Aires", "Argentina", "Spanish"), ("Lars", "Eriksson", "Stockholm", "Sweden", "Swedish"),
    ("Priya", "Nair", "Bangalore", "India", "Hindi"), ("Ji-woo", "Choi", "Busan", "South Korea", "Korean"),
    ("Fatima", "Benali", "Marseille", "France", "Arabic"), ("Michael", "O'Connor", "Dublin", "Ireland", "English"),
]
translators = []
for i, (fn, ln, city, country, native) in enumerate(tr_src):
    emp = random.choices(["freelance", "in-house", "contract"], weights=[60, 25, 15])[0]
    base = {"freelance": 0.11, "in-house": 0.09, "contract": 0.12}[emp]
    rate = round(base + random.uniform(-0.03, 0.08), 3)
    hired = rdate("2010-03-01", "2024-06-30").isoformat()
    email = fn.replace("-", "").lower() + "." + ln.replace(" ", "").replace("'", "").lower()
    email = unicodedata.normalize("NFKD", email.replace("ı", "i")).encode("ascii", "ignore").decode() + "@linguaworks.example"
    translators.append((i + 1, fn, ln, email, city, country, lid[native], rate, hired, emp))
write("translators", ["translator_id", "first_name", "last_name", "email", "city", "country", "native_lang", "rate_per_word", "hire_dt", "employment_type"], translators)

# ---------------- translator_languages (skills link table) ----------------
skills = []
pairs = set()
popular = ["English"] * 8 + ["Spanish", "French", "German"] * 2 + ["Mandarin Chinese", "Russian", "Arabic", "Japanese", "Portuguese", "Italian"]
for t in translators:
    tid, native = t[0], t[6]
    yrs_native = random.randint(5, 30)
    skills.append((tid, native, "native", yrs_native, "true" if random.random() < 0.5 else "false"))
    pairs.add((tid, native))
    n_extra = random.choice([1, 1, 2, 2, 2, 3])
    while n_extra:
        lname = random.choice(popular + [l[1] for l in languages])
        l = lid[lname]
        if (tid, l) in pairs:
            continue
        if native != lid["English"] and "English" not in [languages[x[1] - 1][1] for x in skills if x[0] == tid] and random.random() < 0.7:
            l = lid["English"]
            if (tid, l) in pairs:
                continue
        pairs.add((tid, l))
        prof = random.choices(["fluent", "professional", "intermediate"], weights=[45, 40, 15])[0]
        yrs = random.randint(1, 22)
        cert = "true" if (prof != "intermediate" and random.random() < 0.45) else "false"
        skills.append((tid, l, prof, yrs, cert))
        n_extra -= 1
write("translator_languages", ["translator_id", "language_id", "proficiency", "yrs_experience", "is_certified"], skills)

# ---------------- clients ----------------
clients_src = [
    ("Halvorsen & Pike LLP", "legal", "United States", "Gregory Pike"),
    ("Medisana Health Group", "healthcare", "Germany", "Dr. Katrin Albers"),
    ("Nordlys Software AS", "technology", "Norway", "Erik Solberg"),
    ("Crestline Motors", "automotive", "United States", "Janet Ruiz"),
    ("Tessaro Fashion House", "retail", "Italy", "Francesca Moretti"),
    ("BluePeak Pharmaceuticals", "healthcare", "Switzerland", "Dr. Anil Kapoor"),
    ("Ministry of Tourism of Catalonia", "government", "Spain", "Montserrat Puig"),
    ("Orbit Games Studio", "technology", "Canada", "Kevin Tran"),
    ("Harborview Publishing", "publishing", "United Kingdom", "Alice Whitmore"),
    ("Sakura Electronics", "technology", "Japan", "Hiroshi Endo"),
    ("Atlas Shipping Lines", "logistics", "Netherlands", "Pieter Bakker"),
    ("Verdant Agritech", "agriculture", "Brazil", "Renata Costa"),
    ("Lex Mundi Advocates", "legal", "France", "Étienne Marchand"),
    ("Kestrel Financial Partners", "finance", "United States", "Douglas Reed"),
    ("Aurora Medical Devices", "healthcare", "Sweden", "Maja Nilsson"),
    ("Global Aid Network", "non-profit", "Switzerland", "Amira Saleh"),
    ("Pinecrest University Press", "publishing", "United States", "Dr. Leonard Hsu"),
    ("Dragonfly E-Commerce", "retail", "China", "Li Na"),
    ("Meridian Energy Corp", "energy", "United Arab Emirates", "Tariq Al-Mansouri"),
    ("Fjord Furniture", "retail", "Denmark", "Sofie Jensen"),
    ("Ironclad Insurance", "finance", "United Kingdom", "Nigel Barrett"),
    ("Kinetic Robotics", "technology", "South Korea", "Seo-yeon Han"),
    ("City of Rotterdam", "government", "Netherlands", "Femke Visser"),
    ("Solano Vineyards", "food and beverage", "Chile", "Ignacio Vargas"),
    ("Brightpath Learning", "education", "Australia", "Chloe Adams"),
    ("Vitalis Clinical Research", "healthcare", "United States", "Dr. Monica Feld"),
    ("Polaris Aerospace", "manufacturing", "France", "Julien Roux"),
    ("Anadolu Textiles", "manufacturing", "Turkey", "Mehmet Aksoy"),
]
clients = []
for i, (n, ind, country, contact) in enumerate(clients_src):
    since = rdate("2012-01-01", "2023-12-31").isoformat()
    tier = random.choices(["standard", "premium", "enterprise"], weights=[50, 30, 20])[0]
    clients.append((i + 1, n, ind, country, contact, since, tier))
write("clients", ["client_id", "company_name", "industry", "country", "contact_name", "client_since", "account_tier"], clients)

# ---------------- projects ----------------
doc_types = {
    "legal": ["Share Purchase Agreement", "Court Ruling", "Power of Attorney", "NDA Bundle", "Arbitration Brief"],
    "healthcare": ["Patient Information Leaflet", "Clinical Trial Protocol", "Informed Consent Form", "Device Manual"],
    "technology": ["Mobile App Strings", "User Guide", "Release Notes", "Website Localization", "API Reference"],
    "automotive": ["Owner's Manual", "Service Bulletin", "Dealer Training Deck"],
    "retail": ["Product Catalog", "Website Localization", "Marketing Brochure", "Lookbook"],
    "government": ["Tourism Brochure", "Public Notice", "Annual Report"],
    "publishing": ["Novel Manuscript", "Children's Book", "Academic Monograph"],
    "logistics": ["Safety Handbook", "Customs Documentation", "Contract of Carriage"],
    "agriculture": ["Product Label Set", "Annual Report", "Field Trial Report"],
    "finance": ["Annual Report", "Fund Prospectus", "Compliance Policy"],
    "non-profit": ["Donor Newsletter", "Field Report", "Grant Proposal"],
    "energy": ["Environmental Impact Study", "Safety Handbook", "Investor Presentation"],
    "food and beverage": ["Wine Labels", "Marketing Brochure", "Export Certificates"],
    "education": ["E-learning Course", "Teacher Guide", "Student Handbook"],
    "manufacturing": ["Technical Specification", "Operating Manual", "Quality Manual"],
}
spec = {"legal": "legal", "healthcare": "medical", "technology": "technical", "automotive": "technical",
        "retail": "marketing", "government": "general", "publishing": "literary", "logistics": "technical",
        "agriculture": "technical", "finance": "financial", "non-profit": "general", "energy": "technical",
        "food and beverage": "marketing", "education": "general", "manufacturing": "technical"}
client_target = {c[0]: random.choice(["Spanish", "French", "German", "Japanese", "Mandarin Chinese", "Arabic", "Portuguese", "Korean", "Italian"]) for c in clients}
skill_by_lang = {}
for s in skills:
    if s[2] != "intermediate":
        skill_by_lang.setdefault(s[1], []).append(s[0])
projects = []
idle = {36, 16}  # translators with no projects assigned
for k in range(1, 161):
    c = random.choice(clients[:26] if k % 9 else clients)
    ind = c[2]
    src = "English"
    if random.random() < 0.25:
        src = random.choice(["German", "French", "Japanese", "Spanish", "Italian", "Dutch", "Turkish"])
    tgt = client_target[c[0]] if random.random() < 0.45 else random.choice([l[1] for l in languages])
    if tgt == src:
        tgt = "English" if src != "English" else "Spanish"
    cands = [t for t in skill_by_lang.get(lid[tgt], []) if t not in idle]
    assigned = random.choice(cands) if cands else None
    start = rdate("2022-01-10", "2024-12-20")
    wc = random.choice([random.randint(300, 3000), random.randint(3000, 15000), random.randint(15000, 90000)])
    wc = int(round(wc, -1))
    days = max(3, wc // 2500 + random.randint(2, 15))
    rush = random.random() < 0.15
    if rush:
        days = max(2, days // 2)
    due = start + dt.timedelta(days=days)
    if due > dt.date(2024, 12, 15):
        status = random.choice(["in progress", "in progress", "on hold"])
    else:
        status = random.choices(["completed", "cancelled", "on hold"], weights=[88, 8, 4])[0]
    if assigned is None:
        status = "unassigned"
    title = random.choice(doc_types[ind]) + " (" + languages[lid[src] - 1][2].upper() + "-" + languages[lid[tgt] - 1][2].upper() + ")"
    projects.append([c[0], title, lid[src], lid[tgt], assigned, spec[ind], wc, start, due, status, "true" if rush else "false"])
projects.sort(key=lambda p: p[7])
proj_rows = []
for i, p in enumerate(projects):
    proj_rows.append((i + 1, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7].isoformat(), p[8].isoformat(), p[9], p[10]))
write("projects", ["project_id", "client_id", "project_title", "source_lang", "target_lang", "assigned_to", "subject_area", "word_cnt", "start_dt", "due_dt", "status", "is_rush"], proj_rows)

# ---------------- invoices ----------------
rate_of = {t[0]: t[7] for t in translators}
invoices = []
for p in proj_rows:
    if p[10] not in ("completed", "cancelled"):
        continue
    if p[10] == "cancelled" and random.random() < 0.6:
        continue
    price = (rate_of[p[5]] * 1.6 + 0.02) * p[7]
    if p[11] == "true":
        price *= 1.3
    if p[10] == "cancelled":
        price *= 0.25
    price = max(round(price, 2), 45.0)
    inv_dt = dt.date.fromisoformat(p[9]) + dt.timedelta(days=random.randint(0, 6))
    terms = random.choice([15, 30, 30, 45, 60])
    r = random.random()
    if inv_dt > dt.date(2024, 11, 20):
        status, paid = "unpaid", None
    elif r < 0.82:
        status, paid = "paid", (inv_dt + dt.timedelta(days=random.randint(3, terms + 20))).isoformat()
    elif r < 0.92:
        status, paid = "overdue", None
    else:
        status, paid = "disputed", None
    invoices.append((p[0], inv_dt.isoformat(), terms, price, "EUR" if random.random() < 0.3 else "USD", status, paid))
invoices.sort(key=lambda x: x[1])
inv_rows = [(1001 + i,) + inv for i, inv in enumerate(invoices)]
write("invoices", ["invoice_num", "project_id", "invoice_dt", "payment_terms_days", "amt", "currency", "status", "paid_dt"], inv_rows)

# ---------------- reviews ----------------
good = ["Excellent terminology, client very satisfied.", "Accurate and delivered ahead of deadline.",
        "Great style, reads like an original.", "Consistent with the glossary, no issues found.",
        "Very good work, only minor punctuation fixes."]
mid = ["Some terminology inconsistencies, fixed in review.", "Acceptable quality but delivered late.",
       "Several typos found during proofreading.", "Tone too formal for marketing copy."]
bad = ["Major mistranslations in section 3, required rework.", "Missed deadline and glossary not followed.",
       "Client complained about terminology errors."]
reviewers = ["Nadia Petrova", "Tom Ellison", "Aiko Mori", "Rafael Ortiz", "Grace Liu", "Henrik Dahl"]
reviews = []
completed = [p for p in proj_rows if p[10] == "completed"]
for p in random.sample(completed, 95):
    r = random.choices([5, 4, 3, 2, 1], weights=[35, 35, 17, 9, 4])[0]
    comment = random.choice(good if r >= 4 else mid if r == 3 else bad)
    if random.random() < 0.1:
        comment = None
    rdt = (dt.date.fromisoformat(p[9]) + dt.timedelta(days=random.randint(1, 20))).isoformat()
    reviews.append((p[0], random.choice(reviewers), r, rdt, comment))
reviews.sort(key=lambda x: x[3])
rev_rows = [(i + 1,) + r for i, r in enumerate(reviews)]
write("reviews", ["review_id", "project_id", "reviewer_name", "rating", "review_dt", "comments"], rev_rows)
print("done")
