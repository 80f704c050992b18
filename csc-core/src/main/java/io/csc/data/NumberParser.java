package io.csc.data;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Set;

/**
 * Decimal text to {@code double}, rounded exactly as {@link Double#parseDouble} rounds it, but
 * several times faster on the numbers data files hold ({@code -12.375}, {@code 4e-3}, the 17
 * digits of {@code repr} or the 19 of {@code %.18e}).
 *
 * <p>Two fast paths, each proven to give the correctly rounded result, and a fallback:
 * <ol>
 *   <li>Clinger's: a significand of at most 2^53 and a power of ten of at most 22 in magnitude
 *       are both exact doubles, so one correctly rounded multiplication or division by the power
 *       gives the correctly rounded value;</li>
 *   <li>Eisel and Lemire's (as in Go's {@code strconv} and Rust's {@code core}): a significand
 *       of up to 19 digits times a 128-bit truncation of the power of ten, which decides the
 *       rounding in all but rare near-halfway cases and says when it cannot;</li>
 *   <li>{@link Double#parseDouble} for those cases, longer significands, and everything that is
 *       not a plain decimal.</li>
 * </ol>
 */
final class NumberParser {

    private static final int MAX_SIGNIFICANT_DIGITS = 19;
    private static final long EXACT_LIMIT = 1L << 53;
    private static final int MAX_EXACT_POWER = 22;
    private static final double[] POWERS_OF_TEN = new double[MAX_EXACT_POWER + 1];
    private static final int MIN_TABLE_POWER = -348;
    private static final int MAX_TABLE_POWER = 347;
    /** High and low 64 bits of the 128-bit truncated, normalised significand of each power. */
    private static final long[] POWER_HIGH = new long[MAX_TABLE_POWER - MIN_TABLE_POWER + 1];
    private static final long[] POWER_LOW = new long[MAX_TABLE_POWER - MIN_TABLE_POWER + 1];
    private static final int DOUBLE_EXPONENT_BIAS = 1023;
    private static final long DOUBLE_SIGNIFICAND_MASK = (1L << 52) - 1;
    private static final Set<String> MISSING_VALUE_MARKERS = Set.of("na", "n/a", "?", "null", "none", "-", "missing");

    static {
        double power = 1;
        for (int i = 0; i <= MAX_EXACT_POWER; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
        BigInteger mask = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        for (int exponent = MIN_TABLE_POWER; exponent <= MAX_TABLE_POWER; exponent++) {
            BigInteger significand = significandOfPowerOfTen(exponent);
            POWER_HIGH[exponent - MIN_TABLE_POWER] = significand.shiftRight(64).longValue();
            POWER_LOW[exponent - MIN_TABLE_POWER] = significand.and(mask).longValue();
        }
    }

    private NumberParser() {
    }

    /**
     * The value of {@code text}, or NaN when it is not a number. Infinity and NaN literals, and
     * numbers too large for a double, come back as they parse (infinite or NaN): callers that need
     * finite values test {@link Double#isFinite} and then ask {@link #problem} what was wrong.
     */
    static double parse(String text) {
        int length = text.length();
        if (length == 0) {
            return Double.NaN;
        }
        int i = 0;
        char c = text.charAt(0);
        boolean negative = c == '-';
        if (negative || c == '+') {
            i = 1;
        }
        long significand = 0;
        int significantDigits = 0;
        int exponent = 0;
        int digitsStart = i;
        while (i < length && (c = text.charAt(i)) >= '0' && c <= '9') {
            if (significand != 0 || c != '0') {
                if (++significantDigits > MAX_SIGNIFICANT_DIGITS) {
                    return parseSlowly(text);
                }
                significand = significand * 10 + (c - '0');
            }
            i++;
        }
        int digitCount = i - digitsStart;
        if (i < length && text.charAt(i) == '.') {
            i++;
            int fractionStart = i;
            while (i < length && (c = text.charAt(i)) >= '0' && c <= '9') {
                if (significand != 0 || c != '0') {
                    if (++significantDigits > MAX_SIGNIFICANT_DIGITS) {
                        return parseSlowly(text);
                    }
                    significand = significand * 10 + (c - '0');
                }
                exponent--;
                i++;
            }
            digitCount += i - fractionStart;
        }
        if (digitCount == 0) {
            return parseSlowly(text);
        }
        if (i < length && ((c = text.charAt(i)) == 'e' || c == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < length && ((c = text.charAt(i)) == '-' || c == '+')) {
                negativeExponent = c == '-';
                i++;
            }
            int exponentStart = i;
            int exponentValue = 0;
            while (i < length && (c = text.charAt(i)) >= '0' && c <= '9') {
                if (exponentValue < 100_000) {
                    exponentValue = exponentValue * 10 + (c - '0');
                }
                i++;
            }
            if (i == exponentStart) {
                return parseSlowly(text);
            }
            exponent += negativeExponent ? -exponentValue : exponentValue;
        }
        if (i != length) {
            return parseSlowly(text);
        }
        if (significand == 0) {
            return negative ? -0.0 : 0.0;
        }
        if (Long.compareUnsigned(significand, EXACT_LIMIT) <= 0 && exponent >= -MAX_EXACT_POWER && exponent <= MAX_EXACT_POWER) {
            double value = significand;
            value = exponent < 0 ? value / POWERS_OF_TEN[-exponent] : value * POWERS_OF_TEN[exponent];
            return negative ? -value : value;
        }
        long bits = eiselLemire(significand, exponent);
        if (bits < 0) {
            return parseSlowly(text);
        }
        double value = Double.longBitsToDouble(bits);
        return negative ? -value : value;
    }

    /**
     * The bits of the positive double nearest {@code significand * 10^exponent} (significand
     * unsigned and non-zero), or -1 when this method cannot decide: a near-halfway case, a power
     * outside the table, or a result that is subnormal or infinite.
     */
    private static long eiselLemire(long significand, int exponent) {
        if (exponent < MIN_TABLE_POWER || exponent > MAX_TABLE_POWER) {
            return -1;
        }
        int leadingZeros = Long.numberOfLeadingZeros(significand);
        long normalised = significand << leadingZeros;
        long binaryExponent = ((217706L * exponent) >> 16) + 64 + DOUBLE_EXPONENT_BIAS - leadingZeros;
        int row = exponent - MIN_TABLE_POWER;
        long high = unsignedMultiplyHigh(normalised, POWER_HIGH[row]);
        long low = normalised * POWER_HIGH[row];
        if ((high & 0x1FF) == 0x1FF && Long.compareUnsigned(low + normalised, normalised) < 0) {
            long wideHigh = unsignedMultiplyHigh(normalised, POWER_LOW[row]);
            long wideLow = normalised * POWER_LOW[row];
            long mergedHigh = high;
            long mergedLow = low + wideHigh;
            if (Long.compareUnsigned(mergedLow, low) < 0) {
                mergedHigh++;
            }
            if ((mergedHigh & 0x1FF) == 0x1FF && mergedLow + 1 == 0 && Long.compareUnsigned(wideLow + normalised, normalised) < 0) {
                return -1;
            }
            high = mergedHigh;
            low = mergedLow;
        }
        long topBit = high >>> 63;
        long mantissa = high >>> (topBit + 9);
        binaryExponent -= 1 ^ topBit;
        if (low == 0 && (high & 0x1FF) == 0 && (mantissa & 3) == 1) {
            return -1;
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >>> 53 > 0) {
            mantissa >>>= 1;
            binaryExponent++;
        }
        if (binaryExponent <= 0 || binaryExponent >= 0x7FF) {
            return -1;
        }
        return binaryExponent << 52 | mantissa & DOUBLE_SIGNIFICAND_MASK;
    }

    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /**
     * 10^exponent as a 128-bit integer with its top bit set, rounded down: the table Eisel and
     * Lemire's method multiplies by.
     */
    static BigInteger significandOfPowerOfTen(int exponent) {
        BigInteger power = BigInteger.TEN.pow(Math.abs(exponent));
        if (exponent >= 0) {
            int excess = power.bitLength() - 128;
            return excess > 0 ? power.shiftRight(excess) : power.shiftLeft(-excess);
        }
        return BigInteger.ONE.shiftLeft(power.bitLength() + 127).divide(power);
    }

    /**
     * What is wrong with a value {@link #parse} did not accept as finite, as the end of a sentence
     * starting with the quoted value: "is empty", "marks a missing value", "is not a number",
     * "is not a finite number".
     */
    static String problem(String text) {
        if (text.isBlank()) {
            return "is empty (a missing value)";
        }
        String lowerCase = text.strip().toLowerCase(Locale.ROOT);
        if (MISSING_VALUE_MARKERS.contains(lowerCase)) {
            return "marks a missing value";
        }
        double value = parseSlowly(text);
        if (Double.isNaN(value) && !(lowerCase.endsWith("nan") || lowerCase.endsWith("inf") || lowerCase.endsWith("infinity"))) {
            return "is not a number";
        }
        return "is not a finite number";
    }

    private static double parseSlowly(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
