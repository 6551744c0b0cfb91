"""Source of questions.jsonl: (question, gold_sql). Features are derived from the SQL
with the same scanner check.py uses, then reviewed by hand."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import features_of, is_ordered, DB  # noqa: E402

Q = [
    # ---------------- single table ----------------
    ("How many members does the club have?",
     "SELECT count(*) FROM members"),
    ("What is the total number of club members?",
     "SELECT count(*) FROM members"),
    ("List the titles of all cooperative games.",
     "SELECT title FROM games WHERE category = 'cooperative'"),
    ("What are the first and last names of members who live in York?",
     "SELECT first_name, last_name FROM members WHERE city = 'York'"),
    ("Show the titles and release years of games published by Stonemaier Games.",
     "SELECT title, release_yr FROM games WHERE publisher = 'Stonemaier Games'"),
    ("Which games are strictly two-player games?",
     "SELECT title FROM games WHERE min_players = 2 AND max_players = 2"),
    ("How many games are there in each category?",
     "SELECT category, count(*) FROM games GROUP BY category"),
    ("List the cities where more than five of our members live.",
     "SELECT city FROM members GROUP BY city HAVING count(*) > 5"),
    ("List the titles and weights of all games, from heaviest to lightest.",
     "SELECT title, weight FROM games ORDER BY weight DESC"),
    ("What are the 5 most complex games? Just the titles.",
     "SELECT title FROM games ORDER BY weight DESC LIMIT 5"),
    ("top 5 games by complexity rating",
     "SELECT title FROM games ORDER BY weight DESC LIMIT 5"),
    ("Which game takes the longest to play?",
     "SELECT title FROM games ORDER BY play_time_min DESC LIMIT 1"),
    ("Which games have a title containing the word Pandemic?",
     "SELECT title FROM games WHERE title LIKE '%Pandemic%'"),
    ("Find the members whose first name starts with H.",
     "SELECT first_name, last_name FROM members WHERE first_name LIKE 'H%'"),
    ("How many members joined the club in 2023?",
     "SELECT count(*) FROM members WHERE join_dt BETWEEN '2023-01-01' AND '2023-12-31'"),
    ("Show the number of members for each membership type.",
     "SELECT membership_type, count(*) FROM members GROUP BY membership_type"),
    ("Which cities have more than 5 members?",
     "SELECT city FROM members GROUP BY city HAVING count(*) > 5"),
    ("How much has the club spent in total buying games?",
     "SELECT sum(purchase_amt) FROM games"),
    ("What are the different publishers of games released before 2000?",
     "SELECT DISTINCT publisher FROM games WHERE release_yr < 2000"),
    ("Give me the average, shortest and longest play duration in minutes over all recorded plays.",
     "SELECT avg(duration_min), min(duration_min), max(duration_min) FROM plays"),
    ("Which events had an entry fee of more than 5 pounds?",
     "SELECT event_name FROM events WHERE entry_fee > 5"),
    ("List the names and dates of the events held at The Dice Tower Cafe.",
     "SELECT event_name, event_dt FROM events WHERE venue = 'The Dice Tower Cafe'"),
    ("How many plays were not part of any club event?",
     "SELECT count(*) FROM plays WHERE event_id IS NULL"),
    ("Count the casual plays that happened outside of events.",
     "SELECT count(*) FROM plays WHERE event_id IS NULL"),
    ("Which designers were born before 1960?",
     "SELECT designer_name FROM designers WHERE birth_yr < 1960"),
    ("Show every game's title and weight in descending order of weight.",
     "SELECT title, weight FROM games ORDER BY weight DESC"),
    ("For each game category, give the average playing time, but only categories where it is over 60 minutes.",
     "SELECT category, avg(play_time_min) FROM games GROUP BY category HAVING avg(play_time_min) > 60"),
    ("Show the names and dates of birth of student members, youngest first.",
     "SELECT first_name, last_name, dob FROM members WHERE membership_type = 'student' ORDER BY dob DESC"),

    # ---------------- joins ----------------
    ("Who designed Wingspan?",
     "SELECT d.designer_name FROM designers AS d JOIN game_designers AS gd ON d.designer_id = gd.designer_id "
     "JOIN games AS g ON gd.game_id = g.game_id WHERE g.title = 'Wingspan'"),
    ("List the titles of games designed by Reiner Knizia.",
     "SELECT g.title FROM games AS g JOIN game_designers AS gd ON g.game_id = gd.game_id "
     "JOIN designers AS d ON gd.designer_id = d.designer_id WHERE d.designer_name = 'Reiner Knizia'"),
    ("Who has the most wins among club members? Give first and last name.",
     "SELECT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "WHERE s.is_winner GROUP BY m.member_id, m.first_name, m.last_name ORDER BY count(*) DESC LIMIT 1"),
    ("Which game has been played the most times?",
     "SELECT g.title FROM games AS g JOIN plays AS p ON g.game_id = p.game_id "
     "GROUP BY g.game_id, g.title ORDER BY count(*) DESC LIMIT 1"),
    ("What's the most frequently played game in the club?",
     "SELECT g.title FROM games AS g JOIN plays AS p ON g.game_id = p.game_id "
     "GROUP BY g.game_id, g.title ORDER BY count(*) DESC LIMIT 1"),
    ("Which member has won the most games? Give first and last name.",
     "SELECT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "WHERE s.is_winner GROUP BY m.member_id, m.first_name, m.last_name ORDER BY count(*) DESC LIMIT 1"),
    ("For each event, how many plays took place? Show the event name and the number.",
     "SELECT e.event_name, count(*) FROM events AS e JOIN plays AS p ON e.event_id = p.event_id "
     "GROUP BY e.event_id, e.event_name"),
    ("Who played at the Spring League Final? List the distinct member names.",
     "SELECT DISTINCT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "JOIN plays AS p ON s.play_id = p.play_id JOIN events AS e ON p.event_id = e.event_id "
     "WHERE e.event_name = 'Spring League Final'"),
    ("What is the highest score ever recorded in Viticulture?",
     "SELECT max(s.score) FROM play_scores AS s JOIN plays AS p ON s.play_id = p.play_id "
     "JOIN games AS g ON p.game_id = g.game_id WHERE g.title = 'Viticulture'"),
    ("Show the titles of games owned by members, together with the owner's first and last name.",
     "SELECT g.title, m.first_name, m.last_name FROM games AS g JOIN members AS m ON g.owned_by = m.member_id"),
    ("Show the names of members who organized a tournament, and the tournament name.",
     "SELECT m.first_name, m.last_name, e.event_name FROM events AS e JOIN members AS m "
     "ON e.organizer_id = m.member_id WHERE e.event_type = 'tournament'"),
    ("What is the total number of minutes played at each venue?",
     "SELECT e.venue, sum(p.duration_min) FROM plays AS p JOIN events AS e ON p.event_id = e.event_id GROUP BY e.venue"),
    ("For games that have been played at least 5 times, give the title and the number of plays.",
     "SELECT g.title, count(*) FROM games AS g JOIN plays AS p ON g.game_id = p.game_id "
     "GROUP BY g.game_id, g.title HAVING count(*) >= 5"),
    ("Which city's members have recorded the most wins?",
     "SELECT m.city FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id WHERE s.is_winner "
     "GROUP BY m.city ORDER BY count(*) DESC LIMIT 1"),

    # ---------------- nested ----------------
    ("Which games are heavier than the average game weight?",
     "SELECT title FROM games WHERE weight > (SELECT avg(weight) FROM games)"),
    ("What are the titles of games that have never been played?",
     "SELECT title FROM games WHERE game_id NOT IN (SELECT game_id FROM plays)"),
    ("Which games in the collection have never been played at the club?",
     "SELECT title FROM games WHERE game_id NOT IN (SELECT game_id FROM plays)"),
    ("Find the first and last names of members who have never played a game.",
     "SELECT first_name, last_name FROM members WHERE member_id NOT IN (SELECT member_id FROM play_scores)"),
    ("List the titles of games designed by someone from the USA.",
     "SELECT title FROM games WHERE game_id IN (SELECT gd.game_id FROM game_designers AS gd "
     "JOIN designers AS d ON gd.designer_id = d.designer_id WHERE d.country = 'USA')"),

    # ---------------- set operations ----------------
    ("Which members have played both Wingspan and Tikal?",
     "SELECT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "JOIN plays AS p ON s.play_id = p.play_id JOIN games AS g ON p.game_id = g.game_id WHERE g.title = 'Wingspan' "
     "INTERSECT SELECT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "JOIN plays AS p ON s.play_id = p.play_id JOIN games AS g ON p.game_id = g.game_id WHERE g.title = 'Tikal'"),
    ("Which members have hosted a play but have never won one? Give their names.",
     "SELECT m.first_name, m.last_name FROM members AS m JOIN plays AS p ON m.member_id = p.hosted_by "
     "EXCEPT SELECT m.first_name, m.last_name FROM members AS m JOIN play_scores AS s ON m.member_id = s.member_id "
     "WHERE s.is_winner"),
    ("Give the titles of games that are either party games or take 15 minutes or less to play.",
     "SELECT title FROM games WHERE category = 'party' UNION SELECT title FROM games WHERE play_time_min <= 15"),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "questions.jsonl"), "w") as f:
        for i, (q, sql) in enumerate(Q, start=1):
            f.write(json.dumps({"id": f"own_{DB}_{i:02d}", "dataset": f"own_{DB}", "question": q,
                                "gold_sql": sql, "ordered": is_ordered(sql),
                                "features": features_of(sql)}) + "\n")
    print(len(Q), "questions written")
