"""Checks every gold query in questions.jsonl against the CSV tables in DuckDB.

- runs without error, returns >= 1 row, not only NULLs
- ORDER BY + LIMIT: no tie at the cut; top-level ORDER BY: no ties among ordered rows
  whose output differs (checked by re-running with the sort keys added to the select list)
- result is unchanged when every table is loaded with its rows reversed (and under a few
  extra random row permutations): multiset compare, or list compare when ordered
- the 'ordered' flag and the 'features' object match the SQL
"""
import collections
import glob
import json
import os
import random
import re
import sys

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
DB = os.path.basename(HERE)


# ---------- SQL helpers (self-contained) ----------
def strip_strings(sql):
    return re.sub(r"'(?:[^']|'')*'", lambda m: "'" + "_" * (len(m.group(0)) - 2) + "'", sql)


def depth_map(s):
    d, out = 0, []
    for ch in s:
        if ch == "(":
            d += 1
        out.append(d)
        if ch == ")":
            d -= 1
    return out


def top_kw(sql, kw):
    s = strip_strings(sql)
    dm = depth_map(s)
    return [(m.start(), m.end()) for m in re.finditer(r"\b" + kw + r"\b", s, re.I) if dm[m.start()] == 0]


def split_top_commas(text):
    parts, d, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            d += 1
        elif ch == ")":
            d -= 1
        if ch == "," and d == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def features(sql):
    s = re.sub(r"'(?:[^']|'')*'", "''", sql)
    aggs = []
    for m in re.finditer(r"\b(count|sum|avg|min|max)\s*\(", s, re.I):
        a = m.group(1).lower()
        if a not in aggs:
            aggs.append(a)
    return {
        "nested": bool(re.search(r"\(\s*SELECT\b", s, re.I)),
        "set_op": bool(re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", s, re.I)),
        "joins": len(re.findall(r"\bJOIN\b", s, re.I)),
        "aggregates": aggs,
        "where": bool(re.search(r"\bWHERE\b", s, re.I)),
        "group_by": bool(re.search(r"\bGROUP\s+BY\b", s, re.I)),
        "having": bool(re.search(r"\bHAVING\b", s, re.I)),
        "order_by": bool(re.search(r"\bORDER\s+BY\b", s, re.I)),
        "limit": bool(re.search(r"\bLIMIT\b", s, re.I)),
        "distinct": bool(re.search(r"\bDISTINCT\b", s, re.I)),
        "like": bool(re.search(r"\bI?LIKE\b", s, re.I)),
    }


def key_query(sql):
    """Return (query_without_limit_with_sort_keys_appended, n_keys, limit or None)."""
    ob = top_kw(sql, r"ORDER\s+BY")
    assert len(ob) == 1
    lim = top_kw(sql, "LIMIT")
    limit = None
    body_end = len(sql)
    if lim:
        limit = int(re.match(r"\s*(\d+)", sql[lim[0][1]:]).group(1))
        body_end = lim[0][0]
    order_text = sql[ob[0][1]:body_end].strip()
    keys = []
    for k in split_top_commas(order_text):
        k = re.sub(r"\s+NULLS\s+(FIRST|LAST)\s*$", "", k, flags=re.I)
        k = re.sub(r"\s+(ASC|DESC)\s*$", "", k, flags=re.I)
        keys.append(k)
    frm = top_kw(sql, "FROM")[0][0]
    extra = ", ".join(f"{k} AS __sortkey{i}" for i, k in enumerate(keys))
    q = sql[:frm].rstrip() + ", " + extra + " " + sql[frm:body_end].rstrip()
    return q, len(keys), limit


# ---------- loading ----------
def load(order="orig", seed=None):
    con = duckdb.connect()
    for f in sorted(glob.glob(os.path.join(HERE, "tables", "*.csv"))):
        t = os.path.basename(f)[:-4]
        src = f"read_csv_auto('{f}')"
        if order == "orig":
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM {src}")
        else:
            con.execute(f"CREATE TABLE __tmp AS SELECT *, row_number() OVER () AS __rn FROM {src}")
            n = con.execute("SELECT COUNT(*) FROM __tmp").fetchone()[0]
            if order == "reversed":
                perm = list(range(n, 0, -1))
            else:
                perm = list(range(1, n + 1))
                random.Random(seed).shuffle(perm)
            con.execute("CREATE TABLE __perm(pos INTEGER, rn INTEGER)")
            con.executemany("INSERT INTO __perm VALUES (?, ?)", list(enumerate(perm)))
            con.execute(f"CREATE TABLE {t} AS SELECT __tmp.* EXCLUDE (__rn) FROM __perm JOIN __tmp ON __perm.rn = __tmp.__rn ORDER BY __perm.pos")
            con.execute("DROP TABLE __tmp")
            con.execute("DROP TABLE __perm")
    return con


def norm(v):
    if isinstance(v, float):
        return round(v, 6)
    return v


def norm_rows(rows):
    return [tuple(norm(v) for v in r) for r in rows]


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl"))]
    con = load("orig")
    alts = [("reversed", load("reversed"))] + [(f"shuffle{s}", load("shuffle", s)) for s in range(4)]
    # sanity: reversal really reversed the first table
    t0 = os.path.basename(sorted(glob.glob(os.path.join(HERE, "tables", "*.csv")))[0])[:-4]
    a = con.execute(f"SELECT * FROM {t0} LIMIT 1").fetchall()
    b = alts[0][1].execute(f"SELECT * FROM {t0} OFFSET (SELECT COUNT(*) - 1 FROM {t0})").fetchall()
    assert a == b, "reversed load did not reverse rows"

    problems = []
    ids = set()
    for q in qs:
        qid, sql = q["id"], q["gold_sql"]
        errs = []
        if qid in ids:
            errs.append("duplicate id")
        ids.add(qid)
        if q.get("dataset") != f"own_{DB}":
            errs.append("bad dataset")
        ordered = bool(top_kw(sql, r"ORDER\s+BY"))
        if q["ordered"] != ordered:
            errs.append(f"ordered flag should be {ordered}")
        if q["features"] != features(sql):
            errs.append(f"features mismatch: {features(sql)}")
        try:
            rows = norm_rows(con.execute(sql).fetchall())
        except Exception as e:  # noqa: BLE001
            problems.append((qid, [f"ERROR: {e}"]))
            continue
        if not rows:
            errs.append("empty result")
        elif all(v is None for r in rows for v in r):
            errs.append("only NULLs")
        # order independence
        for name, c in alts:
            r2 = norm_rows(c.execute(sql).fetchall())
            same = (r2 == rows) if ordered else (collections.Counter(r2) == collections.Counter(rows))
            if not same:
                errs.append(f"result differs under {name} load")
        # ties
        if ordered:
            kq, nk, limit = key_query(sql)
            try:
                krows = norm_rows(con.execute(kq).fetchall())
            except Exception as e:  # noqa: BLE001
                errs.append(f"tie-check query failed: {e}")
                krows = None
            if krows is not None:
                keys = [r[-nk:] for r in krows]
                outs = [r[:-nk] for r in krows]
                cut = len(krows) if limit is None else min(limit, len(krows))
                if limit is not None and len(krows) > limit and keys[limit - 1] == keys[limit]:
                    errs.append(f"tie at LIMIT {limit} cut: {keys[limit - 1]}")
                for i in range(cut - 1):
                    if keys[i] == keys[i + 1] and outs[i] != outs[i + 1]:
                        errs.append(f"tie among ordered rows {i},{i + 1}: {keys[i]}")
                        break
        if errs:
            problems.append((qid, errs))
        if "-v" in sys.argv:
            print(qid, len(rows), rows[:3])
    print(f"{DB}: {len(qs)} questions, {len(problems)} with problems")
    for qid, e in problems:
        print(" ", qid, "; ".join(e))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
