"""Writes tables/*.csv for the canal_trust database (deterministic)."""
import csv, os, random

random.seed(825)
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "tables")
os.makedirs(OUT, exist_ok=True)


def write(name, header, rows):
    with open(os.path.join(OUT, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


canals = [
    # canal_id, canal_name, region, len_miles, yr_opened, max_beam_ft, navigable, owner
    (1, "Kennet and Avon Canal", "South West", 87.0, 1810, 14, "T", "Canal & River Trust"),
    (2, "Leeds and Liverpool Canal", "North West", 127.0, 1816, 14, "T", "Canal & River Trust"),
    (3, "Grand Union Canal", "Midlands", 137.0, 1929, 14, "T", "Canal & River Trust"),
    (4, "Llangollen Canal", "Wales", 46.0, 1808, 7, "T", "Canal & River Trust"),
    (5, "Caledonian Canal", "Highlands", 60.1, 1822, 35, "T", "Scottish Canals"),
    (6, "Forth and Clyde Canal", "Lowlands", 35.0, 1790, 20, "T", "Scottish Canals"),
    (7, "Union Canal", "Lowlands", 31.5, 1824, 12, "T", "Scottish Canals"),
    (8, "Bridgewater Canal", "North West", 39.0, 1761, 14, "T", "Bridgewater Canal Company"),
    (9, "Huddersfield Narrow Canal", "North West", 20.0, 1811, 7, "T", "Canal & River Trust"),
    (10, "Staffordshire and Worcestershire Canal", "Midlands", 46.1, 1772, 7, "T", "Canal & River Trust"),
    (11, "Montgomery Canal", "Wales", 33.0, 1797, 7, "F", "Canal & River Trust"),
    (12, "Chesterfield Canal", "Midlands", 46.2, 1777, 7, "F", None),
    (13, "Lancaster Canal", "North West", 41.0, 1799, 14, "T", "Canal & River Trust"),
    (14, "Basingstoke Canal", "South East", 32.0, 1794, 13, "F", "Basingstoke Canal Authority"),
]
write("canals", ["canal_id", "canal_name", "region", "len_miles", "yr_opened", "max_beam_ft",
                 "navigable", "owner"], canals)

locks = [
    # lock_id, lock_name, canal_id, rise_ft, lock_type, yr_built, listed
    (1, "Caen Hill Lock 29", 1, 7.9, "Single", 1810, 1),
    (2, "Caen Hill Lock 44", 1, 8.2, "Single", 1810, 1),
    (3, "Bath Deep Lock", 1, 19.4, "Single", 1976, 0),
    (4, "Crofton Top Lock", 1, 7.7, "Single", 1809, 0),
    (5, "Bingley Five Rise", 2, 59.2, "Staircase", 1774, 1),
    (6, "Bingley Three Rise", 2, 30.0, "Staircase", 1774, 1),
    (7, "Wigan Lock 85", 2, 8.0, "Single", 1816, 0),
    (8, "Hatton Lock 1", 3, 6.5, "Single", 1934, 0),
    (9, "Foxton Staircase", 3, 75.0, "Staircase", 1814, 1),
    (10, "Stoke Bruerne Top Lock", 3, 7.1, "Single", 1805, 1),
    (11, "Grindley Brook Staircase", 4, 19.8, "Staircase", 1805, 1),
    (12, "New Marton Lock", 4, 6.2, "Single", 1804, 0),
    (13, "Neptune's Staircase", 5, 64.0, "Staircase", 1811, 1),
    (14, "Fort Augustus Locks", 5, 40.0, "Staircase", 1822, 1),
    (15, "Dochgarroch Lock", 5, 3.5, "Single", 1822, 0),
    (16, "Lock 16", 6, 8.5, "Single", 1790, 0),
    (17, "Maryhill Locks", 6, 10.2, "Double", 1790, 1),
    (18, "Roughcastle Lock", 7, 11.0, "Double", 2002, 0),
    (19, "Hulme Lock", 8, 12.3, "Single", 1838, 0),
    (20, "Slaithwaite Lock 24E", 9, 9.4, "Single", 1811, 0),
    (21, "Sowerby Guillotine Lock", 9, 4.6, "Guillotine", 2001, 0),
    (22, "The Bratch Top Lock", 10, 10.8, "Single", 1772, 1),
    (23, "Stourton Junction Lock", 10, 7.3, "Single", 1772, 0),
    (24, "Frankton Staircase", 11, 12.1, "Staircase", 1796, 1),
    (25, "Shireoaks Lock", 12, 6.8, "Single", 1777, 0),
    (26, "Thorpe Treble Locks", 12, 25.0, "Staircase", 1777, 1),
    (27, "Tewitfield Lock 8", 13, 7.4, "Single", 1819, 0),
    (28, "St Johns Lock", 14, 6.6, "Single", 1794, 0),
]
write("locks", ["lock_id", "lock_name", "canal_id", "rise_ft", "lock_type", "yr_built", "listed"], locks)

keepers = [
    # keeper_id, fname, lname, age, yrs_service, home_lock, shift
    (1, "George", "Hartley", 58, 32, 1, "Day"),
    (2, "Margaret", "Ellis", 47, 19, 5, "Day"),
    (3, "Colin", "McLeod", 63, 38, 13, "Day"),
    (4, "Fiona", "Grant", 39, 11, 14, "Night"),
    (5, "Dave", "Thornton", 51, 24, 9, "Day"),
    (6, "Pete", "Ashworth", 44, 15, 7, "Night"),
    (7, "Susan", "Bradley", 35, 7, 2, "Relief"),
    (8, "Hamish", "Fraser", 55, 28, 17, "Night"),
    (9, "Rhys", "Morgan", 29, 4, 11, "Relief"),
    (10, "Karen", "Whitfield", 52, 22, 22, "Day"),
    (11, "Alan", "Briggs", 67, 30, 19, "Relief"),
    (12, "Joanne", "Pike", 41, 13, 26, "Night"),
    (13, "Owen", "Pritchard", 33, 9, 24, "Day"),
    (14, "Ian", "Shaw", 26, 2, 3, "Relief"),
]
write("keepers", ["keeper_id", "fname", "lname", "age", "yrs_service", "home_lock", "shift"], keepers)

boats = [
    # boat_id, boat_name, boat_type, len_ft, owner_name, home_canal, reg_yr
    (1, "Wild Rose", "Narrowboat", 57, "Tom Fletcher", 1, 2012),
    (2, "Kingfisher", "Narrowboat", 62, "Jane Marsh", 2, 2008),
    (3, "Ellen May", "Widebeam", 60, "Black Prince Holidays", 1, 2016),
    (4, "Tudor Rose", "Narrowboat", 70, "Alan Cheshire", 3, 2001),
    (5, "Otter", "Cruiser", 28, "Peter Lamb", 5, 2015),
    (6, "Dunlin", "Narrowboat", 45, "Ruth Okafor", 10, 2019),
    (7, "Lady of Avalon", "Widebeam", 66, "Black Prince Holidays", 3, 2018),
    (8, "Rose of Sharon", "Narrowboat", 50, "Mary Hughes", 4, 2010),
    (9, "Morning Star", "Dutch barge", 64, "Hans de Vries", 6, 2005),
    (10, "Puffin", "Cruiser", 23, "Callum Ross", 7, 2021),
    (11, "Heron", "Narrowboat", 72, "Steve Price", 9, 1998),
    (12, "The Wanderer", "Widebeam", 58, "Ellie Thorpe", 2, 2020),
    (13, "Badger", "Narrowboat", 40, "Jim Walsh", 8, 2003),
    (14, "Silver Birch", "Widebeam", 68, "Canal Cruises Ltd", 5, 2017),
    (15, "Moonshadow", "Narrowboat", 55, "Nina Patel", 13, 2014),
    (16, "Jolly Roger", "Cruiser", 31, "Frank Dobson", 2, 2009),
    (17, "Marigold", "Dutch barge", 67, "Canal Cruises Ltd", 3, 2011),
    (18, "Swift", "Narrowboat", 35, "Gwen Evans", 10, 2022),
]
write("boats", ["boat_id", "boat_name", "boat_type", "len_ft", "owner_name", "home_canal", "reg_yr"], boats)

# lock passages: boats mostly use locks on or near their home canal
lock_ids_by_canal = {}
for l in locks:
    lock_ids_by_canal.setdefault(l[2], []).append(l[0])
near = {1: [1], 2: [2], 3: [3, 10, 1], 4: [4, 11], 5: [5], 6: [6, 7], 7: [7, 6], 8: [8, 2, 1],
        9: [9, 2], 10: [10, 3], 13: [13, 2]}
never_used = {15, 23, 28, 25}          # locks nobody passed through
passages = []
pid = 1
for b in boats:
    bid, home = b[0], b[5]
    n = random.randint(1, 4)
    for _ in range(n):
        canal = random.choice(near[home])
        options = [x for x in lock_ids_by_canal[canal] if x not in never_used]
        lock = random.choice(options)
        month = random.randint(4, 9)
        day = random.randint(1, 28)
        keeper = None if random.random() < 0.2 else random.randint(1, 14)
        direction = random.choice(["Up", "Down"])
        wait = random.randint(0, 45)
        passages.append([pid, bid, lock, keeper, f"2023-{month:02d}-{day:02d}", direction, wait])
        pid += 1
write("lock_passages", ["passage_id", "boat_id", "lock_id", "keeper_id", "passage_date", "direction",
                        "wait_mins"], passages)
print("wrote", len(passages), "passages")
