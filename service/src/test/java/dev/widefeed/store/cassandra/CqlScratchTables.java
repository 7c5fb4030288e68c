package dev.widefeed.store.cassandra;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.store.cassandra.backup.CqlBackup;
import dev.widefeed.store.cassandra.setup.CqlSchema;
import dev.widefeed.testing.BackendInternals.ScratchTables;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A keyspace of a few tables on the test node. It is never dropped: a drop flushes every dirty table of the busy
 * node (see {@code CqlSchemaTest}); a scratch keyspace is named after its run and is a few tables.
 */
final class CqlScratchTables implements ScratchTables {
    /** Schema changes queue behind the suite's others on the shared node. */
    private static final Duration SCHEMA_TIMEOUT = Duration.ofMinutes(2);

    private final String keyspace;
    private final CqlSession session;

    CqlScratchTables(String keyspace, List<String> tables) {
        this.keyspace = keyspace;
        this.session = connect();
        schema("CREATE KEYSPACE " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        schema("CREATE TABLE " + keyspace + "." + CqlSchema.MIGRATIONS_TABLE
                + " (version int PRIMARY KEY, name text, applied_at timestamp)");
        session.execute(SimpleStatement.newInstance(
                "INSERT INTO " + keyspace + "." + CqlSchema.MIGRATIONS_TABLE
                        + " (version, name, applied_at) VALUES (1, 'V001__scratch.cql', ?)",
                Instant.now()));
        for (String table : tables) {
            schema("CREATE TABLE " + keyspace + "." + table + " (id bigint PRIMARY KEY, text text)");
        }
    }

    private static CqlSession connect() {
        return TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), false);
    }

    private void schema(String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(SCHEMA_TIMEOUT));
    }

    @Override
    public void put(String table, long id, String text) {
        session.execute(SimpleStatement.newInstance(
                "INSERT INTO " + keyspace + "." + table + " (id, text) VALUES (?, ?)", id, text));
    }

    @Override
    public Map<Long, String> rows(String table) {
        Map<Long, String> rows = new TreeMap<>();
        for (Row row : session.execute("SELECT id, text FROM " + keyspace + "." + table)) {
            rows.put(row.getLong("id"), row.getString("text"));
        }
        return rows;
    }

    @Override
    public StoreBackup backup(Clock clock) {
        return new CqlBackup(connect(), keyspace, TestStores.cassandra().snapshots(), clock);
    }

    @Override
    public void close() {
        session.close();
    }
}
