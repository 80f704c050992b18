package io.csc.algorithm.spectral;

import io.csc.algorithm.Diagnostics;
import io.csc.graph.AffinityGraph;
import io.csc.graph.GraphConnectivity;

/** What every graph-based method reports about its graph: σ, the number of components, and a warning when disconnected. */
public final class GraphReport {

    private GraphReport() {
    }

    /** Records the graph's σ and components, and warns when the graph of n points is disconnected. */
    public static void record(Diagnostics.Builder diagnostics, AffinityGraph graph, int n) {
        record(diagnostics, graph.sigma(), graph.components(), n);
    }

    /** Records {@code sigma} and {@code graphComponents}, and warns when the graph of n points is disconnected. */
    public static void record(Diagnostics.Builder diagnostics, double sigma, int components, int n) {
        diagnostics.put("sigma", sigma).put("graphComponents", components);
        String warning = GraphConnectivity.warning(components, n);
        if (warning != null) {
            diagnostics.warn(warning);
        }
    }
}
