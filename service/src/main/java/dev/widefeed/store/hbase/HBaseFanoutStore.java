package dev.widefeed.store.hbase;

import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.store.FanoutProgressJson;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Fan-out checkpoints in {@code fanout_progress_by_post}: one row per task keyed post id | kind
 * (1 byte), family p column progress holding {@link FanoutProgressJson}.
 */
final class HBaseFanoutStore implements FanoutStore {
    private static final byte[] PROGRESS_FAMILY = Bytes.toBytes("p");
    private static final byte[] PROGRESS = Bytes.toBytes("progress");

    private final AsyncTable<AdvancedScanResultConsumer> progress;

    HBaseFanoutStore(AsyncTable<AdvancedScanResultConsumer> progress) {
        this.progress = progress;
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
}
