#!/usr/bin/env bash
# The approximate k-NN graph (NN-descent) against the exact one, on every shared data set: the
# k-NN methods njw (graph=knn) and e2cp (path=scalable on the two large sets, the exact path on the
# others; its propagation graph is a k-NN graph either way) with --neighbour-search exact and
# approximate, same seed, same supervision (10% labels; 1000 labels on Fashion-MNIST). Prints and
# writes OUT/neighbour-search.md: NMI with each graph (mean over SEEDS), the difference, and the
# recall NN-descent reports (diagnostics.neighbourSearch.recall).
#
#   experiments/neighbour-search.sh [OUT]                 # default OUT: experiments/neighbour-search
#   SETS="iris wine" SEEDS="1" experiments/neighbour-search.sh
#
# How long: the small sets take seconds each; Fashion-MNIST's exact graphs take about two minutes
# per fit on two cores (one seed there unless FASHION_SEEDS says otherwise).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
out="${1:-$here/neighbour-search}"
sets="${SETS:-iris wine wdbc breastcancer glass ionosphere soybean digits waveform21 spirals letter fashion-mnist}"
seeds="${SEEDS:-1 2 3}"
fashion_seeds="${FASHION_SEEDS:-1}"
threads="${THREADS:-2}"
export JAVA_OPTS="${JAVA_OPTS:--Xmx8g}"
mkdir -p "$out"
records="$out/records.jsonl"
: > "$records"
"$repo/csc" algorithms >/dev/null   # builds csc when its sources changed

for set in $sets; do
  if [ "$set" = fashion-mnist ]; then
    supervision=(--known-labels 1000); e2cp_path=scalable; set_seeds="$fashion_seeds"
  elif [ "$set" = letter ]; then
    supervision=(--known-fraction 0.1); e2cp_path=scalable; set_seeds="$seeds"
  else
    supervision=(--known-fraction 0.1); e2cp_path=exact; set_seeds="$seeds"
  fi
  for seed in $set_seeds; do
    for search in exact approximate; do
      for job in njw e2cp; do
        if [ "$job" = njw ]; then
          arguments=(-a njw --param graph=knn)
        else
          arguments=(-a e2cp --param "path=$e2cp_path" "${supervision[@]}")
        fi
        echo "[neighbour-search] $set $job seed $seed $search" >&2
        "$repo/csc" cluster --data "$set" "${arguments[@]}" --neighbour-search "$search" --seed "$seed" \
            --threads "$threads" --json -q \
          | python3 -c "
import json, sys
r = json.load(sys.stdin)
search = r['diagnostics'].get('neighbourSearch', {})
print(json.dumps({'set': '$set', 'job': '$job', 'seed': $seed, 'search': '$search', 'nmi': r['metrics']['nmi'],
                  'seconds': r['seconds'], 'method': search.get('method'), 'recall': search.get('recall')}))" >> "$records"
      done
    done
  done
done

python3 - "$records" "$out/neighbour-search.md" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
groups = {}
for row in rows:
    groups.setdefault((row["set"], row["job"]), {}).setdefault(row["search"], []).append(row)
lines = ["| data | method | NMI exact graph | NMI NN-descent | difference | recall | fit s exact / approximate |",
         "|---|---|---:|---:|---:|---:|---|"]
worst = 0.0
for (data, job), sides in groups.items():
    exact, approximate = sides["exact"], sides["approximate"]
    nmi_exact = statistics.mean(r["nmi"] for r in exact)
    nmi_approximate = statistics.mean(r["nmi"] for r in approximate)
    recalls = [r["recall"] for r in approximate if r["recall"] is not None]
    difference = nmi_approximate - nmi_exact
    worst = min(worst, difference)
    lines.append("| %s | %s | %.4f | %.4f | %+.4f | %s | %.2f / %.2f |" % (
        data, job, nmi_exact, nmi_approximate, difference,
        "%.3f" % statistics.mean(recalls) if recalls else "-",
        statistics.median(r["seconds"] for r in exact), statistics.median(r["seconds"] for r in approximate)))
text = "\n".join(lines) + "\n\nLargest loss of NMI with the approximate graph: %.4f\n" % -worst
open(sys.argv[2], "w").write(text)
print(text)
PY
