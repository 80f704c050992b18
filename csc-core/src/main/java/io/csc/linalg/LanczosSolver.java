package io.csc.linalg;

import io.csc.util.Parallel;
import io.csc.util.ProgressListener;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A few extreme eigenpairs of a large symmetric operator, known only through products
 * {@code y = A x}: thick-restart Lanczos (Wu and Simon, SIAM J. Matrix Anal. Appl. 22(2), 2000)
 * with full reorthogonalization, locking of converged pairs and a randomized check for missed
 * multiple eigenvalues.
 *
 * <h2>Method</h2>
 * <ul>
 *   <li><b>Expansion.</b> Each step applies the operator to the newest basis vector and
 *       orthogonalizes the product: first against that vector and the one before it, where the
 *       three-term recurrence puts nearly all of it, then against the locked vectors and the whole
 *       basis by classical Gram-Schmidt, repeated while a pass removes more than 30% of the norm
 *       (Daniel, Gragg, Kaufman and Stewart's test; "twice is enough"). What the first full pass
 *       removes is then rounding and the couplings a restart left, so one pass usually suffices where
 *       two always ran: the passes stream the whole basis and were most of a solve on sparse graphs
 *       (NJW's 10-NN graph of Letter: the eigen stage from 3.0 to 2.1 s, the same labels,
 *       docs/BENCHMARKS.md). The coefficients are the Rayleigh quotient matrix
 *       {@code T = VᵀA V}, tridiagonal plus the arrowhead left by restarts.</li>
 *   <li><b>Rayleigh-Ritz and restart.</b> When the basis holds {@code subspaceSize} expanded
 *       vectors, the eigenpairs of T (a small dense problem for the backend) give Ritz pairs and
 *       their residual norms without touching the operator. The restart keeps the {@code w}
 *       wanted Ritz vectors plus half of the others, {@code w + (m - w) / 2}, and the residual
 *       direction, so the next cycle continues the same Krylov space (the thick restart). The new
 *       basis {@code Yᵀ V} is one matrix product on the backend.</li>
 *   <li><b>Locking.</b> A wanted Ritz pair whose residual is below
 *       {@code tolerance · ||A||} is locked: removed from the search space, which from then on
 *       stays orthogonal to it (deflation).</li>
 *   <li><b>Multiple eigenvalues.</b> A Krylov space grown from one vector holds one direction
 *       per eigenspace, so a multiple eigenvalue (eigenvalue 1, once per connected component, of
 *       {@code D^-1/2 W D^-1/2}) would be found once, its other copies only by rounding luck.
 *       Once k pairs are locked, the search space is therefore replaced by a fresh random vector
 *       orthogonal to them, and the iteration continues on the deflated operator until the top
 *       pair of this new space has converged. If it beats the k-th locked value (a missed copy or
 *       a missed eigenvalue), it is locked and the check starts again; otherwise the locked pairs
 *       are final. Converging the top of a space grown from a random vector amplifies any missed
 *       eigenvalue above it even more, so a miss would need a start vector with a negligible
 *       component along it. The check costs about one more eigenpair from scratch.</li>
 *   <li><b>Final check.</b> A Rayleigh-Ritz step over the locked vectors returns k orthonormal
 *       vectors whose residuals {@code ||A v - λ v||} are computed explicitly.</li>
 *   <li><b>Dense fallback.</b> For {@code n <= }{@value #DENSE_SIZE_LIMIT} or {@code k > n / 3}
 *       the operator is converted to a dense matrix (n products) and solved by the backend.</li>
 * </ul>
 *
 * <h2>Cost</h2>
 * Per step one product with A plus O(n (m + k)) for reorthogonalization; per restart
 * O(n m²) in one matrix product. Memory about {@code (2m + k) n} doubles for subspace size m.
 * Vector kernels run on the given {@link Parallel} in chunks fixed by n, and the random start
 * comes from the given generator, so the output depends only on the seed, not on the thread count.
 *
 * <p>The solver never throws on non-convergence: it returns its best pairs with
 * {@code converged = false}. Instances are immutable and thread-safe; each call has its own state.
 */
public final class LanczosSolver {

    /** Problems of at most this size are solved densely. */
    public static final int DENSE_SIZE_LIMIT = 500;

    /** Entries per chunk of the parallel vector kernels; fixed so results do not depend on threads. */
    private static final int CHUNK = 4096;

    /** A pass of Gram-Schmidt is repeated while it removes more than this fraction of the norm. */
    private static final double REORTHOGONALIZE = 0.7;

    private static final int MAX_PASSES = 5;

    private final LanczosOptions options;
    private final LinearAlgebraBackend backend;
    private final Parallel parallel;
    private final boolean denseFallback;
    private final ProgressListener progress;
    private final long progressAfterNanos;

    /**
     * A solve reports its progress (pairs found of k, after each restart cycle) once it has run this
     * long, so that the many short solves of a run stay silent and a long one (the dense 20,000 x
     * 20,000 affinity of a graph method, minutes per solve) does not.
     */
    static final long PROGRESS_AFTER_NANOS = 3_000_000_000L;

    /** The stage a long solve reports its progress under. */
    public static final String PROGRESS_STAGE = "eigenvectors (Lanczos), pairs found";

    /** A solver with {@link LanczosOptions#DEFAULTS}, the default backend and one thread. */
    public LanczosSolver() {
        this(LanczosOptions.DEFAULTS);
    }

    /** A solver with the default backend ({@link LinearAlgebra#defaultBackend()}) and one thread. */
    public LanczosSolver(LanczosOptions options) {
        this(options, LinearAlgebra.defaultBackend(), Parallel.sequential());
    }

    /**
     * A solver whose dense kernels run on {@code backend} and whose vector kernels run on
     * {@code parallel} (the operator brings its own parallelism, see {@link Operators#of}).
     */
    public LanczosSolver(LanczosOptions options, LinearAlgebraBackend backend, Parallel parallel) {
        this(options, backend, parallel, true);
    }

    /** With {@code denseFallback == false}, small problems use the iterative path too (for tests). */
    LanczosSolver(LanczosOptions options, LinearAlgebraBackend backend, Parallel parallel, boolean denseFallback) {
        this(options, backend, parallel, denseFallback, ProgressListener.NONE, PROGRESS_AFTER_NANOS);
    }

    private LanczosSolver(LanczosOptions options, LinearAlgebraBackend backend, Parallel parallel, boolean denseFallback,
                          ProgressListener progress, long progressAfterNanos) {
        this.options = Objects.requireNonNull(options, "options");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.parallel = Objects.requireNonNull(parallel, "parallel");
        this.denseFallback = denseFallback;
        this.progress = Objects.requireNonNull(progress, "progress");
        this.progressAfterNanos = progressAfterNanos;
    }

    /**
     * The same solver reporting to {@code listener} the pairs it has found, of k, after each restart
     * cycle once a solve has run three seconds ({@link #PROGRESS_STAGE}).
     */
    public LanczosSolver withProgress(ProgressListener listener) {
        return withProgress(listener, PROGRESS_AFTER_NANOS);
    }

    /** As {@link #withProgress(ProgressListener)}, reporting once a solve has run {@code afterNanos}. */
    LanczosSolver withProgress(ProgressListener listener, long afterNanos) {
        return new LanczosSolver(options, backend, parallel, denseFallback, listener, afterNanos);
    }

    /** The options this solver was built with. */
    public LanczosOptions options() {
        return options;
    }

    /**
     * The k algebraically largest or smallest eigenpairs of a symmetric operator, from a random
     * start drawn from {@code random}.
     *
     * @param k      number of eigenpairs, {@code 1 <= k <= n}
     * @param random source of the starting vector and of the random vectors of the multiplicity
     *               check; one value is taken with {@link SplittableRandom#split()}
     */
    public LanczosResult solve(SymmetricOperator operator, int k, Spectrum which, SplittableRandom random) {
        return run(operator, k, which, null, random);
    }

    /**
     * As {@link #solve(SymmetricOperator, int, Spectrum, SplittableRandom)}, starting from the
     * {@code n x b} block {@code initial} (for example the eigenvectors of a similar, earlier
     * problem): its columns, normalized and combined with random weights, form the starting
     * vector, so that a block approximating the wanted eigenvectors makes the first cycles converge.
     */
    public LanczosResult solve(SymmetricOperator operator, int k, Spectrum which, DenseMatrix initial,
                               SplittableRandom random) {
        Objects.requireNonNull(initial, "initial");
        return run(operator, k, which, initial, random);
    }

    /**
     * As {@link #solve(SymmetricOperator, int, Spectrum, SplittableRandom)}, with some of the wanted
     * eigenpairs already known exactly: they are locked before the first cycle, so the search runs
     * on the operator deflated by them and finds only the {@code k - c} others. For a normalized
     * affinity {@code D^-1/2 W D^-1/2} whose graph falls into c components, eigenvalue 1 is c-fold
     * with the eigenvectors {@code D^1/2 1_C} known in advance; found by the search, each copy
     * after the first needs its own multiplicity check (a fresh start converged from scratch), and on
     * the 20,000-point k-NN graph of Letter (13 components, k = 26, a crowded spectrum below 1) that
     * took 134 restart cycles.
     *
     * @param known c orthonormal eigenpairs of the operator ({@code n x c} vectors, c at most k),
     *              each among the k wanted ones; a pair whose residual {@code ||A v - λ v||} is above
     *              the tolerance, or a set that is not orthonormal, is refused
     * @throws IllegalArgumentException when {@code known} holds more than k pairs or a pair that is
     *                                  not an orthonormal eigenpair within the tolerance
     */
    public LanczosResult solve(SymmetricOperator operator, int k, Spectrum which, EigenDecomposition known,
                               SplittableRandom random) {
        Objects.requireNonNull(known, "known");
        return run(operator, k, which, null, known, random);
    }

    private LanczosResult run(SymmetricOperator operator, int k, Spectrum which, DenseMatrix initial,
                              SplittableRandom random) {
        return run(operator, k, which, initial, null, random);
    }

    private LanczosResult run(SymmetricOperator operator, int k, Spectrum which, DenseMatrix initial,
                              EigenDecomposition known, SplittableRandom random) {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(which, "which");
        Objects.requireNonNull(random, "random");
        int n = operator.size();
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("Invalid number of eigenpairs: " + k + " (must be in [1, " + n + "])");
        }
        if (options.subspaceSize() != 0 && options.subspaceSize() < k + 2) {
            throw new IllegalArgumentException("Invalid subspaceSize: " + options.subspaceSize()
                    + " (must be 0 for automatic or at least k + 2 = " + (k + 2) + ")");
        }
        if (initial != null) {
            if (initial.rows() != n || initial.columns() < 1) {
                throw new DimensionMismatchException("Initial block is " + initial.rows() + " x " + initial.columns()
                        + ", expected " + n + " rows and at least one column");
            }
            MatrixChecks.requireFinite(initial, "initial block");
        }
        if (known != null) {
            requireKnownPairs(operator, k, known);
        }
        double sign = which == Spectrum.LARGEST ? 1.0 : -1.0;
        SplittableRandom generator = random.split();
        if (denseFallback && (n <= DENSE_SIZE_LIMIT || 3L * k > n)) {
            return dense(operator, k, sign);
        }
        int subspace = options.subspaceSize() == 0 ? Math.max(2 * k + 1, k + 20) : options.subspaceSize();
        Run solve = new Run(operator, n, k, sign, Math.min(subspace, n), generator);
        if (known != null) {
            solve.lockKnown(known);
        }
        return solve.solve(initial);
    }

    /** Refuses known pairs that are too many, not orthonormal or not eigenpairs within the tolerance. */
    private void requireKnownPairs(SymmetricOperator operator, int k, EigenDecomposition known) {
        int n = operator.size();
        int c = known.count();
        if (known.vectors().rows() != n) {
            throw new DimensionMismatchException("Known eigenvectors have " + known.vectors().rows() + " rows, expected " + n);
        }
        if (c > k) {
            throw new IllegalArgumentException(c + " known eigenpairs, but only " + k + " are wanted");
        }
        double[] input = new double[n];
        double[] output = new double[n];
        for (int j = 0; j < c; j++) {
            double[] vector = known.vector(j);
            for (int i = 0; i <= j; i++) {
                double[] other = i == j ? vector : known.vector(i);
                double dot = 0;
                for (int t = 0; t < n; t++) {
                    dot += vector[t] * other[t];
                }
                if (Math.abs(dot - (i == j ? 1.0 : 0.0)) > KNOWN_ORTHONORMALITY) {
                    throw new IllegalArgumentException("Known eigenvectors " + i + " and " + j
                            + " are not orthonormal (inner product " + dot + ")");
                }
            }
            System.arraycopy(vector, 0, input, 0, n);
            operator.apply(input, output);
            double sum = 0;
            double scale = Math.abs(known.values()[j]);
            for (int t = 0; t < n; t++) {
                double difference = output[t] - known.values()[j] * vector[t];
                sum += difference * difference;
            }
            double residual = Math.sqrt(sum);
            if (!(residual <= options.tolerance() * Math.max(scale, 1.0))) {
                throw new IllegalArgumentException("Known pair " + j + " is not an eigenpair: residual " + residual
                        + " for the value " + known.values()[j]);
            }
        }
    }

    /** How far the inner products of known eigenvectors may be from those of an orthonormal set. */
    private static final double KNOWN_ORTHONORMALITY = 1e-8;

    /** The dense path: n products to build A, then all eigenpairs from the backend. */
    private LanczosResult dense(SymmetricOperator operator, int k, double sign) {
        int n = operator.size();
        DenseMatrix matrix = Operators.toDense(operator);
        matrix.symmetrize();
        double[] a = matrix.data();
        DenseMatrix original = matrix.copy();
        EigenDecomposition all = backend.symmetricEigen(n, a, 0, n - 1);
        double norm = Math.max(Math.abs(all.values()[0]), Math.abs(all.values()[n - 1]));
        double[] values = new double[k];
        DenseMatrix vectors = DenseMatrix.zeros(n, k);
        for (int j = 0; j < k; j++) {
            int index = sign > 0 ? n - 1 - j : j;
            values[j] = all.values()[index];
            vectors.setColumn(j, all.vector(index));
        }
        DenseMatrix product = MatrixProducts.multiply(backend, original, vectors);
        double worst = 0;
        for (int j = 0; j < k; j++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double difference = product.get(i, j) - values[j] * vectors.get(i, j);
                sum += difference * difference;
            }
            worst = Math.max(worst, Math.sqrt(sum));
        }
        double relative = norm > 0 ? worst / norm : worst;
        return new LanczosResult(values, vectors, relative <= 10 * options.tolerance(), 0, n, relative);
    }

    /** The private state of one iterative solve. Vectors are rows of row-major arrays. */
    private final class Run {
        private final SymmetricOperator operator;
        private final int n;
        private final int k;
        private final double sign;
        private final SplittableRandom random;
        private final double tolerance;

        /** Expanded vectors per cycle (the subspace size m). */
        private int subspace;
        /** Rows allocated in {@link #basis}, {@link #scratch} and the side of {@link #projections}. */
        private int capacity;
        /** Basis rows [0, expanded) have known columns of T; rows [expanded, size) are pending. */
        private double[] basis;
        private double[] scratch;
        /** T, {@code capacity x capacity}: column j holds the coefficients of A v_j. */
        private double[] projections;
        private int expanded;
        private int size;

        private double[] locked = new double[0];
        private double[] lockedValues = new double[0];
        private int lockedCount;

        private final double[] input;
        private final double[] product;
        private double normEstimate;
        private int applications;
        private int cycles;
        private boolean verifying;
        private final long started = System.nanoTime();

        Run(SymmetricOperator operator, int n, int k, double sign, int subspace, SplittableRandom random) {
            this.operator = operator;
            this.n = n;
            this.k = k;
            this.sign = sign;
            this.subspace = subspace;
            this.random = random;
            this.tolerance = options.tolerance();
            this.input = new double[n];
            this.product = new double[n];
            allocate(subspace + 2);
        }

        private void allocate(int rows) {
            double[] newBasis = new double[Math.multiplyExact(rows, n)];
            double[] newProjections = new double[rows * rows];
            if (basis != null) {
                System.arraycopy(basis, 0, newBasis, 0, size * n);
                for (int i = 0; i < capacity; i++) {
                    System.arraycopy(projections, i * capacity, newProjections, i * rows, capacity);
                }
            }
            basis = newBasis;
            scratch = new double[newBasis.length];
            projections = newProjections;
            capacity = rows;
        }

        LanczosResult solve(DenseMatrix initial) {
            double[] start = initial == null ? randomVector() : combine(initial);
            System.arraycopy(start, 0, basis, 0, n);
            if (!normalizeAgainstAll(0)) {
                System.arraycopy(randomVector(), 0, basis, 0, n);
                normalizeAgainstAll(0);
            }
            size = 1;
            expanded = 0;
            while (true) {
                if (size == 0) {
                    // Everything is locked: the locked vectors span the whole space.
                    return finish(lockedCount >= k);
                }
                while (expanded < subspace && expanded < size) {
                    expand();
                }
                Ritz ritz = rayleighRitz();
                cycles++;
                reportProgress();
                boolean finished = decide(ritz);
                boolean stop = finished || cycles >= options.maxIterations();
                restart(ritz, stop);
                if (stop) {
                    return finish(finished);
                }
            }
        }

        /** Reports the pairs found once the solve has run the solver's progress delay. */
        private void reportProgress() {
            if (progress != ProgressListener.NONE && System.nanoTime() - started >= progressAfterNanos) {
                progress.progress(PROGRESS_STAGE, Math.min(lockedCount, k), k);
            }
        }

        // ------------------------------------------------------------ expansion

        /** Applies A to basis vector {@code expanded} and adds the orthogonalized product to the basis. */
        private void expand() {
            int j = expanded;
            System.arraycopy(basis, j * n, input, 0, n);
            apply(input, product);
            double[] coefficients = new double[size];
            double lockedSquares = orthogonalize(product, size, coefficients, j);
            double beta = norm(product);
            double squares = lockedSquares + beta * beta;
            for (int i = 0; i < size; i++) {
                projections[i * capacity + j] = coefficients[i];
                squares += coefficients[i] * coefficients[i];
            }
            normEstimate = Math.max(normEstimate, Math.sqrt(squares));
            expanded++;
            if (lockedCount + size >= n) {
                return; // the basis spans the whole space: nothing new can be added
            }
            ensureRows(size + 1);
            if (beta > 0.01 * tolerance * normEstimate) {
                double inverse = 1.0 / beta;
                int base = size * n;
                for (int t = 0; t < n; t++) {
                    basis[base + t] = product[t] * inverse;
                }
                projections[size * capacity + j] = beta;
                size++;
            } else {
                // Invariant subspace: the coupling is negligible, continue with a fresh direction.
                addRandomVector();
            }
        }

        /**
         * Orthogonalizes {@code w} against the locked vectors and basis rows [0, rows), adding the
         * basis coefficients to {@code coefficients}; returns the sum of squares of the locked
         * coefficients (dropped: deflation). With {@code recent >= 0}, {@code w} is {@code A v} for
         * basis row {@code recent}: its large components lie along that row and the one before (the
         * three-term recurrence), removed first, so that a single full pass that removes little
         * (at most 30% of the norm) leaves it orthogonal to working precision; otherwise (a random
         * vector) at least two full passes are made.
         */
        private double orthogonalize(double[] w, int rows, double[] coefficients, int recent) {
            double lockedSquares = 0;
            double[] lockedCoefficients = new double[lockedCount];
            double[] basisCoefficients = new double[rows];
            int minimumPasses = 2;
            if (recent >= 0 && rows > 0) {
                int first = Math.max(0, Math.min(recent, rows - 1) - 1);
                int count = Math.min(rows, recent + 1) - first;
                double[] local = new double[count];
                project(basis, first, count, w, local);
                subtract(basis, first, count, local, w);
                for (int i = 0; i < count; i++) {
                    coefficients[first + i] += local[i];
                }
                minimumPasses = 1;
            }
            double before = norm(w);
            for (int pass = 0; pass < MAX_PASSES; pass++) {
                if (lockedCount > 0) {
                    project(locked, 0, lockedCount, w, lockedCoefficients);
                    subtract(locked, 0, lockedCount, lockedCoefficients, w);
                    for (double c : lockedCoefficients) {
                        lockedSquares += c * c;
                    }
                }
                project(basis, 0, rows, w, basisCoefficients);
                subtract(basis, 0, rows, basisCoefficients, w);
                for (int i = 0; i < rows; i++) {
                    coefficients[i] += basisCoefficients[i];
                }
                double after = norm(w);
                if (pass + 1 >= minimumPasses && after > REORTHOGONALIZE * before) {
                    break;
                }
                before = after;
            }
            return lockedSquares;
        }

        /** Normalizes basis row {@code row} after orthogonalizing it against everything before it. */
        private boolean normalizeAgainstAll(int row) {
            double[] vector = Arrays.copyOfRange(basis, row * n, (row + 1) * n);
            double original = norm(vector);
            if (!(original > 0)) {
                return false;
            }
            orthogonalize(vector, row, new double[row], -1);
            double remaining = norm(vector);
            if (!(remaining > 1e-8 * original)) {
                return false;
            }
            double inverse = 1.0 / remaining;
            for (int t = 0; t < n; t++) {
                basis[row * n + t] = vector[t] * inverse;
            }
            return true;
        }

        /** Appends a random unit vector orthogonal to the locked vectors and the basis, if there is room. */
        private boolean addRandomVector() {
            for (int attempt = 0; attempt < 3 && lockedCount + size < n; attempt++) {
                ensureRows(size + 1);
                System.arraycopy(randomVector(), 0, basis, size * n, n);
                if (normalizeAgainstAll(size)) {
                    size++;
                    return true;
                }
            }
            return false;
        }

        private void ensureRows(int rows) {
            if (rows > capacity) {
                allocate(Math.max(rows, capacity + 4));
            }
        }

        // ------------------------------------------------------------ Rayleigh-Ritz and decisions

        /** Ritz pairs of the expanded basis in descending order, with residual norm estimates. */
        private record Ritz(double[] values, double[] vectors, int dimension, double[] residuals) {
            /** Ritz vector j (descending) as coefficient entry i. */
            double coefficient(int i, int j) {
                return vectors[i * dimension + (dimension - 1 - j)];
            }

            double value(int j) {
                return values[dimension - 1 - j];
            }
        }

        private Ritz rayleighRitz() {
            int q = expanded;
            double[] t = new double[q * q];
            for (int j = 0; j < q; j++) {
                for (int i = 0; i <= j; i++) {
                    double value = projections[i * capacity + j];
                    t[i * q + j] = value;
                    t[j * q + i] = value;
                }
            }
            EigenDecomposition eigen = backend.symmetricEigen(q, t, 0, q - 1);
            double[] values = eigen.values();
            double[] vectors = eigen.vectors().data();
            normEstimate = Math.max(normEstimate, Math.max(Math.abs(values[0]), Math.abs(values[q - 1])));
            // Residual of Ritz vector y: || T[expanded..size, 0..expanded) y ||.
            double[] residuals = new double[q];
            for (int c = 0; c < q; c++) {
                double sum = 0;
                for (int r = q; r < size; r++) {
                    double dot = 0;
                    for (int i = 0; i < q; i++) {
                        dot += projections[r * capacity + i] * vectors[i * q + c];
                    }
                    sum += dot * dot;
                }
                residuals[q - 1 - c] = Math.sqrt(sum);
            }
            return new Ritz(values, vectors, q, residuals);
        }

        /** Pairs chosen for locking by the last {@link #decide}, in descending Ritz order. */
        private int[] toLock = new int[0];
        /** Whether the next restart discards the search space for a random vector (the multiplicity check). */
        private boolean freshStart;

        /** Chooses the pairs to lock; returns whether the solve is complete. */
        private boolean decide(Ritz ritz) {
            double threshold = tolerance * normEstimate;
            int q = ritz.dimension();
            freshStart = false;
            if (verifying) {
                // The top pair of the fresh space decides: if it beats the k-th locked value, an
                // eigenvalue (typically a copy of a multiple one) was missed.
                toLock = new int[0];
                if (ritz.residuals()[0] > threshold) {
                    return false;
                }
                if (ritz.value(0) > kthLockedValue() + threshold) {
                    toLock = new int[] {0};
                    freshStart = true;
                    return false;
                }
                return true;
            }
            int need = k - lockedCount;
            int[] chosen = new int[Math.min(need, q)];
            int count = 0;
            for (int j = 0; j < Math.min(need, q); j++) {
                if (ritz.residuals()[j] <= threshold) {
                    chosen[count++] = j;
                }
            }
            toLock = Arrays.copyOf(chosen, count);
            if (lockedCount + count >= k) {
                verifying = true;
                freshStart = true;
            }
            return false;
        }

        private double kthLockedValue() {
            double[] sorted = Arrays.copyOf(lockedValues, lockedCount);
            Arrays.sort(sorted);
            return sorted[lockedCount - k];
        }

        /**
         * Locks the chosen Ritz vectors and restarts with the kept ones followed by the pending
         * (residual) vectors, or, when the multiplicity check starts, with one random vector only.
         * T restarts as diag(kept Ritz values), with the kept vectors' couplings to the pending
         * vectors below it, so that residual estimates stay exact.
         */
        private void restart(Ritz ritz, boolean stop) {
            int q = ritz.dimension();
            boolean[] isLocked = new boolean[q];
            for (int j : toLock) {
                isLocked[j] = true;
            }
            boolean fresh = freshStart && !stop;
            int want = verifying ? 1 : k - lockedCount - toLock.length;
            int oldPending = fresh ? 0 : size - expanded;
            int pending = fresh ? 1 : oldPending;
            int available = q - toLock.length;
            int keep = fresh ? 0 : Math.min(stop ? Math.max(k, want) : want + (subspace - want) / 2, available);
            if (!stop && keep + pending + 1 > subspace) {
                // Keep room for at least one new vector per cycle, growing the subspace if needed.
                keep = Math.max(Math.min(keep, subspace - pending - 1), Math.min(want, available));
                subspace = Math.max(subspace, keep + pending + 1);
            }
            int[] kept = new int[keep];
            int count = 0;
            for (int j = 0; j < q && count < keep; j++) {
                if (!isLocked[j]) {
                    kept[count++] = j;
                }
            }
            // Columns of the product: kept Ritz vectors first, then the ones to lock.
            int columns = keep + toLock.length;
            double[] selection = new double[q * Math.max(columns, 1)];
            double[] newValues = new double[columns];
            for (int c = 0; c < columns; c++) {
                int j = c < keep ? kept[c] : toLock[c - keep];
                newValues[c] = ritz.value(j);
                for (int i = 0; i < q; i++) {
                    selection[i * columns + c] = ritz.coefficient(i, j);
                }
            }
            double[] coupling = new double[oldPending * keep];
            for (int r = 0; r < oldPending; r++) {
                int row = (expanded + r) * capacity;
                for (int c = 0; c < keep; c++) {
                    double sum = 0;
                    for (int i = 0; i < q; i++) {
                        sum += projections[row + i] * selection[i * columns + c];
                    }
                    coupling[r * keep + c] = sum;
                }
            }
            if (columns > 0) {
                backend.gemm(true, false, columns, n, q, 1.0, selection, 0, columns, basis, 0, n, 0.0, scratch, 0, n);
            }
            for (int c = keep; c < columns; c++) {
                lock(scratch, c, newValues[c]);
            }
            // The pending rows follow the kept ones (over the rows just locked).
            System.arraycopy(basis, expanded * n, scratch, keep * n, oldPending * n);
            double[] swap = basis;
            basis = scratch;
            scratch = swap;
            Arrays.fill(projections, 0.0);
            for (int c = 0; c < keep; c++) {
                projections[c * capacity + c] = newValues[c];
            }
            for (int r = 0; r < oldPending; r++) {
                for (int c = 0; c < keep; c++) {
                    projections[(keep + r) * capacity + c] = coupling[r * keep + c];
                }
            }
            expanded = keep;
            size = keep + oldPending;
            if (fresh) {
                addRandomVector();
            }
        }

        /** Locks the known pairs before the first cycle (their values in the solver's sign). */
        void lockKnown(EigenDecomposition known) {
            double[] rows = known.vectors().transpose().data();
            for (int j = 0; j < known.count(); j++) {
                lock(rows, j, sign * known.values()[j]);
                normEstimate = Math.max(normEstimate, Math.abs(known.values()[j]));
            }
        }

        private void lock(double[] rows, int row, double value) {
            if ((lockedCount + 1) * n > locked.length) {
                int newCount = Math.max(k + 2, 2 * lockedCount + 1);
                locked = Arrays.copyOf(locked, Math.multiplyExact(newCount, n));
                lockedValues = Arrays.copyOf(lockedValues, newCount);
            }
            System.arraycopy(rows, row * n, locked, lockedCount * n, n);
            lockedValues[lockedCount++] = value;
        }

        // ------------------------------------------------------------ final Rayleigh-Ritz

        /** Rayleigh-Ritz over the locked vectors (and, if unfinished, the best kept ones). */
        private LanczosResult finish(boolean finished) {
            int extra = finished ? 0 : Math.min(expanded, Math.max(0, k - lockedCount));
            int c = lockedCount + extra;
            double[] z = new double[c * n];
            System.arraycopy(locked, 0, z, 0, lockedCount * n);
            System.arraycopy(basis, 0, z, lockedCount * n, extra * n);
            double[] az = new double[c * n];
            for (int r = 0; r < c; r++) {
                System.arraycopy(z, r * n, input, 0, n);
                apply(input, product);
                System.arraycopy(product, 0, az, r * n, n);
            }
            double[] gram = new double[c * c];
            backend.gemm(false, true, c, c, n, 1.0, z, 0, n, az, 0, n, 0.0, gram, 0, c);
            DenseMatrix.symmetrize(gram, c);
            EigenDecomposition eigen = backend.symmetricEigen(c, gram, 0, c - 1);
            int count = Math.min(k, c);
            double[] selection = new double[c * count];
            double[] values = new double[count];
            for (int j = 0; j < count; j++) {
                int column = c - 1 - j;
                values[j] = eigen.values()[column];
                for (int i = 0; i < c; i++) {
                    selection[i * count + j] = eigen.vectors().get(i, column);
                }
            }
            double[] vectors = new double[count * n];
            double[] products = new double[count * n];
            backend.gemm(true, false, count, n, c, 1.0, selection, 0, count, z, 0, n, 0.0, vectors, 0, n);
            backend.gemm(true, false, count, n, c, 1.0, selection, 0, count, az, 0, n, 0.0, products, 0, n);
            double worst = 0;
            for (int j = 0; j < count; j++) {
                normEstimate = Math.max(normEstimate, Math.abs(values[j]));
                double sum = 0;
                for (int t = 0; t < n; t++) {
                    double difference = products[j * n + t] - values[j] * vectors[j * n + t];
                    sum += difference * difference;
                }
                worst = Math.max(worst, Math.sqrt(sum));
            }
            double relative = normEstimate > 0 ? worst / normEstimate : worst;
            DenseMatrix result = new DenseMatrix(count, n, vectors).transpose();
            for (int j = 0; j < count; j++) {
                values[j] *= sign;
            }
            boolean converged = finished && count == k && relative <= 10 * tolerance;
            return new LanczosResult(values, result, converged, cycles, applications, relative);
        }

        // ------------------------------------------------------------ kernels

        private void apply(double[] x, double[] y) {
            operator.apply(x, y);
            applications++;
            if (sign < 0) {
                for (int t = 0; t < n; t++) {
                    y[t] = -y[t];
                }
            }
        }

        private double[] randomVector() {
            double[] vector = new double[n];
            for (int t = 0; t < n; t++) {
                vector[t] = random.nextDouble(-1.0, 1.0);
            }
            return vector;
        }

        private double[] combine(DenseMatrix initial) {
            double[] vector = new double[n];
            for (int c = 0; c < initial.columns(); c++) {
                double[] column = initial.column(c);
                double length = norm(column);
                if (length > 0) {
                    double weight = random.nextDouble(0.5, 1.5) / length;
                    for (int t = 0; t < n; t++) {
                        vector[t] += weight * column[t];
                    }
                }
            }
            return vector;
        }

        /** {@code out[i] = <row first + i of rows, w>} for i < count; chunked sums added in chunk order. */
        private void project(double[] rows, int first, int count, double[] w, double[] out) {
            List<double[]> partials = parallel.map(n, CHUNK, (from, to) -> {
                double[] partial = new double[count];
                int i = 0;
                for (; i + 3 < count; i += 4) {
                    int b0 = (first + i) * n;
                    int b1 = b0 + n;
                    int b2 = b1 + n;
                    int b3 = b2 + n;
                    double s0 = 0;
                    double s1 = 0;
                    double s2 = 0;
                    double s3 = 0;
                    for (int t = from; t < to; t++) {
                        double x = w[t];
                        s0 += rows[b0 + t] * x;
                        s1 += rows[b1 + t] * x;
                        s2 += rows[b2 + t] * x;
                        s3 += rows[b3 + t] * x;
                    }
                    partial[i] = s0;
                    partial[i + 1] = s1;
                    partial[i + 2] = s2;
                    partial[i + 3] = s3;
                }
                for (; i < count; i++) {
                    int base = (first + i) * n;
                    double s = 0;
                    for (int t = from; t < to; t++) {
                        s += rows[base + t] * w[t];
                    }
                    partial[i] = s;
                }
                return partial;
            });
            Arrays.fill(out, 0, count, 0.0);
            for (double[] partial : partials) {
                for (int i = 0; i < count; i++) {
                    out[i] += partial[i];
                }
            }
        }

        /** {@code w -= Σ_i coefficients[i] · row first + i of rows}, i < count. */
        private void subtract(double[] rows, int first, int count, double[] coefficients, double[] w) {
            parallel.forRange(n, CHUNK, (from, to) -> {
                int i = 0;
                for (; i + 3 < count; i += 4) {
                    int b0 = (first + i) * n;
                    int b1 = b0 + n;
                    int b2 = b1 + n;
                    int b3 = b2 + n;
                    double c0 = coefficients[i];
                    double c1 = coefficients[i + 1];
                    double c2 = coefficients[i + 2];
                    double c3 = coefficients[i + 3];
                    for (int t = from; t < to; t++) {
                        w[t] -= c0 * rows[b0 + t] + c1 * rows[b1 + t] + c2 * rows[b2 + t] + c3 * rows[b3 + t];
                    }
                }
                for (; i < count; i++) {
                    int base = (first + i) * n;
                    double c = coefficients[i];
                    for (int t = from; t < to; t++) {
                        w[t] -= c * rows[base + t];
                    }
                }
            });
        }

        private double norm(double[] w) {
            List<Double> partials = parallel.map(n, CHUNK, (from, to) -> {
                double s = 0;
                for (int t = from; t < to; t++) {
                    s += w[t] * w[t];
                }
                return s;
            });
            double sum = 0;
            for (double partial : partials) {
                sum += partial;
            }
            return Math.sqrt(sum);
        }
    }
}

