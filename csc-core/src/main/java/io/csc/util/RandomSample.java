package io.csc.util;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Uniform samples of indices, drawn from a given generator. */
public final class RandomSample {

    private RandomSample() {
    }

    /**
     * {@code count} distinct indices of {@code [0, n)} drawn uniformly (the first {@code count}
     * steps of a Fisher-Yates shuffle), in ascending order. Time and memory O(n).
     */
    public static int[] indices(int n, int count, SplittableRandom random) {
        if (count > n || count < 0) {
            throw new IllegalArgumentException("Cannot draw " + count + " distinct points from " + n);
        }
        int[] permutation = new int[n];
        for (int i = 0; i < n; i++) {
            permutation[i] = i;
        }
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(n - i);
            int swap = permutation[i];
            permutation[i] = permutation[j];
            permutation[j] = swap;
        }
        int[] sample = Arrays.copyOf(permutation, count);
        Arrays.sort(sample);
        return sample;
    }
}
