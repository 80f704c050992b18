package io.csc.model;

import io.csc.linalg.DenseMatrix;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two-dimensional float64 arrays in NumPy's {@code .npy} format, version 1.0, C order, little
 * endian: {@code numpy.load} reads what this writes.
 */
final class Npy {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern HEADER = Pattern.compile(
            "\\{\\s*'descr'\\s*:\\s*'<f8'\\s*,\\s*'fortran_order'\\s*:\\s*False\\s*,\\s*'shape'\\s*:\\s*"
                    + "\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,?\\s*\\)\\s*,?\\s*}\\s*");

    private Npy() {
    }

    static byte[] write(DenseMatrix matrix) {
        String dictionary = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + matrix.rows() + ", "
                + matrix.columns() + "), }";
        int unpadded = MAGIC.length + 2 + 2 + dictionary.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        String header = dictionary + " ".repeat(padding) + "\n";
        double[] data = matrix.data();
        ByteBuffer buffer = ByteBuffer.allocate(MAGIC.length + 4 + header.length() + 8 * data.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        buffer.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) header.length())
                .put(header.getBytes(StandardCharsets.US_ASCII));
        buffer.asDoubleBuffer().put(data);
        return buffer.array();
    }

    /**
     * The matrix in {@code bytes}.
     *
     * @throws IllegalArgumentException naming what is wrong (not .npy, another type or order, a
     *     shape other than {@code rows x columns}, missing data)
     */
    static DenseMatrix read(byte[] bytes, int rows, int columns) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < MAGIC.length + 4) {
            throw new IllegalArgumentException("not a .npy array (too short)");
        }
        for (byte b : MAGIC) {
            if (buffer.get() != b) {
                throw new IllegalArgumentException("not a .npy array");
            }
        }
        byte major = buffer.get();
        buffer.get();
        if (major != 1) {
            throw new IllegalArgumentException(".npy version " + major + " (reads 1)");
        }
        int headerLength = Short.toUnsignedInt(buffer.getShort());
        if (buffer.remaining() < headerLength) {
            throw new IllegalArgumentException("truncated .npy header");
        }
        byte[] header = new byte[headerLength];
        buffer.get(header);
        Matcher matcher = HEADER.matcher(new String(header, StandardCharsets.US_ASCII));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a C-order float64 2-D .npy array");
        }
        long foundRows = Long.parseLong(matcher.group(1));
        long foundColumns = Long.parseLong(matcher.group(2));
        if (foundRows != rows || foundColumns != columns) {
            throw new IllegalArgumentException("shape " + foundRows + " x " + foundColumns + " where the header says "
                    + rows + " x " + columns);
        }
        long values = (long) rows * columns;
        if (buffer.remaining() != 8 * values) {
            throw new IllegalArgumentException("holds " + buffer.remaining() + " bytes of data for " + values
                    + " values");
        }
        double[] data = new double[(int) values];
        buffer.asDoubleBuffer().get(data);
        return new DenseMatrix(rows, columns, data);
    }
}
