"""Source of questions.jsonl (question, gold SQL); run to regenerate questions.jsonl."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import features_of, find_top  # noqa: E402

DB = "observatory"
Q = [
    # ---------------- single table
    ("How many telescopes are there?",
     "SELECT count(*) FROM telescopes"),
    ("List the names and sites of all telescopes that are currently operational.",
     "SELECT tel_name, site FROM telescopes WHERE status = 'operational'"),
    ("Show the name and aperture of every telescope in descending order of aperture.",
     "SELECT tel_name, aperture_m FROM telescopes ORDER BY aperture_m DESC"),
    ("Which telescope sits at the highest elevation?",
     "SELECT tel_name FROM telescopes ORDER BY elevation_m DESC LIMIT 1"),
    ("Give me the name of the telescope that is located highest above sea level.",
     "SELECT tel_name FROM telescopes ORDER BY elevation_m DESC LIMIT 1"),
    ("How many telescopes are there in each country?",
     "SELECT country, count(*) FROM telescopes GROUP BY country"),
    ("For every country, count the telescopes located there.",
     "SELECT country, count(*) FROM telescopes GROUP BY country"),
    ("What is the average aperture of telescopes with an equatorial mount?",
     "SELECT avg(aperture_m) FROM telescopes WHERE mount_type = 'equatorial'"),
    ("How many instruments are there of each type?",
     "SELECT instr_type, count(*) FROM instruments GROUP BY instr_type"),
    ("Find the name of the instrument with the largest number of detectors.",
     "SELECT instr_name FROM instruments ORDER BY num_detectors DESC LIMIT 1"),
    ("List the names of instruments whose description mentions spectrograph.",
     "SELECT instr_name FROM instruments WHERE instr_desc LIKE '%spectrograph%'"),
    ("What are the different wavelength bands covered by the instruments?",
     "SELECT DISTINCT wavelength_band FROM instruments"),
    ("How many astronomers are PhD students?",
     "SELECT count(*) FROM astronomers WHERE career_stage = 'PhD student'"),
    ("Count the astronomers whose career stage is PhD student.",
     "SELECT count(*) FROM astronomers WHERE career_stage = 'PhD student'"),
    ("What are the first and last names of astronomers born in 1996 or later?",
     "SELECT first_name, last_name FROM astronomers WHERE dob >= '1996-01-01'"),
    ("Which country has the most astronomers?",
     "SELECT country FROM astronomers GROUP BY country ORDER BY count(*) DESC LIMIT 1"),
    ("What is the average h-index for each career stage?",
     "SELECT career_stage, avg(h_index) FROM astronomers GROUP BY career_stage"),
    ("Who are the two astronomers with the highest h-index? Give their first and last names.",
     "SELECT first_name, last_name FROM astronomers ORDER BY h_index DESC LIMIT 2"),
    ("List the names and visual magnitudes of targets brighter than magnitude 2, from brightest to faintest.",
     "SELECT target_name, v_mag FROM targets WHERE v_mag < 2 ORDER BY v_mag ASC"),
    ("Which targets have a name starting with C?",
     "SELECT target_name FROM targets WHERE target_name LIKE 'C%'"),
    ("What is the total number of hours awarded to proposals in semester 2023B?",
     "SELECT sum(hrs_awarded) FROM proposals WHERE semester = '2023B'"),
    ("For each semester, how many proposals were submitted?",
     "SELECT semester, count(*) FROM proposals GROUP BY semester"),
    ("Which science category has the highest total number of requested hours?",
     "SELECT science_category FROM proposals GROUP BY science_category ORDER BY sum(hrs_requested) DESC LIMIT 1"),
    ("Show the titles of proposals containing the word Nebula.",
     "SELECT title FROM proposals WHERE title LIKE '%Nebula%'"),
    ("How many observations were flagged as good quality?",
     "SELECT count(*) FROM observations WHERE quality_flag = 'good'"),
    ("Count the observations whose quality flag is 'good'.",
     "SELECT count(*) FROM observations WHERE quality_flag = 'good'"),
    ("List the observation ids and nights of observations made between June 1 and June 30, 2023.",
     "SELECT obs_id, night_dt FROM observations WHERE night_dt BETWEEN '2023-06-01' AND '2023-06-30'"),
    # ---------------- joins
    ("What are the names of the instruments mounted on telescopes located in Chile?",
     "SELECT i.instr_name FROM instruments AS i JOIN telescopes AS t ON i.mounted_on = t.telescope_id WHERE t.country = 'Chile'"),
    ("For each telescope, give its name and the number of instruments mounted on it.",
     "SELECT t.tel_name, count(*) FROM telescopes AS t JOIN instruments AS i ON i.mounted_on = t.telescope_id GROUP BY t.telescope_id, t.tel_name"),
    ("Which telescope has the most instruments?",
     "SELECT t.tel_name FROM telescopes AS t JOIN instruments AS i ON i.mounted_on = t.telescope_id GROUP BY t.telescope_id, t.tel_name ORDER BY count(*) DESC LIMIT 1"),
    ("Name the telescope that carries the largest number of instruments.",
     "SELECT t.tel_name FROM telescopes AS t JOIN instruments AS i ON i.mounted_on = t.telescope_id GROUP BY t.telescope_id, t.tel_name ORDER BY count(*) DESC LIMIT 1"),
    ("Show the titles of proposals whose principal investigator works at Leiden Observatory.",
     "SELECT p.title FROM proposals AS p JOIN astronomers AS a ON p.pi_id = a.astronomer_id WHERE a.institution = 'Leiden Observatory'"),
    ("Which astronomer has been principal investigator on the most proposals? Give the first and last name.",
     "SELECT a.first_name, a.last_name FROM proposals AS p JOIN astronomers AS a ON p.pi_id = a.astronomer_id GROUP BY a.astronomer_id, a.first_name, a.last_name ORDER BY count(*) DESC LIMIT 1"),
    ("Who has led the most proposals as PI?",
     "SELECT a.first_name, a.last_name FROM proposals AS p JOIN astronomers AS a ON p.pi_id = a.astronomer_id GROUP BY a.astronomer_id, a.first_name, a.last_name ORDER BY count(*) DESC LIMIT 1"),
    ("What are the distinct names of targets observed with the HESP instrument?",
     "SELECT DISTINCT t.target_name FROM observations AS o JOIN instruments AS i ON o.instrument_id = i.instrument_id JOIN targets AS t ON o.target_id = t.target_id WHERE i.instr_name = 'HESP'"),
    ("What is the total data volume in GB recorded with each telescope? Show the telescope name and the total.",
     "SELECT t.tel_name, sum(o.data_size_gb) FROM observations AS o JOIN instruments AS i ON o.instrument_id = i.instrument_id JOIN telescopes AS t ON i.mounted_on = t.telescope_id GROUP BY t.telescope_id, t.tel_name"),
    ("What are the names of the targets included in proposal 2023A-006?",
     "SELECT t.target_name FROM proposals AS p JOIN proposal_targets AS pt ON p.proposal_id = pt.proposal_id JOIN targets AS t ON pt.target_id = t.target_id WHERE p.proposal_code = '2023A-006'"),
    ("Which instrument was used for the most observations?",
     "SELECT i.instr_name FROM observations AS o JOIN instruments AS i ON o.instrument_id = i.instrument_id GROUP BY i.instrument_id, i.instr_name ORDER BY count(*) DESC LIMIT 1"),
    ("Which astronomers have observed the Crab Pulsar? List their first and last names.",
     "SELECT DISTINCT a.first_name, a.last_name FROM observations AS o JOIN targets AS t ON o.target_id = t.target_id JOIN astronomers AS a ON o.observed_by = a.astronomer_id WHERE t.target_name = 'Crab Pulsar'"),
    ("Give the titles of accepted proposals that asked for time on the Atacama Sentinel telescope.",
     "SELECT p.title FROM proposals AS p JOIN telescopes AS t ON p.telescope_id = t.telescope_id WHERE t.tel_name = 'Atacama Sentinel' AND p.status = 'accepted'"),
    ("What is the average seeing of observations at each telescope site? Order from best (lowest) to worst.",
     "SELECT t.site, avg(o.seeing_arcsec) FROM observations AS o JOIN instruments AS i ON o.instrument_id = i.instrument_id JOIN telescopes AS t ON i.mounted_on = t.telescope_id GROUP BY t.site ORDER BY avg(o.seeing_arcsec) ASC"),
    # ---------------- nested
    ("What are the names of telescopes whose aperture is above the average aperture?",
     "SELECT tel_name FROM telescopes WHERE aperture_m > (SELECT avg(aperture_m) FROM telescopes)"),
    ("Find the telescopes with a larger than average aperture and give their names.",
     "SELECT tel_name FROM telescopes WHERE aperture_m > (SELECT avg(aperture_m) FROM telescopes)"),
    ("List the first and last names of astronomers who have never been principal investigator of a proposal.",
     "SELECT first_name, last_name FROM astronomers WHERE astronomer_id NOT IN (SELECT pi_id FROM proposals)"),
    ("Which targets have never been observed?",
     "SELECT target_name FROM targets WHERE target_id NOT IN (SELECT target_id FROM observations)"),
    ("Show the codes of proposals that requested more hours than the average request.",
     "SELECT proposal_code FROM proposals WHERE hrs_requested > (SELECT avg(hrs_requested) FROM proposals)"),
    # ---------------- set operations
    ("Which countries have both a telescope and at least one astronomer?",
     "SELECT country FROM telescopes INTERSECT SELECT country FROM astronomers"),
    ("List the names of targets that are in the constellation Taurus or are pulsars.",
     "SELECT target_name FROM targets WHERE constellation = 'Taurus' UNION SELECT target_name FROM targets WHERE object_type = 'pulsar'"),
    ("Give the names of all targets that are either pulsars or lie in Taurus.",
     "SELECT target_name FROM targets WHERE constellation = 'Taurus' UNION SELECT target_name FROM targets WHERE object_type = 'pulsar'"),
    ("Which astronomers have been principal investigator of a proposal but have never made an observation themselves? Give first and last names.",
     "SELECT a.first_name, a.last_name FROM astronomers AS a JOIN proposals AS p ON p.pi_id = a.astronomer_id EXCEPT SELECT a.first_name, a.last_name FROM astronomers AS a JOIN observations AS o ON o.observed_by = a.astronomer_id"),
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
