package io.csc.spark;

import java.util.List;
import java.util.Properties;

/**
 * Spark's logging when the command line starts Spark. Without a log4j2 configuration of its own,
 * Spark loads its defaults, which log every step of starting up at INFO on standard error: some
 * forty lines before each report, {@code --quiet} or not. And the command line's jar carries
 * slf4j-simple (for {@code csc serve}) beside Spark's log4j binding, so SLF4J warns of two providers.
 * Before Spark's first log line, this names csc's configuration ({@code log4j2-csc.properties}:
 * Spark's defaults at WARN) and Spark's SLF4J provider, each only where the user has not chosen:
 * a {@code log4j2.configurationFile} or {@code slf4j.provider} property, or a log4j2 configuration
 * on the class path (such as the one spark-submit's {@code conf} folder adds), is kept.
 */
final class SparkLogging {

    static final String CONFIGURATION = "log4j2.configurationFile";
    static final String PROVIDER = "slf4j.provider";
    static final String VERBOSITY = "slf4j.internal.verbosity";
    private static final String CSC_CONFIGURATION = "io/csc/spark/log4j2-csc.properties";
    private static final String LOG4J_PROVIDER = "org.apache.logging.slf4j.SLF4JServiceProvider";
    private static final String SIMPLE_PROVIDER = "org.slf4j.simple.SimpleServiceProvider";
    /** The names log4j2 looks for on the class path when no configuration file is named. */
    private static final List<String> CLASS_PATH_CONFIGURATIONS = List.of("log4j2-test.properties", "log4j2-test.yaml",
            "log4j2-test.yml", "log4j2-test.json", "log4j2-test.jsn", "log4j2-test.xml", "log4j2.properties", "log4j2.yaml",
            "log4j2.yml", "log4j2.json", "log4j2.jsn", "log4j2.xml");

    private SparkLogging() {
    }

    /** Sets the properties of {@link #choose} on the JVM's. */
    static void quiet() {
        choose(System.getProperties(), SparkLogging.class.getClassLoader());
    }

    /**
     * Sets in {@code properties} what the user has not chosen: csc's log4j2 configuration unless
     * {@code loader} finds one of the user's, and, where slf4j-simple is there too, Spark's SLF4J
     * provider, its choice unreported (an application with one provider keeps it).
     */
    static void choose(Properties properties, ClassLoader loader) {
        if (properties.getProperty(CONFIGURATION) == null
                && CLASS_PATH_CONFIGURATIONS.stream().allMatch(name -> loader.getResource(name) == null)
                && loader.getResource(CSC_CONFIGURATION) != null) {
            properties.setProperty(CONFIGURATION, "classpath:" + CSC_CONFIGURATION);
        }
        if (properties.getProperty(PROVIDER) == null && present(loader, LOG4J_PROVIDER) && present(loader, SIMPLE_PROVIDER)) {
            properties.setProperty(PROVIDER, LOG4J_PROVIDER);
            if (properties.getProperty(VERBOSITY) == null) {
                properties.setProperty(VERBOSITY, "WARN");
            }
        }
    }

    private static boolean present(ClassLoader loader, String className) {
        return loader.getResource(className.replace('.', '/') + ".class") != null;
    }
}
