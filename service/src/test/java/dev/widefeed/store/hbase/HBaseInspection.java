package dev.widefeed.store.hbase;

import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.layout.TableDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/** Reads HBase tables directly, the way a data engineer would, to check their shape. */
final class HBaseInspection {
    private HBaseInspection() {}

    /** The most cells any one row of {@code userId}'s followers holds (a row per follower: 1, 2 with a shared last_read). */
    static long largestFollowerRow(HBaseFactory factory, long userId) {
        TableDefinition definition = HBaseTables.load().table("followers_by_user");
        byte[] prefix = ByteBuffer.allocate(1 + Long.BYTES)
                .put(Salt.of(definition).of(userId))
                .putLong(userId)
                .array();
        try (Connection connection = factory.connect(null);
                Table table = connection.getTable(TableName.valueOf(factory.namespace, definition.name()));
                ResultScanner scanner = table.getScanner(
                        new Scan().setStartStopRowForPrefixScan(prefix).setCaching(10_000))) {
            long largest = 0;
            for (Result row : scanner) {
                largest = Math.max(largest, row.size());
            }
            return largest;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every visible cell of one followers row: {@code followerId}'s edge to {@code userId} since {@code since}. */
    static Result followerRow(HBaseFactory factory, long userId, Instant since, long followerId) {
        TableDefinition definition = HBaseTables.load().table("followers_by_user");
        byte[] row = ByteBuffer.allocate(1 + 3 * Long.BYTES)
                .put(Salt.of(definition).of(userId))
                .putLong(userId)
                .putLong(since.toEpochMilli() ^ Long.MAX_VALUE)
                .putLong(followerId ^ Long.MAX_VALUE)
                .array();
        try (Connection connection = factory.connect(null);
                Table table = connection.getTable(TableName.valueOf(factory.namespace, definition.name()))) {
            return table.get(new Get(row));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
