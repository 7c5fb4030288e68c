package dev.widefeed.store.hbase;

import dev.widefeed.notification.GroupKey;
import dev.widefeed.notification.GroupPart;
import dev.widefeed.notification.NotificationCursor;
import dev.widefeed.notification.NotificationKind;
import dev.widefeed.notification.NotificationSource;
import dev.widefeed.notification.NotificationStore;
import dev.widefeed.notification.NotifiedActor;
import dev.widefeed.notification.SourceMark;
import dev.widefeed.notification.StoredGroup;
import dev.widefeed.notification.TallyKey;
import dev.widefeed.notification.TallyWrite;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Notifications on HBase. {@code notifications_by_user}: a row per group keyed salt(user) | user | inverted window |
 * inverted kind code | inverted target, so a recipient's groups are one scan newest first, with a qualifier per
 * event log shard's share in family p, changed by checkAndMutate on the value read (one attempt: a retry of a write
 * that applied would fail its check and read as lost). {@code notification_marks_by_source}: a row per source.
 * {@code notification_state_by_user}: the read marker, put with its own time as the cell timestamp, so the latest
 * marker wins.
 */
final class HBaseNotificationStore implements NotificationStore {
    private static final byte[] PARTS = Bytes.toBytes("p");
    private static final byte[] TALLIES = Bytes.toBytes("t");
    private static final byte[] NAMED = Bytes.toBytes("n");
    private static final byte[] MARK = Bytes.toBytes("m");
    private static final byte[] READ = Bytes.toBytes("r");
    private static final byte[] READ_UP_TO = Bytes.toBytes("read_up_to");
    private static final byte[] CLEARED_UP_TO = Bytes.toBytes("cleared_up_to");
    private static final int USER_PREFIX = 1 + Long.BYTES;
    private static final int GROUP_ROW = USER_PREFIX + Long.BYTES + 1 + Long.BYTES;

    private final AsyncTable<AdvancedScanResultConsumer> groups;
    private final AsyncTable<AdvancedScanResultConsumer> groupsOnce;
    private final Salt groupSalt;
    private final AsyncTable<AdvancedScanResultConsumer> marks;
    private final Salt markSalt;
    private final AsyncTable<AdvancedScanResultConsumer> state;
    private final Salt stateSalt;
    private final BoundedAsync async;

    HBaseNotificationStore(AsyncConnection connection, String namespace, HBaseTables declared, BoundedAsync async) {
        TableName groupsTable = TableName.valueOf(namespace, "notifications_by_user");
        TableName marksTable = TableName.valueOf(namespace, "notification_marks_by_source");
        TableName stateTable = TableName.valueOf(namespace, "notification_state_by_user");
        this.groups = connection.getTable(groupsTable);
        this.groupsOnce =
                connection.getTableBuilder(groupsTable).setMaxAttempts(1).build();
        this.groupSalt = Salt.of(declared.table(groupsTable.getQualifierAsString()));
        this.marks = connection.getTable(marksTable);
        this.markSalt = Salt.of(declared.table(marksTable.getQualifierAsString()));
        this.state = connection.getTable(stateTable);
        this.stateSalt = Salt.of(declared.table(stateTable.getQualifierAsString()));
        this.async = async;
    }

    @Override
    public Map<NotificationSource, SourceMark> marks(Collection<NotificationSource> sources) {
        List<NotificationSource> all = List.copyOf(sources);
        List<Result> rows = marks.getAll(all.stream()
                        .map(s -> new Get(markRow(s)).addColumn(MARK, MARK))
                        .toList())
                .join();
        Map<NotificationSource, SourceMark> found = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byte[] value = rows.get(i).getValue(MARK, MARK);
            found.put(all.get(i), value == null ? SourceMark.NONE : SourceMark.decode(Bytes.toString(value)));
        }
        return found;
    }

    @Override
    public void saveMarks(Map<NotificationSource, SourceMark> saved) {
        async.runChunks(
                List.copyOf(saved.entrySet()),
                500,
                chunk -> marks.putAll(chunk.stream()
                        .map(e -> new Put(markRow(e.getKey()))
                                .addColumn(
                                        MARK, MARK, Bytes.toBytes(e.getValue().encode())))
                        .toList()));
    }

    @Override
    public Map<GroupKey, Optional<GroupPart>> parts(Collection<GroupKey> keys, int shard) {
        List<GroupKey> all = List.copyOf(keys);
        List<Result> rows = groups.getAll(all.stream()
                        .map(g -> new Get(groupRow(g)).addColumn(PARTS, Bytes.toBytes(shard)))
                        .toList())
                .join();
        Map<GroupKey, Optional<GroupPart>> found = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byte[] value = rows.get(i).getValue(PARTS, Bytes.toBytes(shard));
            found.put(all.get(i), Optional.ofNullable(value).map(v -> GroupPart.decode(Bytes.toString(v))));
        }
        return found;
    }

    @Override
    public boolean compareAndSetPart(GroupKey group, int shard, Optional<GroupPart> expected, GroupPart next) {
        byte[] row = groupRow(group);
        byte[] qualifier = Bytes.toBytes(shard);
        CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
        check = expected.isEmpty()
                ? check.ifNotExists(PARTS, qualifier)
                : check.ifEquals(PARTS, qualifier, Bytes.toBytes(expected.get().encode()));
        return groupsOnce
                .checkAndMutate(check.build(new Put(row).addColumn(PARTS, qualifier, Bytes.toBytes(next.encode()))))
                .join()
                .isSuccess();
    }

    /**
     * One mutation of the group's row per group: the tallies put at the server's time, each named actor at its
     * source's time, each actor no longer named deleted (every version) up to the time of its source.
     */
    @Override
    public void writeTallies(Collection<TallyWrite> writes) {
        List<TallyWrite> all = writes.stream().filter(w -> !w.isEmpty()).toList();
        async.runAll(all, this::writeTally);
    }

    private CompletableFuture<Void> writeTally(TallyWrite w) {
        byte[] row = groupRow(w.group());
        Put put = new Put(row);
        w.tallies().forEach((k, count) -> put.addColumn(TALLIES, tallyQualifier(k), Bytes.toBytes(count)));
        w.named()
                .forEach(actor -> put.addColumn(
                        NAMED,
                        Bytes.toBytes(actor.userId()),
                        actor.at().toEpochMilli(),
                        Bytes.toBytes(actor.at().toEpochMilli())));
        if (w.unnamedAt().isEmpty()) {
            return groups.put(put);
        }
        Delete delete = new Delete(row);
        w.unnamedAt().forEach((actor, at) -> delete.addColumns(NAMED, Bytes.toBytes(actor), at.toEpochMilli()));
        try {
            RowMutations mutations = new RowMutations(row);
            if (!put.isEmpty()) {
                mutations.add(put);
            }
            mutations.add(delete);
            return groups.mutateRow(mutations).thenApply(r -> null);
        } catch (IOException e) {
            throw new IllegalStateException("a row's mutations refused their own row", e);
        }
    }

    private static byte[] tallyQualifier(TallyKey k) {
        return ByteBuffer.allocate(2 * Integer.BYTES + Long.BYTES)
                .putInt(k.minute())
                .putInt(k.shard())
                .putLong(k.tenure())
                .array();
    }

    @Override
    public List<StoredGroup> groups(long recipientId, NotificationCursor after, Instant oldestWindow, int limit) {
        byte[] start = ByteBuffer.allocate(GROUP_ROW)
                .put(userPrefix(recipientId))
                .putLong(Long.MAX_VALUE - after.window().getEpochSecond())
                .put((byte) (255 - after.kindCode()))
                .putLong(Long.MAX_VALUE - after.targetId())
                .array();
        byte[] stop = ByteBuffer.allocate(USER_PREFIX + Long.BYTES)
                .put(userPrefix(recipientId))
                .putLong(Long.MAX_VALUE - oldestWindow.getEpochSecond() + 1)
                .array();
        Scan scan = new Scan()
                .withStartRow(start, false)
                .withStopRow(stop, false)
                .addFamily(PARTS)
                .addFamily(TALLIES)
                .addFamily(NAMED)
                .setLimit(limit)
                .setCaching(Math.min(limit, 1000));
        List<StoredGroup> found = new ArrayList<>();
        for (Result row : groups.scanAll(scan).join()) {
            ByteBuffer key = ByteBuffer.wrap(row.getRow(), USER_PREFIX, GROUP_ROW - USER_PREFIX);
            Instant window = Instant.ofEpochSecond(Long.MAX_VALUE - key.getLong());
            Optional<NotificationKind> kind = NotificationKind.ofCode(255 - (key.get() & 0xff));
            long target = Long.MAX_VALUE - key.getLong();
            if (kind.isEmpty()) {
                continue; // of a kind a newer version writes
            }
            Map<Integer, GroupPart> parts = new HashMap<>();
            row.getFamilyMap(PARTS).forEach((q, v) -> parts.put(Bytes.toInt(q), GroupPart.decode(Bytes.toString(v))));
            Map<TallyKey, Long> tallies = new HashMap<>();
            row.getFamilyMap(TALLIES).forEach((q, v) -> {
                ByteBuffer k = ByteBuffer.wrap(q);
                tallies.put(new TallyKey(k.getInt(), k.getInt(), k.getLong()), Bytes.toLong(v));
            });
            List<NotifiedActor> named = new ArrayList<>();
            row.getFamilyMap(NAMED)
                    .forEach((q, v) ->
                            named.add(new NotifiedActor(Bytes.toLong(q), Instant.ofEpochMilli(Bytes.toLong(v)))));
            found.add(new StoredGroup(new GroupKey(recipientId, window, kind.get(), target), parts, tallies, named));
        }
        return found;
    }

    @Override
    public Markers markers(long userId) {
        Result row = state.get(new Get(stateRow(userId)).addFamily(READ)).join();
        return new Markers(instant(row.getValue(READ, READ_UP_TO)), instant(row.getValue(READ, CLEARED_UP_TO)));
    }

    private static Optional<Instant> instant(byte[] millis) {
        return millis == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(Bytes.toLong(millis)));
    }

    @Override
    public void clear(long userId, Instant upTo) {
        long millis = upTo.toEpochMilli();
        state.put(new Put(stateRow(userId)).addColumn(READ, CLEARED_UP_TO, millis, Bytes.toBytes(millis)))
                .join();
    }

    @Override
    public void dismiss(GroupKey group) {
        groups.delete(new Delete(groupRow(group))).join();
    }

    @Override
    public void markRead(long userId, Instant upTo) {
        long millis = upTo.toEpochMilli();
        state.put(new Put(stateRow(userId)).addColumn(READ, READ_UP_TO, millis, Bytes.toBytes(millis)))
                .join();
    }

    private byte[] userPrefix(long userId) {
        return ByteBuffer.allocate(USER_PREFIX)
                .put(groupSalt.of(userId))
                .putLong(userId)
                .array();
    }

    private byte[] groupRow(GroupKey g) {
        return ByteBuffer.allocate(GROUP_ROW)
                .put(userPrefix(g.recipientId()))
                .putLong(Long.MAX_VALUE - g.window().getEpochSecond())
                .put((byte) (255 - g.kind().code()))
                .putLong(Long.MAX_VALUE - g.targetId())
                .array();
    }

    private byte[] markRow(NotificationSource s) {
        byte[] family = Bytes.toBytes(s.family());
        return ByteBuffer.allocate(1 + 2 * Long.BYTES + family.length)
                .put(markSalt.of(s.subjectId()))
                .putLong(s.subjectId())
                .putLong(s.actorId())
                .put(family)
                .array();
    }

    private byte[] stateRow(long userId) {
        return ByteBuffer.allocate(USER_PREFIX)
                .put(stateSalt.of(userId))
                .putLong(userId)
                .array();
    }
}
