package io.csc.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import org.junit.jupiter.api.Test;

class PrincipalPlaneTest {

    @Test
    void pointsHeldInSinglePrecisionArePlacedAsTheSameValuesInDouble() {
        Dataset floats = Scaling.ZSCORE.apply(BundledData.load("wine")).inPrecision(Precision.FLOAT);
        assertArrayEquals(PrincipalPlane.of(floats.inPrecision(Precision.DOUBLE), 3L), PrincipalPlane.of(floats, 3L));
    }
}
