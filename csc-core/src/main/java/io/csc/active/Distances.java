package io.csc.active;

import io.csc.data.Dataset;
import io.csc.linalg.DenseMatrix;

/** Squared Euclidean distances between rows, without allocation. */
final class Distances {

    private Distances() {
    }

    static double squared(Dataset points, int a, int b) {
        return squared(points.features(), points.dimension(), a, b);
    }

    static double squared(DenseMatrix rows, int a, int b) {
        return squared(rows.data(), rows.columns(), a, b);
    }

    static double squared(double[] data, int d, int a, int b) {
        int offsetA = a * d;
        int offsetB = b * d;
        double sum = 0;
        for (int c = 0; c < d; c++) {
            double difference = data[offsetA + c] - data[offsetB + c];
            sum += difference * difference;
        }
        return sum;
    }
}
