package io.csc.cli;

import io.csc.constraint.ConstraintClosure;
import io.csc.constraint.ConstraintGenerator;
import io.csc.constraint.ConstraintReader;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import java.nio.file.Path;
import java.util.SplittableRandom;
import picocli.CommandLine.Option;

/** Where the supervision comes from: files, or points drawn from the ground truth. */
final class SupervisionOptions {

    /** The random stream of --known-pairs, apart from that of --known-labels. */
    private static final long PAIRS_STREAM = 0x9a125eedL;

    @Option(names = "--constraints", paramLabel = "FILE",
            description = "Pairwise constraints, CSV lines i,j,type[,weight]: 0-based rows, type ML/CL or 1/-1, weight in (0,1].")
    Path constraints;

    @Option(names = "--labels", paramLabel = "FILE",
            description = "Partial labels, CSV lines i,label[,confidence]: the labelled points' classes.")
    Path labels;

    @Option(names = "--groups", paramLabel = "FILE",
            description = "Groups of points known to belong together, one group per line (point indices).")
    Path groups;

    @Option(names = "--known-labels", paramLabel = "N",
            description = "Draw N labelled points at random from the ground truth (for experiments).")
    Integer knownLabels;

    @Option(names = "--known-fraction", paramLabel = "F",
            description = "Draw a fraction F of the points as labelled from the ground truth (for experiments).")
    Double knownFraction;

    @Option(names = "--known-pairs", paramLabel = "N",
            description = "Draw N random pairs of points from the ground truth, a must-link when the two share a "
                    + "class and a cannot-link otherwise (for experiments).")
    Integer knownPairs;

    @Option(names = "--on-inconsistent", defaultValue = "warn", paramLabel = "warn|fail",
            description = "What to do when a cannot-link falls inside a must-link component (default: ${DEFAULT-VALUE}).")
    String onInconsistent;

    /** The supervision for {@code data}; drawn points use a generator split from {@code seed}. */
    ConstraintSet build(Dataset data, long seed, java.io.PrintWriter err) {
        return build(data.size(), data.hasLabels() ? data.labels() : null, data.name(), seed, err);
    }

    /**
     * The supervision for {@code n} points named {@code dataName}, drawing known labels from
     * {@code truth} (null when the data has none).
     */
    ConstraintSet build(int n, int[] truth, String dataName, long seed, java.io.PrintWriter err) {
        String policy = onInconsistent.trim().toLowerCase(java.util.Locale.ROOT);
        if (!policy.equals("warn") && !policy.equals("fail")) {
            throw new IllegalArgumentException("Invalid --on-inconsistent '" + onInconsistent + "': expected warn or fail");
        }
        ConstraintSet set = ConstraintSet.empty(n);
        if (constraints != null) {
            set = set.plus(ConstraintReader.read(constraints, n, warning -> err.println("[csc] warning: " + warning)));
        }
        if (labels != null) {
            set = set.plus(ConstraintReader.readLabels(labels, n));
        }
        if (groups != null) {
            set = set.plus(ConstraintReader.readGroups(groups, n));
        }
        if (knownLabels != null && knownFraction != null) {
            throw new IllegalArgumentException("Give --known-labels or --known-fraction, not both");
        }
        if (knownLabels != null || knownFraction != null) {
            if (truth == null) {
                throw new IllegalArgumentException("--known-labels and --known-fraction draw from the ground truth, but "
                        + dataName + " has no label column; give --constraints, --labels or --groups instead");
            }
            SplittableRandom random = new SplittableRandom(seed ^ 0x5eed5eedL);
            set = set.plus(knownLabels != null
                    ? ConstraintGenerator.labelledPoints(truth, knownLabels, random)
                    : ConstraintGenerator.labelledFraction(truth, knownFraction, random));
        }
        if (knownPairs != null) {
            if (truth == null) {
                throw new IllegalArgumentException("--known-pairs draws from the ground truth, but " + dataName
                        + " has no label column; give --constraints, --labels or --groups instead");
            }
            long allPairs = (long) n * (n - 1) / 2;
            if (knownPairs < 0 || knownPairs > allPairs) {
                throw new IllegalArgumentException("Invalid --known-pairs: " + knownPairs + " (must be in [0, " + allPairs
                        + "], the number of pairs of the " + n + " points of " + dataName + ")");
            }
            set = set.plus(ConstraintGenerator.randomPairs(truth, knownPairs, new SplittableRandom(seed ^ PAIRS_STREAM)));
        }
        ConstraintClosure closure = ConstraintClosure.of(set);
        if (!closure.isConsistent()) {
            if (policy.equals("fail")) {
                closure.requireConsistent();
            }
            err.println("[csc] warning: " + closure.inconsistencies().size()
                    + " cannot-link constraints fall inside must-link components; continuing (--on-inconsistent=fail to stop)");
        }
        return set;
    }

    /**
     * Refuses labelled points of more classes than there are clusters: points of different
     * classes cannot share a cluster, so no clustering satisfies them.
     */
    void requireClassesWithin(ConstraintSet set, int clusters) {
        for (LabelledPoints block : set.labelledBlocks()) {
            if (block.cannotLinkBetweenClasses() && block.classCount() > clusters) {
                String source = labels != null ? labels + " names " : "the labelled points name ";
                throw new IllegalArgumentException(source + block.classCount() + " classes but k = "
                        + clusters + ": points of different classes cannot share a cluster; raise -k to at least "
                        + block.classCount() + ", or merge classes");
            }
        }
    }
}
