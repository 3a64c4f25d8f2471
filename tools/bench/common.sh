# Shared by the benchmark scripts: workloads, the release build and the median table.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
shared="${INDOORNAV_SHARED:-$root/../shared}"
workloads=""
repeats=3
while (($#)); do
  case "$1" in
    --workloads) workloads="$2"; shift 2 ;;
    --repeat) repeats="$2"; shift 2 ;;
    -h|--help) echo "usage: $(basename "$0") [--workloads DIR] [--repeat N]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown option $1" >&2; exit 2 ;;
  esac
done
if [ "$workloads" = none ]; then
  workloads=""  # this benchmark makes its own workload
elif [ -z "$workloads" ]; then
  workloads="$root/.build/workloads"
  if [ ! -f "$workloads/manifest.json" ]; then
    echo "generating the shared workloads into $workloads (about 30 s, 340 MB)" >&2
    python3 "$shared/bench/gen_workloads.py" --out "$workloads" >&2
  fi
fi
answers="$shared/bench/answers"

echo "building indoornav-bench (release)" >&2
(cd "$root" && swift build -c release --product indoornav-bench >&2)
bench="$root/.build/release/indoornav-bench"

# median KEY FILE: the median of a numeric field over the JSON lines of FILE.
median() {
  python3 -c 'import json,sys,statistics; print(statistics.median(json.loads(l)[sys.argv[1]] for l in open(sys.argv[2]) if l.strip()))' "$1" "$2"
}
