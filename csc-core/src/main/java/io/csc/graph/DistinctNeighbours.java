package io.csc.graph;

import io.csc.api.RunContext;
import io.csc.data.Dataset;
import io.csc.data.DistinctRows;

/**
 * The neighbour lists of a k-NN graph on data with duplicates. A point with k copies of itself has
 * only its copies as its k nearest neighbours, so on binary, ordinal or categorical data (1,500
 * points on 64 distinct rows, 23 copies each) the k-NN graph falls apart into its distinct rows and
 * the spectral embedding separates them instead of the clusters. Here a point lists about a quarter
 * of its k neighbours among its copies ({@code max(1, round(k / 4))}: the first points at its
 * coordinates, at distance 0), then the first points at the nearest other coordinates. Every point
 * at the same coordinates so lists nearly the same neighbours.
 *
 * <p>Why a quarter: with its copies alone the graph falls apart. With one copy alone (the first
 * point at the coordinates as a hub) a point hangs on the other coordinates more than on its own,
 * and e2cp on 90 points at 3 coordinates (k = 20) fell to 0.41 ACC. Shares of 0.1, 0.25 and 0.5 of
 * k, on ten generated sets with repeats (five to choose, five held back), e2cp and njw's k-NN graph,
 * 3 draws each: sums of ACC 16.60, 16.83 and 16.43. njw's k-NN graph alone prefers the smaller
 * shares, e2cp the larger (docs/results/99c-repeated-points.md).
 *
 * <p>Why the first points, which makes them hubs: spreading the links instead (each point linking to
 * the copies after it around a ring of its coordinates, and to the copy of its own rank at each
 * other coordinate) ties the coordinates together through every copy. On 3 points repeated 30 times
 * NJW's k-NN graph fell from 1.0 to 0.33 ACC and e2cp to 0.53; on 6 binary features NJW from 0.74 to
 * 0.52 (docs/results/99c-repeated-points.md).
 *
 * <p>Where there are fewer distinct coordinates than neighbours wanted, a list repeats its last
 * entry; an edge listed twice is one edge ({@link io.csc.linalg.SparseMatrix.Duplicates#MAX}).
 */
record DistinctNeighbours(NeighbourLists lists, DistinctRows distinct, NeighbourLists among) {

    /**
     * The k neighbours of every point of {@code data}, as above ({@code lists}), with the distinct
     * points they come from and those points' own lists among themselves ({@code among}: min(k, u - 1)
     * each), which the bandwidth rules reuse ({@link Bandwidths#resolveOnDistinct}).
     *
     * @param distinct the distinct rows of {@code data}, at least two
     */
    static DistinctNeighbours of(Dataset data, DistinctRows distinct, int k, RunContext context) {
        int u = distinct.count();
        NeighbourLists among = NearestNeighbours.find(data.subset(distinct.points()), Math.min(k, u - 1), context);
        int n = data.size();
        int copies = Math.max(1, (k + 2) / 4);
        int[][] members = firstMembers(distinct, copies + 1);
        int[] indices = new int[n * k];
        double[] distances = new double[n * k];
        for (int i = 0; i < n; i++) {
            int location = distinct.location()[i];
            int base = i * k;
            int t = 0;
            for (int member : members[location]) {
                if (member != i && t < copies) {
                    indices[base + t++] = member;
                }
            }
            for (int s = 0; s < among.neighbours() && t < k; s++, t++) {
                indices[base + t] = distinct.points()[among.neighbour(location, s)];
                distances[base + t] = among.distance(location, s);
            }
            for (; t < k; t++) {
                indices[base + t] = indices[base + t - 1];
                distances[base + t] = distances[base + t - 1];
            }
        }
        return new DistinctNeighbours(new NeighbourLists(n, k, indices, distances), distinct, among);
    }

    /** Per distinct point, the first {@code most} points at it, in index order. */
    private static int[][] firstMembers(DistinctRows distinct, int most) {
        int[][] members = new int[distinct.count()][];
        for (int a = 0; a < members.length; a++) {
            members[a] = new int[Math.min(most, distinct.counts()[a])];
        }
        int[] filled = new int[members.length];
        for (int i = 0; i < distinct.location().length; i++) {
            int a = distinct.location()[i];
            if (filled[a] < members[a].length) {
                members[a][filled[a]++] = i;
            }
        }
        return members;
    }
}
