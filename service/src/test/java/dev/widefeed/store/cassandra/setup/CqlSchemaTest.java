package dev.widefeed.store.cassandra.setup;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.time.Duration;
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
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(Tiers.STORE)
class CqlSchemaTest {
    private static final String SCRATCH = "widefeed_schema_check";
    private CqlSession session;

    @BeforeAll
    void connect() {
        TestStorages.cassandra(); // the live test keyspace, with its schema applied
        session = TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), false);
    }

    @AfterAll
    void close() {
        dropScratch();
        session.close();
    }

    /**
     * Dropping a keyspace of some sixty tables waits for the schema to agree: on a busy 2-core machine that can
     * take longer than the service's request timeout, which this cleanup is not measuring.
     */
    private void dropScratch() {
        session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + SCRATCH)
                .setTimeout(Duration.ofMinutes(2)));
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
    void liveSchemaEqualsTheFiles() {
        dropScratch();
        CqlSchema.apply(session, SCRATCH, Map.of("class", "SimpleStrategy", "replication_factor", "1"));
        session.refreshSchema();
        Map<String, String> fresh = describe(SCRATCH);
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
