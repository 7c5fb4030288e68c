package dev.widefeed.store.hbase;

import dev.widefeed.idempotency.Claim;
import dev.widefeed.idempotency.IdempotencyStore;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Idempotency keys in {@code idempotency_keys_by_scope}: a row per (scope, key), family k, every write a
 * checkAndMutate (a claim on the row's absence, a take-over or release on the claimed_at read).
 */
final class HBaseIdempotencyStore implements IdempotencyStore {
    private static final byte[] FAMILY = Bytes.toBytes("k");
    private static final byte[] FINGERPRINT = Bytes.toBytes("fingerprint");
    private static final byte[] RESOURCE_ID = Bytes.toBytes("resource_id");
    private static final byte[] CLAIMED_AT = Bytes.toBytes("claimed_at");
    private static final byte[] DONE = Bytes.toBytes("done");

    private final AsyncTable<AdvancedScanResultConsumer> keys;
    private final Salt salt;

    HBaseIdempotencyStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName table = TableName.valueOf(namespace, "idempotency_keys_by_scope");
        this.keys = connection.getTable(table);
        this.salt = Salt.of(declared.table(table.getQualifierAsString()));
    }

    @Override
    public Claim claim(Claim mine, Duration ttl) {
        byte[] row = row(mine);
        CheckAndMutate claim =
                CheckAndMutate.newBuilder(row).ifNotExists(FAMILY, CLAIMED_AT).build(put(mine, ttl));
        if (keys.checkAndMutate(claim).join().isSuccess()) {
            return mine;
        }
        Result held = keys.get(new Get(row).addFamily(FAMILY)).join();
        if (held.isEmpty()) {
            // Released or expired between the two calls: try once more.
            return keys.checkAndMutate(claim).join().isSuccess() ? mine : claim(mine, ttl);
        }
        Claim holder = new Claim(
                mine.scope(),
                mine.key(),
                Bytes.toString(held.getValue(FAMILY, FINGERPRINT)),
                Bytes.toLong(held.getValue(FAMILY, RESOURCE_ID)),
                Instant.ofEpochMilli(Bytes.toLong(held.getValue(FAMILY, CLAIMED_AT))),
                held.getValue(FAMILY, DONE) != null);
        return holder.resourceId() == mine.resourceId() ? mine : holder;
    }

    @Override
    public boolean takeOver(Claim stale, Instant now, Duration ttl) {
        Claim taken = new Claim(stale.scope(), stale.key(), stale.fingerprint(), stale.resourceId(), now);
        return keys.checkAndMutate(CheckAndMutate.newBuilder(row(stale))
                        .ifEquals(
                                FAMILY,
                                CLAIMED_AT,
                                Bytes.toBytes(stale.claimedAt().toEpochMilli()))
                        .build(put(taken, ttl)))
                .join()
                .isSuccess();
    }

    @Override
    public void complete(Claim held) {
        Put done = new Put(row(held)).addColumn(FAMILY, DONE, new byte[] {1});
        done.setTTL(IdempotentRequests.KEY_LIFETIME.toMillis());
        keys.checkAndMutate(CheckAndMutate.newBuilder(row(held))
                        .ifEquals(
                                FAMILY,
                                CLAIMED_AT,
                                Bytes.toBytes(held.claimedAt().toEpochMilli()))
                        .build(done))
                .join();
    }

    @Override
    public void release(Claim held) {
        keys.checkAndMutate(CheckAndMutate.newBuilder(row(held))
                        .ifEquals(
                                FAMILY,
                                CLAIMED_AT,
                                Bytes.toBytes(held.claimedAt().toEpochMilli()))
                        .build(new Delete(row(held)).addFamily(FAMILY)))
                .join();
    }

    @Override
    public void forget(String scope, String key) {
        keys.delete(new Delete(row(scope, key)).addFamily(FAMILY)).join();
    }

    private Put put(Claim claim, Duration ttl) {
        Put put = new Put(row(claim))
                .addColumn(FAMILY, FINGERPRINT, Bytes.toBytes(claim.fingerprint()))
                .addColumn(FAMILY, RESOURCE_ID, Bytes.toBytes(claim.resourceId()))
                .addColumn(FAMILY, CLAIMED_AT, Bytes.toBytes(claim.claimedAt().toEpochMilli()));
        put.setTTL(ttl.toMillis());
        return put;
    }

    private byte[] row(Claim claim) {
        return row(claim.scope(), claim.key());
    }

    private byte[] row(String scopeText, String keyText) {
        byte[] scope = scopeText.getBytes(StandardCharsets.UTF_8);
        byte[] key = keyText.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + scope.length + 1 + key.length)
                .put(salt.of((scopeText + "\n" + keyText).hashCode()))
                .put(scope)
                .put((byte) 0)
                .put(key)
                .array();
    }
}
