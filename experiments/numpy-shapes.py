"""Five data sets unlike the shared ones and unlike experiments/sklearn-shapes.py, from NumPy alone:

- many30: 30 Gaussian clusters in 20 dimensions, sizes from a Zipf law (largest 20x the smallest);
- heavy: 4 clusters in 10 dimensions with Student-t noise of 2 degrees of freedom (outliers);
- onehot: 3 classes over 12 categorical attributes of 4 levels each, one-hot encoded (48 binary
  features), each class with its own level frequencies;
- dupes: 3 clusters in 6 dimensions rounded to integers 0-5, so that many points coincide;
- constant: 4 clusters in 8 dimensions plus a constant feature and a feature that takes one value
  in all but three points;

and three harder ones, where the clusters overlap:

- many30-overlap: as many30, the centres at half the spread;
- onehot-weak: as onehot, each class's level frequencies nearer to uniform;
- cauchy: 4 clusters in 10 dimensions with Cauchy noise (Student-t of 1 degree of freedom).

Writes CSV files with a 'label' column into OUT (default: numpy-shapes).

    python3 experiments/numpy-shapes.py [OUT]
"""
import numpy as np

from shapes_output import folder, write_csv

out = folder("numpy-shapes")
rng = np.random.default_rng(2026)


def save(name, x, y):
    write_csv(out, name, x, y)


# many30
weights = 1.0 / np.arange(1, 31) ** 0.9
sizes = np.maximum(20, np.round(3000 * weights / weights.sum())).astype(int)
centres = rng.normal(scale=4.0, size=(30, 20))
x = np.vstack([c + rng.normal(size=(s, 20)) for c, s in zip(centres, sizes)])
y = np.repeat(np.arange(30), sizes)
save("many30", x, y)

# heavy
centres = rng.normal(scale=3.5, size=(4, 10))
y = rng.integers(0, 4, size=2000)
x = centres[y] + rng.standard_t(2, size=(2000, 10))
save("heavy", x, y)

# onehot
y = rng.integers(0, 3, size=1500)
levels = rng.dirichlet(np.full(4, 0.7), size=(3, 12))  # class x attribute x level
columns = []
for a in range(12):
    values = np.array([rng.choice(4, p=levels[c, a]) for c in y])
    columns.append(np.eye(4)[values])
save("onehot", np.hstack(columns), y)

# dupes
centres = rng.uniform(1, 4, size=(3, 6))
y = rng.integers(0, 3, size=2000)
x = np.clip(np.round(centres[y] + rng.normal(scale=0.7, size=(2000, 6))), 0, 5)
save("dupes", x, y)

# constant
centres = rng.normal(scale=3.0, size=(4, 8))
y = rng.integers(0, 4, size=1600)
x = centres[y] + rng.normal(size=(1600, 8))
nearly = np.zeros(1600)
nearly[[5, 500, 1000]] = 1.0
save("constant", np.hstack([x, np.full((1600, 1), 7.0), nearly[:, None]]), y)

# many30-overlap
centres = rng.normal(scale=2.0, size=(30, 20))
x = np.vstack([c + rng.normal(size=(s, 20)) for c, s in zip(centres, sizes)])
save("many30-overlap", x, np.repeat(np.arange(30), sizes))

# onehot-weak
y = rng.integers(0, 3, size=1500)
levels = rng.dirichlet(np.full(4, 3.0), size=(3, 12))
columns = []
for a in range(12):
    values = np.array([rng.choice(4, p=levels[c, a]) for c in y])
    columns.append(np.eye(4)[values])
save("onehot-weak", np.hstack(columns), y)

# cauchy
centres = rng.normal(scale=4.0, size=(4, 10))
y = rng.integers(0, 4, size=2000)
save("cauchy", centres[y] + rng.standard_t(1, size=(2000, 10)), y)
