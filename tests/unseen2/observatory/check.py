"""Check every gold query in questions.jsonl against the CSV tables.

Checks per question:
  * runs without error, returns >= 1 row, and not only NULLs;
  * features / ordered flags agree with the SQL text;
  * top-level ORDER BY: no ties that make the answer order-dependent
    (ORDER BY + LIMIT: no tie at the cut; ORDER BY: tied rows are identical);
  * results are unchanged when every table is loaded with its rows reversed
    (and with three shuffled row orders), compared as a multiset, or as a list
    when the question is ordered.
Usage: python3 check.py   (run from anywhere)
"""
import collections
import glob
import json
import math
import os
import random
import re
import sys

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = sorted(glob.glob(os.path.join(HERE, "tables", "*.csv")))


def connect(order=None, seed=0):
    con = duckdb.connect()
    for f in TABLES:
        t = os.path.basename(f)[:-4]
        con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{f}')")
        if order is not None:
            rows = con.execute(f"SELECT * FROM {t}").fetchall()
            if order == "reverse":
                rows.reverse()
            else:
                random.Random(seed + len(rows)).shuffle(rows)
            con.execute(f"CREATE TABLE __t AS SELECT * FROM {t} LIMIT 0")
            ph = ", ".join("?" * len(rows[0]))
            con.executemany(f"INSERT INTO __t VALUES ({ph})", rows)
            con.execute(f"DROP TABLE {t}")
            con.execute(f"ALTER TABLE __t RENAME TO {t}")
    return con


def norm(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        return round(v, 6)
    return v


def normrows(rows):
    return [tuple(norm(v) for v in r) for r in rows]


# ---------------------------------------------------------------- SQL text helpers
def depth0_tokens(sql):
    """Yield (pos, depth) for each char, skipping string literals."""
    depth, i, out = 0, 0, []
    in_str = False
    for i, ch in enumerate(sql):
        if in_str:
            out.append((i, -1))
            if ch == "'":
                in_str = False
            continue
        if ch == "'":
            in_str = True
            out.append((i, -1))
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        out.append((i, depth if ch not in "()" else -1))
    return out


def find_top(sql, pattern):
    """Positions of regex matches of `pattern` that start at paren depth 0 outside strings."""
    d = dict(depth0_tokens(sql))
    return [m for m in re.finditer(pattern, sql, flags=re.I) if d.get(m.start()) == 0]


def strip_strings(sql):
    return re.sub(r"'[^']*'", "''", sql)


def features_of(sql):
    s = strip_strings(sql)
    aggs = []
    for a in ["count", "sum", "avg", "min", "max"]:
        if re.search(r"\b" + a + r"\s*\(", s, flags=re.I):
            aggs.append(a)
    return {
        "nested": bool(re.search(r"\(\s*select\b", s, flags=re.I)),
        "set_op": bool(re.search(r"\b(union|intersect|except)\b", s, flags=re.I)),
        "joins": len(re.findall(r"\bjoin\b", s, flags=re.I)),
        "aggregates": aggs,
        "where": bool(re.search(r"\bwhere\b", s, flags=re.I)),
        "group_by": bool(re.search(r"\bgroup\s+by\b", s, flags=re.I)),
        "having": bool(re.search(r"\bhaving\b", s, flags=re.I)),
        "order_by": bool(re.search(r"\border\s+by\b", s, flags=re.I)),
        "limit": bool(re.search(r"\blimit\b", s, flags=re.I)),
        "distinct": bool(re.search(r"\bdistinct\b", s, flags=re.I)),
        "like": bool(re.search(r"\b(i?like)\b", s, flags=re.I)),
    }


def split_top_commas(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def tie_check(con, sql):
    """Return an error string if top-level ORDER BY leaves an order-dependent answer."""
    ob = find_top(sql, r"\border\s+by\b")
    if not ob:
        return None
    ob_pos = ob[-1]
    lim = find_top(sql, r"\blimit\s+(\d+)")
    limit = int(lim[-1].group(1)) if lim else None
    body_end = lim[-1].start() if lim else len(sql)
    order_text = sql[ob_pos.end():body_end].strip().rstrip(";")
    keys = []
    for k in split_top_commas(order_text):
        k = re.sub(r"\s+(asc|desc)(\s+nulls\s+(first|last))?\s*$", "", k, flags=re.I)
        k = re.sub(r"\s+nulls\s+(first|last)\s*$", "", k, flags=re.I)
        keys.append(k)
    head = sql[:ob_pos.start()]
    frm = find_top(head, r"\bfrom\b")
    if not frm:
        return "cannot locate FROM for tie check"
    f0 = frm[0].start()
    extra = ", ".join(f"({k}) AS __k{i}" for i, k in enumerate(keys))
    probe = head[:f0].rstrip() + ", " + extra + " " + head[f0:] + " " + sql[ob_pos.start():body_end]
    rows = con.execute(probe).fetchall()
    nk = len(keys)
    kv = [normrows([r[-nk:]])[0] for r in rows]
    full = normrows([r[:-nk] for r in rows])
    upto = len(rows) if limit is None else min(limit, len(rows))
    if limit is not None and len(rows) > limit and kv[limit - 1] == kv[limit]:
        return f"tie at LIMIT cut: {kv[limit - 1]}"
    for i in range(upto - 1):
        if kv[i] == kv[i + 1] and full[i] != full[i + 1]:
            return f"tie among ordered rows: {kv[i]}"
    return None


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl")) if l.strip()]
    base = connect()
    perms = [connect("reverse")] + [connect("shuffle", seed=s) for s in (11, 22, 33)]
    bad = 0
    ids = set()
    for q in qs:
        errs = []
        if q["id"] in ids:
            errs.append("duplicate id")
        ids.add(q["id"])
        sql = q["gold_sql"]
        try:
            rows = base.execute(sql).fetchall()
        except Exception as e:  # noqa
            print(q["id"], "ERROR", e)
            bad += 1
            continue
        if not rows:
            errs.append("empty result")
        elif all(v is None for r in rows for v in r):
            errs.append("only NULLs")
        feats = features_of(sql)
        if feats != q["features"]:
            errs.append(f"features mismatch: declared {q['features']} vs {feats}")
        top_order = bool(find_top(sql, r"\border\s+by\b"))
        if q["ordered"] != top_order:
            errs.append("ordered flag mismatch")
        try:
            t = tie_check(base, sql)
            if t:
                errs.append(t)
        except Exception as e:  # noqa
            errs.append(f"tie check failed: {e}")
        ref = normrows(rows)
        for i, con in enumerate(perms):
            other = normrows(con.execute(sql).fetchall())
            same = other == ref if q["ordered"] else collections.Counter(other) == collections.Counter(ref)
            if not same:
                errs.append("result depends on row order (" + ("reversed" if i == 0 else f"shuffle {i}") + ")")
                break
        if errs:
            bad += 1
            print(q["id"], "FAIL:", "; ".join(errs))
    n_single = sum(1 for q in qs if q["features"]["joins"] == 0 and not q["features"]["nested"]
                   and not q["features"]["set_op"])
    print(f"{len(qs)} questions, {bad} failing; single-table={n_single}, "
          f"joins={sum(1 for q in qs if q['features']['joins'] > 0)}, "
          f"nested={sum(1 for q in qs if q['features']['nested'])}, "
          f"set_op={sum(1 for q in qs if q['features']['set_op'])}, "
          f"ordered={sum(1 for q in qs if q['ordered'])}")
    dup = collections.Counter(re.sub(r"\s+", " ", q["gold_sql"].strip()) for q in qs)
    print("questions sharing SQL with another:", sum(c for c in dup.values() if c > 1) - sum(1 for c in dup.values() if c > 1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
