"""Random pairs from a data set's truth, as a constraints file for `csc cluster --constraints`:
COUNT pairs of distinct points drawn uniformly, ML when their labels agree, CL otherwise.

    python3 experiments/random-pairs.py X.labels.npy COUNT SEED > pairs.csv
    python3 experiments/random-pairs.py data.csv COUNT SEED > pairs.csv     # its column `label`, else the last

The truth: a NumPy array of labels, or a CSV file with a header whose column `label` (else the last
one) holds them.
"""
import csv
import sys

import numpy as np

if sys.argv[1].endswith(".npy"):
    labels = np.load(sys.argv[1])
else:
    with open(sys.argv[1], newline="") as file:
        rows = csv.reader(file)
        header = next(rows)
        column = header.index("label") if "label" in header else len(header) - 1
        labels = np.array([row[column] for row in rows])
count, seed = int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed)
first = rng.integers(0, len(labels), count)
second = rng.integers(0, len(labels), count)
for a, b in zip(first, second):
    if a != b:
        print("%d,%d,%s" % (a, b, "ML" if labels[a] == labels[b] else "CL"))
