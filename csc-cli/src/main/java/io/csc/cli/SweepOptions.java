package io.csc.cli;

import io.csc.experiment.ExperimentPlan;
import io.csc.experiment.SupervisionAmount;
import java.util.List;
import picocli.CommandLine.Option;

/** The amounts of supervision of a sweep and its repetitions. */
final class SweepOptions {

    /** The amounts when none are given: 5, 10 and 20% of the points. */
    static final String DEFAULT_FRACTIONS = "0.05,0.1,0.2";

    @Option(names = "--known", paramLabel = "N[,N...]",
            description = "Amounts of supervision as counts: labelled points, or pairs for --kind pairs (e.g. 30,75,120,165).")
    String counts;

    @Option(names = "--known-fraction", paramLabel = "F[,F...]",
            description = "Amounts as fractions of the points, e.g. 0.05,0.1 (default: " + DEFAULT_FRACTIONS
                    + "); for the pair kinds, F means round(F n) pairs.")
    String fractions;

    @Option(names = "--repeats", defaultValue = "" + ExperimentPlan.DEFAULT_REPEATS, paramLabel = "R",
            description = "Repetitions, each with a new draw of supervision (default: ${DEFAULT-VALUE}).")
    int repeats;

    /** The amounts asked for, the default fractions when none were given. */
    List<SupervisionAmount> amounts() {
        if (counts != null && fractions != null) {
            throw new IllegalArgumentException("Give --known or --known-fraction, not both");
        }
        requireRepeats(repeats);
        return counts != null ? SupervisionAmount.parseList(counts, false)
                : SupervisionAmount.parseList(fractions != null ? fractions : DEFAULT_FRACTIONS, true);
    }

    /**
     * Refuses fewer than one repetition.
     *
     * @throws IllegalArgumentException naming {@code --repeats} and its value
     */
    static void requireRepeats(int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("Invalid --repeats: " + repeats + " (must be >= 1)");
        }
    }
}
