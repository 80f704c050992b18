#!/usr/bin/env bash
# Robustness benchmark (issue 9: supervision must never make the clusters worse).
#
# What it runs: every method (METHODS) on the shared small data sets (iris wine glass ionosphere
# soybean digits waveform21 wdbc breastcancer spirals) and on four generated mixtures (fixed seeds):
#   gauss-balanced     2000 x 5,   k=5, balanced Gaussian clusters
#   gauss-imbalanced   5000 x 8,   k=4, classes of 80/15/4/1 %
#   binary-dna         3000 x 180, k=3, binary features (30 informative, separation 1.5: njw
#                      reaches about 0.85 ACC), like the DNA splice set
#   gauss-overlapping  1500 x 10,  k=5, separation 2.5 (clusters overlap)
# under three kinds of supervision, each experiment in its own folder under OUT:
#   OUT/labels              --kind labels          --known-fraction 0.05,0.1,0.2
#   OUT/pairs               --kind pairs           --known 20,100,400
#   OUT/noisy-pairs-0.1     --kind noisy-pairs:0.1 --known 100,400
# with --repeats 3 --threads 2. Then 'csc compare' over the three folders writes OUT/benefit.md:
# wins / ties / losses of every constrained method against njw and cop-kmeans, and the ACC
# difference against njw per condition. The generated data go to OUT/data.
#
# Usage: experiments/robustness.sh [OUT]            (default OUT: experiments/robustness)
#        experiments/robustness.sh --quick [OUT]    (default OUT: experiments/robustness-quick)
# --quick is a smoke test: iris and wine, gauss-overlapping and binary-dna, 2 repeats.
#
# Environment:
#   METHODS  comma-separated methods (default: every registered one, as 'csc algorithms' lists them,
#            and auto). The baselines of the comparison are those of njw and cop-kmeans that run.
#   PARAMS   extra options of every 'csc experiment', e.g. PARAMS="--param select=cv".
#   JAVA_OPTS  passed to the JVM by ./csc, e.g. JAVA_OPTS=-Xmx8g.
#
# How long: the --quick run with METHODS="njw,cop-kmeans,scacs" took 76 s (1m16s) on the
# 2-core development machine (152 fits). The full run with every method is many hours (the dense methods are
# quadratic to cubic in n, and gauss-imbalanced has 5000 points): run it on a quiet machine, or
# narrow METHODS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

quick=false
if [ "${1:-}" = "--quick" ]; then
  quick=true
  shift
fi
if $quick; then
  out="${1:-experiments/robustness-quick}"
else
  out="${1:-experiments/robustness}"
fi
data="$out/data"
mkdir -p "$data"

log() { printf '[robustness %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# The methods: METHODS, or every registered one plus auto.
if [ -n "${METHODS:-}" ]; then
  methods="$METHODS"
else
  methods="$(./csc algorithms | grep -E '^[a-z][a-z0-9-]*  ' | awk '{print $1}' | paste -sd, -)"
  case ",$methods," in
    *,auto,*) ;;
    *) methods="$methods,auto" ;;
  esac
fi
baselines=""
for baseline in njw cop-kmeans; do
  case ",$methods," in
    *,"$baseline",*) baselines="${baselines:+$baselines,}$baseline" ;;
  esac
done
# shellcheck disable=SC2206
params=(${PARAMS:-})

log "methods: $methods${PARAMS:+; params: $PARAMS}; output: $out"

# The generated mixtures, same seeds every time.
generate() {
  local name="$1"
  shift
  ./csc generate -q --output "$data/$name.csv" "$@"
}
log "generating the mixtures into $data"
generate gauss-balanced --n 2000 --d 5 -k 5 --seed 901
generate gauss-imbalanced --n 5000 --d 8 -k 4 --weights 0.8,0.15,0.04,0.01 --seed 902
generate binary-dna --n 3000 --d 180 -k 3 --features binary --informative 30 --separation 1.5 --seed 903
generate gauss-overlapping --n 1500 --d 10 -k 5 --separation 2.5 --seed 904

if $quick; then
  shared=(iris wine)
  generated=(gauss-overlapping binary-dna)
  repeats=2
else
  shared=(iris wine glass ionosphere soybean digits waveform21 wdbc breastcancer spirals)
  generated=(gauss-balanced gauss-imbalanced binary-dna gauss-overlapping)
  repeats=3
fi
sets="$(IFS=,; echo "${shared[*]}")"
for name in "${generated[@]}"; do
  sets="$sets,$data/$name.csv"
done

# One experiment: its folder name, then the supervision options. A run measures afresh: the folder
# of an earlier run is replaced (csc experiment refuses to overwrite one without --resume).
experiment() {
  local folder="$out/$1"
  shift
  log "experiment $folder: $*"
  rm -rf "$folder"
  ./csc experiment --data "$sets" -a "$methods" "$@" --repeats "$repeats" --threads 2 -q --plot none \
    --out "$folder" ${params[@]+"${params[@]}"} > "$folder.log"
  tail -n 1 "$folder.log" >&2
}
mkdir -p "$out"
experiment labels --kind labels --known-fraction 0.05,0.1,0.2
experiment pairs --kind pairs --known 20,100,400
experiment noisy-pairs-0.1 --kind noisy-pairs:0.1 --known 100,400

if [ -z "$baselines" ]; then
  log "neither njw nor cop-kmeans ran: no comparison (add njw to METHODS)"
  exit 0
fi
./csc compare --from "$out/labels,$out/pairs,$out/noisy-pairs-0.1" --baselines "$baselines" \
  --out "$out/benefit.md" > /dev/null
log "wrote $out/benefit.md"
