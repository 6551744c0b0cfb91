"""Deterministic generator for the vet_clinic test database."""
import csv
import os
import random
from datetime import date, timedelta

random.seed(20240611)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


def rdate(start, end):
    d0 = date.fromisoformat(start)
    d1 = date.fromisoformat(end)
    return d0 + timedelta(days=random.randint(0, (d1 - d0).days))


# ---------------- species ----------------
species = [
    # id, common_name, animal_class, avg_lifespan_yr, is_exotic
    (1, "Dog", "Mammal", 12.5, False),
    (2, "Cat", "Mammal", 15.0, False),
    (3, "Rabbit", "Mammal", 9.0, False),
    (4, "Guinea Pig", "Mammal", 6.0, False),
    (5, "Hamster", "Mammal", 2.5, False),
    (6, "Budgerigar", "Bird", 7.0, True),
    (7, "Cockatiel", "Bird", 18.0, True),
    (8, "Bearded Dragon", "Reptile", 11.0, True),
    (9, "Leopard Gecko", "Reptile", 17.0, True),
    (10, "Ferret", "Mammal", 7.5, True),
    (11, "Corn Snake", "Reptile", 20.0, True),
]
write("species", ["species_id", "common_name", "animal_class", "avg_lifespan_yr", "is_exotic"],
      [(a, b, c, d, "true" if e else "false") for a, b, c, d, e in species])

# ---------------- owners ----------------
first = ["Margaret", "Tom", "Priya", "Declan", "Sophie", "Ahmed", "Hannah", "Lucas", "Eilidh", "Marcus",
         "Chloe", "Rajesh", "Fiona", "Oliver", "Grace", "Kwame", "Isabel", "Niall", "Yasmin", "George",
         "Beatrice", "Samuel", "Aoife", "Daniel", "Megan", "Tariq", "Rosa", "Callum", "Helen", "Joseph",
         "Zara", "Patrick", "Lily", "Ewan", "Nadia", "Frederick", "Amara", "Stuart", "Chen", "Victoria",
         "Harriet", "Owen", "Leah", "Ibrahim", "Ruth", "Dominic", "Maya", "Graham", "Alice", "Kieran",
         "Emma", "Rhys", "Ngozi", "Peter", "Imogen", "Connor", "Sana", "Martin"]
last = ["Whitfield", "Okafor", "Sharma", "Byrne", "Lambert", "Hussain", "Greenwood", "Moreau", "MacLeod",
        "Pennington", "Fairbairn", "Patel", "Doherty", "Ashworth", "Kowalski", "Mensah", "Castillo",
        "O'Brien", "Rahman", "Thornton", "Holloway", "Adeyemi", "Gallagher", "Reid", "Llewellyn", "Qureshi",
        "Ferreira", "Drummond", "Baxter", "Nolan", "Campbell", "Sutherland", "Harper", "Wong", "Fletcher",
        "Barker", "Henderson", "Brennan", "Clarke", "Abbott"]
cities = ["Leeds"] * 6 + ["York"] * 4 + ["Harrogate"] * 3 + ["Wakefield"] * 3 + ["Bradford"] * 3 + ["Otley", "Ilkley", "Selby"]
streets = ["Mill Lane", "Church Street", "Park Road", "Station Road", "Victoria Terrace", "Kings Avenue",
           "Elm Grove", "Holly Bank", "Westgate", "Moor Road", "Chapel Close", "Orchard Way", "High Street",
           "Beech Crescent", "Riverside Drive"]
owners = []
used_names = set()
for oid in range(1, 59):
    while True:
        fn = first[oid - 1]
        ln = random.choice(last)
        if (fn, ln) not in used_names:
            used_names.add((fn, ln))
            break
    city = random.choice(cities)
    addr = f"{random.randint(1, 140)} {random.choice(streets)}"
    phone = f"07{random.randint(100, 999)} {random.randint(100000, 999999)}"
    dom = random.choice(["gmail.com", "outlook.com", "yahoo.co.uk", "btinternet.com", "hotmail.co.uk"])
    email = f"{fn.lower()}.{ln.lower().replace(chr(39), '')}@{dom}" if random.random() > 0.12 else None
    reg = rdate("2015-01-01", "2023-06-30").isoformat()
    owners.append((oid, fn, ln, addr, city, phone, email, reg))
write("owners", ["owner_id", "first_name", "last_name", "street_address", "city", "phone", "email", "registered_dt"], owners)

# ---------------- vets ----------------
vets = [
    # vet_id, first_name, last_name, specialty, branch, hire_dt, hourly_rate, license_num
    (1, "Eleanor", "Vance", "General Practice", "Northside", "2012-03-05", 58.50, "RCVS-104233"),
    (2, "Rupert", "Stanhope", "Surgery", "Northside", "2009-09-14", 82.00, "RCVS-098871"),
    (3, "Anjali", "Mehta", "Dentistry", "Riverside", "2016-01-11", 64.25, "RCVS-113902"),
    (4, "Brendan", "Kearney", "General Practice", "Riverside", "2019-06-03", 52.00, "RCVS-120457"),
    (5, "Ingrid", "Solberg", "Exotics", "Old Town", "2014-04-22", 71.75, "RCVS-109318"),
    (6, "Matthew", "Osei", "Dermatology", "Old Town", "2018-10-01", 66.00, "RCVS-118640"),
    (7, "Catriona", "Dunbar", "General Practice", "Old Town", "2021-02-15", 49.50, "RCVS-127003"),
    (8, "Felix", "Aldridge", "Internal Medicine", "Northside", "2011-07-18", 75.40, "RCVS-101562"),
    (9, "Sunita", "Rao", "Surgery", "Riverside", "2020-08-24", 79.00, "RCVS-124119"),
]
write("vets", ["vet_id", "first_name", "last_name", "specialty", "branch", "hire_dt", "hourly_rate", "license_num"], vets)

# ---------------- pets ----------------
pet_names = ["Biscuit", "Luna", "Max", "Bella", "Pepper", "Milo", "Daisy", "Oscar", "Willow", "Rocky",
             "Poppy", "Jasper", "Mabel", "Teddy", "Nala", "Ziggy", "Hazel", "Bramble", "Rufus", "Clover",
             "Shadow", "Maple", "Archie", "Pickle", "Smudge", "Ginger", "Boris", "Coco", "Sable", "Hugo",
             "Tilly", "Chester", "Nutmeg", "Percy", "Bluebell", "Otis", "Juniper", "Fudge", "Winston", "Olive",
             "Kiwi", "Sunny", "Spike", "Ember", "Noodle", "Pip", "Marley", "Rosie", "Bandit", "Truffle",
             "Hector", "Lottie", "Monty", "Pumpkin", "Basil", "Frankie", "Dexter", "Saffron", "Tofu", "Mochi",
             "Humphrey", "Wilma", "Gizmo", "Loki", "Mittens", "Paddington", "Scout", "Nessie", "Cleo", "Binky",
             "Alfie", "Misty", "Buster", "Honey", "Digby", "Peaches", "Ziggy Stardust", "Toffee", "Barnaby", "Dotty",
             "Custard", "Raven", "Sherlock", "Pebbles", "Fern", "Bonnie", "Gus", "Lady", "Apollo", "Skye",
             "Crumpet", "Merlin", "Flossie", "Kip", "Dumpling"]
breeds = {
    1: ["Labrador Retriever", "Border Collie", "Cocker Spaniel", "Staffordshire Bull Terrier", "Dachshund",
        "French Bulldog", "Golden Retriever", "Jack Russell Terrier", "Whippet", "German Shepherd", None],
    2: ["British Shorthair", "Maine Coon", "Siamese", "Ragdoll", "Bengal", "Domestic Shorthair", None],
    3: ["Netherland Dwarf", "Holland Lop", "Rex", None],
    4: ["Abyssinian", "Peruvian", None],
    5: ["Syrian", "Roborovski", None],
    6: [None], 7: [None], 8: [None], 9: [None], 10: [None], 11: [None],
}
weight_range = {1: (4.0, 38.0), 2: (2.8, 7.5), 3: (1.0, 3.2), 4: (0.7, 1.3), 5: (0.03, 0.2), 6: (0.03, 0.05),
                7: (0.08, 0.12), 8: (0.3, 0.6), 9: (0.05, 0.09), 10: (0.7, 2.0), 11: (0.4, 1.2)}
species_weights = [30, 24, 8, 5, 3, 4, 3, 4, 3, 3, 2]
pets = []
pet_species = {}
for pid in range(1, 96):
    sid = random.choices(range(1, 12), weights=species_weights)[0]
    if pid <= 11:
        sid = pid  # make sure every species has at least one pet
    owner = random.randint(1, 58) if pid > 58 else pid
    breed = random.choice(breeds[sid])
    dob = rdate("2008-01-01", "2023-09-30").isoformat()
    sex = random.choice(["M", "F"])
    lo, hi = weight_range[sid]
    wt = round(random.uniform(lo, hi), 2 if hi < 1 else 1)
    chip = f"9826{random.randint(10**10, 10**11 - 1)}" if sid in (1, 2, 10) or random.random() < 0.2 else None
    neut = "true" if (sid in (1, 2, 3, 10) and random.random() < 0.7) else "false"
    pets.append((pid, pet_names[pid - 1], sid, breed, owner, dob, sex, wt, chip, neut))
    pet_species[pid] = sid
write("pets", ["pet_id", "pet_name", "species_id", "breed", "owner_id", "dob", "sex", "weight_kg", "microchip_num", "is_neutered"], pets)

# ---------------- appointments ----------------
reasons = ["Annual check-up", "Vaccination booster", "Limping", "Skin irritation", "Dental cleaning",
           "Vomiting", "Ear infection", "Weight loss", "Post-op review", "Eye discharge", "Lump check",
           "Nail trim", "Itching and hair loss", "Not eating", "Spay surgery", "Castration", "Coughing",
           "Broken claw", "Diarrhoea", "Behaviour consultation"]
exotic_vets = [5]
appts = []
for aid in range(1, 241):
    pid = random.randint(1, 95)
    sid = pet_species[pid]
    if sid >= 6 and random.random() < 0.8:
        vet = 5
    else:
        vet = random.choices(range(1, 10), weights=[16, 8, 7, 14, 5, 7, 12, 9, 6])[0]
    dt = rdate("2023-01-02", "2024-12-20")
    if dt >= date(2024, 12, 1):
        status = random.choice(["Scheduled", "Scheduled", "Cancelled"])
    else:
        status = random.choices(["Completed", "Cancelled", "No-show"], weights=[82, 11, 7])[0]
    reason = random.choice(reasons)
    dur = random.choice([15, 15, 20, 30, 30, 45, 60]) if "surgery" not in reason.lower() and reason != "Castration" else random.choice([90, 120])
    appts.append([aid, pid, vet, dt.isoformat(), reason, status, dur])
appts.sort(key=lambda r: (r[3], r[0]))
for i, r in enumerate(appts, start=1):
    r[0] = i
write("appointments", ["appt_id", "pet_id", "seen_by", "appt_dt", "reason", "status", "duration_min"], appts)

# ---------------- treatments ----------------
catalogue = {
    "Vaccination": [("Rabies vaccine", 38.00), ("DHPP booster", 42.50), ("Feline leukaemia vaccine", 39.00),
                    ("Myxomatosis vaccine", 31.00), ("Kennel cough vaccine", 29.50)],
    "Medication": [("Amoxicillin course", 18.75), ("Meloxicam pain relief", 22.40), ("Flea and worm treatment", 15.90),
                   ("Prednisolone tablets", 14.20), ("Ear drops", 12.60), ("Eye ointment", 11.80)],
    "Diagnostic": [("Blood panel", 96.00), ("X-ray", 145.00), ("Ultrasound scan", 180.00), ("Urinalysis", 48.00),
                   ("Skin scraping", 55.00)],
    "Surgery": [("Spay", 320.00), ("Castration", 210.00), ("Lump removal", 385.00), ("Fracture repair", 1150.00)],
    "Dental": [("Scale and polish", 240.00), ("Tooth extraction", 165.00)],
    "Procedure": [("Nail clipping", 12.00), ("Wound dressing", 34.00), ("Microchipping", 25.00), ("Anal gland expression", 27.50)],
}
cat_names = list(catalogue)
treat = []
tid = 0
appt_total = {}
for a in appts:
    aid, pid, vet, dt, reason, status, dur = a
    if status != "Completed":
        continue
    n = random.choices([0, 1, 1, 2, 2, 3], k=1)[0]
    total = 0.0
    used = set()
    for _ in range(n):
        if reason in ("Spay surgery", "Castration") and "Surgery" not in used:
            cat = "Surgery"
            name, price = catalogue[cat][0 if reason == "Spay surgery" else 1]
        elif reason == "Dental cleaning" and "Dental" not in used:
            cat = "Dental"
            name, price = catalogue[cat][0]
        elif reason == "Vaccination booster" and "Vaccination" not in used:
            cat = "Vaccination"
            name, price = random.choice(catalogue[cat])
        else:
            cat = random.choices(cat_names, weights=[4, 8, 5, 1, 1, 4])[0]
            name, price = random.choice(catalogue[cat])
        if name in used:
            continue
        used.add(cat)
        used.add(name)
        qty = 1 if cat in ("Surgery", "Diagnostic", "Dental", "Vaccination") else random.choice([1, 1, 2, 3])
        tid += 1
        treat.append((tid, aid, name, cat, qty, f"{price:.2f}"))
        total += qty * price
    appt_total[aid] = total
write("treatments", ["treatment_id", "appt_id", "treatment_name", "treatment_type", "qty", "unit_price"], treat)

# ---------------- invoices ----------------
CONSULT = 45.00
inv = []
iid = 1000
for a in appts:
    aid, pid, vet, dt, reason, status, dur = a
    if status != "Completed":
        continue
    iid += 1
    d = date.fromisoformat(dt) + timedelta(days=random.choice([0, 0, 0, 1, 2]))
    net = round(CONSULT + appt_total[aid], 2)
    tax = round(net * 0.2, 2)
    total = round(net + tax, 2)
    if d >= date(2024, 11, 1):
        paid = random.choice(["Unpaid", "Paid", "Unpaid", "Part paid"])
    else:
        paid = random.choices(["Paid", "Unpaid", "Part paid"], weights=[88, 6, 6])[0]
    method = None if paid == "Unpaid" else random.choices(["Card", "Cash", "Insurance", "Bank transfer"], weights=[50, 10, 30, 10])[0]
    due = d + timedelta(days=30)
    inv.append((iid, aid, d.isoformat(), due.isoformat(), f"{net:.2f}", f"{tax:.2f}", f"{total:.2f}", paid, method))
write("invoices", ["invoice_id", "appt_id", "invoice_dt", "due_dt", "net_amt", "tax_amt", "total_amt", "paid_status", "payment_method"], inv)

print({"species": len(species), "owners": len(owners), "vets": len(vets), "pets": len(pets),
       "appointments": len(appts), "treatments": len(treat), "invoices": len(inv)})
