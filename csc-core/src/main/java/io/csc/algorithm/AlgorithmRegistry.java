package io.csc.algorithm;

import io.csc.algorithm.apjcsc.AffinityPenaltyClustering;
import io.csc.algorithm.copkmeans.CopKMeans;
import io.csc.algorithm.lsc.LandmarkSpectralClustering;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.algorithm.nystrom.NystromSpectralClustering;
import io.csc.algorithm.csp.ConstrainedSpectralPartitioning;
import io.csc.algorithm.cspml.FastMultiLayerConstrainedClustering;
import io.csc.algorithm.cspml.MultiLayerConstrainedClustering;
import io.csc.algorithm.e2cp.ExhaustiveConstraintPropagation;
import io.csc.algorithm.scacs.ScalableConstrainedSpectralClustering;
import io.csc.algorithm.scpc.PairwiseConstraintSpectralClustering;
import io.csc.algorithm.spectrallearning.SpectralLearning;
import io.csc.selection.AutomaticMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every method the command line and the experiment harness can run, by name.
 */
public final class AlgorithmRegistry {

    private static final List<AlgorithmDescriptor> ALGORITHMS = List.copyOf(build());

    private AlgorithmRegistry() {
    }

    private static List<AlgorithmDescriptor> build() {
        List<AlgorithmDescriptor> all = new ArrayList<>();
        all.add(NormalizedSpectralClustering.DESCRIPTOR);
        all.add(LandmarkSpectralClustering.RANDOM_DESCRIPTOR);
        all.add(LandmarkSpectralClustering.KMEANS_DESCRIPTOR);
        all.add(NystromSpectralClustering.DESCRIPTOR);
        all.add(CopKMeans.DESCRIPTOR);
        all.add(MultiLayerConstrainedClustering.DESCRIPTOR);
        all.add(FastMultiLayerConstrainedClustering.DESCRIPTOR);
        all.add(ScalableConstrainedSpectralClustering.DESCRIPTOR);
        all.add(PairwiseConstraintSpectralClustering.DESCRIPTOR);
        all.add(ExhaustiveConstraintPropagation.DESCRIPTOR);
        all.add(SpectralLearning.DESCRIPTOR);
        all.add(AffinityPenaltyClustering.TYPE_I_DESCRIPTOR);
        all.add(AffinityPenaltyClustering.TYPE_II_DESCRIPTOR);
        all.add(ConstrainedSpectralPartitioning.DESCRIPTOR);
        return all;
    }

    /** All methods, baselines first. */
    public static List<AlgorithmDescriptor> all() {
        return ALGORITHMS;
    }

    /**
     * The method called {@code name}, or {@code auto} (the method chosen by cross-validation over the
     * supervision, {@link AutomaticMethod}); refuses unknown names with the list of known ones.
     */
    public static AlgorithmDescriptor byName(String name) {
        if (name.trim().equalsIgnoreCase(AutomaticMethod.NAME)) {
            return AutomaticMethod.DESCRIPTOR;
        }
        for (AlgorithmDescriptor descriptor : ALGORITHMS) {
            if (descriptor.name().equalsIgnoreCase(name.trim())) {
                return descriptor;
            }
        }
        throw new IllegalArgumentException("Unknown algorithm '" + name + "'; available: "
                + ALGORITHMS.stream().map(AlgorithmDescriptor::name).collect(Collectors.joining(", ")) + ", auto"
                + " (see 'csc algorithms')");
    }
}
