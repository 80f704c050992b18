package io.csc.algorithm;

import io.csc.constraint.ConstraintSet;
import io.csc.metric.ConstraintCounts;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A constrained clustering that breaks most of its own supervision: its constraint satisfaction
 * (CONS, the satisfied shares of the must-links and of the cannot-links, averaged) is below a
 * third ({@link #SATISFACTION}). The methods that take the supervision as penalties, or in their final
 * assignment only, may give such a clustering without an error: supervision that contradicts the
 * data (pairs inside one of its clusters declared cannot-links), that names more groups than k
 * allows, or that the method cannot express (cannot-links alone in a graph they empty). Its user
 * should know, since the clustering then follows neither the supervision nor, necessarily, the data.
 *
 * <p>Why a third: a clustering blind to the supervision keeps about 1/k of random must-links and
 * 1 - 1/k of random cannot-links, a CONS near a half whatever k. The methods at their defaults on
 * the shared sets, with 20 and 100 random pairs and with 10% labels (330 fits), kept 0.54 to 1.0;
 * the lowest, on Ionosphere's two overlapping classes with 20 pairs, are a blind clustering's
 * half plus chance. A third is well below what chance gives a blind clustering with 20 pairs
 * (0.5, about 0.11 either way), and far above the 0.0 that supervision contradicting the data gives
 * (cannot-links chained through one cluster, given to seeded-njw or csp). On 330 more fits on
 * generated data (imbalanced, binary, overlapping; random, noisy and labelled supervision) none
 * warned (docs/results/99e-supervision-disagreement.md).
 *
 * @param mustLinks the must-links (pairs implied by labels and groups included)
 * @param satisfiedMustLinks those within one cluster
 * @param cannotLinks the cannot-links (implied ones included)
 * @param satisfiedCannotLinks those across two clusters
 */
public record SupervisionDisagreement(long mustLinks, long satisfiedMustLinks, long cannotLinks,
                                      long satisfiedCannotLinks) {

    /** The CONS below which a clustering is reported. */
    public static final double SATISFACTION = 1.0 / 3;

    /** The diagnostics key under which the counts are recorded. */
    public static final String KEY = "supervisionDisagreement";

    /** The disagreement of {@code labels} with {@code constraints}, if CONS is below {@link #SATISFACTION}. */
    public static Optional<SupervisionDisagreement> detect(int[] labels, ConstraintSet constraints) {
        ConstraintCounts counts = ConstraintCounts.of(constraints, labels);
        double satisfaction = counts.satisfaction();
        if (!(satisfaction < SATISFACTION)) {
            return Optional.empty();
        }
        return Optional.of(new SupervisionDisagreement(counts.mustLinks(), counts.satisfiedMustLinks(),
                counts.cannotLinks(), counts.satisfiedCannotLinks()));
    }

    /** {@code result} with a detected disagreement added to its warnings and values; unchanged otherwise. */
    public static ClusteringResult annotate(ClusteringResult result, ConstraintSet constraints) {
        if (result.diagnostics().value(KEY) != null) {
            return result;
        }
        return detect(result.labels(), constraints).map(disagreement -> result.withDiagnostics(Diagnostics.builder()
                .merge(result.diagnostics()).warn(disagreement.warning()).put(KEY, disagreement.asMap()).build()))
                .orElse(result);
    }

    /** The warning a user reads. */
    public String warning() {
        StringBuilder held = new StringBuilder();
        if (mustLinks > 0) {
            held.append(String.format(Locale.ROOT, "%d of its %d must-links", satisfiedMustLinks, mustLinks));
        }
        if (cannotLinks > 0) {
            held.append(held.length() > 0 ? " and " : "")
                    .append(String.format(Locale.ROOT, "%d of its %d cannot-links", satisfiedCannotLinks, cannotLinks));
        }
        return "The clustering keeps only " + held + " (CONS below a third): the supervision "
                + "disagrees with the clusters. Check it for contradicting or wrong pairs and for more groups than k, "
                + "or compare with njw and -a auto";
    }

    /** The figures as a JSON-friendly map. */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("mustLinks", mustLinks);
        map.put("satisfiedMustLinks", satisfiedMustLinks);
        map.put("cannotLinks", cannotLinks);
        map.put("satisfiedCannotLinks", satisfiedCannotLinks);
        return map;
    }
}
