package io.csc.active;

import io.csc.data.Dataset;
import io.csc.util.RandomSample;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How spread out the data is around a point: the squared distance from the point to its
 * {@value #RANK}th nearest of {@value #REFERENCES} reference points, drawn once per session. A
 * point in a dense region has a small scale, an outlier a large one. The references stand in for
 * the whole data set, so the scale is that of about {@code RANK n / REFERENCES} neighbours: a
 * smooth density, at a cost of {@code O(REFERENCES d)} per point and no n x n matrix.
 */
final class LocalScale {

    /** Reference points: enough for a stable rank statistic, few enough to cost less than the skeleton. */
    static final int REFERENCES = 256;
    /** The rank of the reference distance: the sixth nearest, robust to a few duplicates or close pairs. */
    static final int RANK = 6;

    private final Dataset points;
    private final int[] references;

    private LocalScale(Dataset points, int[] references) {
        this.points = points;
        this.references = references;
    }

    /** The scale of {@code points}, with references drawn from {@code random}. */
    static LocalScale of(Dataset points, SplittableRandom random) {
        int n = points.size();
        return new LocalScale(points, RandomSample.indices(n, Math.min(n, REFERENCES), random));
    }

    /** The squared distance from {@code point} to its {@value #RANK}th nearest reference other than itself. */
    double of(int point) {
        double[] distances = new double[references.length];
        int count = 0;
        for (int reference : references) {
            if (reference != point) {
                distances[count++] = Distances.squared(points, point, reference);
            }
        }
        if (count == 0) {
            return 1.0;
        }
        Arrays.sort(distances, 0, count);
        return distances[Math.min(RANK, count) - 1];
    }
}
