package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NumberParserTest {

    @Test
    void agreesWithParseDoubleOnFormattedDoubles() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 40_000; i++) {
            double value = switch (i % 4) {
                case 0 -> random.nextGaussian();
                case 1 -> random.nextDouble(-1e6, 1e6);
                case 2 -> Math.scalb(random.nextDouble(), random.nextInt(-1000, 1000));
                default -> random.nextInt(-1000, 1000) / 8.0;
            };
            for (String text : List.of(Double.toString(value), String.format(Locale.ROOT, "%.6f", value),
                    String.format(Locale.ROOT, "%.18e", value), String.format(Locale.ROOT, "%.16e", value))) {
                assertSame(text);
            }
        }
    }

    @Test
    void agreesWithParseDoubleOnRandomDecimals() {
        SplittableRandom random = new SplittableRandom(11);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            text.setLength(0);
            if (random.nextBoolean()) {
                text.append('-');
            }
            int digits = 1 + random.nextInt(21);
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                text.insert(text.length() - random.nextInt(digits), '.');
            }
            if (random.nextInt(3) > 0) {
                text.append('e').append(random.nextInt(-360, 360));
            }
            assertSame(text.toString());
        }
    }

    @Test
    void handlesTheEdgesOfTheFastPaths() {
        for (String text : List.of("0", "-0", "+3", ".5", "5.", "-.25", "0e999", "-0.0e-999", "9007199254740992",
                "9007199254740993", "18446744073709551615", "9999999999999999999", "123456789012345678901234567890",
                "1e22", "1e23", "1e-22", "1e-23", "4.9e-324", "2e-324", "2.2250738585072011e-308",
                "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623159e308", "1e-348", "1e347",
                "0.000000000000000000000000001", "1E5", "1e+5", " 42 ", "3.0000000000000000001",
                "9007199254740993e-3", "0.1", "0.2", "0.3", "2.5e-8", "7.038531e-26")) {
            assertSame(text);
        }
    }

    @Test
    void rejectsWhatIsNotANumber() {
        for (String text : List.of("", "abc", "1..2", "1e", "e5", "-", "+", ".", "1,5", "0x", "12a")) {
            assertTrue(Double.isNaN(NumberParser.parse(text)), text);
        }
        assertEquals("is not a number", NumberParser.problem("abc"));
        assertEquals("is empty (a missing value)", NumberParser.problem(" "));
        assertEquals("marks a missing value", NumberParser.problem("?"));
        assertEquals("is not a finite number", NumberParser.problem("NaN"));
        assertEquals("is not a finite number", NumberParser.problem("-Infinity"));
    }

    private static void assertSame(String text) {
        double expected;
        try {
            expected = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            expected = Double.NaN;
        }
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(NumberParser.parse(text)), text);
    }
}
