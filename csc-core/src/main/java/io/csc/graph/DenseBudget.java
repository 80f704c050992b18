package io.csc.graph;

/**
 * What the dense path of a method may hold, for the memory check made before anything is
 * allocated: the method's name and the scalable methods to name when refusing, and how many
 * n x n matrices the method holds at once.
 */
public record DenseBudget(String method, int matrices, String alternatives) {

    public DenseBudget {
        if (method == null || alternatives == null) {
            throw new IllegalArgumentException("Invalid dense budget: the method and its alternatives are required");
        }
        if (matrices < 1) {
            throw new IllegalArgumentException("Invalid dense matrices: " + matrices + " (must be >= 1)");
        }
    }
}
