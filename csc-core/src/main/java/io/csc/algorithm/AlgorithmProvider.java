package io.csc.algorithm;

import java.util.List;

/**
 * A source of methods for {@link AlgorithmRegistry}, found with {@link java.util.ServiceLoader}: a
 * module adds methods without editing core by implementing this interface and naming the class in
 * {@code META-INF/services/io.csc.algorithm.AlgorithmProvider}. Names must be unique across
 * providers.
 */
public interface AlgorithmProvider {

    /** The methods this provider contributes, in the order {@code csc algorithms} lists them. */
    List<AlgorithmDescriptor> algorithms();
}
