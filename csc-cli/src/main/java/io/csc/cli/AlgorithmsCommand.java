package io.csc.cli;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import io.csc.algorithm.Parameter;
import io.csc.selection.AutomaticMethod;
import io.csc.selection.SelectionGrids;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csc algorithms}: every method with its options and defaults. */
@Command(name = "algorithms", mixinStandardHelpOptions = true,
        description = "List the methods with their options (set them with --param key=value) and defaults.")
final class AlgorithmsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the list as JSON.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", descriptor.name());
                entry.put("summary", descriptor.summary());
                entry.put("reference", descriptor.reference());
                entry.put("constrained", descriptor.constrained());
                entry.put("scalable", descriptor.scalable());
                List<Map<String, Object>> parameters = new ArrayList<>();
                for (Parameter<?> parameter : descriptor.parameters()) {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("name", parameter.name());
                    item.put("type", parameter.typeName());
                    item.put("default", parameter.defaultText());
                    item.put("description", parameter.description());
                    parameters.add(item);
                }
                entry.put("parameters", parameters);
                if (descriptor.selectable()) {
                    entry.put("selectionGrid", SelectionGrids.of(descriptor.name()));
                }
                list.add(entry);
            }
            list.add(Map.of("name", AutomaticMethod.NAME, "summary", AutomaticMethod.DESCRIPTOR.summary(),
                    "reference", AutomaticMethod.DESCRIPTOR.reference(), "constrained", true, "scalable", true,
                    "parameters", List.of()));
            out.println(Json.write(list));
        } else {
            for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
                out.println(descriptor.name() + "  " + descriptor.summary());
                out.println("    " + (descriptor.constrained() ? "constrained" : "unconstrained")
                        + (descriptor.scalable() ? ", linear in n" : ", dense (small and medium n)")
                        + "; " + descriptor.reference());
                for (Parameter<?> parameter : descriptor.parameters()) {
                    out.printf("    --param %s=%s  (%s) %s%n", parameter.name(), parameter.defaultText(),
                            parameter.typeName(), parameter.description());
                }
                if (descriptor.selectable()) {
                    out.println("    select=cv tries: " + gridText(SelectionGrids.of(descriptor.name())));
                }
                out.println();
            }
            out.println(AutomaticMethod.NAME + "  " + AutomaticMethod.DESCRIPTOR.summary());
            out.println("    constrained; every constrained method, njw and seeded-njw up to "
                    + AutomaticMethod.DENSE_LIMIT + " points (seeded-njw graph=knn as a fallback: chosen only where"
                    + " it scores over 0.02 above every other), the linear-time ones and njw graph=knn above; "
                    + AutomaticMethod.DESCRIPTOR.reference());
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The settings as {@code defaults | nearest=5 | ...}. */
    private static String gridText(List<Map<String, String>> grid) {
        List<String> settings = new ArrayList<>();
        for (Map<String, String> setting : grid) {
            settings.add(setting.isEmpty() ? "defaults" : setting.entrySet().stream()
                    .map(entry -> entry.getKey() + "=" + entry.getValue()).sorted().reduce((a, b) -> a + " " + b)
                    .orElse(""));
        }
        return String.join(" | ", settings);
    }
}
