package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.api.UnsuitableInputException;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.metric.ConstraintCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SelectedFitTest {

    private static Candidate candidate(String nearest) {
        return new Candidate(AlgorithmRegistry.byName("scacs"), ParameterValues.of(Map.of("nearest", nearest)));
    }

    /**
     * Held out over three folds of 150 constraints each: the guard's margin at a score of 0.9 is
     * then sqrt(2 x 0.09 / 450) = 0.02.
     */
    private static CandidateScore score(Candidate candidate, double score, double stability, int collapsedFolds) {
        return score(candidate, score, stability, collapsedFolds, 150);
    }

    private static CandidateScore score(Candidate candidate, double score, double stability, int collapsedFolds,
                                        long perFold) {
        ConstraintCounts fold = new ConstraintCounts(perFold / 2, perFold / 2, perFold - perFold / 2, perFold - perFold / 2);
        return new CandidateScore(candidate, score, score, collapsedFolds, null, List.of(fold, fold, fold), stability);
    }

    private static List<Candidate> first(List<CandidateScore> ranking) {
        return first(ranking, (Candidate) null);
    }

    /** The guard's order with {@code preferred} as its method (null: no guard), the others as ranked. */
    private static List<Candidate> first(List<CandidateScore> ranking, Candidate preferred) {
        if (preferred == null) {
            return first(ranking, (List<Candidate>) null);
        }
        List<Candidate> preference = new ArrayList<>(List.of(preferred));
        ranking.stream().map(CandidateScore::candidate).filter(c -> c != preferred).forEach(preference::add);
        return first(ranking, preference);
    }

    private static List<Candidate> first(List<CandidateScore> ranking, List<Candidate> preference) {
        List<Candidate> order = new ArrayList<>();
        ranking.forEach(score -> order.add(score.candidate()));
        SelectedFit.mostStableFirst(ranking, order, preference, null);
        return order;
    }

    @Test
    void theMostStableOfTheNearBestGoesFirst() {
        Candidate a = candidate("2");
        Candidate b = candidate("3");
        Candidate c = candidate("4");
        List<CandidateScore> ranking = List.of(score(a, 0.90, 0.60, 0), score(b, 0.89, 0.95, 0), score(c, 0.80, 1.00, 0));
        assertEquals(List.of(b, a, c), first(ranking), "c is more stable but 0.10 below the best");
    }

    @Test
    void aCandidateWhoseFoldsDisagreeIsNoEvidence() {
        Candidate unstable = candidate("2");
        Candidate reference = candidate("3");
        Candidate other = candidate("4");
        // 0.61 against 0.52 on 450 constraints is a lead beyond the guard's margin, but the unstable
        // candidate's fold clusterings agree at 0.1 only
        List<CandidateScore> ranking = List.of(score(unstable, 0.61, 0.10, 0), score(reference, 0.52, 0.95, 0),
                score(other, 0.45, 0.99, 0));
        assertEquals(reference, first(ranking, unstable).get(0));
        assertEquals(reference, first(ranking).get(0));
        assertEquals(List.of(reference, other), SelectedFit.withoutUnstable(ranking).stream()
                .map(CandidateScore::candidate).toList());
        // when every candidate that did not fail is unstable, they are all kept
        List<CandidateScore> allUnstable = List.of(score(unstable, 0.61, 0.10, 0), score(reference, 0.52, 0.2, 0));
        assertEquals(allUnstable, SelectedFit.withoutUnstable(allUnstable));
        assertEquals(unstable, first(allUnstable, unstable).get(0));
    }

    @Test
    void autosFallbackCompetesOnlyWhereItLeadsEveryOtherCandidateClearly() {
        Candidate method = candidate("2");
        Candidate fallback = candidate("3");
        Candidate unstable = candidate("4");
        // tied at the top and more stable: without the rule it would be fitted
        List<CandidateScore> tied = List.of(score(fallback, 0.90, 1.00, 0), score(method, 0.90, 0.95, 0));
        assertEquals(fallback, first(tied).get(0));
        assertEquals(List.of(method), SelectedFit.withoutUnclearFallback(tied, fallback, false).stream()
                .map(CandidateScore::candidate).toList());
        assertEquals(tied, SelectedFit.withoutUnclearFallback(tied, null, false));
        // 0.03 above every other candidate: it stays, and it alone is near the best
        List<CandidateScore> leading = List.of(score(fallback, 0.93, 0.99, 0), score(method, 0.90, 1.00, 0));
        assertEquals(leading, SelectedFit.withoutUnclearFallback(leading, fallback, false));
        assertEquals(fallback, first(leading).get(0));
        // a candidate below the stability floor is no evidence against it; a failed one neither
        List<CandidateScore> lucky = List.of(score(unstable, 0.99, 0.10, 0), score(fallback, 0.93, 0.99, 0),
                score(method, 0.95, 0.9, 1));
        assertEquals(lucky, SelectedFit.withoutUnclearFallback(lucky, fallback, false));
    }

    @Test
    void onWeakEvidenceNjwsOwnClusteringGoesBeforeTheMethod() {
        Candidate method = candidate("2");
        Candidate dense = candidate("3");
        Candidate kmeans = candidate("4");
        List<Candidate> preference = List.of(method, dense, kmeans);
        // 12 held-out constraints per fold, 36 in all (about what 20 random pairs leave): the margin
        // at the best score, 0.75, is sqrt(2 x 0.1875 / 36) = 0.102, weak evidence; the method scores
        // a little higher and is a little steadier, within the ties
        List<CandidateScore> weak = List.of(score(method, 0.75, 0.97, 0, 12), score(dense, 0.70, 0.96, 0, 12),
                score(kmeans, 0.60, 0.99, 0, 12));
        assertEquals(method, first(weak, preference).get(0), "without a neutral candidate the method goes first");
        List<Candidate> order = new ArrayList<>(List.of(method, dense, kmeans));
        SelectedFit.mostStableFirst(weak, order, preference, new SelectedFit.Neutral(dense, false));
        assertEquals(dense, order.get(0));
        // the reason the user reads says the method was not less steady
        assertEquals("held-out score 0.700 against scacs's 0.750; as good within the evidence's margin (0.102), as "
                + "steady from fold to fold (stability 0.960 against 0.970), and on evidence this weak NJW's own "
                + "clustering goes first", SelectedFit.favouredBecause(weak, weak.get(1), "scacs"));
        // 150 per fold: the margin at 0.9 is 0.02, strong evidence, and the method the user asked for stays first
        List<CandidateScore> strong = List.of(score(method, 0.90, 0.97, 0), score(dense, 0.89, 0.96, 0));
        order = new ArrayList<>(List.of(method, dense));
        SelectedFit.mostStableFirst(strong, order, preference, new SelectedFit.Neutral(dense, false));
        assertEquals(method, order.get(0));
        // labels that leave clusters unseen: the neutral candidate first even on strong evidence
        order = new ArrayList<>(List.of(method, dense));
        SelectedFit.mostStableFirst(strong, order, preference, new SelectedFit.Neutral(dense, true));
        assertEquals(dense, order.get(0));
        // weak evidence clearly against the neutral candidate (beyond the margin) still decides
        List<CandidateScore> against = List.of(score(method, 0.95, 0.97, 0, 12), score(dense, 0.70, 0.96, 0, 12));
        order = new ArrayList<>(List.of(method, dense));
        SelectedFit.mostStableFirst(against, order, preference, new SelectedFit.Neutral(dense, false));
        assertEquals(method, order.get(0));
    }

    /**
     * Supervision that gives no folds falls back to NJW's own clustering only when it is a handful:
     * many constrained points whose must-links join them into one component are not.
     */
    @Test
    void onlyAHandfulOfConstrainedPointsIsTooLittleToCheck() {
        int[] eleven = java.util.stream.IntStream.range(0, 11).toArray();
        assertTrue(SupervisionFolds.isHandful(ConstraintSet.fromLabels(100, eleven, new int[11]), 3));
        int[] twelve = java.util.stream.IntStream.range(0, 12).toArray();
        assertEquals(false, SupervisionFolds.isHandful(ConstraintSet.fromLabels(100, twelve, new int[12]), 3));
        List<Constraint> chain = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            chain.add(Constraint.mustLink(i, i + 1));
        }
        ConstraintSet oneComponent = ConstraintSet.ofPairs(100, chain);
        assertEquals(false, SupervisionFolds.isHandful(oneComponent, 3));
        // one must-link component: its 31 points are dealt alone, and every held-out pair has an
        // endpoint that no training pair names
        Optional<List<SupervisionFold>> folds = SupervisionFolds.split(oneComponent, 3, new SplittableRandom(1));
        assertTrue(folds.isPresent());
        for (SupervisionFold fold : folds.get()) {
            java.util.Set<Integer> trained = new java.util.HashSet<>();
            fold.training().pairs().forEach(pair -> {
                trained.add(pair.first());
                trained.add(pair.second());
            });
            assertTrue(!fold.training().pairs().isEmpty() && fold.training().pairs().size() < chain.size());
            for (Constraint pair : chain) {
                if (!fold.training().pairs().contains(pair)) {
                    assertTrue(!trained.contains(pair.first()) || !trained.contains(pair.second()), pair.toString());
                }
            }
        }
        // a handful of pairs in one component makes no folds
        ConstraintSet five = ConstraintSet.ofPairs(100, chain.subList(0, 5));
        assertEquals(Optional.empty(), SupervisionFolds.split(five, 3, new SplittableRandom(1)));
        assertTrue(SupervisionFolds.isHandful(five, 3));
    }

    @Test
    void theGuardsFallbackMustLeadByMoreThanItsEvidencesMargin() {
        Candidate method = candidate("2");
        Candidate fallback = candidate("3");
        // 0.05 ahead on 36 held-out constraints: more than 0.02, less than the margin (about 0.1)
        List<CandidateScore> weakLead = List.of(score(fallback, 0.75, 0.99, 0, 12), score(method, 0.70, 0.95, 0, 12));
        assertEquals(weakLead, SelectedFit.withoutUnclearFallback(weakLead, fallback, false));
        assertEquals(List.of(method), SelectedFit.withoutUnclearFallback(weakLead, fallback, true).stream()
                .map(CandidateScore::candidate).toList());
        // 0.25 ahead: beyond the margin, it competes
        List<CandidateScore> clearLead = List.of(score(fallback, 0.95, 0.99, 0, 12), score(method, 0.70, 0.95, 0, 12));
        assertEquals(clearLead, SelectedFit.withoutUnclearFallback(clearLead, fallback, true));
    }

    @Test
    void aFinalFitThatSatisfiesItsOwnSupervisionFarWorseThanItsFoldsIsUnlikeThem() {
        // 100 cannot-links between points 0..99 and 100..199: a clustering splitting the halves
        // satisfies all of them, one splitting only the first 60 pairs 60%
        List<Constraint> pairs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pairs.add(Constraint.cannotLink(i, 100 + i));
        }
        ConstraintSet constraints = ConstraintSet.ofPairs(200, pairs);
        int[] split = new int[200];
        int[] partly = new int[200];
        for (int i = 0; i < 200; i++) {
            split[i] = i < 100 ? 0 : 1;
            partly[i] = i < 100 || i >= 160 ? 0 : 1;
        }
        // held out: CONS 0.9 over 3 folds of 150 constraints; one standard error of the difference is 0.02
        CandidateScore score = score(candidate("2"), 0.9, 0.9, 0);
        assertEquals(false, SelectedFit.unlikeItsFolds(result(split), score, constraints));
        assertEquals(true, SelectedFit.unlikeItsFolds(result(partly), score, constraints), "0.6 against 0.9");
        assertEquals(false, SelectedFit.unlikeItsFolds(result(partly), score(candidate("2"), 0.62, 0.62, 0),
                constraints), "0.6 against 0.62: within two standard errors");
        assertEquals(false, SelectedFit.unlikeItsFolds(result(partly), null, constraints), "no score: nothing to compare");
    }

    /** A method that refuses every fit, as a dense method refuses a size its memory cannot hold. */
    /** A test candidate that counts its fits in {@code fits} and answers with {@code answer}(data, k). */
    private static Candidate counted(String name, AtomicInteger fits,
                                     java.util.function.BiFunction<Dataset, Integer, ClusteringResult> answer) {
        ClusteringAlgorithm method = new ClusteringAlgorithm() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
                fits.incrementAndGet();
                return answer.apply(data, k);
            }
        };
        return new Candidate(new AlgorithmDescriptor(name, name, "test", true, false, List.of(), false,
                values -> method), ParameterValues.EMPTY);
    }

    private static Candidate refusing(String name, AtomicInteger fits) {
        return counted(name, fits, (data, k) -> {
            throw new UnsuitableInputException(name + " refuses " + data.size() + " points");
        });
    }

    @Test
    void aGuardedMethodThatRefusesTheWholeDataRefusesBeforeTheFolds() {
        AtomicInteger methodFits = new AtomicInteger();
        AtomicInteger referenceFits = new AtomicInteger();
        int n = CrossValidation.SUBSAMPLE + 1;
        double[] features = new double[n];
        for (int i = 0; i < n; i++) {
            features[i] = i % 2 + i * 1e-6;
        }
        Dataset data = Dataset.unlabelled("many", n, 1, features);
        int[] points = new int[60];
        int[] classes = new int[60];
        for (int t = 0; t < 60; t++) {
            points[t] = 7 * t;
            classes[t] = points[t] % 2;
        }
        ConstraintSet constraints = ConstraintSet.fromLabels(n, points, classes);
        try (RunContext context = RunContext.sequential(1)) {
            UnsuitableInputException refused = assertThrows(
                    UnsuitableInputException.class, () -> SelectedFit.fit("method",
                            List.of(refusing("method", methodFits), refusing("reference", referenceFits)), null, null, data,
                            constraints, 2, context, true, true));
            assertEquals("method refuses " + n + " points", refused.getMessage());
        }
        assertEquals(1, methodFits.get());
        assertEquals(0, referenceFits.get(), "no fold was fitted");
    }

    /** Two separated blobs with 20% of their points labelled: every candidate that answers the truth ties. */
    private static final Dataset TWO_BLOBS = io.csc.testing.TestData.blobs(2, 60, 2, 6.0, 1);
    private static final ConstraintSet TWO_BLOBS_LABELS = io.csc.testing.GoldenRuns.labels(TWO_BLOBS, 0.2, 1);

    /** The method a selected fit reports in {@code diagnostics.selection}. */
    private static Object selectedMethod(ClusteringResult result) {
        return ((Map<?, ?>) result.diagnostics().value("selection")).get("method");
    }

    /** A candidate that answers with the truth, under its own name. */
    private static Candidate truthful(String name, AtomicInteger fits) {
        return counted(name, fits, (data, k) -> new ClusteringResult(name, data.labels().clone(), k, null, 0,
                Diagnostics.empty(), null));
    }

    @Test
    void aFinalFitThatContradictsItsLabelsIsPassedOverAsACollapsedOneIs() {
        // two candidates that answer alike: the guard keeps the first, unless its final fit is
        // found to contradict the labels, when the second is fitted and kept
        Dataset data = TWO_BLOBS;
        ConstraintSet labels = TWO_BLOBS_LABELS;
        AtomicInteger firstFits = new AtomicInteger();
        AtomicInteger secondFits = new AtomicInteger();
        List<Candidate> candidates = List.of(truthful("first", firstFits), truthful("second", secondFits));
        try (RunContext context = RunContext.sequential(1)) {
            ClusteringResult kept = SelectedFit.fit("first", candidates, null, null, data, labels, 2, context, true, true);
            assertEquals("first", selectedMethod(kept));
            ClusteringResult passedOver = SelectedFit.fit("first", candidates, null,
                    result -> result.algorithm().equals("first"), data, labels, 2, context, true, true);
            assertEquals("second", selectedMethod(passedOver));
            assertEquals(List.of("Selection passed over first, whose fit on all points contradicted its labels; the "
                    + "labels are second's"), passedOver.diagnostics().warnings());
        }
    }

    @Test
    void aFinalFitThatFailsAfterItsFoldsRanIsPassedOverWithAWarning() {
        // the first answers the truth in its three folds, then refuses the whole supervision (as sc-pc
        // does when its must-links join every landmark); the second is fitted and kept
        Dataset data = TWO_BLOBS;
        ConstraintSet labels = TWO_BLOBS_LABELS;
        AtomicInteger firstFits = new AtomicInteger();
        AtomicInteger secondFits = new AtomicInteger();
        Candidate failing = counted("first", firstFits, (points, k) -> {
            if (firstFits.get() > CrossValidation.FOLDS) {
                throw new UnsuitableInputException("first cannot split the data");
            }
            return new ClusteringResult("first", points.labels().clone(), k, null, 0, Diagnostics.empty(), null);
        });
        try (RunContext context = RunContext.sequential(1)) {
            ClusteringResult kept = SelectedFit.fit("first", List.of(failing, truthful("second", secondFits)), null, null,
                    data, labels, 2, context, true, true);
            assertEquals("second", selectedMethod(kept));
            assertEquals(List.of("Selection passed over first (first cannot split the data), which failed on the whole "
                    + "supervision; the labels are second's"), kept.diagnostics().warnings());
        }
        assertEquals(CrossValidation.FOLDS + 1, firstFits.get());
    }

    private static ClusteringResult result(int[] labels) {
        return new ClusteringResult("test", labels, 2, null, 0, Diagnostics.empty(),
                null);
    }

    @Test
    void theGuardedMethodStaysFirstWhenNearTheBestAndNearlyAsStable() {
        Candidate method = candidate("2");
        Candidate reference = candidate("3");
        assertEquals(method, first(List.of(score(reference, 0.90, 0.99, 0), score(method, 0.885, 0.975, 0)), method)
                .get(0), "0.015 less stable: within " + SelectedFit.STABLE_ENOUGH);
        assertEquals(reference, first(List.of(score(reference, 0.90, 0.99, 0), score(method, 0.885, 0.95, 0)), method)
                .get(0), "0.04 less stable");
        assertEquals(reference, first(List.of(score(reference, 0.90, 0.99, 0), score(method, 0.85, 0.99, 0)), method)
                .get(0), "0.05 below the best held-out score");
    }

    @Test
    void amongReferencesAsStableTheEarlierInTheGuardsOrderGoesFirst() {
        Candidate method = candidate("2");
        Candidate dense = candidate("3");
        Candidate nearestNeighbours = candidate("4");
        List<Candidate> preference = List.of(method, dense, nearestNeighbours);
        // the generated binary set with 100 random pairs: the k-NN reference scored 0.023 higher
        // (within the margin) and was 0.015 more stable; the method scored far below both
        List<CandidateScore> ranking = List.of(score(nearestNeighbours, 0.573, 0.975, 0, 45),
                score(dense, 0.550, 0.960, 0, 45), score(method, 0.394, 0.50, 0, 45));
        assertEquals(dense, first(ranking, preference).get(0));
        List<CandidateScore> clearlyLessStable = List.of(score(nearestNeighbours, 0.573, 0.975, 0, 45),
                score(dense, 0.550, 0.940, 0, 45), score(method, 0.394, 0.50, 0, 45));
        assertEquals(nearestNeighbours, first(clearlyLessStable, preference).get(0), "0.035 less stable");
        assertEquals(nearestNeighbours, first(ranking, (List<Candidate>) null).get(0),
                "without the guard, near is within 0.02 and the k-NN reference leads by 0.023");
    }

    @Test
    void theGuardsMarginIsOneStandardErrorOfTheHeldOutScore() {
        Candidate method = candidate("2");
        Candidate reference = candidate("3");
        // 0.86 against 0.90: a lead of 0.04
        assertEquals(reference, first(List.of(score(method, 0.90, 0.60, 0, 10), score(reference, 0.86, 0.99, 0, 10)),
                method).get(0), "30 constraints: margin 0.077, the lead is noise");
        assertEquals(method, first(List.of(score(method, 0.90, 0.60, 0, 2000), score(reference, 0.86, 0.99, 0, 2000)),
                method).get(0), "6,000 constraints: margin 0.01, the lead is real");
        assertEquals(0.01, SelectedFit.guardMargin(score(method, 1.0, 1.0, 0, 1_000_000)), 1e-12);
        assertEquals(Math.sqrt(2 * 0.01 / 30), SelectedFit.guardMargin(score(method, 1.0, 1.0, 0, 10)), 1e-12,
                "a perfect score on few constraints is not certainty");
        assertEquals(Math.sqrt(2 * 0.09 / 450), SelectedFit.guardMargin(score(method, 0.9, 1.0, 0, 150)), 1e-12);
    }

    @Test
    void withoutAGuardedMethodTheMarginIsFixed() {
        Candidate a = candidate("2");
        Candidate b = candidate("3");
        List<CandidateScore> ranking = List.of(score(a, 0.90, 0.60, 0, 10), score(b, 0.86, 0.99, 0, 10));
        assertEquals(a, first(ranking).get(0), "0.04 is beyond " + SelectedFit.NEAR);
    }

    @Test
    void aCollapsedCandidateIsNeverPreferredForItsStability() {
        Candidate a = candidate("2");
        Candidate b = candidate("3");
        List<CandidateScore> ranking = List.of(score(a, 0.90, 0.60, 0), score(b, 0.90, 1.00, 1));
        assertEquals(a, first(ranking).get(0));
    }

    @Test
    void equalStabilityKeepsTheRankingsOrder() {
        Candidate a = candidate("2");
        Candidate b = candidate("3");
        List<CandidateScore> ranking = List.of(score(a, 0.90, 0.80, 0), score(b, 0.905, 0.80, 0));
        assertEquals(a, first(ranking).get(0));
    }

    @Test
    void aStabilityThatCouldNotBeMeasuredLosesToOneThatWas() {
        Candidate a = candidate("2");
        Candidate b = candidate("3");
        List<CandidateScore> ranking = List.of(score(a, 0.90, Double.NaN, 0), score(b, 0.89, 0.70, 0));
        assertEquals(b, first(ranking).get(0));
    }

    @Test
    void stabilityIsTheMeanAdjustedRandIndexOverPairsOfFolds() {
        int[] x = {0, 0, 1, 1};
        int[] y = {1, 1, 0, 0};
        int[] z = {0, 1, 0, 1};
        assertEquals(1.0, CrossValidation.stability(new int[][] {x, y, x}), 1e-12);
        double xz = io.csc.metric.ClusteringMetrics.adjustedRandIndex(x, z);
        assertEquals((1.0 + xz + xz) / 3, CrossValidation.stability(new int[][] {x, y, z}), 1e-12);
        assertEquals(Double.NaN, CrossValidation.stability(new int[][] {x, null, z}));
    }

    @Test
    void theWarningSaysWhetherTheScoreOrTheStabilityDecided() {
        Candidate reference = new Candidate(AlgorithmRegistry.byName("seeded-njw"), ParameterValues.of(Map.of()));
        Candidate own = candidate("3");
        CandidateScore tie = score(reference, 1.0, 1.0, 0);
        List<CandidateScore> tied = List.of(tie, score(own, 1.0, 0.887, 0));
        assertEquals("held-out score 1.000 against scacs's 1.000; as good within the evidence's margin (0.010), and "
                + "steadier from fold to fold: stability 1.000 against 0.887", SelectedFit.favouredBecause(tied, tie, "scacs"));
        // a lower score fitted: the own fit led by less than the margin of 60 held-out constraints (0.088)
        CandidateScore steadier = score(reference, 0.583, 0.816, 0, 20);
        List<CandidateScore> few = List.of(score(own, 0.639, 0.5, 0, 20), steadier);
        assertEquals("held-out score 0.583 against scacs's 0.639; as good within the evidence's margin (0.088), and "
                + "steadier from fold to fold: stability 0.816 against 0.500", SelectedFit.favouredBecause(few, steadier, "scacs"));
        // or its fold fits agreed too little for its lead to count
        List<CandidateScore> unstable = List.of(score(own, 0.639, 0.267, 0), steadier);
        assertEquals("held-out score 0.583 against scacs's 0.639; scacs's fits of the folds agreed too little for its "
                + "score to count: stability 0.267, below 0.3", SelectedFit.favouredBecause(unstable, steadier, "scacs"));
        CandidateScore lead = score(reference, 0.95, 0.9, 0);
        List<CandidateScore> led = List.of(lead, score(own, 0.80, 0.95, 0));
        assertEquals("held-out score 0.950 against scacs's 0.800", SelectedFit.favouredBecause(led, lead, "scacs"));
        List<CandidateScore> collapsed = List.of(lead, score(own, 0.99, 0.95, 1));
        assertEquals("held-out score 0.950; scacs collapsed in a fold",
                SelectedFit.favouredBecause(collapsed, lead, "scacs"));
    }
}
