package io.csc.selection;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How one candidate did in cross-validation over the supervision.
 *
 * @param candidate the setting
 * @param score the pairwise F-measure of the held-out constraints, summed over the folds (NaN when
 *     every fold failed)
 * @param satisfaction CONS of the same constraints
 * @param collapsedFolds folds whose fit collapsed ({@link io.csc.algorithm.Collapse})
 * @param failure why a fold's fit failed (the first reason), or null
 */
public record CandidateScore(Candidate candidate, double score, double satisfaction, int collapsedFolds,
                             String failure) {

    /** A candidate that failed or collapsed in a fold: ranked after every one that did not. */
    public boolean failed() {
        return failure != null || collapsedFolds > 0 || Double.isNaN(score);
    }

    /** The figures as a JSON-friendly map. */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("method", candidate.method());
        map.put("parameters", candidate.parameters());
        map.put("score", score);
        map.put("cons", satisfaction);
        map.put("collapsedFolds", collapsedFolds);
        if (failure != null) {
            map.put("failure", failure);
        }
        return map;
    }
}
