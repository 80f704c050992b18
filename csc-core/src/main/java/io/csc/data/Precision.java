package io.csc.data;

import java.util.Locale;

/**
 * How a {@link Dataset} holds its features: 8-byte doubles, or 4-byte floats that halve the
 * memory of large data. Single-precision features keep about 7 significant digits, ample for
 * measured or z-scored data; the methods that accept them compute distances to landmarks in
 * single precision and re-rank the nearest in double.
 */
public enum Precision {
    /** 64-bit IEEE doubles, the default. */
    DOUBLE,
    /** 32-bit IEEE floats: half the memory. */
    FLOAT;

    /** The bytes one feature value takes. */
    public int bytes() {
        return this == DOUBLE ? Double.BYTES : Float.BYTES;
    }

    /**
     * The precision named {@code text}: {@code double} (also {@code float64}) or {@code float}
     * (also {@code single}, {@code float32}), in any case.
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static Precision parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "double", "float64" -> DOUBLE;
            case "float", "single", "float32" -> FLOAT;
            default -> throw new IllegalArgumentException("Invalid precision '" + text + "': expected double or float");
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
