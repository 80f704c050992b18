package io.csc.active;

import io.csc.constraint.ComponentPair;
import io.csc.constraint.ConstraintClosure;
import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The skeleton of Explore-Consolidate and its successors: neighbourhoods, sets of points known to
 * belong together, every two of them known to belong apart. Derived from the answers alone, so a
 * strategy keeps no state between questions: the must-link components of the closure, taken
 * greedily (largest first, then by smallest member) when a cannot-link separates them from every
 * component taken before.
 *
 * <p>Memory O(n); time O(n + C λ log P) for C components, λ neighbourhoods and P separated pairs.
 */
final class Neighbourhoods {

    private final AnswerLog log;
    private final int[][] members;
    /** Neighbourhood of each closure component, -1 for none. */
    private final int[] neighbourhoodOfComponent;

    private Neighbourhoods(AnswerLog log, int[][] members, int[] neighbourhoodOfComponent) {
        this.log = log;
        this.members = members;
        this.neighbourhoodOfComponent = neighbourhoodOfComponent;
    }

    static Neighbourhoods of(AnswerLog log) {
        ConstraintClosure closure = log.closure();
        int count = closure.componentCount();
        Integer[] order = new Integer[count];
        for (int c = 0; c < count; c++) {
            order[c] = c;
        }
        Arrays.sort(order, Comparator.comparingInt((Integer c) -> -closure.componentSize(c)).thenComparingInt(c -> c));
        int[] neighbourhoodOfComponent = new int[count];
        Arrays.fill(neighbourhoodOfComponent, -1);
        boolean[] separated = new boolean[count];
        for (ComponentPair pair : closure.cannotLinkedComponentPairs()) {
            separated[pair.first()] = true;
            separated[pair.second()] = true;
        }
        List<Integer> chosen = new ArrayList<>();
        for (int component : order) {
            boolean apartFromAll = true;
            for (int other : chosen) {
                if (!closure.areCannotLinked(component, other)) {
                    apartFromAll = false;
                    break;
                }
            }
            // A lone point is a neighbourhood only once something separates it: the first one needs a cannot-link too.
            if (apartFromAll && (closure.componentSize(component) > 1 || !chosen.isEmpty() || separated[component])) {
                neighbourhoodOfComponent[component] = chosen.size();
                chosen.add(component);
            }
        }
        int[][] members = new int[chosen.size()][];
        for (int t = 0; t < members.length; t++) {
            members[t] = closure.component(chosen.get(t));
        }
        return new Neighbourhoods(log, members, neighbourhoodOfComponent);
    }

    /** λ, the number of neighbourhoods. */
    int count() {
        return members.length;
    }

    /** The members of neighbourhood {@code t}, ascending. Shared: do not modify. */
    int[] members(int t) {
        return members[t];
    }

    /** The neighbourhood of {@code point}, or -1. */
    int of(int point) {
        int component = log.closure().componentOf(point);
        return component < 0 ? -1 : neighbourhoodOfComponent[component];
    }

    /** Every point of every neighbourhood. */
    int[] allPoints() {
        int total = 0;
        for (int[] neighbourhood : members) {
            total += neighbourhood.length;
        }
        int[] all = new int[total];
        int at = 0;
        for (int[] neighbourhood : members) {
            System.arraycopy(neighbourhood, 0, all, at, neighbourhood.length);
            at += neighbourhood.length;
        }
        return all;
    }

    /**
     * The member of neighbourhood {@code t} nearest to {@code point} among those {@code point} may
     * still be asked about, or -1 when the neighbourhood is decided for it (or every pair was asked).
     */
    int openMember(Dataset points, int point, int t) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int member : members[t]) {
            if (!log.isOpen(point, member)) {
                if (log.isDecided(point, member)) {
                    return -1;
                }
                continue;
            }
            double distance = Distances.squared(points, point, member);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = member;
            }
        }
        return best;
    }

    /** The smallest squared distance from {@code point} to a member of neighbourhood {@code t}. */
    double nearestMemberDistance(Dataset points, int point, int t) {
        double best = Double.POSITIVE_INFINITY;
        for (int member : members[t]) {
            best = Math.min(best, Distances.squared(points, point, member));
        }
        return best;
    }

    /** The squared distance from {@code point} to the mean of neighbourhood {@code t}. */
    double centroidDistance(Dataset points, int point, int t) {
        int d = points.dimension();
        double[] features = points.features();
        double sum = 0;
        for (int c = 0; c < d; c++) {
            double mean = 0;
            for (int member : members[t]) {
                mean += features[member * d + c];
            }
            double difference = features[point * d + c] - mean / members[t].length;
            sum += difference * difference;
        }
        return sum;
    }
}
