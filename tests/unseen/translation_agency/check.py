"""Check every gold query of questions.jsonl against the CSV tables with DuckDB.

Checks: runs, >=1 row, not all NULL, order-independence (reversed + shuffled tables),
no ties at an ORDER BY ... LIMIT cut, no answer-changing ties in top-level ORDER BY,
and that the declared `features` / `ordered` agree with the SQL text.
"""
import duckdb, glob, json, os, random, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DB = os.path.basename(HERE)
TABLES = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(HERE, "tables", "*.csv")))


def load(mode="plain", seed=0):
    con = duckdb.connect()
    for t in TABLES:
        path = os.path.join(HERE, "tables", t + ".csv")
        if mode == "plain":
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{path}')")
        else:
            con.execute(f"CREATE TEMP TABLE _src AS SELECT *, row_number() OVER () AS _rn FROM read_csv_auto('{path}')")
            n = con.execute("SELECT count(*) FROM _src").fetchone()[0]
            order = list(range(1, n + 1))
            if mode == "reversed":
                order.reverse()
            else:
                random.Random(seed).shuffle(order)
            con.execute("CREATE TEMP TABLE _ord(_rn BIGINT, _pos BIGINT)")
            con.executemany("INSERT INTO _ord VALUES (?, ?)", [(rn, i) for i, rn in enumerate(order)])
            con.execute(f"CREATE TABLE {t} AS SELECT _src.* EXCLUDE (_rn) FROM _src JOIN _ord USING (_rn) ORDER BY _pos")
            con.execute("DROP TABLE _src"); con.execute("DROP TABLE _ord")
    return con


def norm(v):
    if isinstance(v, float):
        return round(v, 6)
    return v


def normrows(rows):
    return [tuple(norm(v) for v in r) for r in rows]


def as_bag(rows):
    return Counter(repr(r) for r in rows)


# ---------- tiny SQL scanner: positions of top-level keywords ----------
def depth_map(sql):
    """Return list of (index, depth, in_string) for each char."""
    out, d, q = [], 0, None
    for i, ch in enumerate(sql):
        if q:
            out.append(-1)
            if ch == q:
                q = None
            continue
        if ch in "'\"":
            q = ch
            out.append(-1)
            continue
        if ch == "(":
            d += 1
        out.append(d)
        if ch == ")":
            d -= 1
    return out


def top_level_find(sql, pattern):
    dm = depth_map(sql)
    return [m for m in re.finditer(pattern, sql, flags=re.I) if dm[m.start()] == 0]


def split_top(s, sep=","):
    parts, d, cur, q = [], 0, "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "'\"":
            q = ch
        elif ch == "(":
            d += 1
        elif ch == ")":
            d -= 1
        if ch == sep and d == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def tie_check(con, sql):
    """Return list of problem strings about ordering ties (empty = fine)."""
    obs = top_level_find(sql, r"\bORDER\s+BY\b")
    if not obs:
        return []
    if top_level_find(sql, r"\b(UNION|INTERSECT|EXCEPT)\b"):
        return ["ORDER BY over set operation: tie check skipped"]
    ob = obs[-1]
    lim = [m for m in top_level_find(sql, r"\bLIMIT\s+(\d+)") if m.start() > ob.start()]
    keys_txt = sql[ob.end(): lim[0].start() if lim else len(sql)].strip().rstrip(";")
    keys = []
    for k in split_top(keys_txt):
        k = re.sub(r"\s+NULLS\s+(FIRST|LAST)\s*$", "", k, flags=re.I)
        k = re.sub(r"\s+(ASC|DESC)\s*$", "", k, flags=re.I)
        keys.append(k)
    sel = top_level_find(sql, r"\bSELECT\b")[0]
    frm = [m for m in top_level_find(sql, r"\bFROM\b") if m.start() > sel.start()][0]
    extra = "".join(f", {k} AS __k{i}" for i, k in enumerate(keys))
    body = sql[:frm.start()].rstrip() + extra + " " + sql[frm.start(): lim[0].start() if lim else len(sql)]
    rows = normrows(con.execute(body).fetchall())
    nk = len(keys)
    probs = []
    if lim:
        n = int(lim[0].group(1))
        if len(rows) > n and rows[n - 1][-nk:] == rows[n][-nk:]:
            probs.append(f"tie at LIMIT {n} cut: key {rows[n][-nk:]}")
        rows = rows[:n]
    groups = {}
    for r in rows:
        groups.setdefault(r[-nk:], set()).add(r[:-nk])
    for k, outs in groups.items():
        if len(outs) > 1:
            probs.append(f"tie among ordered rows changes answer: key {k} -> {len(outs)} different rows")
            break
    return probs


def feature_check(q):
    sql = q["gold_sql"]
    f = q["features"]
    s = re.sub(r"'[^']*'", "''", sql)
    probs = []
    got = {
        "nested": len(re.findall(r"\bSELECT\b", s, re.I)) > 1,
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
    for k, v in got.items():
        fv = sorted(f.get(k)) if k == "aggregates" else f.get(k)
        if fv != v:
            probs.append(f"feature {k}: declared {fv}, sql has {v}")
    ordered = bool(top_level_find(sql, r"\bORDER\s+BY\b"))
    if q["ordered"] != ordered:
        probs.append(f"ordered flag {q['ordered']} but top-level ORDER BY is {ordered}")
    return probs


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl")) if l.strip()]
    base = load("plain")
    perms = [load("reversed")] + [load("shuffled", s) for s in range(1, 6)]
    bad = 0
    ids = Counter(q["id"] for q in qs)
    for i, c in ids.items():
        if c > 1:
            print("DUPLICATE id", i); bad += 1
    for q in qs:
        probs = []
        if q["dataset"] != f"own_{DB}" or not q["id"].startswith(f"own_{DB}_"):
            probs.append("bad id/dataset")
        probs += feature_check(q)
        try:
            rows = normrows(base.execute(q["gold_sql"]).fetchall())
        except Exception as e:
            print(q["id"], "ERROR", e); bad += 1; continue
        if not rows:
            probs.append("empty result")
        elif all(v is None for r in rows for v in r):
            probs.append("only NULLs")
        for j, con in enumerate(perms):
            r2 = normrows(con.execute(q["gold_sql"]).fetchall())
            same = (r2 == rows) if q["ordered"] else (as_bag(r2) == as_bag(rows))
            if not same:
                probs.append(f"result changes with row order (perm {j})")
                break
        probs += tie_check(base, q["gold_sql"])
        if probs:
            bad += 1
            print(q["id"], "|", q["question"])
            for p in probs:
                print("   -", p)
    print(f"{DB}: {len(qs)} questions, {bad} with problems")
    return bad


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
