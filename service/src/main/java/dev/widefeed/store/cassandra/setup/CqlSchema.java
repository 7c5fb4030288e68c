package dev.widefeed.store.cassandra.setup;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import dev.widefeed.store.SchemaFiles;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code schema-cql/V*.cql} to a keyspace: creates the keyspace with the configured
 * replication, runs every file newer than the last one recorded in {@code schema_migrations},
 * and records each. Every statement in the files is idempotent, so a crash halfway is fixed by
 * running again.
 *
 * <p>On a cluster, every statement goes through one coordinator, and after each the nodes are
 * asked their own schema version until they agree. The driver's agreement check reads the peers'
 * versions from its control node's {@code system.peers}, which on a cluster that has just formed
 * can leave out a peer whose row is not complete yet: a three-node run once saw agreement, then
 * "table schema_migrations does not exist" on another node, which applied the table 0.4 s later.
 */
public final class CqlSchema {
    public static final String MIGRATIONS_TABLE = "schema_migrations";
    private static final Logger LOG = LoggerFactory.getLogger(CqlSchema.class);
    private static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration AGREEMENT_POLL = Duration.ofMillis(100);

    private CqlSchema() {}

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
                session.setSchemaMetadataEnabled(null)
                        .toCompletableFuture()
                        .get(
                                DDL_TIMEOUT.toSeconds(),
                                TimeUnit.SECONDS); // null: as configured; the refresh its re-enabling starts is waited
                // for
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn(
                        "the driver's schema metadata was not refreshed after applying the schema; it will be at "
                                + "the next schema event",
                        e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static int applyFiles(CqlSession session, String keyspace, Map<String, String> replication) {
        String ks = CqlIdentifier.fromInternal(keyspace).asCql(true);
        Node coordinator = coordinator(session);
        execute(
                session,
                coordinator,
                "CREATE KEYSPACE IF NOT EXISTS " + ks + " WITH replication = " + replicationMap(replication));
        execute(
                session,
                coordinator,
                "CREATE TABLE IF NOT EXISTS " + ks + "." + MIGRATIONS_TABLE
                        + " (version int PRIMARY KEY, name text, applied_at timestamp)");
        int applied = appliedVersion(session, keyspace, coordinator);
        for (SchemaFile file : files()) {
            if (file.version() <= applied) {
                continue;
            }
            LOG.info("applying {} to keyspace {}", file.name(), keyspace);
            for (String statement : statements(file.text())) {
                execute(session, coordinator, qualify(statement, ks));
            }
            session.execute(SimpleStatement.newInstance(
                            "INSERT INTO " + ks + "." + MIGRATIONS_TABLE
                                    + " (version, name, applied_at) VALUES (?, ?, ?)",
                            file.version(),
                            file.name(),
                            Instant.now())
                    .setNode(coordinator));
            applied = file.version();
        }
        return applied;
    }

    public static int appliedVersion(CqlSession session, String keyspace) {
        return appliedVersion(session, keyspace, null);
    }

    /** @param coordinator the node to ask, or null for any */
    private static int appliedVersion(CqlSession session, String keyspace, Node coordinator) {
        String ks = CqlIdentifier.fromInternal(keyspace).asCql(true);
        int max = 0;
        for (Row row : session.execute(SimpleStatement.newInstance("SELECT version FROM " + ks + "." + MIGRATIONS_TABLE)
                .setNode(coordinator))) {
            max = Math.max(max, row.getInt(0));
        }
        return max;
    }

    /** The node every schema statement goes through: the first one up, by address, so a rerun picks the same. */
    private static Node coordinator(CqlSession session) {
        return upNodes(session).stream()
                .min(Comparator.comparing(node -> node.getEndPoint().toString()))
                .orElseThrow(NoNodeAvailableException::new);
    }

    /** The nodes this session has connections to and that are up (not those of remote data centres it ignores). */
    private static List<Node> upNodes(CqlSession session) {
        return session.getMetadata().getNodes().values().stream()
                .filter(node -> node.getState() == NodeState.UP && node.getDistance() != NodeDistance.IGNORED)
                .toList();
    }

    /** The statements of a file: comments removed, split at semicolons that end a line. */
    static List<String> statements(String text) {
        String withoutComments =
                text.lines().map(l -> l.replaceFirst("--.*$", "")).collect(Collectors.joining("\n"));
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
        return statement.replaceFirst(
                "(?i)^((CREATE|ALTER|DROP)\\s+TABLE\\s+(IF\\s+(NOT\\s+)?EXISTS\\s+)?)(\\w+)", "$1" + ks + ".$5");
    }

    private static void execute(CqlSession session, Node coordinator, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(DDL_TIMEOUT).setNode(coordinator));
        awaitAgreement(session, cql);
    }

    /**
     * Asks each node that is up for its own schema version (its {@code system.local}) until they all give the same,
     * for {@link #DDL_TIMEOUT} at most; a node down meanwhile pulls the schema when it comes back. Nodes this session
     * does not connect to (remote data centres) are left to the driver's own check, from its control node's peers.
     */
    private static void awaitAgreement(CqlSession session, String cql) {
        long deadline = System.nanoTime() + DDL_TIMEOUT.toNanos();
        while (true) {
            Set<UUID> versions = new HashSet<>();
            for (Node node : upNodes(session)) {
                Row row = session.execute(SimpleStatement.newInstance(
                                        "SELECT schema_version FROM system.local WHERE key = 'local'")
                                .setNode(node))
                        .one();
                versions.add(row == null ? null : row.getUuid(0));
            }
            if (versions.size() <= 1) {
                if (!session.checkSchemaAgreement()) {
                    LOG.warn("schema not yet in agreement with the nodes of other data centres after: {}", cql);
                }
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                LOG.warn("schema not in agreement across nodes {} after: {}", DDL_TIMEOUT, cql);
                return;
            }
            try {
                Thread.sleep(AGREEMENT_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for schema agreement", e);
            }
        }
    }

    private static String replicationMap(Map<String, String> replication) {
        return replication.entrySet().stream()
                .map(e -> "'" + e.getKey().replace("'", "''") + "': '"
                        + e.getValue().replace("'", "''") + "'")
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
