package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.feed.AuthorDelivery;
import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.store.FanoutProgressJson;

import java.util.Optional;

/**
 * Fan-out checkpoints on Cassandra, in {@code fanout_progress_by_post}, and authors' deliveries in
 * {@code author_delivery_by_user}: plain keyed overwrites the driver may retry.
 */
final class CqlFanoutStore implements FanoutStore {
    private final CqlSession session;
    private final PreparedStatement selectProgress;
    private final PreparedStatement upsertProgress;
    private final PreparedStatement selectDelivery;
    private final PreparedStatement upsertDelivery;

    CqlFanoutStore(CqlSession session) {
        this.session = session;
        selectProgress = session.prepare("SELECT progress FROM fanout_progress_by_post WHERE post_id = ? AND kind = ?");
        upsertProgress = session.prepare("INSERT INTO fanout_progress_by_post (post_id, kind, progress) "
                + "VALUES (?, ?, ?)");
        selectDelivery = session.prepare("SELECT mode, switch_id, cursor_since, cursor_user, updated_at "
                + "FROM author_delivery_by_user WHERE user_id = ?");
        // Every column, nulls included: a walk's cursor is cleared when the walk is done.
        upsertDelivery = session.prepare("INSERT INTO author_delivery_by_user (user_id, mode, switch_id, "
                + "cursor_since, cursor_user, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
    }

    @Override
    public Optional<FanoutProgress> progress(long postId, FanoutKind kind) {
        Row row = session.execute(selectProgress.bind(postId, kind.json()).setIdempotent(true)).one();
        return Optional.ofNullable(row).map(r -> FanoutProgressJson.read(r.getString(0)));
    }

    @Override
    public void saveProgress(FanoutProgress progress) {
        session.execute(upsertProgress.bind(progress.postId(), progress.kind().json(),
                FanoutProgressJson.write(progress)).setIdempotent(true));
    }

    @Override
    public Optional<AuthorDelivery> delivery(long authorId) {
        Row row = session.execute(selectDelivery.bind(authorId).setIdempotent(true)).one();
        return Optional.ofNullable(row).map(r -> new AuthorDelivery(authorId, AuthorDelivery.Mode.ofJson(r.getString(0)),
                r.getLong(1), r.isNull(2) ? Optional.empty() : Optional.of(new FollowCursor(r.getInstant(2),
                r.getLong(3))), r.getInstant(4)));
    }

    @Override
    public void saveDelivery(AuthorDelivery delivery) {
        session.execute(upsertDelivery.bind(delivery.authorId(), delivery.mode().json(), delivery.switchId(),
                delivery.cursor().map(FollowCursor::since).orElse(null),
                delivery.cursor().map(FollowCursor::userId).orElse(null), delivery.updatedAt()).setIdempotent(true));
    }
}
