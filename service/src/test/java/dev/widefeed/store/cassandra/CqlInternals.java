package dev.widefeed.store.cassandra;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.store.cassandra.rows.CqlFloors;
import dev.widefeed.testing.BackendInternals;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/** Cassandra's tables in CQL, on the test keyspace, each call on a session of its own. */
public final class CqlInternals implements BackendInternals {
    @Override
    public String smallTable() {
        return "users_by_id";
    }

    @Override
    public void plantLikes(long firstPost, int posts, int likers) throws Exception {
        try (CqlSession session = session()) {
            PreparedStatement insert = session.prepare("INSERT INTO likes_by_post (post_id, shard, user_id, liked,"
                    + " liked_at, version) VALUES (?, ?, ?, true, ?, ?)");
            Semaphore inFlight = new Semaphore(64);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Instant at = Instant.now();
            for (long post = firstPost; post < firstPost + posts; post++) {
                // One unlogged batch per partition: a single mutation each, so planting takes seconds, not minutes.
                Map<Integer, BatchStatementBuilder> partitions = new HashMap<>();
                for (long user = 1; user <= likers; user++) {
                    int shard = Math.floorMod(Long.hashCode(user * 0x9E3779B97F4A7C15L), 64);
                    partitions
                            .computeIfAbsent(shard, s -> BatchStatement.builder(DefaultBatchType.UNLOGGED))
                            .addStatement(insert.bind(post, shard, user, at, 1L));
                }
                for (BatchStatementBuilder batch : partitions.values()) {
                    inFlight.acquire();
                    CompletionStage<?> write = session.executeAsync(batch.build());
                    write.whenComplete((r, e) -> {
                        if (e != null) {
                            failed.compareAndSet(null, e);
                        }
                        inFlight.release();
                    });
                }
            }
            inFlight.acquire(64);
            if (failed.get() != null) {
                throw new AssertionError("planting failed", failed.get());
            }
        }
    }

    @Override
    public long countRows(String table) {
        try (CqlSession session = session()) {
            TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow();
            String key = session
                    .getMetadata()
                    .getKeyspace(session.getKeyspace().orElseThrow())
                    .orElseThrow()
                    .getTable(table)
                    .orElseThrow()
                    .getPartitionKey()
                    .stream()
                    .map(c -> c.getName().asCql(true))
                    .reduce((a, b) -> a + ", " + b)
                    .orElseThrow();
            PreparedStatement count = session.prepare(
                    "SELECT count(*) FROM " + table + " WHERE token(" + key + ") > ? AND token(" + key + ") <= ?");
            PreparedStatement last = session.prepare("SELECT count(*) FROM " + table + " WHERE token(" + key + ") > ?");
            long rows = 0;
            for (TokenRange range : tokens.getTokenRanges()) {
                for (TokenRange piece : range.unwrap()) {
                    var statement = piece.getEnd().compareTo(piece.getStart()) <= 0
                            ? last.bind().setToken(0, piece.getStart())
                            : count.bind().setToken(0, piece.getStart()).setToken(1, piece.getEnd());
                    rows += session.execute(statement.setTimeout(Duration.ofMinutes(2)))
                            .one()
                            .getLong(0);
                }
            }
            return rows;
        }
    }

    @Override
    public long largestFollowerPartition(long userId) {
        try (CqlSession session = session()) {
            long largest = 0;
            int buckets = session.execute(
                            "SELECT bucket FROM list_buckets_by_owner WHERE list = 'followers'" + " AND owner_id = ?",
                            userId)
                    .all()
                    .size();
            for (int bucket = 0; bucket <= buckets; bucket++) {
                long rows = session.execute(
                                "SELECT COUNT(*) FROM followers_by_user WHERE user_id = ? AND bucket = ?",
                                userId,
                                bucket)
                        .one()
                        .getLong(0);
                largest = Math.max(largest, rows);
            }
            return largest;
        }
    }

    @Override
    public SecondProcess secondProcess() {
        CqlSession session = TestStorages.cassandraFactory().connect(new MetricRegistry(), null, true);
        return new SecondProcess() {
            @Override
            public CommentStore comments() {
                return new CqlCommentStore(session, new CqlFloors(session, CqlFloors.FLOORS_PER_BUCKET));
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    private static CqlSession session() {
        return TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), true);
    }

    @Override
    public ScratchTables scratchTables(String name, List<String> tables) {
        return new CqlScratchTables(name, tables);
    }
}
