"""Write the CSV tables of the tennis_club database (snake_case columns with _code/_name/_details, a Ref_ lookup table; data written out, deterministic)."""
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


# ---------------------------------------------------------------- Ref_Membership_Types
membership_types = [
    # membership_type_code, membership_type_description, annual_fee
    ("JUN", "Junior", 120),
    ("STU", "Student", 200),
    ("ADU", "Adult", 450),
    ("SEN", "Senior", 300),
    ("FAM", "Family", 780),
    ("OFP", "Off-peak", 260),
]
write("Ref_Membership_Types", ["membership_type_code", "membership_type_description", "annual_fee"], membership_types)

# ---------------------------------------------------------------- Players
players = [
    # player_id, first_name, last_name, gender, date_of_birth, home_city, handedness_code, ranking_points
    (1, "Lena", "Fischer", "F", "1996-04-12", "Bristol", "R", 1840),
    (2, "Oliver", "Grant", "M", "1992-11-03", "Bath", "R", 2210),
    (3, "Priya", "Nair", "F", "2001-07-19", "Bristol", "L", 1560),
    (4, "Callum", "Reid", "M", "1988-02-27", "Cardiff", "R", 1320),
    (5, "Sophie", "Martin", "F", "1999-09-08", "Bath", "R", 1975),
    (6, "Ethan", "Cole", "M", "2003-05-14", "Bristol", "L", 1410),
    (7, "Mia", "Kowalski", "F", "2005-12-01", "Swindon", "R", 890),
    (8, "Lucas", "Moreau", "M", "1985-06-22", "Cardiff", "L", 1105),
    (9, "Isla", "Campbell", "F", "1994-03-30", "Bath", "L", 1690),
    (10, "Noah", "Patel", "M", "2000-10-17", "Bristol", "R", 2045),
    (11, "Ava", "Thompson", "F", "2007-01-25", "Swindon", "R", 640),
    (12, "Jack", "Morgan", "M", "1979-08-09", "Gloucester", "R", 760),
    (13, "Chloe", "Evans", "F", "1990-12-12", "Gloucester", "R", 1150),
    (14, "Ryan", "Brooks", "M", "2002-04-04", "Bristol", "R", 1285),
    (15, "Zara", "Ahmed", "F", "2004-07-07", "Bath", "R", 1020),
    (16, "Felix", "Wagner", "M", "1997-02-18", "Cardiff", "R", 1730),
    (17, "Ruby", "Hughes", "F", "1983-10-10", "Swindon", "L", 955),
    (18, "Samuel", "Price", "M", "2006-03-21", "Cardiff", "R", 585),
]
write("Players", ["player_id", "first_name", "last_name", "gender", "date_of_birth", "home_city", "handedness_code", "ranking_points"], players)

# ---------------------------------------------------------------- Coaches
coaches = [
    # coach_id, coach_name, qualification_code, date_joined, hourly_rate
    (1, "Marco Bellini", "PRO", "2009-04-01", 65),
    (2, "Sarah Whitfield", "LTA3", "2012-09-15", 48),
    (3, "Tomasz Nowak", "LTA2", "2015-01-20", 40),
    (4, "Elena Petrova", "PRO", "2017-06-05", 70),
    (5, "James Osei", "LTA1", "2019-03-11", 30),
    (6, "Hiroshi Sato", "LTA3", "2021-08-23", 52),
    (7, "Laura Jensen", "LTA2", "2023-02-01", 38),
    (8, "Diego Ramirez", "LTA1", "2024-01-15", 28),
]
write("Coaches", ["coach_id", "coach_name", "qualification_code", "date_joined", "hourly_rate"], coaches)

# ---------------------------------------------------------------- Player_Coaches (link Players <-> Coaches)
player_coaches = [
    # player_id, coach_id, date_started
    (1, 1, "2019-05-01"), (1, 4, "2022-01-10"), (2, 1, "2015-03-01"), (2, 6, "2023-04-01"),
    (3, 2, "2018-09-01"), (3, 6, "2023-01-09"), (4, 1, "2016-08-01"), (5, 4, "2020-02-15"),
    (6, 3, "2017-06-01"), (7, 5, "2019-04-01"), (9, 2, "2016-11-20"), (10, 1, "2021-07-01"),
    (11, 5, "2020-09-01"), (13, 7, "2023-06-01"), (14, 3, "2019-01-15"), (15, 6, "2022-03-01"),
    (16, 4, "2018-05-20"), (18, 5, "2021-10-05"),
]
write("Player_Coaches", ["player_id", "coach_id", "date_started"], player_coaches)

# ---------------------------------------------------------------- Courts
courts = [
    # court_id, court_name, surface_type_code, indoor_flag, floodlights_yn, year_built
    (1, "Centre Court", "GRASS", 0, "Y", 1978),
    (2, "Court 2", "GRASS", 0, "N", 1981),
    (3, "Court 3", "CLAY", 0, "Y", 1995),
    (4, "Court 4", "CLAY", 0, "N", 1996),
    (5, "Court 5", "HARD", 0, "Y", 2006),
    (6, "Court 6", "HARD", 0, "Y", 2007),
    (7, "Indoor Court A", "HARD", 1, "Y", 2012),
    (8, "Indoor Court B", "CARPET", 1, "Y", 2015),
    (9, "Practice Court", "CLAY", 0, "N", 2019),
]
write("Courts", ["court_id", "court_name", "surface_type_code", "indoor_flag", "floodlights_yn", "year_built"], courts)

# ---------------------------------------------------------------- Tournaments
tournaments = [
    # tournament_id, tournament_name, tournament_category_code, start_date, end_date, prize_fund, entry_fee
    (1, "Spring Open", "OPEN", "2023-04-15", "2023-04-23", 5000, 35),
    (2, "Summer Cup", "OPEN", "2023-07-08", "2023-07-16", 8000, 40),
    (3, "Junior Championship", "JUNIOR", "2023-08-05", "2023-08-07", 1500, 15),
    (4, "Veterans Trophy", "VETERAN", "2023-09-16", "2023-09-17", 1200, 25),
    (5, "Autumn Cup", "OPEN", "2023-10-14", "2023-10-22", 6000, 40),
    (6, "Club Ladder Finals", "LADDER", "2023-11-25", "2023-11-26", 800, 10),
    (7, "Winter Indoor Classic", "OPEN", "2024-01-20", "2024-01-28", 4500, 30),
    (8, "Easter Invitational", "INVITE", "2024-03-30", "2024-03-31", 3000, 50),
]
write("Tournaments", ["tournament_id", "tournament_name", "tournament_category_code", "start_date", "end_date", "prize_fund", "entry_fee"], tournaments)

# ---------------------------------------------------------------- Matches (winner_id, loser_id -> Players.player_id)
matches = [
    # match_id, tournament_id, court_id, match_date, round_code, winner_id, loser_id, score_details, duration_mins
    (1, 1, 1, "2023-04-18", "QF", 1, 15, "6-3 6-4", 84),
    (2, 1, 2, "2023-04-18", "QF", 5, 13, "6-2 6-1", 61),
    (3, 1, 3, "2023-04-19", "QF", 9, 7, "7-5 6-4", 97),
    (4, 1, 4, "2023-04-19", "QF", 3, 17, "4-6 6-3 6-2", 118),
    (5, 1, 1, "2023-04-21", "SF", 1, 3, "6-4 3-6 7-6", 152),
    (6, 1, 1, "2023-04-21", "SF", 5, 9, "6-4 6-4", 89),
    (7, 1, 1, "2023-04-23", "F", 5, 1, "7-6 4-6 6-3", 141),
    (8, 2, 5, "2023-07-11", "QF", 2, 14, "6-1 6-2", 58),
    (9, 2, 6, "2023-07-11", "QF", 10, 4, "6-4 7-5", 93),
    (10, 2, 5, "2023-07-14", "SF", 2, 16, "6-7 7-6 6-4", 176),
    (11, 2, 6, "2023-07-14", "SF", 10, 8, "6-3 6-2", 72),
    (12, 2, 5, "2023-07-16", "F", 2, 10, "6-4 4-6 7-6", 187),
    (13, 3, 3, "2023-08-06", "SF", 6, 18, "6-2 6-3", 66),
    (14, 3, 4, "2023-08-06", "SF", 15, 11, "6-4 6-2", 79),
    (15, 3, 3, "2023-08-07", "F", 6, 15, "6-3 7-5", 101),
    (16, 4, 2, "2023-09-16", "SF", 8, 12, "6-1 6-4", 70),
    (17, 4, 1, "2023-09-16", "SF", 17, 13, "3-6 6-4 6-4", 133),
    (18, 4, 1, "2023-09-17", "F", 8, 17, "6-4 6-3", 88),
    (19, 5, 3, "2023-10-20", "SF", 9, 1, "6-3 2-6 6-4", 129),
    (20, 5, 4, "2023-10-20", "SF", 5, 3, "6-2 6-4", 76),
    (21, 5, 3, "2023-10-22", "F", 9, 5, "7-5 7-6", 124),
    (22, 6, 7, "2023-11-26", "F", 14, 4, "6-4 6-4", 82),
    (23, 6, 8, "2023-11-26", "F", 13, 7, "6-2 6-3", 69),
    (24, 7, 7, "2024-01-26", "SF", 16, 10, "7-6 6-4", 109),
    (25, 7, 8, "2024-01-26", "SF", 2, 6, "6-3 6-1", 64),
    (26, 7, 7, "2024-01-28", "F", 2, 16, "6-4 3-6 6-2", 136),
    (27, 8, 5, "2024-03-30", "SF", 10, 14, "6-2 7-5", 91),
    (28, 8, 6, "2024-03-31", "F", 2, 10, "6-3 6-4", 95),
]
write("Matches", ["match_id", "tournament_id", "court_id", "match_date", "round_code", "winner_id", "loser_id", "score_details", "duration_mins"], matches)

# ---------------------------------------------------------------- Memberships
memberships = [
    # membership_id, player_id, membership_type_code, date_from, date_to, amount_paid, auto_renew_yn
    (1, 1, "ADU", "2023-01-01", "2023-12-31", 450, "Y"),
    (2, 2, "ADU", "2023-01-01", "2023-12-31", 450, "Y"),
    (3, 3, "STU", "2023-09-01", "2024-08-31", 200, "N"),
    (4, 4, "ADU", "2023-03-01", "2024-02-29", 450, "N"),
    (5, 5, "ADU", "2023-01-01", "2023-12-31", 450, "Y"),
    (6, 6, "JUN", "2023-01-01", "2023-12-31", 120, "Y"),
    (7, 7, "JUN", "2023-04-01", "2024-03-31", 120, "N"),
    (8, 8, "OFP", "2023-06-01", "2024-05-31", 260, "N"),
    (9, 9, "ADU", "2024-01-01", "2024-12-31", 450, "Y"),
    (10, 10, "STU", "2023-10-01", "2024-09-30", 180, "N"),
    (11, 11, "JUN", "2024-01-01", "2024-12-31", 120, "Y"),
    (12, 12, "SEN", "2023-05-01", "2024-04-30", 300, "N"),
    (13, 13, "FAM", "2023-01-01", "2023-12-31", 780, "Y"),
    (14, 14, "STU", "2024-02-01", "2025-01-31", 200, "N"),
    (15, 15, "JUN", "2023-07-01", "2024-06-30", 110, "N"),
    (16, 16, "ADU", "2024-04-01", "2025-03-31", 450, "Y"),
    (17, 17, "SEN", "2023-08-01", "2024-07-31", 300, "Y"),
    (18, 18, "JUN", "2024-03-01", "2025-02-28", 120, "N"),
    (19, 1, "ADU", "2024-01-01", "2024-12-31", 475, "Y"),
    (20, 2, "ADU", "2024-01-01", "2024-12-31", 475, "Y"),
]
write("Memberships", ["membership_id", "player_id", "membership_type_code", "date_from", "date_to", "amount_paid", "auto_renew_yn"], memberships)

print("tables written to", OUT)
