"""Six data sets shaped like what users bring, unlike the shared ones and unlike
experiments/sklearn-shapes.py and experiments/numpy-shapes.py, from NumPy alone:

- tfidf: 1,600 short documents over a 400-word vocabulary, 4 topics of unequal size, word counts
  drawn from each topic's word frequencies (half of the vocabulary shared by all topics), then
  TF-IDF weighted and scaled to unit length: sparse, non-negative, high-dimensional;
- rare: 2 classes in 8 dimensions, 95% and 5% of 2,000 points, moderately separated;
- tiny: 45 points, 3 classes in 4 dimensions;
- mixed: 5 numeric features and 3 categorical ones stored as integer codes 0-9 whose order means
  nothing (as a spreadsheet export has them), 3 classes of 600 points;
- factors: 6 clusters whose centres differ in 4 latent factors, seen through 50 correlated
  features (a random loading matrix) plus noise;
- shells: 3 concentric spherical shells in 3 dimensions (radii 1, 2.2, 3.4), 1,500 points: not
  convex, so k-means alone cannot separate them.

Writes CSV files with a 'label' column into OUT (default: practice-shapes).

    python3 experiments/practice-shapes.py [OUT]
"""
import numpy as np

from shapes_output import shuffled_sets

rng, save = shuffled_sets("practice-shapes", 1127)


# tfidf
vocabulary, shared = 400, 200
sizes = [700, 450, 300, 150]
background = rng.dirichlet(np.full(shared, 0.5))
documents, labels = [], []
for topic, size in enumerate(sizes):
    own = np.zeros(vocabulary - shared)
    words = rng.choice(vocabulary - shared, 40, replace=False)
    own[words] = rng.dirichlet(np.full(40, 0.3))
    frequencies = np.concatenate([0.6 * background, 0.4 * own])
    lengths = rng.integers(15, 60, size)
    for length in lengths:
        documents.append(rng.multinomial(length, frequencies))
        labels.append(topic)
counts = np.array(documents, dtype=float)
idf = np.log((1 + len(counts)) / (1 + (counts > 0).sum(axis=0))) + 1
weights = counts * idf
weights /= np.linalg.norm(weights, axis=1, keepdims=True)
used = (counts > 0).any(axis=0)
save("tfidf", weights[:, used], np.array(labels))

# rare
n_major, n_minor = 1900, 100
x = np.vstack([rng.normal(0, 1, (n_major, 8)), rng.normal(0, 1, (n_minor, 8)) + np.r_[2.5, 2.5, np.zeros(6)]])
save("rare", x, np.r_[np.zeros(n_major, int), np.ones(n_minor, int)])

# tiny
centres = rng.normal(0, 3, (3, 4))
save("tiny", np.vstack([rng.normal(c, 1, (15, 4)) for c in centres]), np.repeat(np.arange(3), 15))

# mixed
rows, labels = [], []
for cls in range(3):
    numeric = rng.normal(rng.normal(0, 1.5, 5), 1, (600, 5))
    codes = np.column_stack([rng.choice(10, 600, p=rng.dirichlet(np.full(10, 0.7))) for _ in range(3)])
    rows.append(np.hstack([numeric, codes]))
    labels += [cls] * 600
save("mixed", np.vstack(rows), np.array(labels))

# factors
loadings = rng.normal(0, 1, (4, 50))
latent_centres = rng.normal(0, 1.6, (6, 4))
latent = np.vstack([rng.normal(c, 1, (250, 4)) for c in latent_centres])
save("factors", latent @ loadings + rng.normal(0, 1.5, (1500, 50)), np.repeat(np.arange(6), 250))

# shells
directions = rng.normal(size=(1500, 3))
directions /= np.linalg.norm(directions, axis=1, keepdims=True)
shell = np.repeat(np.arange(3), 500)
radii = np.array([1.0, 2.2, 3.4])[shell] + rng.normal(0, 0.12, 1500)
save("shells", directions * radii[:, None], shell)
