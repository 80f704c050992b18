"""The peers of csc on one machine: scikit-learn's SpectralClustering and short NumPy versions of
LSC-R (Chen and Cai 2011) and SCACS (Li, Xia, Shan and Liu 2015), timed on the same data csc reads.

    python peers.py prepare --data-dir DIR --out OUT [--n 20000] [--labels 1000] [--seed 1]
    python peers.py sklearn-sc --data X.npy [--neighbours 10] [--threads 2] [--seed 1]
    python peers.py lsc-r --data X.npy [--landmarks 1000] [--nearest 5] [--seed 1]
    python peers.py scacs --data X.npy --labelled L.npy [--landmarks 500] [--nearest 3] [--seed 1]

Each job prints one JSON line: the fit time in seconds (loading excluded), ACC and NMI against the
labels beside the data (X.labels.npy).
"""
import argparse
import gzip
import json
import os
import time

import numpy as np


def idx(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as handle:
        raw = handle.read()
    dims = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * dims).reshape(shape[0], -1)


def prepare(args):
    """Fashion-MNIST (train then test, pixels to [0, 1]) and a seeded subsample, as .npy with labels beside."""
    folder = args.data_dir
    names = sorted(os.listdir(folder))
    parts = [name for prefix in ("train", "t10k") for name in names if name.startswith(prefix) and "idx3" in name]
    images = np.vstack([idx(os.path.join(folder, name)) for name in parts]).astype(np.float32) / 255.0
    labels = np.concatenate([idx(os.path.join(folder, name.replace("images", "labels").replace("idx3", "idx1")))
                             .ravel() for name in parts]).astype(np.int32)
    rng = np.random.default_rng(args.seed)
    rows = np.sort(rng.choice(len(images), args.n, replace=False))
    os.makedirs(args.out, exist_ok=True)
    for name, x, y in (("fashion-all", images, labels), ("fashion-%d" % args.n, images[rows], labels[rows])):
        np.save(os.path.join(args.out, name + ".npy"), x)
        np.save(os.path.join(args.out, name + ".labels.npy"), y)
        known = np.sort(rng.choice(len(x), args.labels, replace=False))
        np.save(os.path.join(args.out, name + ".known.npy"), known)
        with open(os.path.join(args.out, name + ".known.csv"), "w") as out:
            out.writelines("%d,%d\n" % (i, y[i]) for i in known)


def accuracy(truth, predicted):
    from scipy.optimize import linear_sum_assignment
    table = np.zeros((truth.max() + 1, predicted.max() + 1))
    np.add.at(table, (truth, predicted), 1)
    rows, columns = linear_sum_assignment(-table)
    return table[rows, columns].sum() / len(truth)


def report(job, seconds, truth, predicted):
    from sklearn.metrics import normalized_mutual_info_score
    print(json.dumps({"job": job, "seconds": seconds, "acc": accuracy(truth, predicted),
                      "nmi": normalized_mutual_info_score(truth, predicted)}))


def kmeans(embedding, k, seed):
    from sklearn.cluster import KMeans
    return KMeans(n_clusters=k, n_init=10, random_state=seed).fit_predict(embedding)


def sparse_codes(x, landmarks, r):
    """Chen and Cai's codes: the r nearest landmarks, Gaussian weights with σ the mean point-landmark distance."""
    from scipy.sparse import csr_matrix
    squared = (x * x).sum(1)[:, None] + (landmarks * landmarks).sum(1)[None, :] - 2.0 * (x @ landmarks.T)
    np.maximum(squared, 0, out=squared)
    sigma = np.sqrt(squared).mean()
    nearest = np.argpartition(squared, r - 1, axis=1)[:, :r]
    chosen = np.take_along_axis(squared, nearest, 1)
    weights = np.exp(-(chosen - chosen.min(1, keepdims=True)) / (2 * sigma ** 2))
    weights /= weights.sum(1, keepdims=True)
    n = len(x)
    return csr_matrix((weights.ravel(), nearest.ravel(), np.arange(0, n * r + 1, r)), shape=(n, len(landmarks)))


def cluster_rows(job, start, embedding, truth, seed):
    """The last step: rows to unit length, k-means, and the report of the fit timed from start."""
    embedding /= np.maximum(np.linalg.norm(embedding, axis=1, keepdims=True), 1e-300)
    labels = kmeans(embedding, truth.max() + 1, seed)
    report(job, time.perf_counter() - start, truth, labels)


def normalized_codes(x, args):
    """Ẑ = Z D^-1/2 for random landmarks (rows: points), D the landmarks' degrees."""
    rng = np.random.default_rng(args.seed)
    landmarks = x[rng.choice(len(x), args.landmarks, replace=False)]
    z = sparse_codes(x, landmarks, args.nearest)
    degrees = np.asarray(z.sum(0)).ravel()
    return z.multiply((1.0 / np.sqrt(np.maximum(degrees, 1e-300)))[None, :]).tocsr()


def lsc_r(args):
    x = np.load(args.data)
    truth = np.load(args.data.replace(".npy", ".labels.npy"))
    k = truth.max() + 1
    start = time.perf_counter()
    zh = normalized_codes(x, args)
    values, vectors = np.linalg.eigh((zh.T @ zh).toarray())
    values, vectors = values[::-1][1:k + 1], vectors[:, ::-1][:, 1:k + 1]
    cluster_rows("lsc-r (NumPy)", start, zh @ (vectors / np.sqrt(values)), truth, args.seed)


def scacs(args):
    """Algorithm 1 of the SCACS paper with labels: Q from the labels' classes, Eq. 16 in Ŝ-whitened coordinates."""
    import scipy.linalg
    x = np.load(args.data)
    truth = np.load(args.data.replace(".npy", ".labels.npy"))
    known = np.load(args.labelled)
    k = truth.max() + 1
    start = time.perf_counter()
    zh = normalized_codes(x, args)
    s = (zh.T @ zh).toarray()
    zk = zh[known].toarray()
    classes = truth[known]
    onehot = np.eye(k)[classes]
    # Q: +1 within a class, -1 across, for the labelled points: Q = 2 Y Yᵀ - 1 1ᵀ (its diagonal is 1)
    q = 2.0 * (zk.T @ onehot) @ (onehot.T @ zk) - np.outer(zk.sum(0), zk.sum(0))
    w, u = np.linalg.eigh(s + 1e-8 * np.eye(len(s)) * max(np.linalg.eigvalsh(s)[-1], 1e-300))
    t = u / np.sqrt(w)
    m = t.T @ q @ t
    gammas = np.linalg.eigvalsh(m)[::-1]
    beta = 0.5 * gammas[k - 2]
    cut = np.diag(t.T @ (s - s @ s) @ t)
    mu, y = scipy.linalg.eigh(m - beta * np.eye(len(m)), np.diag(np.maximum(cut, 0) + 1e-12))
    y = y[:, mu > 0]
    y /= np.linalg.norm(y, axis=0)
    order = np.argsort((y * cut[:, None] * y).sum(0))[:k - 1]
    cluster_rows("scacs (NumPy)", start, zh @ (t @ y[:, order]), truth, args.seed)


def sklearn_sc(args):
    from sklearn.cluster import SpectralClustering
    x = np.load(args.data)
    truth = np.load(args.data.replace(".npy", ".labels.npy"))
    start = time.perf_counter()
    labels = SpectralClustering(n_clusters=truth.max() + 1, affinity="nearest_neighbors", n_neighbors=args.neighbours,
                                assign_labels="kmeans", random_state=args.seed, n_jobs=args.threads).fit_predict(x)
    report("SpectralClustering (scikit-learn)", time.perf_counter() - start, truth, labels)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    jobs = parser.add_subparsers(dest="job", required=True)
    p = jobs.add_parser("prepare")
    p.add_argument("--data-dir", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--n", type=int, default=20000)
    p.add_argument("--labels", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    for name, defaults in (("sklearn-sc", {}), ("lsc-r", {"landmarks": 1000, "nearest": 5}),
                           ("scacs", {"landmarks": 500, "nearest": 3})):
        job = jobs.add_parser(name)
        job.add_argument("--data", required=True)
        job.add_argument("--seed", type=int, default=1)
        job.add_argument("--threads", type=int, default=2)
        job.add_argument("--neighbours", type=int, default=10)
        job.add_argument("--landmarks", type=int, default=defaults.get("landmarks", 0))
        job.add_argument("--nearest", type=int, default=defaults.get("nearest", 0))
        job.add_argument("--labelled")
    args = parser.parse_args()
    {"prepare": prepare, "sklearn-sc": sklearn_sc, "lsc-r": lsc_r, "scacs": scacs}[args.job](args)


if __name__ == "__main__":
    main()
