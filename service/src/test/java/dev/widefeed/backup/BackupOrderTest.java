package dev.widefeed.backup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.store.cassandra.setup.CqlSchema;
import dev.widefeed.store.hbase.layout.HBaseTables;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BackupOrderTest {
    private static final Pattern CREATE_TABLE =
            Pattern.compile("CREATE TABLE (?:IF NOT EXISTS )?(\\w+)", Pattern.CASE_INSENSITIVE);

    @Test
    void edgeCopiesGoFirstThenTruthThenTheLogsThenWhatIsDerivedThenTheDirectories() {
        assertThat(BackupOrder.order(List.of(
                        "list_buckets_by_owner",
                        "likers_by_post",
                        "home_timeline_by_user",
                        "relation_journal_by_minute",
                        "notifications_by_user",
                        "event_log_by_slot",
                        "posts_by_id",
                        "follow_edges_by_follower")))
                .containsExactly(
                        "likers_by_post",
                        "follow_edges_by_follower",
                        "posts_by_id",
                        "event_log_by_slot",
                        "relation_journal_by_minute",
                        "home_timeline_by_user",
                        "notifications_by_user",
                        "list_buckets_by_owner");
    }

    @Test
    void aTableNotNamedIsDerived() {
        assertThat(BackupOrder.phaseOf("a_table_added_tomorrow")).isEqualTo(BackupPhase.DERIVED);
    }

    /** A name here that no schema file makes would leave the table it meant in the wrong phase. */
    @Test
    void everyTableNamedIsOneOfABackendsTables() {
        Set<String> tables = new HashSet<>(HBaseTables.load().tables().keySet());
        for (SchemaFile file : CqlSchema.files()) {
            Matcher create = CREATE_TABLE.matcher(file.text());
            while (create.find()) {
                tables.add(create.group(1));
            }
        }
        assertThat(tables).containsAll(BackupOrder.named());
    }
}
