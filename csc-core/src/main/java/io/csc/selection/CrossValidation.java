package io.csc.selection;

import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.PreparedFit;
import io.csc.algorithm.Collapse;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.ClusteringMetrics;
import io.csc.metric.ConstraintCounts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Label-free selection by cross-validation over the supervision itself (CVCP: Pourrajabi et al.,
 * "Model selection for semi-supervised clustering", EDBT 2014; the same score chooses among
 * methods in Van Craenendonck and Blockeel, "Constraint-based clustering selection", Machine
 * Learning 2017).
 *
 * <p>The supervision is split into {@link #FOLDS} folds ({@link SupervisionFolds}); every candidate
 * is fitted once per fold with the other folds' supervision and scored on the held-out constraints
 * by the pairwise F-measure ({@link HeldOutScore}), the counts summed over the folds. A candidate
 * that fails or collapses ({@link Collapse}) in any fold is ranked after every one that does not.
 * Ties keep the candidates' order, so the method's defaults (listed first) win a tie.
 *
 * <p>Three folds: every training part keeps two thirds of the labelled points (for pairs, the
 * pairs that touch none of a third of the must-link components), and three candidates cost nine
 * fits, so that selection with the final fit stays within ten fits. All candidates of a fold use
 * the same seed, so that they differ only by their setting. An unconstrained candidate (njw in
 * {@code -a auto}) does not depend on the supervision and is fitted once, with the run's seed, so
 * that on the whole data its final fit is the clustering that was scored. (With the first fold's
 * seed, on 30 overlapping clusters of 2,997 points, {@code experiments/numpy-shapes.py}
 * many30-overlap, 100 random pairs, NJW's clustering scored a perfect 1.0 held out, and its final
 * fit, another k-means optimum under the run's seed, satisfied far fewer of the pairs and was
 * passed over: {@code -a auto} returned {@code seeded-njw} at ACC 0.910 where E2CP, scored the same,
 * has 1.000.)
 *
 * <p>Above {@link #SUBSAMPLE} points the folds are fitted on a sample of {@link #SUBSAMPLE}
 * points: up to half of them constrained points, drawn at random, the rest unconstrained ones, with
 * the supervision among them.
 */
public final class CrossValidation {

    /** The number of folds. */
    public static final int FOLDS = 3;

    /** The number of points above which candidates are scored on a sample. */
    public static final int SUBSAMPLE = 20_000;

    private CrossValidation() {
    }

    /**
     * The ranking of the candidates, best first.
     *
     * @return the candidates with their scores, or empty when the supervision is too small to split
     */
    public static Optional<List<CandidateScore>> rank(List<Candidate> candidates, Dataset data,
                                                      ConstraintSet constraints, int k, RunContext context) {
        return rankPrepared(candidates, data, constraints, k, context).map(Ranking::scores);
    }

    /**
     * The ranking, and the candidates' data-only stages as prepared for it.
     *
     * @param scores the candidates with their scores, best first
     * @param prepared each candidate's preparation on the whole data with the run's seed, when the
     *     folds were fitted on the whole data (not on a sample): its fit with all of the supervision
     *     and the run's context is the candidate's own fit (for an unconstrained candidate, the fit
     *     the folds were scored on, kept)
     */
    public record Ranking(List<CandidateScore> scores, Map<Candidate, PreparedFit> prepared) {
    }

    /** As {@link #rank}, keeping what each candidate prepared, so that a final fit need not repeat it. */
    public static Optional<Ranking> rankPrepared(List<Candidate> candidates, Dataset data, ConstraintSet constraints,
                                                 int k, RunContext context) {
        SplittableRandom random = new SplittableRandom(context.seed() ^ 0x5E1EC7104L);
        Sample sample = data.size() > SUBSAMPLE ? Sample.draw(data, constraints, SUBSAMPLE, random.split())
                : new Sample(data, constraints);
        Optional<List<SupervisionFold>> split = SupervisionFolds.split(sample.constraints(), FOLDS, random.split());
        if (split.isEmpty()) {
            return Optional.empty();
        }
        List<SupervisionFold> folds = split.get();
        long[] foldSeeds = new long[folds.size()];
        for (int f = 0; f < foldSeeds.length; f++) {
            foldSeeds[f] = random.nextLong();
        }
        int total = candidates.size() * folds.size();
        int done = 0;
        List<CandidateScore> scores = new ArrayList<>();
        Map<Candidate, PreparedFit> preparedFits = new HashMap<>();
        for (Candidate candidate : candidates) {
            ClusteringAlgorithm method;
            try {
                // the defaults that depend on the supervision as the final fit on all of it sets them
                method = candidate.create().settledFor(constraints, k);
            } catch (IllegalArgumentException e) {
                // A setting that contradicts a value the user fixed (e.g. affinity=dense with
                // path=scalable) is a failed candidate, not a failed selection.
                done += folds.size();
                scores.add(new CandidateScore(candidate, Double.NaN, Double.NaN, 0, e.getMessage(), List.of(),
                        Double.NaN));
                continue;
            }
            boolean constrained = candidate.descriptor().constrained();
            ConstraintCounts counts = ConstraintCounts.NONE;
            List<ConstraintCounts> foldCounts = new ArrayList<>();
            int[][] labelsOfFolds = new int[folds.size()][];
            int collapsed = 0;
            String failure = null;
            int[] unconstrainedLabels = null;
            PreparedFit prepared = null;
            for (int f = 0; f < folds.size(); f++) {
                SupervisionFold fold = folds.get(f);
                context.progress().progress("selection: " + candidate.label(), done++, total);
                try {
                    int[] labels;
                    if (constrained) {
                        if (prepared == null) {
                            // what depends on the data alone (a graph, its embedding, landmarks) once for
                            // all folds, with the run's seed, so that the final fit can use it too
                            prepared = method.prepare(sample.data(), k, context);
                            if (sample.data() == data) {
                                preparedFits.put(candidate, prepared);
                            }
                        }
                        labels = prepared.fit(fold.training(), context.withSeed(foldSeeds[f])).labels();
                        collapsed += Collapse.detect(labels, k, fold.training()).isPresent() ? 1 : 0;
                    } else {
                        if (unconstrainedLabels == null) {
                            // with the run's seed, as its final fit: on the whole data the clustering
                            // scored is then the one returned, and is kept for it
                            ClusteringResult fit = method.fit(sample.data(), ConstraintSet.empty(sample.data().size()),
                                    k, context);
                            unconstrainedLabels = fit.labels();
                            if (sample.data() == data) {
                                preparedFits.put(candidate, (given, finalContext) -> finalContext.seed() == context.seed()
                                        ? fit : method.fit(data, ConstraintSet.empty(data.size()), k, finalContext));
                            }
                        }
                        labels = unconstrainedLabels;
                    }
                    labelsOfFolds[f] = labels;
                    ConstraintCounts heldOut = fold.heldOut(labels);
                    foldCounts.add(heldOut);
                    counts = counts.plus(heldOut);
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                    }
                }
            }
            context.progress().progress("selection: " + candidate.label(), done, total);
            HeldOutScore score = new HeldOutScore(counts);
            scores.add(new CandidateScore(candidate, failure == null ? score.fMeasure() : Double.NaN,
                    score.satisfaction(), collapsed, failure, foldCounts,
                    failure == null ? stability(labelsOfFolds) : Double.NaN));
        }
        List<CandidateScore> ranked = new ArrayList<>(scores);
        ranked.sort(Comparator.comparingInt((CandidateScore s) -> s.failed() ? 1 : 0)
                .thenComparingDouble(s -> Double.isNaN(s.score()) ? Double.POSITIVE_INFINITY : -s.score()));
        return Optional.of(new Ranking(List.copyOf(ranked), preparedFits));
    }

    /**
     * How little a candidate's clustering depends on which part of the supervision it was given:
     * the mean adjusted Rand index between its clusterings of the folds, over every two folds; NaN
     * when a fold failed. An unconstrained candidate clusters every fold alike and scores 1.
     */
    static double stability(int[][] foldLabels) {
        double sum = 0;
        int count = 0;
        for (int f = 0; f < foldLabels.length; f++) {
            for (int g = f + 1; g < foldLabels.length; g++) {
                if (foldLabels[f] == null || foldLabels[g] == null) {
                    return Double.NaN;
                }
                sum += ClusteringMetrics.adjustedRandIndex(foldLabels[f], foldLabels[g]);
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The data and supervision the folds are fitted on. */
    record Sample(Dataset data, ConstraintSet constraints) {

        /** {@code size} points, up to half of them constrained, with the supervision among them. */
        static Sample draw(Dataset data, ConstraintSet constraints, int size, SplittableRandom random) {
            int[] constrainedPoints = constraints.constrainedPoints();
            int[] free = constraints.unconstrainedPoints();
            int fromConstrained = Math.min(constrainedPoints.length, size / 2);
            int fromFree = Math.min(free.length, size - fromConstrained);
            int[] rows = new int[fromConstrained + fromFree];
            System.arraycopy(choose(constrainedPoints, fromConstrained, random), 0, rows, 0, fromConstrained);
            System.arraycopy(choose(free, fromFree, random), 0, rows, fromConstrained, fromFree);
            Arrays.sort(rows);
            return new Sample(data.subset(rows), restrict(constraints, rows));
        }

        /** The supervision among {@code rows} (ascending), renumbered to positions in {@code rows}. */
        static ConstraintSet restrict(ConstraintSet constraints, int[] rows) {
            return constraints.restrictedTo(rows);
        }

        private static int[] choose(int[] values, int count, SplittableRandom random) {
            int[] copy = values.clone();
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(copy.length - i);
                int swap = copy[i];
                copy[i] = copy[j];
                copy[j] = swap;
            }
            return Arrays.copyOf(copy, count);
        }
    }
}
