package dev.widefeed.backup;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackupManifestTest {
    private final BackupManifest manifest =
            new BackupManifest("hbase", 30, Instant.EPOCH, Instant.EPOCH.plusSeconds(1), List.of());

    @Test
    void aBackupRestoresIntoItsOwnBackendAtItsSchemaVersionOrALaterOne() {
        assertThatCode(() -> manifest.requireRestorableInto("hbase", 30, "widefeed"))
                .doesNotThrowAnyException();
        assertThatCode(() -> manifest.requireRestorableInto("hbase", 32, "widefeed"))
                .doesNotThrowAnyException();

        assertThatThrownBy(() -> manifest.requireRestorableInto("cassandra", 30, "widefeed"))
                .isInstanceOf(BackupException.class)
                .hasMessageContaining("a backup of hbase cannot be restored into cassandra");
        assertThatThrownBy(() -> manifest.requireRestorableInto("hbase", 29, "widefeed"))
                .isInstanceOf(BackupException.class)
                .hasMessageContaining("schema version 30 and widefeed is at 29");
    }
}
