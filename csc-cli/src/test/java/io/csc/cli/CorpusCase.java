package io.csc.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of the reliability corpus: the files a user has, the command they type, and what
 * must come of it. Arguments name the case's files as {@code @name}; every run is quiet and, for
 * the commands that write labels, also writes them to a guarded {@code --output} whose previous
 * content must survive any failure.
 */
final class CorpusCase {

    /** The file every labelling command also writes; it holds {@link #SENTINEL} before the run. */
    static final String GUARDED_OUTPUT = "out.txt";
    static final String SENTINEL = "previous content\n";

    private final String category;
    private final String name;
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final List<String> arguments = new ArrayList<>();
    private boolean guarded = true;
    private int exitCode = ExitCodes.OK;
    private final List<String> mentions = new ArrayList<>();

    CorpusCase(String category, String name) {
        this.category = category;
        this.name = name;
    }

    CorpusCase file(String fileName, String text) {
        return file(fileName, text.getBytes(StandardCharsets.UTF_8));
    }

    CorpusCase file(String fileName, byte[] bytes) {
        files.put(fileName, bytes.clone());
        return this;
    }

    /** Adds words to the command; a {@code -k} given again replaces the earlier value. */
    CorpusCase args(String... words) {
        for (int index = 0; index < words.length; index++) {
            int earlier = arguments.indexOf("-k");
            if (words[index].equals("-k") && earlier >= 0 && index + 1 < words.length) {
                arguments.set(earlier + 1, words[++index]);
            } else {
                arguments.add(words[index]);
            }
        }
        return this;
    }

    /** No guarded {@code --output}: the command has none, or the case is about the output itself. */
    CorpusCase unguarded() {
        guarded = false;
        return this;
    }

    /** The run fails with {@code code}; its one line of error contains each of {@code texts}. */
    CorpusCase fails(int code, String... texts) {
        exitCode = code;
        Collections.addAll(mentions, texts);
        return this;
    }

    /** The run succeeds; its standard error or output contains each of {@code texts}. */
    CorpusCase succeeds(String... texts) {
        exitCode = ExitCodes.OK;
        Collections.addAll(mentions, texts);
        return this;
    }

    String category() {
        return category;
    }

    String name() {
        return name;
    }

    Map<String, byte[]> files() {
        return files;
    }

    List<String> arguments() {
        return arguments;
    }

    /** Whether the run also writes labels to the guarded output. */
    boolean guarded() {
        return guarded && !arguments.isEmpty()
                && (arguments.get(0).equals("cluster") || arguments.get(0).equals("predict"))
                && !arguments.contains("--output");
    }

    int exitCode() {
        return exitCode;
    }

    List<String> mentions() {
        return mentions;
    }

    @Override
    public String toString() {
        return category + ": " + name;
    }
}
