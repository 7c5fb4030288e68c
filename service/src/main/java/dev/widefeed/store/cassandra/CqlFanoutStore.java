package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.store.FanoutProgressJson;

import java.util.Optional;

/** Fan-out checkpoints on Cassandra, in {@code fanout_progress_by_post}: plain keyed overwrites the driver may retry. */
final class CqlFanoutStore implements FanoutStore {
    private final CqlSession session;
    private final PreparedStatement selectProgress;
    private final PreparedStatement upsertProgress;

    CqlFanoutStore(CqlSession session) {
        this.session = session;
        selectProgress = session.prepare("SELECT progress FROM fanout_progress_by_post WHERE post_id = ? AND kind = ?");
        upsertProgress = session.prepare("INSERT INTO fanout_progress_by_post (post_id, kind, progress) "
                + "VALUES (?, ?, ?)");
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
}
