#!/usr/bin/env python3
"""Writes src/english_places.txt from WordNet 3.0 (Debian's `wordnet-base`,
/usr/share/wordnet): the names of each country and American state WordNet
knows, with their abbreviations and the adjectives that pertain to them,
so the offline planner can find "US", "the UK" or "French" in data that
stores "United States", "United Kingdom" or "France" (and the other way).

Each line is one place: its names, tab-separated, WordNet's first name
first ("United States	United States of America	America	US	USA
American"). Places are the instances of the synsets "country, state,
land", "state, nation, country" and "American state" and of their
hyponyms (206 countries and 50 states); adjectives are those whose
pertainym pointer leads to the place ("French" -> France). Names with a
full stop ("U.S."), "the States" and prefixed adjectives ("anti-American")
are left out.

Usage (from the project root): python3 scripts/wordnet_places.py > src/english_places.txt
"""
import collections
import re

from wordnet_relatives import read_data

ROOTS = ["08544813", "08168978", "08655464"]


def load(name, pos, synsets):
    for offset, lemmas, pointers in read_data(name):
        synsets[(pos, offset)] = ([re.sub(r"\(.*\)$", "", lemma).replace("_", " ") for lemma in lemmas], pointers)


def keep(name):
    return "." not in name and not name.startswith("the ") and not re.match(r"^(anti|pro|non)-", name)


def main():
    synsets = {}
    load("noun", "n", synsets)
    load("adj", "a", synsets)
    classes, stack = set(), [("n", r) for r in ROOTS]
    while stack:
        k = stack.pop()
        if k not in classes:
            classes.add(k)
            stack += [("n", off) for sym, off, _, _ in synsets[k][1] if sym == "~"]
    places = {("n", off) for k in classes for sym, off, _, _ in synsets[k][1] if sym == "~i"}
    adjectives = collections.defaultdict(set)
    for (pos, _), (lemmas, ptrs) in synsets.items():
        if pos != "a":
            continue
        for sym, off, ppos, st in ptrs:
            if sym == "\\" and ppos == "n" and ("n", off) in places:
                source = int(st[:2], 16)
                for lemma in lemmas if source == 0 else [lemmas[source - 1]]:
                    adjectives[("n", off)].add(lemma)
    lines = []
    for k in places:
        names = [n for n in synsets[k][0] + sorted(adjectives.get(k, ())) if keep(n)]
        names = list(dict.fromkeys(names))
        if len(names) > 1:
            lines.append("\t".join(names))
    print("# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.")
    print("# Used under the WordNet license; see scripts/wordnet_relatives.py.")
    print("\n".join(sorted(lines)))


if __name__ == "__main__":
    main()
