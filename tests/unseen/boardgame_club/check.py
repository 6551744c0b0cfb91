"""Check every gold query in questions.jsonl against the CSV tables.

Checks per question:
  * id / dataset / ordered / features fields are consistent with the SQL
  * the query runs, returns >= 1 row, and not only NULLs
  * ORDER BY ... LIMIT n: no tie on the ordering keys at the cut
  * top-level ORDER BY: rows with equal ordering keys have identical output
  * result unchanged (multiset, or list when ordered) when every table is loaded
    with its rows reversed, and under a few random row permutations
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
TABLES = sorted(glob.glob(os.path.join(HERE, "tables", "*.csv")))


def connect(mode="plain", seed=0):
    con = duckdb.connect()
    con.execute("SET threads TO 1")
    if mode == "shuffled":
        con.execute(f"SELECT setseed({seed})")
    for f in TABLES:
        t = os.path.basename(f)[:-4]
        con.execute(f"CREATE TABLE __raw_{t} AS SELECT * FROM read_csv_auto('{f}')")
        if mode == "plain":
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM __raw_{t}")
        elif mode == "reversed":
            con.execute(f"CREATE TABLE {t} AS SELECT * EXCLUDE (__rn) FROM "
                        f"(SELECT *, row_number() OVER () AS __rn FROM __raw_{t}) ORDER BY __rn DESC")
        else:  # random permutation
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM __raw_{t} ORDER BY hash(random())")
        con.execute(f"DROP TABLE __raw_{t}")
    return con


# ---------------------------------------------------------------- SQL scanning
def strip_strings(sql):
    return re.sub(r"'(?:[^']|'')*'", "''", sql)


def top_level_tokens(sql):
    """Yield (pos, depth) for each char, skipping string literals."""
    depth, i, out = 0, 0, []
    in_str = False
    for i, ch in enumerate(sql):
        if in_str:
            if ch == "'":
                in_str = False
            out.append(None)
            continue
        if ch == "'":
            in_str = True
            out.append(None)
            continue
        if ch == "(":
            depth += 1
        out.append(depth)
        if ch == ")":
            depth -= 1
    return out


def find_top(sql, pattern):
    depths = top_level_tokens(sql)
    res = []
    for m in re.finditer(pattern, sql, re.I):
        if depths[m.start()] == 0:
            res.append(m)
    return res


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


def features_of(sql):
    s = strip_strings(sql)
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
        "like": bool(re.search(r"\b(I?LIKE)\b", s, re.I)),
    }


def is_ordered(sql):
    return bool(find_top(sql, r"\bORDER\s+BY\b"))


# ---------------------------------------------------------------- tie check
def tie_check(con, sql):
    """Return None if fine, else an error string."""
    ob = find_top(sql, r"\bORDER\s+BY\b")
    if not ob:
        return None
    ob = ob[-1]
    lim = find_top(sql, r"\bLIMIT\s+(\d+)")
    limit_n = int(lim[-1].group(1)) if lim else None
    end = lim[-1].start() if lim else len(sql)
    order_text = sql[ob.end():end].strip().rstrip(";")
    keys = []
    for k in split_top_commas(order_text):
        k = re.sub(r"\s+NULLS\s+(FIRST|LAST)\s*$", "", k, flags=re.I)
        k = re.sub(r"\s+(ASC|DESC)\s*$", "", k, flags=re.I)
        keys.append(k)
    sel = find_top(sql, r"\bSELECT\b")[0]
    frm = [m for m in find_top(sql, r"\bFROM\b") if m.start() > sel.end()][0]
    extra = ", " + ", ".join(f"{k} AS __k{i}" for i, k in enumerate(keys))
    base = sql[:frm.start()].rstrip() + extra + " " + sql[frm.start():end]
    ncols = len(con.execute(sql).description)
    rows = con.execute(base).fetchall()
    outs = [r[:ncols] for r in rows]
    kv = [r[ncols:] for r in rows]
    if limit_n is not None:
        if len(rows) > limit_n and kv[limit_n - 1] == kv[limit_n]:
            return f"tie at LIMIT cut: {kv[limit_n - 1]}"
        outs, kv = outs[:limit_n], kv[:limit_n]
    groups = collections.defaultdict(set)
    for o, k in zip(outs, kv):
        groups[k].add(o)
    bad = [k for k, v in groups.items() if len(v) > 1]
    if bad:
        return f"ties among ordered rows with keys {bad[:3]}"
    return None


def norm(rows):
    out = []
    for r in rows:
        out.append(tuple(round(v, 6) if isinstance(v, float) else v for v in r))
    return out


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl")) if l.strip()]
    plain = connect("plain")
    variants = [("reversed", connect("reversed"))] + [
        (f"shuffle{s}", connect("shuffled", s / 10)) for s in range(1, 4)]
    fails = 0
    ids = set()
    for q in qs:
        errs = []
        sql = q["gold_sql"]
        if q["id"] in ids:
            errs.append("duplicate id")
        ids.add(q["id"])
        if q["dataset"] != f"own_{DB}" or not q["id"].startswith(f"own_{DB}_"):
            errs.append("bad id/dataset")
        if q["ordered"] != is_ordered(sql):
            errs.append("ordered flag mismatch")
        if q["features"] != features_of(sql):
            errs.append(f"features mismatch {q['features']} vs {features_of(sql)}")
        try:
            res = plain.execute(sql).fetchall()
        except Exception as e:  # noqa
            errs.append(f"error: {e}")
            res = None
        if res is not None:
            if not res:
                errs.append("empty result")
            elif all(v is None for r in res for v in r):
                errs.append("only NULLs")
            try:
                t = tie_check(plain, sql)
                if t:
                    errs.append(t)
            except Exception as e:  # noqa
                errs.append(f"tie check failed to run: {e}")
            for name, con in variants:
                r2 = con.execute(sql).fetchall()
                if q["ordered"]:
                    same = norm(r2) == norm(res)
                else:
                    same = collections.Counter(norm(r2)) == collections.Counter(norm(res))
                if not same:
                    errs.append(f"result differs under {name}")
        if errs:
            fails += 1
            print(f"FAIL {q['id']}: {q['question']}\n   {sql}\n   " + "\n   ".join(errs))
        elif "-v" in sys.argv:
            print(f"ok   {q['id']}: {q['question']}\n   {sql}\n   -> {res[:6]}{' ...' if len(res) > 6 else ''} ({len(res)} rows)")
    print(f"{DB}: {len(qs)} questions, {fails} failing")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
