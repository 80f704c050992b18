package io.csc.algorithm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a run reports besides its labels: warnings a user must see (a disconnected graph, a
 * solver that did not converge, infeasible constraints), named values (eigenvalues, parameters
 * chosen by a rule, sizes), and the time of each stage. Immutable once built; values are
 * numbers, strings, booleans, arrays, lists or maps, so they print as JSON.
 */
public final class Diagnostics {

    private final List<String> warnings;
    private final Map<String, Object> values;
    private final Map<String, Double> stageSeconds;

    private Diagnostics(List<String> warnings, Map<String, Object> values, Map<String, Double> stageSeconds) {
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.stageSeconds = Collections.unmodifiableMap(new LinkedHashMap<>(stageSeconds));
    }

    public static Diagnostics empty() {
        return new Diagnostics(List.of(), Map.of(), Map.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<String> warnings() {
        return warnings;
    }

    public Map<String, Object> values() {
        return values;
    }

    /** Seconds spent in each named stage, in the order the stages ran. */
    public Map<String, Double> stageSeconds() {
        return stageSeconds;
    }

    /** A named value, or null. */
    public Object value(String key) {
        return values.get(key);
    }

    @Override
    public String toString() {
        return "Diagnostics{warnings=" + warnings + ", values=" + values.keySet() + ", stages=" + stageSeconds + "}";
    }

    /** Collects diagnostics during a run (not thread-safe; one per run). */
    public static final class Builder {
        private final List<String> warnings = new ArrayList<>();
        private final Map<String, Object> values = new LinkedHashMap<>();
        private final Map<String, Double> stageSeconds = new LinkedHashMap<>();

        /** Adds {@code warning} unless the same text is already among the warnings. */
        public Builder warn(String warning) {
            if (!warnings.contains(warning)) {
                warnings.add(warning);
            }
            return this;
        }

        public Builder put(String key, Object value) {
            values.put(key, value);
            return this;
        }

        /** Records the eigensolver's status under {@code solver} (or {@code solver.<label>}). */
        public Builder solver(String label, SolverStatus status) {
            values.put(label == null ? "solver" : "solver." + label, status);
            if (!status.converged()) {
                warnings.add("The eigensolver " + status.solver() + (label == null ? "" : " (" + label + ")")
                        + " stopped after " + status.iterations() + " iterations at residual " + status.residual()
                        + " without reaching its tolerance; results may be inaccurate");
            }
            return this;
        }

        /** Runs {@code stage}, records its time under {@code name}, and returns its result. */
        public <T> T time(String name, Supplier<T> stage) {
            long start = System.nanoTime();
            try {
                return stage.get();
            } finally {
                stageSeconds.merge(name, (System.nanoTime() - start) / 1e9, Double::sum);
            }
        }

        /** Runs {@code stage} and records its time under {@code name}. */
        public void time(String name, Runnable stage) {
            time(name, () -> {
                stage.run();
                return null;
            });
        }

        /** Adds {@code seconds} to the stage {@code name}, timed elsewhere. */
        public Builder stage(String name, double seconds) {
            stageSeconds.merge(name, seconds, Double::sum);
            return this;
        }

        /** Adds the stage times of {@code other}, and nothing else of it. */
        public Builder stages(Diagnostics other) {
            other.stageSeconds.forEach((key, seconds) -> stageSeconds.merge(key, seconds, Double::sum));
            return this;
        }

        /** Adds the warnings (those not already here), values and stage times of {@code other}. */
        public Builder merge(Diagnostics other) {
            other.warnings.forEach(this::warn);
            values.putAll(other.values);
            return stages(other);
        }

        public Diagnostics build() {
            return new Diagnostics(warnings, values, stageSeconds);
        }
    }
}
