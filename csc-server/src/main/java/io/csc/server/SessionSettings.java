package io.csc.server;

import io.csc.active.QueryStrategy;
import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ParameterValues;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import java.util.Objects;

/**
 * What an interactive session clusters and how.
 *
 * @param data the points as read (unscaled: the page shows these values)
 * @param dataName how the page names the data
 * @param imageWidth pixels per row when the points are images (IDX), 0 for other data
 * @param method the clustering method
 * @param values its parameters
 * @param scaling the feature scaling
 * @param clusters k
 * @param strategy the query strategy
 * @param seed the seed of every fit and every strategy's draws
 * @param threads worker threads of the fits
 */
public record SessionSettings(Dataset data, String dataName, int imageWidth, AlgorithmDescriptor method,
                              ParameterValues values, Scaling scaling, int clusters, QueryStrategy strategy, long seed,
                              int threads) {

    public SessionSettings {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(scaling, "scaling");
        Objects.requireNonNull(strategy, "strategy");
        if (imageWidth < 0 || (imageWidth > 0 && data.dimension() % imageWidth != 0)) {
            throw new IllegalArgumentException("Invalid image width " + imageWidth + " for " + data.dimension()
                    + " features");
        }
        if (clusters < 2) {
            throw new IllegalArgumentException("Invalid k: " + clusters + " (an active session needs at least 2 clusters)");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("Invalid threads: " + threads + " (must be >= 1)");
        }
    }

    /** The image width of IDX data: the side of a square image, else one row of pixels. */
    public static int imageWidthOf(int features) {
        int side = (int) Math.round(Math.sqrt(features));
        return side * side == features ? side : features;
    }
}
