#!/usr/bin/env bash
# Add every Spider database (spider-train and spider-dev-public) as a dataset in a
# scratch SANDPIPER_HOME, outside the repository, so `sandpiper eval --file` can run
# their questions. Databases already added are skipped.
#
#   scripts/spider_home.sh [HOME]        (default /tmp/sp-home)
#   SANDPIPER=path/to/sandpiper          (default $CARGO_TARGET_DIR/release/sandpiper)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# ../shared beside the project root (a worktree one level deeper also finds it).
bench=${SPIDER_BENCH:-$( [ -d "$here/../../shared/benchmarks" ] && echo "$here/../../shared/benchmarks" || echo "$here/../../../shared/benchmarks")}
export SANDPIPER_HOME=${1:-/tmp/sp-home}
sp=${SANDPIPER:-${CARGO_TARGET_DIR:-$here/../target}/release/sandpiper}
mkdir -p "$SANDPIPER_HOME"
have=$("$sp" datasets list 2>/dev/null || true)
for set in spider-train spider-dev-public; do
  for d in "$bench/$set/tables"/*/; do
    name="spider_$(basename "$d")"
    if grep -qw "$name" <<<"$have"; then continue; fi
    "$sp" datasets add "$name" "$d"*.csv >/dev/null 2>"/tmp/sp-add-$name.err" || echo "failed: $name ($(tail -1 "/tmp/sp-add-$name.err"))"
  done
done
echo "datasets in $SANDPIPER_HOME: $("$sp" datasets list | grep -c spider_)"
