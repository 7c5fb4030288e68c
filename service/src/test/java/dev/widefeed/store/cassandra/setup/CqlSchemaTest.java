package dev.widefeed.store.cassandra.setup;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The live Cassandra schema equals schema-cql/: the test keyspace (upgraded file by file over its
 * life) describes exactly like a keyspace freshly created from the files, table by table.
 *
 * <p>The fresh keyspace is never dropped while the suite runs: Cassandra drops a keyspace table by table, and each
 * table's drop flushes every dirty memtable on the node (it recycles the commit log), so dropping sixty tables on the
 * suite's busy node took minutes and held every other schema change behind it. The fresh keyspace is named after the
 * files' content instead: a second run over the same store finds it already made from the same files, and only one
 * left by files that have since changed is dropped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(Tiers.STORE)
class CqlSchemaTest {
    private static final String SCRATCH_PREFIX = "widefeed_schema_check";
    private CqlSession session;

    @BeforeAll
    void connect() {
        TestStorages.cassandra(); // the live test keyspace, with its schema applied
        session = TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), false);
    }

    @AfterAll
    void close() {
        session.close();
    }

    /** A keyspace name (at most 48 characters) that changes whenever any schema file does. */
    private static String scratchKeyspace() throws NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (SchemaFile file : CqlSchema.files()) {
            digest.update((file.name() + '\0' + file.text() + '\0').getBytes(StandardCharsets.UTF_8));
        }
        return SCRATCH_PREFIX + "_" + HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    }

    /** Only a developer's store that outlived a schema change holds one; a fresh clone's never does. */
    private void dropScratchLeftBy(String current) {
        for (CqlIdentifier name : session.getMetadata().getKeyspaces().keySet()) {
            String keyspace = name.asInternal();
            if (keyspace.startsWith(SCRATCH_PREFIX) && !keyspace.equals(current)) {
                session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + keyspace)
                        .setTimeout(Duration.ofMinutes(10)));
            }
        }
    }

    @Test
    void schemaFilesAreNumberedAndSplitIntoStatements() {
        List<SchemaFile> files = CqlSchema.files();
        assertThat(files).isNotEmpty();
        assertThat(files.get(0).version()).isEqualTo(1);
        for (SchemaFile file : files) {
            assertThat(CqlSchema.statements(file.text()))
                    .allSatisfy(s -> assertThat(s).doesNotContain(";").doesNotStartWith("--"));
        }
    }

    @Test
    void applyingTwiceIsHarmlessAndRecordsTheLatestVersion() {
        int latest = CqlSchema.files().get(CqlSchema.files().size() - 1).version();
        Map<String, String> replication = Map.of("class", "SimpleStrategy", "replication_factor", "1");
        assertThat(CqlSchema.apply(session, TestStorages.KEYSPACE, replication)).isEqualTo(latest);
        assertThat(CqlSchema.apply(session, TestStorages.KEYSPACE, replication)).isEqualTo(latest);
        assertThat(CqlSchema.appliedVersion(session, TestStorages.KEYSPACE)).isEqualTo(latest);
    }

    @Test
    void liveSchemaEqualsTheFiles() throws NoSuchAlgorithmException {
        String scratch = scratchKeyspace();
        dropScratchLeftBy(scratch);
        // Applying resumes where an interrupted earlier run stopped, and does nothing to a complete keyspace.
        CqlSchema.apply(session, scratch, Map.of("class", "SimpleStrategy", "replication_factor", "1"));
        session.refreshSchema();
        Map<String, String> fresh = describe(scratch);
        Map<String, String> live = describe(TestStorages.KEYSPACE);
        assertThat(fresh).containsKeys("users_by_id", "followers_by_user", "following_by_user");
        assertThat(live).isEqualTo(fresh);
    }

    private Map<String, String> describe(String keyspace) {
        KeyspaceMetadata metadata = session.getMetadata().getKeyspace(keyspace).orElseThrow();
        Map<String, String> tables = new TreeMap<>();
        for (TableMetadata table : metadata.getTables().values()) {
            String cql = table.describe(true)
                    .replace(keyspace + ".", "KS.")
                    .replaceAll("(?m)^\\s*AND\\s+ID\\s*=.*$", "")
                    .replaceAll("WITH ID = [0-9a-f-]+\\s*AND", "WITH");
            tables.put(table.getName().asInternal(), cql);
        }
        return tables;
    }
}
