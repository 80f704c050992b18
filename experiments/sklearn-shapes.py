"""Seven data sets shaped unlike the shared ones, from scikit-learn's generators (the shapes of its
clustering comparison and more): two moons, two rings, anisotropic blobs, blobs of varied spread,
20 blobs in 12 dimensions, a 4-class problem with 6 informative of 40 features (two clusters per
class), and blobs with features of very different scales plus noise features; and two larger ones:
four 10-dimensional blobs of different spreads and sizes (12,000 points) and an 8-class problem
(24,000 points, 10 informative of 30 features). Writes CSV files with a 'label' column into OUT
(default: sklearn-shapes).

    python3 experiments/sklearn-shapes.py [OUT]
"""
import os
import sys

import numpy as np
from sklearn import datasets

out = sys.argv[1] if len(sys.argv) > 1 else "sklearn-shapes"
os.makedirs(out, exist_ok=True)


def save(name, x, y):
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(",".join("f%d" % i for i in range(x.shape[1])) + ",label\n")
        for row, label in zip(x, y):
            f.write(",".join("%.5g" % v for v in row) + ",%d\n" % label)


save("moons", *datasets.make_moons(1200, noise=0.08, random_state=4))
save("circles", *datasets.make_circles(1200, factor=0.45, noise=0.05, random_state=4))
x, y = datasets.make_blobs(1500, centers=3, random_state=170)
save("aniso", x @ np.array([[0.6, -0.64], [-0.41, 0.85]]), y)
save("varied", *datasets.make_blobs(1500, centers=3, cluster_std=[1.0, 2.5, 0.5], random_state=170))
save("blobs20", *datasets.make_blobs(2000, n_features=12, centers=20, cluster_std=2.0, random_state=7))
save("classif4", *datasets.make_classification(1500, n_features=40, n_informative=6, n_redundant=4, n_classes=4,
                                               n_clusters_per_class=2, class_sep=1.5, random_state=3))
rng = np.random.default_rng(5)
x, y = datasets.make_blobs(1200, n_features=6, centers=4, random_state=11)
x = np.hstack([x * np.array([1, 1000, 0.001, 1, 50, 1]), rng.normal(size=(1200, 4)) * 100])
save("scales", x, y)
x, y = datasets.make_blobs(n_samples=[7000, 3000, 1500, 500], n_features=10, cluster_std=[1.0, 2.5, 0.5, 1.5],
                           random_state=170, center_box=(-8, 8))
save("varied12k", x, y)
save("classif24k", *datasets.make_classification(24000, n_features=30, n_informative=10, n_redundant=5, n_classes=8,
                                                 n_clusters_per_class=1, class_sep=2.0, random_state=5))
