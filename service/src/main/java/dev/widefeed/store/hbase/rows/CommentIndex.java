package dev.widefeed.store.hbase.rows;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.kernel.PermanentStoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.store.KeyedPermits;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.setup.HBaseErrors;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The floor-numbered index of comment threads, {@code comment_index}: one row per comment keyed
 * salt(obj) | obj | kind | root | floor, so a thread is a contiguous, floor-ordered key range.
 *
 * <p>Floors: a comment takes floor {@code last + 1} by a checkAndMutate that writes the floor's row
 * only if it does not exist. The row is the allocation, so taking the floor and writing the comment
 * are one atomic step: a crash or timeout leaves the floor either holding this comment or free for
 * the next writer, never allocated and empty (unlike an Increment followed by a Put, where a crash
 * in between leaves a permanent hole) and never held twice. {@code last} is never guessed high (it
 * is read with a reversed one-row scan, or is a floor this process just took), so no floor is skipped.
 * The writes go through a table without client retries: a retried checkAndMutate that had been
 * applied would fail its check and look like a lost race, and the comment would take a second floor.
 * After an ambiguous failure the floor's row is read back instead.
 */
public final class CommentIndex {
    static final byte LIVE = 0;
    static final byte DELETED = 1;
    private static final byte[] FAMILY = Bytes.toBytes("i");
    private static final byte[] COMMENT_ID = Bytes.toBytes("comment_id");
    private static final byte[] PARENT_ID = Bytes.toBytes("parent_id");
    private static final byte[] AUTHOR_ID = Bytes.toBytes("author_id");
    private static final byte[] STATE = Bytes.toBytes("state");
    private static final byte[] CREATED_AT = Bytes.toBytes("created_at");
    private static final int PREFIX_LENGTH = 1 + Long.BYTES + 1 + Long.BYTES;
    private static final int MAX_ATTEMPTS = 50;
    private static final Duration PERMIT_WAIT = Duration.ofSeconds(10);

    /** An index row: the comment at a floor, without its content. */
    public record Entry(long floor, long commentId, long parentId, long authorId, boolean deleted, Instant createdAt) {}

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final AsyncTable<AdvancedScanResultConsumer> tableOnce;
    private final Salt salt;
    // One conditional write per thread at a time from this process: the rest would only lose the race.
    private final KeyedPermits<CommentThread> permits = new KeyedPermits<>(1, PERMIT_WAIT);
    /** The last floor this process took per thread: the next guess, which the check verifies. */
    private final Cache<CommentThread, Long> lastPlaced = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    /** @param tableOnce the same table without client retries, for conditional writes */
    public CommentIndex(
            AsyncTable<AdvancedScanResultConsumer> table, AsyncTable<AdvancedScanResultConsumer> tableOnce, Salt salt) {
        this.table = table;
        this.tableOnce = tableOnce;
        this.salt = salt;
    }

    public long place(Comment comment) {
        CommentThread thread = comment.thread();
        return permits.run(thread, () -> {
            Long cached = lastPlaced.getIfPresent(thread);
            lastPlaced.invalidate(thread); // kept only if this placement succeeds
            long last = cached != null ? cached : highestFloor(thread);
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                long floor = last + 1;
                if (claim(comment, floor)) {
                    lastPlaced.put(thread, floor);
                    return floor;
                }
                last = highestFloor(thread);
            }
            throw new TemporaryStoreException(
                    "thread " + thread + " of comment " + comment.id() + " kept changing under " + MAX_ATTEMPTS
                            + " placements; try again",
                    null);
        });
    }

    public long highestFloor(CommentThread thread) {
        Scan scan = new Scan()
                .withStartRow(row(thread, Long.MAX_VALUE), true)
                .withStopRow(row(thread, 0), false)
                .setReversed(true)
                .setLimit(1)
                .addColumn(FAMILY, COMMENT_ID);
        List<Result> rows = table.scanAll(scan).join();
        return rows.isEmpty() ? 0 : floorOf(rows.get(0).getRow());
    }

    /** Deletes every row of the thread, in pages of a scan of row keys. */
    public void deleteAll(CommentThread thread) {
        RowDeletes.of(
                table, new Scan().withStartRow(row(thread, 0), true).withStopRow(row(thread, Long.MAX_VALUE), true));
        lastPlaced.invalidate(thread);
    }

    public Entry entry(CommentThread thread, long floor) {
        Result row = table.get(new Get(row(thread, floor)).addFamily(FAMILY)).join();
        return row.isEmpty() ? null : entry(row);
    }

    /** Entries with floors in [from, to], ascending. */
    public List<Entry> range(CommentThread thread, long fromFloor, long toFloor) {
        int expected = Math.toIntExact(Math.min(toFloor - fromFloor + 1, 10_000));
        Scan scan = new Scan()
                .withStartRow(row(thread, fromFloor), true)
                .withStopRow(row(thread, toFloor), true)
                .addFamily(FAMILY)
                .setCaching(expected);
        List<Entry> entries = new ArrayList<>(expected);
        table.scanAll(scan).join().forEach(r -> entries.add(entry(r)));
        return entries;
    }

    /** @return whether this call turned the live entry at {@code floor} deleted */
    public boolean markDeleted(CommentThread thread, long floor) {
        byte[] row = row(thread, floor);
        return permits.run(
                thread,
                () -> tableOnce
                        .checkAndMutate(CheckAndMutate.newBuilder(row)
                                .ifEquals(FAMILY, STATE, new byte[] {LIVE})
                                .build(new Put(row).addColumn(FAMILY, STATE, new byte[] {DELETED})))
                        .join()
                        .isSuccess());
    }

    /** One attempt to take {@code floor}; whether the comment now holds it. */
    private boolean claim(Comment comment, long floor) {
        byte[] row = row(comment.thread(), floor);
        Put put = new Put(row)
                .addColumn(FAMILY, COMMENT_ID, Bytes.toBytes(comment.id()))
                .addColumn(FAMILY, PARENT_ID, Bytes.toBytes(comment.parentId()))
                .addColumn(FAMILY, AUTHOR_ID, Bytes.toBytes(comment.authorId()))
                .addColumn(FAMILY, STATE, new byte[] {LIVE})
                .addColumn(FAMILY, CREATED_AT, Bytes.toBytes(comment.createdAt().toEpochMilli()));
        try {
            if (tableOnce
                    .checkAndMutate(CheckAndMutate.newBuilder(row)
                            .ifNotExists(FAMILY, COMMENT_ID)
                            .build(put))
                    .join()
                    .isSuccess()) {
                return true;
            }
        } catch (RuntimeException e) {
            if (HBaseErrors.translate(e) instanceof PermanentStoreException permanent) {
                throw permanent;
            }
            // Ambiguous: the write may yet land, but only on a free floor, so reading back is safe either way.
            return heldBy(comment, floor, e);
        }
        return heldBy(comment, floor, null);
    }

    /** Whether the floor's row names this comment: a lost check may still be this comment's own earlier write. */
    private boolean heldBy(Comment comment, long floor, RuntimeException failure) {
        try {
            Entry entry = entry(comment.thread(), floor);
            return entry != null && entry.commentId() == comment.id();
        } catch (RuntimeException e) {
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw new UnknownOutcomeException(
                    "HBase: placing comment " + comment.id() + " at floor " + floor
                            + " failed, and so did reading it back: " + e.getMessage(),
                    e);
        }
    }

    private static Entry entry(Result row) {
        return new Entry(
                floorOf(row.getRow()),
                Bytes.toLong(row.getValue(FAMILY, COMMENT_ID)),
                Bytes.toLong(row.getValue(FAMILY, PARENT_ID)),
                Bytes.toLong(row.getValue(FAMILY, AUTHOR_ID)),
                row.getValue(FAMILY, STATE)[0] != LIVE,
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(FAMILY, CREATED_AT))));
    }

    private byte[] row(CommentThread thread, long floor) {
        long objectId = thread.object().id();
        return ByteBuffer.allocate(PREFIX_LENGTH + Long.BYTES)
                .put(salt.of(objectId))
                .putLong(objectId)
                .put(thread.object().kind().code())
                .putLong(thread.rootId())
                .putLong(floor)
                .array();
    }

    private static long floorOf(byte[] row) {
        return ByteBuffer.wrap(row, PREFIX_LENGTH, Long.BYTES).getLong();
    }
}
