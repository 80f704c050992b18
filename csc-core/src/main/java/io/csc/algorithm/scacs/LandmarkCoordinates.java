package io.csc.algorithm.scacs;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SymmetricEigen;

/**
 * Coordinates of the landmark space in which SCACS's p x p problems become standard ones. With the
 * eigendecomposition {@code Ŝ = U Λ Uᵀ} (Λ descending) of the normalized landmark Gram matrix
 * {@code Ŝ = Ẑ Ẑᵀ}, a landmark vector is written {@code u = T y} with {@code T = U (Λ + δI)^-1/2}.
 * Then {@code uᵀ(Ŝ + δI)u = yᵀy}, the cut matrix {@code A = Ŝ - Ŝ²} becomes the diagonal
 * {@code (λ - λ²) / (λ + δ)}, and the data-space norm {@code ||Ẑᵀu||² = uᵀŜu} the diagonal
 * {@code λ / (λ + δ)}. The leading direction ({@code λ = 1}) is the constant vector of data space:
 * {@code Ẑᵀ D^1/2 1 = Zᵀ1 = 1}.
 *
 * <p>Singular Ŝ: two identical landmarks (duplicate rows in the data) give Ŝ two identical rows, and
 * a landmark no point chose gives a zero row. Ŝ is then replaced by {@code Ŝ + δI} with the ridge
 * {@code δ = ridge · λ_max}, applied only when the smallest eigenvalue is at most that value. In a
 * direction of the null space both Q̂ and A vanish, so the ridge gives it {@code γ = 0} and a cut of
 * 0 with a data-space norm of 0: it can never be selected (see {@link ConstrainedCut}). Without a
 * singular direction δ = 0 and the coordinates are exact.
 *
 * <p>Time O(p³) (one dense symmetric eigendecomposition), memory O(p²).
 */
final class LandmarkCoordinates {

    private final double[] eigenvalues;
    private final double ridge;
    private final int singularDirections;
    private final DenseMatrix transform;

    private LandmarkCoordinates(double[] eigenvalues, double ridge, int singularDirections, DenseMatrix transform) {
        this.eigenvalues = eigenvalues;
        this.ridge = ridge;
        this.singularDirections = singularDirections;
        this.transform = transform;
    }

    /**
     * The coordinates of a p x p symmetric positive semi-definite Ŝ.
     *
     * @param relativeRidge the ridge relative to the largest eigenvalue, in (0, 1)
     */
    static LandmarkCoordinates of(DenseMatrix gram, double relativeRidge, LinearAlgebraBackend backend) {
        int p = gram.rows();
        EigenDecomposition pairs = SymmetricEigen.all(backend, gram).reversed();
        double[] values = pairs.values().clone();
        double largest = Math.max(values[0], 0.0);
        double threshold = relativeRidge * largest;
        int singular = 0;
        for (int i = 0; i < p; i++) {
            values[i] = Math.max(values[i], 0.0);
            if (values[i] <= threshold) {
                singular++;
            }
        }
        double ridge = singular > 0 ? Math.max(threshold, relativeRidge) : 0.0;
        DenseMatrix transform = pairs.vectors().copy();
        double[] scale = new double[p];
        for (int i = 0; i < p; i++) {
            scale[i] = 1.0 / Math.sqrt(values[i] + ridge);
        }
        double[] t = transform.data();
        for (int row = 0; row < p; row++) {
            for (int column = 0; column < p; column++) {
                t[row * p + column] *= scale[column];
            }
        }
        return new LandmarkCoordinates(values, ridge, singular, transform);
    }

    /** p. */
    int size() {
        return eigenvalues.length;
    }

    /** The eigenvalues λ of Ŝ, descending, negatives from rounding clamped to 0 (a copy). */
    double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** The absolute ridge δ added to Ŝ, 0 when Ŝ is regular. */
    double ridge() {
        return ridge;
    }

    /** The number of eigenvalues of Ŝ at or below {@code ridge · λ_max}. */
    int singularDirections() {
        return singularDirections;
    }

    /** {@code T = U (Λ + δI)^-1/2} (shared, do not modify). */
    DenseMatrix transform() {
        return transform;
    }

    /** The new matrix {@code Tᵀ X T} for a p x p symmetric X, exactly symmetric. */
    DenseMatrix project(DenseMatrix symmetric, LinearAlgebraBackend backend) {
        DenseMatrix half = MatrixProducts.multiplyTransposeA(backend, transform, symmetric);
        DenseMatrix projected = MatrixProducts.multiply(backend, half, transform);
        projected.symmetrize();
        return projected;
    }

    /** The diagonal of {@code Tᵀ A T} for the cut matrix {@code A = Ŝ - Ŝ²}: {@code (λ - λ²) / (λ + δ) >= 0}. */
    double[] cutDiagonal() {
        double[] cut = new double[eigenvalues.length];
        for (int i = 0; i < cut.length; i++) {
            double value = eigenvalues[i];
            cut[i] = Math.max(0.0, value - value * value) / (value + ridge);
        }
        return cut;
    }

    /** The diagonal of {@code Tᵀ Ŝ T}, the squared data-space norms: {@code λ / (λ + δ)} (1 without a ridge). */
    double[] dataNormDiagonal() {
        double[] norms = new double[eigenvalues.length];
        for (int i = 0; i < norms.length; i++) {
            norms[i] = eigenvalues[i] / (eigenvalues[i] + ridge);
        }
        return norms;
    }

    /** {@code Tᵀ g} for a landmark-space vector g. */
    double[] coordinatesOfDual(double[] landmarkVector) {
        int p = eigenvalues.length;
        double[] t = transform.data();
        double[] result = new double[p];
        for (int row = 0; row < p; row++) {
            double value = landmarkVector[row];
            if (value != 0.0) {
                int base = row * p;
                for (int column = 0; column < p; column++) {
                    result[column] += t[base + column] * value;
                }
            }
        }
        return result;
    }

    /** The landmark vectors {@code U = T Y} of coordinates Y (p x m). */
    DenseMatrix landmarkVectors(DenseMatrix coordinates, LinearAlgebraBackend backend) {
        return MatrixProducts.multiply(backend, transform, coordinates);
    }
}
