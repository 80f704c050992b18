#!/usr/bin/env bash
# What the JIT compilers cost one csc command: runs it under Java Flight Recorder, recording every
# compilation (jdk.Compilation, no threshold), and prints the compilations' total duration, the
# C2 share (level 4), the classes whose methods took longest to compile and the longest single
# compilations. A compilation's duration is the time from its start to its end on a compiler
# thread, which on two cores competes with the fit's worker threads (and lengthens when it loses).
#
#   experiments/compile-time.sh cluster --data fashion-mnist -a lsc-r --seed 1 --threads 2 --json -q
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
"$repo/csc" algorithms >/dev/null   # builds csc when its sources changed
recording="$(mktemp --suffix=.jfr)"
trap 'rm -f "$recording" "$recording.txt"' EXIT
JAVA_OPTS="${JAVA_OPTS:--Xmx8g} -XX:StartFlightRecording:filename=$recording,jdk.Compilation#threshold=0ms" \
  "$repo/csc" "$@" > /dev/null 2>&1
jfr print --events jdk.Compilation "$recording" > "$recording.txt"
python3 - "$recording.txt" <<'PY'
import re, sys
from collections import Counter
scale = {'s': 1000.0, 'ms': 1.0, 'us': 0.001, 'ns': 1e-6}
rows = []
for event in open(sys.argv[1]).read().split('jdk.Compilation')[1:]:
    duration = re.search(r'duration = ([\d.]+) (s|ms|us|ns)', event)
    method = re.search(r'method = (.*)', event)
    level = re.search(r'compileLevel = (\d)', event)
    if duration and method and level:
        rows.append((float(duration.group(1)) * scale[duration.group(2)], level.group(1), method.group(1).strip()))
total = sum(r[0] for r in rows)
c2 = sum(r[0] for r in rows if r[1] == '4')
print("%d compilations, %.0f ms in all, %.0f ms by C2" % (len(rows), total, c2))
classes = Counter()
for ms, level, method in rows:
    if level == '4':
        classes[method.split('(')[0].rsplit('.', 1)[0]] += ms
print("C2 time by class:")
for name, ms in classes.most_common(8):
    print("  %6.0f ms  %s" % (ms, name))
print("longest compilations:")
for ms, level, method in sorted(rows, reverse=True)[:8]:
    print("  %6.0f ms  level %s  %s" % (ms, level, method[:110]))
PY
