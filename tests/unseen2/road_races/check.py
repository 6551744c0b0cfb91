"""Validate questions.jsonl gold SQL against the CSV tables in ./tables (DuckDB)."""
import collections, glob, json, os, re, sys
import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = sorted(glob.glob(os.path.join(HERE, "tables", "*.csv")))


def connect(reverse=False):
    con = duckdb.connect()
    for f in TABLES:
        t = os.path.basename(f)[:-4]
        if not reverse:
            con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_csv_auto('{f}')")
        else:
            con.execute(f"CREATE TABLE {t} AS SELECT * EXCLUDE (__rn) FROM "
                        f"(SELECT *, row_number() OVER () AS __rn FROM read_csv_auto('{f}')) ORDER BY __rn DESC")
    return con


def norm(v):
    if isinstance(v, float):
        return round(v, 6)
    return v


def normrows(rows):
    return [tuple(norm(v) for v in r) for r in rows]


def top_level(sql):
    """Yield (index, depth) for every character outside string literals."""
    depth, i, q = 0, 0, None
    out = []
    while i < len(sql):
        c = sql[i]
        if q:
            if c == q:
                q = None
        elif c in "'\"":
            q = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        out.append(depth if not q or c == q else -1)
        i += 1
    return out


def find_kw(sql, kw, depths, start=0):
    """Positions of keyword kw (regex) at depth 0."""
    res = []
    for m in re.finditer(r"\b" + kw + r"\b", sql, flags=re.I):
        if m.start() >= start and depths[m.start()] == 0:
            res.append(m)
    return res


def split_top_commas(s):
    d = top_level(s)
    parts, last = [], 0
    for i, c in enumerate(s):
        if c == "," and d[i] == 0:
            parts.append(s[last:i])
            last = i + 1
    parts.append(s[last:])
    return [p.strip() for p in parts]


def features(sql):
    s = re.sub(r"'[^']*'", "''", sql)
    up = s.upper()
    d = top_level(s)
    return {
        "nested": len(re.findall(r"\bSELECT\b", up)) > 1 and bool(re.search(r"\(\s*SELECT\b", up)),
        "set_op": bool(re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", up)),
        "joins": len(re.findall(r"\bJOIN\b", up)),
        "aggregates": sorted(set(a.lower() for a in re.findall(r"\b(COUNT|SUM|AVG|MIN|MAX)\s*\(", up))),
        "where": bool(re.search(r"\bWHERE\b", up)),
        "group_by": bool(re.search(r"\bGROUP\s+BY\b", up)),
        "having": bool(re.search(r"\bHAVING\b", up)),
        "order_by": bool(re.search(r"\bORDER\s+BY\b", up)),
        "limit": bool(re.search(r"\bLIMIT\b", up)),
        "distinct": bool(re.search(r"\bDISTINCT\b", up)),
        "like": bool(re.search(r"\b(I?LIKE)\b", up)),
    }


def has_top_order(sql):
    s = re.sub(r"'[^']*'", "''", sql)
    return bool(find_kw(s, r"ORDER\s+BY", top_level(s)))


def tie_check(con, sql):
    """Return an error string if the ordered result depends on how ties are broken."""
    s = sql.strip().rstrip(";")
    d = top_level(s)
    ob = find_kw(s, r"ORDER\s+BY", d)
    if not ob:
        return None
    if find_kw(s, r"UNION|INTERSECT|EXCEPT", d):
        return "top-level ORDER BY on a set operation: check manually"
    ob = ob[-1]
    lim = find_kw(s, r"LIMIT", d, ob.end())
    keys_txt = s[ob.end(): lim[0].start() if lim else len(s)]
    n = int(re.match(r"\s*(\d+)\s*$", s[lim[0].end():]).group(1)) if lim else None
    keys = []
    for k in split_top_commas(keys_txt):
        k = re.sub(r"\s+NULLS\s+(FIRST|LAST)\s*$", "", k, flags=re.I)
        k = re.sub(r"\s+(ASC|DESC)\s*$", "", k, flags=re.I)
        keys.append(k)
    sel = find_kw(s, r"SELECT", d)[0]
    frm = find_kw(s, r"FROM", d, sel.end())[0]
    ncols = len(con.execute(sql).description)
    extra = ", ".join(f"{k} AS __k{i}" for i, k in enumerate(keys))
    mod = s[:frm.start()] + ", " + extra + " " + s[frm.start(): ob.start()] + s[ob.start(): lim[0].start() if lim else len(s)]
    rows = normrows(con.execute(mod).fetchall())
    out = [r[:ncols] for r in rows]
    key = [r[ncols:] for r in rows]
    upto = len(rows) if n is None else min(n, len(rows))
    inside = collections.defaultdict(set)
    for i in range(upto):
        inside[key[i]].add(out[i])
    for k, outs in inside.items():
        if len(outs) > 1:
            return f"tie on order key {k} among returned rows with different values"
    if n is not None and upto < len(rows) and key[upto - 1] == key[upto]:
        allouts = set(o for o, k in zip(out, key) if k == key[upto])
        if len(allouts) > 1:
            return f"tie at LIMIT cut on key {key[upto]}"
    return None


def main():
    path = os.path.join(HERE, "questions.jsonl")
    qs = [json.loads(l) for l in open(path) if l.strip()]
    con, rcon = connect(), connect(reverse=True)
    bad = 0
    ids = collections.Counter(q["id"] for q in qs)
    if len(qs) != 50 or max(ids.values()) > 1:
        print(f"WARNING: {len(qs)} questions, duplicate ids: {[k for k, v in ids.items() if v > 1]}")
        bad += 1
    for q in qs:
        sql, errs = q["gold_sql"], []
        try:
            res = con.execute(sql).fetchall()
            if not res:
                errs.append("empty result")
            elif all(v is None for r in res for v in r):
                errs.append("only NULLs")
            ordered = has_top_order(sql)
            if ordered != q["ordered"]:
                errs.append(f"ordered flag {q['ordered']} but top-level ORDER BY={ordered}")
            if features(sql) != q["features"]:
                errs.append(f"features mismatch {features(sql)}")
            rres = rcon.execute(sql).fetchall()
            a, b = normrows(res), normrows(rres)
            if ordered:
                if a != b:
                    errs.append("ordered result changes when table rows are reversed")
            elif collections.Counter(a) != collections.Counter(b):
                errs.append("result multiset changes when table rows are reversed")
            if ordered:
                t = tie_check(con, sql)
                if t:
                    errs.append(t)
        except Exception as e:  # noqa
            errs.append(f"error: {e}")
        if errs:
            bad += 1
            print(q["id"], "FAIL:", "; ".join(errs), "\n   ", sql)
        elif "-v" in sys.argv:
            print(q["id"], "ok", len(res), "rows", res[:3])
    print(f"{len(qs)} questions, {bad} failing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
