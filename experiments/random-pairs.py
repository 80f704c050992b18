"""Random pairs from a data set's truth, as a constraints file for `csc cluster --constraints`:
COUNT pairs of distinct points drawn uniformly, ML when their labels agree, CL otherwise.

    python3 experiments/random-pairs.py X.labels.npy COUNT SEED > pairs.csv
"""
import sys

import numpy as np

labels = np.load(sys.argv[1])
count, seed = int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed)
first = rng.integers(0, len(labels), count)
second = rng.integers(0, len(labels), count)
for a, b in zip(first, second):
    if a != b:
        print("%d,%d,%s" % (a, b, "ML" if labels[a] == labels[b] else "CL"))
