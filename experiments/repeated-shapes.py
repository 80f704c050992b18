"""Five data sets whose points repeat, as binary, ordinal, categorical and rounded features make
them, from NumPy alone:

- binary6: 1,500 points, 6 binary features, 3 classes: 64 possible rows, about 23 copies each;
- survey: 1,200 answers to 4 questions on a 1-5 scale, 3 classes of respondents;
- onehot: 1,200 points, 5 categorical variables of 3-4 levels one-hot coded (17 columns), 3 classes;
- rounded: 1,600 points of 4 Gaussian clusters in 3 dimensions, rounded to steps of 0.5;
- copies: 90 points on 3 distinct coordinates, 30 copies each, one class per coordinate.

Writes CSV files with a 'label' column into OUT (default: repeated-shapes); SEED (default 1127)
seeds the generator.

    python3 experiments/repeated-shapes.py [OUT [SEED]]
"""
import sys

import numpy as np

from shapes_output import shuffled_sets

rng, save = shuffled_sets("repeated-shapes", int(sys.argv[2]) if len(sys.argv) > 2 else 1127)

# binary6: each class sets some features on more often than others
labels = np.repeat(np.arange(3), 500)
on = np.array([[0.85, 0.85, 0.15, 0.15, 0.5, 0.5],
               [0.15, 0.15, 0.85, 0.85, 0.5, 0.5],
               [0.5, 0.5, 0.5, 0.5, 0.9, 0.1]])
save("binary6", (rng.random((1500, 6)) < on[labels]).astype(int), labels)

# survey: answers around a class profile, rounded and clipped to 1-5
labels = np.repeat(np.arange(3), 400)
profiles = np.array([[1.5, 1.5, 4, 4], [4, 4, 1.5, 1.5], [3, 3, 3, 3]])
answers = np.clip(np.rint(rng.normal(profiles[labels], 0.8)), 1, 5).astype(int)
save("survey", answers, labels)

# onehot: per class and variable, level probabilities drawn once
levels = [3, 4, 3, 4, 3]
labels = np.repeat(np.arange(3), 400)
columns = []
for size in levels:
    probabilities = rng.random((3, size)) ** 2
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    drawn = np.array([rng.choice(size, p=probabilities[c]) for c in labels])
    columns.append(np.eye(size, dtype=int)[drawn])
save("onehot", np.hstack(columns), labels)

# rounded
labels = np.repeat(np.arange(4), 400)
centres = np.array([[0, 0, 0], [3, 0, 0], [0, 3, 0], [0, 0, 3]], dtype=float)
save("rounded", np.round(rng.normal(centres[labels], 1.0) * 2) / 2, labels)

# copies
labels = np.repeat(np.arange(3), 30)
save("copies", np.column_stack([labels, labels]).astype(float), labels)
