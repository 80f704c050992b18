"""A look-alike of a large imbalanced table, above the 50,000 points up to which `select=auto`
guards a method, from NumPy alone:

- large-imbalanced: 58,000 points, 9 integer-valued features, 7 classes of 78.7 / 15.5 / 5.3 /
  0.35 / 0.11 / 0.04 / 0.02 %: each class a correlated Gaussian cloud around its own centre,
  scaled by 4 and rounded, as a table of instrument readings stores them. With 1,000 labelled
  points the three smallest classes get about one label between them.

Writes large-imbalanced.csv with a 'label' column into OUT (default: large-imbalanced).
    python3 experiments/large-imbalanced.py [OUT]
"""
import numpy as np

from shapes_output import shuffled_sets

rng, save = shuffled_sets("large-imbalanced", 58)
shares = np.array([0.786, 0.155, 0.053, 0.0035, 0.0011, 0.0004, 0.0002])
shares /= shares.sum()
n = 58000
counts = np.maximum(np.round(shares * n).astype(int), 6)
counts[0] += n - counts.sum()
x, y = [], []
for label, count in enumerate(counts):
    centre = rng.normal(0, 3.0, 9)
    loading = rng.normal(0, 1, (9, 9)) * rng.uniform(0.3, 1.0, 9)
    x.append(rng.normal(size=(count, 9)) @ loading * 0.6 + centre)
    y += [label] * count
save("large-imbalanced", np.round(np.vstack(x) * 4), np.array(y))
