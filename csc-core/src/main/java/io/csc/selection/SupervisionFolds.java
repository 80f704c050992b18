package io.csc.selection;

import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Splits supervision into folds without leaks (Pourrajabi, Moulavi, Campello, Zimek, Sander and
 * Goebel, "Model selection for semi-supervised clustering", EDBT 2014).
 *
 * <ul>
 * <li>Labelled points and groups: the points of each class are shuffled and dealt in turn into the
 *     folds (stratified), so every fold sees every class in proportion. Fold f trains on the other
 *     folds' points; its held-out constraints are the implied pairs with a point of fold f.</li>
 * <li>Explicit pairs: the must-link components (transitive closure of the must-links) are dealt into
 *     the folds, whole. Fold f trains on the pairs that touch no component of fold f; its held-out
 *     constraints are the pairs that do. A held-out must-link therefore lies inside a component no
 *     training pair touches, and a held-out cannot-link has an endpoint no training pair names: no
 *     held-out answer is implied by the training pairs through transitivity, and every held-out
 *     constraint asks where a point without supervision was placed, which is exactly what a
 *     collapse gets wrong.</li>
 * <li>When the must-links join the pairs' points into too few components for folds, and the
 *     supervision is more than a handful ({@link #isHandful}; labels whose implied pairs were
 *     written out and some flipped: the flipped must-links join every class into one), each
 *     point of a pair is dealt alone. Fold f trains on the pairs with no point in fold f,
 *     so every held-out pair still has an endpoint no training pair names, and nothing about where
 *     that point goes is implied by the training pairs. Without it such supervision gave no folds
 *     and the guard could not check the method at all (docs/results/99h-no-evidence.md).</li>
 * </ul>
 */
public final class SupervisionFolds {

    /** The fewest labelled points plus must-link components in each fold for a split to be made. */
    public static final int MINIMUM_PER_FOLD = 2;

    private SupervisionFolds() {
    }

    /**
     * What {@code folds}-fold selection needs, for messages: "3-fold selection needs at least 6
     * labelled points or must-link components".
     */
    public static String needs(int folds) {
        return folds + "-fold selection needs at least " + MINIMUM_PER_FOLD * folds
                + " labelled points or must-link components";
    }

    /**
     * Whether the supervision is a handful: fewer than twice {@link #MINIMUM_PER_FOLD} constrained
     * points per fold (12 for 3 folds: 2 to 5 labels, or up to 5 pairs). A handful that gives no
     * folds is too little to check a method with ({@code SelectedFit}). Many constrained points can
     * give no folds too, when their must-links join them into a few components (labels written out
     * as pairs with some flipped join every class into one); their points are then dealt one by one
     * ({@link #split}).
     */
    public static boolean isHandful(ConstraintSet constraints, int folds) {
        return constraints.constrainedPoints().length < 2 * MINIMUM_PER_FOLD * folds;
    }

    /** The folds, or empty when the supervision has fewer than {@link #MINIMUM_PER_FOLD} units per fold. */
    public static Optional<List<SupervisionFold>> split(ConstraintSet constraints, int folds, SplittableRandom random) {
        if (folds < 2) {
            throw new IllegalArgumentException("Invalid fold count: " + folds + " (must be >= 2)");
        }
        int n = constraints.pointCount();
        int[] foldOfPoint = new int[n];
        Arrays.fill(foldOfPoint, -1);
        int labelled = dealLabelledPoints(constraints, folds, foldOfPoint, random);
        int[] component = pairComponents(constraints.pairs(), n);
        int[] componentFold = dealPairComponents(constraints.pairs(), component, folds, random);
        if (labelled + componentFold[n] < MINIMUM_PER_FOLD * folds && !isHandful(constraints, folds)) {
            // must-links that join many points into a few components: each point dealt alone
            component = pairComponents(List.of(), n);
            componentFold = dealPairComponents(constraints.pairs(), component, folds, random);
        }
        int units = labelled + componentFold[n];
        if (units < MINIMUM_PER_FOLD * folds) {
            return Optional.empty();
        }
        List<SupervisionFold> result = new ArrayList<>(folds);
        for (int f = 0; f < folds; f++) {
            // the training part keeps its points with their own indices (-1: held out)
            int[] kept = new int[n];
            for (int i = 0; i < n; i++) {
                kept[i] = foldOfPoint[i] != f ? i : -1;
            }
            List<Constraint> trainingPairs = new ArrayList<>();
            for (Constraint pair : constraints.pairs()) {
                if (componentFold[component[pair.first()]] != f && componentFold[component[pair.second()]] != f) {
                    trainingPairs.add(pair);
                }
            }
            List<LabelledPoints> trainingBlocks = new ArrayList<>();
            for (LabelledPoints block : constraints.labelledBlocks()) {
                trainingBlocks.add(block.restricted(kept));
            }
            result.add(new SupervisionFold(constraints, ConstraintSet.of(n, trainingPairs, trainingBlocks)));
        }
        return Optional.of(result);
    }

    /** Deals every labelled point into a fold, class by class; returns how many were dealt. */
    private static int dealLabelledPoints(ConstraintSet constraints, int folds, int[] foldOfPoint,
                                          SplittableRandom random) {
        int dealt = 0;
        int next = random.nextInt(folds);
        for (LabelledPoints block : constraints.labelledBlocks()) {
            int classes = Arrays.stream(block.classes()).max().orElse(-1) + 1;
            List<List<Integer>> byClass = new ArrayList<>();
            for (int c = 0; c < classes; c++) {
                byClass.add(new ArrayList<>());
            }
            int[] points = block.points();
            int[] pointClasses = block.classes();
            for (int t = 0; t < points.length; t++) {
                byClass.get(pointClasses[t]).add(points[t]);
            }
            for (List<Integer> members : byClass) {
                int[] order = shuffled(members.stream().mapToInt(Integer::intValue).toArray(), random);
                for (int point : order) {
                    foldOfPoint[point] = next;
                    next = (next + 1) % folds;
                    dealt++;
                }
            }
        }
        return dealt;
    }

    /**
     * The fold of each must-link component of the pairs, indexed by the component's root point;
     * entry n holds the number of components dealt. Points in no pair get fold -1.
     */
    private static int[] dealPairComponents(List<Constraint> pairs, int[] component, int folds,
                                            SplittableRandom random) {
        int n = component.length;
        boolean[] used = new boolean[n];
        for (Constraint pair : pairs) {
            used[component[pair.first()]] = true;
            used[component[pair.second()]] = true;
        }
        int count = 0;
        for (boolean root : used) {
            count += root ? 1 : 0;
        }
        int[] roots = new int[count];
        int filled = 0;
        for (int i = 0; i < n; i++) {
            if (used[i]) {
                roots[filled++] = i;
            }
        }
        int[] fold = new int[n + 1];
        Arrays.fill(fold, -1);
        int[] order = shuffled(roots, random);
        for (int t = 0; t < order.length; t++) {
            fold[order[t]] = t % folds;
        }
        fold[n] = count;
        return fold;
    }

    /**
     * The root point of each point's must-link component among the pairs (itself when in none;
     * every point its own with no pairs).
     */
    private static int[] pairComponents(List<Constraint> pairs, int n) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (Constraint pair : pairs) {
            if (pair.isMustLink()) {
                int a = root(parent, pair.first());
                int b = root(parent, pair.second());
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            parent[i] = root(parent, i);
        }
        return parent;
    }

    private static int root(int[] parent, int point) {
        int root = point;
        while (parent[root] != root) {
            root = parent[root];
        }
        while (parent[point] != root) {
            int next = parent[point];
            parent[point] = root;
            point = next;
        }
        return root;
    }

    private static int[] shuffled(int[] values, SplittableRandom random) {
        int[] copy = values.clone();
        for (int i = copy.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = copy[i];
            copy[i] = copy[j];
            copy[j] = swap;
        }
        return copy;
    }
}
