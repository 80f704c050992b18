"""Six more data sets shaped like what users bring, unlike the shared ones and unlike the sets of
experiments/sklearn-shapes.py, numpy-shapes.py and practice-shapes.py, from NumPy alone:

- genes: more features than points, as in gene expression: 240 samples, 2,000 features, 4 classes
  that differ in 40 of them, the rest noise of the same size;
- densities: 3 clusters of 300 points in 5 dimensions whose spreads are 0.3, 1 and 3;
- units: 4 clusters in 6 dimensions, each feature in its own unit (scaled by 10^-3 to 10^4), as a
  table of physical measurements has them;
- roll: a Swiss roll in 3 dimensions cut into 4 arcs of equal length (1,600 points), a manifold
  that the features' straight distances fold;
- small15: 15 classes of 20 points in 10 dimensions, so that 10% labels miss some classes;
- curves: 900 time series of 60 steps, 3 shapes (a bump, a step, a ramp) shifted at random in
  time, with noise: each class is a curve family, not a point cloud.

Writes CSV files with a 'label' column into OUT (default: field-shapes); SEED (default 1128) seeds
the generator, so that the same shapes can be drawn again.

    python3 experiments/field-shapes.py [OUT [SEED]]
"""
import sys

import numpy as np

from shapes_output import shuffled_sets

rng, save = shuffled_sets("field-shapes", int(sys.argv[2]) if len(sys.argv) > 2 else 1128)


# genes
labels = np.repeat(np.arange(4), 60)
x = rng.normal(0, 1, (240, 2000))
signatures = rng.normal(0, 1.2, (4, 40))
x[:, :40] += signatures[labels]
save("genes", x, labels)

# densities
spreads = [0.3, 1.0, 3.0]
centres = np.array([[0, 0, 0, 0, 0], [4, 0, 0, 0, 0], [0, 9, 0, 0, 0]], dtype=float)
x = np.vstack([rng.normal(c, s, (300, 5)) for c, s in zip(centres, spreads)])
save("densities", x, np.repeat(np.arange(3), 300))

# units
centres = rng.normal(0, 2.5, (4, 6))
x = np.vstack([rng.normal(c, 1, (250, 6)) for c in centres]) * 10.0 ** np.array([-3, -1, 0, 1, 2, 4])
save("units", x, np.repeat(np.arange(4), 250))

# roll
t = 1.5 * np.pi * (1 + 2 * rng.random(1600))
x = np.column_stack([t * np.cos(t), 21 * rng.random(1600), t * np.sin(t)]) + rng.normal(0, 0.3, (1600, 3))
edges = np.quantile(t, [0.25, 0.5, 0.75])
save("roll", x, np.searchsorted(edges, t))

# small15
centres = rng.normal(0, 2.2, (15, 10))
save("small15", np.vstack([rng.normal(c, 1, (20, 10)) for c in centres]), np.repeat(np.arange(15), 20))

# curves
steps = np.arange(60)
rows = []
for cls in range(3):
    for _ in range(300):
        shift = rng.uniform(10, 50)
        if cls == 0:
            curve = np.exp(-0.5 * ((steps - shift) / 4) ** 2)
        elif cls == 1:
            curve = (steps > shift).astype(float)
        else:
            curve = np.clip((steps - shift + 10) / 20, 0, 1)
        rows.append(curve + rng.normal(0, 0.25, 60))
save("curves", np.array(rows), np.repeat(np.arange(3), 300))
