package dev.widefeed.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.BackendInternals.ScratchTables;
import dev.widefeed.testing.TestBackend;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup with the store's own tools, and its restore into an empty keyspace or namespace, on each backend: over
 * tables of their own named as the product's of each phase, while a writer goes on writing. The whole schema's backup
 * and restore, under the service's load, is the backup drill's (docs/drills.md).
 */
@BackendContract
public class BackupContract {
    /** One table of each phase, in an order that is not the backup's. */
    private static final List<String> TABLES = List.of(
            "list_buckets_by_owner", "home_timeline_by_user", "event_log_by_slot", "likes_by_post", "likers_by_post");

    private static final int ROWS = 100;

    @TempDir
    Path dir;

    private final TestBackend backend;

    BackupContract(TestBackend backend) {
        this.backend = backend;
    }

    private static String scratchName(String role) {
        return "widefeed_backup_" + role + "_" + System.currentTimeMillis();
    }

    @Test
    void everyRowAcknowledgedBeforeTheBackupComesBackInAnEmptyStoreAndNoneIntoAFullOne() throws Exception {
        try (ScratchTables source = backend.internals().scratchTables(scratchName("from"), TABLES);
                ScratchTables target = backend.internals().scratchTables(scratchName("into"), TABLES)) {
            Map<String, Map<Long, String>> before = new HashMap<>();
            for (String table : TABLES) {
                for (long id = 1; id <= ROWS; id++) {
                    source.put(table, id, table + " " + id);
                }
                before.put(table, source.rows(table));
            }
            AtomicBoolean backingUp = new AtomicBoolean(true);
            AtomicLong written = new AtomicLong();
            Thread writer = new Thread(() -> {
                long id = ROWS;
                while (backingUp.get()) {
                    try {
                        source.put("likes_by_post", ++id, "during");
                        written.incrementAndGet();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            writer.start();
            BackupDirectory directory = new BackupDirectory(dir.resolve("backup"));
            List<String> progress = new ArrayList<>();
            BackupManifest manifest;
            try (StoreBackup backup = source.backup(Clock.systemUTC())) {
                manifest = backup.backUp(directory, progress::add);
            } finally {
                backingUp.set(false);
                writer.join();
            }

            assertThat(written.get()).as("writes went on during the backup").isPositive();
            assertThat(manifest.backend()).isEqualTo(backend.id());
            assertThat(manifest.schemaVersion()).isEqualTo(1);
            assertThat(manifest.tables())
                    .extracting(BackupManifest.TableCopy::table)
                    .as("edge copies, then truth, logs, derived and directories")
                    .containsExactly(
                            "likers_by_post",
                            "likes_by_post",
                            "event_log_by_slot",
                            "home_timeline_by_user",
                            "list_buckets_by_owner");
            assertThat(manifest.tables())
                    .extracting(BackupManifest.TableCopy::copiedAt)
                    .isSorted()
                    .allSatisfy(at -> assertThat(at).isAfterOrEqualTo(manifest.startedAt()));
            assertThat(manifest.tables())
                    .allSatisfy(copy -> assertThat(copy.files()).isPositive());
            assertThat(directory.requireManifest()).isEqualTo(manifest);
            assertThat(progress).hasSize(backend.id().equals("hbase") ? TABLES.size() + 1 : TABLES.size());

            try (StoreBackup restore = target.backup(Clock.systemUTC())) {
                RestoreSummary summary = restore.restore(directory, line -> {});
                assertThat(summary.tables()).isEqualTo(TABLES.size());
            }
            for (String table : TABLES) {
                assertThat(target.rows(table)).as(table).containsAllEntriesOf(before.get(table));
            }
            assertThat(target.rows("likes_by_post"))
                    .as("no row the source never held")
                    .allSatisfy((id, text) -> assertThat(text).isIn("likes_by_post " + id, "during"));

            // Into a store that holds rows, a restore would bring back rows deleted since: it is refused, and the
            // rows are left as they are.
            source.put("likes_by_post", 1, "changed after the backup");
            try (StoreBackup restore = source.backup(Clock.systemUTC())) {
                assertThatThrownBy(() -> restore.restore(directory, line -> {}))
                        .isInstanceOf(BackupException.class)
                        .hasMessageContaining("holds rows");
            }
            assertThat(source.rows("likes_by_post")).containsEntry(1L, "changed after the backup");
        }
    }
}
