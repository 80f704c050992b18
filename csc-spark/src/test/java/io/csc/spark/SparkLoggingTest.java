package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URL;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Spark's start-up is logged at WARN unless the user configured logging; two SLF4J providers are not reported. */
class SparkLoggingTest {

    private static final String CSC = "io/csc/spark/log4j2-csc.properties";
    private static final String LOG4J = "org/apache/logging/slf4j/SLF4JServiceProvider.class";
    private static final String SIMPLE = "org/slf4j/simple/SimpleServiceProvider.class";

    /** A class loader that finds exactly {@code names}. */
    private static ClassLoader finding(String... names) {
        Set<String> found = Set.of(names);
        return new ClassLoader(null) {
            @Override
            public URL getResource(String name) {
                return found.contains(name) ? SparkLoggingTest.class.getResource("SparkLoggingTest.class") : null;
            }
        };
    }

    @Test
    void theCommandLinesJarGetsCscsConfigurationAndOneProvider() {
        Properties properties = new Properties();
        SparkLogging.choose(properties, finding(CSC, LOG4J, SIMPLE));
        assertEquals("classpath:" + CSC, properties.getProperty(SparkLogging.CONFIGURATION));
        assertEquals("org.apache.logging.slf4j.SLF4JServiceProvider", properties.getProperty(SparkLogging.PROVIDER));
        assertEquals("WARN", properties.getProperty(SparkLogging.VERBOSITY));
        // the configuration csc names is in the jar, at WARN
        org.junit.jupiter.api.Assertions.assertNotNull(SparkLoggingTest.class.getClassLoader().getResource(CSC));
    }

    @Test
    void theUsersChoicesAreKept() {
        Properties named = new Properties();
        named.setProperty(SparkLogging.CONFIGURATION, "/etc/spark/log4j2.xml");
        named.setProperty(SparkLogging.PROVIDER, "com.example.Provider");
        SparkLogging.choose(named, finding(CSC, LOG4J, SIMPLE));
        assertEquals("/etc/spark/log4j2.xml", named.getProperty(SparkLogging.CONFIGURATION));
        assertEquals("com.example.Provider", named.getProperty(SparkLogging.PROVIDER));

        Properties onClassPath = new Properties();
        SparkLogging.choose(onClassPath, finding(CSC, "log4j2.properties", LOG4J));
        assertNull(onClassPath.getProperty(SparkLogging.CONFIGURATION), "spark-submit's conf/log4j2.properties is kept");
        assertNull(onClassPath.getProperty(SparkLogging.PROVIDER), "one provider: nothing to choose");
    }
}
