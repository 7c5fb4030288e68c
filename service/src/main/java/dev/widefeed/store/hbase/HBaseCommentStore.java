package dev.widefeed.store.hbase;

import org.apache.hadoop.hbase.client.AsyncConnection;
import dev.widefeed.store.CommentStore;

/** Work in progress: replaced by the real adapter before comments are wired to any endpoint. */
final class HBaseCommentStore implements CommentStore {
    HBaseCommentStore(AsyncConnection connection, String namespace, HBaseTables declared) {
    }
}
