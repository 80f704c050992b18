package io.csc.cli;

import static io.csc.cli.ExitCodes.DATA;
import static io.csc.cli.ExitCodes.FAILED;
import static io.csc.cli.ExitCodes.USAGE;

import io.csc.algorithm.AlgorithmDescriptor;
import io.csc.algorithm.AlgorithmRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The malformed and edge-case inputs of the reliability corpus, by category: what a careful user
 * or a hostile file gives the command line. {@link ReliabilityCorpusTest} runs them all.
 */
final class ReliabilityCorpus {

    /** Twelve points in three separated groups, with a label column. */
    static final String GOOD_CSV = "x,y,label\n"
            + "0.0,0.1,a\n0.2,0.0,a\n0.1,0.3,a\n0.3,0.2,a\n"
            + "5.0,5.1,b\n5.2,5.0,b\n5.1,5.3,b\n5.3,5.2,b\n"
            + "9.0,0.1,c\n9.2,0.0,c\n9.1,0.3,c\n9.3,0.2,c\n";
    static final String GOOD_LIBSVM = "1 1:0.0 2:0.1\n1 1:0.2 2:0.0\n1 1:0.1 2:0.3\n"
            + "2 1:5.0 2:5.1\n2 1:5.2 2:5.0\n2 1:5.1 2:5.3\n";
    static final String GOOD_CONSTRAINTS = "i,j,type\n0,1,ML\n4,5,ML\n0,4,CL\n";

    private final List<CorpusCase> cases = new ArrayList<>();

    private ReliabilityCorpus() {
    }

    /** Every case. */
    static List<CorpusCase> all() {
        ReliabilityCorpus corpus = new ReliabilityCorpus();
        corpus.csvData();
        corpus.libsvmData();
        corpus.idxData();
        corpus.constraintFiles();
        corpus.labelAndGroupFiles();
        corpus.usage();
        corpus.outputs();
        corpus.methodsOnDegenerateData();
        corpus.otherCommands();
        return corpus.cases;
    }

    private CorpusCase add(String category, String name) {
        CorpusCase entry = new CorpusCase(category, name);
        cases.add(entry);
        return entry;
    }

    private CorpusCase csv(String name, String text) {
        return add("csv data", name).file("d.csv", text).args("cluster", "--data", "@d.csv", "-k", "2");
    }

    private void csvData() {
        csv("empty file", "").fails(DATA, "d.csv", "empty");
        csv("blank lines only", "\n\n  \n").fails(DATA, "d.csv", "empty");
        csv("header only", "x,y,label\n").fails(DATA, "d.csv", "no data rows");
        csv("only the label column", "label\na\nb\n").fails(DATA, "d.csv", "line 1", "'label'");
        csv("numbers as header", "1.5,2.5\n3,4\n5,6\n").fails(DATA, "d.csv", "line 1", "1.5");
        csv("row with too many fields", "x,y\n1,2\n3,4,5\n6,7\n").fails(DATA, "d.csv", "line 3", "3 fields");
        csv("row with too few fields", "x,y\n1,2\n3\n6,7\n").fails(DATA, "d.csv", "line 3", "1 fields");
        csv("text in a feature", "x,y\n1,2\nthree,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'x'", "'three'");
        csv("NaN value", "x,y\n1,2\nNaN,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'NaN'");
        csv("infinite value", "x,y\n1,2\nInfinity,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'Infinity'");
        csv("value beyond double range", "x,y\n1,2\n1e400,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'1e400'");
        csv("empty value", "x,y\n1,2\n,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'x'");
        csv("empty label", "x,label\n1,a\n2,\n3,b\n").fails(DATA, "d.csv", "line 3", "'label'");
        csv("unclosed quote", "x,y\n1,2\n\"3,4\n5,6\n").fails(DATA, "d.csv", "quote");
        csv("decimal comma", "x;y\n1,5;2\n3;4\n5;6\n").fails(DATA, "d.csv", "line 2", "'1,5'");
        csv("hexadecimal value", "x,y\n1,2\n0x1F,4\n6,7\n").fails(DATA, "d.csv", "line 3", "'0x1F'");
        csv("two label columns", "x,label,label\n1,0.5,a\n2,0.6,b\n3,0.7,a\n")
                .fails(DATA, "d.csv", "line 1", "'label'", "columns 2, 3");
        csv("label and Label", "x,Label,label\n1,0.5,a\n2,0.6,b\n3,0.7,a\n4,0.1,b\n").succeeds();
        csv("two LABEL columns without exact match", "x,LABEL,Label\n1,0.5,a\n2,0.6,b\n3,0.7,a\n")
                .fails(DATA, "d.csv", "line 1", "2 columns");
        csv("an escape character in the first bytes", "x,y\n1,2\n\u001b[31m,4\n6,7\n")
                .fails(DATA, "d.csv", "not a text CSV file", "byte 8");
        csv("an escape character past the first bytes", "x,y\n" + "1,2\n".repeat(1100) + "\u001b[31m,4\n6,7\n")
                .fails(DATA, "d.csv", "line 1102", "'\\u001b[31m'");
        csv("a 10 000-character value", "x,y\n1,2\n" + "9".repeat(5000) + "x" + "9".repeat(5000) + ",4\n6,7\n")
                .fails(DATA, "d.csv", "line 3", "...");
        csv("one row", "x,y\n1,2\n").args("-k", "1").fails(FAILED, "d has 1 point", "at least 2");
        csv("one row, k = 2", "x,y\n1,2\n").fails(FAILED, "d has 1 point");
        csv("two rows, k = 2", "x,y\n1,2\n3,4\n").succeeds();
        csv("all rows identical", "x,y\n1,2\n1,2\n1,2\n1,2\n").fails(FAILED, "all identical");
        csv("all rows identical, k = 1", "x,y\n1,2\n1,2\n1,2\n").args("-k", "1").fails(FAILED, "all identical");
        csv("fewer distinct rows than k", "x,y\n1,2\n1,2\n3,4\n3,4\n").args("-k", "3")
                .fails(FAILED, "only 2 distinct points", "at most 2");
        csv("a constant column", "x,y\n1,0\n2,0\n3,0\n8,0\n9,0\n").succeeds();
        csv("values near the largest double", "x,y\n1e307,-1e307\n-1e307,1e307\n5e306,6\n5,6.5e306\n9,9\n")
                .succeeds();
        csv("huge values without scaling", "x,y\n1e307,-1e307\n-1e307,1e307\n5e306,6\n5,6.5e306\n9,9\n")
                .args("--scale", "none").fails(FAILED, "point 0", "1.00e+307", "scale");
        csv("tiny values", "x,y\n1e-300,2e-300\n3e-300,1e-300\n5e-300,6e-300\n7e-300,5e-300\n").succeeds();
        csv("semicolons", "x;y\n1;2\n1.5;2\n8;9\n9;9\n").succeeds();
        csv("tabs", "x\ty\n1\t2\n1.5\t2\n8\t9\n9\t9\n").succeeds();
        csv("byte order mark and CRLF", "\uFEFFx,y\r\n1,2\r\n1.5,2\r\n8,9\r\n9,9\r\n").succeeds();
        csv("quoted fields", "\"x\",\"y\"\n\"1\",\"2\"\n\"1.5\",2\n8,9\n9,9\n").succeeds();
        csv("column numbers as header", "0,1\n1,2\n1.5,2\n8,9\n9,9\n").succeeds();
        csv("more clusters than points", "x,y\n1,2\n3,4\n5,6\n").args("-k", "5").fails(FAILED, "5 clusters", "3 points");
        csv("label column that is not there", GOOD_CSV).args("--label-column", "class")
                .fails(DATA, "d.csv", "'class'");
        add("csv data", "no ground truth and no k").file("d.csv", "x,y\n1,2\n3,4\n5,6\n")
                .args("cluster", "--data", "@d.csv").fails(USAGE, "d has no ground truth", "-k");
        binary("ELF program", elfBytes());
        binary("PNG image", pngBytes());
        binary("NUL in the middle", "x,y\n1,2\n3\u00004\n".getBytes(StandardCharsets.UTF_8));
        binary("UTF-16 text", "x,y\n1,2\n3,4\n".getBytes(StandardCharsets.UTF_16LE));
        binary("random bytes", randomBytes(300, 7));
        add("csv data", "gzip of a program").file("d.csv.gz", gzip(elfBytes()))
                .args("cluster", "--data", "@d.csv.gz", "-k", "2").fails(DATA, "d.csv.gz", "not a text CSV file");
        add("csv data", "damaged gzip").file("d.csv.gz", Arrays.copyOf(gzip(GOOD_CSV.getBytes(StandardCharsets.UTF_8)), 30))
                .args("cluster", "--data", "@d.csv.gz").fails(DATA, "d.csv.gz");
        add("csv data", "gzip with only its magic bytes").file("d.csv.gz", new byte[] {0x1f, (byte) 0x8b})
                .args("cluster", "--data", "@d.csv.gz").fails(DATA, "d.csv.gz");
        add("csv data", "valid gzip").file("d.csv.gz", gzip(GOOD_CSV.getBytes(StandardCharsets.UTF_8)))
                .args("cluster", "--data", "@d.csv.gz").succeeds();
        add("csv data", "data is a folder").file("folder/x.txt", "x")
                .args("cluster", "--data", "@folder", "-k", "2").fails(DATA, "folder");
        add("csv data", "missing file").args("cluster", "--data", "@missing.csv", "-k", "2")
                .fails(DATA, "missing.csv");
        add("csv data", "unknown data set name").args("cluster", "--data", "no-such-set", "-k", "2")
                .fails(DATA, "no-such-set");
        add("csv data", "format given explicitly").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--format", "csv").succeeds();
    }

    private void binary(String name, byte[] bytes) {
        add("binary data", name).file("d.csv", bytes).args("cluster", "--data", "@d.csv", "-k", "2")
                .fails(DATA, "d.csv", "not a text CSV file", "byte");
    }

    private CorpusCase libsvm(String name, String text) {
        return add("libsvm data", name).file("d.libsvm", text).args("cluster", "--data", "@d.libsvm", "-k", "2");
    }

    private void libsvmData() {
        libsvm("valid", GOOD_LIBSVM).succeeds();
        libsvm("empty", "").fails(DATA, "d.libsvm");
        libsvm("comments only", "# nothing\n# here\n").fails(DATA, "d.libsvm");
        libsvm("label holding a colon", "1:0.5 2:1\n").fails(DATA, "d.libsvm", "line 1", "'1:0.5'");
        libsvm("index 0", "1 0:0.5\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "0");
        libsvm("negative index", "1 -3:0.5\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "-3");
        libsvm("text index", "1 a:0.5\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "a");
        libsvm("value not a number", "1 1:abc\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "abc");
        libsvm("NaN value", "1 1:NaN\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "NaN");
        libsvm("missing colon", "1 15\n2 1:1\n").fails(DATA, "d.libsvm", "line 1", "15");
        libsvm("missing value", "1 1:\n2 1:1\n").fails(DATA, "d.libsvm", "line 1");
        libsvm("huge index", "1 99999999999:1\n2 1:1\n").fails(DATA, "d.libsvm", "line 1");
        libsvm("qid tokens", "1 qid:3 1:0.5 2:1\n2 qid:3 1:5 2:6\n1 1:0.1 2:0.9\n2 1:5.5 2:6\n").succeeds();
        libsvm("a repeated index", "1 1:0.5 1:0.7 2:1\n2 1:5 2:6\n").fails(DATA, "d.libsvm", "line 1",
                "feature 1 is given twice");
        add("libsvm data", "binary").file("d.libsvm", elfBytes()).args("cluster", "--data", "@d.libsvm", "-k", "2")
                .fails(DATA, "d.libsvm", "not a text LIBSVM file");
        add("libsvm data", "label column given").file("d.libsvm", GOOD_LIBSVM)
                .args("cluster", "--data", "@d.libsvm", "--label-column", "y").fails(DATA, "d.libsvm", "'y'");
    }

    private CorpusCase idx(String name, byte[] images) {
        return add("idx data", name).file("t-images-idx3-ubyte", images)
                .args("cluster", "--data", "@t-images-idx3-ubyte", "-k", "2");
    }

    private void idxData() {
        byte[] images = idxImages(6, 2, 2);
        idx("valid, unlabelled", images).succeeds();
        idx("empty", new byte[0]).fails(DATA, "t-images-idx3-ubyte");
        idx("wrong magic", withInt(images, 0, 0x00000801)).fails(DATA, "t-images-idx3-ubyte");
        idx("truncated pixels", Arrays.copyOf(images, images.length - 5)).fails(DATA, "t-images-idx3-ubyte");
        idx("truncated header", Arrays.copyOf(images, 9)).fails(DATA, "t-images-idx3-ubyte");
        idx("negative count", withInt(images, 4, -1)).fails(DATA, "t-images-idx3-ubyte");
        idx("gigantic dimensions", withInt(withInt(images, 8, 1 << 20), 12, 1 << 20)).fails(DATA, "t-images-idx3-ubyte");
        idx("a CSV named like IDX", GOOD_CSV.getBytes(StandardCharsets.UTF_8)).fails(DATA, "t-images-idx3-ubyte");
        idx("labels that disagree in count", images).file("t-labels-idx1-ubyte", idxLabels(5))
                .fails(DATA, "t-labels-idx1-ubyte");
        idx("labels file with a wrong magic", images).file("t-labels-idx1-ubyte", withInt(idxLabels(6), 0, 0x803))
                .fails(DATA, "t-labels-idx1-ubyte");
        idx("valid with labels", images).file("t-labels-idx1-ubyte", idxLabels(6)).succeeds();
        add("idx data", "IDX from standard input").args("cluster", "--data", "-", "--format", "idx", "-k", "2")
                .fails(DATA, "<stdin>", "IDX");
    }

    private CorpusCase constraints(String name, String text) {
        return add("constraint files", name).file("d.csv", GOOD_CSV).file("c.txt", text)
                .args("cluster", "--data", "@d.csv", "-a", "scacs", "--constraints", "@c.txt");
    }

    private void constraintFiles() {
        constraints("valid", GOOD_CONSTRAINTS).succeeds();
        constraints("semicolons", "0;1;ML\n4;5;ML\n0;4;CL\n").succeeds();
        constraints("tabs", "0\t1\tML\n4\t5\tML\n").succeeds();
        constraints("spreadsheet header with semicolons", "i;j;type\n0;1;ML\n").succeeds();
        constraints("comments and blank lines", "# pairs\n\n0,1,ML\n\n# more\n4,5,CL\n").succeeds();
        constraints("weights", "0,1,ML,0.5\n4,5,CL,1\n0,4,CL,\n").succeeds();
        constraints("empty", "").fails(DATA, "c.txt", "holds no constraints");
        constraints("header only", "i,j,type\n").fails(DATA, "c.txt", "holds no constraints");
        constraints("two fields", "0,1\n").fails(DATA, "c.txt", "line 1", "found 2");
        constraints("five fields", "0,1,ML,1,x\n").fails(DATA, "c.txt", "line 1", "found 5");
        constraints("index not a number", "0,1,ML\nzero,1,ML\n").fails(DATA, "c.txt", "line 2", "'zero'");
        constraints("index out of range", "0,12,ML\n").fails(DATA, "c.txt", "line 1", "'12'", "12 points");
        constraints("negative index", "-1,2,ML\n").fails(DATA, "c.txt", "line 1", "'-1'");
        constraints("fractional index", "1.5,2,ML\n").fails(DATA, "c.txt", "line 1", "'1.5'");
        constraints("huge index", "0,99999999999999999999,ML\n").fails(DATA, "c.txt", "line 1", "'99999999999999999999'");
        constraints("a point with itself", "3,3,ML\n").fails(DATA, "c.txt", "line 1", "'3'", "itself");
        constraints("unknown type", "0,1,maybe\n").fails(DATA, "c.txt", "line 1", "'maybe'");
        constraints("empty type", "0,1,\n").fails(DATA, "c.txt", "line 1", "''");
        constraints("weight 0", "0,1,ML,0\n").fails(DATA, "c.txt", "line 1", "'0'", "(0, 1]");
        constraints("weight above 1", "0,1,ML,1.5\n").fails(DATA, "c.txt", "line 1", "'1.5'");
        constraints("weight NaN", "0,1,ML,NaN\n").fails(DATA, "c.txt", "line 1", "'NaN'");
        constraints("weight text", "0,1,ML,high\n").fails(DATA, "c.txt", "line 1", "'high'");
        constraints("second line broken", "0,1,ML\n2,3\n").fails(DATA, "c.txt", "line 2");
        constraints("contradiction, fail asked", "0,1,ML\n1,2,ML\n0,2,CL\n").args("--on-inconsistent", "fail")
                .fails(DATA, "cannot-link");
        constraints("contradiction, warned", "0,1,ML\n1,2,ML\n0,2,CL\n").succeeds("warning");
        add("constraint files", "binary").file("d.csv", GOOD_CSV).file("c.txt", elfBytes())
                .args("cluster", "--data", "@d.csv", "--constraints", "@c.txt")
                .fails(DATA, "c.txt", "not a text constraints file");
        add("constraint files", "Latin-1 bytes").file("d.csv", GOOD_CSV)
                .file("c.txt", "# caf\u00e9\n0,1,ML\n".getBytes(StandardCharsets.ISO_8859_1))
                .args("cluster", "--data", "@d.csv", "--constraints", "@c.txt").fails(DATA, "c.txt", "UTF-8");
        add("constraint files", "missing").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--constraints", "@none.txt").fails(DATA, "none.txt");
        add("constraint files", "a folder").file("d.csv", GOOD_CSV).file("f/x", "x")
                .args("cluster", "--data", "@d.csv", "--constraints", "@f").fails(DATA, "f", "directory");
        add("constraint files", "cop-kmeans cannot satisfy them").file("d.csv", GOOD_CSV)
                .file("c.txt", "0,1,CL\n1,2,CL\n0,2,CL\n")
                .args("cluster", "--data", "@d.csv", "-a", "cop-kmeans", "-k", "2", "--constraints", "@c.txt")
                .fails(FAILED, "cop-kmeans", "no assignment");
    }

    private void labelAndGroupFiles() {
        labels("valid", "0,a\n4,b\n8,c\n").succeeds();
        labels("confidences", "0,a,0.9\n4,b,1\n8,c,\n").succeeds();
        labels("point labelled twice", "0,a\n0,b\n").fails(DATA, "l.txt", "line 2", "'0'", "twice");
        labels("empty label", "0,\n").fails(DATA, "l.txt", "line 1");
        labels("confidence 0", "0,a,0\n").fails(DATA, "l.txt", "line 1", "'0'");
        labels("confidence text", "0,a,sure\n").fails(DATA, "l.txt", "line 1", "'sure'");
        labels("one field", "0\n").fails(DATA, "l.txt", "line 1", "found 1");
        labels("index out of range", "40,a\n").fails(DATA, "l.txt", "line 1", "'40'");
        labels("more classes than k", "0,a\n4,b\n8,c\n1,d\n").args("-k", "3")
                .fails(USAGE, "l.txt", "4 classes", "k = 3");
        labels("semicolons", "0;a\n4;b\n").succeeds();
        add("label files", "more classes than k, drawn").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "-a", "scacs", "-k", "2", "--known-fraction", "1")
                .fails(USAGE, "3 classes", "k = 2");
        groups("valid", "0 1 2\n4,5\n").succeeds();
        groups("a point in two groups", "0 1\n1 2\n").fails(DATA, "g.txt", "line 2", "'1'");
        groups("bad index", "0 x\n").fails(DATA, "g.txt", "line 1", "'x'");
        groups("index out of range", "0 99\n").fails(DATA, "g.txt", "line 1", "'99'");
        groups("binary", "").file("g.txt", pngBytes()).fails(DATA, "g.txt", "not a text groups file");
    }

    private CorpusCase labels(String name, String text) {
        return add("label files", name).file("d.csv", GOOD_CSV).file("l.txt", text)
                .args("cluster", "--data", "@d.csv", "-a", "scacs", "--labels", "@l.txt");
    }

    private CorpusCase groups(String name, String text) {
        return add("group files", name).file("d.csv", GOOD_CSV).file("g.txt", text)
                .args("cluster", "--data", "@d.csv", "-a", "scacs", "--groups", "@g.txt");
    }

    private CorpusCase option(String name, String... words) {
        return add("options", name).file("d.csv", GOOD_CSV).args("cluster", "--data", "@d.csv").args(words);
    }

    private void usage() {
        option("unknown option", "--colour").fails(USAGE, "--colour");
        option("unknown algorithm", "-a", "kmeans++").fails(USAGE, "kmeans++");
        option("k not a number", "-k", "three").fails(USAGE, "three");
        option("k = 0", "-k", "0").fails(USAGE, "k", "0");
        option("negative k", "-k", "-2").fails(USAGE, "-2");
        option("seed not a number", "--seed", "x").fails(USAGE, "x");
        option("threads 0", "--threads", "0").fails(USAGE, "--threads", "0");
        option("negative threads", "--threads", "-4").fails(USAGE, "-4");
        option("threads above the processors", "--threads", "10000").succeeds("--threads 10000", "processors");
        option("unknown parameter", "--param", "colour=red").fails(USAGE, "colour");
        option("parameter without a value", "--param", "sigma").fails(USAGE, "sigma");
        option("negative sigma", "--param", "sigma=-2").fails(USAGE, "sigma", "-2");
        option("sigma not a number", "--param", "sigma=wide").fails(USAGE, "wide");
        option("zero neighbours", "--param", "graph=knn", "--param", "neighbours=0").fails(USAGE, "0");
        option("unknown graph", "--param", "graph=full").fails(USAGE, "full");
        option("scale-neighbours beyond n", "--param", "scale-neighbours=200").succeeds();
        option("nearest above landmarks", "-a", "lsc-r", "--param", "landmarks=4", "--param", "nearest=9")
                .succeeds("nearest = 9", "4 landmarks");
        option("landmarks 0", "-a", "lsc-r", "--param", "landmarks=0").fails(USAGE, "landmarks", "0");
        option("lsc-r with k as large as n", "-a", "lsc-r", "-k", "12").fails(FAILED, "lsc-r", "lower k to at most 11");
        option("unknown scaling", "--scale", "log").fails(USAGE, "log");
        option("unknown format", "--format", "xlsx").fails(USAGE, "xlsx");
        option("unknown output format", "--output-format", "json").fails(USAGE, "json");
        option("known labels beyond n", "--known-labels", "500", "-a", "scacs").fails(USAGE, "500");
        option("negative known labels", "--known-labels", "-1", "-a", "scacs").fails(USAGE, "-1");
        option("known fraction 2", "--known-fraction", "2", "-a", "scacs").fails(USAGE, "2");
        option("both known options", "--known-labels", "3", "--known-fraction", "0.5").fails(USAGE, "not both");
        option("unknown inconsistency policy", "--on-inconsistent", "ignore", "--known-labels", "3")
                .fails(USAGE, "ignore");
        option("select=cv on an unconstrained method", "--param", "select=cv").fails(USAGE, "select");
        add("options", "no --data").args("cluster", "-k", "2").fails(USAGE, "--data");
        add("options", "known labels without ground truth").file("d.csv", "x,y\n1,2\n3,4\n5,6\n")
                .args("cluster", "--data", "@d.csv", "-k", "2", "--known-labels", "2").fails(USAGE, "ground truth");
        add("options", "unknown command").args("clusterize").fails(USAGE, "clusterize").unguarded();
    }

    private void outputs() {
        add("outputs", "output equal to data").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--output", "@d.csv").fails(DATA, "--output", "d.csv", "input");
        add("outputs", "output equal to constraints").file("d.csv", GOOD_CSV).file("c.txt", GOOD_CONSTRAINTS)
                .args("cluster", "--data", "@d.csv", "-a", "scacs", "--constraints", "@c.txt", "--output", "@c.txt")
                .fails(DATA, "--output", "c.txt", "input");
        add("outputs", "output equal to data by another path").file("d.csv", GOOD_CSV).file("sub/x", "x")
                .args("cluster", "--data", "@d.csv", "--output", "@sub/../d.csv").fails(DATA, "--output", "input");
        add("outputs", "output is a folder").file("d.csv", GOOD_CSV).file("folder/x", "x")
                .args("cluster", "--data", "@d.csv", "--output", "@folder").fails(DATA, "--output", "folder");
        add("outputs", "output below a file").file("d.csv", GOOD_CSV).file("plain", "x")
                .args("cluster", "--data", "@d.csv", "--output", "@plain/out.txt").fails(DATA, "--output", "plain");
        add("outputs", "output on a full disk").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--output", "/dev/full").fails(DATA, "/dev/full", "space");
        add("outputs", "output in a folder that cannot exist").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--output", "/proc/csc-corpus/out.txt")
                .fails(DATA, "--output", "/proc/csc-corpus/out.txt");
        add("outputs", "output in a new folder").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--output", "@new/folder/out.txt").succeeds();
        add("outputs", "output to standard output").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--output", "/dev/null").succeeds();
        add("outputs", "model equal to data").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--save-model", "@d.csv").fails(DATA, "--save-model", "input");
        add("outputs", "model equal to output").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--save-model", "@out.txt").fails(DATA, "--save-model", "out.txt");
        add("outputs", "model in a folder that cannot exist").file("d.csv", GOOD_CSV)
                .args("cluster", "--data", "@d.csv", "--save-model", "/proc/csc-corpus/m.zip")
                .fails(DATA, "--save-model");
        add("outputs", "generate over its own folder").file("folder/x", "x")
                .args("generate", "--n", "50", "--d", "2", "-k", "2", "--output", "@folder", "-q")
                .fails(DATA, "--output", "folder");
        add("outputs", "report into a folder that cannot exist").file("d.csv", GOOD_CSV)
                .args("report", "--data", "@d.csv", "-a", "njw", "--output", "/proc/csc-corpus/r.md", "-q")
                .fails(DATA, "--output", "/proc/csc-corpus/r.md");
        add("outputs", "experiment into a folder that cannot exist").file("d.csv", GOOD_CSV)
                .args("experiment", "--data", "@d.csv", "-a", "njw", "--out", "/proc/csc-corpus", "-q")
                .fails(DATA, "--out", "/proc/csc-corpus");
        add("outputs", "generate on a full disk")
                .args("generate", "--n", "50", "--d", "2", "-k", "2", "--output", "/dev/full", "-q")
                .fails(DATA, "/dev/full");
    }

    private void methodsOnDegenerateData() {
        for (AlgorithmDescriptor descriptor : AlgorithmRegistry.all()) {
            String method = descriptor.name();
            add("methods", method + " with k above the distinct points").file("d.csv", "x,y\n1,2\n1,2\n3,4\n3,4\n3,4\n")
                    .args("cluster", "--data", "@d.csv", "-a", method, "-k", "3").fails(FAILED, "only 2 distinct points");
            add("methods", method + " on identical points").file("d.csv", "x,y\n1,2\n1,2\n1,2\n")
                    .args("cluster", "--data", "@d.csv", "-a", method, "-k", "1").fails(FAILED, "all identical");
            add("methods", method + " on six points").file("d.csv", "x,y\n1,2\n1.5,2\n1,2.5\n8,9\n9,9\n9,8.5\n")
                    .args("cluster", "--data", "@d.csv", "-a", method, "-k", "2").succeeds();
            add("methods", method + " on 8 points repeated 12 times").file("d.csv", repeatedPoints())
                    .args("cluster", "--data", "@d.csv", "-a", method, "-k", "2").succeeds();
        }
    }

    /** Two groups of four coordinates, each coordinate 12 times: more copies than most methods take neighbours. */
    private static String repeatedPoints() {
        StringBuilder csv = new StringBuilder("x,y\n");
        String[] coordinates = {"0,0", "0,1", "1,0", "1,1", "9,9", "9,10", "10,9", "10,10"};
        for (int copy = 0; copy < 12; copy++) {
            for (String coordinate : coordinates) {
                csv.append(coordinate).append('\n');
            }
        }
        return csv.toString();
    }

    private void otherCommands() {
        add("other commands", "predict with a missing model").file("d.csv", GOOD_CSV)
                .args("predict", "--model", "@m.zip", "--data", "@d.csv").fails(DATA, "m.zip");
        add("other commands", "predict with a CSV as model").file("d.csv", GOOD_CSV)
                .args("predict", "--model", "@d.csv", "--data", "@d.csv").fails(DATA, "d.csv");
        add("other commands", "predict with random bytes as model").file("d.csv", GOOD_CSV).file("m.zip", randomBytes(500, 3))
                .args("predict", "--model", "@m.zip", "--data", "@d.csv").fails(DATA, "m.zip");
        add("other commands", "predict writing over the model").file("d.csv", GOOD_CSV).file("m.zip", randomBytes(50, 4))
                .args("predict", "--model", "@m.zip", "--data", "@d.csv", "--output", "@m.zip")
                .fails(DATA, "--output", "input");
        add("other commands", "evaluate with too few predictions").file("t.txt", "0\n1\n1\n").file("p.txt", "0\n1\n")
                .args("evaluate", "--truth", "@t.txt", "--pred", "@p.txt").fails(DATA, "p.txt");
        add("other commands", "evaluate with a binary prediction file").file("t.txt", "0\n1\n1\n").file("p.txt", elfBytes())
                .args("evaluate", "--truth", "@t.txt", "--pred", "@p.txt").fails(DATA, "p.txt");
        add("other commands", "generate with no points").args("generate", "--n", "0", "--d", "2", "-k", "2", "--output", "@g.csv", "-q")
                .fails(USAGE, "0");
        add("other commands", "experiment where every fit fails").file("d.csv", "x,y,label\n1,2,a\n1,2,b\n1,2,a\n1,2,b\n")
                .args("experiment", "--data", "@d.csv", "-a", "njw", "--repeats", "1", "--known", "2", "--plot", "none",
                        "--out", "@exp", "-q")
                .fails(FAILED, "every one of the", "all identical");
        add("other commands", "help has no format warning").args("--help").succeeds("Usage: csc");
        add("other commands", "demo help has no format warning").args("demo", "--help").succeeds("Wine and Iris");
    }

    // ------------------------------------------------------------------ files

    static byte[] elfBytes() {
        byte[] bytes = new byte[200];
        byte[] head = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0};
        System.arraycopy(head, 0, bytes, 0, head.length);
        for (int i = head.length; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 37);
        }
        return bytes;
    }

    static byte[] pngBytes() {
        byte[] bytes = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1};
        return bytes;
    }

    static byte[] randomBytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new java.util.Random(seed).nextBytes(bytes);
        return bytes;
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(buffer)) {
            out.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** An IDX images file of {@code count} images of rows x columns pixels. */
    static byte[] idxImages(int count, int rows, int columns) {
        ByteBuffer buffer = ByteBuffer.allocate(16 + count * rows * columns);
        buffer.putInt(0x00000803).putInt(count).putInt(rows).putInt(columns);
        for (int i = 0; i < count * rows * columns; i++) {
            buffer.put((byte) ((i / (rows * columns)) < count / 2 ? 10 + i % 7 : 200 + i % 11));
        }
        return buffer.array();
    }

    /** An IDX labels file of {@code count} labels. */
    static byte[] idxLabels(int count) {
        ByteBuffer buffer = ByteBuffer.allocate(8 + count);
        buffer.putInt(0x00000801).putInt(count);
        for (int i = 0; i < count; i++) {
            buffer.put((byte) (i < count / 2 ? 0 : 1));
        }
        return buffer.array();
    }

    /** {@code bytes} with the big-endian int at {@code offset} replaced. */
    static byte[] withInt(byte[] bytes, int offset, int value) {
        byte[] copy = bytes.clone();
        ByteBuffer.wrap(copy).putInt(offset, value);
        return copy;
    }
}
