#!/usr/bin/env python3
"""Writes src/english_relatives.txt from WordNet 3.0 (Debian's
`wordnet-base`, /usr/share/wordnet): for each English word, the words
WordNet relates to it in its commonest senses, so the offline planner can
read a question word the schema does not use ("advises" -> an `advisor`
table, "attended" -> `attendance`, "oldest" -> `age`).

Each line: the word, a tab, the parts of speech WordNet has for it (n
noun, v verb, a adjective, r adverb), a tab, then its relatives as
`word:kind`+`pos`, where pos is the part of speech of the sense that
brings the relative ("review" the verb brings "reviewer", the noun does not)
and kind one of:
  d  derivationally related forms of a verb or adjective in its first
     two senses (advise -> advisor, attend -> attendance, enroll ->
     enrollment, serial -> series); not of a noun, whose derived words
     name another thing ("visitor" -> visit, "review" -> reviewer);
  a  attributes, adjective <-> noun, first sense (old -> age, tall -> height);
  s  the other words of its first sense's synset, for nouns and
     adjectives (film -> movie);
  h  the words of the synsets a noun's first sense is a kind of, one step
     up (airliner -> airplane, sedan -> car).
Only single words of letters, at least three long. Irregular inflections
(taught, bought, oldest) are keys too, carrying their base's relatives for
that part of speech; regular ones are undone by the reader
(`src/thesaurus.rs related`).

Usage (from the project root): python3 scripts/wordnet_relatives.py > src/english_relatives.txt
"""
import collections
import re
import sys

D = "/usr/share/wordnet"
FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
WORD = re.compile(r"^[a-z]{3,}$")
# Words of Debian's wamerican list (already in the binary for splitting
# names): a key or a relative outside it is too rare to be worth its bytes.
with open("src/english_words.txt", encoding="utf-8") as f:
    COMMON = set(f.read().split())


def clean(lemma):
    """A lemma without its adjective marker; a proper noun (capitalised in
    WordNet: "Teach", the pirate) as None."""
    lemma = re.sub(r"\(.*\)$", "", lemma)
    return None if lemma[:1].isupper() else lemma


def read_data(name):
    """Each synset of WordNet's data.<name> file: its offset, its lemmas as
    written, and its pointers as (symbol, offset, part of speech,
    source/target) strings."""
    with open(f"{D}/data.{name}", encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue
            fs = line.split(" ")
            words = int(fs[3], 16)
            i = 4 + 2 * words
            pointers = [tuple(fs[i + 1 + 4 * k : i + 5 + 4 * k]) for k in range(int(fs[i]))]
            yield fs[0], [fs[4 + 2 * k] for k in range(words)], pointers


def load():
    synsets, index = {}, collections.defaultdict(list)
    for pos, name in FILES.items():
        for offset, lemmas, pointers in read_data(name):
            ptrs = [(sym, ("a" if ppos == "s" else ppos, off), int(st[:2], 16), int(st[2:], 16)) for sym, off, ppos, st in pointers]
            synsets[(pos, offset)] = ([clean(lemma) for lemma in lemmas], ptrs)
        with open(f"{D}/index.{name}", encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue
                fs = line.split()
                count = int(fs[2])
                index[fs[0]].append((pos, fs[-count:]))
    return synsets, index


def relatives(word, synsets, index, only=None):
    out = {}
    for pos, offsets in index.get(word, []):
        if only and pos != only:
            continue
        for rank, off in enumerate(offsets[:2]):
            lemmas, ptrs = synsets[(pos, off)]
            own = lemmas.index(word) + 1 if word in lemmas else 0
            if rank == 0 and pos in "na":
                for other in lemmas:
                    if other != word:
                        out.setdefault((other, pos), "s")
            # Not of a proper noun's sense ("Teach" the pirate for "teach").
            if rank == 0 and pos == "n" and own:
                for sym, target, _, _ in ptrs:
                    if sym in ("@", "@i"):
                        for other in synsets[target][0]:
                            if other and other != word:
                                out.setdefault((other, pos), "h")
            for sym, target, src, dst in ptrs:
                if sym not in "+=" or src not in (0, own):
                    continue
                # A noun's derived nouns name another thing: "visitors" are
                # no visits, "reviews" no reviewers.
                if sym == "+" and pos == "n":
                    continue
                if sym == "=" and rank > 0:
                    continue
                if target[0] == "r":
                    continue
                tl = synsets[target][0]
                for other in [tl[dst - 1]] if dst else tl:
                    if other != word:
                        out[(other, pos)] = "d" if sym == "+" else "a"
    return {(w, p): t for (w, p), t in out.items() if w and WORD.match(w) and w in COMMON}


def main():
    synsets, index = load()
    rows = {}
    for word in index:
        if WORD.match(word) and word in COMMON:
            poses = "".join(p for p in "nvar" if any(q == p for q, _ in index[word]))
            rows[word] = (poses, relatives(word, synsets, index))
    for pos, name in FILES.items():
        with open(f"{D}/{name}.exc", encoding="latin-1") as f:
            for line in f:
                form, *bases = line.split()
                if not WORD.match(form) or form in rows:
                    continue
                merged = {}
                for b in bases:
                    merged.update(relatives(b, synsets, index, pos))
                    if WORD.match(b) and b in COMMON:
                        merged.setdefault((b, pos), "d")
                if merged:
                    rows[form] = (pos, merged)
    out = sys.stdout
    out.write("# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.\n")
    out.write("# Used under the WordNet license; see scripts/wordnet_relatives.py.\n")
    for word in sorted(rows):
        poses, rel = rows[word]
        if not rel:
            continue
        pairs = " ".join(f"{w}:{t}{p}" for (w, p), t in sorted(rel.items()))
        out.write(f"{word}\t{poses}\t{pairs}\n")


if __name__ == "__main__":
    main()
