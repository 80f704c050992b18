package io.csc.active;

import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.linalg.DenseMatrix;

/** Squared Euclidean distances between rows, without allocation, on points of either precision. */
final class Distances {

    private Distances() {
    }

    static double squared(Dataset points, int a, int b) {
        return points.precision() == Precision.DOUBLE ? squared(points.features(), points.dimension(), a, b)
                : squared(points.floatFeatures(), points.dimension(), a, b);
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

    static double squared(float[] data, int d, int a, int b) {
        int offsetA = a * d;
        int offsetB = b * d;
        double sum = 0;
        for (int c = 0; c < d; c++) {
            double difference = (double) data[offsetA + c] - data[offsetB + c];
            sum += difference * difference;
        }
        return sum;
    }
}
