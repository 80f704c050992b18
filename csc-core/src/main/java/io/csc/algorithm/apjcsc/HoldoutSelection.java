package io.csc.algorithm.apjcsc;

import io.csc.algorithm.Diagnostics;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.graph.BandwidthRule;
import io.csc.graph.Bandwidths;
import io.csc.graph.KernelOptions;
import io.csc.metric.ConstraintCounts;
import io.csc.selection.SupervisionFold;
import io.csc.selection.SupervisionFolds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Chooses σ and η of APJCSC without the ground truth: F-fold cross-validation of the supervision,
 * scored by CONS (Eq. 27, the paper's own measure of agreement with the constraints) on the
 * held-out part.
 *
 * <p>The folds are those of every method's selection ({@link SupervisionFolds}): labelled points
 * dealt by class, explicit pairs by must-link component. For fold f the method runs with the
 * supervision of the other folds and is scored on the constraints it did not see: the implied
 * pairs with at least one held-out point (counted from contingency tables, never enumerated) and
 * the pairs that touch a held-out component. Must-link and cannot-link counts are summed over
 * the folds and CONS is computed once from the sums. The candidates are
 * σ = factor x the σ of the bandwidth rule (factors from {@code select-sigma-min} to
 * {@code select-sigma-max} in steps of √2; a local-scaling rule is replaced by its mean scale) and
 * η from {@code select-eta-min} to {@code select-eta-max} in steps of 0.1. The highest CONS wins;
 * ties go to the candidate nearest the defaults (factor 1, then the configured η). The candidates
 * are returned ranked, so that the fit can pass over a winner that collapses on the whole
 * supervision (see {@link AffinityPenaltyClustering}).
 *
 * <p>Cost: folds x factors graphs and eigenproblem set-ups, times the number of η eigensolves:
 * 3 x 7 x 4 = 84 solves with the defaults.
 *
 * <p>Why CONS and not an internal index: the papers' supervision is the only label-free evidence
 * of what "right" means for the user; CONS on constraints the method did not see measures how
 * well the clustering generalizes them, which is what the parameters should maximize. Scores
 * that do not see held-out data (CONS on the training constraints) reward the collapse described
 * in {@link AffinityPenaltyClustering}, where the constrained points are perfectly separated and
 * every other point falls into one cluster.
 */
final class HoldoutSelection {

    /**
     * Restart cycles of the eigensolver for each candidate. A candidate whose eigenvectors have not
     * converged by then has a nearly degenerate spectrum (σ so small that the graph falls apart)
     * and is scored as it is: it rarely wins, and would otherwise cost most of the search.
     */
    static final int SCREENING_ITERATIONS = 30;

    private HoldoutSelection() {
    }

    /**
     * Every candidate's options (selection turned off), best held-out CONS first, recording the
     * grid and its scores in {@code diagnostics}; only the options given, with a warning, when the
     * supervision is too small to split.
     */
    static List<ApjcscOptions> select(AffinityPenaltyClustering method, Dataset data, ConstraintSet constraints, int k,
                                RunContext context, SplittableRandom random, Diagnostics.Builder diagnostics) {
        ApjcscOptions options = method.options();
        SelectionOptions selection = options.selection();
        AffinityPenaltyClustering screening = new AffinityPenaltyClustering(method.type(), options.withLanczos(
                options.lanczos().withMaxIterations(Math.min(options.lanczos().maxIterations(), SCREENING_ITERATIONS))));
        List<SupervisionFold> folds = SupervisionFolds.split(constraints, selection.folds(), random.split()).orElse(null);
        if (folds == null) {
            diagnostics.warn("Too little supervision to choose sigma and eta by " + selection.folds()
                    + "-fold held-out CONS; the given values are used");
            return List.of(options.withoutSelection());
        }
        double baseSigma = options.kernel().rule() == BandwidthRule.FIXED ? options.kernel().sigma()
                : Bandwidths.resolve(options.kernel(), data, null, context).sigma();
        double[] factors = selection.sigmaFactors();
        double[] etas = selection.etas();
        ConstraintCounts[][] counts = new ConstraintCounts[factors.length][etas.length];
        for (ConstraintCounts[] row : counts) {
            Arrays.fill(row, ConstraintCounts.NONE);
        }
        for (int s = 0; s < factors.length; s++) {
            KernelOptions kernel = KernelOptions.of(baseSigma * factors[s], BandwidthRule.FIXED,
                    options.kernel().neighbours());
            for (SupervisionFold fold : folds) {
                SplittableRandom foldRandom = random.split();
                AffinityPenaltyClustering.Prepared prepared = screening.prepare(data, Supervision.of(fold.training()),
                        kernel, k, context, foldRandom.split());
                for (int e = 0; e < etas.length; e++) {
                    int[] labels = screening.cluster(prepared, etas[e], k, foldRandom.split(), context,
                            Diagnostics.builder()).labels();
                    counts[s][e] = counts[s][e].plus(fold.heldOut(labels));
                }
            }
        }
        double[][] scores = new double[factors.length][etas.length];
        List<Candidate> candidates = new ArrayList<>();
        for (int s = 0; s < factors.length; s++) {
            for (int e = 0; e < etas.length; e++) {
                scores[s][e] = counts[s][e].satisfaction();
                candidates.add(new Candidate(scores[s][e], factors[s], etas[e]));
            }
        }
        candidates.sort(ranking(options.eta()));
        Candidate best = candidates.get(0);
        diagnostics.put("selectionSigmaFactors", factors).put("selectionEtas", etas).put("selectionScores", scores)
                .put("selectedSigma", baseSigma * best.factor()).put("selectedEta", best.eta());
        List<ApjcscOptions> ranked = new ArrayList<>();
        for (Candidate candidate : candidates) {
            ranked.add(options.withKernel(KernelOptions.of(baseSigma * candidate.factor(), BandwidthRule.FIXED,
                    options.kernel().neighbours())).withEta(candidate.eta()).withoutSelection());
        }
        return ranked;
    }

    /** One point of the grid and its held-out CONS (NaN when no held-out constraint was scored). */
    record Candidate(double score, double factor, double eta) {
    }

    /**
     * Best first: higher CONS (NaN last); on a tie, the σ factor nearer 1, then the η nearer the
     * default.
     */
    static Comparator<Candidate> ranking(double defaultEta) {
        return Comparator.<Candidate>comparingInt(c -> Double.isNaN(c.score()) ? 1 : 0)
                .thenComparingDouble(c -> -c.score())
                .thenComparingDouble(c -> Math.abs(Math.log(c.factor())))
                .thenComparingDouble(c -> Math.abs(c.eta() - defaultEta));
    }
}
