"""What the generated-shape scripts share: the output folder from the command line, and one CSV file
per set with feature columns f0, f1, ... and a 'label' column."""
import os
import sys

import numpy as np


def folder(default):
    """The folder named by the first argument, else `default`; created when missing."""
    out = sys.argv[1] if len(sys.argv) > 1 else default
    os.makedirs(out, exist_ok=True)
    return out


def write_csv(out, name, x, y):
    """`out/name.csv`: the rows of x with six significant digits, then the integer label."""
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(",".join("f%d" % i for i in range(x.shape[1])) + ",label\n")
        for row, label in zip(x, y):
            f.write(",".join("%.6g" % v for v in row) + ",%d\n" % label)


def write_shuffled_csv(out, name, x, y, rng):
    """As write_csv, the rows in an order drawn from `rng`, so that no class comes as one block."""
    order = rng.permutation(len(y))
    write_csv(out, name, x[order], y[order])


def shuffled_sets(default, seed):
    """A generator seeded with `seed`, and save(name, x, y): write_shuffled_csv into the folder named
    on the command line (else `default`) with that generator."""
    out = folder(default)
    rng = np.random.default_rng(seed)

    def save(name, x, y):
        write_shuffled_csv(out, name, x, y, rng)

    return rng, save
