package io.csc.algorithm.apjcsc;

/**
 * How APJCSC may choose σ and η without the ground truth, by constraint satisfaction on held-out
 * supervision ({@link HoldoutSelection}).
 *
 * @param folds number of folds the supervision is split into; 0 disables the selection, otherwise
 *              at least 2
 * @param smallestSigmaFactor smallest σ tried, as a multiple of the σ of the bandwidth rule (> 0)
 * @param largestSigmaFactor largest σ tried, as a multiple of it ({@code >= smallestSigmaFactor}); the
 *                           factors in between step by √2
 * @param smallestEta smallest η tried, in (0, 1]
 * @param largestEta largest η tried, in {@code [smallestEta, 1]}; the values in between step by 0.1
 */
public record SelectionOptions(int folds, double smallestSigmaFactor, double largestSigmaFactor, double smallestEta,
                               double largestEta) {

    /** No selection. */
    public static final SelectionOptions NONE = new SelectionOptions(0, 1, 1, 1, 1);

    public SelectionOptions {
        if (folds != 0 && folds < 2) {
            throw new IllegalArgumentException("Invalid selection folds: " + folds + " (must be 0 for none, or >= 2)");
        }
        if (!(smallestSigmaFactor > 0) || !(largestSigmaFactor >= smallestSigmaFactor)
                || !Double.isFinite(largestSigmaFactor)) {
            throw new IllegalArgumentException("Invalid sigma factor range [" + smallestSigmaFactor + ", "
                    + largestSigmaFactor + "] (need 0 < smallest <= largest)");
        }
        if (!(smallestEta > 0) || !(largestEta >= smallestEta) || largestEta > 1) {
            throw new IllegalArgumentException("Invalid eta range [" + smallestEta + ", " + largestEta
                    + "] (need 0 < smallest <= largest <= 1)");
        }
    }

    /** True when σ and η are selected. */
    public boolean enabled() {
        return folds > 0;
    }

    /** The σ factors tried: from the smallest, times √2, up to the largest (within rounding). */
    public double[] sigmaFactors() {
        int steps = (int) Math.floor(Math.log(largestSigmaFactor / smallestSigmaFactor) / Math.log(Math.sqrt(2)) + 1e-9);
        double[] factors = new double[steps + 1];
        for (int t = 0; t <= steps; t++) {
            factors[t] = smallestSigmaFactor * Math.pow(Math.sqrt(2), t);
        }
        return factors;
    }

    /** The η values tried: from the smallest in steps of 0.1 up to the largest. */
    public double[] etas() {
        int steps = (int) Math.floor((largestEta - smallestEta) / 0.1 + 1e-9);
        double[] values = new double[steps + 1];
        for (int t = 0; t <= steps; t++) {
            values[t] = Math.round((smallestEta + 0.1 * t) * 1e9) / 1e9;
        }
        return values;
    }
}
