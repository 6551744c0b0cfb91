#!/usr/bin/env python3
"""Print the outcome table of one or more `sandpiper eval --json` outputs.

    scripts/spider_report.py RUN.json [RUN.json ...]          table per run
    scripts/spider_report.py --wrong RUN.json                 the wrong answers, by dataset

Outcomes: correct (rows match gold), wrong (an answer that does not match),
refused (not understood), error (SQL failed or was rejected).
"""
import json
import sys

KINDS = ["single_table", "multi_table", "nested", "set_op", "group_by", "order_by"]


def load(path):
    with open(path) as f:
        return json.load(f)


def verdict(c):
    if c["passed"]:
        return "correct"
    if c["status"] == "ok":
        return "wrong"
    if c["status"] == "not_understood":
        return "refused"
    return "error"


def table(path):
    run = load(path)
    rows = {"all": [0, 0, 0, 0, 0, 0]}
    for c in run["cases"]:
        v = verdict(c)
        keys = ["all"]
        feats = c.get("features") or []
        if feats:
            keys.append("multi_table" if "joins" in feats else "single_table")
            keys += [f for f in feats if f in KINDS]
        for k in keys:
            r = rows.setdefault(k, [0, 0, 0, 0, 0, 0])
            r[0] += 1
            r[["correct", "wrong", "refused", "error"].index(v) + 1] += 1
            r[5] += int(bool(c.get("uncertain")) and v == "wrong")
    print(f"{path}")
    print(f"  {'kind':<13} {'n':>5} {'correct':>14} {'wrong':>13} {'refused':>13} {'error':>12}")
    for k in ["all"] + KINDS:
        if k not in rows:
            continue
        n, ok, wr, rf, er, _ = rows[k]
        pct = lambda x: f"{x:>5} {100 * x / max(n, 1):5.1f}%"
        print(f"  {k:<13} {n:>5} {pct(ok):>14} {pct(wr):>13} {pct(rf):>13} {pct(er):>12}")


def wrong(path):
    run = load(path)
    for c in run["cases"]:
        if verdict(c) == "wrong":
            print(f"{c['dataset']}\t{c['question']}\t{c['reason']}\t{c.get('sql', '')!r}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--wrong":
        for p in args[1:]:
            wrong(p)
    else:
        for p in args:
            table(p)
