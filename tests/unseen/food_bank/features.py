"""Shared helper: derive the `features` dict and `ordered` flag from a gold SQL string, write questions.jsonl."""
import json, re

def features(sql):
    s = re.sub(r"'[^']*'", "''", sql)
    return {
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

def top_level_order_by(sql):
    d, q = 0, None
    for i, ch in enumerate(sql):
        if q:
            if ch == q: q = None
            continue
        if ch in "'\"": q = ch; continue
        if ch == "(": d += 1
        elif ch == ")": d -= 1
        elif d == 0 and re.match(r"ORDER\s+BY\b", sql[i:], re.I) and (i == 0 or not (sql[i-1].isalnum() or sql[i-1] == "_")):
            return True
    return False

def write(db, items, path):
    with open(path, "w") as f:
        for n, (question, sql) in enumerate(items, 1):
            sql = " ".join(sql.split())
            obj = {"id": f"own_{db}_{n:02d}", "dataset": f"own_{db}", "question": question, "gold_sql": sql,
                   "ordered": top_level_order_by(sql), "features": features(sql)}
            f.write(json.dumps(obj) + "\n")
    print(len(items), "questions written to", path)
