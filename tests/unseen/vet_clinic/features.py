import re

AGGS = ["count", "sum", "avg", "min", "max"]


def strip_strings(sql):
    return re.sub(r"'(?:[^']|'')*'", "''", sql)


def depth_map(sql):
    d, out = 0, []
    for ch in sql:
        if ch == "(":
            d += 1
        out.append(d)
        if ch == ")":
            d -= 1
    return out


def top_level_positions(sql, kw):
    s = strip_strings(sql)
    dm = depth_map(s)
    return [m.start() for m in re.finditer(r"\b" + kw + r"\b", s, re.I) if dm[m.start()] == 0]


def top_level_order_by(sql):
    return bool(top_level_positions(sql, r"ORDER\s+BY"))


def features(sql):
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
        "like": bool(re.search(r"\bI?LIKE\b", s, re.I)),
    }
