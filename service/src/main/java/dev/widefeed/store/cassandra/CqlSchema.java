package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.widefeed.store.SchemaFiles;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Applies {@code schema-cql/V*.cql} to a keyspace: creates the keyspace with the configured
 * replication, runs every file newer than the last one recorded in {@code schema_migrations},
 * and records each. Every statement in the files is idempotent, so a crash halfway is fixed by
 * running again.
 */
public final class CqlSchema {
    public static final String MIGRATIONS_TABLE = "schema_migrations";
    private static final Logger LOG = LoggerFactory.getLogger(CqlSchema.class);
    private static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);

    private CqlSchema() {
    }

    public static List<SchemaFile> files() {
        return SchemaFiles.load("schema-cql", "cql");
    }

    /**
     * The driver refreshes its schema metadata after each DDL statement it runs, and first waits out a one-second
     * window in which to coalesce more (advanced.metadata.schema.debouncer), so each of the files' statements took
     * over a second and a fresh keyspace a minute and a half. Refreshes are off while the files run (agreement is
     * still checked after every statement) and one refresh follows.
     *
     * @return the schema version now applied
     */
    public static int apply(CqlSession session, String keyspace, Map<String, String> replication) {
        session.setSchemaMetadataEnabled(false);
        try {
            return applyFiles(session, keyspace, replication);
        } finally {
            try {
                session.setSchemaMetadataEnabled(null).toCompletableFuture().get(DDL_TIMEOUT.toSeconds(),
                        TimeUnit.SECONDS); // null: as configured; the refresh its re-enabling starts is waited for
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn("the driver's schema metadata was not refreshed after applying the schema; it will be at "
                        + "the next schema event", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static int applyFiles(CqlSession session, String keyspace, Map<String, String> replication) {
        String ks = CqlIdentifier.fromInternal(keyspace).asCql(true);
        execute(session, "CREATE KEYSPACE IF NOT EXISTS " + ks + " WITH replication = " + replicationMap(replication));
        execute(session, "CREATE TABLE IF NOT EXISTS " + ks + "." + MIGRATIONS_TABLE
                + " (version int PRIMARY KEY, name text, applied_at timestamp)");
        int applied = appliedVersion(session, keyspace);
        for (SchemaFile file : files()) {
            if (file.version() <= applied) {
                continue;
            }
            LOG.info("applying {} to keyspace {}", file.name(), keyspace);
            for (String statement : statements(file.text())) {
                execute(session, qualify(statement, ks));
            }
            session.execute(SimpleStatement.newInstance("INSERT INTO " + ks + "." + MIGRATIONS_TABLE
                    + " (version, name, applied_at) VALUES (?, ?, ?)", file.version(), file.name(), Instant.now()));
            applied = file.version();
        }
        return applied;
    }

    public static int appliedVersion(CqlSession session, String keyspace) {
        String ks = CqlIdentifier.fromInternal(keyspace).asCql(true);
        int max = 0;
        for (Row row : session.execute("SELECT version FROM " + ks + "." + MIGRATIONS_TABLE)) {
            max = Math.max(max, row.getInt(0));
        }
        return max;
    }

    /** The statements of a file: comments removed, split at semicolons that end a line. */
    static List<String> statements(String text) {
        String withoutComments = text.lines().map(l -> l.replaceFirst("--.*$", ""))
                .collect(Collectors.joining("\n"));
        List<String> statements = new ArrayList<>();
        for (String part : withoutComments.split(";\\s*(\\n|$)")) {
            if (!part.isBlank()) {
                statements.add(part.strip());
            }
        }
        return statements;
    }

    /** Puts the keyspace in front of the table name of a CREATE/ALTER TABLE statement. */
    private static String qualify(String statement, String ks) {
        return statement.replaceFirst("(?i)^((CREATE|ALTER|DROP)\\s+TABLE\\s+(IF\\s+(NOT\\s+)?EXISTS\\s+)?)(\\w+)",
                "$1" + ks + ".$5");
    }

    private static void execute(CqlSession session, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(DDL_TIMEOUT));
        if (!session.checkSchemaAgreement()) {
            LOG.warn("schema not yet in agreement across nodes after: {}", cql);
        }
    }

    private static String replicationMap(Map<String, String> replication) {
        return replication.entrySet().stream()
                .map(e -> "'" + e.getKey().replace("'", "''") + "': '" + e.getValue().replace("'", "''") + "'")
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
