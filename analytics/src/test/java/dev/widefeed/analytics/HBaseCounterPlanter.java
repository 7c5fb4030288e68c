package dev.widefeed.analytics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/** Drift in the counters' column family of the namespace's posts and users, through a connection of its own. */
final class HBaseCounterPlanter implements CounterPlanter {
    private final Connection connection;

    HBaseCounterPlanter(int zookeeperPort) throws IOException {
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", "127.0.0.1");
        conf.set("hbase.zookeeper.property.clientPort", String.valueOf(zookeeperPort));
        connection = ConnectionFactory.createConnection(conf);
    }

    @Override
    public void plant(String kind, String counter, long id, long delta) {
        byte[] row = ByteBuffer.allocate(1 + Long.BYTES)
                .put(HBaseScans.salt(id))
                .putLong(id)
                .array();
        TableName name = TableName.valueOf("widefeed", kind.equals("post") ? "posts" : "users");
        try (Table table = connection.getTable(name)) {
            table.increment(new Increment(row).addColumn(Bytes.toBytes("c"), Bytes.toBytes(counter), delta));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
