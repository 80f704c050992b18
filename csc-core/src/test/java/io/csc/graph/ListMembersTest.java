package io.csc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ListMembersTest {

    /** Whether the list holds j, by a scan. */
    private static boolean scan(int[] list, int j) {
        for (int member : list) {
            if (member == j) {
                return true;
            }
        }
        return false;
    }

    @Test
    void answersAsAScanOfTheListThroughManyReplacements() {
        SplittableRandom random = new SplittableRandom(4);
        for (int capacity : new int[] {1, 2, 15, 40, 100}) {
            int points = 3 * capacity + 5;
            int[] list = new int[capacity];
            for (int t = 0; t < capacity; t++) {
                list[t] = t * 3;
            }
            ListMembers members = new ListMembers(capacity);
            int[] all = new int[2 * capacity];
            System.arraycopy(list, 0, all, capacity, capacity);
            members.index(all, capacity, capacity);
            for (int step = 0; step < 5000; step++) {
                int j = random.nextInt(points);
                assertEquals(scan(list, j), members.contains(j), "capacity " + capacity + ", step " + step + ", point " + j);
                if (!scan(list, j)) {
                    int position = random.nextInt(capacity);
                    all = new int[2 * capacity];
                    System.arraycopy(list, 0, all, capacity, capacity);
                    members.replace(list[position], j, all, capacity, capacity);
                    list[position] = j;
                }
            }
        }
    }
}
