package io.csc.algorithm.apjcsc;

import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.graph.BandwidthRule;
import io.csc.graph.Bandwidths;
import io.csc.graph.KernelOptions;
import io.csc.metric.ConstraintCounts;
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
 * <p>The labelled points of each labels or groups block are dealt at random into F folds, and so
 * are the explicit pairs. For fold f the method runs with every constraint that does not involve a
 * held-out labelled point or a held-out pair, and is scored on the constraints it did not see: the
 * implied pairs with at least one held-out point (counted from contingency tables, never
 * enumerated) and the held-out explicit pairs. Must-link and cannot-link counts are summed over
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

    /** Fewer constrained units (labelled points plus explicit pairs) than this per fold: no selection. */
    static final int MINIMUM_PER_FOLD = 2;

    /**
     * Restart cycles of the eigensolver for each candidate. A candidate whose eigenvectors have not
     * converged by then has a nearly degenerate spectrum (σ so small that the graph falls apart)
     * and is scored as it is: it rarely wins, and would otherwise cost most of the search.
     */
    static final int SCREENING_ITERATIONS = 30;

    private HoldoutSelection() {
    }

    /** One fold: the supervision the method sees, out of all of it. */
    record Fold(ConstraintSet all, ConstraintSet training) {

        /**
         * The constraints the method did not see, under {@code labels}: the held-out explicit
         * pairs and every implied pair with a held-out point, as all counts minus the training ones.
         */
        ConstraintCounts heldOut(int[] labels) {
            return ConstraintCounts.of(all, labels).minus(ConstraintCounts.of(training, labels));
        }
    }

    /** The F folds of {@code constraints}, dealt at random; null when there is too little supervision. */
    static List<Fold> folds(ConstraintSet constraints, int folds, SplittableRandom random) {
        int n = constraints.pointCount();
        int units = constraints.pairs().size();
        for (LabelledPoints block : constraints.labelledBlocks()) {
            units += block.size();
        }
        if (units < MINIMUM_PER_FOLD * folds) {
            return null;
        }
        int[] foldOfPoint = new int[n];
        Arrays.fill(foldOfPoint, -1);
        for (LabelledPoints block : constraints.labelledBlocks()) {
            int[] order = shuffled(block.points(), random);
            for (int t = 0; t < order.length; t++) {
                foldOfPoint[order[t]] = t % folds;
            }
        }
        int[] pairOrder = new int[constraints.pairs().size()];
        for (int t = 0; t < pairOrder.length; t++) {
            pairOrder[t] = t;
        }
        pairOrder = shuffled(pairOrder, random);
        int[] foldOfPair = new int[pairOrder.length];
        for (int t = 0; t < pairOrder.length; t++) {
            foldOfPair[pairOrder[t]] = t % folds;
        }
        List<Fold> result = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            boolean[] trainingPoints = new boolean[n];
            for (int i = 0; i < n; i++) {
                trainingPoints[i] = foldOfPoint[i] != f;
            }
            List<Constraint> trainingPairs = new ArrayList<>();
            for (int t = 0; t < foldOfPair.length; t++) {
                if (foldOfPair[t] != f) {
                    trainingPairs.add(constraints.pairs().get(t));
                }
            }
            List<LabelledPoints> trainingBlocks = new ArrayList<>();
            for (LabelledPoints block : constraints.labelledBlocks()) {
                trainingBlocks.add(restrict(block, trainingPoints));
            }
            result.add(new Fold(constraints, ConstraintSet.of(n, trainingPairs, trainingBlocks)));
        }
        return result;
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
        List<Fold> folds = folds(constraints, selection.folds(), random.split());
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
            for (Fold fold : folds) {
                SplittableRandom foldRandom = random.split();
                AffinityPenaltyClustering.Prepared prepared = screening.prepare(data, Supervision.of(fold.training()),
                        kernel, context, foldRandom.split());
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

    private static LabelledPoints restrict(LabelledPoints block, boolean[] keep) {
        int[] points = block.points();
        int[] classes = block.classes();
        double[] confidences = block.confidences();
        int count = 0;
        for (int point : points) {
            count += keep[point] ? 1 : 0;
        }
        int[] keptPoints = new int[count];
        int[] keptClasses = new int[count];
        double[] keptConfidences = confidences == null ? null : new double[count];
        int t = 0;
        for (int a = 0; a < points.length; a++) {
            if (keep[points[a]]) {
                keptPoints[t] = points[a];
                keptClasses[t] = classes[a];
                if (keptConfidences != null) {
                    keptConfidences[t] = confidences[a];
                }
                t++;
            }
        }
        return new LabelledPoints(keptPoints, keptClasses, block.cannotLinkBetweenClasses(), keptConfidences);
    }

    private static int[] shuffled(int[] values, SplittableRandom random) {
        int[] copy = values.clone();
        for (int i = copy.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = copy[i];
            copy[i] = copy[j];
            copy[j] = swap;
        }
        return copy;
    }
}
