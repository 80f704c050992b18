package io.csc.algorithm.cspml;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.MatrixProducts;
import io.csc.linalg.SymmetricEigen;
import io.csc.linalg.SymmetricOperator;

/**
 * The robust variant's solve ({@link Variant#ROBUST}): the problem of Eq. 3-4,
 * {@code min tr(Uᵀ L_mod U)} over orthonormal U, restricted to {@code U = V Y} with V the m leading
 * eigenvectors of the similarity layer (m >= k). This is Rayleigh-Ritz: the k leading eigenvectors Y
 * of the m x m matrix {@code Vᵀ K V}, {@code K = Σ Ŵ_i + α Σ U_i U_iᵀ}.
 *
 * <h2>Why</h2>
 * The constraint layers' leading eigenvectors live on the constrained points only: a must-link
 * component's indicator has eigenvalue 1 in its normalized layer, whatever the number of points
 * it covers, and is 0 on every unconstrained point. In {@code Σ Ŵ_i} it competes with the
 * similarity layer's smooth eigenvectors, whose eigenvalues are {@code λ_j < 1} plus the small share
 * of the constrained points they cover. Whenever the similarity graph's spectral gap is weak
 * ({@code λ_2..λ_k} well below 1: noisy, high-dimensional or binary features) or many small
 * components exist (random pairs), the localized vectors win; the unconstrained points get rows
 * near 0, which row normalization turns into noise, and they fall into one cluster. Inside the span
 * of V every candidate is smooth on the graph, so the constraints can only choose and rotate
 * graph-smooth directions: they reach the unconstrained points through the similarity layer, and
 * with m = k the result is NJW's embedding (any rotation of it).
 */
final class SubspaceRestriction {

    /** m = {@value #DIMENSION_PER_CLUSTER} k when not given. */
    static final int DIMENSION_PER_CLUSTER = 4;

    private SubspaceRestriction() {
    }

    /**
     * m: {@code requested} when positive, else {@value #DIMENSION_PER_CLUSTER} k but at most the
     * constrained points less k (at least k); at most {@code limit}.
     *
     * <p><b>Why fewer directions than constrained points.</b> The constraint layers see a direction
     * only through its values on the b constrained points. Once span(V) has b directions or more, its
     * restriction to those points is generically all of R^b: some combination of V takes any values
     * there, so the constraint term is met in full by directions the graph does not support, and the
     * remaining points follow whatever those directions do elsewhere. With m directions the values on
     * the constrained points range over an m-dimensional subspace of R^b, and the b - m linear
     * relations left tie them to each other through the graph. Measured on 45 points of 3 Gaussian
     * classes in 4 dimensions with 5 labelled points ({@code experiments/practice-shapes.py}, tiny;
     * seeds 1-6): ACC 1.0 for m = 3 and 0.98-1.0 for m = 4 on every seed, 0.76-1.0 for m = 5 and
     * 0.73-1.0 for m = 6, where 4k = 12 gave 0.76-0.87 and NJW 1.0 (docs/results/99-practice-shapes.md).
     *
     * <p><b>Why b - k, not b - 1.</b> One relation left (m = b - 1, the rule before) still let the
     * labels pull the embedding apart where there are many classes for the labels: 15 classes of 20
     * points with 30 labelled points ({@code experiments/field-shapes.py}, small15), m = 29: ACC
     * 0.93-0.98 over six draws for csp-ml, against 0.993-0.997 with m = 15 and NJW's 0.993. Keeping
     * at least k relations, one per cluster, gave on the sets where the rule binds (supervision on
     * fewer than 5k points; docs/results/99b-field-shapes.md, {@code select=none}): mean ACC 0.011 nearer
     * NJW over 29 method-conditions than b - 1, and 8 more than 0.02 below it instead of 12 (better on
     * small15, tiny, Digits with 20 pairs, the imbalanced imb4 with 12 labels; worse by 0.01-0.03
     * on Glass with labels and Letter and Soybean with 20 pairs). Half of b, the other rule tried,
     * lowered Iris with 10% labels from 0.856 to 0.749. At the defaults (the guard, its folds fitted
     * with the m of the whole supervision, {@link #settledDimension}) the mean over 24 of these
     * conditions went from 0.009 to 0.024 above NJW. Only supervision on fewer than 5k points is
     * affected: a handful of labels, or few pairs with many clusters.
     *
     * @param constrained the number of constrained points b (0 without supervision: no cap)
     */
    static int dimension(int requested, int k, int limit, int constrained) {
        int wanted = requested > 0 ? Math.max(requested, k)
                : constrained > 0 ? Math.max(k, Math.min(DIMENSION_PER_CLUSTER * k, constrained - k))
                : DIMENSION_PER_CLUSTER * k;
        return Math.min(wanted, limit);
    }

    /**
     * The m of the robust variant with the whole supervision {@code constraints} when it is chosen
     * automatically ({@code requested} 0), else 0: what
     * {@link io.csc.algorithm.ClusteringAlgorithm#settledFor} fixes, so that selection's folds fit
     * the m of the final fit. The limit (the points, or the samples) is applied by the fit.
     */
    static int settledDimension(Variant variant, int requested, int k, io.csc.constraint.ConstraintSet constraints) {
        return variant == Variant.ROBUST && requested == 0
                ? dimension(0, k, Integer.MAX_VALUE, constraints.constrainedPoints().length) : 0;
    }

    /**
     * The weight of the constraint layers in the restricted problem: n over the number of
     * constrained points (1 without constraints). Inside the span of V a direction is spread over
     * all n points and meets the constraint layers only on their b constrained points, so their
     * quadratic forms are about b/n of the similarity layer's: a class indicator gains b/n from the
     * must-link layer where it gains up to 1 from the similarity layer. Scaling by n/b gives each
     * layer the weight Dong et al.'s method assumes, a layer covering every vertex.
     */
    static double constraintWeight(io.csc.constraint.ConstraintSet constraints) {
        int constrained = constraints.constrainedPoints().length;
        return constrained == 0 ? 1.0 : (double) constraints.pointCount() / constrained;
    }

    /**
     * The restricted matrix {@code similarity + weight · Vᵀ K_c V}, with {@code similarity} the m x m
     * restriction of the similarity layer and its projector, and {@code K_c} the constraint layers
     * with their projectors ({@code α}), applied as operators.
     */
    static DenseMatrix combine(DenseMatrix basis, DenseMatrix similarity, SymmetricOperator constraintLayers,
                               double weight, LinearAlgebraBackend backend) {
        DenseMatrix reduced = reduce(basis, constraintLayers, backend);
        double[] total = reduced.data();
        double[] own = similarity.data();
        for (int t = 0; t < total.length; t++) {
            total[t] = own[t] + weight * total[t];
        }
        return reduced;
    }

    /** {@code Vᵀ K V} for the n x m basis V, symmetrized: m products with K. */
    static DenseMatrix reduce(DenseMatrix basis, SymmetricOperator operator, LinearAlgebraBackend backend) {
        int n = basis.rows();
        int m = basis.columns();
        DenseMatrix products = DenseMatrix.zeros(n, m);
        double[] y = new double[n];
        for (int j = 0; j < m; j++) {
            operator.apply(basis.column(j), y);
            products.setColumn(j, y);
        }
        DenseMatrix reduced = MatrixProducts.multiplyTransposeA(backend, basis, products);
        reduced.symmetrize();
        return reduced;
    }

    /** The k leading eigenpairs of the symmetric m x m matrix {@code reduced}, descending. */
    static EigenDecomposition leading(DenseMatrix reduced, int k, LinearAlgebraBackend backend) {
        DenseMatrix copy = reduced.copy();
        copy.symmetrize();
        return SymmetricEigen.largest(backend, copy, Math.min(k, copy.rows()));
    }
}
