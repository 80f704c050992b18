package io.csc.algorithm;

import io.csc.algorithm.apjcsc.AffinityPenaltyClustering;
import io.csc.algorithm.copkmeans.CopKMeans;
import io.csc.algorithm.csp.ConstrainedSpectralPartitioning;
import io.csc.algorithm.cspml.FastMultiLayerConstrainedClustering;
import io.csc.algorithm.cspml.MultiLayerConstrainedClustering;
import io.csc.algorithm.e2cp.ExhaustiveConstraintPropagation;
import io.csc.algorithm.lsc.LandmarkSpectralClustering;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.algorithm.nystrom.NystromSpectralClustering;
import io.csc.algorithm.scacs.ScalableConstrainedSpectralClustering;
import io.csc.algorithm.scpc.PairwiseConstraintSpectralClustering;
import io.csc.algorithm.seededkmeans.SeededKMeans;
import io.csc.algorithm.spectrallearning.SpectralLearning;
import java.util.List;

/** The methods of csc-core: the baselines first, then the constrained methods of the five papers. */
public final class CoreAlgorithms implements AlgorithmProvider {

    @Override
    public List<AlgorithmDescriptor> algorithms() {
        return List.of(
                NormalizedSpectralClustering.DESCRIPTOR,
                LandmarkSpectralClustering.RANDOM_DESCRIPTOR,
                LandmarkSpectralClustering.KMEANS_DESCRIPTOR,
                NystromSpectralClustering.DESCRIPTOR,
                CopKMeans.DESCRIPTOR,
                NormalizedSpectralClustering.SEEDED_DESCRIPTOR,
                SeededKMeans.DESCRIPTOR,
                MultiLayerConstrainedClustering.DESCRIPTOR,
                FastMultiLayerConstrainedClustering.DESCRIPTOR,
                ScalableConstrainedSpectralClustering.DESCRIPTOR,
                PairwiseConstraintSpectralClustering.DESCRIPTOR,
                ExhaustiveConstraintPropagation.DESCRIPTOR,
                SpectralLearning.DESCRIPTOR,
                AffinityPenaltyClustering.TYPE_I_DESCRIPTOR,
                AffinityPenaltyClustering.TYPE_II_DESCRIPTOR,
                ConstrainedSpectralPartitioning.DESCRIPTOR);
    }
}
