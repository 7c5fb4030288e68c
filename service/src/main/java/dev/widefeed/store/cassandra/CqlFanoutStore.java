package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.EdgeDelivery;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.FanoutProgressJson;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fan-out checkpoints on Cassandra, in {@code fanout_progress_by_post}, authors' deliveries in
 * {@code author_delivery_by_user} and edges' in {@code edge_delivery_by_author}: plain keyed
 * overwrites the driver may retry.
 */
final class CqlFanoutStore implements FanoutStore {
    /** Edge rows a batch holds at most: some 60 bytes each, well under Cassandra's batch size warning (5 KiB). */
    private static final int EDGES_PER_BATCH = 50;

    private final CqlSession session;
    private final PreparedStatement selectProgress;
    private final PreparedStatement upsertProgress;
    private final PreparedStatement selectDelivery;
    private final PreparedStatement upsertDelivery;
    private final PreparedStatement selectEdges;
    private final PreparedStatement upsertEdge;
    private final BoundedAsync async;

    CqlFanoutStore(CqlSession session, BoundedAsync async) {
        this.session = session;
        this.async = async;
        selectProgress = session.prepare("SELECT progress FROM fanout_progress_by_post WHERE post_id = ? AND kind = ?");
        upsertProgress =
                session.prepare("INSERT INTO fanout_progress_by_post (post_id, kind, progress) " + "VALUES (?, ?, ?)");
        selectDelivery = session.prepare("SELECT mode, switch_id, cursor_since, cursor_user, updated_at "
                + "FROM author_delivery_by_user WHERE user_id = ?");
        // Every column, nulls included: a walk's cursor is cleared when the walk is done.
        upsertDelivery = session.prepare("INSERT INTO author_delivery_by_user (user_id, mode, switch_id, "
                + "cursor_since, cursor_user, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
        selectEdges = session.prepare("SELECT follower_id, follow_since, pulled, switch_id "
                + "FROM edge_delivery_by_author WHERE author_id = ? AND follower_id IN ?");
        upsertEdge = session.prepare("INSERT INTO edge_delivery_by_author (author_id, follower_id, follow_since, "
                + "pulled, switch_id) VALUES (?, ?, ?, ?, ?)");
    }

    @Override
    public Optional<FanoutProgress> progress(long postId, FanoutKind kind) {
        Row row = session.execute(selectProgress.bind(postId, kind.json()).setIdempotent(true))
                .one();
        return Optional.ofNullable(row).map(r -> FanoutProgressJson.read(r.getString(0)));
    }

    @Override
    public void saveProgress(FanoutProgress progress) {
        session.execute(upsertProgress
                .bind(progress.postId(), progress.kind().json(), FanoutProgressJson.write(progress))
                .setIdempotent(true));
    }

    @Override
    public Optional<AuthorDelivery> delivery(long authorId) {
        Row row = session.execute(selectDelivery.bind(authorId).setIdempotent(true))
                .one();
        return Optional.ofNullable(row)
                .map(r -> new AuthorDelivery(
                        authorId,
                        AuthorDelivery.Mode.ofJson(r.getString(0)),
                        r.getLong(1),
                        r.isNull(2) ? Optional.empty() : Optional.of(new FollowCursor(r.getInstant(2), r.getLong(3))),
                        r.getInstant(4)));
    }

    @Override
    public void saveDelivery(AuthorDelivery delivery) {
        session.execute(upsertDelivery
                .bind(
                        delivery.authorId(),
                        delivery.mode().json(),
                        delivery.switchId(),
                        delivery.cursor().map(FollowCursor::since).orElse(null),
                        delivery.cursor().map(FollowCursor::userId).orElse(null),
                        delivery.updatedAt())
                .setIdempotent(true));
    }

    /** One single-partition IN query for the page of followers. */
    @Override
    public Map<Long, EdgeDelivery> edgeDeliveries(long authorId, Collection<Long> followerIds) {
        if (followerIds.isEmpty()) {
            return Map.of();
        }
        Map<Long, EdgeDelivery> found = new HashMap<>();
        for (Row row : session.execute(selectEdges
                .bind(authorId, List.copyOf(followerIds))
                .setIdempotent(true)
                .setPageSize(5000))) {
            found.put(
                    row.getLong(0),
                    new EdgeDelivery(row.getLong(0), row.getInstant(1), row.getBoolean(2), row.getLong(3)));
        }
        return found;
    }

    /**
     * The page's edges in unlogged batches of {@value #EDGES_PER_BATCH}, at most {@code maxInFlight} at once: every
     * row is in the author's one partition, so a batch is one write there (no batchlog), not a request per edge.
     */
    @Override
    public void saveEdgeDeliveries(long authorId, Collection<EdgeDelivery> deliveries) {
        async.runChunks(List.copyOf(deliveries), EDGES_PER_BATCH, batch -> {
            BatchStatementBuilder rows = BatchStatement.builder(BatchType.UNLOGGED);
            for (EdgeDelivery d : batch) {
                rows.addStatement(upsertEdge.bind(authorId, d.followerId(), d.followSince(), d.pulled(), d.switchId()));
            }
            return session.executeAsync(rows.build().setIdempotent(true));
        });
    }
}
