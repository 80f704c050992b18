package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.linalg.NonConvergenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every method on random small inputs (1 to 30 points, k from 1 to n, duplicate points, random
 * must- and cannot-links): it returns k valid cluster ids for every point or refuses with a
 * message, never another failure; and the same seed gives the same labels on 1 and 2 threads.
 */
class MethodProperties {

    /** A small random problem, drawn from a seed so that a failing one prints compactly. */
    record Problem(int n, int dimension, int k, long seed, boolean duplicates, int constraintCount) {

        Dataset data() {
            SplittableRandom random = new SplittableRandom(seed);
            double[] features = new double[n * dimension];
            for (int i = 0; i < n; i++) {
                int source = duplicates && i > 0 && random.nextInt(3) == 0 ? random.nextInt(i) : i;
                for (int j = 0; j < dimension; j++) {
                    features[i * dimension + j] = source == i ? Math.rint(4 * random.nextGaussian()) / 2
                            : features[source * dimension + j];
                }
            }
            return Dataset.unlabelled("random", n, dimension, features);
        }

        ConstraintSet constraints() {
            SplittableRandom random = new SplittableRandom(~seed);
            List<Constraint> pairs = new ArrayList<>();
            for (int c = 0; c < constraintCount && n >= 2; c++) {
                int first = random.nextInt(n);
                int second = (first + 1 + random.nextInt(n - 1)) % n;
                pairs.add(random.nextBoolean() ? Constraint.mustLink(first, second) : Constraint.cannotLink(first, second));
            }
            return ConstraintSet.ofPairs(n, pairs);
        }
    }

    @Provide
    Arbitrary<Problem> problems() {
        return Arbitraries.integers().between(1, 30).flatMap(n -> Combinators.combine(
                Arbitraries.integers().between(1, 3), Arbitraries.integers().between(1, n), Arbitraries.longs(),
                Arbitraries.of(true, false), Arbitraries.integers().between(0, Math.min(2 * n, 20)))
                .as((dimension, k, seed, duplicates, constraints) -> new Problem(n, dimension, k, seed, duplicates,
                        constraints)));
    }

    @Provide
    Arbitrary<String> methods() {
        return Arbitraries.of(AlgorithmRegistry.all().stream().map(AlgorithmDescriptor::name).toList());
    }

    @Property(tries = 250)
    void everyMethodReturnsKValidLabelsOrRefusesWithAMessage(@ForAll("methods") String method,
                                                             @ForAll("problems") Problem problem) {
        Outcome outcome = fit(method, problem, 1);
        Statistics.label("outcome").collect(outcome.labels() != null ? "clustered" : "refused");
        if (outcome.labels() != null) {
            assertEquals(problem.n(), outcome.labels().length);
            for (int label : outcome.labels()) {
                assertTrue(label >= 0 && label < problem.k(), "label " + label + " outside [0, " + problem.k() + ")");
            }
        }
    }

    @Property(tries = 100)
    void theSameSeedGivesTheSameLabelsOnOneAndTwoThreads(@ForAll("methods") String method,
                                                         @ForAll("problems") Problem problem) {
        Outcome one = fit(method, problem, 1);
        Outcome two = fit(method, problem, 2);
        assertEquals(one.refusal(), two.refusal());
        if (one.labels() != null) {
            assertArrayEquals(one.labels(), two.labels());
        }
    }

    /** Labels, or the message of a refusal. */
    record Outcome(int[] labels, String refusal) {
    }

    private static Outcome fit(String method, Problem problem, int threads) {
        ClusteringAlgorithm algorithm = AlgorithmRegistry.byName(method).create();
        try (RunContext context = RunContext.of(problem.seed(), threads)) {
            ClusteringResult result = algorithm.fit(problem.data(), problem.constraints(), problem.k(), context);
            assertEquals(problem.k(), result.clusterCount());
            return new Outcome(result.labels(), null);
        } catch (IllegalArgumentException | NonConvergenceException refusal) {
            String message = refusal.getMessage();
            assertTrue(message != null && !message.isBlank(), "a refusal says why: " + refusal);
            assertFalse(message.contains("\n"), "one line: " + message);
            return new Outcome(null, message);
        }
    }
}
