package io.csc.algorithm.apjcsc;

/**
 * How far {@link AffinityPenaltyClustering} writes the constraints into the affinity (Eq. 5).
 *
 * <ul>
 *   <li>{@link #ROBUST} (default): Eq. 5's edit scaled, as in the robust Spectral Learning, so that
 *       its largest normalized eigenvalue is at most a quarter of the K-th largest eigenvalue of
 *       the unedited {@code D^-1/2 W D^-1/2}: on nearly flat graphs the full edit makes the
 *       leading eigenvectors indicators of the labelled points.</li>
 *   <li>{@link #PAPER}: Eq. 5 as published, must-link affinity 1, cannot-link 0 (exactly the
 *       behaviour before the robust variant existed).</li>
 * </ul>
 */
public enum ApjcscVariant {
    ROBUST,
    PAPER
}
