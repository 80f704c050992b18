package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.Diagnostics;
import io.csc.constraint.ConstraintSet;

/**
 * The warning for an unconstrained method given supervision. Such a method clusters as if there
 * were none, while the report still lists the constraints and scores the clusters against them
 * (CONS); without the warning a user would take its clusters for constrained ones.
 */
final class IgnoredSupervision {

    private IgnoredSupervision() {
    }

    /** Whether {@code method} leaves {@code constraints} unused: it is unconstrained and they are not empty. */
    static boolean applies(AlgorithmDescriptor method, ConstraintSet constraints) {
        return !method.constrained() && !constraints.isEmpty();
    }

    /** {@code result} with the warning first among its warnings when it {@link #applies}; otherwise unchanged. */
    static ClusteringResult annotate(AlgorithmDescriptor method, ConstraintSet constraints, ClusteringResult result) {
        if (!applies(method, constraints)) {
            return result;
        }
        return result.withDiagnostics(Diagnostics.builder().warn(warning(method.name())).merge(result.diagnostics()).build());
    }

    /** The warning's text for the unconstrained method called {@code name}. */
    static String warning(String name) {
        return name + " is unconstrained: it ignored the supervision (CONS only scores its clusters against it); "
                + "for clusters guided by the supervision choose a constrained method: -a scacs or -a sc-pc "
                + "(linear in n), -a e2cp, or -a auto ('csc algorithms' lists them)";
    }
}
