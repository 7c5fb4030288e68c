package dev.widefeed.store.hbase;

import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.FanoutTask;
import dev.widefeed.store.FanoutProgressJson;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Fan-out work in three tables. {@code fanout_tasks_by_slot}: one row per task keyed
 * shard (4 bytes) | slot | post id | kind (1 byte), family t holding the author, so a slot of a
 * shard is one prefix scan; rows expire by the family TTL. {@code fanout_progress_by_post}: one row
 * per task keyed post id | kind, family p column progress holding {@link FanoutProgressJson}.
 * {@code fanout_shards}: one row per shard, family w column slot (the watermark) and family l
 * columns owner and expires_at (epoch ms, this process's clock): the lease.
 *
 * <p>The lease is changed only by {@code checkAndMutate}: taken if absent, renewed if its owner is
 * the caller, taken over when expired by comparing on the exact expires_at value read (so of
 * concurrent takers exactly one wins), given back by marking it expired if its owner is the caller
 * (see {@link #release}). Expiry is judged by the local clock, so workers' clocks must agree to
 * within a small part of the lease ttl. The client may retry a conditional write whose first
 * attempt did apply (then the retry fails); a lease write that reports failure is therefore
 * checked with one read: if the row holds exactly what this call wrote, the call won.
 */
final class HBaseFanoutStore implements FanoutStore {
    private static final byte[] TASK = Bytes.toBytes("t");
    private static final byte[] AUTHOR = Bytes.toBytes("author_id");
    private static final byte[] PROGRESS_FAMILY = Bytes.toBytes("p");
    private static final byte[] PROGRESS = Bytes.toBytes("progress");
    private static final byte[] WATERMARK_FAMILY = Bytes.toBytes("w");
    private static final byte[] SLOT = Bytes.toBytes("slot");
    private static final byte[] LEASE = Bytes.toBytes("l");
    private static final byte[] OWNER = Bytes.toBytes("owner");
    private static final byte[] EXPIRES_AT = Bytes.toBytes("expires_at");
    private static final int SLOT_PREFIX = Integer.BYTES + Long.BYTES;
    private static final int TASK_KEY = SLOT_PREFIX + Long.BYTES + 1;

    private final AsyncTable<AdvancedScanResultConsumer> tasks;
    private final AsyncTable<AdvancedScanResultConsumer> progress;
    private final AsyncTable<AdvancedScanResultConsumer> shards;
    private final Clock clock;

    HBaseFanoutStore(AsyncTable<AdvancedScanResultConsumer> tasks, AsyncTable<AdvancedScanResultConsumer> progress,
                     AsyncTable<AdvancedScanResultConsumer> shards, Clock clock) {
        this.tasks = tasks;
        this.progress = progress;
        this.shards = shards;
        this.clock = clock;
    }

    @Override
    public void enqueue(FanoutTask task) {
        byte[] row = ByteBuffer.allocate(TASK_KEY).put(slotPrefix(task.shard(), task.slot())).putLong(task.postId())
                .put(code(task.kind())).array();
        tasks.put(new Put(row).addColumn(TASK, AUTHOR, Bytes.toBytes(task.authorId()))).join();
    }

    @Override
    public List<FanoutTask> tasks(int shard, long slot) {
        Scan scan = new Scan().setStartStopRowForPrefixScan(slotPrefix(shard, slot)).addFamily(TASK).setCaching(1000);
        List<FanoutTask> found = new ArrayList<>();
        for (Result row : tasks.scanAll(scan).join()) {
            if (row.getRow().length != TASK_KEY) {
                continue; // not a task row of this layout
            }
            ByteBuffer key = ByteBuffer.wrap(row.getRow());
            int rowShard = key.getInt();
            long rowSlot = key.getLong();
            long postId = key.getLong();
            FanoutKind kind = kind(key.get());
            found.add(new FanoutTask(rowShard, rowSlot, postId, Bytes.toLong(row.getValue(TASK, AUTHOR)), kind));
        }
        return found;
    }

    @Override
    public Optional<Long> watermark(int shard) {
        byte[] slot = shards.get(new Get(shardRow(shard)).addColumn(WATERMARK_FAMILY, SLOT)).join()
                .getValue(WATERMARK_FAMILY, SLOT);
        return slot == null ? Optional.empty() : Optional.of(Bytes.toLong(slot));
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        shards.put(new Put(shardRow(shard)).addColumn(WATERMARK_FAMILY, SLOT, Bytes.toBytes(slot))).join();
    }

    @Override
    public Optional<FanoutProgress> progress(long postId, FanoutKind kind) {
        byte[] json = progress.get(new Get(progressRow(postId, kind)).addColumn(PROGRESS_FAMILY, PROGRESS)).join()
                .getValue(PROGRESS_FAMILY, PROGRESS);
        return json == null ? Optional.empty() : Optional.of(FanoutProgressJson.read(Bytes.toString(json)));
    }

    @Override
    public void saveProgress(FanoutProgress checkpoint) {
        progress.put(new Put(progressRow(checkpoint.postId(), checkpoint.kind()))
                .addColumn(PROGRESS_FAMILY, PROGRESS, Bytes.toBytes(FanoutProgressJson.write(checkpoint)))).join();
    }

    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        byte[] row = shardRow(shard);
        byte[] me = Bytes.toBytes(owner);
        Result current = shards.get(new Get(row).addFamily(LEASE)).join();
        byte[] holder = current.getValue(LEASE, OWNER);
        byte[] expiresAt = current.getValue(LEASE, EXPIRES_AT);
        long now = clock.millis();
        CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
        if (holder == null) {
            check = check.ifNotExists(LEASE, OWNER); // never taken
        } else if (Arrays.equals(holder, me)) {
            check = check.ifEquals(LEASE, OWNER, me); // renew
        } else if (expiresAt == null) {
            check = check.ifNotExists(LEASE, EXPIRES_AT); // a holder without an expiry: half-written, free
        } else if (Bytes.toLong(expiresAt) <= now) {
            check = check.ifEquals(LEASE, EXPIRES_AT, expiresAt); // expired or given back: take it over
        } else {
            return false;
        }
        byte[] mine = Bytes.toBytes(now + ttl.toMillis());
        Put put = new Put(row).addColumn(LEASE, OWNER, me).addColumn(LEASE, EXPIRES_AT, mine);
        if (shards.checkAndMutate(check.build(put)).join().isSuccess()) {
            return true;
        }
        // Lost, or a retried attempt failed after the first one applied: the row says which.
        Result after = shards.get(new Get(row).addFamily(LEASE)).join();
        return Arrays.equals(after.getValue(LEASE, OWNER), me) && Arrays.equals(after.getValue(LEASE, EXPIRES_AT), mine);
    }

    /**
     * Marks the lease expired (expires_at 0) if {@code owner} holds it, rather than deleting its
     * cells: an HBase delete marker hides every later put that happens to get the same server
     * timestamp, so a lease taken again within the same millisecond would be reported taken but
     * read as free. An expired lease is free to anyone, and its old owner renews it like any other.
     */
    @Override
    public void release(int shard, String owner) {
        byte[] row = shardRow(shard);
        shards.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(LEASE, OWNER, Bytes.toBytes(owner))
                .build(new Put(row).addColumn(LEASE, EXPIRES_AT, Bytes.toBytes(0L)))).join();
    }

    private static byte[] slotPrefix(int shard, long slot) {
        return ByteBuffer.allocate(SLOT_PREFIX).putInt(shard).putLong(slot).array();
    }

    private static byte[] shardRow(int shard) {
        return Bytes.toBytes(shard);
    }

    private static byte[] progressRow(long postId, FanoutKind kind) {
        return ByteBuffer.allocate(Long.BYTES + 1).putLong(postId).put(code(kind)).array();
    }

    /** The kind's byte in row keys, as hbase-tables/ documents it. */
    private static byte code(FanoutKind kind) {
        return switch (kind) {
            case DELIVER -> 0;
            case RETRACT -> 1;
        };
    }

    private static FanoutKind kind(byte code) {
        return switch (code) {
            case 0 -> FanoutKind.DELIVER;
            case 1 -> FanoutKind.RETRACT;
            default -> throw new IllegalStateException("unknown fan-out kind byte " + code);
        };
    }
}
