package io.csc.algorithm.e2cp;

import io.csc.cluster.KMeansOptions;
import io.csc.graph.GraphConstruction;
import io.csc.graph.KernelOptions;
import io.csc.linalg.ConjugateGradientOptions;
import io.csc.linalg.LanczosOptions;

/**
 * Options of {@link ExhaustiveConstraintPropagation}.
 *
 * @param path exact (dense W̃), scalable (sparse W̃), or auto ({@link #pathFor})
 * @param neighbours k of the k-NN graph, >= 1 (the paper: 20)
 * @param alpha the propagation parameter α, in (0, 1) (the paper: 0.8)
 * @param partners propagated partners kept per point on the scalable path, >= 0 (default 40: with 20,
 *     Waveform-21 lost 0.06 NMI in one draw; with 40 every small UCI set is within 0.015 NMI of the
 *     exact path; see {@link ScalableAdjustedAffinity})
 * @param adjusted the affinity Eq. 4 adjusts: the k-NN graph (the paper) or the dense Gaussian affinity
 *     ({@code path=exact} only)
 * @param kernel the Gaussian kernel of the graph and its bandwidth rule
 * @param propagation the conjugate-gradient solves of the propagation
 * @param kmeans the final k-means
 * @param lanczos the sparse eigensolver (scalable path)
 */
public record E2cpOptions(PropagationPath path, int neighbours, double alpha, int partners, AdjustedGraph adjusted,
                          KernelOptions kernel,
                          ConjugateGradientOptions propagation, KMeansOptions kmeans, LanczosOptions lanczos) {

    public E2cpOptions {
        if (path == null || adjusted == null || kernel == null || propagation == null || kmeans == null || lanczos == null) {
            throw new IllegalArgumentException("Invalid E2CP options: null component");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("Invalid neighbours: " + neighbours + " (must be >= 1)");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("Invalid alpha: " + alpha + " (must be > 0 and < 1)");
        }
        if (adjusted == AdjustedGraph.DENSE && path == PropagationPath.SCALABLE) {
            throw new IllegalArgumentException("Invalid E2CP options: affinity=dense needs path=exact"
                    + " (the scalable path keeps W̃ sparse); use affinity=knn with path=scalable");
        }
        if (partners < 0) {
            throw new IllegalArgumentException("Invalid partners: " + partners + " (must be >= 0)");
        }
    }

    /**
     * The path taken on n points: {@code path} as given, or for {@link PropagationPath#AUTO} the exact
     * one up to {@link ExhaustiveConstraintPropagation#EXACT_LIMIT} points or with the dense affinity,
     * the scalable one above.
     */
    public PropagationPath pathFor(int n) {
        if (path != PropagationPath.AUTO) {
            return path;
        }
        return n <= ExhaustiveConstraintPropagation.EXACT_LIMIT || adjusted == AdjustedGraph.DENSE
                ? PropagationPath.EXACT : PropagationPath.SCALABLE;
    }

    /** The graph the constraints propagate on: the k-NN graph made symmetric by averaging (the paper's step 1). */
    public GraphConstruction construction() {
        return GraphConstruction.knn(kernel, neighbours).withAveraging();
    }
}
