package dev.widefeed.store.hbase;

import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import dev.widefeed.eventlog.LogEntry;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The event log in two tables. {@code event_log_by_slot}: one row per entry keyed
 * shard (4 bytes) | slot | subject id | actor id | kind (UTF-8, the rest of the key), family e
 * holding a marker cell, so a slot of a shard is one prefix scan; rows expire by the family TTL.
 * {@code event_log_activity}: one row per hour (8 bytes), family a holding an empty cell per active
 * slot and writer, qualifier slot (8 bytes) | shard (4 bytes) | writer (UTF-8), so the active slots of a range are
 * one Get an hour.
 * {@code event_log_shards}: one row per shard, family w column slot (the watermark) and family l
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
final class HBaseEventLogStore implements EventLogStore {
    private static final byte[] ENTRY = Bytes.toBytes("e");
    private static final byte[] ACTIVE = Bytes.toBytes("a");
    private static final byte[] MARKER = Bytes.toBytes("m");
    private static final byte[] WATERMARK_FAMILY = Bytes.toBytes("w");
    private static final byte[] SLOT = Bytes.toBytes("slot");
    private static final byte[] LEASE = Bytes.toBytes("l");
    private static final byte[] OWNER = Bytes.toBytes("owner");
    private static final byte[] EXPIRES_AT = Bytes.toBytes("expires_at");
    private static final int SLOT_PREFIX = Integer.BYTES + Long.BYTES;
    private static final int IDS = SLOT_PREFIX + 2 * Long.BYTES;

    private final AsyncTable<AdvancedScanResultConsumer> entries;
    private final AsyncTable<AdvancedScanResultConsumer> activity;
    private final AsyncTable<AdvancedScanResultConsumer> shards;
    private final Clock clock;

    HBaseEventLogStore(
            AsyncTable<AdvancedScanResultConsumer> entries,
            AsyncTable<AdvancedScanResultConsumer> activity,
            AsyncTable<AdvancedScanResultConsumer> shards,
            Clock clock) {
        this.entries = entries;
        this.activity = activity;
        this.shards = shards;
        this.clock = clock;
    }

    @Override
    public void append(LogEntry entry) {
        entries.put(put(entry)).join();
    }

    /** One multi-put: the rows of one shard and slot sit side by side in one region, so one RPC stores them all. */
    @Override
    public void appendAll(List<LogEntry> all) {
        CompletableFuture.allOf(
                        entries.put(all.stream().map(HBaseEventLogStore::put).toList())
                                .toArray(CompletableFuture[]::new))
                .join();
    }

    private static Put put(LogEntry entry) {
        byte[] kind = Bytes.toBytes(entry.kind());
        byte[] row = ByteBuffer.allocate(IDS + kind.length)
                .put(slotPrefix(entry.shard(), entry.slot()))
                .putLong(entry.subjectId())
                .putLong(entry.actorId())
                .put(kind)
                .array();
        return new Put(row).addColumn(ENTRY, MARKER, new byte[0]);
    }

    @Override
    public List<LogEntry> entries(int shard, long slot) {
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(slotPrefix(shard, slot))
                .addFamily(ENTRY)
                .setCaching(1000);
        List<LogEntry> found = new ArrayList<>();
        for (Result row : entries.scanAll(scan).join()) {
            if (row.getRow().length <= IDS) {
                continue; // not an entry row of this layout
            }
            ByteBuffer key = ByteBuffer.wrap(row.getRow());
            int rowShard = key.getInt();
            long rowSlot = key.getLong();
            long subjectId = key.getLong();
            long actorId = key.getLong();
            String kind = Bytes.toString(row.getRow(), IDS, row.getRow().length - IDS);
            found.add(new LogEntry(rowShard, rowSlot, kind, subjectId, actorId));
        }
        return found;
    }

    @Override
    public void markActive(int shard, long slot, String writer) {
        byte[] name = Bytes.toBytes(writer);
        byte[] qualifier = ByteBuffer.allocate(Long.BYTES + Integer.BYTES + name.length)
                .putLong(slot)
                .putInt(shard)
                .put(name)
                .array();
        activity.put(new Put(Bytes.toBytes(EventLog.hourOf(slot))).addColumn(ACTIVE, qualifier, new byte[0]))
                .join();
    }

    /**
     * One Get per hour the slots span, its cells limited to the slots asked for: qualifiers start with the slot, and
     * a slot is a positive long, so their byte order is the slots' order.
     */
    @Override
    public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
        List<SlotMark> active = new ArrayList<>();
        for (long hour = EventLog.hourOf(fromSlot); hour <= EventLog.hourOf(toSlot); hour++) {
            Get get = new Get(Bytes.toBytes(hour))
                    .addFamily(ACTIVE)
                    .setFilter(new ColumnRangeFilter(Bytes.toBytes(fromSlot), true, Bytes.toBytes(toSlot + 1), false));
            Result row = activity.get(get).join();
            if (row.isEmpty()) {
                continue;
            }
            for (byte[] qualifier : row.getFamilyMap(ACTIVE).keySet()) {
                if (qualifier.length >= Long.BYTES + Integer.BYTES) {
                    ByteBuffer cell = ByteBuffer.wrap(qualifier);
                    long slot = cell.getLong();
                    int shard = cell.getInt();
                    String writer = Bytes.toString(qualifier, cell.position(), cell.remaining());
                    active.add(new SlotMark(shard, slot, writer));
                }
            }
        }
        return active;
    }

    @Override
    public Optional<Long> watermark(int shard) {
        byte[] slot = shards.get(new Get(shardRow(shard)).addColumn(WATERMARK_FAMILY, SLOT))
                .join()
                .getValue(WATERMARK_FAMILY, SLOT);
        return slot == null ? Optional.empty() : Optional.of(Bytes.toLong(slot));
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        shards.put(new Put(shardRow(shard)).addColumn(WATERMARK_FAMILY, SLOT, Bytes.toBytes(slot)))
                .join();
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
        return write(row, check, me, now + ttl.toMillis());
    }

    /**
     * The renewal of {@link #lease} without its read: one conditional write on the owner. A lease of {@code owner}
     * that has expired is renewed too if nobody took it since, which is what {@link #lease} would do.
     */
    @Override
    public boolean renew(int shard, String owner, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        byte[] me = Bytes.toBytes(owner);
        byte[] row = shardRow(shard);
        return write(
                row, CheckAndMutate.newBuilder(row).ifEquals(LEASE, OWNER, me), me, clock.millis() + ttl.toMillis());
    }

    private boolean write(byte[] row, CheckAndMutate.Builder check, byte[] me, long expiresAt) {
        byte[] mine = Bytes.toBytes(expiresAt);
        Put put = new Put(row).addColumn(LEASE, OWNER, me).addColumn(LEASE, EXPIRES_AT, mine);
        if (shards.checkAndMutate(check.build(put)).join().isSuccess()) {
            return true;
        }
        // Lost, or a retried attempt failed after the first one applied: the row says which.
        Result after = shards.get(new Get(row).addFamily(LEASE)).join();
        return Arrays.equals(after.getValue(LEASE, OWNER), me)
                && Arrays.equals(after.getValue(LEASE, EXPIRES_AT), mine);
    }

    /**
     * {@link #renew} of every shard in one call: the conditional writes go in one request per region server (the
     * shards' table is small: one), and those refused are checked with one multi-get, as {@link #write} checks one.
     */
    @Override
    public Set<Integer> renewAll(Collection<Integer> shardsHeld, String owner, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        List<Integer> asked = List.copyOf(new TreeSet<>(shardsHeld));
        if (asked.isEmpty()) {
            return Set.of();
        }
        byte[] me = Bytes.toBytes(owner);
        byte[] mine = Bytes.toBytes(clock.millis() + ttl.toMillis());
        List<CheckAndMutate> writes = new ArrayList<>();
        for (int shard : asked) {
            byte[] row = shardRow(shard);
            writes.add(CheckAndMutate.newBuilder(row)
                    .ifEquals(LEASE, OWNER, me)
                    .build(new Put(row).addColumn(LEASE, OWNER, me).addColumn(LEASE, EXPIRES_AT, mine)));
        }
        List<CheckAndMutateResult> results = shards.checkAndMutateAll(writes).join();
        Set<Integer> held = new HashSet<>();
        List<Integer> refused = new ArrayList<>();
        for (int i = 0; i < asked.size(); i++) {
            (results.get(i).isSuccess() ? held : refused).add(asked.get(i));
        }
        if (!refused.isEmpty()) {
            // Lost, or a retried attempt failed after the first one applied: each row says which.
            List<Get> gets = refused.stream()
                    .map(shard -> new Get(shardRow(shard)).addFamily(LEASE))
                    .toList();
            List<Result> rows = shards.getAll(gets).join();
            for (int i = 0; i < refused.size(); i++) {
                Result after = rows.get(i);
                if (Arrays.equals(after.getValue(LEASE, OWNER), me)
                        && Arrays.equals(after.getValue(LEASE, EXPIRES_AT), mine)) {
                    held.add(refused.get(i));
                }
            }
        }
        return held;
    }

    /** One scan of the shards' table, its lease family only; a lease past its expiry is nobody's. */
    @Override
    public Map<Integer, String> holders() {
        long now = clock.millis();
        Map<Integer, String> holders = new HashMap<>();
        for (Result row : shards.scanAll(new Scan().addFamily(LEASE)).join()) {
            byte[] owner = row.getValue(LEASE, OWNER);
            byte[] expiresAt = row.getValue(LEASE, EXPIRES_AT);
            if (owner != null && expiresAt != null && Bytes.toLong(expiresAt) > now && row.getRow().length == 4) {
                holders.put(Bytes.toInt(row.getRow()), Bytes.toString(owner));
            }
        }
        return holders;
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
        shards.checkAndMutate(CheckAndMutate.newBuilder(row)
                        .ifEquals(LEASE, OWNER, Bytes.toBytes(owner))
                        .build(new Put(row).addColumn(LEASE, EXPIRES_AT, Bytes.toBytes(0L))))
                .join();
    }

    private static byte[] slotPrefix(int shard, long slot) {
        return ByteBuffer.allocate(SLOT_PREFIX).putInt(shard).putLong(slot).array();
    }

    private static byte[] shardRow(int shard) {
        return Bytes.toBytes(shard);
    }
}
