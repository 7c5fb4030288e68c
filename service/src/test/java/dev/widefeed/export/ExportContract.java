package dev.widefeed.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.widefeed.WidefeedApplication;
import dev.widefeed.files.JsonLinesFormat;
import dev.widefeed.files.ParquetFormat;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.BackendInternals;
import dev.widefeed.testing.ChildJvm;
import dev.widefeed.testing.TestBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The export on a real store: a table of 200,000 rows (a million with {@code -Dwidefeed.test.exportRows=1000000};
 * planted straight into the store, since that many likes through their rules would take the suite's whole budget)
 * exported by a child JVM
 * that is killed with SIGKILL part-way, then resumed; every row of the table comes out exactly
 * once, as the store's own count says and as Parquet's own reader reads it back, and the manifest's
 * checksums are the files'. It runs on every {@link TestBackend}, which plants and counts in its
 * own terms.
 */
@BackendContract
@Isolated("it exports whole tables and checks every row against the store's count, which a class writing beside it "
        + "would change (docs/TESTING.md, \"Isolation\")")
public class ExportContract {
    /** Rows planted: posts × likers; ten parts of 20,000, so that the kill after two comes half-way or sooner. */
    private static final int ROWS = Integer.getInteger("widefeed.test.exportRows", 200_000);

    private static final int LIKERS_PER_POST = 1_000;

    @TempDir
    Path dir;

    private final TestBackend backend;
    private final BackendInternals internals;

    ExportContract(TestBackend backend) {
        this.backend = backend;
        this.internals = backend.internals();
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @Test
    void aLargeTableComesOutWholeAndOnceAfterTheExportIsKilledAndResumed() throws Exception {
        long firstPost = Instant.now().toEpochMilli() << 20;
        internals.plantLikes(firstPost, Math.max(1, ROWS / LIKERS_PER_POST), LIKERS_PER_POST);
        long tableRows = internals.countRows("likes_by_post");
        assertThat(tableRows).isGreaterThanOrEqualTo((long) Math.max(1, ROWS / LIKERS_PER_POST) * LIKERS_PER_POST);

        Path out = dir.resolve("likes");
        Path config = dir.resolve("export.yml");
        Files.writeString(config, backend.storageYaml() + "logging:\n  level: WARN\n");
        Process child = ChildJvm.start(
                WidefeedApplication.class,
                List.of(
                        "export",
                        config.toString(),
                        "--out",
                        out.toString(),
                        "--table",
                        "likes_by_post",
                        "--rate",
                        "100000",
                        "--part-rows",
                        "20000",
                        "--threads",
                        "2"),
                "export-killed-" + storage().backend() + ".log");
        try {
            awaitParts(out.resolve("likes_by_post").resolve("_checkpoints"), 2, child);
        } finally {
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no flush
            child.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(Files.exists(out.resolve("manifest.json")))
                .as("killed before it finished")
                .isFalse();

        CountingProgress progress = new CountingProgress();
        Export resumed = new Export(
                storage().tableScans(),
                storage().backend(),
                new ExportDirectory(out),
                new ParquetFormat(),
                new ExportSettings(0, 2, 1_000, 20_000, 3),
                progress,
                Clock.systemUTC());
        Export.Outcome outcome = resumed.run(resumed.plan(List.of("likes_by_post")));

        assertThat(outcome).isInstanceOf(Export.Finished.class);
        ExportManifest manifest = ((Export.Finished) outcome).manifest();
        assertThat(progress.before.get()).as("rows kept from before the kill").isPositive();
        assertThat(progress.rows.get()).as("rows read again after the kill").isLessThan(tableRows);
        ExportManifest.TableEntry table = manifest.tables().get(0);
        assertThat(table.rows()).isEqualTo(tableRows);

        // Read back with Parquet's own reader: every key once, the count the store gives.
        List<String> key = table.key();
        long[] keys = new long[Math.toIntExact(tableRows)];
        AtomicInteger read = new AtomicInteger();
        List<Group> firstLikes = new ArrayList<>();
        for (SplitCheckpoint.Part part : table.files()) {
            Path file = out.resolve(part.file());
            assertThat(SplitExport.sha256(file)).as(part.file()).isEqualTo(part.sha256());
            long rows = ParquetRows.read(file, row -> {
                int i = read.getAndIncrement();
                if (i < keys.length) {
                    keys[i] = keyHash(row, key);
                }
                if (row.getLong("post_id", 0) == firstPost) {
                    firstLikes.add(row);
                }
            });
            assertThat(rows).as(part.file()).isEqualTo(part.rows());
        }
        assertThat(read.get()).isEqualTo(tableRows);
        // Typed columns, whichever store they came from: the ids as numbers, liked as a boolean.
        assertThat(firstLikes).hasSize(LIKERS_PER_POST);
        assertThat(firstLikes)
                .extracting(row -> row.getLong("user_id", 0))
                .doesNotHaveDuplicates()
                .allMatch(user -> user >= 1 && user <= LIKERS_PER_POST);
        assertThat(firstLikes).allMatch(row -> row.getBoolean("liked", 0));
        Arrays.sort(keys);
        for (int i = 1; i < keys.length; i++) {
            assertThat(keys[i]).as("a row written twice").isNotEqualTo(keys[i - 1]);
        }
        // Nothing but the manifest's files is left for a reader to pick up.
        try (Stream<Path> files = Files.list(out.resolve("likes_by_post"))) {
            Set<String> onDisk = files.map(f -> "likes_by_post/" + f.getFileName())
                    .filter(f -> !f.startsWith("likes_by_post/_"))
                    .collect(Collectors.toSet());
            assertThat(onDisk)
                    .isEqualTo(table.files().stream()
                            .map(SplitCheckpoint.Part::file)
                            .collect(Collectors.toSet()));
        }
    }

    @Test
    void aStoreThatStopsAnsweringStopsTheExportCleanlyAndItGoesOnAfterwards() throws Exception {
        Path out = dir.resolve("outage");
        ExportSettings settings = new ExportSettings(0, 2, 200, 1_000, 2);
        FailingAfter failing = new FailingAfter(storage().tableScans(), 5);
        Export export = new Export(
                failing,
                storage().backend(),
                new ExportDirectory(out),
                new JsonLinesFormat(),
                settings,
                new CountingProgress(),
                Clock.systemUTC());
        ExportPlan plan = export.plan(List.of(internals.smallTable()));

        Export.Outcome stopped = export.run(plan);

        assertThat(stopped).isInstanceOf(Export.Stopped.class);
        assertThat(((Export.Stopped) stopped).reason()).contains("run the same command again");
        assertThat(Files.exists(out.resolve("manifest.json"))).isFalse();

        failing.healed = true;
        Export.Outcome finished = export.run(export.plan(List.of()));

        assertThat(finished).isInstanceOf(Export.Finished.class);
        ExportManifest manifest = ((Export.Finished) finished).manifest();
        long lines = 0;
        for (SplitCheckpoint.Part part : manifest.tables().get(0).files()) {
            List<String> rows = Files.readAllLines(out.resolve(part.file()), StandardCharsets.UTF_8);
            assertThat(rows).hasSize(Math.toIntExact(part.rows())).allMatch(r -> r.startsWith("{") && r.endsWith("}"));
            lines += rows.size();
        }
        assertThat(lines).isEqualTo(manifest.rows()).isEqualTo(internals.countRows(internals.smallTable()));
    }

    @Test
    void aDirectoryHoldingAnotherExportIsRefusedAndAnUnknownTableNamed() throws Exception {
        Path out = dir.resolve("two");
        Export parquet = new Export(
                storage().tableScans(),
                storage().backend(),
                new ExportDirectory(out),
                new ParquetFormat(),
                ExportSettings.DEFAULT,
                new CountingProgress(),
                Clock.systemUTC());
        parquet.plan(List.of(internals.smallTable()));
        Export jsonLines = new Export(
                storage().tableScans(),
                storage().backend(),
                new ExportDirectory(out),
                new JsonLinesFormat(),
                ExportSettings.DEFAULT,
                new CountingProgress(),
                Clock.systemUTC());

        assertThatThrownBy(() -> jsonLines.plan(List.of(internals.smallTable())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another directory");
        Export elsewhere = new Export(
                storage().tableScans(),
                storage().backend(),
                new ExportDirectory(dir.resolve("x")),
                new ParquetFormat(),
                ExportSettings.DEFAULT,
                new CountingProgress(),
                Clock.systemUTC());
        assertThatThrownBy(() -> elsewhere.plan(List.of("no_such_table")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such table: no_such_table");
    }

    /** A 64-bit hash of a row's key columns as Parquet's reader gives them (bytes as bytes). */
    private static long keyHash(Group row, List<String> key) {
        long hash = 0xcbf29ce484222325L;
        for (String column : key) {
            byte[] value = "null".getBytes(StandardCharsets.UTF_8);
            if (row.getFieldRepetitionCount(column) > 0) {
                int field = row.getType().getFieldIndex(column);
                value = row.getType().getType(field).asPrimitiveType().getPrimitiveTypeName()
                                == PrimitiveType.PrimitiveTypeName.BINARY
                        ? row.getBinary(field, 0).getBytes()
                        : row.getValueToString(field, 0).getBytes(StandardCharsets.UTF_8);
            }
            for (byte b : value) {
                hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
            }
            hash = (hash ^ 0x1f) * 0x100000001b3L;
        }
        return hash;
    }

    private static void awaitParts(Path checkpoints, int parts, Process child) {
        await(parts + " parts finished")
                .atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(50))
                .failFast("the export finished or failed before it could be killed", () -> !child.isAlive())
                .ignoreExceptionsInstanceOf(IOException.class) // a checkpoint being renamed into place
                .until(() -> finishedParts(checkpoints) >= parts);
    }

    private static int finishedParts(Path checkpoints) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return 0;
        }
        int finished = 0;
        try (Stream<Path> files = Files.list(checkpoints)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                finished += ExportDirectory.JSON
                        .readValue(file.toFile(), SplitCheckpoint.class)
                        .parts()
                        .size();
            }
        }
        return finished;
    }

    /** Progress, counted. */
    static final class CountingProgress implements ExportProgress {
        final AtomicLong rows = new AtomicLong();
        final AtomicLong before = new AtomicLong();

        @Override
        public void started(ExportPlan plan) {}

        @Override
        public void resumed(long exported, boolean done) {
            before.addAndGet(exported);
        }

        @Override
        public void read(int pageRows, double covered) {
            rows.addAndGet(pageRows);
        }

        @Override
        public void splitDone(double covered) {}

        @Override
        public void retrying(String table, String split, RuntimeException cause) {}

        @Override
        public void stopped() {}
    }

    /** The real store, which answers {@code pages} pages and then nothing (a store gone) until healed. */
    private static final class FailingAfter implements TableScanStore {
        private final TableScanStore store;
        private final AtomicInteger pages;
        volatile boolean healed;

        FailingAfter(TableScanStore store, int pages) {
            this.store = store;
            this.pages = new AtomicInteger(pages);
        }

        @Override
        public List<String> tables() {
            return store.tables();
        }

        @Override
        public TableShape shape(String table) {
            return store.shape(table);
        }

        @Override
        public List<Split> splits(String table, int atLeast) {
            return store.splits(table, atLeast);
        }

        @Override
        public ScanPage page(TableShape shape, Split split, Optional<String> from, int rows) {
            if (!healed && pages.decrementAndGet() < 0) {
                throw new TemporaryStoreException("the store is gone", new IOException("connection refused"));
            }
            return store.page(shape, split, from, rows);
        }

        @Override
        public String readSettings() {
            return store.readSettings();
        }
    }
}
