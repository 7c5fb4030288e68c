package dev.widefeed.store.hbase;

import dev.widefeed.core.TimelineEntry;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.TimelineStore;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Home timelines in {@code home_timeline_by_user}, an {@link IdList} layout (salt(user) | user |
 * descending(post id)) whose rows carry the entry's author_id and source_id in family t.
 */
final class HBaseTimelineStore implements TimelineStore {
    private static final byte[] FAMILY = Bytes.toBytes("t");
    private static final byte[] AUTHOR = Bytes.toBytes("author_id");
    private static final byte[] SOURCE = Bytes.toBytes("source_id");
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
        long ttlMs = ttl.toMillis();
        if (ttlMs < 1) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        byte[] author = Bytes.toBytes(entry.authorId());
        byte[] source = Bytes.toBytes(entry.sourceId());
        async.runChunks(List.copyOf(userIds), BATCH, users -> table.putAll(users.stream()
                .map(user -> {
                    Put put = new Put(timelines.row(user, entry.postId()))
                            .addColumn(FAMILY, AUTHOR, author)
                            .addColumn(FAMILY, SOURCE, source);
                    put.setTTL(ttlMs);
                    return put;
                })
                .toList()));
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
    public void trim(long userId, int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative");
        }
        Scan keys = timelines.scanAll(userId).addFamily(FAMILY).setCaching(BATCH)
                .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
        List<Delete> deletes = new ArrayList<>(BATCH);
        int seen = 0;
        try (ResultScanner scanner = table.getScanner(keys)) {
            for (Result row : scanner) {
                if (++seen <= keep) {
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
    }
}
