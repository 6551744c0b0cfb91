"""Deterministic generator for the falconry_centre database (Capitalized_With_Underscores convention)."""
import csv, os, random

random.seed(4417)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


species = [
    (1, "Peregrine Falcon", "Falco peregrinus", "Falcon", 120, "Least Concern", "Worldwide"),
    (2, "Gyrfalcon", "Falco rusticolus", "Falcon", 131, "Least Concern", "Arctic"),
    (3, "Saker Falcon", "Falco cherrug", "Falcon", 126, "Endangered", "Central Asia"),
    (4, "Lanner Falcon", "Falco biarmicus", "Falcon", 107, "Least Concern", "Africa"),
    (5, "Common Kestrel", "Falco tinnunculus", "Falcon", 82, "Least Concern", "Europe"),
    (6, "Harris's Hawk", "Parabuteo unicinctus", "Hawk", 118, "Least Concern", "Americas"),
    (7, "Red-tailed Hawk", "Buteo jamaicensis", "Hawk", 141, "Least Concern", "North America"),
    (8, "Northern Goshawk", "Accipiter gentilis", "Hawk", 115, "Least Concern", "Europe"),
    (9, "Eurasian Eagle-Owl", "Bubo bubo", "Owl", 188, "Least Concern", "Europe"),
    (10, "Barn Owl", "Tyto alba", "Owl", 95, "Least Concern", "Worldwide"),
    (11, "Snowy Owl", "Bubo scandiacus", "Owl", 166, "Vulnerable", "Arctic"),
    (12, "Golden Eagle", "Aquila chrysaetos", "Eagle", 220, "Least Concern", "Northern Hemisphere"),
    (13, "Steppe Eagle", "Aquila nipalensis", "Eagle", 213, "Endangered", "Central Asia"),
    (14, "Red Kite", "Milvus milvus", "Kite", 179, "Near Threatened", "Europe"),
    (15, "Hooded Vulture", "Necrosyrtes monachus", "Vulture", 171, "Critically Endangered", "Africa"),
    (16, "Burrowing Owl", "Athene cunicularia", "Owl", 61, "Least Concern", "Americas"),
]
write("Species", ["Species_ID", "Common_Name", "Scientific_Name", "Bird_Family", "Max_Wingspan_cm",
                  "Conservation_Status", "Native_Region"], species)

handlers = [
    (101, "Tom", "Hargreaves", "1968-03-14", "M", 31, "Master", "Ludlow"),
    (102, "Sarah", "Whitcombe", "1985-07-22", "F", 14, "Senior", "Leominster"),
    (103, "Dylan", "Price", "1992-11-05", "M", 8, "Senior", "Knighton"),
    (104, "Megan", "Lloyd", "1999-01-30", "F", 3, "Junior", "Ludlow"),
    (105, "Callum", "Ashby", "1979-05-17", "M", 19, "Master", "Hereford"),
    (106, "Priya", "Desai", "1996-09-09", "F", 5, "Junior", "Shrewsbury"),
    (107, "Gareth", "Evans", "1988-12-01", "M", 11, "Senior", "Knighton"),
    (108, "Hannah", "Clarke", "2003-04-18", "F", 1, "Trainee", "Ludlow"),
    (109, "Owen", "Bevan", "2001-08-26", "M", 2, "Trainee", "Leominster"),
    (110, "Isla", "Morgan", "1975-02-11", "F", 24, "Master", "Hereford"),
    (111, "Rhys", "Jenkins", "1994-06-03", "M", 6, "Junior", "Shrewsbury"),
]
write("Handler", ["Handler_ID", "First_Name", "Last_Name", "Date_of_Birth", "Gender", "Years_Experience",
                  "Licence_Level", "Home_Town"], handlers)

# Bird_ID, Bird_Name, Species_ID, Sex, Hatch_Year, Weight_Grams, Is_Imprinted, Primary_Handler, Date_Acquired, Notes
birds = [
    (1, "Blaze", 1, "F", 2015, 1105, "N", 101, "2015-08-02", "Fastest stoop recorded at the centre"),
    (2, "Arrow", 1, "M", 2018, 712, "N", 103, "2018-07-19", None),
    (3, "Frost", 2, "F", 2016, 1690, "Y", 101, "2016-09-11", "Pure white phase"),
    (4, "Khan", 3, "F", 2012, 1242, "N", 105, "2013-03-25", None),
    (5, "Zephyr", 4, "M", 2019, 548, "N", 107, "2019-08-30", None),
    (6, "Pip", 5, "F", 2021, 221, "Y", 104, "2021-07-14", "Hand reared"),
    (7, "Chip", 5, "M", 2020, 187, "N", 108, "2020-08-08", None),
    (8, "Dusty", 6, "F", 2014, 1013, "N", 102, "2014-10-01", "Used for school visits"),
    (9, "Rusty", 6, "M", 2017, 689, "N", 106, "2017-09-16", None),
    (10, "Sage", 6, "F", 2022, 954, "N", 109, "2022-09-03", None),
    (11, "Copper", 7, "M", 2013, 1088, "Y", 107, "2014-01-20", None),
    (12, "Shadow", 8, "F", 2016, 1320, "N", 105, "2016-08-27", "Nervous in crowds"),
    (13, "Bramble", 9, "M", 2011, 2380, "Y", 110, "2011-06-12", None),
    (14, "Luna", 9, "F", 2018, 3105, "Y", 102, "2018-06-30", "Star of the night displays"),
    (15, "Ghost", 10, "M", 2019, 298, "Y", 104, "2019-07-07", None),
    (16, "Willow", 10, "F", 2015, 341, "N", 106, "2015-08-21", None),
    (17, "Nimbus", 11, "F", 2017, 2210, "Y", 110, "2017-10-05", None),
    (18, "Storm", 12, "F", 2010, 5230, "N", 101, "2011-02-14", "Flies only in calm weather"),
    (19, "Atlas", 12, "M", 2016, 3870, "N", 105, "2016-11-29", None),
    (20, "Sultan", 13, "M", 2014, 2960, "N", 110, "2015-04-18", None),
    (21, "Ember", 14, "F", 2020, 1165, "N", 103, "2020-09-22", None),
    (22, "Kestrel Kate", 5, "F", 2016, 236, "N", 102, "2016-07-28", None),
    (23, "Rufus", 14, "M", 2019, 972, "N", 111, "2019-10-10", None),
    (24, "Mossy", 15, "F", 2009, 2045, "N", 110, "2012-05-09", "Retired from flying displays"),
    (25, "Echo", 1, "F", 2022, 1034, "Y", 111, "2022-08-15", None),
    (26, "Hunter", 8, "M", 2020, 905, "N", 107, "2020-09-01", None),
    (27, "Misty", 10, "F", 2023, 322, "Y", 108, "2023-07-19", "Still in training"),
    (28, "Tango", 6, "M", 2019, 731, "N", 103, "2019-09-27", None),
]
write("Bird", ["Bird_ID", "Bird_Name", "Species_ID", "Sex", "Hatch_Year", "Weight_Grams", "Is_Imprinted",
               "Primary_Handler", "Date_Acquired", "Notes"], birds)

# Display_ID, Display_Title, Display_Date, Venue, Lead_Handler, Audience_Size, Weather, Ticket_Price
displays = [
    (1, "Spring Opening Flight", "2023-04-08", "Main Arena", 101, 240, "Sunny", 12.50),
    (2, "Owls at Dusk", "2023-04-22", "Woodland Ring", 110, 95, "Overcast", 10.00),
    (3, "Masters of the Sky", "2023-05-06", "Main Arena", 105, 312, "Sunny", 14.00),
    (4, "Ludlow Food Festival Show", "2023-05-20", "Castle Lawn", 101, 455, "Windy", 0.00),
    (5, "Hawk Walk Experience", "2023-06-03", "Meadow Field", 102, 38, "Sunny", 35.00),
    (6, "Midsummer Raptor Day", "2023-06-24", "Main Arena", 105, 388, "Sunny", 14.00),
    (7, "Owls at Dusk", "2023-07-08", "Woodland Ring", 110, 121, "Light Rain", 10.00),
    (8, "School Holiday Special", "2023-07-29", "Main Arena", 102, 276, "Overcast", 9.50),
    (9, "Eagles Up Close", "2023-08-12", "Meadow Field", 101, 164, "Windy", 16.00),
    (10, "Kington Country Fair", "2023-08-26", "Showground Ring", 107, 512, "Sunny", 0.00),
    (11, "Falcon Speed Trial", "2023-09-09", "Meadow Field", 103, 87, "Sunny", 18.00),
    (12, "Autumn Raptor Day", "2023-09-30", "Main Arena", 105, 203, "Overcast", 12.50),
    (13, "Halloween Owl Night", "2023-10-28", "Woodland Ring", 110, 149, "Light Rain", 11.00),
    (14, "Winter Wings", "2023-12-09", "Main Arena", 102, 66, "Overcast", 8.00),
    (15, "Spring Opening Flight", "2024-04-06", "Main Arena", 103, 257, "Windy", 13.00),
    (16, "Members Preview", "2024-04-20", "Meadow Field", 111, 29, "Sunny", 0.00),
]
write("Flying_Display", ["Display_ID", "Display_Title", "Display_Date", "Venue", "Lead_Handler", "Audience_Size",
                         "Weather", "Ticket_Price"], displays)

# which birds flew in which display
owls = [13, 14, 15, 16, 17, 27]
day_birds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 19, 20, 21, 22, 23, 25, 26, 28]
plan = {
    2: [13, 14, 15, 16],
    7: [14, 15, 17],
    13: [13, 14, 16, 17, 15],
    9: [18, 19, 20, 11, 14],
}
links = []
for d in displays:
    did = d[0]
    if did in plan:
        flock = plan[did]
    else:
        k = random.randint(3, 4)
        flock = random.sample(day_birds, k)
        if random.random() < 0.3:
            flock.append(14 if random.random() < 0.7 else 17)
    for order, bid in enumerate(flock, start=1):
        links.append((did, bid, order, random.randint(4, 18)))
write("Display_Bird", ["Display_ID", "Bird_ID", "Flight_Order", "Flight_Minutes"], links)
print(len(links), "Display_Bird rows")
