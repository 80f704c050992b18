package io.csc.active;

import io.csc.data.Dataset;
import java.util.Arrays;

/**
 * How likely a point is to belong to each neighbourhood, as NPU estimates it (Xiong, Azimi and
 * Fern, "Active learning of constraints for semi-supervised clustering", IEEE TKDE 26(1), 2014):
 * the probability of neighbourhood t is proportional to the point's mean similarity to the
 * members of t. NPU's similarity is the proximity of a random forest trained on the current
 * clustering, an n x n matrix; here it is a Gaussian kernel on the scaled features, {@code
 * exp(-|x - y|² / σ²)}, computed when needed, so memory stays O(λ) and every method is asked the
 * same questions.
 *
 * <p>σ² is the median, over the candidate points, of the squared distance to the nearest
 * neighbourhood member: the typical gap between an unplaced point and the skeleton. It shrinks as
 * the skeleton grows, so the estimate sharpens as answers accumulate, and needs no kernel width
 * from the user. Time O(s d) per point for s skeleton points.
 */
final class NeighbourhoodProbabilities {

    private final Dataset points;
    private final Neighbourhoods neighbourhoods;
    private final double width;

    private NeighbourhoodProbabilities(Dataset points, Neighbourhoods neighbourhoods, double width) {
        this.points = points;
        this.neighbourhoods = neighbourhoods;
        this.width = width;
    }

    /** The model of {@code neighbourhoods}, its width σ² taken over {@code candidates} (see the class comment). */
    static NeighbourhoodProbabilities of(Dataset points, Neighbourhoods neighbourhoods, int[] candidates) {
        int[] skeleton = neighbourhoods.allPoints();
        double[] nearest = new double[candidates.length];
        for (int c = 0; c < candidates.length; c++) {
            double best = Double.POSITIVE_INFINITY;
            for (int member : skeleton) {
                best = Math.min(best, Distances.squared(points, candidates[c], member));
            }
            nearest[c] = best;
        }
        Arrays.sort(nearest);
        double median = nearest.length == 0 ? 1.0 : nearest[nearest.length / 2];
        return new NeighbourhoodProbabilities(points, neighbourhoods,
                median > 0 && Double.isFinite(median) ? median : 1.0);
    }

    /** The probability of each neighbourhood for {@code point}; they sum to 1. */
    double[] of(int point) {
        int count = neighbourhoods.count();
        double[] logSimilarity = new double[count];
        double largest = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < count; t++) {
            logSimilarity[t] = logMeanSimilarity(point, neighbourhoods.members(t));
            largest = Math.max(largest, logSimilarity[t]);
        }
        double[] probabilities = new double[count];
        double total = 0;
        for (int t = 0; t < count; t++) {
            probabilities[t] = Math.exp(logSimilarity[t] - largest);
            total += probabilities[t];
        }
        for (int t = 0; t < count; t++) {
            probabilities[t] /= total;
        }
        return probabilities;
    }

    /** The entropy (in nats) of a probability distribution; 0 for a certain one. */
    static double entropy(double[] probabilities) {
        double sum = 0;
        for (double probability : probabilities) {
            if (probability > 0) {
                sum -= probability * Math.log(probability);
            }
        }
        return sum;
    }

    /** log of the mean kernel value between {@code point} and {@code members}, without underflow. */
    private double logMeanSimilarity(int point, int[] members) {
        double[] exponents = new double[members.length];
        double largest = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < members.length; m++) {
            exponents[m] = -Distances.squared(points, point, members[m]) / width;
            largest = Math.max(largest, exponents[m]);
        }
        double sum = 0;
        for (double exponent : exponents) {
            sum += Math.exp(exponent - largest);
        }
        return largest + Math.log(sum / members.length);
    }
}
