package dev.widefeed.store.hbase;

import dev.widefeed.feed.timeline.DecayedRate;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.IdList;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
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
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter.RowRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Home timelines in {@code home_timeline_by_user}, an {@link IdList} layout (salt(user) | user |
 * descending(post id)) whose rows carry the entry's author_id and source_id in family t. The user's
 * state row is the key prefix alone, so it sorts before every entry and one scan reads it with a
 * page: family s holds the {@link HomeState} (last_read, trimmed_at, activity_shared_at and
 * read_count_at in epoch ms, complete_above, history_from, read_count), family p the pulled authors
 * (qualifier: the author id, value: the highest post id pulled). Reads of entries alone ask for
 * family t, which the state row has none of.
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
    private static final byte[] HISTORY_FROM = Bytes.toBytes("history_from");
    private static final byte[] READ_COUNT = Bytes.toBytes("read_count");
    private static final byte[] READ_COUNT_AT = Bytes.toBytes("read_count_at");
    private static final byte[] PULLED = Bytes.toBytes("p");
    /** Mutations per batch call: large enough to amortize the RPCs, small enough to keep one call's memory small. */
    private static final int BATCH = 1000;

    private final IdList timelines;
    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final BoundedAsync async;

    HBaseTimelineStore(AsyncTable<AdvancedScanResultConsumer> table, Salt salt, BoundedAsync async) {
        this.timelines = new IdList(table, salt);
        this.table = table;
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
        async.runChunks(
                List.copyOf(userIds),
                BATCH,
                users -> table.putAll(
                        users.stream().map(user -> put(user, entry, ttlMs)).toList()));
    }

    /** {@link #push} turned around: one user, many entries, in batches of {@link #BATCH}. */
    @Override
    public void pushAll(long userId, Collection<TimelineEntry> entries, Duration ttl) {
        long ttlMs = ttlMillis(ttl);
        async.runChunks(
                List.copyOf(entries),
                BATCH,
                chunk -> table.putAll(
                        chunk.stream().map(entry -> put(userId, entry, ttlMs)).toList()));
    }

    /** A delete of the one row per user, in batches of {@link #BATCH} users, like {@link #push}. */
    @Override
    public void retract(long postId, Collection<Long> userIds) {
        async.runChunks(
                List.copyOf(userIds),
                BATCH,
                users -> table.deleteAll(users.stream()
                        .map(user -> new Delete(timelines.row(user, postId)))
                        .toList()));
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
        for (Result row : table.scanAll(
                        timelines.scan(userId, beforePostId, limit).addFamily(FAMILY))
                .join()) {
            entries.add(entryOf(row));
        }
        return entries;
    }

    private static TimelineEntry entryOf(Result row) {
        return new TimelineEntry(
                IdList.idOf(row.getRow()),
                Bytes.toLong(row.getValue(FAMILY, AUTHOR)),
                Bytes.toLong(row.getValue(FAMILY, SOURCE)));
    }

    @Override
    public void remove(long userId, Collection<Long> postIds) {
        async.runChunks(
                List.copyOf(postIds),
                BATCH,
                ids -> table.deleteAll(ids.stream()
                        .map(id -> new Delete(timelines.row(userId, id)))
                        .toList()));
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
        Scan keys = timelines
                .scanAll(userId)
                .addFamily(FAMILY)
                .setCaching(BATCH)
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

    /**
     * One scan from the state row: on a first page the entries follow it; below a cursor a row-range
     * filter skips from the state row to the cursor, so the newer entries in between are not read.
     */
    @Override
    public HomeRead read(long userId, Optional<Long> beforePostId, int limit) {
        byte[] stateRow = timelines.prefix(userId);
        Scan scan = timelines
                .scanAll(userId)
                .addFamily(FAMILY)
                .addFamily(STATE)
                .addFamily(PULLED)
                .setLimit(limit + 1)
                .setCaching(limit + 1);
        if (beforePostId.isPresent()) {
            // The filter sorts the list it is given in place.
            scan.setFilter(new MultiRowRangeFilter(new ArrayList<>(List.of(
                    new RowRange(stateRow, true, stateRow, true),
                    new RowRange(timelines.row(userId, beforePostId.get()), false, scan.getStopRow(), false)))));
        }
        Result state = Result.EMPTY_RESULT;
        List<TimelineEntry> entries = new ArrayList<>(Math.min(limit, 1024));
        for (Result row : table.scanAll(scan).join()) {
            if (Arrays.equals(row.getRow(), stateRow)) {
                state = row;
            } else if (entries.size() < limit) {
                entries.add(entryOf(row));
            }
        }
        return new HomeRead(stateOf(state), pulledOf(state), entries);
    }

    /** A put of one cell into each reader's state row, in batches of {@link #BATCH} readers. */
    @Override
    public void pull(long authorId, long upTo, Collection<Long> readers) {
        async.runChunks(
                List.copyOf(readers),
                BATCH,
                chunk -> table.putAll(chunk.stream()
                        .map(reader -> new Put(timelines.prefix(reader))
                                .addColumn(PULLED, Bytes.toBytes(authorId), Bytes.toBytes(upTo)))
                        .toList()));
    }

    @Override
    public void unpull(long userId, Collection<Long> authorIds) {
        if (!authorIds.isEmpty()) {
            Delete delete = new Delete(timelines.prefix(userId));
            authorIds.forEach(author -> delete.addColumns(PULLED, Bytes.toBytes(author)));
            table.delete(delete).join();
        }
    }

    @Override
    public Optional<HomeState> state(long userId) {
        return stateOf(
                table.get(new Get(timelines.prefix(userId)).addFamily(STATE)).join());
    }

    private static Optional<HomeState> stateOf(Result row) {
        if (row.isEmpty()
                || row.getFamilyMap(STATE) == null
                || row.getFamilyMap(STATE).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new HomeState(
                Instant.ofEpochMilli(longOr(row, LAST_READ, 0)),
                longOr(row, COMPLETE_ABOVE, 0),
                Instant.ofEpochMilli(longOr(row, TRIMMED_AT, 0)),
                Instant.ofEpochMilli(longOr(row, ACTIVITY_SHARED_AT, 0)),
                longOr(row, HISTORY_FROM, 0),
                readsOf(row)));
    }

    private static DecayedRate readsOf(Result row) {
        byte[] count = row.getValue(STATE, READ_COUNT);
        return count == null
                ? DecayedRate.NONE
                : new DecayedRate(Bytes.toDouble(count), Instant.ofEpochMilli(longOr(row, READ_COUNT_AT, 0)));
    }

    private static Map<Long, Long> pulledOf(Result row) {
        NavigableMap<byte[], byte[]> cells = row.getFamilyMap(PULLED);
        if (cells == null) {
            return Map.of();
        }
        Map<Long, Long> pulled = new HashMap<>();
        cells.forEach((author, upTo) -> pulled.put(Bytes.toLong(author), Bytes.toLong(upTo)));
        return pulled;
    }

    @Override
    public void saveState(long userId, HomeState state) {
        table.put(statePut(userId, state)).join();
    }

    @Override
    public void importStates(Map<Long, HomeState> imported) {
        async.runChunks(
                List.copyOf(imported.entrySet()),
                BATCH,
                chunk -> table.putAll(chunk.stream()
                        .map(e -> statePut(e.getKey(), e.getValue()))
                        .toList()));
    }

    private Put statePut(long userId, HomeState state) {
        return new Put(timelines.prefix(userId))
                .addColumn(STATE, LAST_READ, Bytes.toBytes(state.lastRead().toEpochMilli()))
                .addColumn(STATE, COMPLETE_ABOVE, Bytes.toBytes(state.completeAbove()))
                .addColumn(STATE, TRIMMED_AT, Bytes.toBytes(state.trimmedAt().toEpochMilli()))
                .addColumn(
                        STATE,
                        ACTIVITY_SHARED_AT,
                        Bytes.toBytes(state.activitySharedAt().toEpochMilli()))
                .addColumn(STATE, HISTORY_FROM, Bytes.toBytes(state.historyFrom()))
                .addColumn(STATE, READ_COUNT, Bytes.toBytes(state.reads().count()))
                .addColumn(
                        STATE, READ_COUNT_AT, Bytes.toBytes(state.reads().at().toEpochMilli()));
    }

    private static long longOr(Result row, byte[] column, long missing) {
        byte[] value = row.getValue(STATE, column);
        return value == null ? missing : Bytes.toLong(value);
    }
}
