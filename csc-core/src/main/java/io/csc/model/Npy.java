package io.csc.model;

import io.csc.data.DataException;
import io.csc.data.NpyHeader;
import io.csc.data.NpyType;
import io.csc.linalg.DenseMatrix;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Two-dimensional float64 arrays in NumPy's {@code .npy} format, C order, little endian
 * ({@link NpyHeader}): {@code numpy.load} reads what this writes.
 */
final class Npy {

    private Npy() {
    }

    static byte[] write(DenseMatrix matrix) {
        byte[] header = NpyHeader.encode(NpyType.FLOAT64, matrix.rows(), matrix.columns());
        double[] data = matrix.data();
        ByteBuffer buffer = ByteBuffer.allocate(header.length + 8 * data.length).order(ByteOrder.LITTLE_ENDIAN);
        buffer.put(header);
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
        NpyHeader header;
        try {
            header = NpyHeader.parse(ByteBuffer.wrap(bytes), "the array");
        } catch (DataException e) {
            throw new IllegalArgumentException("is not a readable .npy array (" + e.getMessage() + ")");
        }
        if (!header.type().equals(NpyType.FLOAT64) || header.fortranOrder()) {
            throw new IllegalArgumentException("is " + header.type().numpyName()
                    + (header.fortranOrder() ? " in Fortran order" : "") + ", not a C-order float64 array");
        }
        long[] shape = header.shape();
        if (shape.length != 2 || shape[0] != rows || shape[1] != columns) {
            throw new IllegalArgumentException("has shape " + header.shapeText() + " where the header says "
                    + rows + " x " + columns);
        }
        long values = (long) rows * columns;
        long remaining = bytes.length - header.dataOffset();
        if (remaining != 8 * values) {
            throw new IllegalArgumentException("holds " + remaining + " bytes of data for " + values + " values");
        }
        double[] data = new double[(int) values];
        ByteBuffer.wrap(bytes, (int) header.dataOffset(), (int) remaining).order(ByteOrder.LITTLE_ENDIAN)
                .asDoubleBuffer().get(data);
        return new DenseMatrix(rows, columns, data);
    }
}
