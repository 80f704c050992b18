#!/usr/bin/env bash
# csc side by side with its peers, on the same data and in the same run: scikit-learn's
# SpectralClustering (k-NN affinity) and csc's njw graph=knn on a Fashion-MNIST subsample, and
# short NumPy versions of LSC-R and SCACS against csc's lsc-r and scacs on the subsample and on all
# 70,000 images. Fit times only (loading and start-up excluded), the median of ROUNDS rounds, every
# job on THREADS threads; prints a table with the ratios csc / peer and writes it to OUT/peers.md.
# The images are float32 on both sides: the NumPy scripts compute on them as they are, and csc's
# landmark jobs keep them so (--precision float); njw widens them to double, as it always does.
# csc runs through its launcher, as users run it (with the class archive it makes once per build).
#
#   experiments/peers/run.sh                 # needs python3; installs numpy, scipy, scikit-learn
#   THREADS=2 ROUNDS=2 SUBSAMPLE=20000 experiments/peers/run.sh
#
# The Python side lives in a virtual environment (PEERS_VENV, default experiments/peers/.venv),
# created with pip on the first run; when that is not possible the script says why and stops.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${OUT:-$here/out}"
venv="${PEERS_VENV:-$here/.venv}"
threads="${THREADS:-2}"
rounds="${ROUNDS:-2}"
subsample="${SUBSAMPLE:-20000}"
labels="${LABELS:-1000}"
seed="${SEED:-1}"
data_dir="${CSC_DATA_DIR:-$repo/../shared/data}"

say() { echo "[peers] $*" >&2; }

if [ ! -d "$data_dir/fashion-mnist" ]; then
  say "Fashion-MNIST not found in $data_dir/fashion-mnist; set CSC_DATA_DIR to the folder that holds it"
  exit 1
fi
python="$venv/bin/python"
if ! "$python" -c "import numpy, scipy, sklearn" 2>/dev/null; then
  say "setting up the Python side in $venv (numpy, scipy, scikit-learn)..."
  if ! command -v python3 >/dev/null; then
    say "cannot: python3 is not installed; install Python 3.9 or later and run again"
    exit 1
  fi
  if ! python3 -m venv "$venv" >&2; then
    say "cannot: 'python3 -m venv' failed (on Debian and Ubuntu: apt-get install python3-venv); run again after"
    exit 1
  fi
  if ! "$venv/bin/pip" install --quiet numpy scipy scikit-learn >&2; then
    # No package index: a system Python that has the three (apt-get install python3-sklearn) will do,
    # through a virtual environment that sees its packages.
    system=""
    for candidate in /usr/bin/python3 /usr/local/bin/python3; do
      if [ -x "$candidate" ] && "$candidate" -c "import numpy, scipy, sklearn" 2>/dev/null; then
        system="$candidate"
        break
      fi
    done
    if [ -z "$system" ]; then
      say "cannot: pip could not install numpy, scipy and scikit-learn into $venv (offline, or no wheel for this"
      say "Python), and no system Python has them; install them there by hand ($venv/bin/pip install numpy"
      say "scipy scikit-learn) or system-wide (Debian and Ubuntu: apt-get install python3-sklearn) and run again"
      exit 1
    fi
    say "pip could not reach a package index; using the packages of $system instead"
    rm -rf "$venv"
    "$system" -m venv --system-site-packages "$venv" >&2
  fi
fi
say "$("$python" -c "import numpy, scipy, sklearn, sys; print('Python %s, numpy %s, scipy %s, scikit-learn %s' % (sys.version.split()[0], numpy.__version__, scipy.__version__, sklearn.__version__))")"
export OMP_NUM_THREADS="$threads" OPENBLAS_NUM_THREADS="$threads" MKL_NUM_THREADS="$threads"

mkdir -p "$out"
small="$out/fashion-$subsample.npy"
all="$out/fashion-all.npy"
if [ ! -f "$small" ] || [ ! -f "$all" ]; then
  say "writing the data: all 70,000 images and a subsample of $subsample, with $labels known labels each"
  "$python" "$here/peers.py" prepare --data-dir "$data_dir/fashion-mnist" --out "$out" --n "$subsample" \
      --labels "$labels" --seed "$seed"
fi
"$repo/csc" algorithms >/dev/null   # builds csc when its sources changed, and its class archive
say "csc on $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | head -n 1) (the launcher's Java: JAVA_HOME's, else the PATH's)"
java_opts="${JAVA_OPTS:--Xmx8g}"

# csc JOB DATA ARGS...: one csc fit, printed as the JSON line the Python jobs print
csc() {
  local job="$1" data="$2"; shift 2
  # shellcheck disable=SC2086
  JAVA_OPTS="$java_opts" "$repo/csc" cluster --data "$data" --scale none --threads "$threads" --seed "$seed" --json -q "$@" \
    | "$python" -c "import json, sys; r = json.load(sys.stdin); print(json.dumps({'job': '$job', 'seconds': r['seconds'],
 'acc': r['metrics']['acc'], 'nmi': r['metrics']['nmi'], 'stages': r['diagnostics']['stageSeconds']}))"
}
peer() {
  "$python" "$here/peers.py" "$@" --threads "$threads" --seed "$seed"
}

results="$out/results.jsonl"
: > "$results"
for round in $(seq 1 "$rounds"); do
  say "round $round of $rounds"
  peer sklearn-sc --data "$small" --neighbours 10 | sed "s/^{/{\"set\": \"$subsample\", \"pair\": \"sc\", \"side\": \"peer\", /" >> "$results"
  csc "njw graph=knn" "$small" -a njw --param graph=knn --param neighbours=10 \
    | sed "s/^{/{\"set\": \"$subsample\", \"pair\": \"sc\", \"side\": \"csc\", /" >> "$results"
  for set in "$small" "$all"; do
    name="$(basename "$set" .npy)"
    peer lsc-r --data "$set" --landmarks 1000 --nearest 5 \
      | sed "s/^{/{\"set\": \"$name\", \"pair\": \"lsc-r\", \"side\": \"peer\", /" >> "$results"
    csc "lsc-r" "$set" -a lsc-r --param landmarks=1000 --param nearest=5 --precision float \
      | sed "s/^{/{\"set\": \"$name\", \"pair\": \"lsc-r\", \"side\": \"csc\", /" >> "$results"
    peer scacs --data "$set" --labelled "${set%.npy}.known.npy" --landmarks 500 --nearest 3 \
      | sed "s/^{/{\"set\": \"$name\", \"pair\": \"scacs\", \"side\": \"peer\", /" >> "$results"
    # select=none: the method as set, as the NumPy script runs it (up to 50,000 points csc guards it by
    # default with three-fold held-out checks against seeded references, about ten fits more)
    csc "scacs" "$set" -a scacs --labels "${set%.npy}.known.csv" --precision float --param select=none \
      | sed "s/^{/{\"set\": \"$name\", \"pair\": \"scacs\", \"side\": \"csc\", /" >> "$results"
  done
done
"$python" - "$results" "$out/peers.md" "$threads" "$rounds" <<'PY'
import json, statistics, sys, platform, os
rows = [json.loads(line) for line in open(sys.argv[1])]
groups = {}
for row in rows:
    groups.setdefault((row["set"], row["pair"]), {}).setdefault(row["side"], []).append(row)
lines = ["| data | job | peer | peer fit (s) | csc | csc fit (s) | csc / peer | ACC peer / csc | NMI peer / csc |",
         "|---|---|---|---:|---|---:|---:|---|---|"]
for (data, pair), sides in groups.items():
    peer, csc = sides["peer"], sides["csc"]
    tp = statistics.median(r["seconds"] for r in peer)
    tc = statistics.median(r["seconds"] for r in csc)
    lines.append("| %s | %s | %s | %.2f | %s | %.2f | %.2f | %.3f / %.3f | %.3f / %.3f |" % (
        data, pair, peer[0]["job"], tp, csc[0]["job"], tc, tc / tp, peer[0]["acc"], csc[0]["acc"],
        peer[0]["nmi"], csc[0]["nmi"]))
header = "%d threads each, median of %s rounds; %s, %d processors" % (int(sys.argv[3]), sys.argv[4],
                                                                       platform.platform(), os.cpu_count())
text = header + "\n\n" + "\n".join(lines) + "\n"
open(sys.argv[2], "w").write(text)
print(text)
PY
