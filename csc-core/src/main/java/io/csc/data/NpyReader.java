package io.csc.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads NumPy {@code .npy} arrays as data: a two-dimensional array is n points x d features (a
 * one-dimensional one, n points of one feature), of any numeric type ({@link NpyType}), in C or
 * Fortran order. The file is memory-mapped and its values copied in bulk into the data set's
 * array, with no parsing: a 2 GB float32 file of 10,000,000 x 50 loads in about as long as the
 * disk or page cache takes to deliver it.
 *
 * <p>The ground truth, when there is one, is a second array beside the features: for
 * {@code mix.npy}, {@code mix.labels.npy}, one integer class per point ({@link #labelsFileFor}).
 * {@code csc generate --format npy} writes both ({@link NpyWriter}).
 *
 * <p>Every value must be finite; a value that does not fit in single precision is refused when
 * reading into {@link Precision#FLOAT}. Errors are one line naming the file, and the row and column
 * of a bad value counted from 1, as the CSV reader counts them.
 */
public final class NpyReader {

    /** The suffix of the labels array beside a features array. */
    public static final String LABELS_SUFFIX = ".labels.npy";

    /** Bytes mapped at a time (a mapping is limited to 2 GB). */
    private static final long WINDOW_BYTES = 1L << 30;
    /** Values converted at a time when the file's type is not the precision held. */
    private static final int CHUNK = 1 << 16;
    /** The most values one data set holds (one Java array). */
    private static final long MAX_VALUES = Integer.MAX_VALUE - 8L;

    private NpyReader() {
    }

    /**
     * Reads the features in {@code file}, in {@code precision}, with the labels beside it when
     * there are.
     *
     * @throws DataException for a missing, unreadable, truncated or malformed file, a shape other
     *     than 1 or 2 dimensions, a non-numeric type, a value that is not finite, or labels that do
     *     not match the points
     */
    public static Dataset read(Path file, Precision precision) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(precision, "precision");
        DataFiles.requireReadableFile(file);
        String source = file.toString();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            NpyHeader header = header(channel, source);
            long[] shape = header.shape();
            if (shape.length < 1 || shape.length > 2) {
                throw new DataException("Cannot read " + source + ": a .npy array of shape " + header.shapeText()
                        + " is not data; give a 2-dimensional array of points x features");
            }
            long n = shape[0];
            long d = shape.length == 2 ? shape[1] : 1;
            if (d == 0) {
                throw new DataException("Cannot read " + source + ": the array " + header.shapeText()
                        + " has no features; give at least one column");
            }
            if (n * d > MAX_VALUES) {
                throw new DataException("Cannot read " + source + ": " + n + " x " + d + " values exceed the "
                        + MAX_VALUES + " one data set holds; use fewer points or features");
            }
            String name = DataFiles.baseName(file);
            long[] firstUnderflow = {-1};
            Dataset data = precision == Precision.FLOAT
                    ? Dataset.unlabelled(name, (int) n, (int) d, readFloats(channel, header, firstUnderflow))
                    : Dataset.unlabelled(name, (int) n, (int) d, readDoubles(channel, header));
            requireFinite(data, channel, header, source);
            requireNoUnderflow(firstUnderflow[0], d, channel, header, source);
            Path labelsFile = labelsFileFor(file);
            return labelsFile == null ? data : data.withIntegerLabels(readLabels(labelsFile, (int) n));
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    /** The labels array that goes with {@code featuresFile} when it exists, else null. */
    public static Path labelsFileFor(Path featuresFile) {
        Path labels = labelsPathFor(featuresFile);
        return labels != null && Files.isRegularFile(labels) ? labels : null;
    }

    /**
     * Where the labels of {@code featuresFile} go: {@code mix.npy} has {@code mix.labels.npy} (a
     * name without {@code .npy} gets the suffix appended); null for a labels file itself.
     */
    public static Path labelsPathFor(Path featuresFile) {
        Path name = featuresFile.getFileName();
        if (name == null) {
            return null;
        }
        String text = name.toString();
        String lowerCase = text.toLowerCase(Locale.ROOT);
        if (lowerCase.endsWith(LABELS_SUFFIX)) {
            return null;
        }
        String base = lowerCase.endsWith(".npy") ? text.substring(0, text.length() - 4) : text;
        return featuresFile.resolveSibling(base + LABELS_SUFFIX);
    }

    /** The header of the open file, checked against the file's size. */
    private static NpyHeader header(FileChannel channel, String source) throws IOException {
        long fileSize = channel.size();
        ByteBuffer prefix = ByteBuffer.allocate((int) Math.min(fileSize, NpyHeader.PREFIX_BYTES));
        while (prefix.hasRemaining() && channel.read(prefix, prefix.position()) > 0) {
            // read until the prefix is full
        }
        prefix.flip();
        NpyHeader header = NpyHeader.parse(prefix, source);
        long dataBytes;
        try {
            dataBytes = header.dataBytes();
        } catch (ArithmeticException e) {
            throw new DataException("Cannot read " + source + ": the .npy shape " + header.shapeText() + " is too large");
        }
        long available = fileSize - header.dataOffset();
        if (available < dataBytes) {
            throw new DataException("Cannot read " + source + ": the file is truncated: " + available + " bytes of data for "
                    + header.shapeText() + " " + header.type().numpyName() + " values (" + dataBytes
                    + " bytes); copy it again");
        }
        if (available > dataBytes) {
            throw new DataException("Cannot read " + source + ": " + (available - dataBytes) + " bytes follow the "
                    + header.shapeText() + " " + header.type().numpyName() + " values; it is not a plain .npy array "
                    + "(an .npz archive or a damaged file?); save it with numpy.save");
        }
        return header;
    }

    /** Receives the values of the file, one mapped window at a time. */
    @FunctionalInterface
    private interface WindowSink {
        void accept(ByteBuffer window, long first, int count);
    }

    /** Maps the data in windows of at most {@link #WINDOW_BYTES}, in the file's byte order. */
    private static void windows(FileChannel channel, NpyHeader header, WindowSink sink) throws IOException {
        int size = header.type().size();
        long total = header.valueCount();
        long perWindow = WINDOW_BYTES / size;
        for (long first = 0; first < total; first += perWindow) {
            int count = (int) Math.min(perWindow, total - first);
            ByteBuffer window = channel.map(FileChannel.MapMode.READ_ONLY, header.dataOffset() + first * size,
                    (long) count * size).order(header.type().order());
            sink.accept(window, first, count);
        }
    }

    /** The position in the row-major array of the file's value number {@code value}. */
    private static int target(NpyHeader header, long value) {
        long[] shape = header.shape();
        if (!header.fortranOrder() || shape.length < 2) {
            return (int) value;
        }
        long rows = shape[0];
        return (int) ((value % rows) * shape[1] + value / rows);
    }

    private static double[] readDoubles(FileChannel channel, NpyHeader header) throws IOException {
        double[] values = new double[(int) header.valueCount()];
        NpyType type = header.type();
        boolean rowMajor = !header.fortranOrder() || header.shape().length < 2;
        windows(channel, header, (window, first, count) -> {
            if (rowMajor && type.kind() == 'f' && type.size() == 8) {
                window.asDoubleBuffer().get(values, (int) first, count);
            } else if (rowMajor && type.kind() == 'f') {
                FloatBuffer floats = window.asFloatBuffer();
                float[] chunk = new float[Math.min(CHUNK, count)];
                for (int done = 0; done < count; done += chunk.length) {
                    int length = Math.min(chunk.length, count - done);
                    floats.get(chunk, 0, length);
                    int base = (int) first + done;
                    for (int t = 0; t < length; t++) {
                        values[base + t] = chunk[t];
                    }
                }
            } else {
                for (int t = 0; t < count; t++) {
                    values[target(header, first + t)] = type.read(window, t * type.size());
                }
            }
        });
        return values;
    }

    /**
     * The values in single precision; the row-major index of the first nonzero value that narrowing
     * took below the smallest normal float (0, or a subnormal of fewer digits) into
     * {@code firstUnderflow[0]}, which stays -1 when there is none.
     */
    private static float[] readFloats(FileChannel channel, NpyHeader header, long[] firstUnderflow) throws IOException {
        float[] values = new float[(int) header.valueCount()];
        NpyType type = header.type();
        boolean rowMajor = !header.fortranOrder() || header.shape().length < 2;
        windows(channel, header, (window, first, count) -> {
            if (rowMajor && type.kind() == 'f' && type.size() == 4) {
                window.asFloatBuffer().get(values, (int) first, count);
            } else if (rowMajor && type.kind() == 'f') {
                DoubleBuffer doubles = window.asDoubleBuffer();
                double[] chunk = new double[Math.min(CHUNK, count)];
                for (int done = 0; done < count; done += chunk.length) {
                    int length = Math.min(chunk.length, count - done);
                    doubles.get(chunk, 0, length);
                    int base = (int) first + done;
                    for (int t = 0; t < length; t++) {
                        values[base + t] = narrowed(chunk[t], base + t, firstUnderflow);
                    }
                }
            } else {
                for (int t = 0; t < count; t++) {
                    int target = target(header, first + t);
                    values[target] = narrowed(type.read(window, t * type.size()), target, firstUnderflow);
                }
            }
        });
        return values;
    }

    /** {@code value} as a float, noting {@code index} as the first underflow when narrowing lost the value's digits. */
    private static float narrowed(double value, long index, long[] firstUnderflow) {
        float single = (float) value;
        if (Math.abs(single) < Float.MIN_NORMAL && value != 0 && firstUnderflow[0] < 0) {
            firstUnderflow[0] = index;
        }
        return single;
    }

    /** Refuses a value that single precision would have turned into 0 or a subnormal, naming its row and column. */
    private static void requireNoUnderflow(long index, long d, FileChannel channel, NpyHeader header, String source)
            throws IOException {
        if (index < 0) {
            return;
        }
        long row = index / d;
        long column = index % d;
        long rows = header.shape()[0];
        long position = header.fortranOrder() && header.shape().length == 2 ? column * rows + row : index;
        int size = header.type().size();
        double original = header.type().read(channel.map(FileChannel.MapMode.READ_ONLY,
                header.dataOffset() + position * size, size).order(header.type().order()), 0);
        throw new DataException(String.format(Locale.ROOT, "Cannot read %s: row %d, column %d (counting from 1) is %s, "
                + "below the smallest normal value of single precision (about 1.2e-38), where it would lose its digits or "
                + "become 0; read it with --precision double, or rescale that column", source, row + 1, column + 1,
                original));
    }

    /** Refuses the first value that is not finite, naming its row and column and, when narrowing made it so, why. */
    private static void requireFinite(Dataset data, FileChannel channel, NpyHeader header, String source)
            throws IOException {
        if (data.precision() == Precision.FLOAT && data.squarable()) {
            return; // every float is within the bound: the finite ones are, and the fit need not look again
        }
        int d = data.dimension();
        long bad = firstNonFinite(data);
        if (bad < 0) {
            return;
        }
        int row = (int) (bad / d);
        int column = (int) (bad % d);
        long position = header.fortranOrder() && header.shape().length == 2 ? (long) column * data.size() + row : bad;
        int size = header.type().size();
        double original = header.type().read(channel.map(FileChannel.MapMode.READ_ONLY,
                header.dataOffset() + position * size, size).order(header.type().order()), 0);
        String where = String.format(Locale.ROOT, "row %d, column %d (counting from 1)", row + 1, column + 1);
        if (Double.isFinite(original)) {
            throw new DataException(String.format(Locale.ROOT, "Cannot read %s: %s is %s, beyond the range of single "
                    + "precision (about 3.4e38); read it with --precision double, or scale it", source, where, original));
        }
        throw new DataException("Cannot read " + source + ": " + where + " is " + original
                + "; every value must be a finite number (replace or drop the missing values)");
    }

    private static long firstNonFinite(Dataset data) {
        if (data.precision() == Precision.FLOAT) {
            float[] values = data.floatFeatures();
            for (int index = 0; index < values.length; index++) {
                if (!Float.isFinite(values[index])) {
                    return index;
                }
            }
            return -1;
        }
        double[] values = data.features();
        for (int index = 0; index < values.length; index++) {
            if (!Double.isFinite(values[index])) {
                return index;
            }
        }
        return -1;
    }

    /** The integer classes of the labels array, one per point. */
    private static int[] readLabels(Path file, int points) {
        String source = file.toString();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            NpyHeader header = header(channel, source);
            long[] shape = header.shape();
            boolean column = shape.length == 1 || (shape.length == 2 && shape[1] == 1);
            if (!column || shape[0] != points) {
                throw new DataException("Cannot read " + source + ": labels of shape " + header.shapeText() + " for the "
                        + points + " points of its features; give one label per point, shape (" + points + ",)");
            }
            NpyType type = header.type();
            int[] labels = new int[points];
            windows(channel, header, (window, first, count) -> {
                for (int t = 0; t < count; t++) {
                    double value = type.read(window, t * type.size());
                    if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
                        throw new DataException("Cannot read " + source + ": label " + (first + t) + " is " + value
                                + "; labels must be integer classes");
                    }
                    labels[(int) first + t] = (int) value;
                }
            });
            return labels;
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }
}
