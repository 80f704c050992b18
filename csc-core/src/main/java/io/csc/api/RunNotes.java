package io.csc.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Facts that the building blocks of a run record for its diagnostics, such as how the neighbours
 * of a k-NN graph were found and their estimated recall, without every method passing its
 * diagnostics down to them. Thread-safe; a value recorded twice under one name keeps the last.
 */
public final class RunNotes {

    /** Notes that are dropped: the default of a context that no one reads. */
    public static final RunNotes NONE = new RunNotes(false);

    private final boolean kept;
    private final Map<String, Object> values = new LinkedHashMap<>();

    private RunNotes(boolean kept) {
        this.kept = kept;
    }

    /** An empty collector. */
    public static RunNotes collecting() {
        return new RunNotes(true);
    }

    /** Records {@code value} (a number, string, boolean, list or map, so that it prints as JSON) under {@code name}. */
    public synchronized void put(String name, Object value) {
        if (kept) {
            values.put(name, value);
        }
    }

    /** What was recorded, in the order first recorded. */
    public synchronized Map<String, Object> values() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
