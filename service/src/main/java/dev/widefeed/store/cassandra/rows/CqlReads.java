package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Reads of many single-row partitions. Each key gets its own read, all in flight at once: an IN
 * over many partition keys would make one coordinator gather them all, and reads one after another
 * would cost a round trip each.
 */
public final class CqlReads {
    private CqlReads() {}

    /**
     * The serial consistency the session's compare-and-sets run at (configured, {@code LOCAL_SERIAL} by default): a
     * read at it first completes any Paxos round still in progress on the partition, so it sees the outcome of a
     * compare-and-set whose answer was lost.
     */
    public static ConsistencyLevel serial(CqlSession session) {
        return DefaultConsistencyLevel.valueOf(session.getContext()
                .getConfig()
                .getDefaultProfile()
                .getString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY));
    }

    /** The row of each key, or null where there is none. */
    public static <K> Map<K, Row> readAll(CqlSession session, Collection<K> keys, Function<K, BoundStatement> bind) {
        Map<K, CompletableFuture<AsyncResultSet>> reads = new HashMap<>();
        for (K key : keys) {
            reads.put(
                    key,
                    session.executeAsync(bind.apply(key).setIdempotent(true)).toCompletableFuture());
        }
        Map<K, Row> rows = new HashMap<>();
        reads.forEach((key, read) -> rows.put(key, read.join().one()));
        return rows;
    }

    /**
     * Every row of each key's partition, mapped (for small partitions, one page each): like
     * {@link #readAll}, all reads in flight at once; a key with no rows has an empty list.
     */
    public static <K, T> Map<K, List<T>> readAllRows(
            CqlSession session, Collection<K> keys, Function<K, BoundStatement> bind, Function<Row, T> map) {
        Map<K, CompletableFuture<List<T>>> reads = new HashMap<>();
        for (K key : keys) {
            reads.put(
                    key,
                    allRows(session.executeAsync(bind.apply(key).setIdempotent(true)), map, new ArrayList<>())
                            .toCompletableFuture());
        }
        Map<K, List<T>> rows = new HashMap<>();
        reads.forEach((key, read) -> rows.put(key, read.join()));
        return rows;
    }

    /**
     * Every row of an asynchronous query, mapped, into {@code into}: an async result set holds one
     * page, so the next is fetched (without blocking) once the previous has arrived.
     */
    public static <T> CompletionStage<List<T>> allRows(
            CompletionStage<AsyncResultSet> query, Function<Row, T> map, List<T> into) {
        return query.thenCompose(page -> drain(page, map, into));
    }

    private static <T> CompletionStage<List<T>> drain(AsyncResultSet page, Function<Row, T> map, List<T> into) {
        for (Row row : page.currentPage()) {
            into.add(map.apply(row));
        }
        return page.hasMorePages()
                ? page.fetchNextPage().thenCompose(next -> drain(next, map, into))
                : CompletableFuture.completedFuture(into);
    }
}
