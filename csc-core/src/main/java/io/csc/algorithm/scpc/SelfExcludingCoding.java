package io.csc.algorithm.scpc;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.graph.LandmarkSearch;
import io.csc.graph.Landmarks;
import io.csc.graph.SparseCode;
import io.csc.graph.SparseCoding;
import io.csc.graph.SparseCoding.NearestLandmarks;
import io.csc.graph.SparseCodingOptions;
import io.csc.linalg.DenseMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sparse coding of the robust SC-PC (Eq. 2, Chen and Cai's coding): every point by its r
 * nearest landmarks, except that a point that is itself a landmark is coded by its r nearest
 * <em>other</em> landmarks.
 *
 * <p>Why: SC-PC's landmarks are the constrained points, so with many constraints nearly every point
 * is a landmark (400 random pairs on 683 points name 465 of them). A landmark point at distance 0
 * from itself puts most of its weight on its own landmark, which few other points choose, and the
 * bipartite graph falls apart into pieces of two or three points, each with a singular value of
 * about 1, that the k leading vectors then pick out: Breast cancer, 400 pairs, 0.66 ACC; WDBC 0.63;
 * Ionosphere 0.65 (every run put a piece of 2 or 3 points against the rest). This is the failure
 * that makes LSC keep p at n/5; coding a landmark point by its neighbours instead keeps the graph
 * connected at any p. With p much smaller than n, as in the paper, it changes the codes of only the
 * p landmark points.
 *
 * <p>Same cost as {@link SparseCoding#encode}: one more candidate per point. The nearest landmarks
 * are found by {@link LandmarkSearch}, exactly or screened on principal components.
 */
public final class SelfExcludingCoding {

    private SelfExcludingCoding() {
    }

    /**
     * Codes all points of {@code data} by the landmarks {@code data[landmarkPoints]}, given as the
     * rows {@code landmarks} ({@link Landmarks#rows}), r = {@code options.nearest()} (at most p - 1),
     * σ by the options' rule over the kept distances.
     */
    static SparseCode encode(Dataset data, int[] landmarkPoints, DenseMatrix landmarks, SparseCodingOptions options,
                             RunContext context) {
        int n = data.size();
        int p = landmarkPoints.length;
        int r = Math.min(options.nearest(), p - 1);
        int[] landmarkOfPoint = new int[n];
        Arrays.fill(landmarkOfPoint, -1);
        for (int t = 0; t < p; t++) {
            landmarkOfPoint[landmarkPoints[t]] = t;
        }
        List<NearestLandmarks> wide = LandmarkSearch.nearest(data, landmarks, r + 1,
                SparseCoding.needsAllSums(options), context);
        List<NearestLandmarks> blocks = new ArrayList<>(wide.size());
        int start = 0;
        for (NearestLandmarks block : wide) {
            blocks.add(withoutSelf(block, r, Arrays.copyOfRange(landmarkOfPoint, start, start + block.rows())));
            start += block.rows();
        }
        return SparseCoding.code(blocks, new SparseCodingOptions(r, options.rule(), options.sigma()), n, p);
    }

    /**
     * The r of the r + 1 nearest landmarks of each row of a block: without the row's own landmark;
     * for a row that is no landmark, without a landmark at its very coordinates (distance 0: a copy
     * of a landmark point is coded as that point is, else two identical points could land in two
     * clusters); else without the farthest. Measured against coding copies by that landmark
     * (docs/results/99c-repeated-points.md): the same or within 0.01 on the shared and generated sets
     * with repeats, except a set of 403 coordinates with ten copies each and 12 labels, fitted as
     * set: -0.021 over 8 seeds (the guard's default is 0.999 in both).
     *
     * @param ownLandmark for each row of the block, the landmark that is the row's point, or -1
     */
    public static NearestLandmarks withoutSelf(NearestLandmarks wide, int r, int[] ownLandmark) {
        int rows = wide.rows();
        int[] indices = new int[rows * r];
        double[] distances = new double[rows * r];
        for (int row = 0; row < rows; row++) {
            int from = row * (r + 1);
            int own = ownLandmark[row] >= 0 || wide.squaredDistances()[from] != 0 ? ownLandmark[row]
                    : wide.indices()[from];
            int kept = 0;
            for (int t = 0; t <= r && kept < r; t++) {
                if (wide.indices()[from + t] != own) {
                    indices[row * r + kept] = wide.indices()[from + t];
                    distances[row * r + kept++] = wide.squaredDistances()[from + t];
                }
            }
        }
        return new NearestLandmarks(rows, r, indices, distances, wide.summedRows(), wide.distanceSum(),
                wide.squaredDistanceSum());
    }
}
