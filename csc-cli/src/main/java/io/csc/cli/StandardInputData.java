package io.csc.cli;

import io.csc.data.CsvOptions;
import io.csc.data.DataFormat;
import io.csc.data.DataLoader;
import io.csc.data.Dataset;

/**
 * {@code --data -}: a data set read from standard input, so that csc sits at the end of a pipeline
 * ({@code cut -d, -f2- points.csv | csc cluster --data - -k 5}). Standard input can be read once, so
 * a command refuses a second {@code -}. Messages name it {@value DataLoader#STANDARD_INPUT}.
 */
final class StandardInputData {

    /** The {@code --data} value meaning standard input. */
    static final String NAME = "-";
    /** The name of the data set read, as reports show it. */
    static final String DATASET_NAME = "stdin";

    private boolean read;

    /** Whether {@code fileOrName} means standard input. */
    static boolean means(String fileOrName) {
        return NAME.equals(fileOrName.strip());
    }

    /**
     * Reads the data set on standard input: CSV with a header unless {@code format} is LIBSVM.
     *
     * @param options how a CSV stream is read: its label column and ignored columns
     */
    Dataset read(DataFormat format, CsvOptions options) {
        if (read) {
            throw new IllegalArgumentException("Invalid --data: '-' (standard input) is given twice; standard input "
                    + "can be read only once, so give the other data sets as files");
        }
        read = true;
        return DataLoader.read(System.in, DataLoader.STANDARD_INPUT, DATASET_NAME, format, options);
    }
}
