"""Write the CSV tables of the dog_show database (Capitalized_With_Underscores, singular tables; deterministic)."""
import csv, os, random

random.seed(20731)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


# ---------------------------------------------------------------- Owner
owners = [
    # Owner_ID, First_Name, Last_Name, Home_Town, Join_Year, Is_Club_Member
    (1, "Margaret", "Ellison", "Leeds", 2004, "Y"),
    (2, "Tom", "Hargreaves", "York", 2011, "N"),
    (3, "Priya", "Shah", "Leeds", 2016, "Y"),
    (4, "Alan", "Whitfield", "Harrogate", 1998, "Y"),
    (5, "Judith", "Carr", "York", 2008, "Y"),
    (6, "Gareth", "Lloyd", "Chester", 2019, "N"),
    (7, "Fiona", "McLeod", "Chester", 2013, "Y"),
    (8, "Ken", "Moody", "Leeds", 2021, "N"),
    (9, "Sarah", "Brennan", "Harrogate", 2006, "Y"),
    (10, "Ravi", "Patel", "York", 2017, "N"),
    (11, "Helen", "Ashworth", "Leeds", 2001, "Y"),
    (12, "Colin", "Dobbs", "Scarborough", 2022, "N"),
    (13, "Anne", "Fairley", "Scarborough", 2010, "Y"),
    (14, "Peter", "Quayle", "Chester", 2015, "N"),
    (15, "Brian", "Holt", "Harrogate", 2023, "N"),
]
write("Owner", ["Owner_ID", "First_Name", "Last_Name", "Home_Town", "Join_Year", "Is_Club_Member"], owners)

# ---------------------------------------------------------------- Breed
breeds = [
    # Breed_ID, Breed_Name, Breed_Group, Origin_Country, Life_Expectancy, Avg_Height_Cm
    (1, "Border Collie", "Pastoral", "Scotland", 13, 53),
    (2, "Labrador Retriever", "Gundog", "Canada", 12, 57),
    (3, "Whippet", "Hound", "England", 14, 47),
    (4, "Beagle", "Hound", "England", 13, 38),
    (5, "Cavalier King Charles Spaniel", "Toy", "England", 11, 31),
    (6, "German Shepherd", "Pastoral", "Germany", 11, 62),
    (7, "Staffordshire Bull Terrier", "Terrier", "England", 13, 37),
    (8, "Dachshund", "Hound", "Germany", 14, 23),
    (9, "Golden Retriever", "Gundog", "Scotland", 11, 58),
    (10, "Shetland Sheepdog", "Pastoral", "Scotland", 13, 36),
    (11, "Bernese Mountain Dog", "Working", "Switzerland", 8, 66),
    (12, "Pug", "Toy", "China", 13, 30),
    (13, "West Highland White Terrier", "Terrier", "Scotland", 14, 27),
    (14, "Afghan Hound", "Hound", "Afghanistan", 12, 70),
    (15, "English Springer Spaniel", "Gundog", "England", 13, 51),
]
write("Breed", ["Breed_ID", "Breed_Name", "Breed_Group", "Origin_Country", "Life_Expectancy", "Avg_Height_Cm"], breeds)

# ---------------------------------------------------------------- Dog
dogs = [
    # Dog_ID, Call_Name, Breed_ID, Owner, Sex, Birth_Year, Weight_Kg, Is_Champion
    (1, "Bracken", 1, 1, "M", 2018, 19.5, "Y"),
    (2, "Willow", 3, 1, "F", 2020, 12.8, "N"),
    (3, "Monty", 2, 2, "M", 2017, 34.2, "Y"),
    (4, "Poppy", 5, 3, "F", 2021, 7.9, "N"),
    (5, "Rolo", 8, 3, "M", 2019, 9.6, "N"),
    (6, "Kaiser", 6, 4, "M", 2016, 38.7, "Y"),
    (7, "Skye", 10, 4, "F", 2020, 8.4, "Y"),
    (8, "Bonnie", 9, 5, "F", 2018, 29.8, "Y"),
    (9, "Biscuit", 4, 6, "M", 2022, 11.3, "N"),
    (10, "Hamish", 13, 7, "M", 2019, 8.1, "N"),
    (11, "Tilly", 13, 7, "F", 2021, 7.2, "N"),
    (12, "Duke", 7, 8, "M", 2020, 16.9, "N"),
    (13, "Luna", 1, 9, "F", 2019, 17.4, "Y"),
    (14, "Pepper", 12, 10, "F", 2022, 7.6, "N"),
    (15, "Ziggy", 14, 11, "M", 2017, 26.5, "Y"),
    (16, "Saffron", 14, 11, "F", 2019, 24.1, "N"),
    (17, "Mabel", 5, 11, "F", 2018, 8.3, "Y"),
    (18, "Bruno", 11, 12, "M", 2021, 47.3, "N"),
    (19, "Nell", 15, 13, "F", 2016, 20.2, "Y"),
    (20, "Archie", 2, 13, "M", 2022, 31.6, "N"),
    (21, "Fern", 3, 14, "F", 2018, 13.5, "Y"),
    (22, "Otto", 8, 2, "M", 2021, 10.4, "N"),
    (23, "Maple", 10, 9, "F", 2017, 9.1, "N"),
    (24, "Rex", 6, 6, "M", 2019, 35.9, "N"),
    (25, "Hazel", 4, 5, "F", 2020, 10.9, "N"),
    (26, "Jasper", 15, 1, "M", 2021, 22.7, "N"),
    (27, "Clover", 9, 10, "F", 2023, 27.4, "N"),
    (28, "Bramble", 7, 8, "F", 2017, 14.6, "Y"),
    (29, "Juno", 1, 4, "F", 2022, 15.8, "N"),
    (30, "Basil", 12, 3, "M", 2020, 8.8, "N"),
    (31, "Winston", 11, 11, "M", 2016, 49.1, "Y"),
    (32, "Scout", 3, 14, "M", 2023, 13.1, "N"),
    (33, "Flint", 1, 7, "M", 2023, 18.2, "N"),
]
write("Dog", ["Dog_ID", "Call_Name", "Breed_ID", "Owner", "Sex", "Birth_Year", "Weight_Kg", "Is_Champion"], dogs)

# ---------------------------------------------------------------- Judge
judges = [
    # Judge_ID, Judge_Name, Nationality, First_Licensed, Is_All_Rounder
    (1, "Dorothy Kemp", "England", 1988, "Y"),
    (2, "Hamish Grant", "Scotland", 1995, "N"),
    (3, "Ingrid Solberg", "Norway", 2002, "N"),
    (4, "Michael O'Hara", "Ireland", 1991, "Y"),
    (5, "Brenda Tully", "England", 2009, "N"),
    (6, "Rafael Ortiz", "Spain", 2005, "Y"),
    (7, "Catherine Ames", "England", 1999, "N"),
    (8, "Owen Price", "Wales", 2014, "N"),
    (9, "Yvonne Marchetti", "Italy", 2011, "N"),
]
write("Judge", ["Judge_ID", "Judge_Name", "Nationality", "First_Licensed", "Is_All_Rounder"], judges)

# ---------------------------------------------------------------- Dog_Show
shows = [
    # Show_ID, Show_Name, Venue_City, Show_Date, Judged_By, Entry_Fee, Is_Indoor
    (1, "Yorkshire Spring Open", "Harrogate", "2023-04-15", 1, 25.00, 0),
    (2, "Leeds City Championship", "Leeds", "2023-05-20", 4, 32.50, 1),
    (3, "Chester Summer Fair Show", "Chester", "2023-07-08", 2, 18.00, 0),
    (4, "North Coast Companion Show", "Scarborough", "2023-08-19", 5, 12.50, 0),
    (5, "Autumn Hound Festival", "York", "2023-10-07", 7, 22.00, 0),
    (6, "Winter Indoor Classic", "Leeds", "2023-12-02", 1, 35.00, 1),
    (7, "Harrogate Spring Open", "Harrogate", "2024-04-13", 6, 26.00, 0),
    (8, "Pennine Terrier Day", "Skipton", "2024-05-25", 8, 15.00, 0),
    (9, "Leeds Premier Championship", "Leeds", "2024-06-22", 4, 38.00, 1),
    (10, "Chester Charity Fun Show", "Chester", "2024-09-14", 5, 10.00, 0),
    (11, "York Indoor Winter Show", "York", "2024-11-30", 1, 30.00, 1),
]
write("Dog_Show", ["Show_ID", "Show_Name", "Venue_City", "Show_Date", "Judged_By", "Entry_Fee", "Is_Indoor"], shows)

# ---------------------------------------------------------------- Entry
breed_of = {d[0]: d[2] for d in dogs}
group_of = {b[0]: b[2] for b in breeds}
birth = {d[0]: d[5] for d in dogs}
never = {18, 27, 33}  # never entered
size = {1: 6, 2: 6, 3: 5, 4: 5, 5: 6, 6: 6, 7: 5, 8: 4, 9: 6, 10: 5, 11: 6}
entries = []
scores_seen = set()
for s in shows:
    sid, year = s[0], int(s[3][:4])
    pool = [d[0] for d in dogs if d[0] not in never and birth[d[0]] < year]
    if sid == 5:
        pool = [d for d in pool if group_of[breed_of[d]] == "Hound"]
    elif sid == 8:
        pool = [d for d in pool if group_of[breed_of[d]] == "Terrier"]
    chosen = random.sample(pool, min(size[sid], len(pool)))
    rows = []
    for d in chosen:
        sc = round(random.uniform(71, 98), 1)
        while sc in scores_seen:
            sc = round(sc + 0.3, 1)
        scores_seen.add(sc)
        rows.append([sid, d, sc, None])
    rows.sort(key=lambda r: -r[2])
    for k, r in enumerate(rows, 1):
        r[3] = k
    random.shuffle(rows)
    entries.extend(rows)
write("Entry", ["Show_ID", "Dog_ID", "Score", "Placement"], entries)
print(len(owners), "owners", len(breeds), "breeds", len(dogs), "dogs", len(judges), "judges", len(shows), "shows",
      len(entries), "entries")
