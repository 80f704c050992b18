package io.csc.selection;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code -a auto}: the method chosen by the same held-out score as the parameters of
 * {@code select=cv} ({@link CrossValidation}; Van Craenendonck and Blockeel, "Constraint-based
 * clustering selection", Machine Learning 106, 2017), among the methods that fit the size, each at
 * its defaults. Unconstrained njw is a candidate too: when the supervision does not help, it wins,
 * and the user is not given worse clusters for having supervised. With a dozen candidates the best
 * held-out score is partly the luck of the draw (the winner's curse), so among the candidates
 * within 0.02 of it the one whose clustering depends least on which third of the supervision was
 * held out is fitted (the most stable; measured in docs/results/85-stability.md).
 *
 * <p>Up to {@value #DENSE_LIMIT} points every registered constrained method competes, and with them
 * every reference of the guard ({@link GuardedMethod#candidates}): {@code seeded-njw} on its dense
 * graph, {@code seeded-kmeans}, and {@code seeded-njw} on the k-NN graph as a fallback, fitted only
 * where it scores more than {@value SelectedFit#NEAR} above every other candidate
 * ({@link SelectedFit#withoutUnclearFallback}); above, the ones linear in n and njw on a k-NN graph.
 * Why the k-NN reference: on data whose clusters only a k-NN graph follows (three concentric shells,
 * Cauchy noise; docs/results/99-practice-shapes.md) every guarded method returned it, and with 20 or
 * 100 pairs {@code -a auto} without it chose a method 0.07-0.30 below them. Why only as a fallback:
 * as an ordinary candidate its high stability won ties where it is worse (Wine, three draws of ten:
 * 0.97-0.98 to 0.955); on the benchmark's Iris, Wine, Soybean and Glass (10 draws) the mean ACC
 * below the best method was 0.0146 with it as a candidate and 0.0090 as a fallback. The chosen
 * method and every candidate's score are reported under {@code diagnostics.selection}. Cost: three
 * fits per candidate, on a sample of {@value CrossValidation#SUBSAMPLE} points above that size,
 * then one final fit.
 */
public final class AutomaticMethod implements ClusteringAlgorithm {

    public static final String NAME = "auto";

    /** The largest n at which the dense methods compete. */
    public static final int DENSE_LIMIT = 5_000;

    public static final AlgorithmDescriptor DESCRIPTOR = new AlgorithmDescriptor(NAME,
            "The method chosen by 3-fold cross-validation over the supervision (held-out pairwise F-measure), "
                    + "njw included",
            "Van Craenendonck, Blockeel: Constraint-based clustering selection, Machine Learning 106, 2017; "
                    + "Pourrajabi et al.: Model selection for semi-supervised clustering, EDBT 2014",
            true, true, List.of(), false, values -> new AutomaticMethod());

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The methods that compete on {@code n} points in k clusters, each at its defaults, with the
     * guard's k-NN reference ({@link GuardedMethod#spectralReference(int, int)}).
     */
    public static List<Candidate> candidates(int n, int k) {
        List<Candidate> candidates = new ArrayList<>();
        for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
            boolean baseline = descriptor.name().equals("njw")
                    || descriptor.name().equals(NormalizedSpectralClustering.SEEDED_NAME);
            if (!descriptor.constrained() && !baseline) {
                continue;
            }
            if (n <= DENSE_LIMIT) {
                candidates.add(new Candidate(descriptor, ParameterValues.EMPTY));
                if (descriptor.name().equals(NormalizedSpectralClustering.SEEDED_NAME)) {
                    candidates.add(GuardedMethod.spectralReference(n, k));
                }
            } else if (baseline) {
                candidates.add(new Candidate(descriptor, ParameterValues.of(Map.of("graph", "knn"))));
            } else if (descriptor.scalable()) {
                candidates.add(new Candidate(descriptor, ParameterValues.EMPTY));
            }
        }
        return candidates;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(NAME, data, constraints, k);
        List<Candidate> candidates = candidates(data.size(), k);
        return SelectedFit.fit(NAME, candidates, fallback(candidates, data.size(), k), data, constraints, k, context);
    }

    /**
     * The fallback among {@link #candidates(int, int)}: up to {@value #DENSE_LIMIT} points the guard's
     * k-NN reference, else none (above, {@code seeded-njw} on the k-NN graph is the only
     * {@code seeded-njw}, an ordinary candidate).
     */
    static Candidate fallback(List<Candidate> candidates, int n, int k) {
        String reference = GuardedMethod.spectralReference(n, k).label();
        return n > DENSE_LIMIT ? null : candidates.stream().filter(candidate -> candidate.label().equals(reference))
                .findFirst().orElse(null);
    }
}
