package io.csc.graph;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.EigenDecomposition;
import io.csc.linalg.LinearAlgebraBackend;
import io.csc.linalg.SymmetricEigen;

/**
 * The m leading principal components of a set of landmarks, on which the nearest landmarks are
 * screened when an exact screening would cost too much ({@link LandmarkSearch}).
 *
 * <p>With points and landmarks centred on the landmarks' mean c, the screening distance of point x
 * to landmark u is {@code ||x - c||² + ||u - c||² - 2 y_x · y_u}, the squared norms in the full
 * space and y the coordinates on the components. Since the components are orthonormal this is
 * {@code ||y_x - y_u||² + ||x_⊥||² + ||u_⊥||²}: the exact squared distance except for the cross term
 * {@code -2 x_⊥ · u_⊥} of the parts of x and u outside the components. The distance on the
 * components alone would drop {@code ||u_⊥||²} as well and rank a landmark far outside the
 * components as near; with the norms of the full space only the cross term is left, which averages
 * to zero over the landmarks.
 *
 * <p>The components are the eigenvectors of the landmarks' covariance, from at most
 * {@value #COVARIANCE_ROWS} of them (every s-th): the directions in which the landmarks, and so the
 * distances to them, vary most. Products run in single precision, as the screening does.
 *
 * @param dimensions m, the number of components
 * @param components the d x m components, row-major
 * @param landmarkCoordinates the p x m coordinates of the landmarks on them
 */
public record PrincipalScreening(int dimensions, float[] components, float[] landmarkCoordinates) {

    /** The most landmarks whose covariance gives the components. */
    static final int COVARIANCE_ROWS = 4096;

    /**
     * The m leading components of the p x d landmarks {@code centred} (centred on their mean), and
     * the landmarks' coordinates on them.
     */
    static PrincipalScreening of(float[] centred, int p, int d, int m, LinearAlgebraBackend backend) {
        int stride = (p + COVARIANCE_ROWS - 1) / COVARIANCE_ROWS;
        int rows = (p + stride - 1) / stride;
        float[] covariance = new float[d * d];
        // every stride-th landmark: rows of A strided by stride rows
        backend.gemm(true, false, d, d, rows, 1.0f / rows, centred, 0, stride * d, centred, 0, stride * d, 0.0f,
                covariance, 0, d);
        float[] components = leadingComponents(covariance, d, m, backend);
        float[] coordinates = new float[p * m];
        backend.gemm(false, false, p, m, d, 1.0f, centred, 0, d, components, 0, m, 0.0f, coordinates, 0, m);
        return new PrincipalScreening(m, components, coordinates);
    }

    /**
     * The m leading eigenvectors of a d x d single-precision covariance (its two triangles
     * averaged), as a d x m single-precision matrix, row-major.
     */
    static float[] leadingComponents(float[] covariance, int d, int m, LinearAlgebraBackend backend) {
        double[] symmetric = new double[d * d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                symmetric[a * d + b] = 0.5 * ((double) covariance[a * d + b] + covariance[b * d + a]);
            }
        }
        EigenDecomposition leading = SymmetricEigen.largest(backend, new DenseMatrix(d, d, symmetric), m);
        double[] vectors = leading.vectors().data();
        float[] components = new float[d * m];
        for (int v = 0; v < d * m; v++) {
            components[v] = (float) vectors[v];
        }
        return components;
    }

    /** The coordinates on the components of {@code count} centred rows (count x d) into {@code out} (count x m). */
    void project(float[] rows, int count, int d, float[] out, LinearAlgebraBackend backend) {
        backend.gemm(false, false, count, dimensions, d, 1.0f, rows, 0, d, components, 0, dimensions, 0.0f, out, 0,
                dimensions);
    }
}
