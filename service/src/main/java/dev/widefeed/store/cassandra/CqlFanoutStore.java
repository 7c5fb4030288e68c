package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.FanoutTask;
import dev.widefeed.store.FanoutProgressJson;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fan-out work on Cassandra: the log in {@code fanout_tasks_by_slot}, checkpoints in
 * {@code fanout_progress_by_post}, watermarks in {@code fanout_watermark_by_shard} and leases in
 * {@code fanout_lease_by_shard}. Everything but the lease is a plain keyed overwrite, so the
 * driver may retry it. The lease statements are lightweight transactions and are not retried: a
 * timeout is an {@link dev.widefeed.kernel.UnknownOutcomeException}, and the worker simply asks
 * again at its next renewal (a take that applied unseen then reads as its own lease, and renews).
 */
final class CqlFanoutStore implements FanoutStore {
    private final CqlSession session;
    private final PreparedStatement insertTask;
    private final PreparedStatement selectTasks;
    private final PreparedStatement selectWatermark;
    private final PreparedStatement upsertWatermark;
    private final PreparedStatement selectProgress;
    private final PreparedStatement upsertProgress;
    private final PreparedStatement takeLease;
    private final PreparedStatement renewLease;
    private final PreparedStatement releaseLease;

    CqlFanoutStore(CqlSession session) {
        this.session = session;
        insertTask = session.prepare("INSERT INTO fanout_tasks_by_slot (shard, slot, post_id, kind, author_id) "
                + "VALUES (?, ?, ?, ?, ?)");
        selectTasks = session.prepare("SELECT post_id, kind, author_id FROM fanout_tasks_by_slot "
                + "WHERE shard = ? AND slot = ?");
        selectWatermark = session.prepare("SELECT slot FROM fanout_watermark_by_shard WHERE shard = ?");
        upsertWatermark = session.prepare("INSERT INTO fanout_watermark_by_shard (shard, slot) VALUES (?, ?)");
        selectProgress = session.prepare("SELECT progress FROM fanout_progress_by_post WHERE post_id = ? AND kind = ?");
        upsertProgress = session.prepare("INSERT INTO fanout_progress_by_post (post_id, kind, progress) "
                + "VALUES (?, ?, ?)");
        takeLease = session.prepare("INSERT INTO fanout_lease_by_shard (shard, owner) VALUES (?, ?) "
                + "IF NOT EXISTS USING TTL ?");
        renewLease = session.prepare("UPDATE fanout_lease_by_shard USING TTL ? SET owner = ? "
                + "WHERE shard = ? IF owner = ?");
        releaseLease = session.prepare("DELETE FROM fanout_lease_by_shard WHERE shard = ? IF owner = ?");
    }

    @Override
    public void enqueue(FanoutTask task) {
        session.execute(insertTask.bind(task.shard(), task.slot(), task.postId(), task.kind().json(),
                task.authorId()).setIdempotent(true));
    }

    /** One partition, bounded by what one minute of one shard can hold; the driver pages through it. */
    @Override
    public List<FanoutTask> tasks(int shard, long slot) {
        List<FanoutTask> tasks = new ArrayList<>();
        for (Row row : session.execute(selectTasks.bind(shard, slot).setIdempotent(true))) {
            tasks.add(new FanoutTask(shard, slot, row.getLong(0), row.getLong(2), FanoutKind.ofJson(row.getString(1))));
        }
        return tasks;
    }

    @Override
    public Optional<Long> watermark(int shard) {
        Row row = session.execute(selectWatermark.bind(shard).setIdempotent(true)).one();
        return row == null || row.isNull(0) ? Optional.empty() : Optional.of(row.getLong(0));
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        session.execute(upsertWatermark.bind(shard, slot).setIdempotent(true));
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

    /**
     * Tries to take the lease; when it is taken already, the refused insert names the holder, and
     * only if that is {@code owner} does a second round renew it. So a worker polling a shard someone
     * else holds costs one Paxos round. The renewal refreshes the owner cell's TTL only (the row
     * marker keeps the first insert's), which is enough: a row lives while any of its cells does.
     */
    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        int seconds = CqlTtl.seconds(ttl);
        ResultSet taken = session.execute(takeLease.bind(shard, owner, seconds).setIdempotent(false));
        if (taken.wasApplied()) {
            return true;
        }
        Row holder = taken.one();
        if (holder == null || !owner.equals(holder.getString("owner"))) {
            return false;
        }
        return session.execute(renewLease.bind(seconds, owner, shard, owner).setIdempotent(false)).wasApplied();
    }

    @Override
    public void release(int shard, String owner) {
        session.execute(releaseLease.bind(shard, owner).setIdempotent(false));
    }
}
