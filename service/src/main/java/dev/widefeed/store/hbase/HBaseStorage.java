package dev.widefeed.store.hbase;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.eventlog.SlotMarking;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.Stores;
import dev.widefeed.store.TimedStorage;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.FollowList;
import dev.widefeed.store.hbase.rows.RelationJournal;
import dev.widefeed.store.hbase.setup.CountedRpcClient;
import dev.widefeed.store.hbase.setup.HBaseErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;

/**
 * The HBase backend: every store over one {@link AsyncConnection} (thread-safe, its tables cached
 * and shared), on the tables of one namespace, salted as {@code hbase-tables/} declares.
 */
public final class HBaseStorage extends TimedStorage {
    private final AsyncConnection connection;
    private final AsyncTable<AdvancedScanResultConsumer> usersTable;
    private final HBaseTableScanStore tableScans;

    public HBaseStorage(
            AsyncConnection connection, String namespace, MetricRegistry metrics, int maxInFlight, Clock clock) {
        this(connection, namespace, metrics, maxInFlight, clock, HBaseTables.load());
    }

    /** {@code declared}: the tables as {@code hbase-tables/} declares them, read once for the stores and the scans. */
    private HBaseStorage(
            AsyncConnection connection,
            String namespace,
            MetricRegistry metrics,
            int maxInFlight,
            Clock clock,
            HBaseTables declared) {
        super("hbase", adapters(connection, namespace, declared, maxInFlight, clock), metrics, HBaseErrors::translate);
        this.connection = connection;
        this.usersTable = connection.getTable(TableName.valueOf(namespace, "users"));
        this.tableScans = new HBaseTableScanStore(connection, namespace, declared);
        metrics.gauge("hbase.rpc-requests", () -> CountedRpcClient::total); // one per registry, however many storages
    }

    @Override
    public TableScanStore tableScans() {
        return tableScans;
    }

    private static Stores adapters(
            AsyncConnection connection, String namespace, HBaseTables declared, int maxInFlight, Clock clock) {
        TableName users = TableName.valueOf(namespace, "users");
        TableName edges = TableName.valueOf(namespace, "follow_edges_by_follower");
        TableName following = TableName.valueOf(namespace, "following_by_user");
        TableName followers = TableName.valueOf(namespace, "followers_by_user");
        TableName journal = TableName.valueOf(namespace, "relation_journal");
        TableName timelines = TableName.valueOf(namespace, "home_timeline_by_user");
        TableName deliveries = TableName.valueOf(namespace, "author_delivery_by_user");
        TableName edgeDeliveries = TableName.valueOf(namespace, "edge_delivery_by_author");
        BoundedAsync async = new BoundedAsync(maxInFlight);
        TableName handles = TableName.valueOf(namespace, "users_by_handle");
        HBaseUserStore userStore = new HBaseUserStore(
                connection.getTable(users),
                salt(declared, users),
                connection.getTable(handles),
                salt(declared, handles));
        HBaseRelationStore relationStore = new HBaseRelationStore(
                connection.getTable(edges),
                connection.getTableBuilder(edges).setMaxAttempts(1).build(),
                salt(declared, edges),
                new FollowList(connection.getTable(following), salt(declared, following)),
                new FollowList(connection.getTable(followers), salt(declared, followers)),
                new RelationJournal(
                        connection.getTable(journal), salt(declared, journal).buckets()),
                userStore,
                async);
        return new Stores(
                userStore,
                relationStore,
                new HBasePostStore(connection, namespace, declared),
                new HBaseLikeStore(connection, namespace, declared),
                new HBaseCommentStore(connection, namespace, declared),
                new HBaseCommentVoteStore(connection, namespace, declared),
                new HBaseHotCommentStore(connection, namespace, declared),
                new HBaseTimelineStore(connection.getTable(timelines), salt(declared, timelines), async),
                new HBaseFanoutStore(
                        connection.getTable(TableName.valueOf(namespace, "fanout_progress_by_post")),
                        connection.getTable(deliveries),
                        salt(declared, deliveries),
                        connection.getTable(edgeDeliveries),
                        salt(declared, edgeDeliveries),
                        async),
                new HBaseAudienceStore(connection, namespace, declared, clock),
                new SlotMarking(new HBaseEventLogStore(
                        connection.getTable(TableName.valueOf(namespace, "event_log_by_slot")),
                        connection.getTable(TableName.valueOf(namespace, "event_log_activity")),
                        connection.getTable(TableName.valueOf(namespace, "event_log_shards")),
                        clock)),
                new HBaseNotificationStore(connection, namespace, declared, async),
                new HBaseTextIndexStore(connection, namespace, declared),
                new HBaseDirectoryStore(connection, namespace, declared, async),
                new HBaseAccountStore(connection, namespace, declared),
                new HBaseIdempotencyStore(connection, namespace, declared),
                new HBaseUserRowsStore(connection, namespace, declared),
                new HBaseInvalidationStore(connection.getTable(TableName.valueOf(namespace, "invalidations_by_slot"))));
    }

    /** A point read of a row that does not exist: one RPC to one region server, answered from its bloom filter. */
    @Override
    public void ping() {
        try {
            usersTable.exists(new Get(new byte[] {0})).join();
        } catch (RuntimeException e) {
            throw HBaseErrors.translate(e);
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

    private static Salt salt(HBaseTables declared, TableName table) {
        return Salt.of(declared.table(table.getQualifierAsString()));
    }
}
