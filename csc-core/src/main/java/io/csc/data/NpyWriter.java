package io.csc.data;

import io.csc.util.ProgressListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;

/**
 * Writes data as NumPy {@code .npy} arrays, which {@code numpy.load} and {@link NpyReader} read:
 * the features as one C-order n x d array of float64 or float32, the ground truth as an int32
 * array of n classes in a second file ({@link NpyReader#labelsFileFor}).
 */
public final class NpyWriter {

    private static final int BUFFER_BYTES = 1 << 20;

    private NpyWriter() {
    }

    /**
     * Writes the features of {@code data} to {@code file} as float64 ({@link Precision#DOUBLE}) or
     * float32 ({@link Precision#FLOAT}, each value rounded to the nearest float).
     */
    public static void writeFeatures(Dataset data, Path file, Precision precision, ProgressListener progress)
            throws IOException {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(precision, "precision");
        int n = data.size();
        int d = data.dimension();
        NpyType type = precision == Precision.FLOAT ? NpyType.FLOAT32 : NpyType.FLOAT64;
        String stage = "writing " + file.getFileName();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(BUFFER_BYTES, d * type.size()))
                    .order(ByteOrder.LITTLE_ENDIAN);
            buffer.put(NpyHeader.encode(type, n, d));
            double[] row = new double[d];
            for (int i = 0; i < n; i++) {
                if (buffer.remaining() < d * type.size()) {
                    drain(channel, buffer);
                    progress.progress(stage, i, n);
                }
                data.copyRow(i, row, 0);
                for (double value : row) {
                    if (precision == Precision.FLOAT) {
                        buffer.putFloat((float) value);
                    } else {
                        buffer.putDouble(value);
                    }
                }
            }
            drain(channel, buffer);
            progress.progress(stage, n, n);
        }
    }

    /**
     * Writes the ground truth of {@code data} to {@code file} as int32: the class names themselves
     * when they are all integers (as {@link NpyReader} names them), else the class ids 0..c-1.
     */
    public static void writeLabels(Dataset data, Path file) throws IOException {
        int[] labels = data.labels();
        List<String> names = data.classNames();
        int[] values = new int[names.size()];
        boolean integerNames = true;
        for (int c = 0; c < names.size() && integerNames; c++) {
            try {
                values[c] = Integer.parseInt(names.get(c));
            } catch (NumberFormatException e) {
                integerNames = false;
            }
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            buffer.put(NpyHeader.encode(NpyType.INT32, labels.length));
            for (int label : labels) {
                if (buffer.remaining() < Integer.BYTES) {
                    drain(channel, buffer);
                }
                buffer.putInt(integerNames ? values[label] : label);
            }
            drain(channel, buffer);
        }
    }

    private static void drain(FileChannel channel, ByteBuffer buffer) throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }
}
