package io.csc.selection;

import io.csc.metric.ConstraintCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * @param folds the held-out constraints of each fold that was fitted and how many the fit
 *     satisfied, in fold order (a failed fold has none)
 * @param stability the mean adjusted Rand index between this candidate's clusterings of every two
 *     folds: how little its clustering depends on which part of the supervision it was given
 *     (NaN when a fold failed)
 */
public record CandidateScore(Candidate candidate, double score, double satisfaction, int collapsedFolds,
                             String failure, List<ConstraintCounts> folds, double stability) {

    public CandidateScore {
        folds = List.copyOf(folds);
    }

    /** A candidate that failed or collapsed in a fold: ranked after every one that did not. */
    public boolean failed() {
        return failure != null || collapsedFolds > 0 || Double.isNaN(score);
    }

    /** How many held-out constraints the score is taken over: every fold's must-links and cannot-links. */
    public long heldOutConstraints() {
        long count = 0;
        for (ConstraintCounts fold : folds) {
            count += fold.mustLinks() + fold.cannotLinks();
        }
        return count;
    }

    /** The figures as a JSON-friendly map. */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("method", candidate.method());
        map.put("parameters", candidate.parameters());
        map.put("score", score);
        map.put("cons", satisfaction);
        map.put("collapsedFolds", collapsedFolds);
        map.put("stability", stability);
        if (failure != null) {
            map.put("failure", failure);
        }
        // per fold: held-out must-links, of them satisfied, cannot-links, of them satisfied
        List<List<Long>> heldOut = new ArrayList<>();
        for (ConstraintCounts fold : folds) {
            heldOut.add(List.of(fold.mustLinks(), fold.satisfiedMustLinks(), fold.cannotLinks(),
                    fold.satisfiedCannotLinks()));
        }
        map.put("heldOut", heldOut);
        return map;
    }
}
