package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.feed.timeline.DecayedRate;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.cassandra.rows.CqlTtl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Home timelines in {@code home_timeline_by_user}: one partition per user, newest post first, with
 * the reader's state and pulled authors in the partition's static columns, so one single-partition
 * query reads a page's inbox side whole. Every statement here is idempotent (rows keyed by post id
 * or user, deletes of keys, overwrites of whole values, map entries set or deleted), so the driver
 * may retry them all.
 */
final class CqlTimelineStore implements TimelineStore {
    private static final String STATICS = "last_read, complete_above, trimmed_at, activity_shared_at, history_from, "
            + "read_count, read_count_at, pulled_authors";
    private static final int PULLED = 7;
    private static final int ENTRY_COLUMNS = 8;

    /** Entries per single-partition batch: few enough to stay under the batch size warning (5 KiB). */
    private static final int ENTRIES_PER_BATCH = 100;

    private final CqlSession session;
    private final BoundedAsync async;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement selectBefore;
    private final PreparedStatement deleteOne;
    private final PreparedStatement deleteSome;
    private final PreparedStatement keepTail;
    private final PreparedStatement deleteOlder;
    private final PreparedStatement selectState;
    private final PreparedStatement upsertState;
    private final PreparedStatement selectPage;
    private final PreparedStatement selectPageBefore;
    private final PreparedStatement putPulled;
    private final PreparedStatement deletePulled;

    CqlTimelineStore(CqlSession session, BoundedAsync async) {
        this.session = session;
        this.async = async;
        insert = session.prepare("INSERT INTO home_timeline_by_user (user_id, post_id, author_id, source_id) "
                + "VALUES (?, ?, ?, ?) USING TTL ?");
        select = session.prepare(
                "SELECT post_id, author_id, source_id FROM home_timeline_by_user " + "WHERE user_id = ? LIMIT ?");
        selectBefore = session.prepare("SELECT post_id, author_id, source_id FROM home_timeline_by_user "
                + "WHERE user_id = ? AND post_id < ? LIMIT ?");
        deleteOne = session.prepare("DELETE FROM home_timeline_by_user WHERE user_id = ? AND post_id = ?");
        deleteSome = session.prepare("DELETE FROM home_timeline_by_user WHERE user_id = ? AND post_id IN ?");
        keepTail = session.prepare("SELECT post_id FROM home_timeline_by_user WHERE user_id = ? LIMIT ?");
        deleteOlder = session.prepare("DELETE FROM home_timeline_by_user WHERE user_id = ? AND post_id < ?");
        // The statics are the same in every row of a partition; a partition with no entries left (all
        // expired or trimmed) still answers one row with them, its clustering columns null.
        selectState = session.prepare("SELECT " + STATICS + " FROM home_timeline_by_user WHERE user_id = ? LIMIT 1");
        upsertState = session.prepare("UPDATE home_timeline_by_user SET last_read = ?, complete_above = ?, "
                + "trimmed_at = ?, activity_shared_at = ?, history_from = ?, read_count = ?, read_count_at = ? "
                + "WHERE user_id = ?");
        selectPage = session.prepare("SELECT " + STATICS + ", post_id, author_id, source_id FROM home_timeline_by_user "
                + "WHERE user_id = ? LIMIT ?");
        selectPageBefore = session.prepare("SELECT " + STATICS + ", post_id, author_id, source_id "
                + "FROM home_timeline_by_user WHERE user_id = ? AND post_id < ? LIMIT ?");
        putPulled = session.prepare("UPDATE home_timeline_by_user SET pulled_authors[?] = ? WHERE user_id = ?");
        deletePulled = session.prepare("DELETE pulled_authors[?] FROM home_timeline_by_user WHERE user_id = ?");
    }

    /**
     * One single-row insert per user, each to its own partition, at most {@code maxInFlight} at once.
     * Not a batch: a batch over many partitions makes one coordinator carry them all.
     */
    @Override
    public void push(TimelineEntry entry, Collection<Long> userIds, Duration ttl) {
        int seconds = CqlTtl.seconds(ttl);
        async.runAll(
                List.copyOf(userIds),
                user -> session.executeAsync(
                        insert.bind(user, entry.postId(), entry.authorId(), entry.sourceId(), seconds)
                                .setIdempotent(true)));
    }

    /**
     * Unlogged batches of up to {@link #ENTRIES_PER_BATCH}, at most {@code maxInFlight} at once: all
     * rows of one partition, so each batch is one mutation on one replica set (no batch log needed,
     * and it lands whole).
     */
    @Override
    public void pushAll(long userId, Collection<TimelineEntry> entries, Duration ttl) {
        int seconds = CqlTtl.seconds(ttl);
        async.runChunks(List.copyOf(entries), ENTRIES_PER_BATCH, chunk -> {
            List<BatchableStatement<?>> inserts = chunk.stream()
                    .<BatchableStatement<?>>map(
                            entry -> insert.bind(userId, entry.postId(), entry.authorId(), entry.sourceId(), seconds))
                    .toList();
            return session.executeAsync(
                    BatchStatement.newInstance(BatchType.UNLOGGED, inserts).setIdempotent(true));
        });
    }

    /** A row tombstone per user, each in its own partition, at most {@code maxInFlight} at once. */
    @Override
    public void retract(long postId, Collection<Long> userIds) {
        async.runAll(
                List.copyOf(userIds),
                user -> session.executeAsync(deleteOne.bind(user, postId).setIdempotent(true)));
    }

    @Override
    public List<TimelineEntry> home(long userId, Optional<Long> beforePostId, int limit) {
        BoundStatement query = beforePostId.isPresent()
                ? selectBefore.bind(userId, beforePostId.get(), limit)
                : select.bind(userId, limit);
        List<TimelineEntry> entries = new ArrayList<>(Math.min(limit, 1024));
        for (Row row : session.execute(query.setIdempotent(true))) {
            if (!row.isNull(0)) { // a partition with only its statics answers one row without an entry
                entries.add(new TimelineEntry(row.getLong(0), row.getLong(1), row.getLong(2)));
            }
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
    public Optional<Long> trim(long userId, int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative");
        }
        if (keep == 0) { // everything: still one range tombstone, and no keep-th entry to name
            session.execute(deleteOlder.bind(userId, Long.MAX_VALUE).setIdempotent(true));
            return Optional.empty();
        }
        long oldestKept = 0;
        int seen = 0;
        for (Row row : session.execute(keepTail.bind(userId, keep).setIdempotent(true))) {
            if (!row.isNull(0)) { // a partition with only its statics answers one row without an entry
                oldestKept = row.getLong(0);
                seen++;
            }
        }
        if (seen < keep) {
            return Optional.empty();
        }
        session.execute(deleteOlder.bind(userId, oldestKept).setIdempotent(true));
        return Optional.of(oldestKept);
    }

    /**
     * One query: the statics come with every row. A cursor below every entry matches no row, and then
     * no statics either, so only that page reads them again, with a second single-partition query.
     */
    @Override
    public HomeRead read(long userId, Optional<Long> beforePostId, int limit) {
        BoundStatement query = beforePostId.isPresent()
                ? selectPageBefore.bind(userId, beforePostId.get(), limit)
                : selectPage.bind(userId, limit);
        List<TimelineEntry> entries = new ArrayList<>(Math.min(limit, 1024));
        Row statics = null;
        for (Row row : session.execute(query.setIdempotent(true))) {
            statics = row;
            if (!row.isNull(ENTRY_COLUMNS)) {
                entries.add(new TimelineEntry(
                        row.getLong(ENTRY_COLUMNS), row.getLong(ENTRY_COLUMNS + 1), row.getLong(ENTRY_COLUMNS + 2)));
            }
        }
        if (statics == null) {
            statics = session.execute(selectState.bind(userId).setIdempotent(true))
                    .one();
        }
        return new HomeRead(stateOf(statics), pulledOf(statics), entries);
    }

    /** One map-entry write per reader, each to its own partition, at most {@code maxInFlight} at once. */
    @Override
    public void pull(long authorId, long upTo, Collection<Long> readers) {
        async.runAll(
                List.copyOf(readers),
                reader -> session.executeAsync(
                        putPulled.bind(authorId, upTo, reader).setIdempotent(true)));
    }

    @Override
    public void unpull(long userId, Collection<Long> authorIds) {
        async.runAll(
                List.copyOf(authorIds),
                author -> session.executeAsync(deletePulled.bind(author, userId).setIdempotent(true)));
    }

    @Override
    public Optional<HomeState> state(long userId) {
        return stateOf(
                session.execute(selectState.bind(userId).setIdempotent(true)).one());
    }

    /** Absent until the reader's first read saves it (the statics of a partition never saved are null). */
    private static Optional<HomeState> stateOf(Row row) {
        if (row == null || row.isNull(0)) {
            return Optional.empty();
        }
        DecayedRate reads = row.isNull(6) ? DecayedRate.NONE : new DecayedRate(row.getDouble(5), row.getInstant(6));
        return Optional.of(new HomeState(
                row.getInstant(0), row.getLong(1), row.getInstant(2), row.getInstant(3), row.getLong(4), reads));
    }

    private static Map<Long, Long> pulledOf(Row row) {
        return row == null ? Map.of() : row.getMap(PULLED, Long.class, Long.class);
    }

    /** The state's columns in one update: the state is replaced whole, never merged with an older one. */
    @Override
    public void saveState(long userId, HomeState state) {
        session.execute(bindState(userId, state));
    }

    /** One single-partition update per user, at most {@code maxInFlight} at once. */
    @Override
    public void importStates(Map<Long, HomeState> states) {
        async.runAll(
                List.copyOf(states.entrySet()),
                state -> session.executeAsync(bindState(state.getKey(), state.getValue())));
    }

    private BoundStatement bindState(long userId, HomeState state) {
        return upsertState
                .bind(
                        state.lastRead(),
                        state.completeAbove(),
                        state.trimmedAt(),
                        state.activitySharedAt(),
                        state.historyFrom(),
                        state.reads().count(),
                        state.reads().at(),
                        userId)
                .setIdempotent(true);
    }
}
