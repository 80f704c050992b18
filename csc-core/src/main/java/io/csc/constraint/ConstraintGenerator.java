package io.csc.constraint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Draws supervision from ground truth for experiments, following the protocols of the CSP-ML
 * paper (section 5): known labels (5.1), inconsistent triples (5.2), noisy constraints (5.3), soft
 * constraints from labels (5.4) and random soft pairs (5.5).
 *
 * <p>Every method takes a {@link SplittableRandom} and is deterministic for its state: the same
 * seed gives the same supervision. Ground truth is an array of class ids {@code >= 0}, one per
 * point. Labels stay a compact {@link LabelledPoints} block unless a method says otherwise.
 */
public final class ConstraintGenerator {

    /** The most implied pairs {@link #noisy} expands from labels and groups: 5 million. */
    public static final long NOISY_EXPANSION_LIMIT = 5_000_000L;

    private ConstraintGenerator() {
    }

    /**
     * Labels of {@code count} distinct points drawn uniformly without replacement (ascending), with
     * their true classes, as one hard labels block. Time {@code O(count)} expected, or
     * {@code O(n)} when {@code count > n / 4}.
     *
     * @throws IllegalArgumentException if {@code count < 0} or {@code count > n}
     */
    public static ConstraintSet labelledPoints(int[] truth, int count, SplittableRandom random) {
        checkTruth(truth);
        if (count < 0 || count > truth.length) {
            throw new IllegalArgumentException("Invalid labelled point count: " + count + " (must be in [0, "
                    + truth.length + "], the number of points)");
        }
        long[] chosen = sampleDistinct(truth.length, count, random);
        int[] points = new int[count];
        int[] classes = new int[count];
        for (int t = 0; t < count; t++) {
            points[t] = (int) chosen[t];
            classes[t] = truth[points[t]];
        }
        return ConstraintSet.fromLabels(truth.length, points, classes);
    }

    /**
     * {@link #labelledPoints} with {@code round(fraction * n)} points.
     *
     * @throws IllegalArgumentException if {@code fraction} is outside [0, 1]
     */
    public static ConstraintSet labelledFraction(int[] truth, double fraction, SplittableRandom random) {
        checkFraction(fraction, "labelled fraction");
        return labelledPoints(truth, (int) Math.round(fraction * truth.length), random);
    }

    /**
     * {@code count} distinct unordered pairs drawn uniformly from all {@code n(n-1)/2}, each a hard
     * must-link if the truth puts its points in one class and a cannot-link otherwise; sorted by
     * first then second point, {@code first < second}. Combined with {@link #soft}, this is the
     * "soft edge" setting of CSP-ML 5.5. Time {@code O(count log count)} expected.
     *
     * @throws IllegalArgumentException if {@code count < 0} or more than {@code n(n-1)/2}
     */
    public static ConstraintSet randomPairs(int[] truth, int count, SplittableRandom random) {
        checkTruth(truth);
        int n = truth.length;
        long allPairs = (long) n * (n - 1) / 2;
        if (count < 0 || count > allPairs) {
            throw new IllegalArgumentException("Invalid pair count: " + count + " (must be in [0, " + allPairs
                    + "], the number of pairs of " + n + " points)");
        }
        long[] chosen = sampleDistinct(allPairs, count, random);
        // Pair index k = j(j-1)/2 + i with i < j; re-key as i * n + j to sort by first point.
        long[] keys = new long[count];
        for (int t = 0; t < count; t++) {
            long index = chosen[t];
            long second = (long) ((1 + Math.sqrt(1 + 8.0 * index)) / 2);
            while (second * (second - 1) / 2 > index) {
                second--;
            }
            while ((second + 1) * second / 2 <= index) {
                second++;
            }
            long first = index - second * (second - 1) / 2;
            keys[t] = first * n + second;
        }
        Arrays.sort(keys);
        List<Constraint> pairs = new ArrayList<>(count);
        for (long key : keys) {
            int first = (int) (key / n);
            int second = (int) (key % n);
            pairs.add(truth[first] == truth[second] ? Constraint.mustLink(first, second)
                    : Constraint.cannotLink(first, second));
        }
        return ConstraintSet.ofPairs(n, pairs);
    }

    /**
     * Flips the type of {@code round(fraction * pairs)} pairs chosen uniformly without replacement,
     * keeping their weights: CSP-ML 5.3's "70% correct constraints and 30% noisy constraints" is
     * {@code noisy(labels, 0.3, random)}. A flipped must-link becomes a cannot-link between points
     * of one class, and the reverse, so exactly that fraction of the pairs is wrong when the input
     * agreed with the truth.
     *
     * <p>The result is explicit pairs only: label and group blocks are expanded (in
     * {@link ConstraintSet#forEachPair} order) because flipping pairs breaks the class structure.
     * Expansion is refused above {@link #NOISY_EXPANSION_LIMIT} implied pairs; perturb large label
     * sets with {@link #withLabelNoise} instead. Time and memory {@code O(pairs)}.
     *
     * @throws IllegalArgumentException if {@code fraction} is outside [0, 1] or the blocks imply too
     *         many pairs
     */
    public static ConstraintSet noisy(ConstraintSet set, double fraction, SplittableRandom random) {
        checkFraction(fraction, "noise fraction");
        long implied = set.pairCount() - set.pairs().size();
        if (implied > NOISY_EXPANSION_LIMIT) {
            throw new IllegalArgumentException("Cannot add pair noise: the labels and groups imply " + implied
                    + " pairs, more than the " + NOISY_EXPANSION_LIMIT
                    + " this expands to flip some; use withLabelNoise to mislabel points in compact form instead");
        }
        List<Constraint> pairs = new ArrayList<>(set.allPairs(set.pairs().size() + implied));
        int flips = (int) Math.round(fraction * pairs.size());
        for (long index : sampleDistinct(pairs.size(), flips, random)) {
            pairs.set((int) index, pairs.get((int) index).flipped());
        }
        return ConstraintSet.ofPairs(set.pointCount(), pairs);
    }

    /**
     * Label noise in compact form: {@code round(fraction * m)} of the {@code m} points of the labels
     * blocks, chosen uniformly without replacement, get a class drawn uniformly among the
     * {@code classCount - 1} others. Blocks stay blocks (with their confidences), so this scales to
     * any number of labels; groups blocks and explicit pairs are kept as they are.
     *
     * <p>The fraction is of points, not of pairs (unlike {@link #noisy}): a mislabelled point
     * corrupts its must-links and the cannot-links to its new class, so for a small fraction
     * {@code f} at most about {@code 2f} of the implied pairs become wrong, depending on class sizes.
     * Time {@code O(m)}.
     *
     * @param classCount the number of classes to draw from, at least 2 and more than every class id
     *        of the blocks
     * @throws IllegalArgumentException for a fraction outside [0, 1] or a bad class count
     */
    public static ConstraintSet withLabelNoise(ConstraintSet set, double fraction, int classCount,
                                               SplittableRandom random) {
        checkFraction(fraction, "label noise fraction");
        if (classCount < 2) {
            throw new IllegalArgumentException("Invalid class count: " + classCount
                    + " (must be >= 2 to give a point a different class)");
        }
        long labelled = 0;
        for (LabelledPoints block : set.labelledBlocks()) {
            if (block.cannotLinkBetweenClasses()) {
                if (block.classCount() > classCount) {
                    throw new IllegalArgumentException("Invalid class count: " + classCount + " (the labels use class id "
                            + (block.classCount() - 1) + ")");
                }
                labelled += block.size();
            }
        }
        long[] chosen = sampleDistinct(labelled, (int) Math.round(fraction * labelled), random);
        List<LabelledPoints> blocks = new ArrayList<>();
        int next = 0;
        long offset = 0;
        for (LabelledPoints block : set.labelledBlocks()) {
            if (!block.cannotLinkBetweenClasses()) {
                blocks.add(block);
                continue;
            }
            int[] classes = block.classes();
            while (next < chosen.length && chosen[next] < offset + block.size()) {
                int position = (int) (chosen[next++] - offset);
                int other = random.nextInt(classCount - 1);
                classes[position] = other >= classes[position] ? other + 1 : other;
            }
            offset += block.size();
            blocks.add(new LabelledPoints(block.points(), classes, true, block.confidences()));
        }
        return ConstraintSet.of(set.pointCount(), set.pairs(), blocks);
    }

    /**
     * Adds {@code triples} inconsistent triples {@code ML(a, b), ML(b, c), CL(a, c)} as hard explicit
     * pairs to {@code set} (CSP-ML 5.2 adds {@code round(0.08 x)} of them to {@code x} known labels).
     *
     * <p>The paper says inconsistency "can appear because of errors in a set of labels" and
     * chooses the triples at random. We read this as one error per triple: {@code a} is drawn
     * uniformly among the points whose true class has another point, {@code b} uniformly among the
     * other points of that class, and {@code c} uniformly among all points but {@code a} and
     * {@code b}. Then {@code ML(a, b)} is true and exactly one of the other two is wrong:
     * {@code CL(a, c)} when {@code c} shares the class, {@code ML(b, c)} otherwise. The triples are
     * drawn over all points, not only the labelled ones, as extra (wrong) supervision. Time
     * {@code O(n + triples)}.
     *
     * @throws IllegalArgumentException if {@code triples < 0}, the truth does not match the set, or
     *         no class has two points (or there are fewer than 3 points) while triples are asked for
     */
    public static ConstraintSet inconsistentTriples(ConstraintSet set, int[] truth, int triples,
                                                    SplittableRandom random) {
        checkTruth(truth);
        int n = truth.length;
        if (n != set.pointCount()) {
            throw new IllegalArgumentException("Truth for " + n + " points but constraints on " + set.pointCount());
        }
        if (triples < 0) {
            throw new IllegalArgumentException("Invalid triple count: " + triples + " (must be >= 0)");
        }
        if (triples == 0) {
            return set;
        }
        int[][] classMembers = LabelledPoints.hard(identity(n), truth, true).members();
        int eligibleCount = 0;
        for (int[] members : classMembers) {
            eligibleCount += members.length >= 2 ? members.length : 0;
        }
        if (eligibleCount == 0 || n < 3) {
            throw new IllegalArgumentException("Cannot draw inconsistent triples: they need 3 points with two of one class");
        }
        int[] eligible = new int[eligibleCount];
        int fill = 0;
        for (int[] members : classMembers) {
            if (members.length >= 2) {
                System.arraycopy(members, 0, eligible, fill, members.length);
                fill += members.length;
            }
        }
        List<Constraint> pairs = new ArrayList<>(3 * triples);
        for (int t = 0; t < triples; t++) {
            int a = eligible[random.nextInt(eligibleCount)];
            int[] sameClass = classMembers[truth[a]];
            int b = sameClass[random.nextInt(sameClass.length - 1)];
            if (b == a) {
                b = sameClass[sameClass.length - 1];
            }
            int c;
            do {
                c = random.nextInt(n);
            } while (c == a || c == b);
            pairs.add(Constraint.mustLink(a, b));
            pairs.add(Constraint.mustLink(b, c));
            pairs.add(Constraint.cannotLink(a, c));
        }
        return set.plus(ConstraintSet.ofPairs(n, pairs));
    }

    /**
     * Soft supervision with degrees uniform in {@code [low, high]} (CSP-ML 5.4 and 5.5 use
     * [0.7, 1.0]): each explicit pair gets its own weight, in order; each point of a labels or
     * groups block gets a confidence, so an implied pair weighs {@code sqrt(c_a c_b)}, also in
     * {@code [low, high]}.
     *
     * <p>Per-point confidences rather than independent per-pair weights: they keep the blocks
     * compact (a weight per implied pair would mean enumerating them) and the weighted constraint
     * matrix of rank one per class, which methods using the class structure rely on. The price is
     * that the weights of pairs sharing a point are correlated, and their distribution is not
     * exactly uniform. Time {@code O(pairs + labelled points)}.
     *
     * @throws IllegalArgumentException unless {@code 0 < low <= high <= 1}
     */
    public static ConstraintSet soft(ConstraintSet set, double low, double high, SplittableRandom random) {
        if (!(low > 0 && low <= high && high <= 1)) {
            throw new IllegalArgumentException("Invalid soft weight range: [" + low + ", " + high
                    + "] (need 0 < low <= high <= 1)");
        }
        List<Constraint> pairs = new ArrayList<>(set.pairs().size());
        for (Constraint pair : set.pairs()) {
            pairs.add(pair.withWeight(uniform(low, high, random)));
        }
        List<LabelledPoints> blocks = new ArrayList<>();
        for (LabelledPoints block : set.labelledBlocks()) {
            double[] confidences = new double[block.size()];
            for (int t = 0; t < confidences.length; t++) {
                confidences[t] = uniform(low, high, random);
            }
            blocks.add(new LabelledPoints(block.points(), block.classes(), block.cannotLinkBetweenClasses(), confidences));
        }
        return ConstraintSet.of(set.pointCount(), pairs, blocks);
    }

    /** A value in [low, high], exactly {@code low} when they are equal. */
    private static double uniform(double low, double high, SplittableRandom random) {
        return low + (high - low) * random.nextDouble();
    }

    /**
     * {@code count} distinct values drawn uniformly from {@code [0, range)}, ascending: a partial
     * Fisher-Yates shuffle when they are dense (time {@code O(range)}), Floyd's algorithm otherwise
     * (expected time {@code O(count)}, no rejection loop).
     */
    static long[] sampleDistinct(long range, int count, SplittableRandom random) {
        if (count < 0 || count > range) {
            throw new IllegalArgumentException("Cannot draw " + count + " distinct values from " + range);
        }
        long[] chosen = new long[count];
        if (range <= 4L * count && range <= Integer.MAX_VALUE - 8) {
            int[] order = identity((int) range);
            for (int t = 0; t < count; t++) {
                int swap = t + random.nextInt(order.length - t);
                int value = order[swap];
                order[swap] = order[t];
                order[t] = value;
                chosen[t] = value;
            }
        } else {
            Set<Long> drawn = new HashSet<>(2 * count);
            int fill = 0;
            for (long j = range - count; j < range; j++) {
                long value = random.nextLong(j + 1);
                if (!drawn.add(value)) {
                    value = j;
                    drawn.add(value);
                }
                chosen[fill++] = value;
            }
        }
        Arrays.sort(chosen);
        return chosen;
    }

    private static int[] identity(int size) {
        int[] values = new int[size];
        for (int t = 0; t < size; t++) {
            values[t] = t;
        }
        return values;
    }

    private static void checkTruth(int[] truth) {
        if (truth == null) {
            throw new IllegalArgumentException("Ground truth missing");
        }
        for (int point = 0; point < truth.length; point++) {
            if (truth[point] < 0) {
                throw new IllegalArgumentException("Invalid ground truth: class " + truth[point] + " of point "
                        + point + " (class ids must be >= 0)");
            }
        }
    }

    private static void checkFraction(double fraction, String name) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("Invalid " + name + ": " + fraction + " (must be in [0, 1])");
        }
    }
}
