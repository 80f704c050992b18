package io.csc.algorithm.scacs;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.SparseCodingOptions;

/**
 * Options of {@link ScalableConstrainedSpectralClustering}.
 *
 * @param landmarks p, the number of random base vectors (>= 2; capped at n), or null for
 *     {@link #DEFAULT_LANDMARKS} but at most a quarter of the points (at least k): the paper used 500
 *     on data sets of 2,310 points and more, where n/p was at least 4.6; with p close to n every
 *     point is its own base vector, {@code v = Ẑᵀu} can be concentrated on single points, and the
 *     constraint {@code vᵀQv >= β} is then met by vectors peaked on the labelled points, which
 *     cluster the rest poorly (on Iris, 10% labels: ACC 0.75 at p = n, 0.88 at p = n/4)
 * @param coding r nearest base vectors (default 3) and the kernel width (default: the paper's rule,
 *     the mean distance between all points and all base vectors)
 * @param beta0 β0 of {@code β = β0 γ_{k-1}}, finite and >= 0, or null for the variant's rule:
 *     {@link #ROBUST_BETA0} for the robust variant, the paper's {@code β0 = 0.5 + 0.4 c / n} with c
 *     the number of constrained points for the paper's
 * @param ridge the ridge added to a singular Ŝ, relative to its largest eigenvalue, in (0, 1),
 *     default {@code 1e-8}
 * @param orthogonality the largest |cosine| between a solution vector and the constant vector that
 *     step 9 accepts, in [0, 1], default 0.9: only vectors that are mostly constant (more than 81%
 *     of their energy along the all-ones vector) are removed
 * @param kmeans the final k-means
 * @param variant the constrained cut solved: {@link ScacsVariant#ROBUST} (default) or the paper's
 */
public record ScacsOptions(Integer landmarks, SparseCodingOptions coding, Double beta0, double ridge, double orthogonality,
                           KMeansOptions kmeans, ScacsVariant variant) {

    /** β0 of the robust variant when not given. */
    public static final double ROBUST_BETA0 = 0.5;

    /** The number of base vectors of the paper's experiments, used when n is at least 2,000. */
    public static final int DEFAULT_LANDMARKS = 500;

    public ScacsOptions {
        if (coding == null || kmeans == null || variant == null) {
            throw new IllegalArgumentException("Invalid SCACS options: null component");
        }
        if (landmarks != null && landmarks < 2) {
            throw new IllegalArgumentException("Invalid landmarks: " + landmarks + " (must be >= 2)");
        }
        if (beta0 != null && !(beta0 >= 0 && Double.isFinite(beta0))) {
            throw new IllegalArgumentException("Invalid beta0: " + beta0 + " (must be finite and >= 0)");
        }
        if (!(ridge > 0 && ridge < 1)) {
            throw new IllegalArgumentException("Invalid ridge: " + ridge + " (must be > 0 and < 1)");
        }
        if (!(orthogonality >= 0 && orthogonality <= 1)) {
            throw new IllegalArgumentException("Invalid orthogonality: " + orthogonality + " (must be in [0, 1])");
        }
    }

    /**
     * The number of base vectors for n points and k clusters: the given number, or
     * {@code min(500, n/4)} but at least k; never more than n.
     */
    public int landmarksFor(int n, int k) {
        int wanted = landmarks != null ? landmarks : Math.max(k, Math.min(DEFAULT_LANDMARKS, n / 4));
        return Math.min(wanted, n);
    }

    /**
     * β0 for c constrained points out of n: the given value, else {@link #ROBUST_BETA0} (robust) or
     * {@code 0.5 + 0.4 c / n} (paper).
     */
    public double beta0For(int constrainedPoints, int n) {
        if (beta0 != null) {
            return beta0;
        }
        return variant == ScacsVariant.ROBUST ? ROBUST_BETA0 : 0.5 + 0.4 * constrainedPoints / n;
    }
}
