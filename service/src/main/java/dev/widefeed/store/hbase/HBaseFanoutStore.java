package dev.widefeed.store.hbase;

import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.EdgeDelivery;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.FanoutProgressJson;
import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Fan-out checkpoints in {@code fanout_progress_by_post}: one row per task keyed post id | kind
 * (1 byte), family p column progress holding {@link FanoutProgressJson}. Authors' deliveries in
 * {@code author_delivery_by_user}: one row per author keyed salt(author) | author, family d. Edges'
 * in {@code edge_delivery_by_author}: one row per edge keyed salt(author) | author | follower, family d.
 */
final class HBaseFanoutStore implements FanoutStore {
    private static final byte[] PROGRESS_FAMILY = Bytes.toBytes("p");
    private static final byte[] PROGRESS = Bytes.toBytes("progress");

    private static final byte[] DELIVERY_FAMILY = Bytes.toBytes("d");
    private static final byte[] MODE = Bytes.toBytes("mode");
    private static final byte[] SWITCH_ID = Bytes.toBytes("switch_id");
    private static final byte[] CURSOR_SINCE = Bytes.toBytes("cursor_since");
    private static final byte[] CURSOR_USER = Bytes.toBytes("cursor_user");
    private static final byte[] UPDATED_AT = Bytes.toBytes("updated_at");
    private static final byte[] FOLLOW_SINCE = Bytes.toBytes("follow_since");
    private static final byte[] PULLED = Bytes.toBytes("pulled");
    /** A cursor cell's value once the walk is done (see {@link #saveDelivery}). */
    private static final byte[] EMPTY = new byte[0];

    private final AsyncTable<AdvancedScanResultConsumer> progress;
    private final AsyncTable<AdvancedScanResultConsumer> deliveries;
    private final Salt deliverySalt;
    private final AsyncTable<AdvancedScanResultConsumer> edges;
    private final Salt edgeSalt;
    private final BoundedAsync async;

    HBaseFanoutStore(
            AsyncTable<AdvancedScanResultConsumer> progress,
            AsyncTable<AdvancedScanResultConsumer> deliveries,
            Salt deliverySalt,
            AsyncTable<AdvancedScanResultConsumer> edges,
            Salt edgeSalt,
            BoundedAsync async) {
        this.progress = progress;
        this.deliveries = deliveries;
        this.deliverySalt = deliverySalt;
        this.edges = edges;
        this.edgeSalt = edgeSalt;
        this.async = async;
    }

    @Override
    public Optional<FanoutProgress> progress(long postId, FanoutKind kind) {
        byte[] json = progress.get(new Get(progressRow(postId, kind)).addColumn(PROGRESS_FAMILY, PROGRESS))
                .join()
                .getValue(PROGRESS_FAMILY, PROGRESS);
        return json == null ? Optional.empty() : Optional.of(FanoutProgressJson.read(Bytes.toString(json)));
    }

    @Override
    public void saveProgress(FanoutProgress checkpoint) {
        progress.put(new Put(progressRow(checkpoint.postId(), checkpoint.kind()))
                        .addColumn(PROGRESS_FAMILY, PROGRESS, Bytes.toBytes(FanoutProgressJson.write(checkpoint))))
                .join();
    }

    @Override
    public Optional<AuthorDelivery> delivery(long authorId) {
        Result row = deliveries
                .get(new Get(deliveryRow(authorId)).addFamily(DELIVERY_FAMILY))
                .join();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        byte[] since = row.getValue(DELIVERY_FAMILY, CURSOR_SINCE);
        Optional<FollowCursor> cursor = since == null || since.length == 0
                ? Optional.empty()
                : Optional.of(new FollowCursor(
                        Instant.ofEpochMilli(Bytes.toLong(since)),
                        Bytes.toLong(row.getValue(DELIVERY_FAMILY, CURSOR_USER))));
        return Optional.of(new AuthorDelivery(
                authorId,
                AuthorDelivery.Mode.ofJson(Bytes.toString(row.getValue(DELIVERY_FAMILY, MODE))),
                Bytes.toLong(row.getValue(DELIVERY_FAMILY, SWITCH_ID)),
                cursor,
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(DELIVERY_FAMILY, UPDATED_AT)))));
    }

    /**
     * One put of every cell. A finished walk writes its cursor's cells empty rather than deleting them: a
     * delete at this millisecond would mask a later save's cursor in the same millisecond, and one a
     * millisecond earlier would leave an earlier save's cursor of this millisecond standing. Among puts of
     * one cell at one timestamp the last one written wins, so saves in quick succession read back as the
     * last.
     */
    @Override
    public void saveDelivery(AuthorDelivery delivery) {
        Optional<FollowCursor> cursor = delivery.cursor();
        deliveries
                .put(new Put(deliveryRow(delivery.authorId()))
                        .addColumn(
                                DELIVERY_FAMILY,
                                MODE,
                                Bytes.toBytes(delivery.mode().json()))
                        .addColumn(DELIVERY_FAMILY, SWITCH_ID, Bytes.toBytes(delivery.switchId()))
                        .addColumn(
                                DELIVERY_FAMILY,
                                UPDATED_AT,
                                Bytes.toBytes(delivery.updatedAt().toEpochMilli()))
                        .addColumn(
                                DELIVERY_FAMILY,
                                CURSOR_SINCE,
                                cursor.map(c -> Bytes.toBytes(c.since().toEpochMilli()))
                                        .orElse(EMPTY))
                        .addColumn(
                                DELIVERY_FAMILY,
                                CURSOR_USER,
                                cursor.map(c -> Bytes.toBytes(c.userId())).orElse(EMPTY)))
                .join();
    }

    /** One multi-get for the page of followers (the client groups it by region server). */
    @Override
    public Map<Long, EdgeDelivery> edgeDeliveries(long authorId, Collection<Long> followerIds) {
        List<Get> gets = followerIds.stream()
                .map(f -> new Get(edgeRow(authorId, f)).addFamily(DELIVERY_FAMILY))
                .toList();
        Map<Long, EdgeDelivery> found = new HashMap<>();
        if (gets.isEmpty()) {
            return found;
        }
        for (Result row : edges.getAll(gets).join()) {
            if (!row.isEmpty()) {
                long follower = Bytes.toLong(row.getRow(), 1 + Long.BYTES);
                found.put(
                        follower,
                        new EdgeDelivery(
                                follower,
                                Instant.ofEpochMilli(Bytes.toLong(row.getValue(DELIVERY_FAMILY, FOLLOW_SINCE))),
                                row.getValue(DELIVERY_FAMILY, PULLED)[0] == 1,
                                Bytes.toLong(row.getValue(DELIVERY_FAMILY, SWITCH_ID))));
            }
        }
        return found;
    }

    @Override
    public void saveEdgeDeliveries(long authorId, Collection<EdgeDelivery> saved) {
        async.runChunks(
                List.copyOf(saved),
                1000,
                chunk -> edges.putAll(chunk.stream()
                        .map(d -> new Put(edgeRow(authorId, d.followerId()))
                                .addColumn(
                                        DELIVERY_FAMILY,
                                        FOLLOW_SINCE,
                                        Bytes.toBytes(d.followSince().toEpochMilli()))
                                .addColumn(DELIVERY_FAMILY, PULLED, new byte[] {(byte) (d.pulled() ? 1 : 0)})
                                .addColumn(DELIVERY_FAMILY, SWITCH_ID, Bytes.toBytes(d.switchId())))
                        .toList()));
    }

    private byte[] edgeRow(long authorId, long followerId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(edgeSalt.of(authorId))
                .putLong(authorId)
                .putLong(followerId)
                .array();
    }

    private byte[] deliveryRow(long authorId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(deliverySalt.of(authorId))
                .putLong(authorId)
                .array();
    }

    private static byte[] progressRow(long postId, FanoutKind kind) {
        return ByteBuffer.allocate(Long.BYTES + 1)
                .putLong(postId)
                .put(code(kind))
                .array();
    }

    /** The kind's byte in row keys, as hbase-tables/ documents it. */
    private static byte code(FanoutKind kind) {
        return switch (kind) {
            case DELIVER -> 0;
            case RETRACT -> 1;
        };
    }
}
