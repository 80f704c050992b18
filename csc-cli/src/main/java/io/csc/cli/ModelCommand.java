package io.csc.cli;

import io.csc.model.FittedModel;
import io.csc.model.ModelFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc model FILE}: where a saved model comes from. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Print the provenance of a saved model: method, every parameter, seed, csc version, training "
                + "data size and fingerprint, supervision. The file is checked as 'csc predict' checks it.")
final class ModelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A model saved by 'csc cluster --save-model'.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        FittedModel model = ModelFile.load(file);
        Map<String, Object> description = ModelFile.describe(model);
        if (json) {
            out.println(Json.write(description));
        } else {
            description.forEach((key, value) -> out.println(key + ": " + value));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
