package io.csc.spark;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;

/**
 * A test hook: when the job's local property {@value #PROPERTY} names a stage (a comma-separated
 * list names several), the first attempt of
 * that stage's task on partition 0 fails, so that tests can check that a retried task (Spark's
 * {@code spark.task.maxFailures}) leaves the result unchanged. Without the property it does
 * nothing.
 */
public final class FaultInjection {

    /** The local property (SparkContext.setLocalProperty) naming the stage whose first attempt fails. */
    public static final String PROPERTY = "csc.failFirstAttempt";

    private static final AtomicInteger INJECTED = new AtomicInteger();

    private FaultInjection() {
    }

    /** Fails the current task if it is the first attempt of {@code stage} on partition 0 and the property asks for it. */
    static void check(String stage) {
        TaskContext task = TaskContext.get();
        String wanted = task == null ? null : task.getLocalProperty(PROPERTY);
        if (wanted != null && java.util.Arrays.asList(wanted.split(",")).contains(stage) && task.attemptNumber() == 0
                && task.partitionId() == 0) {
            INJECTED.incrementAndGet();
            throw new IllegalStateException("Injected failure of the first attempt of " + stage);
        }
    }

    /** How many failures were injected in this JVM (tests on a local master). */
    public static int injected() {
        return INJECTED.get();
    }
}
