#!/usr/bin/env bash
# The fit times docs/BENCHMARKS.md records, measured again on this machine: each job ROUNDS times
# (seeds 1..ROUNDS), the median fit time (`seconds` of `csc cluster --json`: loading and start-up
# excluded), the stages of the median run (diagnostics.stageSeconds), the peak resident memory of
# the whole process (/usr/bin/time) and the quality. Prints a Markdown table and writes it, with
# the raw JSON records, to OUT.
#
#   experiments/performance.sh [OUT]                   # default OUT: experiments/performance
#   JOBS="lsc-r scacs" ROUNDS=3 experiments/performance.sh
#
# Jobs (JOBS, default all but the ten-million-point one, which needs 2 GB of disk and 16 GB of heap):
#   lsc-r         LSC-R on Fashion-MNIST, p = 1000, r = 5
#   lsc-r-float   the same, features in single precision
#   scacs         SCACS on Fashion-MNIST, 1000 labels
#   sc-pc         SC-PC on Fashion-MNIST, 1000 labels
#   sc-pc-7000    SC-PC on Fashion-MNIST, 7000 labels
#   e2cp          E2CP path=scalable on Fashion-MNIST, 1000 labels
#   njw-knn       NJW with a 10-NN graph on the 20,000-image subsample of experiments/peers (made by
#                 experiments/peers/run.sh; skipped when missing)
#   scacs-10m     SCACS on 10,000,000 x 50 (generated once into BIG, default /tmp), 1000 labels,
#                 single precision, -Xmx16g
# Run it on a quiet machine: the numbers are only as steady as the load beside them (the load
# average is printed with each run).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
out="${1:-$here/performance}"
jobs="${JOBS:-lsc-r lsc-r-float scacs sc-pc sc-pc-7000 e2cp njw-knn}"
rounds="${ROUNDS:-3}"
threads="${THREADS:-2}"
big="${BIG:-/tmp}"
mkdir -p "$out"
records="$out/records.jsonl"
: > "$records"
"$repo/csc" algorithms >/dev/null   # builds csc when its sources changed
jar="$repo/csc-cli/target/csc.jar"

arguments() {
  case "$1" in
    lsc-r) echo "--data fashion-mnist -a lsc-r --param landmarks=1000 --param nearest=5" ;;
    lsc-r-float) echo "--data fashion-mnist -a lsc-r --param landmarks=1000 --param nearest=5 --precision float" ;;
    scacs) echo "--data fashion-mnist -a scacs --known-labels 1000" ;;
    sc-pc) echo "--data fashion-mnist -a sc-pc --known-labels 1000" ;;
    sc-pc-7000) echo "--data fashion-mnist -a sc-pc --known-labels 7000" ;;
    e2cp) echo "--data fashion-mnist -a e2cp --param path=scalable --known-labels 1000" ;;
    njw-knn) echo "--data $repo/experiments/peers/out/fashion-20000.npy --scale none -a njw --param graph=knn --param neighbours=10" ;;
    scacs-10m) echo "--data $big/mix10m.npy -a scacs --known-labels 1000 --precision float" ;;
    *) echo "unknown job $1" >&2; exit 2 ;;
  esac
}

for job in $jobs; do
  heap=-Xmx8g
  if [ "$job" = njw-knn ] && [ ! -f "$repo/experiments/peers/out/fashion-20000.npy" ]; then
    echo "[performance] skipping njw-knn: run experiments/peers/run.sh first (it writes the subsample)" >&2
    continue
  fi
  if [ "$job" = scacs-10m ]; then
    heap=-Xmx16g
    if [ ! -f "$big/mix10m.npy" ]; then
      echo "[performance] generating $big/mix10m.npy (10,000,000 x 50, single precision, 2 GB)" >&2
      java -Xmx4g -jar "$jar" generate --n 10000000 --d 50 -k 10 --seed 1 --precision float --output "$big/mix10m.npy" -q
    fi
  fi
  for seed in $(seq 1 "$rounds"); do
    load="$(cut -d' ' -f1 /proc/loadavg)"
    echo "[performance] $job seed $seed (load $load)" >&2
    # shellcheck disable=SC2046
    /usr/bin/time -f "%M" -o "$out/rss" java "$heap" -jar "$jar" cluster $(arguments "$job") --seed "$seed" \
        --threads "$threads" --json -q > "$out/run.json"
    python3 - "$out/run.json" "$(cat "$out/rss")" "$job" "$seed" "$load" >> "$records" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
d = r["diagnostics"]
print(json.dumps({"job": sys.argv[3], "seed": int(sys.argv[4]), "load": float(sys.argv[5]), "seconds": r["seconds"],
                  "rssGB": int(sys.argv[2]) / 1024 / 1024, "acc": r["metrics"].get("acc"), "nmi": r["metrics"].get("nmi"),
                  "stages": d.get("stageSeconds", {}), "neighbourSearch": d.get("neighbourSearch")}))
PY
  done
done
rm -f "$out/run.json" "$out/rss"

python3 - "$records" "$out/performance.md" "$threads" <<'PY'
import json, statistics, sys, platform, os
rows = [json.loads(line) for line in open(sys.argv[1])]
jobs = {}
for row in rows:
    jobs.setdefault(row["job"], []).append(row)
lines = ["| job | fit s, median (range) | stages of the median run (s) | peak RSS GB | ACC | NMI | load |",
         "|---|---|---|---:|---|---|---|"]
for job, runs in jobs.items():
    ordered = sorted(runs, key=lambda r: r["seconds"])
    median = ordered[(len(ordered) - 1) // 2]
    stages = ", ".join("%s %.2f" % (name, value) for name, value in median["stages"].items())
    recall = median.get("neighbourSearch") or {}
    if recall.get("recall") is not None:
        stages += " (NN-descent recall %.3f)" % recall["recall"]
    lines.append("| %s | %.2f (%.2f-%.2f) | %s | %.2f | %s | %s | %s |" % (
        job, median["seconds"], ordered[0]["seconds"], ordered[-1]["seconds"], stages,
        max(r["rssGB"] for r in runs), "/".join("%.3f" % r["acc"] for r in runs),
        "/".join("%.3f" % r["nmi"] for r in runs), "/".join("%.1f" % r["load"] for r in runs)))
header = "%s threads; %s, %d processors" % (sys.argv[3], platform.platform(), os.cpu_count())
text = header + "\n\n" + "\n".join(lines) + "\n"
open(sys.argv[2], "w").write(text)
print(text)
PY
