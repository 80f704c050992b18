package io.csc.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.algorithm.seededkmeans.SeededKMeans;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BernoulliMixture;
import io.csc.data.ClassProportions;
import io.csc.data.Dataset;
import io.csc.testing.GoldenRuns;
import io.csc.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GuardedMethodTest {

    /** Up to the dense limit the k-NN reference is the guard's fallback, as in -a auto; above, a candidate. */
    @Test
    void theKnnReferenceIsAFallbackWhereTheDenseReferenceCompetes() {
        List<Candidate> small = GuardedMethod.candidates(GuardedMethod.reference(), 1_000, 3);
        assertSame(small.get(small.size() - 1), GuardedMethod.fallback(small, 1_000));
        assertEquals(GuardedMethod.spectralReference().label(), GuardedMethod.fallback(small, 1_000).label());
        assertNull(GuardedMethod.fallback(GuardedMethod.candidates(GuardedMethod.reference(), 20_000, 3), 20_000));
    }

    /** The k-NN reference keeps NJW's 10 neighbours unless clusters average under 20 points. */
    @Test
    void theKnnReferenceHasFewerNeighboursWhereClustersAreSmall() {
        assertEquals(10, GuardedMethod.referenceNeighbours(150, 3));
        assertEquals(10, GuardedMethod.referenceNeighbours(140, 7));
        assertEquals(7, GuardedMethod.referenceNeighbours(101, 7));
        assertEquals(3, GuardedMethod.referenceNeighbours(20, 5));
        assertEquals(GuardedMethod.spectralReference().label(), GuardedMethod.spectralReference(178, 3).label());
        assertEquals(Map.of("graph", "knn", "neighbours", "7"), GuardedMethod.spectralReference(101, 7).parameters());
    }

    @Test
    void aCheckOfPairsAtTheirChanceLevelSaysItCouldNotTell() {
        NeighbourhoodAgreement.Finding blind = new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.PAIRS,
                0.51, 0.53, 0.02, 200);
        assertTrue(blind.blind());
        assertEquals(true, blind.asMap().get("blind"));
        String warning = GuardedMethod.checkedOnly(60_000, blind);
        assertTrue(warning.startsWith("Checked against its pairs only, and the check could not tell: above 50000 "
                + "points (here 60000)") && warning.contains("of its kind in 0.53 of the cases, about what pairs of "
                + "random kinds give (0.50)") && warning.contains("(this fit: 0.51)")
                && warning.contains("--param select=guard") && warning.contains("-a auto"), warning);
        NeighbourhoodAgreement.Finding telling = new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.PAIRS,
                0.70, 0.75, 0.02, 200);
        assertTrue(!telling.blind() && GuardedMethod.checkedOnly(60_000, telling).contains("no contradiction"));
        NeighbourhoodAgreement.Finding labels = new NeighbourhoodAgreement.Finding(NeighbourhoodAgreement.Basis.LABELS,
                0.45, 0.50, 0.02, 200);
        assertTrue(!labels.blind(), "a labelled point's chance level is its class's share, far below a half");
    }


    private static ClusteringAlgorithm method(String name, String select) {
        return AlgorithmRegistry.byName(name).create(ParameterValues.of(Map.of("select", select)));
    }

    @Test
    void seededNjwUsesTheLabelsOnlyInTheAssignment() {
        Dataset iris = TestData.iris();
        ClusteringAlgorithm seeded = AlgorithmRegistry.byName(NormalizedSpectralClustering.SEEDED_NAME).create();
        ClusteringAlgorithm njw = AlgorithmRegistry.byName("njw").create();
        double seededAccuracy = 0;
        double njwAccuracy = 0;
        for (long draw = 1; draw <= 3; draw++) {
            ConstraintSet labels = GoldenRuns.labels(iris, 0.2, draw);
            ClusteringResult result = GoldenRuns.fit(seeded, iris, labels, 1);
            seededAccuracy += GoldenRuns.accuracy(iris, result.labels()) / 3;
            njwAccuracy += GoldenRuns.accuracy(iris, GoldenRuns.fit(njw, iris, labels, 1).labels()) / 3;
            // Hard labels are clamped: every labelled point shares the cluster of its class.
            int[] assigned = result.labels();
            var block = labels.labelledBlocks().get(0);
            for (int a = 0; a < block.size(); a++) {
                for (int b = 0; b < block.size(); b++) {
                    assertEquals(block.classes()[a] == block.classes()[b],
                            assigned[block.points()[a]] == assigned[block.points()[b]]);
                }
            }
        }
        assertTrue(seededAccuracy >= njwAccuracy, "seeded-njw " + seededAccuracy + " against njw " + njwAccuracy);
    }

    @Test
    void theGuardFallsBackWhereTheMethodsEmbeddingFails() {
        // Binary features, most of them noise: a sparse code over 3 nearest base vectors is chosen
        // by the noise and scacs alone is near chance, while k-means on the features, seeded by the
        // labels (scacs's reference: it is linear in n), recovers much of the classes.
        Dataset binary = new BernoulliMixture(900, 120, 3, 20, 1.5, 5, ClassProportions.balanced(3)).generate();
        ConstraintSet labels = GoldenRuns.labels(binary, 0.1, 1);
        ClusteringResult alone = GoldenRuns.fit(method("scacs", "none"), binary, labels, 1);
        ClusteringResult guarded = GoldenRuns.fit(method("scacs", "guard"), binary, labels, 1);
        double aloneAccuracy = GoldenRuns.accuracy(binary, alone.labels());
        double guardedAccuracy = GoldenRuns.accuracy(binary, guarded.labels());
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) guarded.diagnostics().value("selection");
        assertNotNull(selection);
        assertEquals(SeededKMeans.NAME, selection.get("method"));
        assertEquals(GuardedMethod.candidates(GuardedMethod.reference(), binary.size(), binary.classCount()).size(),
                ((List<?>) selection.get("candidates")).size());
        assertTrue(guardedAccuracy > aloneAccuracy + 0.15, "guarded " + guardedAccuracy + ", alone " + aloneAccuracy);
        assertTrue(guarded.diagnostics().warnings().stream().anyMatch(w -> w.contains(SeededKMeans.NAME)),
                guarded.diagnostics().warnings().toString());
    }

    @Test
    void theGuardKeepsAMethodThatAnswersTheHeldOutSupervisionBetter() {
        // Digits: sc-pc's landmark graph on the labelled points outdoes NJW's embeddings, and on
        // these draws of 10% labels the held-out pairs say so (0.941 and 0.958 against at most
        // 0.915, beyond the margin of 0.01). On the first draw they do not (0.930 against the k-NN
        // reference's 0.927: a tie, which the references' stability decides).
        Dataset digits = TestData.shared("digits");
        for (long draw = 2; draw <= 3; draw++) {
            ConstraintSet labels = GoldenRuns.labels(digits, 0.1, draw);
            ClusteringResult guarded = GoldenRuns.fit(method("sc-pc", "guard"), digits, labels, 2);
            @SuppressWarnings("unchecked")
            Map<String, Object> selection = (Map<String, Object>) guarded.diagnostics().value("selection");
            assertEquals("sc-pc", selection.get("method"));
            assertTrue(GoldenRuns.accuracy(digits, guarded.labels()) > 0.9);
        }
    }

    /**
     * With too little supervision for folds nothing can check the method, and the guard fits NJW's
     * own clustering with the labels in its assignment, and says so; select=none fits the method.
     */
    @Test
    void tooLittleSupervisionForFoldsGivesNjwsOwnClustering() {
        Dataset wine = TestData.wine();
        int[] truth = wine.labels();
        int[] points = {0, 60, 100, 150};
        int[] classes = new int[points.length];
        for (int t = 0; t < points.length; t++) {
            classes[t] = truth[points[t]];
        }
        ConstraintSet fourLabels = ConstraintSet.fromLabels(wine.size(), points, classes);
        ClusteringResult guarded = GoldenRuns.fit(AlgorithmRegistry.byName("sc-pc").create(), wine, fourLabels, 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) guarded.diagnostics().value("selection");
        assertEquals(NormalizedSpectralClustering.SEEDED_NAME, selection.get("method"));
        assertTrue(guarded.diagnostics().warnings().stream().anyMatch(warning -> warning.startsWith(
                "Too little supervision to check sc-pc against simple references") && warning.contains(
                "--param select=none fits sc-pc as set")), guarded.diagnostics().warnings().toString());
        ClusteringResult neutral = GoldenRuns.fit(GuardedMethod.denseReference().create(), wine, fourLabels, 1);
        assertArrayEquals(neutral.labels(), guarded.labels());
        ClusteringResult asSet = GoldenRuns.fit(method("sc-pc", "none"), wine, fourLabels, 1);
        assertNull(asSet.diagnostics().value("selection"));
        // above the dense reference's limit there is no NJW clustering to fall back on
        assertNull(GuardedMethod.neutral(GuardedMethod.candidates(GuardedMethod.reference(), 6_000, 3), 6_000,
                fourLabels, 3));
    }

    /** Labels alone that name fewer classes than k leave a cluster no held-out label can judge. */
    @Test
    void labelsOfFewerClassesThanClustersLeaveClustersUnseen() {
        ConstraintSet twoClasses = ConstraintSet.fromLabels(10, new int[] {0, 1, 2, 3}, new int[] {0, 0, 1, 1});
        assertTrue(GuardedMethod.unlabelledClusters(twoClasses, 3));
        assertEquals(false, GuardedMethod.unlabelledClusters(twoClasses, 2));
        ConstraintSet withPairs = twoClasses.plus(ConstraintSet.ofPairs(10,
                List.of(io.csc.constraint.Constraint.mustLink(4, 5))));
        assertEquals(false, GuardedMethod.unlabelledClusters(withPairs, 3), "pairs say more than the labels");
        ConstraintSet groups = ConstraintSet.fromGroups(10, List.of(new int[] {0, 1}, new int[] {2, 3}));
        assertEquals(false, GuardedMethod.unlabelledClusters(groups, 3), "groups are not classes");
        assertEquals(false, GuardedMethod.unlabelledClusters(ConstraintSet.empty(10), 3));
    }

    @Test
    void sameSeedSameChoiceAndLabels() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 2);
        ClusteringAlgorithm guarded = method("csp-ml", "guard");
        ClusteringResult one = GoldenRuns.fit(guarded, wine, labels, 1);
        ClusteringResult two = GoldenRuns.fit(guarded, wine, labels, 2);
        assertArrayEquals(one.labels(), two.labels());
        assertEquals(one.diagnostics().value("selection").toString(), two.diagnostics().value("selection").toString());
    }

    @Test
    void theDefaultGuardsUpToTheLimitAndNeverThePaperVariant() {
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.1, 2);
        ClusteringResult byDefault = GoldenRuns.fit(AlgorithmRegistry.byName("scacs").create(), wine, labels, 1);
        assertNotNull(byDefault.diagnostics().value("selection"), "select=auto guards 178 points");
        ClusteringResult paper = GoldenRuns.fit(AlgorithmRegistry.byName("scacs")
                .create(ParameterValues.of(Map.of("variant", "paper"))), wine, labels, 1);
        assertEquals(null, paper.diagnostics().value("selection"), "variant=paper is the paper's method");
        assertEquals(SelectionMode.AUTO, SelectionMode.PARAMETER.defaultValue());
    }

    @Test
    void aboveTheLimitTheDefaultFitsTheMethodAsSetChecksItAndSaysSo() {
        Dataset many = io.csc.data.GaussianMixture.generate(GuardedMethod.LIMIT + 1, 2, 3, 7, 6.0);
        ConstraintSet labels = GoldenRuns.labels(many, 0.001, 1);
        ClusteringResult byDefault = GoldenRuns.fit(AlgorithmRegistry.byName("sc-pc").create(), many, labels, 1);
        assertEquals(null, byDefault.diagnostics().value("selection"), "select=auto fits the method as set");
        @SuppressWarnings("unchecked")
        Map<String, Object> check = (Map<String, Object>) byDefault.diagnostics().value("neighbourhoodCheck");
        assertEquals(false, check.get("contradicts"), check.toString());
        assertTrue(byDefault.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("Checked against its labels only")),
                byDefault.diagnostics().warnings().toString());
        assertTrue(byDefault.diagnostics().stageSeconds().containsKey(NeighbourhoodAgreement.STAGE));
        ClusteringResult asSet = GoldenRuns.fit(method("sc-pc", "none"), many, labels, 1);
        assertArrayEquals(asSet.labels(), byDefault.labels(), "the same fit");
        assertTrue(asSet.diagnostics().warnings().stream().noneMatch(w -> w.startsWith("Checked")),
                "select=none asked for the method as set");
        ConstraintSet pairs = io.csc.constraint.ConstraintGenerator.randomPairs(many.labels(), 100,
                new java.util.SplittableRandom(2));
        ClusteringResult withPairs = GoldenRuns.fit(AlgorithmRegistry.byName("sc-pc").create(), many, pairs, 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> pairCheck = (Map<String, Object>) withPairs.diagnostics().value("neighbourhoodCheck");
        assertEquals("pairs", pairCheck.get("basis"), pairCheck.toString());
        assertTrue(withPairs.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("Checked against its pairs only")),
                withPairs.diagnostics().warnings().toString());
        ConstraintSet mustLinks = ConstraintSet.ofPairs(many.size(), pairs.pairs().stream()
                .filter(io.csc.constraint.Constraint::isMustLink).toList());
        ClusteringResult oneKind = GoldenRuns.fit(AlgorithmRegistry.byName("sc-pc").create(), many, mustLinks, 1);
        assertTrue(oneKind.diagnostics().warnings().contains(GuardedMethod.unguarded(many.size())),
                "must-links alone leave nothing to check against: " + oneKind.diagnostics().warnings());
        ClusteringResult unsupervised = GoldenRuns.fit(AlgorithmRegistry.byName("sc-pc").create(), many,
                ConstraintSet.empty(many.size()), 1);
        assertTrue(unsupervised.diagnostics().warnings().stream().noneMatch(w -> w.startsWith("Not checked")),
                "no supervision, nothing to check against");
    }

    /** What a test method answers. */
    private interface Answer {
        ClusteringResult fit(Dataset data, ConstraintSet constraints, int k);
    }

    /** A constrained test method that answers with {@code answer}. */
    private static AlgorithmDescriptor testMethod(String name, Answer answer) {
        ClusteringAlgorithm algorithm = new ClusteringAlgorithm() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, io.csc.api.RunContext context) {
                return answer.fit(data, constraints, k);
            }
        };
        return new AlgorithmDescriptor(name, "test", "none", true, true, List.of(), values -> algorithm);
    }

    /**
     * A stand-in method for the check: the truth; when {@code split}, the truth with class 0 cut in
     * two at the median of its first coordinate and the labelled points in their classes; when
     * {@code collapse}, every point in cluster 0 but the constrained ones, which keep their class.
     */
    private static AlgorithmDescriptor standIn(boolean split, boolean collapse) {
        return testMethod("stand-in", (data, constraints, k) -> {
            int[] labels = data.labels().clone();
            if (collapse) {
                java.util.Arrays.fill(labels, 0);
                for (int point : constraints.constrainedPoints()) {
                    labels[point] = data.labels()[point];
                }
            }
            if (split) {
                labels = TestData.splitAtMedian(data, labels, 0, k - 1, constraints);
            }
            return new ClusteringResult("stand-in", labels, k, null, 0.0, io.csc.algorithm.Diagnostics.empty(), null);
        });
    }

    @Test
    void theCheckGuardsAFitThatContradictsItsLabelsAndKeepsOneThatDoesNot() {
        // four blobs, the fourth cluster of the fit cutting the first class in two where the truth has a fourth blob
        Dataset blobs = TestData.blobs(4, 150, 4, 8.0, 3);
        ConstraintSet labels = GoldenRuns.labels(blobs, 0.1, 1);
        ParameterValues check = ParameterValues.of(Map.of("select", "check"));
        ClusteringResult kept = GoldenRuns.fit(standIn(false, false).create(check), blobs, labels, 1);
        assertEquals(null, kept.diagnostics().value("selection"));
        assertArrayEquals(blobs.labels(), kept.labels());
        assertNotNull(kept.diagnostics().value("neighbourhoodCheck"));
        assertTrue(kept.diagnostics().warnings().isEmpty(), "select=check was asked for: " + kept.diagnostics().warnings());

        ClusteringResult guarded = GoldenRuns.fit(standIn(true, false).create(check), blobs, labels, 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) guarded.diagnostics().value("selection");
        assertNotNull(selection, guarded.diagnostics().warnings().toString());
        assertTrue(!"stand-in".equals(selection.get("method")), selection.toString());
        assertTrue(GoldenRuns.accuracy(blobs, guarded.labels()) > 0.95);
        assertTrue(guarded.diagnostics().warnings().stream().anyMatch(w -> w.startsWith("The method as set contradicted")),
                guarded.diagnostics().warnings().toString());

        // with random pairs the same where the first class is large (three quarters of the points),
        // so that most must-links lie inside it: the split contradicts them and is guarded, the
        // truth is kept
        Dataset fourBlobs = TestData.blobs(4, 400, 4, 8.0, 3);
        Dataset large = fourBlobs.subset(java.util.stream.IntStream.range(0, fourBlobs.size())
                .filter(i -> fourBlobs.label(i) == 0 || i < 200).toArray());
        ConstraintSet randomPairs = io.csc.constraint.ConstraintGenerator.randomPairs(large.labels(), 200,
                new java.util.SplittableRandom(3));
        ClusteringResult keptWithPairs = GoldenRuns.fit(standIn(false, false).create(check), large, randomPairs, 1);
        assertEquals(null, keptWithPairs.diagnostics().value("selection"));
        assertArrayEquals(large.labels(), keptWithPairs.labels());
        ClusteringResult guardedWithPairs = GoldenRuns.fit(standIn(true, false).create(check), large, randomPairs, 1);
        assertNotNull(guardedWithPairs.diagnostics().value("selection"), guardedWithPairs.diagnostics().warnings().toString());
        assertTrue(GoldenRuns.accuracy(large, guardedWithPairs.labels()) > 0.95);
        assertTrue(guardedWithPairs.diagnostics().warnings().stream()
                        .anyMatch(w -> w.startsWith("The method as set contradicted its pairs")),
                guardedWithPairs.diagnostics().warnings().toString());

        // must-links alone cannot be checked, but a collapse is selection's failed candidate
        ConstraintSet pairs = ConstraintSet.ofPairs(blobs.size(), io.csc.constraint.ConstraintGenerator
                .randomPairs(blobs.labels(), 200, new java.util.SplittableRandom(3)).pairs().stream()
                .filter(io.csc.constraint.Constraint::isMustLink).toList());
        ClusteringResult collapsed = GoldenRuns.fit(standIn(false, true).create(check), blobs, pairs, 1);
        assertNotNull(collapsed.diagnostics().value("selection"), collapsed.diagnostics().warnings().toString());
        assertTrue(collapsed.diagnostics().warnings().contains(GuardedMethod.COLLAPSED_GUARDED),
                collapsed.diagnostics().warnings().toString());
        assertTrue(GoldenRuns.accuracy(blobs, collapsed.labels()) > 0.9);
        ClusteringResult unchecked = GoldenRuns.fit(standIn(false, false).create(check), blobs, pairs, 1);
        assertEquals(null, unchecked.diagnostics().value("selection"));
        assertEquals(null, unchecked.diagnostics().value("neighbourhoodCheck"));
        assertEquals(List.of(GuardedMethod.UNCHECKABLE), unchecked.diagnostics().warnings());
        assertArrayEquals(blobs.labels(), unchecked.labels());
    }

    @Test
    void aMethodThatCannotRunReportsItsOwnErrorInsteadOfTheReferencesLabels() {
        AlgorithmDescriptor descriptor = testMethod("refusing", (data, constraints, k) -> {
            throw new IllegalArgumentException("refusing: needs more points than " + data.size());
        });
        Dataset wine = TestData.wine();
        ConstraintSet labels = GoldenRuns.labels(wine, 0.2, 1);
        IllegalArgumentException error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GoldenRuns.fit(descriptor.create(), wine, labels, 1));
        assertTrue(error.getMessage().startsWith("refusing: needs more points"), error.getMessage());
    }

    @Test
    void onTwoSpiralsTheSpectralReferenceWinsWhereTheLandmarkCodeAndKMeansFail() {
        // scacs's landmark code and k-means on the features both cut the spirals across (about
        // 0.6-0.7 ACC); NJW's k-NN graph follows them, and the held-out pairs say so.
        Dataset spirals = TestData.shared("spirals");
        ConstraintSet pairs = io.csc.constraint.ConstraintGenerator.randomPairs(spirals.labels(), 100,
                new java.util.SplittableRandom(4));
        ClusteringResult alone = GoldenRuns.fit(method("scacs", "none"), spirals, pairs, 1);
        ClusteringResult guarded = GoldenRuns.fit(method("scacs", "auto"), spirals, pairs, 1);
        @SuppressWarnings("unchecked")
        Map<String, Object> selection = (Map<String, Object>) guarded.diagnostics().value("selection");
        assertEquals(NormalizedSpectralClustering.SEEDED_NAME, selection.get("method"));
        double guardedAccuracy = GoldenRuns.accuracy(spirals, guarded.labels());
        assertTrue(guardedAccuracy > 0.95, "guarded " + guardedAccuracy);
        assertTrue(guardedAccuracy > GoldenRuns.accuracy(spirals, alone.labels()) + 0.1);
    }

    @Test
    void aMethodThatCollapsesInTheFoldsIsReplacedNotFittedAlone() {
        // wdbc at 10% labels: csp's embedding puts the unlabelled points into one cluster in every
        // fold (0.67 held-out F); a collapse is what the guard is there to catch, not an error.
        Dataset wdbc = TestData.shared("wdbc");
        ConstraintSet labels = GoldenRuns.labels(wdbc, 0.1, 1);
        ClusteringResult alone = GoldenRuns.fit(method("csp", "none"), wdbc, labels, 1);
        ClusteringResult guarded = GoldenRuns.fit(method("csp", "auto"), wdbc, labels, 1);
        assertTrue(io.csc.algorithm.Collapse.isRecorded(alone.diagnostics()), alone.diagnostics().warnings().toString());
        assertNotNull(guarded.diagnostics().value("selection"));
        double guardedAccuracy = GoldenRuns.accuracy(wdbc, guarded.labels());
        assertTrue(guardedAccuracy > GoldenRuns.accuracy(wdbc, alone.labels()) + 0.1, "guarded " + guardedAccuracy);
    }
}
