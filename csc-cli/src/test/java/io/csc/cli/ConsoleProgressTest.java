package io.csc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

    @Test
    void durationsKeepATenthOfASecondBelowTenSeconds() {
        assertEquals("0.4 s", ConsoleProgress.duration(0.42));
        assertEquals("9.9 s", ConsoleProgress.duration(9.94));
        assertEquals("10 s", ConsoleProgress.duration(9.96));
        assertEquals("42 s", ConsoleProgress.duration(42.3));
        assertEquals("3 min 5 s", ConsoleProgress.duration(185));
        assertEquals("2 h 1 min", ConsoleProgress.duration(7260));
    }
}
