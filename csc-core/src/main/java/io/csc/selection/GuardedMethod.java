package io.csc.selection;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Collapse;
import io.csc.algorithm.Diagnostics;
import io.csc.algorithm.ParameterValues;
import io.csc.algorithm.njw.NormalizedSpectralClustering;
import io.csc.algorithm.seededkmeans.SeededKMeans;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.constraint.LabelledPoints;
import io.csc.data.Dataset;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A constrained method guarded by simple references ({@code select=guard}, and {@code select=auto},
 * the default, up to {@link #LIMIT} points): the method as set, or a reference when it answers
 * held-out supervision better ({@link CrossValidation}: three folds of the supervision, pairwise
 * F-measure of the held-out must-links and cannot-links; among candidates within
 * one standard error of the best, the most stable across the folds, or of those within 0.02 of
 * that stability the first in the order below, the method first, or on weak evidence NJW's dense
 * reference first, {@link #neutral}; up to {@link #DENSE_LIMIT} points the k-NN reference only
 * where it leads clearly, {@link #fallback}).
 *
 * <p>The references are the simplest uses of the same supervision, each seeded by the labelled
 * classes with pairs and groups as penalties: up to {@link #DENSE_LIMIT} points {@code seeded-njw}
 * at its defaults, NJW's own dense embedding ({@link #denseReference}); {@code seeded-kmeans},
 * k-means on the features ({@link SeededKMeans}); and {@code seeded-njw} on the k-NN graph. Every
 * constrained method changes its embedding to follow the supervision; when that change, or the
 * embedding itself, is wrong for the data (a landmark code chosen by noise features, one kernel
 * width over clusters of unequal spread, a constraint weight too strong for a handful of pairs),
 * the held-out constraints say so, and the user gets the better simple use instead of worse
 * clusters. k-means cuts manifold clusters such as two spirals across, where NJW's k-NN graph
 * follows them; NJW's one kernel width loses clusters of unequal spread that k-means on the
 * features keeps. The dense reference is NJW itself whenever the supervision is too weak to move
 * its assignment, so that when the held-out evidence cannot tell the candidates apart the user
 * gets what NJW would have given rather than a lucky draw of the noise. A method that fails in a
 * fold is fitted alone, so that its own error reaches the user.
 *
 * <p>Cost: seeded-kmeans is linear in n; seeded-njw's graph and embedding do not depend on the
 * supervision, so the folds share them ({@link io.csc.algorithm.ClusteringAlgorithm#prepare}); the
 * dense one, limited to {@link #DENSE_LIMIT} points, takes its eigenvectors from Lanczos on the
 * dense matrix above 1,500 points. Measured cost, gains and the conditions still below NJW:
 * docs/results/85-stability.md (the two-reference guard before it: docs/results/84-default-guard.md).
 * {@code select=auto} guards up to {@link #LIMIT} points. Above, where its user counts the cost
 * (the Fashion-MNIST and 10,000,000-point runs of docs/BENCHMARKS.md), it checks the method's fit
 * against its labels, or its must-links and cannot-links, at little more than one fit
 * ({@code select=check}, {@link NeighbourhoodAgreement}) and guards only a fit that contradicts
 * them or collapses: on a 58,000-point imbalanced set that took scacs from ACC 0.59 to 1.000 with
 * 1,000 labels and from 0.40 to 1.000 with 400 random pairs, at about 0.05 s on Fashion-MNIST
 * where every fit passes (docs/results/88b-neighbourhood-check.md). The fit's
 * warnings say which was done. {@code variant=paper} is never guarded by {@code select=auto}: a
 * reproduction is the paper's method.
 */
public final class GuardedMethod implements ClusteringAlgorithm {

    /** The largest n {@code select=auto} guards; above it checks ({@link NeighbourhoodAgreement}). */
    public static final int LIMIT = 50_000;

    private final AlgorithmDescriptor descriptor;
    private final ParameterValues given;
    private final SelectionMode mode;

    /**
     * @param descriptor the method
     * @param given the values the user gave, without {@code select}
     * @param mode {@link SelectionMode#GUARD} (guarded at any size), {@link SelectionMode#CHECK}
     *             (checked at any size, guarded when the check fails) or {@link SelectionMode#AUTO}
     *             (guarded up to {@link #LIMIT} points, checked above)
     */
    public GuardedMethod(AlgorithmDescriptor descriptor, ParameterValues given, SelectionMode mode) {
        if (mode != SelectionMode.GUARD && mode != SelectionMode.CHECK && mode != SelectionMode.AUTO) {
            throw new IllegalArgumentException("Not a guarding mode: " + mode);
        }
        this.descriptor = descriptor;
        this.given = given;
        this.mode = mode;
    }

    /** The first reference: {@code seeded-kmeans} at its defaults; {@code select=cv} tries it too. */
    public static Candidate reference() {
        return new Candidate(SeededKMeans.DESCRIPTOR, ParameterValues.EMPTY);
    }

    /**
     * The second reference: {@code seeded-njw} on the k-NN graph, whose graph and embedding the
     * folds share (they do not depend on the supervision).
     */
    public static Candidate spectralReference() {
        return new Candidate(NormalizedSpectralClustering.SEEDED_DESCRIPTOR, ParameterValues.of(Map.of("graph", "knn")));
    }

    /**
     * The k-NN reference for k clusters of n points: {@link #spectralReference()}, on a graph of
     * fewer neighbours when the clusters average fewer than 20 points ({@link #referenceNeighbours}).
     */
    public static Candidate spectralReference(int n, int k) {
        int neighbours = referenceNeighbours(n, k);
        return neighbours == NormalizedSpectralClustering.NEIGHBOURS.defaultValue() ? spectralReference()
                : new Candidate(NormalizedSpectralClustering.SEEDED_DESCRIPTOR,
                        ParameterValues.of(Map.of("graph", "knn", "neighbours", Integer.toString(neighbours))));
    }

    /**
     * The neighbours of the k-NN reference's graph: NJW's 10, but at most half the average cluster,
     * {@code n / 2k}, and at least 3. A point's neighbours should lie in its own cluster; where
     * clusters average fewer than 20 points, 10 neighbours reach across them. On Zoo (101 animals,
     * 7 classes of 4 to 41, docs/results/99f-held-out-sets.md) the 10-NN graph cut the largest class
     * in three and joined the small ones (NJW's ACC 0.62 against 0.80 on the dense graph, and 0.77-0.82
     * with 3 to 9 neighbours); the guard, unable to tell the candidates apart on 10 labels, fitted it
     * as the most stable. Above 20 points per cluster (every shared set but Zoo) the graph is NJW's.
     */
    static int referenceNeighbours(int n, int k) {
        int half = n / (2 * Math.max(1, k));
        return Math.max(3, Math.min(NormalizedSpectralClustering.NEIGHBOURS.defaultValue(), half));
    }

    /**
     * The reference up to {@link #DENSE_LIMIT} points: {@code seeded-njw} at its defaults, NJW's
     * own dense embedding with the supervision in its final assignment, so NJW itself whenever the
     * supervision is too weak to move it.
     */
    public static Candidate denseReference() {
        return new Candidate(NormalizedSpectralClustering.SEEDED_DESCRIPTOR, ParameterValues.EMPTY);
    }

    /** The largest n at which the dense reference competes, as the dense methods do in {@code -a auto}. */
    public static final int DENSE_LIMIT = AutomaticMethod.DENSE_LIMIT;

    /**
     * The k-NN reference as a fallback up to {@link #DENSE_LIMIT} points, where the dense reference
     * competes: it is fitted only where its held-out score leads every other candidate's by more
     * than 0.02 ({@code SelectedFit.withoutUnclearFallback}), as in {@code -a auto}. Above, it is an
     * ordinary candidate, the only spectral reference.
     *
     * <p>Why: its clustering barely moves with the supervision, so of the candidates near the best
     * held-out score it was the most stable one whenever the evidence was weak, and the guard fitted
     * it where the dense graph was better. On nine real sets held out of every choice (mlbench:
     * docs/results/99f-held-out-sets.md), 20, 100 and 400 random pairs, ten methods, 209
     * method-conditions replayed on the guard's records ({@code experiments/selection-replay.py}):
     * 47 more than 0.02 below njw with it as a candidate, 9 as a fallback (9 again when run), mean
     * difference to njw +0.010 and +0.020 (run: +0.017 and +0.026); at 10% labels 5 and 6, +0.062
     * and +0.061. On five shared sets with pairs (run, 2 draws) 2 and 11, at most 0.028 below: five
     * methods on Glass with 100 pairs, where the dense reference is 0.03 below njw, and four more on
     * Digits with 20 pairs at 0.020-0.024. On the benchmark the rule was chosen on
     * (docs/results/99b-field-shapes.md) the same replay gave none below njw either way and a mean
     * of 0.110 against 0.108, the difference from Digits with 20 pairs.
     */
    static Candidate fallback(List<Candidate> candidates, int n) {
        return n <= DENSE_LIMIT ? candidates.get(candidates.size() - 1) : null;
    }

    /**
     * The candidate preferred where the guard's evidence is weak ({@link SelectedFit#WEAK_EVIDENCE}) or
     * absent, and fitted where there is too little supervision for folds: up to {@link #DENSE_LIMIT}
     * points the dense reference, NJW itself whenever the supervision is too weak to move it, with
     * whether the labels leave clusters unseen ({@link #unlabelledClusters}); above, none (its
     * references there are not NJW's clustering).
     */
    static SelectedFit.Neutral neutral(List<Candidate> candidates, int n, ConstraintSet constraints, int k) {
        return n <= DENSE_LIMIT ? new SelectedFit.Neutral(candidates.get(1), unlabelledClusters(constraints, k)) : null;
    }

    /**
     * Whether the supervision is labels alone (no pairs, no groups) naming fewer classes than the k
     * clusters: then at least one cluster holds no labelled point whatever the clustering, and no
     * held-out label can say whether the method placed it well. On Zoo with 10 labels of its 7
     * classes the methods satisfied all 78 held-out constraints of one draw, a strong score by the
     * guard's margin, at ACC 0.63-0.67 where NJW has 0.80 (docs/results/99h-no-evidence.md).
     */
    static boolean unlabelledClusters(ConstraintSet constraints, int k) {
        if (!constraints.pairs().isEmpty() || constraints.labelledBlocks().isEmpty()) {
            return false;
        }
        BitSet classes = new BitSet();
        for (LabelledPoints block : constraints.labelledBlocks()) {
            if (!block.cannotLinkBetweenClasses()) {
                return false;
            }
            for (int label : block.classes()) {
                classes.set(label);
            }
        }
        return classes.cardinality() < k;
    }

    /**
     * What the method competes with on {@code n} points, in the order that breaks ties: the method,
     * then (up to {@link #DENSE_LIMIT} points) NJW's dense embedding, then k-means on the features,
     * then NJW's k-NN embedding.
     */
    static List<Candidate> candidates(Candidate method, int n, int k) {
        return n <= DENSE_LIMIT ? List.of(method, denseReference(), reference(), spectralReference(n, k))
                : List.of(method, reference(), spectralReference(n, k));
    }

    /**
     * The warning of a fit that {@code select=auto} left unguarded for its size and could not check
     * ({@link NeighbourhoodAgreement} needs labels, or pairs of both kinds): the user's only sign that nothing checked the
     * method against the simple uses of the same supervision. On a 58,000-point look-alike of an
     * imbalanced set (docs/results/88-unguarded-sizes.md) scacs as set gave ACC 0.59 and
     * fast-csp-ml 0.42, where the guard gave both 1.000 in about ten times the time.
     */
    static String unguarded(int n) {
        return "Not checked: above " + LIMIT + " points (here " + n + ") select=auto fits the method as set and checks "
                + "it against its supervision, and this supervision has " + TOO_THIN + ". --param select=guard checks it "
                + "against simple references on a sample of the supervision (about ten times the time), and -a auto "
                + "also tries the other methods and njw";
    }

    /** What the check ({@link NeighbourhoodAgreement}) needs and an unchecked supervision lacks. */
    private static final String TOO_THIN = "neither " + NeighbourhoodAgreement.MINIMUM_LABELLED + " labelled points of two "
            + "classes nor " + PairAgreement.MINIMUM_PER_KIND + " must-links and " + PairAgreement.MINIMUM_PER_KIND
            + " cannot-links (groups alone, or pairs of one kind)";

    /** The warning of a {@code select=check} fit whose supervision the check cannot use. */
    static final String UNCHECKABLE = "Not checked: select=check compares the fit with its supervision, and this "
            + "supervision has " + TOO_THIN + ". --param select=guard checks it against simple references";

    /** The warning of a fit that passed the check ({@link NeighbourhoodAgreement}) in place of the guard. */
    static String checkedOnly(int n, NeighbourhoodAgreement.Finding finding) {
        String basis = finding.basis().word();
        if (finding.blind()) {
            return String.format(java.util.Locale.ROOT, "Checked against its pairs only, and the check could not "
                    + "tell: above %d points (here %d) select=auto fits the method as set and compares it with the "
                    + "pairs' neighbourhoods, but the pairs nearest to a pair are of its kind in %.2f of the cases, "
                    + "about what pairs of random kinds give (%.2f), so no fit could contradict them (this fit: %.2f). "
                    + "With a few random pairs among many points a method can fit its pairs and not the data; "
                    + "--param select=guard checks it against simple references (about ten times the time), and "
                    + "-a auto also tries the other methods and njw", LIMIT, n, finding.supervisionAgreement(),
                    NeighbourhoodAgreement.PAIR_CHANCE, finding.fitAgreement());
        }
        return "Checked against its " + basis + " only: above " + LIMIT + " points (here " + n + ") select=auto fits "
                + "the method as set and compares it with the " + basis + "' neighbourhoods (" + finding.inWords()
                + ": no contradiction). --param select=guard checks it against simple references (about ten times "
                + "the time)";
    }

    /** The warning of a fit the check ({@link NeighbourhoodAgreement}) sent to the guard. */
    static String contradicted(NeighbourhoodAgreement.Finding finding) {
        return "The method as set contradicted its " + finding.basis().word() + ": " + finding.inWords() + "; it was guarded "
                + "against simple references (select=guard)";
    }

    /** The warning of a fit the check sent to the guard because it collapsed ({@link Collapse}). */
    static final String COLLAPSED_GUARDED = "The method as set collapsed; it was guarded against simple references "
            + "(select=guard)";

    @Override
    public String name() {
        return descriptor.name();
    }

    /**
     * Guards the method ({@link SelectedFit}), or, for {@link SelectionMode#CHECK} and for
     * {@link SelectionMode#AUTO} above {@link #LIMIT} points, fits it as set and checks the fit
     * against its labels ({@link NeighbourhoodAgreement}): a fit that contradicts them, or
     * collapses ({@link Collapse}: selection's failed candidate), is guarded
     * (its fit on all points is the guard's final fit of the method, not made twice), and the guard
     * passes over a final fit that contradicts its labels as over a collapsed one; one that does
     * not is kept, with the check's figures in {@code diagnostics.neighbourhoodCheck} and, under
     * {@code select=auto}, a warning that no reference was tried. Without labels or pairs of both
     * kinds the check cannot run, and a fit that did not collapse is kept with a warning that nothing checked it
     * ({@link #unguarded}, {@link #UNCHECKABLE}).
     */
    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringResult result = guardedFit(data, constraints, k, context);
        // the options the method leaves unread, first, whichever fit gave the labels
        List<String> unused = descriptor.unusedParameters(given);
        if (unused.isEmpty()) {
            return result;
        }
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        unused.forEach(diagnostics::warn);
        return result.withDiagnostics(diagnostics.merge(result.diagnostics()).build());
    }

    private ClusteringResult guardedFit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        Candidate method = new Candidate(descriptor, given);
        int n = data.size();
        if (mode == SelectionMode.GUARD || mode == SelectionMode.AUTO && n <= LIMIT) {
            ClusteringAlgorithm.checkArguments(name(), data, constraints, k);
            List<Candidate> candidates = candidates(method, n, k);
            return SelectedFit.fit(name(), candidates, fallback(candidates, n), neutral(candidates, n, constraints, k),
                    null, null, data, constraints, k, context, true, mode == SelectionMode.GUARD);
        }
        // the method checks its arguments first, as here: one pass over the features, not two; and
        // records a collapse (CheckedAlgorithm), which is read below
        ClusteringResult asSet = method.create().fit(data, constraints, k, context);
        if (constraints.isEmpty()) {
            return asSet;
        }
        long checkStart = System.nanoTime();
        Optional<NeighbourhoodAgreement.Finding> finding = NeighbourhoodAgreement.of(data, constraints,
                asSet.labels(), context);
        double checkSeconds = (System.nanoTime() - checkStart) / 1e9;
        boolean collapsed = Collapse.isRecorded(asSet.diagnostics());
        boolean contradicts = finding.map(NeighbourhoodAgreement.Finding::contradicts).orElse(false);
        if (!collapsed && !contradicts) {
            Diagnostics.Builder diagnostics = Diagnostics.builder().merge(asSet.diagnostics());
            finding.ifPresent(found -> diagnostics.stage(NeighbourhoodAgreement.STAGE, checkSeconds)
                    .put("neighbourhoodCheck", found.asMap()));
            if (mode == SelectionMode.AUTO) {
                diagnostics.warn(finding.map(found -> checkedOnly(n, found)).orElse(unguarded(n)));
            } else if (finding.isEmpty()) {
                diagnostics.warn(UNCHECKABLE);
            }
            return asSet.withDiagnostics(diagnostics.build()).withSeconds(asSet.seconds() + checkSeconds);
        }
        List<Candidate> candidates = candidates(method, n, k);
        ClusteringResult guarded = SelectedFit.fit(name(), candidates, fallback(candidates, n),
                neutral(candidates, n, constraints, k), asSet,
                result -> NeighbourhoodAgreement.of(data, constraints, result.labels(), context)
                        .map(NeighbourhoodAgreement.Finding::contradicts).orElse(false),
                data, constraints, k, context, true, false);
        // the reason for the guard first, then what the guard found
        Diagnostics.Builder diagnostics = Diagnostics.builder()
                .warn(contradicts ? contradicted(finding.get()) : COLLAPSED_GUARDED)
                .merge(guarded.diagnostics()).stage(NeighbourhoodAgreement.STAGE, checkSeconds);
        finding.ifPresent(found -> diagnostics.put("neighbourhoodCheck", found.asMap()));
        return guarded.withDiagnostics(diagnostics.build()).withSeconds(guarded.seconds() + checkSeconds);
    }
}
