package io.csc.algorithm.cspml;

import io.csc.algorithm.spectral.SampledBlocks;
import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SymmetricEigen;
import java.util.Arrays;
import java.util.function.UnaryOperator;

/**
 * The Nyström extension of the leading eigenvectors of a matrix known through l sampled columns
 * (Choromanska et al. 2013, as FAST-CSP-ML uses it for each layer and for {@code L_mod}).
 *
 * <p>With {@code C = A(:, L)} (n x l) and its sampled block {@code Q = sym(C(L, :)) = U_Q Σ_Q U_Qᵀ},
 * the extended eigenvectors are {@code Ũ = sqrt(l/n) C U_Q Σ_Q⁻¹} over the kept eigenvalues. They
 * are only approximately orthonormal, so they are orthonormalized ({@code Ũ V Λ^-1/2} from the
 * eigenpairs {@code V, Λ} of {@code ŨᵀŨ}, O(n r²)): {@code U Uᵀ} is then the projector that
 * {@code L_mod} assumes, and k-means sees an orthonormal basis of the extended subspace.
 *
 * <p>Which eigenvalues are kept follows {@link LayerSubspace#keptCount}: at most k, positive, no tie
 * across the cut, relative to the block's largest eigenvalue (the sampled block of a normalized
 * adjacency has eigenvalues of about l/n times the full one's). A block with no edge is exactly 0
 * and gives no direction.
 *
 * @param map the l x r matrix with {@code vectors = C · map}
 * @param vectors the n x r orthonormal extension
 * @param sampledRows the rows of {@code vectors} at the sampled points, l x r
 * @param values the kept eigenvalues of the sampled block, descending
 * @param form the r x r matrix {@code vectorsᵀ Ã vectors} of the Nyström approximation
 *     {@code Ã = Ũ Σ̃ Ũᵀ}, {@code Σ̃ = (n/l) Σ_Q}, of the full matrix: the matrix restricted to the
 *     extended subspace (the robust variant's similarity term, {@link SubspaceRestriction})
 */
record LayerExtension(DenseMatrix map, DenseMatrix vectors, DenseMatrix sampledRows, double[] values,
                      DenseMatrix form) {

    /** Relative threshold below which an eigenvalue of {@code ŨᵀŨ} counts as 0 (a dependent column). */
    private static final double RANK_TOLERANCE = 1e-10;

    /**
     * Extends the leading eigenvectors of {@code block} (l x l, symmetrized here) to the n points with
     * {@code columns}, the product {@code X -> C X} for an l x r matrix X. A block without a positive
     * eigenvalue (a layer with no sampled edge) gives no direction.
     */
    static LayerExtension of(DenseMatrix block, int[] sample, int n, int k, double factor,
                             UnaryOperator<DenseMatrix> columns, LinearAlgebraBackend backend) {
        int l = block.rows();
        ExtensionCoefficients coefficients = coefficients(block, k, factor, backend);
        if (coefficients.count() == 0) {
            return new LayerExtension(DenseMatrix.zeros(l, 0), DenseMatrix.zeros(n, 0), DenseMatrix.zeros(l, 0),
                    new double[0], DenseMatrix.zeros(0, 0));
        }
        DenseMatrix extended = columns.apply(coefficients.scaled());
        DenseMatrix gram = MatrixProducts.gram(backend, extended);
        DenseMatrix basis = orthonormalizingGram(gram, backend);
        DenseMatrix vectors = SampledBlocks.multiply(backend, extended, basis);
        DenseMatrix map = MatrixProducts.multiply(backend, coefficients.scaled(), basis);
        return new LayerExtension(map, vectors, SampledBlocks.rows(vectors, sample), coefficients.values(),
                form(gram, basis, coefficients.values(), factor, backend));
    }

    /**
     * The coefficients {@code sqrt(l/n) U_Q Σ_Q⁻¹} of the kept leading eigenvectors of {@code block}
     * (l x l, symmetrized here), so that the extension is {@code C · scaled} for the sampled columns C.
     */
    static ExtensionCoefficients coefficients(DenseMatrix block, int k, double factor, LinearAlgebraBackend backend) {
        int l = block.rows();
        block.symmetrize();
        EigenDecomposition pairs = SymmetricEigen.largest(backend, block, Math.min(k + 1, l));
        int count = LayerSubspace.keptCount(pairs.values(), k, 0.0);
        DenseMatrix scaled = pairs.vectors().columns(0, count);
        for (int j = 0; j < count; j++) {
            double inverse = factor / pairs.values()[j];
            for (int i = 0; i < l; i++) {
                scaled.set(i, j, scaled.get(i, j) * inverse);
            }
        }
        return new ExtensionCoefficients(scaled, Arrays.copyOf(pairs.values(), count), factor);
    }

    /**
     * {@code Tᵀ G Σ̃ G T} with {@code G = ŨᵀŨ} (given) and {@code Σ̃ = Σ_Q / factor²}: the Nyström
     * approximation {@code Ũ Σ̃ Ũᵀ} seen from the orthonormal basis {@code Ũ T}. O(n r² + r³).
     */
    static DenseMatrix form(DenseMatrix gram, DenseMatrix basis, double[] blockValues, double factor,
                            LinearAlgebraBackend backend) {
        DenseMatrix projected = MatrixProducts.multiply(backend, gram, basis);
        DenseMatrix weighted = projected.copy();
        for (int i = 0; i < weighted.rows(); i++) {
            double value = blockValues[i] / (factor * factor);
            for (int j = 0; j < weighted.columns(); j++) {
                weighted.set(i, j, weighted.get(i, j) * value);
            }
        }
        DenseMatrix form = MatrixProducts.multiplyTransposeA(backend, projected, weighted);
        form.symmetrize();
        return form;
    }

    /**
     * The r x r' matrix T such that {@code U T} has orthonormal columns spanning the range of U:
     * {@code V Λ^-1/2} over the eigenpairs of {@code UᵀU} (given as {@code uGram}) above the rank tolerance.
     */
    static DenseMatrix orthonormalizingGram(DenseMatrix uGram, LinearAlgebraBackend backend) {
        int r = uGram.rows();
        if (r == 0) {
            return DenseMatrix.zeros(0, 0);
        }
        EigenDecomposition gram = SymmetricEigen.all(backend, uGram).reversed();
        double[] values = gram.values();
        int rank = 0;
        while (rank < r && values[rank] > RANK_TOLERANCE * values[0]) {
            rank++;
        }
        DenseMatrix basis = gram.vectors().columns(0, rank);
        for (int j = 0; j < rank; j++) {
            double inverseRoot = 1.0 / Math.sqrt(values[j]);
            for (int i = 0; i < r; i++) {
                basis.set(i, j, basis.get(i, j) * inverseRoot);
            }
        }
        return basis;
    }

    /** The number of directions r. */
    int dimension() {
        return vectors.columns();
    }
}
