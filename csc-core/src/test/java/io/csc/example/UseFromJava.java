package io.csc.example;

// README: begin
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.ParameterValues;
import io.csc.api.RunContext;
import io.csc.constraint.Constraint;
import io.csc.constraint.ConstraintSet;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;
import io.csc.data.Scaling;
import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

public final class UseFromJava {

    public static void main(String[] args) throws IOException {
        Dataset points = DataLoader.load(Path.of(args[0]));       // CSV with a header; 'label' column optional
        Dataset newPoints = DataLoader.load(Path.of(args[1]));    // same columns, points to label later

        // What you know: rows 0 and 1 belong together, rows 0 and 150 do not.
        ConstraintSet constraints = ConstraintSet.ofPairs(points.size(), List.of(
                Constraint.mustLink(0, 1), Constraint.cannotLink(0, 150)));

        try (RunContext context = RunContext.of(42, 2)) {           // seed, threads
            FittedModel model = FittedModel.fit(AlgorithmRegistry.byName("scacs"),
                    ParameterValues.EMPTY, points, Scaling.ZSCORE, constraints, 3, context);
            int[] labels = model.predict(newPoints, context);        // scaled as the training points were

            Path file = Path.of(args[2]);
            ModelFile.save(model, file);                             // versioned, checksummed, no serialization
            FittedModel loaded = ModelFile.load(file);
            // the method fitted: two pairs are too few to check scacs, and the default then fits
            // NJW's own clustering with the pairs (seeded-njw); select=none fits scacs as set
            System.out.println(loaded.provenance().method() + " labels " + Arrays.toString(labels)
                    + (Arrays.equals(labels, loaded.predict(newPoints, context)) ? " (same after loading)" : ""));
        }
    }
}
// README: end
