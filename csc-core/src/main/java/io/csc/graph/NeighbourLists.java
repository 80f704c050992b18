package io.csc.graph;

/**
 * The k nearest neighbours of each of n points, excluding the point itself: for point i,
 * neighbour t (0 = nearest) is {@code indices[i * k + t]} at Euclidean distance
 * {@code distances[i * k + t]}, ascending; ties are broken by the smaller index.
 */
public record NeighbourLists(int size, int neighbours, int[] indices, double[] distances) {

    public NeighbourLists {
        if ((long) size * neighbours != indices.length || indices.length != distances.length) {
            throw new IllegalArgumentException("Neighbour lists of " + size + " x " + neighbours
                    + " need as many indices and distances");
        }
    }

    /** The index of the t-th nearest neighbour of point i. */
    public int neighbour(int i, int t) {
        return indices[i * neighbours + t];
    }

    /** The distance from point i to its t-th nearest neighbour. */
    public double distance(int i, int t) {
        return distances[i * neighbours + t];
    }

    /** The mean distance from a point to its k nearest neighbours, over all points. */
    public double meanDistance() {
        double sum = 0;
        for (double distance : distances) {
            sum += distance;
        }
        return distances.length == 0 ? 0.0 : sum / distances.length;
    }
}
