"""Source of questions.jsonl (question, gold SQL); run to regenerate questions.jsonl."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import features_of, find_top  # noqa: E402

DB = "bike_coop"
Q = [
    # ---------------- single table
    ("How many members does the co-op have?",
     "SELECT count(*) FROM members"),
    ("List the first and last names of members who live in Riverside.",
     "SELECT first_name, last_name FROM members WHERE neighborhood = 'Riverside'"),
    ("How many members are there in each neighborhood?",
     "SELECT neighborhood, count(*) FROM members GROUP BY neighborhood"),
    ("Count the members in every neighbourhood.",
     "SELECT neighborhood, count(*) FROM members GROUP BY neighborhood"),
    ("Which neighborhood has the most members?",
     "SELECT neighborhood FROM members GROUP BY neighborhood ORDER BY count(*) DESC LIMIT 1"),
    ("What neighbourhood do most of our members come from?",
     "SELECT neighborhood FROM members GROUP BY neighborhood ORDER BY count(*) DESC LIMIT 1"),
    ("What is the total annual fee paid by student members?",
     "SELECT sum(annual_fee_amt) FROM members WHERE membership_type = 'student'"),
    ("Show the names of members who joined between January 1 and December 31, 2024.",
     "SELECT first_name, last_name FROM members WHERE joined_dt BETWEEN '2024-01-01' AND '2024-12-31'"),
    ("Which members have no email address on file?",
     "SELECT first_name, last_name FROM members WHERE email IS NULL"),
    ("Give the brand, model and year of the three oldest bikes.",
     "SELECT brand, model, yr_made FROM bikes ORDER BY yr_made ASC LIMIT 3"),
    ("What are the distinct types of bikes we have records for?",
     "SELECT DISTINCT bike_type FROM bikes"),
    ("How many bikes do not belong to any member?",
     "SELECT count(*) FROM bikes WHERE owner_id IS NULL"),
    ("How many repair jobs are currently in progress?",
     "SELECT count(*) FROM repair_jobs WHERE status = 'in progress'"),
    ("For each job type, give the number of jobs and the average labour hours.",
     "SELECT job_type, count(*), avg(labor_hrs) FROM repair_jobs GROUP BY job_type"),
    ("Which type of repair job brought in the most fees in total?",
     "SELECT job_type FROM repair_jobs GROUP BY job_type ORDER BY sum(fee_amt) DESC LIMIT 1"),
    ("What is the longest labour time recorded for a single completed job?",
     "SELECT max(labor_hrs) FROM repair_jobs WHERE status = 'completed'"),
    ("Names and unit prices of parts in the brakes category, most expensive first.",
     "SELECT part_name, unit_price FROM parts WHERE category = 'brakes' ORDER BY unit_price DESC"),
    ("Which parts are out of stock?",
     "SELECT part_name FROM parts WHERE qty_in_stock = 0"),
    ("Show the names of parts that have zero units in stock.",
     "SELECT part_name FROM parts WHERE qty_in_stock = 0"),
    ("List the parts whose stock has fallen below their reorder level.",
     "SELECT part_name FROM parts WHERE qty_in_stock < reorder_lvl"),
    ("What are the names of parts containing Chain?",
     "SELECT part_name FROM parts WHERE part_name LIKE '%Chain%'"),
    ("Top 3 most expensive parts: show name and unit price.",
     "SELECT part_name, unit_price FROM parts ORDER BY unit_price DESC LIMIT 3"),
    ("List the names of the expert mechanics.",
     "SELECT full_name FROM mechanics WHERE skill_level = 'expert'"),
    ("Which mechanic has been volunteering the longest?",
     "SELECT full_name FROM mechanics ORDER BY start_dt ASC LIMIT 1"),
    ("Who is our longest-serving volunteer mechanic?",
     "SELECT full_name FROM mechanics ORDER BY start_dt ASC LIMIT 1"),
    ("What is the average estimated value of donated bikes for each condition?",
     "SELECT bike_condition, avg(est_value_amt) FROM donations GROUP BY bike_condition"),
    ("Which donors have given more than two bikes?",
     "SELECT donor_name FROM donations GROUP BY donor_name HAVING count(*) > 2"),
    # ---------------- joins
    ("What bikes (brand and model) are owned by members from Old Town?",
     "SELECT b.brand, b.model FROM bikes AS b JOIN members AS m ON b.owner_id = m.member_id WHERE m.neighborhood = 'Old Town'"),
    ("How many repair jobs has each mechanic handled? Give the mechanic's name and the count.",
     "SELECT m.full_name, count(*) FROM repair_jobs AS j JOIN mechanics AS m ON j.assigned_to = m.mechanic_id GROUP BY m.mechanic_id, m.full_name"),
    ("Which mechanic has handled the most repair jobs?",
     "SELECT m.full_name FROM repair_jobs AS j JOIN mechanics AS m ON j.assigned_to = m.mechanic_id GROUP BY m.mechanic_id, m.full_name ORDER BY count(*) DESC LIMIT 1"),
    ("Name the volunteer who was assigned the most repairs.",
     "SELECT m.full_name FROM repair_jobs AS j JOIN mechanics AS m ON j.assigned_to = m.mechanic_id GROUP BY m.mechanic_id, m.full_name ORDER BY count(*) DESC LIMIT 1"),
    ("For each part category, what is the total quantity of parts used in repair jobs?",
     "SELECT p.category, sum(jp.qty) FROM job_parts AS jp JOIN parts AS p ON jp.part_id = p.part_id GROUP BY p.category"),
    ("Which part has been used in the most repair jobs?",
     "SELECT p.part_name FROM job_parts AS jp JOIN parts AS p ON jp.part_id = p.part_id GROUP BY p.part_id, p.part_name ORDER BY count(*) DESC LIMIT 1"),
    ("What part has been fitted in the largest number of jobs?",
     "SELECT p.part_name FROM job_parts AS jp JOIN parts AS p ON jp.part_id = p.part_id GROUP BY p.part_id, p.part_name ORDER BY count(*) DESC LIMIT 1"),
    ("What is the total cost of the parts used on job 25?",
     "SELECT sum(jp.qty * p.unit_price) FROM job_parts AS jp JOIN parts AS p ON jp.part_id = p.part_id WHERE jp.job_id = 25"),
    ("Which members have had a brake replacement done on one of their bikes? Show first and last names.",
     "SELECT DISTINCT m.first_name, m.last_name FROM members AS m JOIN bikes AS b ON b.owner_id = m.member_id JOIN repair_jobs AS j ON j.bike_id = b.bike_id WHERE j.job_type = 'brake replacement'"),
    ("Which bike brand has had the most repair jobs?",
     "SELECT b.brand FROM repair_jobs AS j JOIN bikes AS b ON j.bike_id = b.bike_id GROUP BY b.brand ORDER BY count(*) DESC LIMIT 1"),
    ("Show the donor name and bike brand for donations with an estimated value over 300.",
     "SELECT d.donor_name, b.brand FROM donations AS d JOIN bikes AS b ON d.bike_id = b.bike_id WHERE d.est_value_amt > 300"),
    ("What is the total number of labour hours for each mechanic skill level?",
     "SELECT m.skill_level, sum(j.labor_hrs) FROM repair_jobs AS j JOIN mechanics AS m ON j.assigned_to = m.mechanic_id GROUP BY m.skill_level"),
    ("List the different mechanics who took in a donated bike in like new condition.",
     "SELECT DISTINCT m.full_name FROM donations AS d JOIN mechanics AS m ON d.received_by = m.mechanic_id WHERE d.bike_condition = 'like new'"),
    ("For each neighborhood, how much have its members paid in repair fees?",
     "SELECT m.neighborhood, sum(j.fee_amt) FROM members AS m JOIN bikes AS b ON b.owner_id = m.member_id JOIN repair_jobs AS j ON j.bike_id = b.bike_id GROUP BY m.neighborhood"),
    # ---------------- nested
    ("Find the names of parts whose unit price is above the average price of all parts.",
     "SELECT part_name FROM parts WHERE unit_price > (SELECT avg(unit_price) FROM parts)"),
    ("Which parts cost more than the average part? Give their names.",
     "SELECT part_name FROM parts WHERE unit_price > (SELECT avg(unit_price) FROM parts)"),
    ("What are the names of members who do not own any bike?",
     "SELECT first_name, last_name FROM members WHERE member_id NOT IN (SELECT owner_id FROM bikes WHERE owner_id IS NOT NULL)"),
    ("Which parts have never been used in a repair job?",
     "SELECT part_name FROM parts WHERE part_id NOT IN (SELECT part_id FROM job_parts)"),
    ("Which mechanics have worked on donated bikes that arrived needing work?",
     "SELECT full_name FROM mechanics WHERE mechanic_id IN (SELECT assigned_to FROM repair_jobs WHERE bike_id IN (SELECT bike_id FROM donations WHERE bike_condition = 'needs work'))"),
    # ---------------- set operations
    ("Which bike brands have been both donated and brought in for a repair?",
     "SELECT b.brand FROM bikes AS b JOIN donations AS d ON d.bike_id = b.bike_id INTERSECT SELECT b.brand FROM bikes AS b JOIN repair_jobs AS j ON j.bike_id = b.bike_id"),
    ("Which brands make cargo bikes or bikes built before 1990?",
     "SELECT brand FROM bikes WHERE bike_type = 'cargo' UNION SELECT brand FROM bikes WHERE yr_made < 1990"),
    ("Show the bike brands that appear either on a cargo bike or on a bike made earlier than 1990.",
     "SELECT brand FROM bikes WHERE bike_type = 'cargo' UNION SELECT brand FROM bikes WHERE yr_made < 1990"),
    ("Which mechanics have handled repair jobs but have never received a donated bike?",
     "SELECT m.full_name FROM mechanics AS m JOIN repair_jobs AS j ON j.assigned_to = m.mechanic_id EXCEPT SELECT m.full_name FROM mechanics AS m JOIN donations AS d ON d.received_by = m.mechanic_id"),
]


def build():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "questions.jsonl"), "w") as f:
        for n, (q, sql) in enumerate(Q, start=1):
            rec = {"id": f"own_{DB}_{n:02d}", "dataset": f"own_{DB}", "question": q, "gold_sql": sql,
                   "ordered": bool(find_top(sql, r"\border\s+by\b")), "features": features_of(sql)}
            f.write(json.dumps(rec) + "\n")
    print(len(Q), "questions written")


if __name__ == "__main__":
    build()
