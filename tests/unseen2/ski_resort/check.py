"""Check every gold query in questions.jsonl against the CSV tables.

- query runs, returns >= 1 row, not only NULLs
- ORDER BY + LIMIT: no tie on the order key at the cut
- top-level ORDER BY: no ties among ordered rows that would change the listed answer
- result unchanged when every table is loaded with its rows reversed (and a few random shuffles)
- features in the JSON agree with the SQL text
"""
import duckdb, glob, json, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(order="asis", seed=0):
    c = duckdb.connect()
    for f in sorted(glob.glob(os.path.join(HERE, "tables", "*.csv"))):
        t = os.path.basename(f)[:-4]
        c.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{f}')")
        if order == "reverse":
            c.execute(f"CREATE TABLE _tmp AS SELECT * FROM (SELECT *, row_number() OVER () AS _rn FROM {t}) ORDER BY _rn DESC")
            c.execute("ALTER TABLE _tmp DROP COLUMN _rn")
            c.execute(f"DROP TABLE {t}")
            c.execute(f"CREATE TABLE {t} AS SELECT * FROM _tmp")
            c.execute("DROP TABLE _tmp")
        elif order == "shuffle":
            rows = c.execute(f"SELECT * FROM {t}").fetchall()
            random.Random(seed).shuffle(rows)
            cols = [d[0] for d in c.execute(f"SELECT * FROM {t} LIMIT 0").description]
            c.execute(f"CREATE TABLE _tmp AS SELECT * FROM {t} LIMIT 0")
            if rows:
                c.executemany(f"INSERT INTO _tmp VALUES ({','.join('?' * len(cols))})", rows)
            c.execute(f"DROP TABLE {t}")
            c.execute(f"CREATE TABLE {t} AS SELECT * FROM _tmp")
            c.execute("DROP TABLE _tmp")
    return c


def norm(v):
    if isinstance(v, float):
        return round(v, 6)
    return v


def result(c, sql, ordered):
    rows = [tuple(norm(v) for v in r) for r in c.execute(sql).fetchall()]
    return rows if ordered else sorted(rows, key=repr)


def top_level_positions(sql):
    """Return dict keyword -> list of positions at paren depth 0 (outside quotes)."""
    pos = {}
    depth, i, q = 0, 0, None
    up = sql.upper()
    while i < len(sql):
        ch = sql[i]
        if q:
            if ch == q:
                q = None
        elif ch in "'\"":
            q = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            for kw in ("SELECT", "FROM", "ORDER BY", "LIMIT", "UNION", "INTERSECT", "EXCEPT"):
                if up.startswith(kw, i) and (i == 0 or not (up[i - 1].isalnum() or up[i - 1] == "_")) \
                        and (i + len(kw) >= len(up) or not (up[i + len(kw)].isalnum() or up[i + len(kw)] == "_")):
                    pos.setdefault(kw, []).append(i)
        i += 1
    return pos


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
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def tie_check(c, sql):
    """For a top-level ORDER BY query: return an error string or None."""
    p = top_level_positions(sql)
    ob = p["ORDER BY"][0]
    lim = p.get("LIMIT", [None])[0]
    order_txt = sql[ob + len("ORDER BY"): lim if lim else len(sql)]
    n = int(re.search(r"\d+", sql[lim:]).group()) if lim else None
    keys = [re.sub(r"\s+(ASC|DESC)(\s+NULLS\s+(FIRST|LAST))?\s*$", "", k, flags=re.I) for k in split_top_commas(order_txt)]
    sel, frm = p["SELECT"][0], p["FROM"][0]
    orig_sel = sql[sel + len("SELECT"): frm]
    new_sql = sql[:frm].rstrip() + ", " + ", ".join(keys) + " " + sql[frm:ob] + " ORDER BY " + order_txt
    rows = c.execute(new_sql).fetchall()
    k = len(keys)
    ncols = len(rows[0]) - k
    ans = [r[:ncols] for r in rows]
    key = [tuple(norm(v) for v in r[ncols:]) for r in rows]
    upto = len(rows) if n is None else min(n, len(rows))
    # tie at the cut
    if n is not None and len(rows) > n and key[n - 1] == key[n] and ans[n - 1] != ans[n]:
        return f"tie at LIMIT cut: {key[n-1]}"
    # ties inside the shown rows that change the answer
    for i in range(1, upto):
        if key[i] == key[i - 1] and ans[i] != ans[i - 1]:
            return f"tie among ordered rows at {i}: {key[i]}"
    return None


def features(sql):
    u = re.sub(r"'[^']*'", "''", sql).upper()
    p = top_level_positions(sql)
    return {
        "nested": u.count("SELECT") > len(p.get("SELECT", [])),
        "set_op": bool(re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", u)),
        "joins": len(re.findall(r"\bJOIN\b", u)),
        "aggregates": sorted(set(m.lower() for m in re.findall(r"\b(COUNT|SUM|AVG|MIN|MAX)\s*\(", u))),
        "where": bool(re.search(r"\bWHERE\b", u)),
        "group_by": bool(re.search(r"\bGROUP\s+BY\b", u)),
        "having": bool(re.search(r"\bHAVING\b", u)),
        "order_by": bool(re.search(r"\bORDER\s+BY\b", u)),
        "limit": bool(re.search(r"\bLIMIT\b", u)),
        "distinct": bool(re.search(r"\bDISTINCT\b", u)),
        "like": bool(re.search(r"\b(I?LIKE)\b", u)),
    }, "ORDER BY" in p


def main():
    qs = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl"))]
    base = load()
    others = [("reverse", load("reverse"))] + [(f"shuffle{s}", load("shuffle", s)) for s in (1, 2, 3)]
    bad = 0
    ids = set()
    for q in qs:
        errs = []
        if q["id"] in ids:
            errs.append("duplicate id")
        ids.add(q["id"])
        sql = q["gold_sql"]
        try:
            feats, top_ordered = features(sql)
            if q["ordered"] != top_ordered:
                errs.append(f"ordered flag {q['ordered']} != {top_ordered}")
            for kf, v in feats.items():
                got = q["features"][kf]
                if kf == "aggregates":
                    got = sorted(got)
                if got != v:
                    errs.append(f"feature {kf}: json={got} sql={v}")
            res = result(base, sql, q["ordered"])
            if not res:
                errs.append("empty result")
            elif all(v is None for r in res for v in r):
                errs.append("only NULLs")
            if top_ordered:
                e = tie_check(base, sql)
                if e:
                    errs.append(e)
            for name, c in others:
                if result(c, sql, q["ordered"]) != res:
                    errs.append(f"result changes under {name}")
        except Exception as ex:
            errs.append(f"error: {ex}")
        if errs:
            bad += 1
            print(q["id"], "FAIL:", "; ".join(errs))
    print(f"{len(qs)} questions, {bad} failing")
    return bad


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
