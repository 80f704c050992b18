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
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CscCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute("cluster", "--data", parquet.toString(), "-a", "scacs", "-k", "2", "--engine",
                "spark", "--quiet");
        assertEquals(ExitCodes.DATA, code, err.toString());
        assertEquals("", out.toString());
        assertEquals("csc: " + parquet + ": " + expected, err.toString().strip());
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
