package dev.widefeed.store.hbase;

import dev.widefeed.erasure.UserRowsStore;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.RowDeletes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;

/**
 * A user's own rows, deleted for their erasure: every table keyed first by the user (salt(user) | user | ...) is
 * scanned by that prefix, row keys only, and each row found deleted.
 */
final class HBaseUserRowsStore implements UserRowsStore {
    /** The tables whose row keys start with the user's id, and hold rows only of that user's. */
    static final List<String> TABLES = List.of(
            "home_timeline_by_user",
            "author_delivery_by_user",
            "edge_delivery_by_author",
            "notifications_by_user",
            "notification_state_by_user",
            "mentions_by_user",
            "mention_buckets_by_user",
            "following_by_user",
            "followers_by_user",
            "liked_by_user",
            "follow_edges_by_follower",
            "posts_by_author",
            "comments_by_author",
            "comment_votes_by_user",
            "groups_by_owner");

    private record UserTable(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {}

    private final List<UserTable> tables = new ArrayList<>();

    HBaseUserRowsStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        for (String name : TABLES) {
            tables.add(new UserTable(
                    connection.getTable(TableName.valueOf(namespace, name)), Salt.of(declared.table(name))));
        }
    }

    @Override
    public void forget(long userId) {
        for (UserTable t : tables) {
            RowDeletes.withPrefix(
                    t.table(),
                    ByteBuffer.allocate(1 + Long.BYTES)
                            .put(t.salt().of(userId))
                            .putLong(userId)
                            .array());
        }
    }
}
