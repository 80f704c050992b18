package io.csc.algorithm;

import io.csc.api.RunContext;
import io.csc.api.RunNotes;
import io.csc.cluster.CanonicalLabels;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import java.util.List;
import java.util.Map;

/**
 * A method whose results leave nothing to chance or silence: cluster ids in
 * {@link CanonicalLabels canonical order}, so that the same partition always has the same labels;
 * a {@link Collapse} of a constrained method, a constrained clustering that breaks most of its
 * supervision ({@link SupervisionDisagreement}) and a lopsided or incomplete partition
 * ({@link ClusterOccupancy}) in the warnings; what the run's building blocks noted
 * ({@link RunNotes}, such as how a k-NN graph found its neighbours) in the diagnostics; and
 * supervision that implies no pair taken for none ({@link #informative}); and the options given
 * that the fit does not read ({@link AlgorithmDescriptor#unusedParameters}) in the warnings. Every
 * method the registry builds is wrapped in one.
 */
public final class CheckedAlgorithm implements ClusteringAlgorithm {

    private final ClusteringAlgorithm method;
    private final boolean constrained;
    private final List<String> settingWarnings;

    public CheckedAlgorithm(ClusteringAlgorithm method, boolean constrained) {
        this(method, constrained, List.of());
    }

    /**
     * @param settingWarnings what the method's options leave unread, reported with every fit
     */
    public CheckedAlgorithm(ClusteringAlgorithm method, boolean constrained, List<String> settingWarnings) {
        this.method = method;
        this.constrained = constrained;
        this.settingWarnings = List.copyOf(settingWarnings);
    }

    /** The method inside. */
    public ClusteringAlgorithm method() {
        return method;
    }

    @Override
    public ClusteringAlgorithm unwrapped() {
        return method.unwrapped();
    }

    @Override
    public String name() {
        return method.name();
    }

    @Override
    public ClusteringAlgorithm settledFor(ConstraintSet constraints, int k) {
        ClusteringAlgorithm settled = method.settledFor(informative(constraints), k);
        return settled == method ? this : new CheckedAlgorithm(settled, constrained, settingWarnings);
    }

    /** Accepts data of either precision: what the method inside cannot read is widened first. */
    @Override
    public boolean acceptsSinglePrecision() {
        return true;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        boolean widen = needsWidening(data);
        RunNotes notes = RunNotes.collecting();
        ClusteringResult result = checked(method.fit(widen ? data.inPrecision(Precision.DOUBLE) : data,
                informative(constraints), k, context.withNotes(notes)), constraints);
        return annotated(result, widen, notes.values());
    }

    /** The method's preparation, each fit checked and annotated as {@link #fit} does. */
    @Override
    public PreparedFit prepare(Dataset data, int k, RunContext context) {
        boolean widen = needsWidening(data);
        RunNotes preparation = RunNotes.collecting();
        PreparedFit prepared = method.prepare(widen ? data.inPrecision(Precision.DOUBLE) : data, k,
                context.withNotes(preparation));
        return (constraints, fitContext) -> {
            RunNotes notes = RunNotes.collecting();
            preparation.values().forEach(notes::put);
            ClusteringResult result = checked(prepared.fit(informative(constraints), fitContext.withNotes(notes)),
                    constraints);
            return annotated(result, widen, notes.values());
        };
    }

    /**
     * {@code constraints}, or none when they imply no pair ({@link ConstraintSet#isEmpty}: a single
     * labelled point, groups of one). The summaries then say "supervision: none", and so must the
     * fit: a method given one labelled point alone builds its constraint terms from it, and SCACS's
     * Q̂, one diagonal entry, drew its embedding onto that point (Iris, a labels file of one line:
     * ACC 0.54 and DBI 5.38, against 0.52 and 0.68 without it).
     */
    static ConstraintSet informative(ConstraintSet constraints) {
        return constraints.isEmpty() && !constraints.labelledBlocks().isEmpty()
                ? ConstraintSet.empty(constraints.pointCount()) : constraints;
    }

    private boolean needsWidening(Dataset data) {
        return data.precision() == Precision.FLOAT && !method.acceptsSinglePrecision();
    }

    /**
     * The result with the run's notes in its diagnostics, the options it left unread first among
     * its warnings, and a warning when the data was widened.
     */
    private ClusteringResult annotated(ClusteringResult result, boolean widen, Map<String, Object> notes) {
        if (!widen && notes.isEmpty() && settingWarnings.isEmpty()) {
            return result;
        }
        Diagnostics.Builder diagnostics = Diagnostics.builder();
        settingWarnings.forEach(diagnostics::warn);
        diagnostics.merge(result.diagnostics());
        notes.forEach(diagnostics::put);
        if (widen) {
            diagnostics.warn(method.name() + " computes on double-precision features: the single-precision data was "
                    + "widened for the fit (the landmark methods lsc-r, scacs and sc-pc keep single precision)");
        }
        return result.withDiagnostics(diagnostics.build());
    }

    private ClusteringResult checked(ClusteringResult fitted, ConstraintSet constraints) {
        ClusteringResult result = canonical(fitted);
        if (constrained) {
            result = SupervisionDisagreement.annotate(Collapse.annotate(result, constraints), constraints);
        }
        return ClusterOccupancy.annotate(result);
    }

    /**
     * The result with canonical ids. A result with a model keeps its ids, which k-means has
     * already put in canonical order, so that the model's clusters keep matching them.
     */
    private static ClusteringResult canonical(ClusteringResult result) {
        int[] labels = result.labels();
        if (result.model().isPresent() || CanonicalLabels.isCanonical(labels, result.clusterCount())) {
            return result;
        }
        return result.withLabels(CanonicalLabels.of(labels, result.clusterCount()));
    }
}
