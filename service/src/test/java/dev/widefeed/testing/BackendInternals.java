package dev.widefeed.testing;

import dev.widefeed.backup.StoreBackup;
import dev.widefeed.comment.store.CommentStore;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * What a contract reaches beneath {@link dev.widefeed.store.Storage} on one backend, in the store's own terms: its
 * tables read and written directly, as a data engineer would, and a second adapter over them. Each backend's lives in
 * its adapter's package, whose package-private classes it uses; {@link TestBackend} names it.
 */
public interface BackendInternals {
    /** A small table of this backend's that other tests fill (the users'). */
    String smallTable();

    /** Writes {@code posts} × {@code likers} like rows into {@code likes_by_post}, post ids from {@code firstPost}. */
    void plantLikes(long firstPost, int posts, int likers) throws Exception;

    /** The rows of {@code table} now, counted by the store in a way of the test's own. */
    long countRows(String table) throws Exception;

    /** The most follower entries of {@code userId} that any one partition or row of the backend holds. */
    long largestFollowerPartition(long userId);

    /** A connection of its own to the test store, as another service process has; closed by the caller. */
    SecondProcess secondProcess();

    /**
     * A keyspace or namespace {@code name} of its own, made now, with {@code tables} of rows {@code id -> text} and
     * the schema's record saying version 1: small enough to back up and restore in seconds.
     */
    ScratchTables scratchTables(String name, List<String> tables) throws Exception;

    /** A small keyspace or namespace of this backend's, read and written in its own terms. */
    interface ScratchTables extends AutoCloseable {
        void put(String table, long id, String text) throws Exception;

        Map<Long, String> rows(String table) throws Exception;

        /** A backup over a connection of its own (closed with it). */
        StoreBackup backup(Clock clock);

        @Override
        void close();
    }

    /** Adapters over the same tables as the test's storage, but with a connection, caches and permits of their own. */
    interface SecondProcess extends AutoCloseable {
        CommentStore comments();

        @Override
        void close();
    }
}
