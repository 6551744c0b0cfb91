#!/usr/bin/env bash
# Time `sandpiper datasets add` as a user runs it: the binary spawned, files
# profiled, keys and joins inferred, the dataset prepared; each run into a
# fresh scratch home. Prints every run and the median.
#
#   scripts/bench_add.sh [RUNS] FILE...      (default 7 runs)
#   SANDPIPER=path/to/sandpiper              (default $CARGO_TARGET_DIR/release/sandpiper)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sp=${SANDPIPER:-${CARGO_TARGET_DIR:-$here/../target}/release/sandpiper}
runs=7
if [[ ${1:-} =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [RUNS] FILE..." >&2; exit 2; }
times=()
for _ in $(seq "$runs"); do
  home=$(mktemp -d)
  start=$(date +%s%N)
  SANDPIPER_HOME=$home "$sp" datasets add bench_add "$@" >/dev/null 2>"$home.err" || { cat "$home.err" >&2; exit 1; }
  rm -f "$home.err"
  end=$(date +%s%N)
  rm -rf "$home"
  times+=($(( (end - start) / 1000000 )))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "datasets add, $# files, $runs runs (ms): $(echo $sorted)"
echo "median: $(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p") ms; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
