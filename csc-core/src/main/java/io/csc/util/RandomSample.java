package io.csc.util;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Uniform samples of indices, drawn from a given generator. */
public final class RandomSample {

    private RandomSample() {
    }

    /**
     * {@code count} distinct indices of {@code [0, n)} drawn uniformly (the first {@code count}
     * steps of a Fisher-Yates shuffle of {@code 0 .. n-1}), in ascending order. Only the displaced
     * entries of the permutation are stored: time and memory O(count), however large n is.
     */
    public static int[] indices(int n, int count, SplittableRandom random) {
        if (count > n || count < 0) {
            throw new IllegalArgumentException("Cannot draw " + count + " distinct points from " + n);
        }
        Map<Integer, Integer> displaced = new HashMap<>(Math.max(16, 4 * count / 3 + 1));
        int[] sample = new int[count];
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(n - i);
            sample[i] = displaced.getOrDefault(j, j);
            if (j != i) {
                displaced.put(j, displaced.getOrDefault(i, i));
            }
        }
        Arrays.sort(sample);
        return sample;
    }
}
