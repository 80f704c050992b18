package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.util.ProgressListener;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HoldoutPredictionTest {

    /**
     * Nyström with at least as many samples as points fits Wine alike whatever the seed and nearly
     * alike on 80% of it; random landmarks (lsc-r) on Iris move with the seed. The agreements tell
     * the two apart, and the tables show them per method and per data set.
     */
    @Test
    void theAgreementsSeparateTheSeedFromTheFitOnFewerPoints() {
        List<HoldoutPrediction.Row> rows = HoldoutPrediction.run(List.of(BundledData.load("wine"),
                BundledData.load("iris")), List.of(AlgorithmConfiguration.of("nystrom"), AlgorithmConfiguration.of("lsc-r")),
                0.2, 0.1, 2, 42, Scaling.ZSCORE, 1, ProgressListener.NONE);
        assertEquals(4, rows.size());
        HoldoutPrediction.Row nystrom = rows.get(0);
        assertEquals("wine", nystrom.dataset());
        assertEquals("nystrom", nystrom.method());
        assertEquals(2, nystrom.runs());
        assertEquals(1.0, nystrom.seedAgreement(), 1e-12);
        assertTrue(nystrom.trainingAgreement() >= 0.95, "training agreement " + nystrom.trainingAgreement());
        assertTrue(nystrom.agreement() >= 0.95, "agreement " + nystrom.agreement());
        HoldoutPrediction.Row landmarks = rows.get(3);
        assertEquals("iris", landmarks.dataset());
        assertEquals("lsc-r", landmarks.method());
        assertTrue(landmarks.seedAgreement() < 1.0, "seed agreement " + landmarks.seedAgreement());

        String markdown = HoldoutPrediction.markdown(rows);
        assertTrue(markdown.contains("| agreement | worst difference | training agreement | seed agreement |"), markdown);
        assertTrue(markdown.contains(String.format(Locale.ROOT, "| wine | nystrom | %.3f | %.3f | %.3f | 2 | %.3f | 1.000 |",
                nystrom.predictedAccuracy(), nystrom.wholeAccuracy(), nystrom.agreement(), nystrom.trainingAgreement())),
                markdown);
    }

    @Test
    void dataWithoutTruthIsRefused() {
        Dataset unlabelled = Dataset.unlabelled("points", 3, 1, new double[] {0, 1, 2});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> HoldoutPrediction.run(List.of(unlabelled), List.of(AlgorithmConfiguration.of("lsc-r")), 0.2, 0.1,
                        1, 42, Scaling.ZSCORE, 1, ProgressListener.NONE));
        assertTrue(error.getMessage().contains("no truth labels"), error.getMessage());
    }
}
