package dev.widefeed.store.hbase;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.CommentStore;
import dev.widefeed.store.LikeStore;
import dev.widefeed.store.PostStore;
import dev.widefeed.store.RelationStore;
import dev.widefeed.store.Storage;
import dev.widefeed.store.TimedStores;
import dev.widefeed.store.UserStore;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The HBase backend: every store over one {@link AsyncConnection} (thread-safe, its tables cached
 * and shared), on the tables of one namespace, salted as {@code hbase-tables/} declares.
 */
public final class HBaseStorage implements Storage {
    private final AsyncConnection connection;
    private final AsyncTable<AdvancedScanResultConsumer> usersTable;
    private final UserStore users;
    private final RelationStore relations;
    private final PostStore posts;
    private final LikeStore likes;
    private final CommentStore comments;

    public HBaseStorage(AsyncConnection connection, String namespace, MetricRegistry metrics, int maxInFlight) {
        this.connection = connection;
        HBaseTables declared = HBaseTables.load();
        TableName users = TableName.valueOf(namespace, "users");
        TableName edges = TableName.valueOf(namespace, "follow_edges_by_follower");
        TableName following = TableName.valueOf(namespace, "following_by_user");
        TableName followers = TableName.valueOf(namespace, "followers_by_user");
        TableName journal = TableName.valueOf(namespace, "relation_journal");
        this.usersTable = connection.getTable(users);
        HBaseUserStore rawUsers = new HBaseUserStore(usersTable, salt(declared, users));
        HBaseRelationStore rawRelations = new HBaseRelationStore(
                connection.getTable(edges),
                connection.getTableBuilder(edges).setMaxAttempts(1).build(),
                salt(declared, edges),
                FollowList.following(connection.getTable(following), salt(declared, following)),
                FollowList.followers(connection.getTable(followers), salt(declared, followers)),
                new RelationJournal(connection.getTable(journal), salt(declared, journal).buckets()),
                rawUsers,
                new BoundedAsync(maxInFlight));
        this.users = TimedStores.wrap(UserStore.class, rawUsers, backend(), metrics, HBaseErrors::translate);
        this.relations = TimedStores.wrap(RelationStore.class, rawRelations, backend(), metrics,
                HBaseErrors::translate);
        this.posts = TimedStores.wrap(PostStore.class, new HBasePostStore(connection, namespace, declared), backend(),
                metrics, HBaseErrors::translate);
        this.likes = TimedStores.wrap(LikeStore.class, new HBaseLikeStore(connection, namespace, declared), backend(),
                metrics, HBaseErrors::translate);
        this.comments = TimedStores.wrap(CommentStore.class, new HBaseCommentStore(connection, namespace, declared),
                backend(), metrics, HBaseErrors::translate);
    }

    @Override
    public String backend() {
        return "hbase";
    }

    @Override
    public UserStore users() {
        return users;
    }

    @Override
    public RelationStore relations() {
        return relations;
    }

    @Override
    public PostStore posts() {
        return posts;
    }

    @Override
    public LikeStore likes() {
        return likes;
    }

    @Override
    public CommentStore comments() {
        return comments;
    }

    /** A point read of a row that does not exist: one RPC to one region server, answered from its bloom filter. */
    @Override
    public void ping() {
        try {
            usersTable.exists(new Get(new byte[]{0})).join();
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
