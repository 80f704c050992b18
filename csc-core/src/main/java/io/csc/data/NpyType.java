package io.csc.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The numeric element types of NumPy arrays that hold data: floats of 4 or 8 bytes, signed and
 * unsigned integers of 1 to 8 bytes, and booleans, in either byte order.
 *
 * @param kind  {@code f} float, {@code i} signed integer, {@code u} unsigned integer, {@code b} boolean
 * @param size  bytes per value
 * @param order the byte order of multi-byte values
 */
public record NpyType(char kind, int size, ByteOrder order) {

    /** Little-endian 8-byte floats, NumPy's {@code float64}. */
    public static final NpyType FLOAT64 = new NpyType('f', 8, ByteOrder.LITTLE_ENDIAN);
    /** Little-endian 4-byte floats, NumPy's {@code float32}. */
    public static final NpyType FLOAT32 = new NpyType('f', 4, ByteOrder.LITTLE_ENDIAN);
    /** Little-endian 4-byte signed integers, NumPy's {@code int32}. */
    public static final NpyType INT32 = new NpyType('i', 4, ByteOrder.LITTLE_ENDIAN);

    /**
     * The type of a NumPy {@code descr} such as {@code <f8}, {@code >i4} or {@code |u1}.
     *
     * @throws DataException naming the file and the type for anything but numbers (strings,
     *     objects, complex numbers, half precision, structured arrays)
     */
    public static NpyType parse(String descr, String source) {
        if (descr.length() >= 3) {
            char byteOrder = descr.charAt(0);
            char kind = descr.charAt(1);
            int size;
            try {
                size = Integer.parseInt(descr.substring(2));
            } catch (NumberFormatException e) {
                size = -1;
            }
            boolean knownOrder = byteOrder == '<' || byteOrder == '>' || byteOrder == '|' || byteOrder == '=';
            boolean known = switch (kind) {
                case 'f' -> size == 4 || size == 8;
                case 'i', 'u' -> size == 1 || size == 2 || size == 4 || size == 8;
                case 'b' -> size == 1;
                default -> false;
            };
            if (knownOrder && known) {
                ByteOrder order = byteOrder == '>' ? ByteOrder.BIG_ENDIAN
                        : byteOrder == '=' ? ByteOrder.nativeOrder() : ByteOrder.LITTLE_ENDIAN;
                return new NpyType(kind, size, order);
            }
        }
        throw new DataException("Cannot read " + source + ": its .npy values are of type " + DataFiles.quote(descr)
                + ", not numbers csc reads (float32, float64, integers or booleans); convert it with "
                + "array.astype('float32') or 'float64'");
    }

    /** The NumPy {@code descr} of this type, such as {@code <f4}. */
    public String descr() {
        char byteOrder = size == 1 ? '|' : order == ByteOrder.BIG_ENDIAN ? '>' : '<';
        return "" + byteOrder + kind + size;
    }

    /** Whether the values are integers (or booleans). */
    public boolean isInteger() {
        return kind != 'f';
    }

    /** The NumPy name, such as {@code float32} or {@code uint8}. */
    public String numpyName() {
        return switch (kind) {
            case 'f' -> "float" + 8 * size;
            case 'i' -> "int" + 8 * size;
            case 'u' -> "uint" + 8 * size;
            default -> "bool";
        };
    }

    /** The value at byte {@code index} of {@code buffer} (in this type's byte order), as a double. */
    double read(ByteBuffer buffer, int index) {
        return switch (kind) {
            case 'f' -> size == 4 ? buffer.getFloat(index) : buffer.getDouble(index);
            case 'i' -> switch (size) {
                case 1 -> buffer.get(index);
                case 2 -> buffer.getShort(index);
                case 4 -> buffer.getInt(index);
                default -> buffer.getLong(index);
            };
            case 'u' -> switch (size) {
                case 1 -> Byte.toUnsignedInt(buffer.get(index));
                case 2 -> Short.toUnsignedInt(buffer.getShort(index));
                case 4 -> Integer.toUnsignedLong(buffer.getInt(index));
                default -> unsignedLong(buffer.getLong(index));
            };
            default -> buffer.get(index) != 0 ? 1 : 0;
        };
    }

    private static double unsignedLong(long value) {
        double high = (double) (value >>> 1) * 2.0;
        return high + (value & 1L);
    }
}
