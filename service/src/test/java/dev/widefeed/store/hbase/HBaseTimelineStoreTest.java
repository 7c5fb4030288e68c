package dev.widefeed.store.hbase;

import dev.widefeed.feed.HomeState;
import dev.widefeed.store.Storage;
import dev.widefeed.store.TimelineStoreContract;
import dev.widefeed.testing.TestStorages;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class HBaseTimelineStoreTest extends TimelineStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    /** A state row written before V007 has no activity_shared_at: it reads as never shared. */
    @Test
    void aStateWrittenBeforeActivitySharingReadsAsNeverShared() throws Exception {
        long user = TestStorages.ids().next();
        Salt salt = Salt.of(HBaseTables.load().table("home_state_by_user"));
        byte[] row = ByteBuffer.allocate(1 + Long.BYTES).put(salt.of(user)).putLong(user).array();
        byte[] s = Bytes.toBytes("s");
        HBaseFactory factory = TestStorages.hbaseFactory();
        try (Connection connection = factory.connect(null);
             Table states = connection.getTable(TableName.valueOf(factory.namespace, "home_state_by_user"))) {
            states.put(new Put(row)
                    .addColumn(s, Bytes.toBytes("last_read"), Bytes.toBytes(5_000L))
                    .addColumn(s, Bytes.toBytes("complete_above"), Bytes.toBytes(42L))
                    .addColumn(s, Bytes.toBytes("trimmed_at"), Bytes.toBytes(3_000L)));
        }
        assertThat(storage().timelines().state(user)).contains(
                new HomeState(Instant.ofEpochMilli(5_000), 42, Instant.ofEpochMilli(3_000), Instant.EPOCH));
    }
}
