package io.csc.server;

import io.csc.active.QueryStrategies;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Scaling;

/** The session the server tests serve: Wine, scacs, k = 3. */
final class ServerFixture {

    static final Dataset WINE = BundledData.load("wine");

    private ServerFixture() {
    }

    static SessionSettings wine(String strategy) {
        return new SessionSettings(WINE, "wine", 0, AlgorithmRegistry.byName("scacs"), ParameterValues.EMPTY,
                Scaling.ZSCORE, 3, QueryStrategies.byName(strategy), 42L, 1);
    }
}
