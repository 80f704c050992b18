package io.csc.linalg;

/**
 * A single-precision matrix that takes part as the right operand in many products
 * ({@link LinearAlgebraBackend#gemm(boolean, boolean, int, int, int, float, float[], int, int,
 * ResidentOperand, int, int, float, float[], int, int)}), held where the backend multiplies: a
 * native backend copies it into native memory once instead of at every product. Read-only once
 * made; may be shared by threads. Close it when done (a native copy is freed then, else when it is
 * collected).
 */
public interface ResidentOperand extends AutoCloseable {

    /** The values, as given when it was made. */
    float[] values();

    @Override
    void close();

    /** An operand that is its Java array (for backends that multiply Java arrays). */
    static ResidentOperand of(float[] values) {
        return new ResidentOperand() {
            @Override
            public float[] values() {
                return values;
            }

            @Override
            public void close() {
            }
        };
    }
}
