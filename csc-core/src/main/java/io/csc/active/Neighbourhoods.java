package io.csc.active;

import io.csc.constraint.ComponentPair;
import io.csc.constraint.ConstraintClosure;
import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The skeleton of Explore-Consolidate and its successors: neighbourhoods, sets of points known to
 * belong together, every two of them known to belong apart. Derived from the answers alone, so a
 * strategy keeps no state between questions: the must-link components of the closure, taken
 * greedily (largest first, then by smallest member) when a cannot-link separates them from every
 * component taken before.
 *
 * <p>With k clusters sought and k neighbourhoods found, a component that cannot-links separate
 * from k - 1 of them joins the last one: every clustering into k clusters that satisfies the
 * answers puts the k neighbourhoods in k different clusters, so it must put the component with
 * the one it is not separated from. The rule is applied until nothing more joins. It saves the
 * last question of every point asked against the neighbourhoods in the wrong order: with k = 2
 * a single answer places a point.
 *
 * <p>Memory O(n + P) for P separated component pairs; time O(n + C λ log C + P) for C
 * components and λ neighbourhoods, plus O(P) per round of the rule.
 */
final class Neighbourhoods {

    private final AnswerLog log;
    private final int[][] members;
    /** The closure components of each neighbourhood: the one it was founded on, then those joined by the rule. */
    private final int[][] components;
    /** Neighbourhood of each closure component, -1 for none. */
    private final int[] neighbourhoodOfComponent;
    /** {@code component * λ + t} for every component a cannot-link separates from neighbourhood t. */
    private final Set<Long> separated;

    private Neighbourhoods(AnswerLog log, int[][] members, int[][] components, int[] neighbourhoodOfComponent,
                           Set<Long> separated) {
        this.log = log;
        this.members = members;
        this.components = components;
        this.neighbourhoodOfComponent = neighbourhoodOfComponent;
        this.separated = separated;
    }

    /** The neighbourhoods of what transitivity implies, with no number of clusters assumed. */
    static Neighbourhoods of(AnswerLog log) {
        return of(log, 0);
    }

    /**
     * The neighbourhoods of the answers when {@code clusters} clusters are sought (see the class
     * comment; 0 or less: no number assumed, transitivity alone).
     */
    static Neighbourhoods of(AnswerLog log, int clusters) {
        ConstraintClosure closure = log.closure();
        int count = closure.componentCount();
        Integer[] order = new Integer[count];
        for (int c = 0; c < count; c++) {
            order[c] = c;
        }
        Arrays.sort(order, Comparator.comparingInt((Integer c) -> -closure.componentSize(c)).thenComparingInt(c -> c));
        int[] neighbourhoodOfComponent = new int[count];
        Arrays.fill(neighbourhoodOfComponent, -1);
        List<ComponentPair> apart = closure.cannotLinkedComponentPairs();
        boolean[] isSeparated = new boolean[count];
        for (ComponentPair pair : apart) {
            isSeparated[pair.first()] = true;
            isSeparated[pair.second()] = true;
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
            if (apartFromAll && (closure.componentSize(component) > 1 || !chosen.isEmpty() || isSeparated[component])) {
                neighbourhoodOfComponent[component] = chosen.size();
                chosen.add(component);
            }
        }
        int lambda = chosen.size();
        List<List<Integer>> joined = new ArrayList<>();
        for (int t = 0; t < lambda; t++) {
            joined.add(new ArrayList<>(List.of(chosen.get(t))));
        }
        Set<Long> separated = new HashSet<>();
        int[] separations = new int[count];
        boolean inferring = lambda > 0 && lambda == clusters;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ComponentPair pair : apart) {
                note(separated, separations, pair.first(), neighbourhoodOfComponent[pair.second()], lambda);
                note(separated, separations, pair.second(), neighbourhoodOfComponent[pair.first()], lambda);
            }
            if (!inferring) {
                break;
            }
            for (int component = 0; component < count; component++) {
                if (neighbourhoodOfComponent[component] < 0 && separations[component] == lambda - 1) {
                    int last = 0;
                    while (separated.contains((long) component * lambda + last)) {
                        last++;
                    }
                    neighbourhoodOfComponent[component] = last;
                    joined.get(last).add(component);
                    changed = true;
                }
            }
        }
        int[][] members = new int[lambda][];
        int[][] components = new int[lambda][];
        for (int t = 0; t < lambda; t++) {
            components[t] = joined.get(t).stream().mapToInt(Integer::intValue).toArray();
            int size = 0;
            for (int component : components[t]) {
                size += closure.componentSize(component);
            }
            members[t] = new int[size];
            int at = 0;
            for (int component : components[t]) {
                int[] points = closure.component(component);
                System.arraycopy(points, 0, members[t], at, points.length);
                at += points.length;
            }
        }
        return new Neighbourhoods(log, members, components, neighbourhoodOfComponent, separated);
    }

    /** Records that {@code component} is separated from neighbourhood {@code t} (nothing for t < 0). */
    private static void note(Set<Long> separated, int[] separations, int component, int t, int lambda) {
        if (t >= 0 && separated.add((long) component * lambda + t)) {
            separations[component]++;
        }
    }

    /** λ, the number of neighbourhoods. */
    int count() {
        return members.length;
    }

    /** The members of neighbourhood {@code t}. Shared: do not modify. */
    int[] members(int t) {
        return members[t];
    }

    /** The neighbourhood of {@code point}, or -1. */
    int of(int point) {
        int component = log.closure().componentOf(point);
        return component < 0 ? -1 : neighbourhoodOfComponent[component];
    }

    /** True if the answers say whether {@code point} belongs to neighbourhood {@code t}. */
    boolean isDecided(int point, int t) {
        int component = log.closure().componentOf(point);
        return component >= 0 && (neighbourhoodOfComponent[component] >= 0
                || separated.contains((long) component * members.length + t));
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
     * True if {@code point} may still be asked about neighbourhood {@code t}: the answers do not
     * say whether it belongs there, and some member was not asked about it yet. Time O(|N_t|),
     * no distance computed.
     */
    boolean isOpen(int point, int t) {
        if (isDecided(point, t)) {
            return false;
        }
        for (int member : members[t]) {
            if (!log.wasAsked(point, member)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The member of neighbourhood {@code t} nearest to {@code point} that {@code point} was not
     * asked about yet, or -1 when the answers say whether the point belongs there ({@link
     * #isDecided}) or every pair with its members was asked.
     */
    int openMember(Dataset points, int point, int t) {
        if (isDecided(point, t)) {
            return -1;
        }
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int member : members[t]) {
            if (log.wasAsked(point, member)) {
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
        double sum = 0;
        for (int c = 0; c < d; c++) {
            double mean = 0;
            for (int member : members[t]) {
                mean += points.feature(member, c);
            }
            double difference = points.feature(point, c) - mean / members[t].length;
            sum += difference * difference;
        }
        return sum;
    }
}
