package io.csc.data;

import java.util.List;

/**
 * How {@link CsvReader} reads a CSV file.
 *
 * @param labelColumn the name of the column holding the ground-truth classes; null (the default)
 *                    uses a column named {@code label} (in any letter case) when there is one and
 *                    reads the file without labels otherwise. A name that is given must exist.
 * @param noLabels    true to read every column as a feature and ignore ground truth entirely (a
 *                    {@code label} column, if any, then must be numeric like any other column);
 *                    false by default
 * @param delimiter   the field separator; null (the default) detects it from the header row as
 *                    the most frequent of {@code ,} {@code ;} and tab outside quotes (comma when
 *                    none occurs)
 * @param ignoredColumns names of columns read as neither features nor labels (an identifier, a
 *                    name, a category); each must exist. Empty by default.
 */
public record CsvOptions(String labelColumn, boolean noLabels, Character delimiter, List<String> ignoredColumns) {

    /** Validates the options. */
    public CsvOptions {
        if (labelColumn != null && labelColumn.isBlank()) {
            throw new IllegalArgumentException("Invalid labelColumn: '" + labelColumn
                    + "' (must be a column name, or null to use a column named label)");
        }
        if (noLabels && labelColumn != null) {
            throw new IllegalArgumentException("Invalid labelColumn: " + labelColumn
                    + " (must be null when noLabels is true)");
        }
        ignoredColumns = List.copyOf(ignoredColumns);
        for (String column : ignoredColumns) {
            if (column.isBlank()) {
                throw new IllegalArgumentException("Invalid ignoredColumns: " + ignoredColumns + " (names must not be blank)");
            }
            if (column.equals(labelColumn)) {
                throw new IllegalArgumentException("Invalid ignoredColumns: " + column + " is the label column");
            }
        }
        if (delimiter != null && (delimiter == '"' || delimiter == '\n' || delimiter == '\r')) {
            throw new IllegalArgumentException("Invalid delimiter: " + describe(delimiter)
                    + " (must not be a double quote or a line break)");
        }
    }

    /** A column named {@code label} if present, delimiter detected. */
    public static CsvOptions defaults() {
        return new CsvOptions(null, false, null, List.of());
    }

    /** These options with the labels read from the column {@code name} (null: the default rule). */
    public CsvOptions withLabelColumn(String name) {
        return new CsvOptions(name, false, delimiter, ignoredColumns);
    }

    /** These options with every column read as a feature and no ground truth. */
    public CsvOptions withoutLabels() {
        return new CsvOptions(null, true, delimiter, ignoredColumns);
    }

    /** These options with a fixed field separator instead of detection. */
    public CsvOptions withDelimiter(char separator) {
        return new CsvOptions(labelColumn, noLabels, separator, ignoredColumns);
    }

    /** These options with the columns {@code names} read as neither features nor labels. */
    public CsvOptions withIgnoredColumns(List<String> names) {
        return new CsvOptions(labelColumn, noLabels, delimiter, names);
    }

    /** A delimiter as a message shows it: {@code ','}, or {@code tab}. */
    static String describe(char delimiter) {
        return delimiter == '\t' ? "tab" : "'" + delimiter + "'";
    }
}
