package dev.widefeed.store.cassandra.setup;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the CQL requests this process's sessions sent, by what each did to which table ({@code SELECT likes_by_post},
 * {@code UPDATE event_log_lease_by_shard IF}, {@code BATCH INSERT ...}): the same requests as the driver's
 * {@code cql-requests}, named, so a cost can be read statement by statement. As {@link
 * dev.widefeed.store.hbase.setup.CountedRpcClient} does for HBase, the counts are the process's, whatever session sent
 * them.
 */
public final class CqlStatementCounts implements RequestTracker {
    private static final Map<String, LongAdder> BY_STATEMENT = new ConcurrentHashMap<>();
    /** Labels by query text: a prepared statement's text is one object, so this stays as small as the statements. */
    private static final Map<String, String> LABELS = new ConcurrentHashMap<>();

    @Override
    public void onSuccess(
            Request request, long latencyNanos, DriverExecutionProfile profile, Node node, String logPrefix) {
        count(request);
    }

    @Override
    public void onError(
            Request request,
            Throwable error,
            long latencyNanos,
            DriverExecutionProfile profile,
            Node node,
            String logPrefix) {
        count(request);
    }

    @Override
    public void close() {}

    /** CQL requests sent since this process started, by statement label. */
    public static Map<String, Long> byStatement() {
        Map<String, Long> counts = new TreeMap<>();
        BY_STATEMENT.forEach((statement, count) -> counts.put(statement, count.sum()));
        return counts;
    }

    private static void count(Request request) {
        BY_STATEMENT.computeIfAbsent(label(request), l -> new LongAdder()).increment();
    }

    private static String label(Request request) {
        if (request instanceof BatchStatement batch) {
            StringBuilder label = new StringBuilder("BATCH");
            for (BatchableStatement<?> statement : batch) {
                label.append(' ').append(label((Request) statement));
                break; // a batch is named by its first statement: its others are of the same kind here
            }
            return label.toString();
        }
        String query = request instanceof BoundStatement bound
                ? bound.getPreparedStatement().getQuery()
                : request instanceof SimpleStatement simple
                        ? simple.getQuery()
                        : request.getClass().getSimpleName();
        return LABELS.computeIfAbsent(query, CqlStatementCounts::labelOf);
    }

    /** The verb, the table and whether it is conditional: {@code SELECT posts_by_id}, {@code INSERT likes IF}. */
    static String labelOf(String query) {
        String cql = query.strip().replaceAll("\\s+", " ");
        String upper = cql.toUpperCase(Locale.ROOT);
        int space = upper.indexOf(' ');
        String verb = space < 0 ? upper : upper.substring(0, space);
        String before = switch (verb) {
            case "SELECT", "DELETE" -> " FROM ";
            case "INSERT" -> " INTO ";
            case "UPDATE" -> "UPDATE ";
            default -> null;
        };
        int at = before == null ? -1 : upper.indexOf(before);
        if (at < 0) {
            return verb;
        }
        String rest = cql.substring(at + before.length());
        int end = 0;
        while (end < rest.length()
                && (Character.isLetterOrDigit(rest.charAt(end)) || "_.\"".indexOf(rest.charAt(end)) >= 0)) {
            end++;
        }
        return verb + " " + rest.substring(0, end) + (upper.contains(" IF ") ? " IF" : "");
    }
}
