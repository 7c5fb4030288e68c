package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.core.TimelineEntry;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.TimelineStore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Home timelines in {@code home_timeline_by_user}: one partition per user, newest post first.
 * Every statement here is idempotent (rows keyed by post id, deletes of keys), so the driver may
 * retry them all.
 */
final class CqlTimelineStore implements TimelineStore {
    /** Cassandra rejects a longer TTL (20 years). */
    private static final long MAX_TTL_SECONDS = 630_720_000;

    private final CqlSession session;
    private final BoundedAsync async;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement selectBefore;
    private final PreparedStatement deleteSome;
    private final PreparedStatement keepTail;
    private final PreparedStatement deleteOlder;

    CqlTimelineStore(CqlSession session, BoundedAsync async) {
        this.session = session;
        this.async = async;
        insert = session.prepare("INSERT INTO home_timeline_by_user (user_id, post_id, author_id, source_id) "
                + "VALUES (?, ?, ?, ?) USING TTL ?");
        select = session.prepare("SELECT post_id, author_id, source_id FROM home_timeline_by_user "
                + "WHERE user_id = ? LIMIT ?");
        selectBefore = session.prepare("SELECT post_id, author_id, source_id FROM home_timeline_by_user "
                + "WHERE user_id = ? AND post_id < ? LIMIT ?");
        deleteSome = session.prepare("DELETE FROM home_timeline_by_user WHERE user_id = ? AND post_id IN ?");
        keepTail = session.prepare("SELECT post_id FROM home_timeline_by_user WHERE user_id = ? LIMIT ?");
        deleteOlder = session.prepare("DELETE FROM home_timeline_by_user WHERE user_id = ? AND post_id < ?");
    }

    /**
     * One single-row insert per user, each to its own partition, at most {@code maxInFlight} at once.
     * Not a batch: a batch over many partitions makes one coordinator carry them all.
     */
    @Override
    public void push(TimelineEntry entry, Collection<Long> userIds, Duration ttl) {
        int seconds = ttlSeconds(ttl);
        async.runAll(List.copyOf(userIds), user -> session.executeAsync(insert.bind(user, entry.postId(),
                entry.authorId(), entry.sourceId(), seconds).setIdempotent(true)));
    }

    @Override
    public List<TimelineEntry> home(long userId, Optional<Long> beforePostId, int limit) {
        BoundStatement query = beforePostId.isPresent()
                ? selectBefore.bind(userId, beforePostId.get(), limit)
                : select.bind(userId, limit);
        List<TimelineEntry> entries = new ArrayList<>(Math.min(limit, 1024));
        for (Row row : session.execute(query.setIdempotent(true))) {
            entries.add(new TimelineEntry(row.getLong(0), row.getLong(1), row.getLong(2)));
        }
        return entries;
    }

    /** One statement on one partition; a row tombstone per id, as few as the caller names. */
    @Override
    public void remove(long userId, Collection<Long> postIds) {
        if (!postIds.isEmpty()) {
            session.execute(deleteSome.bind(userId, List.copyOf(postIds)).setIdempotent(true));
        }
    }

    /**
     * Reads the user's {@code keep} newest post ids to learn the keep-th, then drops everything
     * below it with one range delete: a single range tombstone however many rows it covers, where
     * a delete per row would leave a tombstone each for every later read to step over. The read
     * costs {@code keep} clustering keys (ids only).
     */
    @Override
    public void trim(long userId, int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative");
        }
        if (keep == 0) { // everything: still one range tombstone
            session.execute(deleteOlder.bind(userId, Long.MAX_VALUE).setIdempotent(true));
            return;
        }
        long oldestKept = 0;
        int seen = 0;
        for (Row row : session.execute(keepTail.bind(userId, keep).setIdempotent(true))) {
            oldestKept = row.getLong(0);
            seen++;
        }
        if (seen == keep) {
            session.execute(deleteOlder.bind(userId, oldestKept).setIdempotent(true));
        }
    }

    private static int ttlSeconds(Duration ttl) {
        long seconds = ttl.toSeconds();
        if (seconds < 1 || seconds > MAX_TTL_SECONDS) {
            throw new IllegalArgumentException("ttl must be 1 s to 20 years, was " + ttl);
        }
        return (int) seconds;
    }
}
