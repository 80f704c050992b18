package io.csc.data;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.csc.constraint.ConstraintReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random bytes, truncations and mutations of valid CSV, LIBSVM, IDX, constraint, label and group
 * files: every reader either reads them or refuses them with a {@link DataException} of one
 * printable line, never another exception.
 */
class DamagedFileProperties {

    /** A kind of file, a valid example of it and how to read it. */
    enum Kind {
        CSV("d.csv", "x,y,label\n0.5,1,a\n1.5,2,b\n\"2.5\",3,a\n-4e3,5,b\n"),
        LIBSVM("d.libsvm", "1 1:0.5 3:1\n2 2:1.5 # comment\n1 qid:2 1:2.5 2:3\n"),
        IDX("d-images-idx3-ubyte", TestFiles.idxImages(3, 2, 2, new int[] {0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110})),
        CONSTRAINTS("c.txt", "i,j,type,weight\n0,1,ML\n2,3,CL,0.5\n# note\n4,5,-1\n"),
        LABELS("l.txt", "0,a\n3,b,0.9\n5,a\n"),
        GROUPS("g.txt", "0 1 2\n3,4\n\n5\n");

        final String fileName;
        final byte[] valid;

        Kind(String fileName, String valid) {
            this(fileName, valid.getBytes(StandardCharsets.UTF_8));
        }

        Kind(String fileName, byte[] valid) {
            this.fileName = fileName;
            this.valid = valid;
        }

        void read(Path file) {
            switch (this) {
                case CSV -> CsvReader.read(file);
                case LIBSVM -> LibsvmReader.read(file);
                case IDX -> IdxReader.readImages(file);
                case CONSTRAINTS -> ConstraintReader.read(file, POINTS);
                case LABELS -> ConstraintReader.readLabels(file, POINTS);
                case GROUPS -> ConstraintReader.readGroups(file, POINTS);
            }
        }
    }

    private static final int POINTS = 8;

    @Property(tries = 300)
    void randomBytesAreReadOrRefusedInOneLine(@ForAll Kind kind, @ForAll @Size(max = 400) byte[] bytes) {
        readOrRefuse(kind, bytes);
    }

    @Property(tries = 200)
    void randomBytesAfterGzipMagicAreRefusedInOneLine(@ForAll Kind kind, @ForAll @Size(max = 100) byte[] bytes) {
        byte[] file = new byte[bytes.length + 2];
        file[0] = 0x1f;
        file[1] = (byte) 0x8b;
        System.arraycopy(bytes, 0, file, 2, bytes.length);
        readOrRefuse(kind, file);
    }

    @Property(tries = 300)
    void truncatedFilesAreReadOrRefusedInOneLine(@ForAll Kind kind, @ForAll @IntRange(max = 1000) int permille,
                                                 @ForAll boolean compressed) {
        byte[] whole = compressed ? TestFiles.gzip(kind.valid) : kind.valid;
        readOrRefuse(kind, TestFiles.truncate(whole, whole.length * permille / 1000));
    }

    @Property(tries = 500)
    void mutatedFilesAreReadOrRefusedInOneLine(@ForAll Kind kind, @ForAll("mutations") List<Mutation> mutations) {
        byte[] bytes = kind.valid.clone();
        for (Mutation mutation : mutations) {
            bytes = mutation.apply(bytes);
        }
        readOrRefuse(kind, bytes);
    }

    /** One change to a file: a byte replaced, inserted or deleted at a relative position. */
    record Mutation(int operation, double position, byte value) {
        byte[] apply(byte[] bytes) {
            int at = (int) (position * bytes.length);
            if (operation == 0 && at < bytes.length) {
                byte[] copy = bytes.clone();
                copy[at] = value;
                return copy;
            }
            if (operation == 1) {
                byte[] longer = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, longer, 0, at);
                longer[at] = value;
                System.arraycopy(bytes, at, longer, at + 1, bytes.length - at);
                return longer;
            }
            if (at < bytes.length) {
                byte[] shorter = new byte[bytes.length - 1];
                System.arraycopy(bytes, 0, shorter, 0, at);
                System.arraycopy(bytes, at + 1, shorter, at, bytes.length - at - 1);
                return shorter;
            }
            return bytes;
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        Arbitrary<Byte> interesting = Arbitraries.of((byte) ',', (byte) ';', (byte) '\n', (byte) '"', (byte) ':',
                (byte) '-', (byte) '.', (byte) 'e', (byte) '9', (byte) 0, (byte) 0xff, (byte) 0xc3, (byte) ' ', (byte) '#');
        Arbitrary<Byte> values = Arbitraries.oneOf(interesting, Arbitraries.bytes());
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.doubles().between(0, 1), values)
                .as(Mutation::new).list().ofMinSize(1).ofMaxSize(6);
    }

    private static void readOrRefuse(Kind kind, byte[] bytes) {
        Path folder = null;
        try {
            folder = Files.createTempDirectory("csc-damaged-");
            Path file = folder.resolve(kind.fileName);
            Files.write(file, bytes);
            try {
                kind.read(file);
            } catch (DataException refusal) {
                String message = refusal.getMessage();
                assertTrue(message != null && !message.isBlank(), "a refusal says why");
                assertFalse(message.chars().anyMatch(Character::isISOControl),
                        "one printable line: " + message.replace("\n", "\\n"));
                assertTrue(message.contains(kind.fileName), "names the file: " + message);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(folder);
        }
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (var files = Files.walk(folder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder
        }
    }
}
