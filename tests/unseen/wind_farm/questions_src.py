"""Source of questions.jsonl: (question, gold_sql). Features are derived from the SQL
with the same scanner check.py uses, then reviewed by hand."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import features_of, is_ordered, DB  # noqa: E402

Q = [
    # ---------------- single table ----------------
    ("How many turbines are there?",
     "SELECT count(*) FROM turbines"),
    ("Count the number of wind turbines in the fleet.",
     "SELECT count(*) FROM turbines"),
    ("List the names of all sites in the North Sea region.",
     "SELECT site_name FROM sites WHERE region = 'North Sea'"),
    ("What are the names and countries of the offshore wind farms?",
     "SELECT site_name, country FROM sites WHERE site_type = 'offshore'"),
    ("Show the serial numbers of turbines that are currently offline.",
     "SELECT serial_num FROM turbines WHERE status = 'offline'"),
    ("Which turbines are offline right now? Give me their serial numbers.",
     "SELECT serial_num FROM turbines WHERE status = 'offline'"),
    ("How many turbines does each manufacturer have?",
     "SELECT manufacturer, count(*) FROM turbines GROUP BY manufacturer"),
        ("Which different turbine models are made by Siemens Gamesa?",
     "SELECT DISTINCT model FROM turbines WHERE manufacturer = 'Siemens Gamesa'"),
    ("List the first and last names of technicians in descending order of hourly rate.",
     "SELECT first_name, last_name FROM technicians ORDER BY hourly_rate DESC"),
    ("Who is the best paid technician? Give the first and last name.",
     "SELECT first_name, last_name FROM technicians ORDER BY hourly_rate DESC LIMIT 1"),
    ("Find the first name and last name of the technician with the highest hourly rate.",
     "SELECT first_name, last_name FROM technicians ORDER BY hourly_rate DESC LIMIT 1"),
    ("Total labor hours on emergency jobs?",
     "SELECT sum(labor_hrs) FROM work_orders WHERE wo_type = 'emergency'"),
    ("Give me the names of the 3 most expensive parts.",
     "SELECT part_name FROM parts ORDER BY unit_cost DESC LIMIT 3"),
    ("How many work orders are still open?",
     "SELECT count(*) FROM work_orders WHERE status = 'open'"),
    ("Count the work orders for each priority level.",
     "SELECT priority, count(*) FROM work_orders GROUP BY priority"),
    ("What is the total number of labor hours spent on emergency work orders?",
     "SELECT sum(labor_hrs) FROM work_orders WHERE wo_type = 'emergency'"),
    ("Which parts have a name containing the word bearing?",
     "SELECT part_name FROM parts WHERE part_name LIKE '%bearing%'"),
    ("List the technicians whose last name starts with S.",
     "SELECT first_name, last_name FROM technicians WHERE last_name LIKE 'S%'"),
        ("Show each work order type with its number of orders, only for types with more than 20 orders.",
     "SELECT wo_type, count(*) FROM work_orders GROUP BY wo_type HAVING count(*) > 20"),
    ("Which suppliers provide more than one part?",
     "SELECT supplier FROM parts GROUP BY supplier HAVING count(*) > 1"),
    ("List the suppliers we buy at least two different parts from.",
     "SELECT supplier FROM parts GROUP BY supplier HAVING count(*) > 1"),
    ("For onshore and offshore sites, what is the total installed capacity in MW?",
     "SELECT site_type, sum(capacity_mw) FROM sites GROUP BY site_type"),
    ("Which sites were commissioned between 2010 and 2015?",
     "SELECT site_name FROM sites WHERE commissioned_dt BETWEEN '2010-01-01' AND '2015-12-31'"),
    ("What was the average wind speed recorded on March 10, 2024?",
     "SELECT avg(avg_wind_speed) FROM daily_output WHERE reading_dt = '2024-03-10'"),
            ("Show the IDs and descriptions of high priority work orders opened in 2024.",
     "SELECT wo_id, issue_desc FROM work_orders WHERE priority = 'high' AND opened_dt >= '2024-01-01'"),
    ("Which work orders have no technician assigned? List their IDs.",
     "SELECT wo_id FROM work_orders WHERE assigned_to IS NULL"),
    ("For each work order type, give the average labor hours, from highest to lowest.",
     "SELECT wo_type, avg(labor_hrs) FROM work_orders GROUP BY wo_type ORDER BY avg(labor_hrs) DESC"),
    ("Show the average number of labor hours for every type of work order, sorted from the highest average down.",
     "SELECT wo_type, avg(labor_hrs) FROM work_orders GROUP BY wo_type ORDER BY avg(labor_hrs) DESC"),
        
    # ---------------- joins ----------------
    ("List the serial numbers of the turbines at Hornsea Bank.",
     "SELECT t.serial_num FROM turbines AS t JOIN sites AS s ON t.site_id = s.site_id "
     "WHERE s.site_name = 'Hornsea Bank'"),
    ("How many turbines are there in each country?",
     "SELECT s.country, count(*) FROM turbines AS t JOIN sites AS s ON t.site_id = s.site_id GROUP BY s.country"),
    ("Which site has had the most maintenance work orders?",
     "SELECT s.site_name FROM work_orders AS w JOIN turbines AS t ON w.turbine_id = t.turbine_id "
     "JOIN sites AS s ON t.site_id = s.site_id GROUP BY s.site_name ORDER BY count(*) DESC LIMIT 1"),
    ("Name the site with the highest number of work orders.",
     "SELECT s.site_name FROM work_orders AS w JOIN turbines AS t ON w.turbine_id = t.turbine_id "
     "JOIN sites AS s ON t.site_id = s.site_id GROUP BY s.site_name ORDER BY count(*) DESC LIMIT 1"),
    ("Show each technician's first and last name together with the name of their home base site.",
     "SELECT t.first_name, t.last_name, s.site_name FROM technicians AS t JOIN sites AS s ON t.home_base = s.site_id"),
    ("For each technician, how many work orders have they been assigned? Give first name, last name and the count.",
     "SELECT t.first_name, t.last_name, count(*) FROM technicians AS t JOIN work_orders AS w "
     "ON w.assigned_to = t.tech_id GROUP BY t.tech_id, t.first_name, t.last_name"),
    ("Which technician has logged the most labor hours in total?",
     "SELECT t.first_name, t.last_name FROM technicians AS t JOIN work_orders AS w ON w.assigned_to = t.tech_id "
     "GROUP BY t.tech_id, t.first_name, t.last_name ORDER BY sum(w.labor_hrs) DESC LIMIT 1"),
    ("What was the total cost of the parts used in work order 5006?",
     "SELECT sum(u.qty * p.unit_cost) FROM parts_used AS u JOIN parts AS p ON u.part_id = p.part_id "
     "WHERE u.wo_id = 5006"),
    ("Which distinct parts have been used on emergency work orders?",
     "SELECT DISTINCT p.part_name FROM parts AS p JOIN parts_used AS u ON p.part_id = u.part_id "
     "JOIN work_orders AS w ON u.wo_id = w.wo_id WHERE w.wo_type = 'emergency'"),
        ("Total energy output per site, by site name, from the daily readings.",
     "SELECT s.site_name, sum(d.energy_mwh) FROM daily_output AS d JOIN turbines AS t ON d.turbine_id = t.turbine_id "
     "JOIN sites AS s ON t.site_id = s.site_id GROUP BY s.site_name"),
    ("Find the names of technicians who have worked on Nordex turbines.",
     "SELECT DISTINCT tc.first_name, tc.last_name FROM technicians AS tc JOIN work_orders AS w "
     "ON w.assigned_to = tc.tech_id JOIN turbines AS t ON w.turbine_id = t.turbine_id WHERE t.manufacturer = 'Nordex'"),
    ("Which turbine manufacturer has the most work orders?",
     "SELECT t.manufacturer FROM work_orders AS w JOIN turbines AS t ON w.turbine_id = t.turbine_id "
     "GROUP BY t.manufacturer ORDER BY count(*) DESC LIMIT 1"),
    ("List the work order IDs and turbine models for all critical priority work orders.",
     "SELECT w.wo_id, t.model FROM work_orders AS w JOIN turbines AS t ON w.turbine_id = t.turbine_id "
     "WHERE w.priority = 'critical'"),
    ("Which part has been used in the largest total quantity?",
     "SELECT p.part_name FROM parts AS p JOIN parts_used AS u ON p.part_id = u.part_id "
     "GROUP BY p.part_id, p.part_name ORDER BY sum(u.qty) DESC LIMIT 1"),

    # ---------------- nested ----------------
    ("Which parts cost more than the average unit cost of all parts?",
     "SELECT part_name FROM parts WHERE unit_cost > (SELECT avg(unit_cost) FROM parts)"),
    ("Find the names of technicians who have never been assigned a work order.",
     "SELECT first_name, last_name FROM technicians WHERE tech_id NOT IN "
     "(SELECT assigned_to FROM work_orders WHERE assigned_to IS NOT NULL)"),
    ("Which technicians have no work orders assigned to them at all? Give their names.",
     "SELECT first_name, last_name FROM technicians WHERE tech_id NOT IN "
     "(SELECT assigned_to FROM work_orders WHERE assigned_to IS NOT NULL)"),
    ("What are the serial numbers of turbines that have never had a work order?",
     "SELECT serial_num FROM turbines WHERE turbine_id NOT IN (SELECT turbine_id FROM work_orders)"),
        ("Which parts have never been used in any work order?",
     "SELECT part_name FROM parts WHERE part_id NOT IN (SELECT part_id FROM parts_used)"),

    # ---------------- set operations ----------------
    ("Which sites have both operational turbines and offline turbines?",
     "SELECT s.site_name FROM sites AS s JOIN turbines AS t ON s.site_id = t.site_id WHERE t.status = 'operational' "
     "INTERSECT SELECT s.site_name FROM sites AS s JOIN turbines AS t ON s.site_id = t.site_id WHERE t.status = 'offline'"),
    ("What part categories were used in preventive work orders but never in emergency work orders?",
     "SELECT p.category FROM parts AS p JOIN parts_used AS u ON p.part_id = u.part_id JOIN work_orders AS w "
     "ON u.wo_id = w.wo_id WHERE w.wo_type = 'preventive' "
     "EXCEPT SELECT p.category FROM parts AS p JOIN parts_used AS u ON p.part_id = u.part_id JOIN work_orders AS w "
     "ON u.wo_id = w.wo_id WHERE w.wo_type = 'emergency'"),
    ("Give the IDs of turbines that are either offline or have had a critical work order.",
     "SELECT turbine_id FROM turbines WHERE status = 'offline' "
     "UNION SELECT turbine_id FROM work_orders WHERE priority = 'critical'"),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "questions.jsonl"), "w") as f:
        for i, (q, sql) in enumerate(Q, start=1):
            f.write(json.dumps({"id": f"own_{DB}_{i:02d}", "dataset": f"own_{DB}", "question": q,
                                "gold_sql": sql, "ordered": is_ordered(sql),
                                "features": features_of(sql)}) + "\n")
    print(len(Q), "questions written")
