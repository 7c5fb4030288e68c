package dev.widefeed.store.hbase;

import dev.widefeed.feed.HomeState;
import dev.widefeed.feed.TimelineEntry;
import dev.widefeed.feed.TimelineStore;
import dev.widefeed.store.BoundedAsync;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Home timelines in {@code home_timeline_by_user}, an {@link IdList} layout (salt(user) | user |
 * descending(post id)) whose rows carry the entry's author_id and source_id in family t; each
 * reader's {@link HomeState} in {@code home_state_by_user} (salt(user) | user, family s: last_read,
 * trimmed_at and activity_shared_at in epoch ms, complete_above).
 */
final class HBaseTimelineStore implements TimelineStore {
    private static final byte[] FAMILY = Bytes.toBytes("t");
    private static final byte[] AUTHOR = Bytes.toBytes("author_id");
    private static final byte[] SOURCE = Bytes.toBytes("source_id");
    private static final byte[] STATE = Bytes.toBytes("s");
    private static final byte[] LAST_READ = Bytes.toBytes("last_read");
    private static final byte[] COMPLETE_ABOVE = Bytes.toBytes("complete_above");
    private static final byte[] TRIMMED_AT = Bytes.toBytes("trimmed_at");
    private static final byte[] ACTIVITY_SHARED_AT = Bytes.toBytes("activity_shared_at");
    /** Mutations per batch call: large enough to amortize the RPCs, small enough to keep one call's memory small. */
    private static final int BATCH = 1000;

    private final IdList timelines;
    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final AsyncTable<AdvancedScanResultConsumer> states;
    private final Salt stateSalt;
    private final BoundedAsync async;

    HBaseTimelineStore(AsyncTable<AdvancedScanResultConsumer> table, Salt salt,
                       AsyncTable<AdvancedScanResultConsumer> states, Salt stateSalt, BoundedAsync async) {
        this.timelines = new IdList(table, salt);
        this.table = table;
        this.states = states;
        this.stateSalt = stateSalt;
        this.async = async;
    }

    /**
     * Puts in batches of {@link #BATCH} users, at most {@code maxInFlight} batches at once (the client
     * splits each by region server). Each cell carries the TTL, so entries of one inbox may expire
     * at different times, and a repeated push restarts its entry's TTL.
     */
    @Override
    public void push(TimelineEntry entry, Collection<Long> userIds, Duration ttl) {
        long ttlMs = ttlMillis(ttl);
        async.runChunks(List.copyOf(userIds), BATCH, users -> table.putAll(users.stream()
                .map(user -> put(user, entry, ttlMs)).toList()));
    }

    /** {@link #push} turned around: one user, many entries, in batches of {@link #BATCH}. */
    @Override
    public void pushAll(long userId, Collection<TimelineEntry> entries, Duration ttl) {
        long ttlMs = ttlMillis(ttl);
        async.runChunks(List.copyOf(entries), BATCH, chunk -> table.putAll(chunk.stream()
                .map(entry -> put(userId, entry, ttlMs)).toList()));
    }

    /** A delete of the one row per user, in batches of {@link #BATCH} users, like {@link #push}. */
    @Override
    public void retract(long postId, Collection<Long> userIds) {
        async.runChunks(List.copyOf(userIds), BATCH, users -> table.deleteAll(users.stream()
                .map(user -> new Delete(timelines.row(user, postId))).toList()));
    }

    private Put put(long userId, TimelineEntry entry, long ttlMs) {
        Put put = new Put(timelines.row(userId, entry.postId()))
                .addColumn(FAMILY, AUTHOR, Bytes.toBytes(entry.authorId()))
                .addColumn(FAMILY, SOURCE, Bytes.toBytes(entry.sourceId()));
        put.setTTL(ttlMs);
        return put;
    }

    private static long ttlMillis(Duration ttl) {
        long ttlMs = ttl.toMillis();
        if (ttlMs < 1) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        return ttlMs;
    }

    @Override
    public List<TimelineEntry> home(long userId, Optional<Long> beforePostId, int limit) {
        List<TimelineEntry> entries = new ArrayList<>();
        for (Result row : table.scanAll(timelines.scan(userId, beforePostId, limit).addFamily(FAMILY)).join()) {
            entries.add(new TimelineEntry(IdList.idOf(row.getRow()), Bytes.toLong(row.getValue(FAMILY, AUTHOR)),
                    Bytes.toLong(row.getValue(FAMILY, SOURCE))));
        }
        return entries;
    }

    @Override
    public void remove(long userId, Collection<Long> postIds) {
        async.runChunks(List.copyOf(postIds), BATCH, ids -> table.deleteAll(ids.stream()
                .map(id -> new Delete(timelines.row(userId, id))).toList()));
    }

    /**
     * HBase has no range delete: this scans the user's row keys (keys only, no values), skips the
     * {@code keep} newest and deletes the rest in batches of {@link #BATCH}. Its cost is a read of
     * keep + dropped keys and a delete marker per dropped row (until the next major compaction);
     * trimming often keeps the dropped part, and so the markers, small.
     */
    @Override
    public Optional<Long> trim(long userId, int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative");
        }
        Scan keys = timelines.scanAll(userId).addFamily(FAMILY).setCaching(BATCH)
                .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
        List<Delete> deletes = new ArrayList<>(BATCH);
        Optional<Long> oldestKept = Optional.empty();
        int seen = 0;
        try (ResultScanner scanner = table.getScanner(keys)) {
            for (Result row : scanner) {
                if (++seen <= keep) {
                    if (seen == keep) {
                        oldestKept = Optional.of(IdList.idOf(row.getRow()));
                    }
                    continue;
                }
                deletes.add(new Delete(row.getRow()));
                if (deletes.size() == BATCH) {
                    table.deleteAll(List.copyOf(deletes)).join();
                    deletes.clear();
                }
            }
        }
        if (!deletes.isEmpty()) {
            table.deleteAll(deletes).join();
        }
        return oldestKept;
    }

    @Override
    public Optional<HomeState> state(long userId) {
        Result row = states.get(new Get(stateRow(userId)).addFamily(STATE)).join();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        // A row written before V007 has no activity_shared_at: never shared.
        return Optional.of(new HomeState(Instant.ofEpochMilli(longOr(row, LAST_READ, 0)),
                longOr(row, COMPLETE_ABOVE, 0), Instant.ofEpochMilli(longOr(row, TRIMMED_AT, 0)),
                Instant.ofEpochMilli(longOr(row, ACTIVITY_SHARED_AT, 0))));
    }

    @Override
    public void saveState(long userId, HomeState state) {
        states.put(statePut(userId, state)).join();
    }

    @Override
    public void importStates(Map<Long, HomeState> imported) {
        async.runChunks(List.copyOf(imported.entrySet()), BATCH, chunk -> states.putAll(chunk.stream()
                .map(e -> statePut(e.getKey(), e.getValue())).toList()));
    }

    private Put statePut(long userId, HomeState state) {
        return new Put(stateRow(userId))
                .addColumn(STATE, LAST_READ, Bytes.toBytes(state.lastRead().toEpochMilli()))
                .addColumn(STATE, COMPLETE_ABOVE, Bytes.toBytes(state.completeAbove()))
                .addColumn(STATE, TRIMMED_AT, Bytes.toBytes(state.trimmedAt().toEpochMilli()))
                .addColumn(STATE, ACTIVITY_SHARED_AT, Bytes.toBytes(state.activitySharedAt().toEpochMilli()));
    }

    private byte[] stateRow(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES).put(stateSalt.of(userId)).putLong(userId).array();
    }

    private static long longOr(Result row, byte[] column, long missing) {
        byte[] value = row.getValue(STATE, column);
        return value == null ? missing : Bytes.toLong(value);
    }
}
