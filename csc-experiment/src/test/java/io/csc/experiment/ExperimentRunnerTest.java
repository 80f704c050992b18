package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.ParameterValues;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ExperimentRunnerTest {

    private static final Dataset IRIS = Scaling.ZSCORE.apply(BundledData.load("iris"));
    private static final Dataset WINE = Scaling.ZSCORE.apply(BundledData.load("wine"));
    private static final List<SupervisionAmount> AMOUNTS = List.of(SupervisionAmount.fractionOf(0.2),
            SupervisionAmount.fractionOf(0.05));

    @Test
    void everyConstrainedMethodReceivesTheSameDraw() {
        Map<String, List<TestAlgorithms.Call>> calls = TestAlgorithms.newCalls();
        List<AlgorithmConfiguration> algorithms = List.of(
                configuration(TestAlgorithms.recorder("first", true, 1000, calls)),
                configuration(TestAlgorithms.recorder("baseline", false, 1000, calls)),
                configuration(TestAlgorithms.recorder("second", true, 1000, calls)));
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS, WINE), algorithms, AMOUNTS, SupervisionKind.noisy(0.1),
                3, 7, null);
        List<RunRecord> records = new ExperimentRunner(2, null).run(plan);

        assertEquals(plan.runCount(), records.size());
        assertEquals(2 * 3 * (1 + 2 * 2), records.size());
        List<TestAlgorithms.Call> first = calls.get("first");
        List<TestAlgorithms.Call> second = calls.get("second");
        assertEquals(12, first.size());
        Set<ConstraintSet> draws = new HashSet<>();
        for (TestAlgorithms.Call call : first) {
            assertTrue(second.contains(call), "second got the same data, constraints, k and seed as first: " + call);
            assertEquals(1, call.threads(), "every fit is single-threaded");
            assertFalse(call.constraints().isEmpty());
            draws.add(call.constraints());
        }
        assertEquals(12, draws.size(), "different draws for every data set, amount and repetition");
        List<TestAlgorithms.Call> baseline = calls.get("baseline");
        assertEquals(6, baseline.size(), "the unconstrained method runs once per data set and repetition");
        Set<Long> constrainedSeeds = new HashSet<>();
        first.forEach(call -> constrainedSeeds.add(call.seed()));
        for (TestAlgorithms.Call call : baseline) {
            assertTrue(call.constraints().isEmpty());
            assertTrue(constrainedSeeds.contains(call.seed()), "baselines share the run seeds of the constrained methods");
        }
        assertEquals(plan.supervision(IRIS, AMOUNTS.get(0), 2).constraints(),
                first.stream().filter(call -> call.dataset().equals("iris") && call.seed() == plan.runSeed("iris", 2)
                        && call.constraints().pairCount() > 100).findFirst().orElseThrow().constraints());
    }

    @Test
    void recordsComeInAFixedOrderWithTheirSeedsAndAmounts() {
        Map<String, List<TestAlgorithms.Call>> calls = TestAlgorithms.newCalls();
        ExperimentPlan plan = new ExperimentPlan(List.of(WINE, IRIS),
                List.of(configuration(TestAlgorithms.recorder("constrained", true, 1000, calls)),
                        configuration(TestAlgorithms.recorder("unconstrained", false, 1000, calls))),
                AMOUNTS, SupervisionKind.labels(), 2, 3, null);
        AtomicLong lastDone = new AtomicLong();
        List<RunRecord> records = new ExperimentRunner(2, (stage, done, total) -> {
            assertEquals(plan.runCount(), total);
            lastDone.accumulateAndGet(done, Math::max);
        }).run(plan);
        assertEquals(plan.runCount(), lastDone.get());
        List<String> order = records.stream().map(record -> record.dataset() + " " + record.algorithm() + " "
                + record.amount() + " " + record.repetition()).toList();
        assertEquals(List.of("wine constrained 0.05 0", "wine constrained 0.05 1", "wine constrained 0.2 0",
                "wine constrained 0.2 1", "wine unconstrained null 0", "wine unconstrained null 1",
                "iris constrained 0.05 0", "iris constrained 0.05 1", "iris constrained 0.2 0", "iris constrained 0.2 1",
                "iris unconstrained null 0", "iris unconstrained null 1"), order);
        RunRecord record = records.get(2);
        assertEquals(36, record.supervised(), "round(0.2 * 178)");
        assertEquals(178, record.points());
        assertEquals(3, record.clusters());
        assertEquals(plan.supervisionSeed("wine", SupervisionAmount.fractionOf(0.2), 0), record.supervisionSeed());
        assertEquals(plan.runSeed("wine", 0), record.runSeed());
        assertEquals(List.of("a test warning"), record.warnings());
        assertTrue(record.evaluation().constraintSatisfaction() >= 0);
        assertTrue(Double.isNaN(records.get(4).evaluation().constraintSatisfaction()), "no CONS without supervision");
        assertNull(records.get(4).supervisionSeed());
    }

    @Test
    void theSameSeedGivesTheSameTableOnAnyThreadCount() {
        List<AlgorithmConfiguration> algorithms = List.of(AlgorithmConfiguration.of("cop-kmeans"),
                AlgorithmConfiguration.of("lsc-r", ParameterValues.of(Map.of("landmarks", "40"))));
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS), algorithms,
                List.of(SupervisionAmount.count(10), SupervisionAmount.count(30)), SupervisionKind.labels(), 3, 11, null);
        List<RunRecord> sequential = new ExperimentRunner(1, null).run(plan);
        List<RunRecord> parallel = new ExperimentRunner(2, null).run(plan);
        assertEquals(withoutTimes(sequential), withoutTimes(parallel));
        assertEquals(withoutTimes(ResultTable.of(sequential)), withoutTimes(ResultTable.of(parallel)));
        assertTrue(sequential.stream().allMatch(RunRecord::succeeded));

        ExperimentPlan otherSeed = new ExperimentPlan(plan.datasets(), plan.algorithms(), plan.amounts(), plan.kind(),
                plan.repeats(), 12, null);
        assertNotEquals(withoutTimes(ResultTable.of(sequential)),
                withoutTimes(ResultTable.of(new ExperimentRunner(1, null).run(otherSeed))));
    }

    @Test
    void aDataSetGetsTheSameResultsWhateverElseThePlanHolds() {
        List<AlgorithmConfiguration> algorithms = List.of(AlgorithmConfiguration.of("cop-kmeans"));
        List<RunRecord> alone = new ExperimentRunner(1, null).run(new ExperimentPlan(List.of(IRIS), algorithms,
                List.of(SupervisionAmount.fractionOf(0.1)), SupervisionKind.labels(), 2, 5, null));
        List<RunRecord> together = new ExperimentRunner(1, null).run(new ExperimentPlan(List.of(WINE, IRIS), algorithms,
                List.of(SupervisionAmount.fractionOf(0.05), SupervisionAmount.fractionOf(0.1)),
                SupervisionKind.labels(), 2, 5, null));
        assertEquals(withoutTimes(alone), withoutTimes(together.stream().filter(record -> record.dataset().equals("iris")
                && record.amount().value() == 0.1).toList()));
    }

    @Test
    void aFailingMethodIsRecordedNotFatal() {
        Map<String, List<TestAlgorithms.Call>> calls = TestAlgorithms.newCalls();
        ExperimentPlan plan = new ExperimentPlan(List.of(IRIS, WINE),
                List.of(configuration(TestAlgorithms.recorder("small-only", true, 160, calls)),
                        AlgorithmConfiguration.of("cop-kmeans")),
                List.of(SupervisionAmount.fractionOf(0.1)), SupervisionKind.labels(), 2, 1, null);
        List<RunRecord> records = new ExperimentRunner(2, null).run(plan);
        assertEquals(8, records.size());
        List<RunRecord> failures = records.stream().filter(record -> !record.succeeded()).toList();
        assertEquals(2, failures.size());
        for (RunRecord failure : failures) {
            assertEquals("wine", failure.dataset());
            assertEquals("small-only refuses 178 points: at most 160", failure.failure());
            assertNull(failure.evaluation());
            assertTrue(Double.isNaN(failure.value(Measure.ACCURACY)), "a failure never counts as a zero");
        }
        ResultTable table = ResultTable.of(records);
        ResultRow failed = table.row("wine", "small-only", SupervisionAmount.fractionOf(0.1)).orElseThrow();
        assertEquals(2, failed.runs());
        assertEquals(2, failed.failures());
        assertEquals(0, failed.summary(Measure.ACCURACY).count());
        assertEquals(List.of("small-only refuses 178 points: at most 160"), failed.failureReasons());
        ResultRow fine = table.row("wine", "cop-kmeans", SupervisionAmount.fractionOf(0.1)).orElseThrow();
        assertEquals(0, fine.failures());
        assertEquals(2, fine.summary(Measure.ACCURACY).count());
        assertTrue(fine.summary(Measure.ACCURACY).mean() > 0.5);
        String markdown = ResultTableMarkdown.write(table, List.of(Measure.ACCURACY));
        assertTrue(markdown.contains("| small-only | 10% (18) | 0 of 2 | - | 2 failed: small-only refuses 178 points: at most 160 |"),
                markdown);
    }

    @Test
    void plansAreValidated() {
        List<AlgorithmConfiguration> algorithms = List.of(AlgorithmConfiguration.of("cop-kmeans"));
        List<SupervisionAmount> amounts = List.of(SupervisionAmount.count(10));
        assertEquals("Invalid repeats: 0 (must be >= 1)", assertThrows(IllegalArgumentException.class,
                () -> new ExperimentPlan(List.of(IRIS), algorithms, amounts, SupervisionKind.labels(), 0, 1, null)).getMessage());
        assertEquals("Invalid supervision amount for iris: 300 labelled points, but it has only 150 points; use a smaller "
                + "count or a fraction", assertThrows(IllegalArgumentException.class, () -> new ExperimentPlan(List.of(IRIS),
                algorithms, List.of(SupervisionAmount.count(300)), SupervisionKind.labels(), 1, 1, null)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ExperimentPlan(List.of(IRIS), algorithms,
                List.of(SupervisionAmount.count(10), SupervisionAmount.fractionOf(0.1)), SupervisionKind.labels(), 1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new ExperimentPlan(List.of(IRIS, IRIS), algorithms, amounts,
                SupervisionKind.labels(), 1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new ExperimentPlan(List.of(IRIS),
                List.of(AlgorithmConfiguration.of("njw"), AlgorithmConfiguration.of("njw")), amounts, SupervisionKind.labels(), 1, 1, null));
        Dataset unlabelled = Dataset.unlabelled("points", 3, 1, new double[] {1, 2, 3});
        assertEquals("Data set points has no ground truth: an experiment draws supervision from it and scores against "
                + "it (give a CSV with a label column)", assertThrows(IllegalArgumentException.class,
                () -> new ExperimentPlan(List.of(unlabelled), algorithms, amounts, SupervisionKind.labels(), 1, 1, null)).getMessage());
        assertEquals("Unknown parameter 'sigmaa' for njw; its parameters are: graph, neighbours, sigma, bandwidth, "
                + "bandwidth-fallback, scale-neighbours, kmeans-restarts, kmeans-iterations, kmeans-sample, eigen-tolerance, eigen-iterations "
                + "(see 'csc algorithms')",
                assertThrows(IllegalArgumentException.class, () -> AlgorithmConfiguration.of("njw",
                        ParameterValues.of(Map.of("sigmaa", "1")))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> AlgorithmConfiguration.of("njw",
                ParameterValues.of(Map.of("sigma", "-1"))));
    }

    /** The records with their times set to 0, which is all that may differ between two runs. */
    static List<RunRecord> withoutTimes(List<RunRecord> records) {
        List<RunRecord> copies = new ArrayList<>();
        for (RunRecord record : records) {
            copies.add(new RunRecord(record.dataset(), record.points(), record.clusters(), record.algorithm(),
                    record.constrained(), record.kind(), record.amount(), record.supervised(), record.repetition(),
                    record.supervisionSeed(), record.runSeed(), record.evaluation(), 0.0, record.failure(), record.warnings(),
                    record.selection()));
        }
        return copies;
    }

    /** The table with the time summaries removed. */
    static ResultTable withoutTimes(ResultTable table) {
        return new ResultTable(table.rows().stream().map(row -> {
            Map<Measure, Summary> summaries = new java.util.EnumMap<>(row.summaries());
            summaries.remove(Measure.SECONDS);
            return new ResultRow(row.dataset(), row.algorithm(), row.constrained(), row.kind(), row.amount(),
                    row.supervised(), row.runs(), row.failures(), row.failureReasons(), summaries, row.collapses());
        }).toList());
    }

    private static AlgorithmConfiguration configuration(io.csc.algorithm.AlgorithmDescriptor descriptor) {
        return new AlgorithmConfiguration(descriptor, ParameterValues.EMPTY);
    }
}
