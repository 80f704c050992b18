"""What the generated-shape scripts share: the output folder from the command line, and one CSV file
per set with feature columns f0, f1, ... and a 'label' column."""
import os
import sys


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
