package dev.widefeed.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackupDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void aBackupGoesOnlyIntoANewOrEmptyDirectory() throws Exception {
        new BackupDirectory(dir.resolve("new")).requireEmpty();
        Files.createDirectories(dir.resolve("empty"));
        new BackupDirectory(dir.resolve("empty")).requireEmpty();
        Files.writeString(dir.resolve("empty").resolve("notes.txt"), "someone's");

        assertThatThrownBy(() -> new BackupDirectory(dir.resolve("empty")).requireEmpty())
                .isInstanceOf(BackupException.class)
                .hasMessageContaining("not empty");
    }

    @Test
    void theManifestReadsBackAsWrittenAndItsAbsenceIsNoBackup() {
        BackupDirectory directory = new BackupDirectory(dir);
        assertThatThrownBy(directory::requireManifest)
                .isInstanceOf(BackupException.class)
                .hasMessageContaining("did not finish");

        Instant start = Instant.parse("2026-11-29T01:00:00.123Z");
        BackupManifest manifest = new BackupManifest(
                "cassandra",
                32,
                start,
                start.plusSeconds(9),
                List.of(
                        new BackupManifest.TableCopy("posts_by_id", BackupPhase.TRUTH, start.plusSeconds(1), 9, 1_000),
                        new BackupManifest.TableCopy(
                                "event_log_by_slot", BackupPhase.LOGS, start.plusSeconds(2), 9, 24)));
        directory.writeManifest(manifest);

        assertThat(directory.requireManifest()).isEqualTo(manifest);
        assertThat(manifest.files()).isEqualTo(18);
        assertThat(manifest.bytes()).isEqualTo(1_024);
    }
}
