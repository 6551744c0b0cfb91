"""Validate every gold query of one database of this set against its CSV tables (DuckDB).

    python3 tests/unseen4/check.py tests/unseen4/<db>

Also imported by each <db>/build_questions.py for features() and is_ordered().
"""
import collections, glob, json, os, re, sys
import duckdb

HERE = None
TABLES = []


def use(db_dir):
    global HERE, TABLES
    HERE = os.path.abspath(db_dir)
    TABLES = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(HERE, "tables", "*.csv")))


def connect(reverse=False):
    con = duckdb.connect()
    for t in TABLES:
        path = os.path.join(HERE, "tables", t + ".csv")
        con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{path}')")
        if reverse:
            con.execute(f"CREATE TABLE {t}__r AS SELECT * FROM {t}")
            con.execute(f"CREATE TABLE {t}__rr AS SELECT * FROM (SELECT *, row_number() OVER () AS __rn FROM {t}__r) ORDER BY __rn DESC")
            con.execute(f"ALTER TABLE {t}__rr DROP COLUMN __rn")
            con.execute(f"DROP TABLE {t}")
            con.execute(f"DROP TABLE {t}__r")
            con.execute(f"ALTER TABLE {t}__rr RENAME TO {t}")
    return con


def top_level_positions(sql, keyword):
    """Positions of keyword (regex) occurring at parenthesis depth 0 outside string literals."""
    out, depth, i, in_str = [], 0, 0, False
    pat = re.compile(keyword, re.I)
    while i < len(sql):
        c = sql[i]
        if in_str:
            if c == "'":
                in_str = False
        elif c == "'":
            in_str = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth == 0:
            m = pat.match(sql, i)
            if m and (i == 0 or not (sql[i - 1].isalnum() or sql[i - 1] == "_")):
                out.append((i, m.end()))
        i += 1
    return out


def features(sql):
    s = re.sub(r"'[^']*'", "''", sql)
    return {
        "nested": bool(re.search(r"\(\s*SELECT\b", s, re.I)),
        "set_op": bool(re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", s, re.I)),
        "joins": len(re.findall(r"\bJOIN\b", s, re.I)),
        "aggregates": sorted(set(a.lower() for a in re.findall(r"\b(count|sum|avg|min|max)\s*\(", s, re.I))),
        "where": bool(re.search(r"\bWHERE\b", s, re.I)),
        "group_by": bool(re.search(r"\bGROUP\s+BY\b", s, re.I)),
        "having": bool(re.search(r"\bHAVING\b", s, re.I)),
        "order_by": bool(re.search(r"\bORDER\s+BY\b", s, re.I)),
        "limit": bool(re.search(r"\bLIMIT\b", s, re.I)),
        "distinct": bool(re.search(r"\bDISTINCT\b", s, re.I)),
        "like": bool(re.search(r"\b(I?LIKE)\b", s, re.I)),
    }


def is_ordered(sql):
    return bool(top_level_positions(sql, r"ORDER\s+BY\b"))


def tie_variants(sql, ncols):
    """Rewrite top-level ORDER BY adding all output columns as tie-breakers, ASC and DESC."""
    ob = top_level_positions(sql, r"ORDER\s+BY\b")
    if not ob:
        return None
    start, kend = ob[-1]
    lim = [p for p in top_level_positions(sql, r"LIMIT\b") if p[0] > start]
    kstop = lim[0][0] if lim else len(sql.rstrip().rstrip(";"))
    keys = sql[kend:kstop].strip()
    tail = sql[kstop:].strip().rstrip(";")
    head = sql[:start]
    res = []
    for d in ("ASC", "DESC"):
        tb = ", ".join(f"{i} {d} NULLS LAST" for i in range(1, ncols + 1))
        res.append(f"{head}ORDER BY {keys}, {tb} {tail}")
    return res


def norm(rows):
    return [tuple(round(v, 6) if isinstance(v, float) else v for v in r) for r in rows]


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl")) if l.strip()]
    con, rcon = connect(), connect(reverse=True)
    problems = []
    seen_ids = set()
    for q in qs:
        qid, sql = q["id"], q["gold_sql"]
        errs = []
        if qid in seen_ids:
            errs.append("duplicate id")
        seen_ids.add(qid)
        try:
            cur = con.execute(sql)
            rows = cur.fetchall()
            ncols = len(cur.description)
        except Exception as e:
            problems.append((qid, f"ERROR {e}"))
            continue
        if not rows:
            errs.append("empty result")
        elif all(v is None for r in rows for v in r):
            errs.append("only NULLs")
        ordered = is_ordered(sql)
        if q["ordered"] != ordered:
            errs.append(f"ordered flag {q['ordered']} != {ordered}")
        f = features(sql)
        if q["features"] != f:
            errs.append(f"features mismatch {q['features']} vs {f}")
        rrows = rcon.execute(sql).fetchall()
        if ordered:
            if norm(rows) != norm(rrows):
                errs.append("reversed-table result differs (ordered)")
            va, vd = tie_variants(sql, ncols)
            ra, rd = con.execute(va).fetchall(), con.execute(vd).fetchall()
            if norm(ra) != norm(rd):
                errs.append("tie in ORDER BY changes the answer")
        else:
            if collections.Counter(norm(rows)) != collections.Counter(norm(rrows)):
                errs.append("reversed-table result differs (multiset)")
        if errs:
            problems.append((qid, "; ".join(errs)))
    # summary
    n = len(qs)
    single = sum(1 for q in qs if q["features"]["joins"] == 0 and not q["features"]["nested"] and not q["features"]["set_op"])
    joined = sum(1 for q in qs if q["features"]["joins"] > 0 and not q["features"]["nested"] and not q["features"]["set_op"])
    nested = sum(1 for q in qs if q["features"]["nested"])
    setop = sum(1 for q in qs if q["features"]["set_op"])
    sqls = collections.Counter(" ".join(q["gold_sql"].split()) for q in qs)
    para = sum(c - 1 for c in sqls.values() if c > 1)
    print(f"{n} questions: single={single} join={joined} nested={nested} set_op={setop} paraphrase_dups={para}")
    for qid, msg in problems:
        print("FAIL", qid, msg)
    print("ALL OK" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    use(sys.argv[1])
    sys.exit(main())
