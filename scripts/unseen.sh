#!/usr/bin/env bash
# Add the made-up databases of tests/unseen (or tests/unseen2, unseen3, unseen4, unseen5, unseen6, unseen7) as datasets in a
# scratch SANDPIPER_HOME (default /tmp/sp-home) and evaluate their 400 questions. Each database
# is added under the dataset name its questions use (own_<db>, own3_<db> for unseen3, own4_<db> for unseen4, own5_<db> for unseen5, own6_<db> for unseen6, own7_<db> for unseen7).
#
#   scripts/unseen.sh [HOME] [SET]      SET: unseen (default), unseen2 (kept unread: read only
#                                       its counts, see tests/unseen2/README.md), unseen3, unseen4, unseen5, unseen6 or unseen7
#   SANDPIPER=path/to/sandpiper          (default $CARGO_TARGET_DIR/release/sandpiper)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export SANDPIPER_HOME=${1:-/tmp/sp-home}
set_name=${2:-unseen}
sp=${SANDPIPER:-${CARGO_TARGET_DIR:-$here/../target}/release/sandpiper}
mkdir -p "$SANDPIPER_HOME"
have=$("$sp" datasets list 2>/dev/null || true)
all=$(mktemp)
for d in "$here"/../tests/"$set_name"/*/; do
  name=$(head -1 "$d"questions.jsonl | sed -n 's/.*"dataset": *"\([^"]*\)".*/\1/p')
  grep -qw "$name" <<<"$have" || "$sp" datasets add "$name" "$d"tables/*.csv >/dev/null
  cat "$d"questions.jsonl >> "$all"
done
"$sp" eval --file "$all"
rm -f "$all"
