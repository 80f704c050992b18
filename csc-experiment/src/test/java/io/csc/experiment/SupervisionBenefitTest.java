package io.csc.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.experiment.SupervisionBenefit.Condition;
import io.csc.experiment.SupervisionBenefit.MethodBenefit;
import io.csc.experiment.SupervisionBenefit.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SupervisionBenefitTest {

    private static final SupervisionAmount TEN_PERCENT = SupervisionAmount.fractionOf(0.1);
    private static final SupervisionAmount TWENTY_PERCENT = SupervisionAmount.fractionOf(0.2);
    private static final SupervisionAmount HUNDRED = SupervisionAmount.count(100);

    /** A row of 3 runs with the measure's mean {@code value}; NaN for a row whose runs all failed. */
    private static ResultRow row(String dataset, String algorithm, String kind, SupervisionAmount amount, Measure measure,
                                 double value, int collapses) {
        boolean failed = Double.isNaN(value);
        Summary summary = failed ? Summary.EMPTY : new Summary(value, 0.01, 3);
        return new ResultRow(dataset, algorithm, amount != null, kind, amount, 15, 3, failed ? 3 : 0,
                failed ? List.of("singular") : List.of(), Map.of(measure, summary), collapses);
    }

    private static ResultRow acc(String dataset, String algorithm, String kind, SupervisionAmount amount, double value) {
        return row(dataset, algorithm, kind, amount, Measure.ACCURACY, value, 0);
    }

    /** njw per data set (iris twice, as from two folders), cop-kmeans, scacs and auto at two kinds. */
    private static List<ResultRow> rows() {
        List<ResultRow> rows = new ArrayList<>();
        rows.add(acc("iris", "njw", "labels", null, 0.84));
        rows.add(acc("iris", "njw", "pairs", null, 0.86));
        rows.add(acc("wine", "njw", "labels", null, 0.70));
        rows.add(acc("iris", "cop-kmeans", "labels", TEN_PERCENT, 0.80));
        rows.add(acc("iris", "cop-kmeans", "labels", TWENTY_PERCENT, 0.95));
        rows.add(acc("wine", "cop-kmeans", "labels", TEN_PERCENT, 0.60));
        rows.add(acc("iris", "scacs", "labels", TEN_PERCENT, 0.90));
        rows.add(acc("iris", "scacs", "labels", TWENTY_PERCENT, 0.95));
        rows.add(acc("wine", "scacs", "labels", TEN_PERCENT, 0.706));
        rows.add(row("iris", "scacs", "pairs", HUNDRED, Measure.ACCURACY, 0.60, 2));
        rows.add(acc("iris", "auto", "labels", TEN_PERCENT, Double.NaN));
        rows.add(acc("wine", "auto", "labels", TEN_PERCENT, 0.75));
        return rows;
    }

    private static MethodBenefit method(SupervisionBenefit benefit, String name) {
        return benefit.methods().stream().filter(method -> method.method().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void countsWinsTiesAndLossesAgainstEachBaseline() {
        SupervisionBenefit benefit = SupervisionBenefit.of(rows(), BenefitOptions.defaults());
        assertEquals(List.of("cop-kmeans", "scacs", "auto"), benefit.methods().stream().map(MethodBenefit::method).toList());
        MethodBenefit scacs = method(benefit, "scacs");
        assertEquals(4, scacs.conditions());
        assertEquals((0.90 + 0.95 + 0.706 + 0.60) / 4, scacs.mean(), 1e-12);
        assertEquals(2, scacs.collapses());
        // njw is 0.85 on iris (0.84 and 0.86 averaged) and 0.70 on wine, whatever the kind and amount.
        assertEquals(new Tally(2, 1, 1), scacs.tallies().get(0));
        // cop-kmeans only where it ran: iris 10% (win), iris 20% (tie), wine 10% (win); not at pairs 100.
        assertEquals(new Tally(2, 1, 0), scacs.tallies().get(1));
        assertEquals(0.60 - 0.85, scacs.worstGain(), 1e-12);
        assertEquals(new Condition("iris", "pairs", HUNDRED), scacs.worstCondition());
    }

    @Test
    void aBaselineIsNotComparedWithItselfAndAFailedConditionIsALoss() {
        SupervisionBenefit benefit = SupervisionBenefit.of(rows(), BenefitOptions.defaults());
        MethodBenefit copKmeans = method(benefit, "cop-kmeans");
        assertNull(copKmeans.tallies().get(1));
        assertEquals(new Tally(1, 0, 2), copKmeans.tallies().get(0));
        MethodBenefit auto = method(benefit, "auto");
        assertEquals(2, auto.conditions());
        assertEquals(0.75, auto.mean(), 1e-12, "the failed condition has no value");
        assertEquals(new Tally(1, 0, 1), auto.tallies().get(0));
        assertEquals(new Tally(1, 0, 1), auto.tallies().get(1));
        assertEquals(Double.NEGATIVE_INFINITY, auto.worstGain(), "a failure is worse than any difference");
        assertEquals(new Condition("iris", "labels", TEN_PERCENT), auto.worstCondition());
    }

    @Test
    void conditionsAreSortedAndCarryTheGainsOverTheReference() {
        SupervisionBenefit benefit = SupervisionBenefit.of(rows(), BenefitOptions.defaults());
        List<Condition> conditions = benefit.conditions().stream().map(SupervisionBenefit.ConditionGains::condition).toList();
        assertEquals(List.of(new Condition("iris", "labels", TEN_PERCENT), new Condition("iris", "labels", TWENTY_PERCENT),
                new Condition("iris", "pairs", HUNDRED), new Condition("wine", "labels", TEN_PERCENT)), conditions);
        SupervisionBenefit.ConditionGains irisPairs = benefit.conditions().get(2);
        assertEquals(0.85, irisPairs.reference(), 1e-12);
        assertTrue(Double.isNaN(irisPairs.gains().get(0)), "cop-kmeans has no row there");
        assertEquals(-0.25, irisPairs.gains().get(1), 1e-12);
        assertEquals(Double.NEGATIVE_INFINITY, benefit.conditions().get(0).gains().get(2), "auto failed on iris 10%");
    }

    @Test
    void theTieMarginAndTheMeasureDirectionDecide() {
        SupervisionBenefit wide = SupervisionBenefit.of(rows(), new BenefitOptions(List.of("njw"), 0.2, Measure.ACCURACY));
        assertEquals(new Tally(0, 3, 1), method(wide, "scacs").tallies().get(0));
        List<ResultRow> dbi = List.of(row("iris", "njw", "labels", null, Measure.DAVIES_BOULDIN, 1.0, 0),
                row("iris", "scacs", "labels", TEN_PERCENT, Measure.DAVIES_BOULDIN, 0.5, 0),
                row("iris", "scacs", "labels", TWENTY_PERCENT, Measure.DAVIES_BOULDIN, 1.5, 0));
        MethodBenefit scacs = method(SupervisionBenefit.of(dbi, new BenefitOptions(List.of("njw"), 0.01, Measure.DAVIES_BOULDIN)),
                "scacs");
        assertEquals(new Tally(1, 0, 1), scacs.tallies().get(0), "lower DBI is better");
        assertEquals(-0.5, scacs.worstGain(), 1e-12);
        assertEquals(TWENTY_PERCENT, scacs.worstCondition().amount());
    }

    @Test
    void refusesMissingBaselinesAndBadOptions() {
        assertEquals("no results of lsc-r (methods there: njw, cop-kmeans, scacs, auto)", assertThrows(
                IllegalArgumentException.class, () -> SupervisionBenefit.of(rows(),
                        new BenefitOptions(List.of("njw", "lsc-r"), 0.01, Measure.ACCURACY))).getMessage());
        assertEquals("no method with supervision in the results (methods there: njw)", assertThrows(
                IllegalArgumentException.class, () -> SupervisionBenefit.of(List.of(rows().get(0)),
                        new BenefitOptions(List.of("njw"), 0.01, Measure.ACCURACY))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BenefitOptions(List.of(), 0.01, Measure.ACCURACY));
        assertThrows(IllegalArgumentException.class, () -> new BenefitOptions(List.of("njw", "njw"), 0.01, Measure.ACCURACY));
        assertEquals("Invalid tie margin: -0.1 (must be a finite number >= 0, e.g. 0.01)", assertThrows(
                IllegalArgumentException.class, () -> new BenefitOptions(List.of("njw"), -0.1, Measure.ACCURACY)).getMessage());
    }

    @Test
    void markdownHasTheSummaryAndThePerConditionTable() {
        String text = SupervisionBenefitMarkdown.write(SupervisionBenefit.of(rows(), BenefitOptions.defaults()));
        assertTrue(text.contains("| method | conditions | mean ACC | collapsed runs | vs njw W / T / L | vs cop-kmeans W / T / L "
                + "| worst vs njw |"), text);
        assertTrue(text.contains("| scacs | 4 | 0.789 | 2 | 2 / 1 / 1 | 2 / 1 / 0 | -0.250 (iris, pairs 100) |"), text);
        assertTrue(text.contains("| cop-kmeans | 3 | 0.783 | 0 | 1 / 0 / 2 | - | -0.100 (wine, labels 10%) |"), text);
        assertTrue(text.contains("| auto | 2 | 0.750 | 0 | 1 / 0 / 1 | 1 / 0 / 1 | failed (iris, labels 10%) |"), text);
        assertTrue(text.contains("| data set | kind | amount | njw ACC | cop-kmeans | scacs | auto |"), text);
        assertTrue(text.contains("| iris | labels | 10% | 0.850 | **-0.050** | +0.050 | failed |"), text);
        assertTrue(text.contains("| iris | pairs | 100 | 0.850 | - | **-0.250** | - |"), text);
        assertTrue(text.contains("| wine | labels | 10% | 0.700 | **-0.100** | +0.006 | +0.050 |"), text);
    }
}
