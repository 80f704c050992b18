package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.ParameterValues;
import io.csc.data.BundledData;
import io.csc.data.DataException;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep stopped after some fits and resumed from its records file ends with the records of an
 * uninterrupted sweep, and the resumed run fits only what had not finished.
 */
class ExperimentResumeTest {

    private static final Dataset IRIS = Scaling.ZSCORE.apply(BundledData.load("iris"));
    private static final Dataset WINE = Scaling.ZSCORE.apply(BundledData.load("wine"));

    @TempDir
    Path folder;

    private static ExperimentPlan plan(Map<String, List<TestAlgorithms.Call>> calls, long seed) {
        return new ExperimentPlan(List.of(IRIS, WINE), List.of(
                new AlgorithmConfiguration(TestAlgorithms.recorder("constrained", true, 1000, calls), ParameterValues.EMPTY),
                new AlgorithmConfiguration(TestAlgorithms.recorder("unconstrained", false, 1000, calls), ParameterValues.EMPTY),
                AlgorithmConfiguration.of("cop-kmeans")),
                List.of(SupervisionAmount.fractionOf(0.05), SupervisionAmount.fractionOf(0.2)), SupervisionKind.labels(),
                3, seed, null);
    }

    private static int callCount(Map<String, List<TestAlgorithms.Call>> calls) {
        return calls.values().stream().mapToInt(List::size).sum();
    }

    @Test
    void aStoppedSweepResumesToTheRecordsOfAnUninterruptedOneWithoutRepeatingFinishedFits() throws IOException {
        List<RunRecord> uninterrupted = new ExperimentRunner(1, null).run(plan(TestAlgorithms.newCalls(), 7));
        Path file = folder.resolve(ExperimentOutput.RECORDS);
        int stopAfter = 11;
        try (RunJournal journal = RunJournal.start(file)) {
            AtomicInteger written = new AtomicInteger();
            IllegalStateException stop = assertThrows(IllegalStateException.class, () -> new ExperimentRunner(1, null)
                    .run(plan(TestAlgorithms.newCalls(), 7), List.of(), record -> {
                        journal.accept(record);
                        if (written.incrementAndGet() == stopAfter) {
                            throw new IllegalStateException("stopped");
                        }
                    }));
            assertEquals("stopped", stop.getMessage());
        }
        assertEquals(stopAfter, Files.readAllLines(file).size(), "every completed fit was in the file at once");

        Map<String, List<TestAlgorithms.Call>> resumedCalls = TestAlgorithms.newCalls();
        ExperimentPlan plan = plan(resumedCalls, 7);
        List<RunRecord> resumed;
        List<RunRecord> finished;
        try (RunJournal journal = RunJournal.resume(file)) {
            finished = journal.finished();
            assertEquals(stopAfter, finished.size());
            resumed = new ExperimentRunner(2, null).run(plan, finished, journal);
        }
        assertEquals(ExperimentRunnerTest.withoutTimes(uninterrupted), ExperimentRunnerTest.withoutTimes(resumed));
        assertTrue(resumed.containsAll(finished), "the finished records are kept as they were, times included");
        long finishedTestFits = finished.stream().filter(record -> !record.algorithm().equals("cop-kmeans")).count();
        long plannedTestFits = uninterrupted.stream().filter(record -> !record.algorithm().equals("cop-kmeans")).count();
        assertEquals(plannedTestFits - finishedTestFits, callCount(resumedCalls), "only the unfinished fits ran");
        assertEquals(plan.runCount(), Files.readAllLines(file).size(), "the journal holds every fit once");

        try (RunJournal journal = RunJournal.resume(file)) {
            Map<String, List<TestAlgorithms.Call>> none = TestAlgorithms.newCalls();
            List<RunRecord> again = new ExperimentRunner(1, null).run(plan(none, 7), journal.finished(), journal);
            assertEquals(0, callCount(none), "a finished sweep resumed runs nothing");
            assertEquals(ExperimentRunnerTest.withoutTimes(uninterrupted), ExperimentRunnerTest.withoutTimes(again));
        }
    }

    @Test
    void anActiveSweepResumesWithoutRepeatingFinishedAmounts() throws IOException {
        java.util.function.Supplier<ExperimentPlan> active = () -> new ExperimentPlan(List.of(IRIS),
                List.of(AlgorithmConfiguration.of("cop-kmeans")),
                List.of(SupervisionAmount.count(10), SupervisionAmount.count(25)), SupervisionKind.active("min-max"),
                2, 7, null);
        List<RunRecord> uninterrupted = new ExperimentRunner(1, null).run(active.get());
        Path file = folder.resolve(ExperimentOutput.RECORDS);
        try (RunJournal journal = RunJournal.start(file)) {
            AtomicInteger written = new AtomicInteger();
            assertThrows(IllegalStateException.class, () -> new ExperimentRunner(1, null)
                    .run(active.get(), List.of(), record -> {
                        journal.accept(record);
                        if (written.incrementAndGet() == 3) {
                            throw new IllegalStateException("stopped");
                        }
                    }));
        }
        try (RunJournal journal = RunJournal.resume(file)) {
            List<RunRecord> finished = journal.finished();
            assertEquals(3, finished.size());
            List<RunRecord> resumed = new ExperimentRunner(1, null).run(active.get(), finished, journal);
            assertEquals(ExperimentRunnerTest.withoutTimes(uninterrupted), ExperimentRunnerTest.withoutTimes(resumed));
        }
        assertEquals(4, Files.readAllLines(file).size(), "the journal holds every fit once");
    }

    @Test
    void aLineCutShortByTheInterruptionIsDroppedAndABadCompleteLineIsRefused() throws IOException {
        List<RunRecord> records = new ExperimentRunner(1, null).run(plan(TestAlgorithms.newCalls(), 7));
        Path file = folder.resolve(ExperimentOutput.RECORDS);
        RunRecordJson.write(file, records.subList(0, 4));
        Files.writeString(file, RunRecordJson.toJson(records.get(4)).substring(0, 40), StandardOpenOption.APPEND);
        try (RunJournal journal = RunJournal.resume(file)) {
            assertEquals(records.subList(0, 4), journal.finished());
            journal.accept(records.get(4));
        }
        assertEquals(records.subList(0, 5), RunRecordJson.read(file), "the cut line is gone, the next record follows");

        Files.writeString(file, "{\"dataset\": \"iris\"}\n", StandardOpenOption.APPEND);
        Files.writeString(file, RunRecordJson.toJson(records.get(5)) + "\n", StandardOpenOption.APPEND);
        DataException bad = assertThrows(DataException.class, () -> RunJournal.resume(file));
        assertTrue(bad.getMessage().contains(file + " line 6") && bad.getMessage().contains("not a run record"),
                bad.getMessage());

        String advice = "; remove that line to keep the other records, move the file out of the folder to run every "
                + "fit again, or start a new sweep with another --out";
        String record = RunRecordJson.toJson(records.get(0));
        Files.writeString(file, record + "\n" + record.substring(0, 40) + "\n");
        assertEquals(file + " line 2: not a run record: its JSON breaks off at the end of the line, as in a line "
                + "cut short" + advice, assertThrows(DataException.class, () -> RunJournal.resume(file)).getMessage());
        Files.writeString(file, record + "\n" + record + "\n{\"dataset\" \"iris\"}\n");
        assertEquals(file + " line 3: not a run record: not valid JSON at column 13" + advice,
                assertThrows(DataException.class, () -> RunJournal.resume(file)).getMessage());
    }

    @Test
    void recordsOfAnotherPlanAreRefused() throws IOException {
        List<RunRecord> otherSeed = new ExperimentRunner(1, null).run(plan(TestAlgorithms.newCalls(), 8));
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class, () -> new ExperimentRunner(1, null)
                .run(plan(TestAlgorithms.newCalls(), 7), otherSeed.subList(0, 1), record -> { }));
        assertTrue(refusal.getMessage().contains("is not a fit of this plan"), refusal.getMessage());
    }

    @Test
    void manifestsTellHowTwoPlansDiffer() {
        Instant now = Instant.now();
        ExperimentManifest seven = ExperimentManifest.of(plan(TestAlgorithms.newCalls(), 7), "csc experiment", 2, "zscore",
                now, 0);
        ExperimentManifest again = ExperimentManifest.of(plan(TestAlgorithms.newCalls(), 7), "csc experiment --resume", 1,
                "zscore", now.plusSeconds(60), 0).withStatus(ExperimentManifest.RUNNING);
        assertEquals(java.util.Optional.empty(), again.planDifference(seven), "command, threads and status may differ");
        assertEquals("seed 8 (the folder's: 7)", ExperimentManifest.of(plan(TestAlgorithms.newCalls(), 8), "csc", 2,
                "zscore", now, 0).planDifference(seven).orElseThrow());
        ExperimentPlan otherParameters = new ExperimentPlan(List.of(IRIS, WINE), List.of(
                new AlgorithmConfiguration(TestAlgorithms.recorder("constrained", true, 1000, TestAlgorithms.newCalls()),
                        ParameterValues.EMPTY),
                new AlgorithmConfiguration(TestAlgorithms.recorder("unconstrained", false, 1000, TestAlgorithms.newCalls()),
                        ParameterValues.EMPTY),
                AlgorithmConfiguration.of("cop-kmeans", ParameterValues.of(Map.of("restarts", "3")))),
                List.of(SupervisionAmount.fractionOf(0.05), SupervisionAmount.fractionOf(0.2)), SupervisionKind.labels(),
                3, 7, null);
        String parameters = ExperimentManifest.of(otherParameters, "csc", 2, "zscore", now, 0).planDifference(seven)
                .orElseThrow();
        assertTrue(parameters.startsWith("cop-kmeans restarts=3 (the folder's: restarts="), parameters);
        Dataset changedIris = Scaling.MINMAX.apply(BundledData.load("iris"));
        ExperimentPlan otherData = new ExperimentPlan(List.of(changedIris, WINE),
                plan(TestAlgorithms.newCalls(), 7).algorithms(), plan(TestAlgorithms.newCalls(), 7).amounts(),
                SupervisionKind.labels(), 3, 7, null);
        assertEquals("the data set iris (150 x 4) is not the folder's (150 x 4, other values)",
                ExperimentManifest.of(otherData, "csc", 2, "zscore", now, 0).planDifference(seven).orElseThrow());
        assertTrue(ExperimentManifest.of(plan(TestAlgorithms.newCalls(), 7), "csc", 2, "zscore", now, 0)
                .withStatus(ExperimentManifest.RUNNING).unfinished());
        assertTrue(!seven.unfinished() && !seven.withStatus(null).unfinished(), "finished, or written by an earlier version");
    }

    @Test
    void theRecordsFileIsReplacedOnlyOnceWritten() throws IOException {
        Path file = folder.resolve(ExperimentOutput.RECORDS);
        Files.writeString(file, "previous\n", StandardCharsets.UTF_8);
        List<RunRecord> records = new ExperimentRunner(1, null).run(plan(TestAlgorithms.newCalls(), 7));
        RunRecordJson.write(file, records);
        assertEquals(records, RunRecordJson.read(file));
        try (var listing = Files.list(folder)) {
            assertEquals(List.of(file), listing.toList(), "no temporary file is left behind");
        }
    }
}
