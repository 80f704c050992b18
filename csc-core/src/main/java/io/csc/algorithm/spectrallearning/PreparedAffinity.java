package io.csc.algorithm.spectrallearning;

import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.Parameter;
import io.csc.algorithm.PreparedFit;
import io.csc.algorithm.PreparingAlgorithm;
import io.csc.algorithm.spectral.AffinityAdjustment;
import io.csc.algorithm.spectral.Eigensolvers;
import io.csc.algorithm.spectral.EmbeddingClustering;
import io.csc.algorithm.spectral.NjwEmbedding;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.graph.AffinityGraph;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.SparseMatrix;
import java.util.SplittableRandom;

/**
 * Spectral Learning's affinity graph of one data set, built once by {@link SpectralLearning#prepare},
 * and the fits of supervision on it: each builds the confidences, the edit and its limit, edits
 * the affinity, embeds and clusters, as {@link SpectralLearning#fit} does, whose labels it gives
 * bit for bit with the same data, supervision, k and seed.
 *
 * <p><b>The gap λ_K</b> of the robust variant depends on the graph alone, so it is computed once,
 * on the first fit that needs it: a robust fit with constraints. Not in the preparation, because an
 * unconstrained fit, or one of {@code variant=paper}, never needs it, and would otherwise pay a
 * Lanczos run over the whole graph that a plain fit does not (selection prepares before it knows
 * whether the folds' supervision is empty; an active session's first fit may have none). Its
 * Lanczos start is the one a plain fit with the preparation's seed draws (the first split of the
 * edit limit's generator, the third of the fit's), derived anew from that seed when needed, so
 * that a fit with the preparation's seed gives the plain fit's λ_K, and a fit with another seed
 * (a selection fold) the same λ_K as every other fit on the graph, within Lanczos' tolerance of its
 * own plain fit's.
 *
 * <p><b>The shared affinity.</b> The k-NN graph is never written: the edit makes a new sparse
 * matrix. The dense affinity is edited in place at the constrained pairs, O(stored pairs) instead
 * of a copy of n² values, and the replaced values are put back after the eigenvectors, also when
 * the fit fails; the embedding applies the normalized matrix without overwriting the affinity
 * ({@link NjwEmbedding#denseKeeping}, {@link AdditiveEmbedding#dense}). A matrix of the fit's own
 * would hold another n² doubles (2.6 GB more at 18,000 points) for the eigenvectors; applying it
 * row by row costs time instead, a product 1.3 times the stored matrix's at 10,000 points
 * ({@code DenseProductBenchmark}), where sharing the graph and λ_K saved 40% of a guarded fit on
 * 5,000 points (docs/BENCHMARKS.md, "sl's graph prepared once").
 *
 * <p><b>Threads.</b> Thread-safe: fits may be called from several threads, and on the dense graph
 * they take their turn (a lock on this object) from the edit's limit until the affinity is put
 * back, so that no fit reads another's edit; the final k-means runs outside the lock. The gap is
 * computed under the same lock.
 */
final class PreparedAffinity implements PreparedFit {

    private final SpectralLearningOptions options;
    private final AffinityGraph graph;
    private final int n;
    private final int k;
    private final Diagnostics preparation;
    private final long preparationSeed;
    private final long preparationNanos;
    /** λ_K and the unedited degrees, computed on the first robust fit with constraints; guarded by this. */
    private EditLimit.Graph unedited;

    /**
     * @param preparation the graph's stage time, σ, components and warning
     * @param preparationSeed the seed of the preparation's context, from which λ_K's Lanczos start is drawn
     * @param preparationNanos the preparation's time, counted in every fit's seconds
     */
    PreparedAffinity(SpectralLearningOptions options, AffinityGraph graph, int n, int k, Diagnostics preparation,
                     long preparationSeed, long preparationNanos) {
        this.options = options;
        this.graph = graph;
        this.n = n;
        this.k = k;
        this.preparation = preparation;
        this.preparationSeed = preparationSeed;
        this.preparationNanos = preparationNanos;
    }

    @Override
    public ClusteringResult fit(ConstraintSet constraints, RunContext context) {
        PreparingAlgorithm.requirePreparedSize(SpectralLearning.NAME, constraints, n);
        long start = System.nanoTime() - preparationNanos;
        SplittableRandom random = context.random();
        SplittableRandom eigenRandom = random.split();
        SplittableRandom kmeansRandom = random.split();
        boolean robust = options.variant() == SpectralLearningVariant.ROBUST && !constraints.isEmpty();
        Diagnostics.Builder diagnostics = Diagnostics.builder().put("variant", Parameter.enumText(options.variant()))
                .put("graph", Parameter.enumText(options.graph()))
                .put("normalization", Parameter.enumText(options.normalization()));
        if (constraints.isEmpty()) {
            diagnostics.warn("No constraints were given: sl reduces to unconstrained spectral clustering");
        }
        diagnostics.merge(preparation);
        // the edit limit's generator, the third split, drawn only where the limit is
        SplittableRandom limitRandom = robust ? random.split() : null;
        Eigensolvers.Solution solution = graph.isDense()
                ? dense(constraints, limitRandom, context, diagnostics)
                : sparse(constraints, limitRandom, eigenRandom, context, diagnostics);
        return EmbeddingClustering.result(SpectralLearning.NAME, solution, k, options.normalizeRows(), options.kmeans(),
                constraints, kmeansRandom, context, diagnostics, start);
    }

    /** The dense path: the affinity edited in place, embedded, and put back; one fit at a time. */
    private Eigensolvers.Solution dense(ConstraintSet constraints, SplittableRandom limitRandom, RunContext context,
                                        Diagnostics.Builder diagnostics) {
        DenseMatrix weights = graph.dense().weights();
        synchronized (this) {
            SparseMatrix confidences = diagnostics.time("constraints", () -> {
                SparseMatrix full = ConstraintConfidences.of(constraints, null);
                return limitRandom == null ? full : limited(full, EditLimit.dense(weights, unedited(context), full,
                        edit(limitRandom), context.progress()), diagnostics);
            });
            double[] replaced = AffinityAdjustment.adjustWeights(weights, confidences);
            try {
                return options.normalization() == AffinityNormalization.ADDITIVE
                        ? AdditiveEmbedding.dense(weights, k, context, diagnostics)
                        : NjwEmbedding.denseKeeping(weights, k, context, diagnostics);
            } finally {
                AffinityAdjustment.restoreWeights(weights, confidences, replaced);
            }
        }
    }

    /** The k-NN path: the edited graph is a new matrix, the prepared one is only read. */
    private Eigensolvers.Solution sparse(ConstraintSet constraints, SplittableRandom limitRandom,
                                         SplittableRandom eigenRandom, RunContext context,
                                         Diagnostics.Builder diagnostics) {
        SparseMatrix weights = graph.sparse().weights();
        SparseMatrix adjusted = diagnostics.time("constraints", () -> {
            SparseMatrix full = ConstraintConfidences.of(constraints, weights);
            SparseMatrix confidences = limitRandom == null ? full : limited(full, EditLimit.sparse(weights,
                    unedited(context), full, edit(limitRandom), context.progress()), diagnostics);
            return AffinityAdjustment.adjust(weights, confidences);
        });
        return options.normalization() == AffinityNormalization.ADDITIVE
                ? AdditiveEmbedding.sparse(adjusted, k, options.lanczos(), eigenRandom, context, diagnostics)
                : NjwEmbedding.sparse(adjusted, k, options.lanczos(), eigenRandom, context, diagnostics);
    }

    /**
     * λ_K and the degrees of the unedited graph, computed on the first call (with {@code context}'s
     * threads; the result does not depend on them) and kept. Called before the fit's edit.
     */
    private synchronized EditLimit.Graph unedited(RunContext context) {
        if (unedited == null) {
            SplittableRandom start = gapStart(preparationSeed);
            unedited = graph.isDense()
                    ? EditLimit.graph(graph.dense().weights(), k, context.parallel(), start, context.progress())
                    : EditLimit.graph(graph.sparse().weights(), k, context.parallel(), start, context.progress());
        }
        return unedited;
    }

    /**
     * The generator of λ_K's Lanczos start in a fit with {@code seed}: the first split of the edit
     * limit's generator, which is the third split of the fit's (after the eigensolver's and
     * k-means').
     */
    static SplittableRandom gapStart(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        random.split();
        random.split();
        return random.split().split();
    }

    /**
     * The edit's generator: {@code limitRandom} past the split λ_K's start takes in a plain fit
     * (drawn from the preparation's seed here instead, {@link #gapStart}).
     */
    private static SplittableRandom edit(SplittableRandom limitRandom) {
        limitRandom.split();
        return limitRandom;
    }

    /** The confidences scaled by the share, which is recorded with the gap λ_K and the edit's eigenvalue. */
    private static SparseMatrix limited(SparseMatrix confidences, EditLimit.Share share,
                                        Diagnostics.Builder diagnostics) {
        diagnostics.put("spectralGap", share.gap()).put("editEigenvalue", share.editEigenvalue())
                .put("editShare", share.share());
        return EditLimit.scaled(confidences, share.share());
    }
}
