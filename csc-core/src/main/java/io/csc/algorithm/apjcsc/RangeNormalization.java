package io.csc.algorithm.apjcsc;

/**
 * The range normalization of Eq. 13-3 and 13-4: a symmetric A with extreme eigenvalues
 * {@code λ_min <= λ_max} becomes {@code Â = (A - λ_min I) / ((λ_max - λ_min) vol(G))}, whose
 * Rayleigh quotients lie in {@code [0, 1/vol(G)]} (Eq. 16-18).
 *
 * <p>The shift {@code -λ_min I} moves every eigenvalue of {@code S = η L̂ + (1 - η) P̂} alike and
 * leaves its eigenvectors unchanged; only the width {@code λ_max - λ_min} weighs the two terms. The
 * extreme eigenvalues therefore need only modest accuracy.
 *
 * @param minimum λ_min
 * @param maximum λ_max ({@code >= minimum})
 */
record RangeNormalization(double minimum, double maximum) {

    /** Widths below this, relative to the largest |λ| (or 1), count as zero: the matrix is a multiple of I. */
    static final double DEGENERATE = 1e-12;

    RangeNormalization {
        if (!(maximum >= minimum) || !Double.isFinite(minimum) || !Double.isFinite(maximum)) {
            throw new IllegalArgumentException("Invalid eigenvalue range [" + minimum + ", " + maximum + "]");
        }
    }

    /** λ_max - λ_min. */
    double width() {
        return maximum - minimum;
    }

    /** True when the matrix is (numerically) a multiple of the identity and cannot be normalized. */
    boolean isDegenerate() {
        return width() <= DEGENERATE * Math.max(1.0, Math.max(Math.abs(minimum), Math.abs(maximum)));
    }

    /**
     * The factor {@code weight / (λ_max - λ_min)} of A in {@code vol(G) · weight · Â}, or 0 for a
     * degenerate range (the term is dropped).
     */
    double scale(double weight) {
        return isDegenerate() ? 0.0 : weight / width();
    }

    /** The identity coefficient {@code -weight λ_min / (λ_max - λ_min)} of the same term, or 0. */
    double shift(double weight) {
        return isDegenerate() ? 0.0 : -weight * minimum / width();
    }
}
