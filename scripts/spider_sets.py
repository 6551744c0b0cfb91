#!/usr/bin/env python3
"""Split the Spider benchmark questions into the sets the planner is measured on.

Writes, into OUT (default /tmp/sp-sets):
  train-dev.jsonl        spider-train questions on development databases
  train-heldout.jsonl    spider-train questions on held-out databases (never read while building)
  train-dev-sample.jsonl a fixed stratified fifth of train-dev (every question whose
                         Spider index is a multiple of 5: each database keeps its share)
  dev-public.jsonl       spider-dev-public, unchanged
  heldout-dbs.txt        the held-out database names

Held-out rule: a training database is held out when the first 32 bits of the MD5 of
its name, read as a big-endian integer, are a multiple of 5 (25 of the 136 databases).
"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# ../shared beside the project root (a worktree one level deeper also finds it).
_NEAR = os.path.join(HERE, "../../shared/benchmarks")
BENCH = os.environ.get("SPIDER_BENCH", _NEAR if os.path.isdir(_NEAR) else os.path.join(HERE, "../../../shared/benchmarks"))


def held_out(db: str) -> bool:
    return int(hashlib.md5(db.encode()).hexdigest()[:8], 16) % 5 == 0


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/sp-sets"
    os.makedirs(out, exist_ok=True)
    train = os.path.join(BENCH, "spider-train")
    dbs = sorted(os.listdir(os.path.join(train, "tables")))
    held = [d for d in dbs if held_out(d)]
    with open(os.path.join(out, "heldout-dbs.txt"), "w") as f:
        f.write("\n".join(held) + "\n")
    files = {k: open(os.path.join(out, k + ".jsonl"), "w") for k in ["train-dev", "train-heldout", "train-dev-sample"]}
    counts = dict.fromkeys(files, 0)
    with open(os.path.join(train, "questions.jsonl")) as f:
        for line in f:
            case = json.loads(line)
            db = case["dataset"].removeprefix("spider_")
            if held_out(db):
                keys = ["train-heldout"]
            else:
                keys = ["train-dev"]
                if int(case["id"].rsplit("_", 1)[1]) % 5 == 0:
                    keys.append("train-dev-sample")
            for k in keys:
                files[k].write(line)
                counts[k] += 1
    for f in files.values():
        f.close()
    with open(os.path.join(BENCH, "spider-dev-public/questions.jsonl")) as src, open(os.path.join(out, "dev-public.jsonl"), "w") as dst:
        n = sum(1 for line in src if dst.write(line))
    print(f"{len(held)} of {len(dbs)} training databases held out; questions: {counts}, dev-public {n}")


if __name__ == "__main__":
    main()
