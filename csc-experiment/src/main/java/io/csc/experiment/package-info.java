/**
 * The evaluation protocol of the papers: an {@link io.csc.experiment.ExperimentPlan} (data sets,
 * methods with their options, amounts and {@link io.csc.experiment.SupervisionKind kind} of
 * supervision drawn from the ground truth, repetitions, seed) run by the
 * {@link io.csc.experiment.ExperimentRunner} into one {@link io.csc.experiment.RunRecord} per
 * fit, aggregated into a {@link io.csc.experiment.ResultTable} of mean ± standard deviation.
 *
 * <p>In every repetition all constrained methods receive the identical draw of supervision and
 * all methods the same run seed; seeds derive from the plan seed, never from scheduling, so the
 * records do not depend on the thread count. A failed fit is a record with its reason, never a
 * zero.
 *
 * <p>Outputs: {@link io.csc.experiment.RunRecordJson} (JSON lines of the records),
 * {@link io.csc.experiment.ResultTableCsv} and {@link io.csc.experiment.ResultTableMarkdown}
 * (the table, with readers), {@link io.csc.experiment.QualityPlot} (PNG plots of quality against
 * supervision), {@link io.csc.experiment.ExperimentOutput} (an experiment's folder) and
 * {@link io.csc.experiment.ResultsReport} (the project's docs/RESULTS.md).
 */
package io.csc.experiment;
