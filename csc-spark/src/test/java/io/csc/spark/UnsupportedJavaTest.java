package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A Java that Spark's Hadoop client cannot start on is named with what to do, not reported as a bug. */
class UnsupportedJavaTest {

    @Test
    void hadoopsSubjectLookupOnANewJavaBecomesAnErrorThatNamesTheJavasToUse() {
        UnsupportedOperationException thrown = new UnsupportedOperationException("getSubject is not supported");
        RuntimeException error = SparkEngine.unsupportedJava(thrown);
        assertTrue(error instanceof IllegalStateException, error.toString());
        assertTrue(error.getMessage().contains("cannot start on Java " + Runtime.version().feature()), error.getMessage());
        assertTrue(error.getMessage().contains("Java 17 or 21"), error.getMessage());
        assertTrue(error.getMessage().contains("Spark 4."), error.getMessage());
        assertSame(thrown, error.getCause());
    }

    @Test
    void otherUnsupportedOperationsPassUnchanged() {
        UnsupportedOperationException thrown = new UnsupportedOperationException("something else");
        assertSame(thrown, SparkEngine.unsupportedJava(thrown));
        assertEquals("something else", SparkEngine.unsupportedJava(thrown).getMessage());
    }
}
