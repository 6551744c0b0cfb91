#!/usr/bin/env python3
"""Re-evaluate only the Spider questions a planner change touches.

A full `sandpiper eval` of the 4,235 development questions takes minutes;
`sandpiper bench planner --dump` takes seconds. Two dumps (before and after a
change) say which questions plan differently, and only those need running:

    scripts/spider_delta.py changed BEFORE.dump AFTER.dump SET.jsonl > changed.jsonl
    sandpiper eval --json --file changed.jsonl > changed.json
    scripts/spider_delta.py merge BEFORE_RUN.json changed.json > after.json
    scripts/spider_report.py after.json                  # the full table, as if run whole
    scripts/spider_delta.py moves BEFORE_RUN.json after.json   # what moved: correct -> wrong, ...

Questions are matched by (dataset, question, occurrence): Spider asks some
questions twice on one database, with the same or another gold query.
"""
import json
import sys
from collections import defaultdict


def load_lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def keyed(items):
    seen = defaultdict(int)
    out = []
    for x in items:
        k = (x["dataset"], x["question"])
        out.append(((k[0], k[1], seen[k]), x))
        seen[k] += 1
    return out


def verdict(c):
    if c["passed"]:
        return "correct"
    return {"ok": "wrong", "not_understood": "refused"}.get(c["status"], "error")


def changed(before, after, set_path):
    b = dict(keyed(load_lines(before)))
    a = dict(keyed(load_lines(after)))
    strip = lambda d: {k: v for k, v in d.items() if k not in ("confidence", "notes")} if d else d
    diff = {k for k in a if strip(a[k]) != strip(b.get(k))}
    with open(set_path) as f:
        lines = [line for line in f if line.strip()]
    for (k, _), line in zip(keyed([json.loads(x) for x in lines]), lines):
        if k in diff:
            sys.stdout.write(line if line.endswith("\n") else line + "\n")


def merge(base_run, changed_run):
    with open(base_run) as f:
        run = json.load(f)
    with open(changed_run) as f:
        new = dict(keyed(json.load(f)["cases"]))
    run["cases"] = [new.get(k, c) for k, c in keyed(run["cases"])]
    run.pop("summary", None)
    json.dump(run, sys.stdout)


def moves(before_run, after_run):
    with open(before_run) as f:
        b = dict(keyed(json.load(f)["cases"]))
    with open(after_run) as f:
        a = keyed(json.load(f)["cases"])
    counts = defaultdict(int)
    lines = []
    for k, c in a:
        old = b.get(k)
        if old is None:
            continue
        vo, vn = verdict(old), verdict(c)
        if vo != vn:
            counts[(vo, vn)] += 1
            lines.append(f"{vo:>8} -> {vn:<8} {c['dataset']}\t{c['question']}\t{(c.get('reason') or '')[:120]}")
    for (vo, vn), n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{n:5}  {vo} -> {vn}")
    print()
    print("\n".join(sorted(lines)))


if __name__ == "__main__":
    cmd, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if cmd == "changed" and len(args) == 3:
        changed(*args)
    elif cmd == "merge" and len(args) == 2:
        merge(*args)
    elif cmd == "moves" and len(args) == 2:
        moves(*args)
    else:
        sys.exit(__doc__)
