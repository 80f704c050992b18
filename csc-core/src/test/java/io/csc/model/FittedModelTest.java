package io.csc.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.GoldenRuns;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.ConstraintSet;
import io.csc.data.BundledData;
import io.csc.data.Dataset;
import io.csc.data.Precision;
import io.csc.data.Scaling;
import io.csc.algorithm.spectral.LandmarkModel;
import java.util.List;
import java.util.Optional;
import io.csc.metric.ClusteringMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class FittedModelTest {

    @TempDir
    Path directory;

    static Stream<String> methods() {
        return AlgorithmRegistry.all().stream().map(AlgorithmDescriptor::name).filter(name -> !name.equals("auto"));
    }

    /**
     * Every method's model places the training points where the fit put them (after matching the
     * cluster ids: at least 0.9 agreement), and a saved and loaded model labels new points exactly
     * as the model before saving.
     */
    @ParameterizedTest
    @MethodSource("methods")
    void everyMethodsModelPlacesItsTrainingPointsAndSurvivesSaving(String name) throws IOException {
        Dataset raw = BundledData.load("wine");
        AlgorithmDescriptor method = AlgorithmRegistry.byName(name);
        Dataset scaled = Scaling.ZSCORE.apply(raw);
        ConstraintSet constraints = method.constrained() ? GoldenRuns.labels(scaled, 0.2, 3) : ConstraintSet.empty(raw.size());
        try (RunContext context = RunContext.sequential(7)) {
            FittedModel model = FittedModel.fit(method, ParameterValues.EMPTY, raw, Scaling.ZSCORE, constraints, 3,
                    context);
            int[] fitted = method.create().fit(scaled, constraints, 3, RunContext.sequential(7)).labels();
            int[] placed = model.predict(raw, context);
            double agreement = ClusteringMetrics.accuracy(fitted, placed);
            assertTrue(agreement >= 0.9, name + ": the model places " + agreement + " of the training points as the fit");

            Path file = directory.resolve(name + ".csc");
            ModelFile.save(model, file);
            FittedModel loaded = ModelFile.load(file);
            assertArrayEquals(placed, loaded.predict(raw, context), name);
            assertEquals(model.provenance(), loaded.provenance());
            assertEquals(model.scaling(), loaded.scaling());
        }
    }

    /**
     * A landmark model scales new points as it codes them: the embedding and the labels are bit for
     * bit those of coding the scaled copy of the points, in either precision.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lsc-r", "scacs", "sc-pc"})
    void aLandmarkModelScalingAsItReadsPlacesPointsAsTheScaledCopy(String name) {
        Dataset raw = BundledData.load("wine");
        AlgorithmDescriptor method = AlgorithmRegistry.byName(name);
        ConstraintSet constraints = method.constrained() ? GoldenRuns.labels(Scaling.ZSCORE.apply(raw), 0.2, 3)
                : ConstraintSet.empty(raw.size());
        try (RunContext context = RunContext.of(3, 2)) {
            // select=none: the guard could pick a reference method, whose model is not a landmark model
            ParameterValues values = method.constrained() ? GoldenRuns.parameters("select", "none") : ParameterValues.EMPTY;
            FittedModel model = FittedModel.fit(method, values, raw, Scaling.ZSCORE, constraints, 3, context);
            assertTrue(model.placement() instanceof LandmarkModel, name);
            for (Dataset points : List.of(raw, raw.inPrecision(Precision.FLOAT))) {
                Dataset copy = model.scaling().apply(points);
                assertArrayEquals(model.placement().embed(copy, context).data(), model.embed(points, context).data(),
                        0.0, name + " " + points.precision());
                assertArrayEquals(model.placement().predict(copy, context), model.predict(points, context),
                        name + " " + points.precision());
            }
        }
    }

    /** {@code method} fitted on Iris, z-scored, without supervision, k = 3, seed 5. */
    private static FittedModel unsupervisedIrisModel(String method) {
        Dataset raw = BundledData.load("iris");
        return FittedModel.fit(AlgorithmRegistry.byName(method), ParameterValues.EMPTY, raw, Scaling.ZSCORE,
                ConstraintSet.empty(raw.size()), 3, RunContext.sequential(5));
    }

    @Test
    void provenanceHoldsEveryEffectiveParameterTheDataAndTheSupervision() {
        Dataset raw = BundledData.load("iris");
        ConstraintSet constraints = GoldenRuns.labels(Scaling.ZSCORE.apply(raw), 0.1, 2);
        FittedModel model = FittedModel.fit(AlgorithmRegistry.byName("scacs"), GoldenRuns.parameters("nearest", "4",
                "select", "none"), raw, Scaling.ZSCORE, constraints, 3, RunContext.sequential(5));
        Provenance provenance = model.provenance();
        assertEquals("scacs", provenance.method());
        assertEquals("4", provenance.parameters().get("nearest"));
        assertEquals("robust", provenance.parameters().get("variant"));
        assertEquals("none", provenance.parameters().get("select"));
        assertEquals(5, provenance.seed());
        assertEquals(150, provenance.points());
        assertEquals(4, provenance.features());
        assertEquals(3, provenance.clusters());
        assertEquals(constraints.mustLinkCount(), provenance.mustLinks());
        assertEquals(15, provenance.constrainedPoints());
        assertEquals(64, provenance.fingerprint().length());
    }

    @Test
    void newPointsAreScaledWithTheTrainingStatistics() {
        Dataset raw = BundledData.load("iris");
        FittedModel model = unsupervisedIrisModel("lsc-r");
        int[] all = model.predict(raw, RunContext.sequential(1));
        int[] firstTen = model.predict(raw.subset(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), RunContext.sequential(1));
        for (int i = 0; i < 10; i++) {
            assertEquals(all[i], firstTen[i], "point " + i + " alone is placed as among all");
        }
    }

    @Test
    void aPointWithAnotherNumberOfFeaturesIsRefusedNamingBoth() {
        FittedModel model = unsupervisedIrisModel("njw");
        Dataset wine = BundledData.load("wine");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> model.predict(wine, RunContext.sequential(1)));
        assertTrue(error.getMessage().contains("has 13 features; the njw model was fitted on 4"), error.getMessage());
    }

    @Test
    void aPointThatScalingTakesBeyondSquaringIsRefusedNamingItsValue() {
        FittedModel model = unsupervisedIrisModel("njw");
        Dataset far = Dataset.unlabelled("far", 2, 4, new double[] {5.1, 3.5, 1.4, 0.2, 1e160, 3, 1, 0.2})
                .withFeatureNames(BundledData.load("iris").featureNames());
        io.csc.api.UnsuitableInputException error = assertThrows(io.csc.api.UnsuitableInputException.class,
                () -> model.predict(far, RunContext.sequential(1)));
        assertTrue(error.getMessage().startsWith("far point 1 (counting from 0), feature '"
                + far.featureNames().get(0) + "' is 1.00e+160"), error.getMessage());
        Dataset near = far.subset(new int[] {0});
        assertEquals(1, model.predict(near, RunContext.sequential(1)).length);
    }

    @Test
    void pointsFarOutsideTheTrainingRangeAreCountedAndTheFirstNamedAndTheRangeIsSaved() throws IOException {
        Dataset raw = BundledData.load("iris");
        for (String method : List.of("nystrom", "lsc-r", "njw")) {
            FittedModel model = unsupervisedIrisModel(method);
            assertEquals(Optional.empty(), model.extrapolation(raw), method);
            double[] values = raw.subset(new int[] {0, 1, 2}).features();
            values[4] = 100;      // point 1's first feature, against 4.3 to 7.9 cm in training
            values[8] = 9.5;      // point 2's first feature: beyond the range by less than its width
            Dataset far = Dataset.unlabelled("far", 3, 4, values).withFeatureNames(raw.featureNames());
            String warning = model.extrapolation(far).orElseThrow();
            assertTrue(warning.startsWith("1 of the 3 points of far lie outside the training data's range"), warning);
            assertTrue(warning.endsWith("point 1 (counting from 0): feature '" + raw.featureNames().get(0)
                    + "' is 100.0, where the training points spanned [4.300, 7.900]"), warning);
            Path file = directory.resolve(method + "-range.csc");
            ModelFile.save(model, file);
            assertEquals(model.extrapolation(far), ModelFile.load(file).extrapolation(far), method);
        }
        FittedModel withoutRange = new FittedModel(unsupervisedIrisModel("lsc-r").provenance(),
                unsupervisedIrisModel("lsc-r").scaling(), unsupervisedIrisModel("lsc-r").placement());
        assertEquals(Optional.empty(), withoutRange.extrapolation(raw));
    }

    @Test
    void columnsInAnotherOrderAreMatchedByName() {
        Dataset raw = BundledData.load("iris");
        FittedModel model = unsupervisedIrisModel("lsc-r");
        int[] expected = model.predict(raw, RunContext.sequential(1));
        Dataset reordered = raw.columns(new int[] {3, 1, 0, 2});
        assertEquals(List.of("x4", "x2", "x1", "x3"), reordered.featureNames());
        assertArrayEquals(expected, model.predict(reordered, RunContext.sequential(1)));
        assertTrue(model.positionalReading(reordered).isEmpty());
        // no name in common: read by position, which the model says
        Dataset unnamed = raw.withFeatureNames(List.of("a", "b", "c", "d"));
        assertArrayEquals(expected, model.predict(unnamed, RunContext.sequential(1)));
        assertEquals(java.util.Optional.of("no column of iris is named as the model's features (x1, x2, x3, x4): its "
                + "columns (a, b, c, d) are read by position, in that order"), model.positionalReading(unnamed));
        // points without names of their own (a .npy array: x0, ..., x3, three of them iris's names by
        // chance) can only be read by position: nothing to say
        Dataset plain = raw.withFeatureNames(Dataset.defaultFeatureNames(4));
        assertArrayEquals(expected, model.predict(plain, RunContext.sequential(1)));
        assertTrue(model.positionalReading(plain).isEmpty());
        // a model of points without names still matches the same names in another order
        Dataset generated = raw.withFeatureNames(Dataset.defaultFeatureNames(4));
        FittedModel unnamedModel = FittedModel.fit(AlgorithmRegistry.byName("lsc-r"), ParameterValues.EMPTY, generated,
                Scaling.ZSCORE, ConstraintSet.empty(generated.size()), 3, RunContext.sequential(3));
        int[] byName = unnamedModel.predict(generated, RunContext.sequential(1));
        assertArrayEquals(byName, unnamedModel.predict(generated.columns(new int[] {2, 0, 3, 1}),
                RunContext.sequential(1)));
        // some names in common but not all: refused
        Dataset renamed = raw.withFeatureNames(List.of("x1", "x2", "x3", "petal"));
        IllegalArgumentException partly = assertThrows(IllegalArgumentException.class,
                () -> model.predict(renamed, RunContext.sequential(1)));
        assertTrue(partly.getMessage().contains("has no single column named x4"), partly.getMessage());
        // an extra column is not dropped silently: the message names it
        Dataset wider = raw.columns(new int[] {0, 1, 2, 3, 0}).withFeatureNames(List.of("x1", "x2", "x3", "x4", "id"));
        IllegalArgumentException extra = assertThrows(IllegalArgumentException.class,
                () -> model.predict(wider, RunContext.sequential(1)));
        assertTrue(extra.getMessage().contains("skip them: --ignore-columns id"), extra.getMessage());
    }

    @Test
    void thePaperVariantOfFastCspMlIsRefusedWhenSaved() {
        Dataset raw = BundledData.load("iris");
        ConstraintSet constraints = GoldenRuns.labels(Scaling.ZSCORE.apply(raw), 0.2, 2);
        FittedModel model = FittedModel.fit(AlgorithmRegistry.byName("fast-csp-ml"),
                GoldenRuns.parameters("variant", "paper"), raw, Scaling.ZSCORE, constraints, 3, RunContext.sequential(5));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ModelFile.save(model, directory.resolve("paper.csc")));
        assertTrue(error.getMessage().startsWith("The fast-csp-ml model cannot be saved"), error.getMessage());
    }
}
