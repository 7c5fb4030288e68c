package dev.widefeed.store.hbase;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.TableScans;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Users in {@code users}: row key salt(id) | id, profile in family p, counts in family c as 8-byte
 * counters changed only by {@link Increment}. The client retries increments with a nonce, so the
 * region server applies a retried one once; our code never retries them itself.
 */
final class HBaseUserStore implements UserStore {
    private static final byte[] PROFILE = Bytes.toBytes("p");
    private static final byte[] NAME = Bytes.toBytes("name");
    private static final byte[] CREATED_AT = Bytes.toBytes("created_at");
    private static final byte[] HANDLE = Bytes.toBytes("handle");
    private static final byte[] BIO = Bytes.toBytes("bio");
    private static final byte[] HOLDER = Bytes.toBytes("h");
    private static final byte[] HOLDER_ID = Bytes.toBytes("user_id");
    private static final byte[] COUNTS = Bytes.toBytes("c");
    private static final byte[] POSTS = Bytes.toBytes("posts");
    private static final byte[] FOLLOWERS = Bytes.toBytes("followers");
    private static final byte[] FOLLOWING = Bytes.toBytes("following");

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final Salt salt;
    private final AsyncTable<AdvancedScanResultConsumer> handles;
    private final Salt handleSalt;

    HBaseUserStore(
            AsyncTable<AdvancedScanResultConsumer> table,
            Salt salt,
            AsyncTable<AdvancedScanResultConsumer> handles,
            Salt handleSalt) {
        this.table = table;
        this.salt = salt;
        this.handles = handles;
        this.handleSalt = handleSalt;
    }

    @Override
    public void create(User user) {
        Put put = new Put(row(user.id()))
                .addColumn(PROFILE, NAME, Bytes.toBytes(user.name()))
                .addColumn(PROFILE, CREATED_AT, Bytes.toBytes(user.createdAt().toEpochMilli()));
        user.handle().ifPresent(h -> put.addColumn(PROFILE, HANDLE, Bytes.toBytes(h.value())));
        table.put(put).join();
    }

    /**
     * A checkAndMutate; a claim made again by its owner finds its own cell, so one whose outcome the client did not
     * learn can be made again.
     */
    @Override
    public long claimHandle(Handle handle, long userId) {
        byte[] row = handleRow(handle);
        CheckAndMutate claim = CheckAndMutate.newBuilder(row)
                .ifNotExists(HOLDER, HOLDER_ID)
                .build(new Put(row).addColumn(HOLDER, HOLDER_ID, Bytes.toBytes(userId)));
        if (handles.checkAndMutate(claim).join().isSuccess()) {
            return userId;
        }
        return handleOwner(handle).orElseThrow(() -> new IllegalStateException("a claimed handle has no holder"));
    }

    @Override
    public Optional<Long> handleOwner(Handle handle) {
        Result row = handles.get(new Get(handleRow(handle)).addColumn(HOLDER, HOLDER_ID))
                .join();
        byte[] holder = row.getValue(HOLDER, HOLDER_ID);
        return holder == null ? Optional.empty() : Optional.of(Bytes.toLong(holder));
    }

    @Override
    public boolean reclaimHandle(Handle handle, long from, long to) {
        byte[] row = handleRow(handle);
        CheckAndMutate move = CheckAndMutate.newBuilder(row)
                .ifEquals(HOLDER, HOLDER_ID, Bytes.toBytes(from))
                .build(new Put(row).addColumn(HOLDER, HOLDER_ID, Bytes.toBytes(to)));
        return handles.checkAndMutate(move).join().isSuccess()
                || handleOwner(handle).equals(Optional.of(to));
    }

    @Override
    public void delete(User user) {
        user.handle().ifPresent(h -> {
            byte[] row = handleRow(h);
            handles.checkAndMutate(CheckAndMutate.newBuilder(row)
                            .ifEquals(HOLDER, HOLDER_ID, Bytes.toBytes(user.id()))
                            .build(new Delete(row)))
                    .join();
        });
        table.delete(new Delete(row(user.id()))).join(); // the profile and the counters
    }

    @Override
    public void updateProfile(long userId, String name, String bio) {
        table.put(new Put(row(userId))
                        .addColumn(PROFILE, NAME, Bytes.toBytes(name))
                        .addColumn(PROFILE, BIO, Bytes.toBytes(bio)))
                .join();
    }

    @Override
    public void setHandle(long userId, Handle handle) {
        table.put(new Put(row(userId)).addColumn(PROFILE, HANDLE, Bytes.toBytes(handle.value())))
                .join();
    }

    @Override
    public Optional<User> find(long userId) {
        return user(userId, table.get(new Get(row(userId)).addFamily(PROFILE)).join());
    }

    @Override
    public Map<Long, User> findAll(Collection<Long> userIds) {
        if (userIds.isEmpty()) {
            return Map.of();
        }
        List<Long> ids = List.copyOf(userIds);
        List<Get> gets = new ArrayList<>(ids.size());
        ids.forEach(id -> gets.add(new Get(row(id)).addFamily(PROFILE)));
        // One multi-get: the client groups the gets by region server, one RPC each.
        List<Result> results = table.getAll(gets).join();
        Map<Long, User> found = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            user(ids.get(i), results.get(i)).ifPresent(u -> found.put(u.id(), u));
        }
        return found;
    }

    @Override
    public UserCounts counts(long userId) {
        Result row = table.get(new Get(row(userId)).addFamily(COUNTS)).join();
        return new UserCounts(counter(row, POSTS), counter(row, FOLLOWERS), counter(row, FOLLOWING));
    }

    /** One multi-get: the client groups the gets by region server. */
    @Override
    public Map<Long, UserCounts> countsOf(Collection<Long> userIds) {
        List<Long> ids = List.copyOf(userIds);
        Map<Long, UserCounts> counts = new HashMap<>();
        if (ids.isEmpty()) {
            return counts;
        }
        List<Result> rows = table.getAll(ids.stream()
                        .map(id -> new Get(row(id)).addFamily(COUNTS))
                        .toList())
                .join();
        for (int i = 0; i < ids.size(); i++) {
            Result row = rows.get(i);
            counts.put(
                    ids.get(i), new UserCounts(counter(row, POSTS), counter(row, FOLLOWERS), counter(row, FOLLOWING)));
        }
        return counts;
    }

    @Override
    public void addCounts(long userId, UserCounts delta) {
        if (!delta.isZero()) {
            table.increment(increment(userId, delta)).join();
        }
    }

    /** One increment of the non-zero counts in {@code delta}, for single and batched use. */
    Increment increment(long userId, UserCounts delta) {
        Increment increment = new Increment(row(userId));
        increment.setReturnResults(false);
        addIfNonZero(increment, POSTS, delta.posts());
        addIfNonZero(increment, FOLLOWERS, delta.followers());
        addIfNonZero(increment, FOLLOWING, delta.following());
        return increment;
    }

    AsyncTable<AdvancedScanResultConsumer> table() {
        return table;
    }

    private static void addIfNonZero(Increment increment, byte[] column, long amount) {
        if (amount != 0) {
            increment.addColumn(COUNTS, column, amount);
        }
    }

    private byte[] handleRow(Handle handle) {
        byte[] text = Bytes.toBytes(handle.value());
        return ByteBuffer.allocate(1 + text.length)
                .put(handleSalt.of(handle.value().hashCode()))
                .put(text)
                .array();
    }

    private byte[] row(long userId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(salt.of(userId))
                .putLong(userId)
                .array();
    }

    private static Optional<User> user(long userId, Result row) {
        if (row.isEmpty()) {
            return Optional.empty();
        }
        byte[] handle = row.getValue(PROFILE, HANDLE);
        byte[] bio = row.getValue(PROFILE, BIO);
        return Optional.of(new User(
                userId,
                Optional.ofNullable(handle).map(h -> new Handle(Bytes.toString(h))),
                Bytes.toString(row.getValue(PROFILE, NAME)),
                bio == null ? "" : Bytes.toString(bio),
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(PROFILE, CREATED_AT)))));
    }

    private static long counter(Result row, byte[] column) {
        byte[] value = row.getValue(COUNTS, column);
        return value == null ? 0 : Bytes.toLong(value);
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        TableScans.ids(table, PROFILE, consumer);
    }
}
