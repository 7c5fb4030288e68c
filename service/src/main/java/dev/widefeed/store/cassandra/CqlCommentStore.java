package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.store.CommentStore;

/** Work in progress: replaced by the real adapter before comments are wired to any endpoint. */
final class CqlCommentStore implements CommentStore {
    CqlCommentStore(CqlSession session) {
    }
}
