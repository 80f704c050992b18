package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Collapse;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import io.csc.testing.GoldenRuns;
import io.csc.testing.TestData;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CrossValidationTest {

    /** A method that puts every labelled point in its class's cluster and every other point in cluster 0. */
    private static final AlgorithmDescriptor COLLAPSING = new AlgorithmDescriptor("collapsing", "test", "test", true,
            true, List.of(), values -> new ClusteringAlgorithm() {
                @Override
                public String name() {
                    return "collapsing";
                }

                @Override
                public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
                    int[] labels = new int[data.size()];
                    for (LabelledPoints block : constraints.labelledBlocks()) {
                        for (int t = 0; t < block.size(); t++) {
                            labels[block.points()[t]] = block.classes()[t] % k;
                        }
                    }
                    return new ClusteringResult("collapsing", labels, k, null, 0, Diagnostics.empty(), null);
                }
            });

    /** Labels that depend on the seed alone: a clustering of k-means' luck, as NJW's can be. */
    private static int[] seedLabels(int n, int k, long seed) {
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            labels[i] = new java.util.SplittableRandom(seed * 31 + i).nextInt(k);
        }
        return labels;
    }

    private static AlgorithmDescriptor bySeed(String name, boolean constrained, Long fixedSeed) {
        return new AlgorithmDescriptor(name, "test", "test", constrained, true, List.of(), false,
                values -> new ClusteringAlgorithm() {
                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
                        int[] labels = seedLabels(data.size(), k, fixedSeed != null ? fixedSeed : context.seed());
                        return new ClusteringResult(name, labels, k, null, 0, Diagnostics.empty(), null);
                    }
                });
    }

    @Test
    void anUnconstrainedCandidateIsScoredOnTheClusteringItsFinalFitReturns() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.2, 2);
        long seed = 17;
        // the unconstrained candidate with the run's seed, and a constrained one that always returns
        // that very clustering: they must be scored alike
        List<Candidate> candidates = List.of(new Candidate(bySeed("unconstrained", false, null), ParameterValues.EMPTY),
                new Candidate(bySeed("fixed", true, seed), ParameterValues.EMPTY));
        try (RunContext context = RunContext.sequential(seed)) {
            List<CandidateScore> ranking = CrossValidation.rank(candidates, wine, labels, 3, context).orElseThrow();
            assertEquals(ranking.get(0).folds(), ranking.get(1).folds());
            assertEquals(ranking.get(0).score(), ranking.get(1).score(), 0.0);
        }
    }

    /**
     * A method that remembers the supervision it was settled for ({@link ClusteringAlgorithm#settledFor}),
     * and writes the constrained points of that supervision into {@code seen} at every fit.
     */
    private static ClusteringAlgorithm settledRecorder(int settledPoints, List<Integer> seen) {
        return new ClusteringAlgorithm() {
            @Override
            public String name() {
                return "settled";
            }

            @Override
            public ClusteringAlgorithm settledFor(ConstraintSet constraints, int k) {
                return settledRecorder(constraints.constrainedPoints().length, seen);
            }

            @Override
            public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
                seen.add(settledPoints);
                return new ClusteringResult("settled", seedLabels(data.size(), k, 1), k, null, 0, Diagnostics.empty(),
                        null);
            }
        };
    }

    @Test
    void everyFoldFitsTheMethodSettledForTheWholeSupervision() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.2, 1);
        List<Integer> seen = new java.util.ArrayList<>();
        AlgorithmDescriptor settled = new AlgorithmDescriptor("settled", "test", "test", true, true, List.of(), false,
                values -> settledRecorder(-1, seen));
        try (RunContext context = RunContext.sequential(5)) {
            CrossValidation.rank(List.of(new Candidate(settled, ParameterValues.EMPTY)), wine, labels, 3, context)
                    .orElseThrow();
        }
        assertEquals(List.of(labels.constrainedPoints().length, labels.constrainedPoints().length,
                labels.constrainedPoints().length), seen, "each fold's fit, settled for all the labelled points");
    }

    @Test
    void aCandidateThatCollapsesIsRankedAfterOneThatDoesNot() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.2, 1);
        List<Candidate> candidates = List.of(new Candidate(COLLAPSING, ParameterValues.EMPTY),
                new Candidate(AlgorithmRegistry.byName("njw"), ParameterValues.EMPTY));
        try (RunContext context = RunContext.sequential(5)) {
            List<CandidateScore> ranking = CrossValidation.rank(candidates, wine, labels, 3, context).orElseThrow();
            assertEquals("njw", ranking.get(0).candidate().method());
            assertEquals(CrossValidation.FOLDS, ranking.get(1).collapsedFolds());
            assertTrue(ranking.get(1).failed());
            assertTrue(ranking.get(0).score() > 0.8, "njw separates Wine: " + ranking.get(0).score());
        }
    }

    @Test
    void theScoreIsTheFMeasureOfTheHeldOutCountsOfEveryFold() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 3);
        List<Candidate> candidates = List.of(new Candidate(AlgorithmRegistry.byName("njw"), ParameterValues.EMPTY),
                GuardedMethod.reference());
        try (RunContext context = RunContext.sequential(5)) {
            for (CandidateScore score : CrossValidation.rank(candidates, wine, labels, 3, context).orElseThrow()) {
                assertEquals(CrossValidation.FOLDS, score.folds().size());
                io.csc.metric.ConstraintCounts total = io.csc.metric.ConstraintCounts.NONE;
                for (io.csc.metric.ConstraintCounts fold : score.folds()) {
                    assertTrue(fold.mustLinks() > 0 && fold.cannotLinks() > 0, "every fold holds out pairs of both kinds");
                    total = total.plus(fold);
                }
                assertEquals(new HeldOutScore(total).fMeasure(), score.score(), 1e-12);
                List<?> heldOut = (List<?>) score.asMap().get("heldOut");
                assertEquals(CrossValidation.FOLDS, heldOut.size());
                assertEquals(List.of(score.folds().get(0).mustLinks(), score.folds().get(0).satisfiedMustLinks(),
                        score.folds().get(0).cannotLinks(), score.folds().get(0).satisfiedCannotLinks()), heldOut.get(0));
            }
        }
    }

    @Test
    void aPreparationKeptForTheFinalFitGivesTheCandidatesOwnFit() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 4);
        List<Candidate> candidates = List.of(GuardedMethod.denseReference(), GuardedMethod.spectralReference(),
                GuardedMethod.reference(), new Candidate(AlgorithmRegistry.byName("njw"), ParameterValues.EMPTY));
        try (RunContext context = RunContext.sequential(9)) {
            CrossValidation.Ranking ranking = CrossValidation.rankPrepared(candidates, wine, labels, 3, context)
                    .orElseThrow();
            assertEquals(4, ranking.prepared().size(), "njw's fit, unconstrained, is kept for the final step");
            for (Candidate candidate : candidates) {
                assertArrayEquals(candidate.create().fit(wine, labels, 3, context).labels(),
                        ranking.prepared().get(candidate).fit(labels, context).labels(), candidate.label());
            }
        }
    }

    @Test
    void selectCvReportsItsChoiceAndIsDeterministic() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 2);
        ClusteringAlgorithm method = AlgorithmRegistry.byName("scacs").create(ParameterValues.of(Map.of("select", "cv")));
        ClusteringResult first = GoldenRuns.fit(method, wine, labels, 1);
        ClusteringResult second = GoldenRuns.fit(method, wine, labels, 2);
        assertArrayEquals(first.labels(), second.labels());
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) first.diagnostics().value("selection");
        assertNotNull(selection);
        assertTrue(List.of("scacs", "seeded-kmeans").contains(selection.get("method")), selection.toString());
        assertTrue(selection.containsKey("parameters") && selection.containsKey("score"));
        assertEquals(SelectionGrids.of("scacs").size() + 1, ((List<?>) selection.get("candidates")).size(),
                "the grid and the reference");
    }

    @Test
    void givenValuesStayFixedInEveryCandidate() {
        CrossValidatedMethod method = (CrossValidatedMethod) AlgorithmRegistry.byName("scacs")
                .create(ParameterValues.of(Map.of("select", "cv", "nearest", "4")));
        List<Candidate> candidates = method.candidates();
        assertEquals(2, candidates.size(), "the nearest=5 setting collapses onto the given nearest=4");
        candidates.forEach(candidate -> assertEquals("4", candidate.parameters().get("nearest")));
    }

    @Test
    void autoRunsTheConstrainedMethodsAndNjwThenTheScalableOnesAboveTheDenseLimit() {
        List<String> small = AutomaticMethod.candidates(500, 3).stream().map(Candidate::method).toList();
        assertTrue(small.contains("njw") && small.contains("csp") && small.contains("scacs"));
        assertFalse(small.contains("lsc-r"));
        List<Candidate> large = AutomaticMethod.candidates(100_000, 3);
        for (Candidate candidate : large) {
            assertTrue(candidate.descriptor().scalable() || candidate.parameters().equals(Map.of("graph", "knn")),
                    candidate.label());
        }
    }

    @Test
    void autosFallbackIsTheGuardsKnnReferenceUpToTheDenseLimit() {
        List<Candidate> small = AutomaticMethod.candidates(500, 3);
        assertEquals(GuardedMethod.spectralReference().label(), AutomaticMethod.fallback(small, 500, 3).label());
        Candidate fallback = AutomaticMethod.fallback(small, 500, 3);
        assertTrue(small.stream().anyMatch(candidate -> candidate == fallback), "the candidate itself, not a copy");
        assertEquals(null, AutomaticMethod.fallback(AutomaticMethod.candidates(100_000, 3), 100_000, 3));
    }

    @Test
    void everyReferenceOfTheGuardIsACandidateOfAutoAtEverySize() {
        for (int n : new int[] {500, AutomaticMethod.DENSE_LIMIT, 100_000}) {
            List<String> labels = AutomaticMethod.candidates(n, 3).stream().map(Candidate::label).toList();
            for (Candidate reference : GuardedMethod.candidates(GuardedMethod.reference(), n, 3)) {
                assertTrue(labels.contains(reference.label()), reference.label() + " at n = " + n + ": " + labels);
            }
        }
    }

    @Test
    void autoReportsTheChosenMethodAndEveryScore() {
        Dataset blobs = GoldenRuns.blobs(240, 4, 3, 7);
        ConstraintSet labels = GoldenRuns.labels(blobs, 0.1, 3);
        ClusteringResult result = GoldenRuns.fit(AlgorithmRegistry.byName("auto").create(), blobs, labels, 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) result.diagnostics().value("selection");
        assertEquals(AutomaticMethod.candidates(240, 3).size(), ((List<?>) selection.get("candidates")).size());
        assertTrue(GoldenRuns.accuracy(blobs, result.labels()) > 0.95);
        assertFalse(Collapse.isRecorded(result.diagnostics()));
    }

    @Test
    void tooLittleSupervisionFitsTheDefaultsWithAWarning() {
        Dataset wine = TestData.wine();
        ConstraintSet three = ConstraintSet.fromLabels(wine.size(), new int[] {0, 1, 2}, new int[] {0, 0, 0});
        ClusteringResult result = GoldenRuns.fit(AlgorithmRegistry.byName("scacs")
                .create(ParameterValues.of(Map.of("select", "cv"))), wine, three, 1);
        assertTrue(result.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("Too little supervision")));
        assertEquals(Optional.of(Map.of()), Optional.of(((Map<?, ?>) result.diagnostics().value("selection"))
                .get("parameters")));
    }
}
