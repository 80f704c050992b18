package io.csc.benchmark;

import io.csc.active.ActiveSession;
import io.csc.active.AnswerLog;
import io.csc.active.IncrementalClustering;
import io.csc.active.PairOracle;
import io.csc.active.PointPair;
import io.csc.active.QueryStrategies;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.GaussianMixture;
import io.csc.data.Scaling;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a person waits for after each answer on the page of {@code csc serve}: the warm refit of
 * the clustering and the choice of the next question ({@link ActiveSession#answer}), on 10,000
 * points (a 10-cluster mixture in 20 dimensions) after 20 answers. One operation answers the
 * current question and takes the answer back: two refits, so one answer costs half of it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ActiveRefitBenchmark {

    @Param({"scacs", "sc-pc", "lsc-r", "fast-csp-ml"})
    String method;

    @Param({"uncertainty"})
    String strategy;

    private RunContext context;
    private ActiveSession session;
    private PairOracle truth;

    @Setup(Level.Trial)
    public void answerTwenty() {
        Dataset points = GaussianMixture.generate(10_000, 20, 10, 7, 4.0);
        truth = PairOracle.fromTruth(points.labels());
        context = RunContext.of(1, 2);
        IncrementalClustering clustering = IncrementalClustering.start(AlgorithmRegistry.byName(method),
                ParameterValues.EMPTY, points, Scaling.ZSCORE, 10, context);
        session = ActiveSession.start(clustering, QueryStrategies.byName(strategy), AnswerLog.empty(points.size()),
                List.of());
        for (int t = 0; t < 20; t++) {
            PointPair pair = session.question().orElseThrow();
            session.answer(pair, truth.answer(pair));
        }
    }

    @TearDown(Level.Trial)
    public void closePool() {
        context.close();
    }

    @Benchmark
    public IncrementalClustering.Update answerAndUndo() {
        PointPair pair = session.question().orElseThrow();
        session.answer(pair, truth.answer(pair));
        return session.undo();
    }
}
