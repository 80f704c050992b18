package io.csc.testing;

import io.csc.data.BundledData;
import io.csc.data.CsvReader;
import io.csc.data.DataDirectory;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;

/** Data shared by the tests: the bundled UCI tables, z-scored, and small synthetic sets. */
public final class TestData {

    private TestData() {
    }

    /** UCI Wine (178 x 13, 3 classes), z-scored. */
    public static Dataset wine() {
        return Scaling.ZSCORE.apply(BundledData.load("wine"));
    }

    /** UCI Iris (150 x 4, 3 classes), z-scored. */
    public static Dataset iris() {
        return Scaling.ZSCORE.apply(BundledData.load("iris"));
    }

    /**
     * A shared data set (for example {@code digits}), z-scored; the test is skipped where the
     * shared data are not found ({@link DataDirectory}).
     */
    public static Dataset shared(String name) {
        Path path = DataDirectory.defaultDirectory().resolve(name + ".csv");
        Assumptions.assumeTrue(Files.exists(path), () -> "shared data not found: " + path.toAbsolutePath());
        return Scaling.ZSCORE.apply(CsvReader.read(path));
    }

    /** n Gaussian points in d dimensions (unlabelled). */
    public static Dataset gaussian(int n, int d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextGaussian();
        }
        return Dataset.unlabelled("gaussian", n, d, x);
    }

    /** k well-separated blobs of {@code perCluster} points in d dimensions, labelled by blob. */
    public static Dataset blobs(int k, int perCluster, int d, double separation, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = k * perCluster;
        double[] x = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            int cluster = i % k;
            labels[i] = cluster;
            for (int j = 0; j < d; j++) {
                double centre = j == cluster % d ? separation * (1 + cluster / d) : 0.0;
                x[i * d + j] = centre + random.nextGaussian();
            }
        }
        return Dataset.withIntegerLabels("blobs", n, d, x, labels);
    }

    /** The squared Euclidean distance between points a and b, feature by feature: the plain reference for tests. */
    public static double squaredDistance(Dataset data, int a, int b) {
        double sum = 0;
        for (int t = 0; t < data.dimension(); t++) {
            double difference = data.feature(a, t) - data.feature(b, t);
            sum += difference * difference;
        }
        return sum;
    }

    /**
     * A fit that cuts a class in two: {@code fitted} with the points of {@code cluster} beyond the
     * median of their first coordinate moved to {@code other}, then every labelled point of
     * {@code labels} put back in its class, as a constrained assignment does (with pairs alone, every
     * constrained point back in its true class).
     */
    public static int[] splitAtMedian(Dataset data, int[] fitted, int cluster, int other,
                                      io.csc.constraint.ConstraintSet labels) {
        int[] split = fitted.clone();
        double[] first = java.util.stream.IntStream.range(0, data.size()).filter(i -> fitted[i] == cluster)
                .mapToDouble(i -> data.feature(i, 0)).sorted().toArray();
        double median = first[first.length / 2];
        for (int i = 0; i < data.size(); i++) {
            if (fitted[i] == cluster && data.feature(i, 0) > median) {
                split[i] = other;
            }
        }
        if (labels.labelledBlocks().isEmpty()) {
            // pairs: every constrained point back in its class, as a method that satisfies its
            // must-links across the cut would put it
            for (int point : labels.constrainedPoints()) {
                split[point] = data.label(point);
            }
            return split;
        }
        io.csc.constraint.LabelledPoints block = labels.labelledBlocks().get(0);
        for (int t = 0; t < block.size(); t++) {
            split[block.points()[t]] = block.classes()[t];
        }
        return split;
    }
}
