package io.csc.data;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads the IDX format of MNIST and Fashion-MNIST: big-endian files, raw or gzip-compressed
 * (recognised by their first bytes, whatever the name).
 *
 * <ul>
 *   <li>images: magic {@code 0x00000803}, then the image count, rows and columns as 32-bit
 *       integers, then one unsigned byte per pixel, image by image, row by row;</li>
 *   <li>labels: magic {@code 0x00000801}, then the count, then one unsigned byte per label.</li>
 * </ul>
 *
 * <p>Each image becomes one point of {@code rows * columns} features, the pixel values 0..255 as
 * doubles (scale them with {@link Scaling}). Labels are the digits' values, renumbered in
 * ascending order and named by their value.
 */
public final class IdxReader {

    /** The magic number of an IDX file of unsigned bytes in 3 dimensions (images). */
    public static final int IMAGES_MAGIC = 0x00000803;
    /** The magic number of an IDX file of unsigned bytes in 1 dimension (labels). */
    public static final int LABELS_MAGIC = 0x00000801;

    private static final int IMAGES_HEADER_BYTES = 16;
    private static final int LABELS_HEADER_BYTES = 8;
    private static final int READ_CHUNK = 1 << 16;

    private IdxReader() {
    }

    /** The pixels of one images file, before conversion. */
    private record Images(Path file, int count, int rows, int columns, byte[] pixels) {
        int pixelsPerImage() {
            return rows * columns;
        }
    }

    /**
     * Reads an images file and, when it lies beside it, its labels file: the name with
     * {@code images} replaced by {@code labels} and {@code idx3} by {@code idx1}, with or without
     * {@code .gz} ({@code train-images-idx3-ubyte.gz} pairs with
     * {@code train-labels-idx1-ubyte.gz}). Without a labels file the data set is unlabelled.
     *
     * @throws DataException for a missing, truncated or non-IDX file, or when the labels file
     *                       holds a different number of labels than there are images
     */
    public static Dataset readImages(Path imagesFile) {
        Objects.requireNonNull(imagesFile, "imagesFile");
        return toDataset(DataFiles.baseName(imagesFile), List.of(readImageBytes(imagesFile)));
    }

    /**
     * Reads every images file of {@code directory} (names containing {@code idx3} and ending in
     * {@code ubyte} or {@code ubyte.gz}) with its labels file, and concatenates them: files whose
     * name starts with {@code train} first, then the others, each group in name order. When a
     * file exists both raw and gzip-compressed, the raw one is read. The data set is named after
     * the folder; for Fashion-MNIST this gives 70,000 x 784, train 60,000 then t10k 10,000.
     *
     * @throws DataException when the folder holds no images file, when the image sizes differ,
     *                       when some images files have labels and others not, or for any file
     *                       error of {@link #readImages}
     */
    public static Dataset readFolder(Path directory) {
        Objects.requireNonNull(directory, "directory");
        if (!Files.isDirectory(directory)) {
            throw new DataException("Cannot read " + directory + " as an IDX folder: "
                    + (Files.exists(directory) ? "it is not a directory" : "no such directory") + "; check the path");
        }
        List<Path> imageFiles = imageFilesIn(directory);
        List<Images> parts = new ArrayList<>();
        for (Path file : imageFiles) {
            parts.add(readImageBytes(file));
        }
        return toDataset(DataFiles.baseName(directory), parts);
    }

    /**
     * The labels file that pairs with {@code imagesFile}, or null when there is none.
     */
    static Path labelsFileFor(Path imagesFile) {
        String name = imagesFile.getFileName().toString();
        String labelsName = name.replace("images", "labels").replace("idx3", "idx1");
        if (labelsName.equals(name)) {
            return null;
        }
        String withoutGzip = labelsName.endsWith(".gz") ? labelsName.substring(0, labelsName.length() - 3) : labelsName;
        for (String candidate : List.of(labelsName, withoutGzip, withoutGzip + ".gz")) {
            Path file = imagesFile.resolveSibling(candidate);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    private static List<Path> imageFilesIn(Path directory) {
        List<String> names = new ArrayList<>();
        List<String> everything = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                everything.add(name);
                String lowerCase = name.toLowerCase(Locale.ROOT);
                if (lowerCase.contains("idx3") && (lowerCase.endsWith("ubyte") || lowerCase.endsWith("ubyte.gz"))
                        && Files.isRegularFile(entry)) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw DataFiles.readFailure(directory, e);
        }
        names.removeIf(name -> name.endsWith(".gz") && names.contains(name.substring(0, name.length() - 3)));
        if (names.isEmpty() && everything.stream().anyMatch(name -> name.toLowerCase(Locale.ROOT).endsWith(".parquet"))) {
            // the folder a Spark job writes: only the Spark engine reads it, which the IDX advice would not say
            throw new DataException(directory + " is a directory of Parquet files, which only the Spark engine reads "
                    + "('csc cluster --engine spark'); give this command a CSV, LIBSVM or .npy file of the points");
        }
        if (names.isEmpty()) {
            everything.sort(Comparator.naturalOrder());
            throw new DataException(directory + " holds no IDX images file (a name like train-images-idx3-ubyte.gz); "
                    + "it holds " + DataFiles.listNames(everything) + "; give the folder of an MNIST-style data set");
        }
        names.sort(Comparator.comparing((String name) -> !name.startsWith("train")).thenComparing(Comparator.naturalOrder()));
        List<Path> files = new ArrayList<>(names.size());
        for (String name : names) {
            files.add(directory.resolve(name));
        }
        return files;
    }

    private static Images readImageBytes(Path file) {
        try (InputStream in = DataFiles.open(file)) {
            byte[] header = new byte[IMAGES_HEADER_BYTES];
            int headerRead = readFully(in, header);
            if (headerRead >= 4) {
                requireMagic(file, intAt(header, 0), IMAGES_MAGIC, "images");
            }
            if (headerRead < IMAGES_HEADER_BYTES) {
                throw truncated(file, "an IDX images file starts with a " + IMAGES_HEADER_BYTES + "-byte header", headerRead);
            }
            int count = intAt(header, 4);
            int rows = intAt(header, 8);
            int columns = intAt(header, 12);
            if (count < 1 || rows < 1 || columns < 1) {
                throw new DataException(file + ": the header announces " + count + " images of " + rows + " x " + columns
                        + " pixels; the file is damaged or not an IDX images file");
            }
            long total = (long) count * rows * columns;
            if (total > Integer.MAX_VALUE - 8L) {
                throw new DataException(file + ": " + count + " images of " + rows + " x " + columns
                        + " pixels do not fit in one array; split the file");
            }
            byte[] pixels = new byte[(int) total];
            int read = readFully(in, pixels);
            if (read < pixels.length) {
                throw truncated(file, "the header announces " + count + " images of " + rows + " x " + columns
                        + " (" + total + " pixel bytes)", read);
            }
            return new Images(file, count, rows, columns, pixels);
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    private static byte[] readLabelBytes(Path file) {
        try (InputStream in = DataFiles.open(file)) {
            byte[] header = new byte[LABELS_HEADER_BYTES];
            int headerRead = readFully(in, header);
            if (headerRead >= 4) {
                requireMagic(file, intAt(header, 0), LABELS_MAGIC, "labels");
            }
            if (headerRead < LABELS_HEADER_BYTES) {
                throw truncated(file, "an IDX labels file starts with a " + LABELS_HEADER_BYTES + "-byte header", headerRead);
            }
            int count = intAt(header, 4);
            if (count < 1) {
                throw new DataException(file + ": the header announces " + count
                        + " labels; the file is damaged or not an IDX labels file");
            }
            byte[] labels = new byte[count];
            int read = readFully(in, labels);
            if (read < count) {
                throw truncated(file, "the header announces " + count + " labels", read);
            }
            return labels;
        } catch (IOException e) {
            throw DataFiles.readFailure(file, e);
        }
    }

    private static Dataset toDataset(String name, List<Images> parts) {
        Images first = parts.get(0);
        int dimension = first.pixelsPerImage();
        long total = 0;
        List<byte[]> labelParts = new ArrayList<>(parts.size());
        Path firstLabelled = null;
        Path firstUnlabelled = null;
        for (Images part : parts) {
            if (part.rows() != first.rows() || part.columns() != first.columns()) {
                throw new DataException(part.file() + " holds images of " + part.rows() + " x " + part.columns()
                        + " pixels but " + first.file() + " holds " + first.rows() + " x " + first.columns()
                        + "; keep only images of one size in the folder");
            }
            total += part.count();
            Path labelsFile = labelsFileFor(part.file());
            if (labelsFile == null) {
                firstUnlabelled = firstUnlabelled == null ? part.file() : firstUnlabelled;
                labelParts.add(null);
                continue;
            }
            firstLabelled = firstLabelled == null ? part.file() : firstLabelled;
            byte[] labels = readLabelBytes(labelsFile);
            if (labels.length != part.count()) {
                throw new DataException(part.file() + " holds " + part.count() + " images but " + labelsFile + " holds "
                        + labels.length + " labels; use the labels file that belongs to these images");
            }
            labelParts.add(labels);
        }
        if (firstLabelled != null && firstUnlabelled != null) {
            throw new DataException(firstUnlabelled + " has no labels file beside it but " + firstLabelled
                    + " has; add the missing labels file (" + firstUnlabelled.getFileName().toString().replace("images", "labels")
                    .replace("idx3", "idx1") + ") or move the unlabelled images elsewhere");
        }
        if (total * dimension > Integer.MAX_VALUE - 8L) {
            throw new DataException(first.file().getParent() + ": " + total + " images of " + dimension
                    + " pixels do not fit in one array; read the files one by one");
        }
        int size = (int) total;
        double[] features = new double[size * dimension];
        int[] labels = firstLabelled != null ? new int[size] : null;
        int offset = 0;
        int point = 0;
        for (int p = 0; p < parts.size(); p++) {
            byte[] pixels = parts.get(p).pixels();
            for (int i = 0; i < pixels.length; i++) {
                features[offset + i] = pixels[i] & 0xFF;
            }
            offset += pixels.length;
            byte[] partLabels = labelParts.get(p);
            if (labels != null) {
                for (byte label : partLabels) {
                    labels[point++] = label & 0xFF;
                }
            }
        }
        return labels == null
                ? Dataset.unlabelled(name, size, dimension, features)
                : Dataset.withIntegerLabels(name, size, dimension, features, labels);
    }

    private static void requireMagic(Path file, int magic, int expected, String kind) {
        if (magic == expected) {
            return;
        }
        String hint = magic == LABELS_MAGIC ? "it is an IDX labels file; give the images file"
                : magic == IMAGES_MAGIC ? "it is an IDX images file; give the labels file"
                : "check that the file is in MNIST's IDX format";
        throw new DataException(file + ": magic number " + hex(magic) + " is not that of an IDX " + kind
                + " file (" + hex(expected) + "); " + hint);
    }

    private static DataException truncated(Path file, String expectation, int bytesRead) {
        return new DataException(file + " is truncated: " + expectation + " but only " + bytesRead
                + " bytes could be read; download or copy the file again");
    }

    /**
     * Reads until {@code buffer} is full or the data ends (a truncated gzip stream included), in
     * chunks, so that the count of bytes read before a gzip stream breaks off stays close.
     */
    private static int readFully(InputStream in, byte[] buffer) throws IOException {
        int read = 0;
        try {
            while (read < buffer.length) {
                int chunk = in.read(buffer, read, Math.min(READ_CHUNK, buffer.length - read));
                if (chunk < 0) {
                    break;
                }
                read += chunk;
            }
        } catch (EOFException e) {
            // a gzip stream cut short: report the bytes that did arrive
        }
        return read;
    }

    private static int intAt(byte[] bytes, int offset) {
        return (bytes[offset] & 0xFF) << 24 | (bytes[offset + 1] & 0xFF) << 16
                | (bytes[offset + 2] & 0xFF) << 8 | (bytes[offset + 3] & 0xFF);
    }

    private static String hex(int value) {
        String digits = Integer.toHexString(value);
        return "0x" + "0".repeat(8 - digits.length()) + digits.toUpperCase(Locale.ROOT);
    }
}
