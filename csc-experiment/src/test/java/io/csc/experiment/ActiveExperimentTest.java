package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.active.AnswerLog;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActiveExperimentTest {

    private static final Dataset IRIS = Scaling.ZSCORE.apply(BundledData.load("iris"));
    private static final List<SupervisionAmount> AMOUNTS = List.of(SupervisionAmount.count(10),
            SupervisionAmount.count(25));

    @Test
    void activeKindsParseAndDescribeThemselves() {
        SupervisionKind kind = SupervisionKind.parse("active:explore-consolidate");
        assertEquals("active:ffqs", kind.text());
        assertEquals(kind, SupervisionKind.parse(kind.text()));
        assertEquals("queries", kind.unit());
        assertTrue(kind.countsPairs());
        assertTrue(SupervisionKind.parse("active:uncertainty").description().contains("refitted every 5 answers"));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> SupervisionKind.parse("active:best"));
        assertTrue(unknown.getMessage().contains("random, ffqs, min-max, uncertainty, npu"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SupervisionKind.parse("active"));
    }

    @Test
    void strategiesWithoutAClusteringAskEveryMethodTheSameQuestionsAndSmallerAmountsArePrefixes() {
        Map<String, List<TestAlgorithms.Call>> calls = TestAlgorithms.newCalls();
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS),
                List.of(configuration(TestAlgorithms.recorder("first", true, 1000, calls)),
                        configuration(TestAlgorithms.recorder("second", true, 1000, calls))),
                AMOUNTS, SupervisionKind.active("min-max"), 2, 7, null);
        List<RunRecord> records = new ExperimentRunner(2, null).run(plan);
        assertEquals(plan.runCount(), records.size());
        assertTrue(records.stream().allMatch(RunRecord::succeeded));
        for (int repetition = 0; repetition < 2; repetition++) {
            int r = repetition;
            List<ConstraintSet> first = calls.get("first").stream().filter(call -> call.seed() == plan.runSeed("iris", r))
                    .map(TestAlgorithms.Call::constraints).toList();
            List<ConstraintSet> second = calls.get("second").stream().filter(call -> call.seed() == plan.runSeed("iris", r))
                    .map(TestAlgorithms.Call::constraints).toList();
            assertEquals(first, second, "the same questions for every method");
            AnswerLog log = ActiveDraws.simulate(plan.kind(), IRIS, 3, 25, null,
                    plan.supervisionSeed("iris", AMOUNTS.get(1), r), plan.runSeed("iris", r));
            assertEquals(List.of(log.firstAnswers(10).supervision(3), log.supervision(3)), first,
                    "the first 10 of the 25 answers, as fitted");
            AnswerLog replay = AnswerLog.empty(IRIS.size());
            for (io.csc.active.AnsweredQuery answered : log.answers()) {
                io.csc.active.PointPair pair = answered.pair();
                assertTrue(replay.isOpen(pair.first(), pair.second()), "never a pair implied by earlier answers");
                assertEquals(IRIS.label(pair.first()) == IRIS.label(pair.second()),
                        answered.answer() == io.csc.active.Answer.SAME, "answered by the truth");
                replay = replay.with(answered);
            }
        }
        assertEquals("active:min-max", records.get(0).kind());
        assertEquals(plan.supervisionSeed("iris", AMOUNTS.get(1), 0), records.get(0).supervisionSeed());
    }

    @Test
    void dataHeldInSinglePrecisionRunsAndIsDescribedLikeTheSameValuesInDouble() {
        Dataset floats = IRIS.inPrecision(Precision.FLOAT);
        Map<String, List<TestAlgorithms.Call>> calls = TestAlgorithms.newCalls();
        // uncertainty asks after each clustering; a method without an embedding is placed by its features
        ExperimentPlan plan = new ExperimentPlan(List.of(floats),
                List.of(configuration(TestAlgorithms.recorder("plain", true, 1000, calls))),
                AMOUNTS, SupervisionKind.active("uncertainty"), 1, 7, null);
        List<RunRecord> records = new ExperimentRunner(1, null).run(plan);
        assertTrue(records.stream().allMatch(RunRecord::succeeded), records.toString());
        ExperimentPlan sameValues = new ExperimentPlan(List.of(floats.inPrecision(Precision.DOUBLE)), plan.algorithms(),
                AMOUNTS, plan.kind(), 1, 7, null);
        java.time.Instant started = java.time.Instant.parse("2026-01-01T00:00:00Z");
        assertEquals(ExperimentManifest.of(sameValues, "csc experiment", 1, "zscore", started, 1.0).datasets(),
                ExperimentManifest.of(plan, "csc experiment", 1, "zscore", started, 1.0).datasets());
    }

    @Test
    void uncertaintyAsksEachMethodAfterItsOwnClustering() {
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS), List.of(AlgorithmConfiguration.of("sc-pc"),
                AlgorithmConfiguration.of("cop-kmeans")), AMOUNTS, SupervisionKind.active("uncertainty"), 1, 3, null);
        List<RunRecord> records = new ExperimentRunner(1, null).run(plan);
        assertEquals(4, records.size());
        List<String> failures = new ArrayList<>();
        records.stream().filter(record -> !record.succeeded()).forEach(record -> failures.add(record.failure()));
        assertEquals(List.of(), failures);
        assertTrue(records.stream().allMatch(record -> record.evaluation().accuracy() > 0.5));
    }

    @Test
    void aResumedActiveSweepRunsOnlyWhatIsMissingAndGetsTheSameResults() {
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS), List.of(AlgorithmConfiguration.of("cop-kmeans"),
                AlgorithmConfiguration.of("sc-pc")), AMOUNTS, SupervisionKind.active("ffqs"), 2, 5, null);
        List<RunRecord> whole = new ExperimentRunner(1, null).run(plan);
        List<RunRecord> half = whole.subList(0, whole.size() / 2);
        List<RunRecord> ran = new ArrayList<>();
        List<RunRecord> resumed = new ExperimentRunner(1, null).run(plan, half, ran::add);
        assertEquals(whole.size() - half.size(), ran.size(), "only the missing fits run");
        assertEquals(whole.stream().map(ActiveExperimentTest::outcome).toList(),
                resumed.stream().map(ActiveExperimentTest::outcome).toList());
    }

    private static String outcome(RunRecord record) {
        return record.algorithm() + " " + record.amount() + " " + record.repetition() + " " + record.supervisionSeed()
                + " " + record.evaluation().accuracy();
    }

    private static AlgorithmConfiguration configuration(io.csc.algorithm.AlgorithmDescriptor descriptor) {
        return new AlgorithmConfiguration(descriptor, io.csc.algorithm.ParameterValues.EMPTY);
    }
}
