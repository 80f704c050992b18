package io.csc.algorithm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintSet;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CollapseTest {

    /** 30 points in 3 classes of 10; points 0, 10 and 20 are labelled, one per class. */
    private static final ConstraintSet THREE_LABELS = ConstraintSet.fromLabels(30, new int[] {0, 10, 20},
            new int[] {0, 1, 2});

    private static int[] byTen() {
        int[] labels = new int[30];
        for (int i = 0; i < 30; i++) {
            labels[i] = i / 10;
        }
        return labels;
    }

    @Test
    void aGoodClusteringIsNoCollapse() {
        assertTrue(Collapse.detect(byTen(), 3, THREE_LABELS).isEmpty());
    }

    @Test
    void unconstrainedPointsInOneClusterWhileTheLabelledSpanThreeIsACollapse() {
        int[] labels = new int[30];
        labels[10] = 1;
        labels[20] = 2;
        Optional<Collapse> collapse = Collapse.detect(labels, 3, THREE_LABELS);
        assertTrue(collapse.isPresent());
        assertEquals(1, collapse.get().unconstrainedClusters());
        assertEquals(3, collapse.get().constrainedClusters());
        assertEquals(1.0, collapse.get().largestShare(), 1e-12);
        assertTrue(collapse.get().warning().startsWith(Collapse.WARNING_PREFIX));
    }

    @Test
    void ninetyFivePercentInOneClusterCollapsesOnlyWhenTheConstrainedAreSpreadWider() {
        int n = 200;
        int[] labels = new int[n];
        for (int i = 0; i < 8; i++) {
            labels[i] = 1 + i % 2;
        }
        labels[8] = 1;
        labels[9] = 2;
        // 190 of the 198 unconstrained points in cluster 0 (96%), the two labelled ones in clusters 1 and 2
        ConstraintSet spreadWide = ConstraintSet.fromLabels(n, new int[] {8, 9}, new int[] {0, 1});
        assertTrue(Collapse.detect(labels, 3, spreadWide).isPresent());
        // the labelled points as concentrated as the rest: a dominant class, not a collapse
        int[] dominantLabels = labels.clone();
        dominantLabels[8] = 0;
        dominantLabels[9] = 0;
        int[] points = {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
        ConstraintSet dominant = ConstraintSet.fromLabels(n, points, new int[points.length]);
        assertFalse(Collapse.detect(dominantLabels, 3, dominant).isPresent());
    }

    @Test
    void fewUnconstrainedPointsLeavingClustersEmptyByChanceIsNoCollapse() {
        // 300 points in 50 clusters of 6; 226 constrained, spread over all 50; the 74 others occupy 40
        int n = 300;
        int k = 50;
        int[] labels = new int[n];
        int[] points = new int[226];
        int[] classes = new int[226];
        for (int i = 0; i < 226; i++) {
            labels[i] = i % k;
            points[i] = i;
            classes[i] = i % k;
        }
        for (int i = 226; i < n; i++) {
            labels[i] = (i - 226) % 40;
        }
        ConstraintSet constrained = ConstraintSet.fromLabels(n, points, classes);
        double[] expected = Collapse.expectedClusters(counts(labels, points, k), 226, 74);
        assertEquals(50 * (1 - Math.pow(1 - 1.0 / 50, 74)), expected[0], 0.5, "about 39 of 50 expected");
        assertTrue(Collapse.detect(labels, k, constrained).isEmpty(), "40 occupied, about 39 expected");
        // the same 74 points in 5 clusters: far below what chance gives
        for (int i = 226; i < n; i++) {
            labels[i] = (i - 226) % 5;
        }
        Optional<Collapse> collapse = Collapse.detect(labels, k, constrained);
        assertTrue(collapse.isPresent());
        assertEquals(5, collapse.get().unconstrainedClusters());
    }

    private static int[] counts(int[] labels, int[] points, int k) {
        int[] sizes = new int[k];
        for (int point : points) {
            sizes[labels[point]]++;
        }
        return sizes;
    }

    @Test
    void noSupervisionOrOneClusterIsNeverACollapse() {
        int[] labels = new int[30];
        assertTrue(Collapse.detect(labels, 3, ConstraintSet.empty(30)).isEmpty());
        assertTrue(Collapse.detect(labels, 1, THREE_LABELS).isEmpty());
    }

    @Test
    void annotateAddsTheWarningAndTheFiguresOnce() {
        int[] labels = new int[30];
        labels[10] = 1;
        labels[20] = 2;
        ClusteringResult result = new ClusteringResult("test", labels, 3, null, 0.0, Diagnostics.empty(), null);
        ClusteringResult annotated = Collapse.annotate(result, THREE_LABELS);
        assertEquals(1, annotated.diagnostics().warnings().size());
        assertTrue(Collapse.isRecorded(annotated.diagnostics()));
        assertEquals(1, Collapse.annotate(annotated, THREE_LABELS).diagnostics().warnings().size());
        assertTrue(Arrays.equals(labels, annotated.labels()));
    }
}
