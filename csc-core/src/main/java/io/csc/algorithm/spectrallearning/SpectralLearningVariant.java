package io.csc.algorithm.spectrallearning;

/**
 * How far {@link SpectralLearning} moves the constrained affinities.
 *
 * <ul>
 *   <li>{@link #ROBUST} (default): the paper's edit (must-link towards 1, cannot-link towards 0),
 *       scaled down so that its largest normalized eigenvalue is at most a quarter of the K-th
 *       largest eigenvalue of {@code D^-1/2 W D^-1/2} ({@code EditLimit}): the constraints
 *       tilt the graph's cluster eigenvectors instead of replacing them by vectors localized on the
 *       labelled points.</li>
 *   <li>{@link #PAPER}: Kamvar et al.'s rule as published, must-link affinity 1, cannot-link 0
 *       (exactly the behaviour before the robust variant existed).</li>
 * </ul>
 */
public enum SpectralLearningVariant {
    ROBUST,
    PAPER
}
