"""What the neighbourhood check (`--param select=check`) catches: on each set and draw of labels (or pairs),
every method as set (`select=none`), the references (seeded-kmeans, seeded-njw on the k-NN graph,
and NJW where DENSE lists the set), and every method under `select=check`, with the check's figures
from `diagnostics.neighbourhoodCheck`. Prints one Markdown row per method fit and a summary.

    python3 experiments/neighbourhood-check.py --data iris.csv,wine.csv --methods scacs,sc-pc \\
        [--dense iris.csv,wine.csv] [--seeds 1,2] [--pairs 100,400] [--jar csc-cli/target/csc.jar] [--out records.jsonl]

Labels: 10% of the points (at least 6), 1,000 above 10,000 points, drawn with NumPy from the seed
and written as a labels file, so that every run of a draw sees the same labelled points. With
--pairs, each amount of random pairs instead (two distinct points drawn uniformly, a must-link when
their classes agree), written as a constraints file. Data: CSV files with a header and a last
column `label`.
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np


def run(jar, path, method, supervision, seed, parameters):
    option = "--constraints" if supervision.endswith(".pairs.csv") else "--labels"
    command = ["java", "-Xmx8g", "-jar", jar, "cluster", "--data", path, "-a", method, option, supervision,
               "--seed", str(seed), "--threads", "2", "--json", "-q"]
    for parameter in parameters:
        command += ["--param", parameter]
    finished = subprocess.run(command, capture_output=True, text=True)
    if finished.returncode != 0:
        print(f"{os.path.basename(path)} {method}: {finished.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    return json.loads(finished.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--methods", required=True)
    parser.add_argument("--dense", default="")
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--pairs", default="", help="amounts of random pairs instead of labels, e.g. 100,400")
    parser.add_argument("--jar", default=os.path.join(os.path.dirname(__file__), "..", "csc-cli", "target", "csc.jar"))
    parser.add_argument("--out", default="neighbourhood-check.jsonl")
    arguments = parser.parse_args()
    dense = set(arguments.dense.split(",")) if arguments.dense else set()
    records = []
    with open(arguments.out, "w") as out:
        for path in arguments.data.split(","):
            name = os.path.basename(path).rsplit(".", 1)[0]
            truth = np.genfromtxt(path, delimiter=",", skip_header=1, dtype=str, usecols=-1)
            _, classes = np.unique(truth, return_inverse=True)
            n = len(classes)
            amount = 1000 if n > 10000 else max(int(round(0.1 * n)), 6)
            draws = [(seed, None) for seed in (int(s) for s in arguments.seeds.split(","))]
            if arguments.pairs:
                draws = [(seed, int(p)) for p in arguments.pairs.split(",") for seed, _ in draws]
            for seed, pairs in draws:
                random = np.random.default_rng(seed)
                if pairs is None:
                    known = np.sort(random.choice(n, amount, replace=False))
                    labels = f"{arguments.out}.{name}-{seed}.labels.csv"
                    with open(labels, "w") as file:
                        file.writelines(f"{i},{classes[i]}\n" for i in known)
                else:
                    drawn = set()
                    while len(drawn) < pairs:
                        i, j = sorted(random.choice(n, 2, replace=False))
                        drawn.add((int(i), int(j)))
                    labels = f"{arguments.out}.{name}-{pairs}-{seed}.pairs.csv"
                    with open(labels, "w") as file:
                        file.writelines(f"{i},{j},{'ML' if classes[i] == classes[j] else 'CL'}\n"
                                        for i, j in sorted(drawn))
                references = [("seeded-kmeans", []), ("seeded-njw", ["graph=knn"])]
                if os.path.basename(path) in dense:
                    references.append(("njw", []))
                best = max((r["metrics"]["acc"] for r in (run(arguments.jar, path, m, labels, seed, p)
                                                          for m, p in references) if r), default=float("nan"))
                for method in arguments.methods.split(","):
                    alone = run(arguments.jar, path, method, labels, seed, ["select=none"])
                    checked = run(arguments.jar, path, method, labels, seed, ["select=check"])
                    if alone is None or checked is None:
                        continue
                    diagnostics = checked["diagnostics"]
                    check = diagnostics.get("neighbourhoodCheck") or {}
                    record = dict(set=name, seed=seed, pairs=pairs, method=method, asSet=alone["metrics"]["acc"], bestReference=best,
                                  checked=checked["metrics"]["acc"], fitAgreement=check.get("fitAgreement"),
                                  labelAgreement=check.get("labelAgreement", check.get("pairAgreement")),
                                  contradicts=check.get("contradicts"),
                                  chosen=(diagnostics.get("selection") or {}).get("method", method),
                                  checkSeconds=diagnostics["stageSeconds"].get("neighbourhood check"))
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    records.append(record)
    print("| set | pairs | draw | method | as set | best reference | agreement: fit / supervision | verdict | select=check |")
    print("|---|---:|---:|---|---:|---:|---|---|---|")
    for r in records:
        figures = ("%.3f / %.3f" % (r["fitAgreement"], r["labelAgreement"])) if r["fitAgreement"] is not None else "-"
        verdict = "-" if r["contradicts"] is None else "contradicts" if r["contradicts"] else "passes"
        print(f"| {r['set']} | {r['pairs'] or '-'} | {r['seed']} | {r['method']} | {r['asSet']:.3f} | {r['bestReference']:.3f} | {figures} "
              f"| {verdict} | {r['checked']:.3f} ({r['chosen']}) |")
    checked = [r for r in records if r["contradicts"] is not None]
    flagged = [r for r in checked if r["contradicts"]]
    passed = [r for r in checked if not r["contradicts"]]
    print(f"\n{len(records)} fits, {len(checked)} checked, {len(flagged)} contradict their supervision; of those, "
          f"{sum(r['asSet'] < r['bestReference'] for r in flagged)} were below the best reference. "
          f"Of the {len(passed)} that pass, {sum(r['asSet'] < r['bestReference'] - 0.02 for r in passed)} are more "
          f"than 0.02 below it and {sum(r['asSet'] < r['bestReference'] - 0.1 for r in passed)} more than 0.1.")


if __name__ == "__main__":
    main()
