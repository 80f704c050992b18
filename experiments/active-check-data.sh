#!/usr/bin/env bash
# The data of the active-learning checks beyond the shared small sets (docs/results/95-active.md):
# four generated sets nobody tuned for, and random subsamples of three held-back UCI sets.
#   experiments/active-check-data.sh [OUT]      # default OUT: /tmp/active-checks
set -euo pipefail
out="${1:-/tmp/active-checks}"
data="${CSC_DATA_DIR:-../shared/data}"
mkdir -p "$out"
./csc generate --n 500 --d 6 -k 3 --separation 2.5 --seed 101 --output "$out/gen-overlap3.csv" -q
./csc generate --n 600 --d 10 -k 4 --weights 0.55,0.25,0.13,0.07 --separation 3 --seed 102 \
    --output "$out/gen-imbalanced4.csv" -q
./csc generate --n 600 --d 8 -k 6 --separation 3 --seed 103 --output "$out/gen-six.csv" -q
./csc generate --n 600 --d 60 -k 2 --features binary --separation 1 --seed 104 --output "$out/gen-binary2.csv" -q
python3 - "$data" "$out" <<'PY'
import csv, random, sys
data, out = sys.argv[1], sys.argv[2]
for name, target, size, seed in [("digits", "digits600", 600, 1), ("waveform21", "waveform600", 600, 2),
                                 ("letter", "letter1000", 1000, 3)]:
    rows = list(csv.reader(open(f"{data}/{name}.csv")))
    body = rows[1:]
    random.Random(seed).shuffle(body)
    with open(f"{out}/{target}.csv", "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(rows[0])
        writer.writerows(body[:size])
PY
