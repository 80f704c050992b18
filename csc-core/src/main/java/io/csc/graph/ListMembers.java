package io.csc.graph;

import java.util.Arrays;

/**
 * The members of one candidate list of {@link NeighbourDescent} as an open-addressing set (linear
 * probing in a power-of-two table at least twice the list, removals marked), built when the list's
 * first offer passes the distance tests and kept up to date as members are replaced: most offers
 * propose a point already in the list (nearly nine in ten on Fashion-MNIST), which a scan of the
 * list would find only after half of its members. Not thread-safe: one per task.
 */
final class ListMembers {
    private static final int EMPTY = -1;
    private static final int REMOVED = -2;
    private final int[] table;
    private final int mask;
    private int used;

    ListMembers(int capacity) {
        table = new int[Integer.highestOneBit(Math.max(4, 2 * capacity - 1)) << 1];
        mask = table.length - 1;
    }

    /** The members {@code neighbours[base, base + size)}. */
    void index(int[] neighbours, int base, int size) {
        Arrays.fill(table, EMPTY);
        used = 0;
        for (int t = 0; t < size; t++) {
            add(neighbours[base + t]);
        }
    }

    boolean contains(int j) {
        for (int slot = hash(j); ; slot = (slot + 1) & mask) {
            int value = table[slot];
            if (value == j) {
                return true;
            }
            if (value == EMPTY) {
                return false;
            }
        }
    }

    /** Replaces {@code removed} by {@code added}; rebuilt from the list when removals have filled it. */
    void replace(int removed, int added, int[] neighbours, int base, int size) {
        for (int slot = hash(removed); ; slot = (slot + 1) & mask) {
            int value = table[slot];
            if (value == removed) {
                table[slot] = REMOVED;
                break;
            }
            if (value == EMPTY) {
                break;
            }
        }
        if (used + 1 > table.length * 3 / 4) {
            index(neighbours, base, size);
            // the list still holds the removed member: index it, then replace once more
            replace(removed, added, neighbours, base, size);
            return;
        }
        add(added);
    }

    private void add(int j) {
        int slot = hash(j);
        while (table[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        table[slot] = j;
        used++;
    }

    private int hash(int j) {
        return Integer.rotateLeft(j * 0x9E3779B1, 16) & mask;
    }
}
