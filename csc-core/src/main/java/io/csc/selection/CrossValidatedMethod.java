package io.csc.selection;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.ClusteringAlgorithm;
import io.csc.algorithm.ClusteringResult;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A constrained method with {@code --param select=cv}: its parameters chosen from its grid
 * ({@link SelectionGrids}) by cross-validation over the supervision ({@link CrossValidation}), then
 * fitted on all of it. Values the user gave stay fixed in every setting. The guard's reference
 * ({@link GuardedMethod#reference}) competes too, so that {@code select=cv} is never worse, by the
 * held-out score, than {@code select=guard}.
 */
public final class CrossValidatedMethod implements ClusteringAlgorithm {

    private final AlgorithmDescriptor descriptor;
    private final ParameterValues given;

    /**
     * @param descriptor the method
     * @param given the values the user gave, without {@code select}
     */
    public CrossValidatedMethod(AlgorithmDescriptor descriptor, ParameterValues given) {
        this.descriptor = descriptor;
        this.given = given;
    }

    @Override
    public String name() {
        return descriptor.name();
    }

    /**
     * The method's own settings, the defaults (with the given values) first, without duplicates;
     * {@link #fit} tries the guard's reference ({@link GuardedMethod#reference}) after them.
     */
    public List<Candidate> candidates() {
        Set<Map<String, String>> seen = new LinkedHashSet<>();
        List<Candidate> candidates = new ArrayList<>();
        for (Map<String, String> override : SelectionGrids.of(descriptor.name())) {
            ParameterValues values = given.over(ParameterValues.of(override));
            if (seen.add(values.asMap())) {
                candidates.add(new Candidate(descriptor, values));
            }
        }
        return candidates;
    }

    @Override
    public ClusteringResult fit(Dataset data, ConstraintSet constraints, int k, RunContext context) {
        ClusteringAlgorithm.checkArguments(name(), data, constraints, k);
        List<Candidate> candidates = new ArrayList<>(candidates());
        candidates.add(GuardedMethod.reference());
        return SelectedFit.fit(name(), candidates, data, constraints, k, context);
    }
}
