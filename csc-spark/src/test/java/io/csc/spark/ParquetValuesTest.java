package io.csc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.csc.cli.CscCommand;
import io.csc.cli.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * A Parquet directory holding a row that cannot be clustered (a missing or infinite value, a row
 * without id) is refused as a file problem naming the directory, the row and the column: the
 * executors' check failed the Spark job, which the command line reported as an internal error.
 */
class ParquetValuesTest {

    @TempDir
    static Path directory;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing | Row 5 (id 5) has no value (null or NaN) in the column 'y': drop or impute such rows before clustering",
            "nan | Row 5 (id 5) has no value (null or NaN) in the column 'x': drop or impute such rows before clustering",
            "infinite | Row 5 (id 5) has the value -Infinity in the column 'x': drop or impute such rows before clustering",
            "no-id | Row 0 has no id (null): give every row an id, or drop the id column to name the points by their rows"})
    void aRowThatCannotBeClusteredIsNamedWithItsColumn(String defect, String expected) {
        Path parquet = directory.resolve(defect);
        write(parquet, defect);
        assertEquals("csc: " + parquet + ": " + expected, refusal(parquet));
    }

    /** A column of text beside the numbers was left out without a word: the points were clustered on the others. */
    @org.junit.jupiter.api.Test
    void aColumnThatIsNotANumberIsRefusedRatherThanLeftOut() {
        Path parquet = directory.resolve("with-text");
        StructType schema = new StructType().add("x", DataTypes.DoubleType).add("colour", DataTypes.StringType)
                .add("label", DataTypes.StringType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rows.add(RowFactory.create((i % 2) * 5.0 + i / 40.0, i % 2 == 0 ? "red" : "blue", "c" + i % 2));
        }
        SharedSpark.session().createDataFrame(rows, schema).write().parquet(parquet.toString());
        assertEquals("csc: " + parquet + " has columns that are not numbers: 'colour' (string); the Spark engine "
                + "clusters every column but id and label, or the vector column 'features': write the directory without "
                + "them (or with a 'features' vector), or name the label by --label-column", refusal(parquet));
    }

    /** A row without its class in the label column, the truth, is a file problem naming the directory and the row. */
    @org.junit.jupiter.api.Test
    void aRowWithoutItsClassIsAFileProblemNamingTheDirectory() {
        Path parquet = directory.resolve("unlabelled-row");
        StructType schema = new StructType().add("x", DataTypes.DoubleType).add("label", DataTypes.StringType, true);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rows.add(RowFactory.create((i % 2) * 5.0 + i / 40.0, i == 3 ? null : "c" + i % 2));
        }
        SharedSpark.session().createDataFrame(rows, schema).coalesce(1).write().parquet(parquet.toString());
        assertEquals("csc: " + parquet + ": row 3 has no label (null) in the column 'label', the truth the results are "
                + "scored against: give every row its class, or write the directory without that column to cluster "
                + "without scoring", refusal(parquet));
    }

    /**
     * Ids that are not 0..n-1, one per row, are refused naming the first row that differs: the
     * supervision files, the known labels drawn and the labels printed name points by row, and with
     * ids 1000..1039 a file naming id 1000 was refused as out of range, and repeated ids left the
     * rows' order, and so the labels' meaning, to Spark.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "shifted | row 0 (in the order of the ids) has id 1000",
            "repeated | row 8 (in the order of the ids) has id 7",
            "skipped | row 8 (in the order of the ids) has id 9"})
    void idsOtherThanTheRowsAreRefused(String numbering, String expected) {
        Path parquet = directory.resolve("ids-" + numbering);
        StructType schema = new StructType().add("id", DataTypes.LongType, false).add("x", DataTypes.DoubleType, false);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long id = switch (numbering) {
                case "shifted" -> 1000 + i;
                case "repeated" -> i == 8 ? 7 : i;
                default -> i >= 8 ? i + 1 : i;
            };
            rows.add(RowFactory.create(id, (i % 2) * 5.0 + i / 40.0));
        }
        SharedSpark.session().createDataFrame(rows, schema).repartition(3).write().parquet(parquet.toString());
        assertEquals("csc: " + parquet + ": " + expected + ": the command line names points by ids 0..n-1, one per row, "
                + "as csc generate --format parquet writes them; number the rows 0..39 in the id column (ids repeated or "
                + "skipped are refused)", refusal(parquet));
    }

    /** The one line of a run of scacs on {@code parquet} that must fail as a file problem. */
    private static String refusal(Path parquet) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute("cluster", "--data", parquet.toString(), "-a", "scacs", "-k", "2", "--engine",
                "spark", "--quiet");
        assertEquals(ExitCodes.DATA, code, err.toString());
        assertEquals("", out.toString());
        return err.toString().strip();
    }

    /** 40 points of two clusters with ids, one of them damaged as {@code defect} says. */
    private static void write(Path parquet, String defect) {
        StructType schema = new StructType().add("id", DataTypes.LongType, true).add("x", DataTypes.DoubleType, true)
                .add("y", DataTypes.DoubleType, true);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Double x = (i % 2) * 5.0 + i / 40.0;
            Double y = (i % 3) / 3.0;
            Long id = (long) i;
            if (i == 5) {
                switch (defect) {
                    case "missing" -> y = null;
                    case "nan" -> x = Double.NaN;
                    case "infinite" -> x = Double.NEGATIVE_INFINITY;
                    default -> id = null;
                }
            }
            rows.add(RowFactory.create(id, x, y));
        }
        SharedSpark.session().createDataFrame(rows, schema).repartition(2).write().parquet(parquet.toString());
    }
}
