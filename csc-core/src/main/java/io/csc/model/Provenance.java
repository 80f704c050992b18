package io.csc.model;

import io.csc.constraint.ConstraintSet;
import io.csc.data.Dataset;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where a fitted model comes from: the method and every effective parameter (defaults included),
 * the seed, the csc version, the training data's size and fingerprint, and the supervision.
 *
 * @param method the method's name, e.g. {@code scacs}
 * @param parameters every parameter of the method with the value used (given or default)
 * @param seed the seed of the fit
 * @param version the csc version that fitted the model
 * @param points n, the training points
 * @param features d, their features
 * @param clusters k
 * @param featureNames the training data's feature names (new data must have as many features)
 * @param fingerprint SHA-256 of the training features (after scaling) as little-endian doubles
 * @param mustLinks must-link pairs of the supervision
 * @param cannotLinks cannot-link pairs of the supervision
 * @param constrainedPoints points named by the supervision
 * @param created when the model was fitted (ISO-8601)
 */
public record Provenance(String method, Map<String, String> parameters, long seed, String version, int points,
                         int features, int clusters, List<String> featureNames, String fingerprint, long mustLinks,
                         long cannotLinks, int constrainedPoints, String created) {

    public Provenance {
        Objects.requireNonNull(method, "method");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        featureNames = List.copyOf(featureNames);
        if (features < 1 || clusters < 1 || points < 0) {
            throw new IllegalArgumentException("the provenance has " + points + " points, " + features + " features and "
                    + clusters + " clusters (a model has at least one feature and one cluster)");
        }
        if (!featureNames.isEmpty() && featureNames.size() != features) {
            throw new IllegalArgumentException("the provenance names " + featureNames.size() + " features for a model of "
                    + features);
        }
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(created, "created");
    }

    /** The provenance of a fit of {@code method} on {@code training} (scaled) with {@code constraints}. */
    public static Provenance of(String method, Map<String, String> parameters, long seed, Dataset training, int k,
                                ConstraintSet constraints) {
        return new Provenance(method, parameters, seed, CscVersion.get(), training.size(), training.dimension(), k,
                training.featureNames(), fingerprint(training), constraints.mustLinkCount(),
                constraints.cannotLinkCount(), constraints.constrainedPoints().length,
                java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
    }

    /** SHA-256 of the values as little-endian doubles, in hex. */
    public static String fingerprint(double[] values) {
        return fingerprint(Dataset.unlabelled("values", values.length, 1, values));
    }

    /**
     * SHA-256 of the features of {@code data}, row after row, as little-endian doubles (single
     * precision features widened), in hex.
     */
    public static String fingerprint(Dataset data) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            int d = data.dimension();
            double[] row = new double[d];
            ByteBuffer buffer = ByteBuffer.allocate(8 * d).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < data.size(); i++) {
                data.copyRow(i, row, 0);
                buffer.clear();
                buffer.asDoubleBuffer().put(row);
                digest.update(buffer.array(), 0, 8 * d);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
