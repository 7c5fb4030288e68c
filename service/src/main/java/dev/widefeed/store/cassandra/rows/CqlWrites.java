package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Idempotent writes to several partitions, each on its own and all at once: where a logged batch would buy an
 * all-or-none that readers do not need, at the price of its batchlog (written at TWO to nodes other than the
 * coordinator that the failure detector counts alive, so on three nodes every such write times out from one node's
 * death until the others convict it). The caller orders the groups so that a failure between them leaves only what
 * readers skip (docs/design.md, "Posts and reposts").
 */
public final class CqlWrites {
    private CqlWrites() {}

    /** Returns once every write is acknowledged; throws (after all have ended) if one failed. */
    public static void writeAll(CqlSession session, List<BoundStatement> writes) {
        CompletableFuture.allOf(writes.stream()
                        .map(write ->
                                session.executeAsync(write.setIdempotent(true)).toCompletableFuture())
                        .toArray(CompletableFuture[]::new))
                .join();
    }
}
