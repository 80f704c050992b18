/**
 * Data sets and where they come from: the {@link io.csc.data.Dataset} type, readers for CSV,
 * LIBSVM and MNIST-style IDX files ({@link io.csc.data.DataLoader} picks one by name), the data
 * directory of named sets, per-feature {@link io.csc.data.Scaling}, the small
 * {@link io.csc.data.BundledData} tables, and synthetic {@link io.csc.data.GaussianMixture}
 * data with its {@link io.csc.data.CsvWriter}.
 *
 * <p>Every problem with input data is a {@link io.csc.data.DataException} whose one-line message
 * names the file, the line and column where known, the value, and what to do instead.
 */
package io.csc.data;
