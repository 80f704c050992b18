package io.csc.spark;

import org.apache.spark.sql.SparkSession;

/** One local Spark session for all tests of the module (starting one takes seconds). */
public final class SharedSpark {

    private static SparkSession session;

    private SharedSpark() {
    }

    /** The session on local[2], task retries allowed (local[2,2]) for the fault-injection test. */
    public static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder().master("local[2,2]").appName("csc-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.default.parallelism", "4")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .getOrCreate();
            session.sparkContext().setLogLevel("WARN");
            Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
        }
        return session;
    }
}
