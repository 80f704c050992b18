package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TruthClustersTest {

    private static Dataset withLabels(List<String> names, int[] labels) {
        return Dataset.labelled("set", labels.length, 1, new double[labels.length], labels, names, null);
    }

    @Test
    void classesAreTheNumberOfClusters() {
        assertEquals(3, TruthClusters.of(BundledData.load("iris")));
        // ratings in half steps: a few fractional values are still classes
        int[] labels = new int[40];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = i % 10;
        }
        assertEquals(10, TruthClusters.of(withLabels(List.of("0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"),
                labels)));
        // two points, two classes: the smallest clustering there is
        assertEquals(2, TruthClusters.of(withLabels(List.of("a", "b"), new int[] {0, 1})));
    }

    @Test
    void aMeasurementUnderTheLabelColumnIsRefused() {
        int n = 200;
        List<String> names = new ArrayList<>();
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            names.add(String.format(java.util.Locale.ROOT, "%.3f", 10.0 + i * 0.137));
            labels[i] = i;
        }
        DataException everyPointAlone = assertThrows(DataException.class, () -> TruthClusters.of(withLabels(names, labels)));
        assertTrue(everyPointAlone.getMessage().contains("set: the truth labels hold 200 distinct values for 200 points"),
                everyPointAlone.getMessage());
        assertTrue(everyPointAlone.getMessage().contains("give -k"), everyPointAlone.getMessage());
        // 30 fractional values over 200 points: a measurement rounded, not 30 classes
        int[] rounded = new int[n];
        for (int i = 0; i < n; i++) {
            rounded[i] = i % 30;
        }
        DataException measured = assertThrows(DataException.class,
                () -> TruthClusters.of(withLabels(names.subList(0, 30), rounded)));
        assertTrue(measured.getMessage().contains("values such as 10.137 are measurements"), measured.getMessage());
        // 150 whole-numbered classes over 200 points: fewer than two points a class
        int[] many = new int[n];
        for (int i = 0; i < n; i++) {
            many[i] = i % 150;
        }
        List<String> ids = new ArrayList<>();
        for (int c = 0; c < 150; c++) {
            ids.add(Integer.toString(c));
        }
        DataException tooMany = assertThrows(DataException.class, () -> TruthClusters.of(withLabels(ids, many)));
        assertTrue(tooMany.getMessage().contains("fewer than two points a class"), tooMany.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> TruthClusters.of(Dataset.unlabelled("plain", 2, 1, new double[2])));
    }
}
