"""Validate every gold query of this test set against the CSV tables in DuckDB.

Checks per question:
  * runs without error, returns >= 1 row, not only NULLs
  * result identical (multiset, or list when ordered) when every table is loaded
    with its rows reversed, and under a few random row permutations
  * ORDER BY ... LIMIT n: no tie on the ordering key at the cut
  * top-level ORDER BY: no two different result rows share the same ordering key
  * declared `ordered` / `features` match the SQL text
"""
import collections, glob, json, os, random, re, sys
import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
DB = os.path.basename(HERE)


def load(order="asis", seed=0):
    con = duckdb.connect()
    for f in sorted(glob.glob(os.path.join(HERE, "tables", "*.csv"))):
        t = os.path.basename(f)[:-4]
        con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{f}')")
        if order != "asis":
            rows = con.execute(f"SELECT * FROM {t}").fetchall()
            cols = [d[0] for d in con.execute(f"SELECT * FROM {t} LIMIT 0").description]
            if order == "reverse":
                rows = rows[::-1]
            else:
                random.Random(seed).shuffle(rows)
            con.execute(f"CREATE TABLE tmp_{t} AS SELECT * FROM {t} LIMIT 0")
            if rows:
                con.executemany(f"INSERT INTO tmp_{t} VALUES ({','.join('?' * len(cols))})", rows)
            con.execute(f"DROP TABLE {t}")
            con.execute(f"ALTER TABLE tmp_{t} RENAME TO {t}")
    return con


# ---------- tiny top-level SQL scanner ----------
def top_level_positions(sql):
    """Yield (index, upper-case word) for words at parenthesis depth 0 outside quotes."""
    depth, i, n = 0, 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"":
            j = sql.index(ch, i + 1)
            i = j + 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and (ch.isalpha() or ch == "_") and (i == 0 or not (sql[i - 1].isalnum() or sql[i - 1] == "_")):
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", sql[i:])
            yield i, m.group(0).upper()
            i += len(m.group(0))
            continue
        i += 1


def split_top_commas(s):
    parts, depth, cur, q = [], 0, "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "'\"":
            q = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def analyse(sql):
    words = list(top_level_positions(sql))
    info = {"order_pos": None, "limit_pos": None, "from_pos": None, "setop": False}
    for k, (i, w) in enumerate(words):
        if w == "ORDER" and k + 1 < len(words) and words[k + 1][1] == "BY":
            info["order_pos"] = i
        elif w == "LIMIT":
            info["limit_pos"] = i
        elif w == "FROM" and info["from_pos"] is None:
            info["from_pos"] = i
        elif w in ("UNION", "INTERSECT", "EXCEPT"):
            info["setop"] = True
    return info


def features_of(sql):
    u = re.sub(r"'[^']*'", "''", sql).upper()
    return {
        "nested": len(re.findall(r"\bSELECT\b", u)) > 1,
        "set_op": bool(re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", u)),
        "joins": len(re.findall(r"\bJOIN\b", u)),
        "aggregates": sorted({a.lower() for a in re.findall(r"\b(COUNT|SUM|AVG|MIN|MAX)\s*\(", u)}),
        "where": bool(re.search(r"\bWHERE\b", u)),
        "group_by": bool(re.search(r"\bGROUP\s+BY\b", u)),
        "having": bool(re.search(r"\bHAVING\b", u)),
        "order_by": bool(re.search(r"\bORDER\s+BY\b", u)),
        "limit": bool(re.search(r"\bLIMIT\b", u)),
        "distinct": bool(re.search(r"\bDISTINCT\b", u)),
        "like": bool(re.search(r"\b(I?LIKE)\b", u)),
    }


def norm(rows):
    out = []
    for r in rows:
        out.append(tuple(round(v, 6) if isinstance(v, float) else v for v in r))
    return out


def tie_problems(con, sql):
    info = analyse(sql)
    if info["order_pos"] is None:
        return []
    if info["setop"]:
        return ["top-level ORDER BY over set operation: tie check not automated"]
    end = info["limit_pos"] if info["limit_pos"] is not None else len(sql)
    ob = sql[info["order_pos"]:end]
    ob = re.sub(r"^ORDER\s+BY\s+", "", ob, flags=re.I).strip()
    limit = None
    if info["limit_pos"] is not None:
        limit = int(re.search(r"LIMIT\s+(\d+)", sql[info["limit_pos"]:], re.I).group(1))
    exprs = [re.sub(r"\s+(ASC|DESC)?\s*(NULLS\s+(FIRST|LAST))?\s*$", "", e, flags=re.I).strip()
             for e in split_top_commas(ob)]
    ncols = len(con.execute(sql).description)
    keycols, inject = [], []
    for e in exprs:
        if e.isdigit():
            keycols.append(int(e) - 1)
        else:
            inject.append(e)
            keycols.append(ncols + len(inject) - 1)
    body = sql[:end]
    if inject:
        fp = info["from_pos"]
        body = body[:fp].rstrip() + ", " + ", ".join(f"{e} AS __k{j}" for j, e in enumerate(inject)) + " " + body[fp:]
    rows = con.execute(body).fetchall()
    probs = []
    key = lambda r: tuple(r[c] for c in keycols)
    shown = rows if limit is None else rows[:limit]
    for a, b in zip(shown, shown[1:]):
        if key(a) == key(b) and a[:ncols] != b[:ncols]:
            probs.append(f"tie among ordered rows: {a[:ncols]} / {b[:ncols]} key={key(a)}")
    if limit is not None and len(rows) > limit and key(rows[limit - 1]) == key(rows[limit]):
        probs.append(f"tie at LIMIT cut: {rows[limit-1]} / {rows[limit]}")
    return probs


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl"))]
    base = load()
    others = [("reverse", load("reverse"))] + [(f"shuffle{s}", load("shuffle", s)) for s in (1, 2, 3)]
    bad = 0
    ids = set()
    for q in qs:
        probs = []
        if q["id"] in ids:
            probs.append("duplicate id")
        ids.add(q["id"])
        sql = q["gold_sql"]
        try:
            res = base.execute(sql).fetchall()
        except Exception as e:
            print(q["id"], "ERROR", e); bad += 1; continue
        if not res:
            probs.append("empty result")
        elif all(v is None for r in res for v in r):
            probs.append("only NULLs")
        ordered = analyse(sql)["order_pos"] is not None
        if q["ordered"] != ordered:
            probs.append(f"ordered flag {q['ordered']} but top-level ORDER BY={ordered}")
        f = features_of(sql)
        if q["features"] != f:
            probs.append(f"features mismatch: declared {q['features']} computed {f}")
        for name, con in others:
            r2 = con.execute(sql).fetchall()
            if ordered:
                same = norm(res) == norm(r2)
            else:
                same = collections.Counter(norm(res)) == collections.Counter(norm(r2))
            if not same:
                probs.append(f"result differs under {name} row order")
        probs += tie_problems(base, sql)
        if probs:
            bad += 1
            print(q["id"], q["question"])
            for p in probs:
                print("   ", p)
    print(f"{DB}: {len(qs)} questions, {bad} with problems")
    return bad


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
