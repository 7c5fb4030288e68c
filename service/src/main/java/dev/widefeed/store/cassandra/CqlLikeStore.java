package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.core.Like;
import dev.widefeed.core.LikeCursor;
import dev.widefeed.store.LikeStore;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Work in progress: replaced by the real adapter before likes are wired to any endpoint. */
final class CqlLikeStore implements LikeStore {
    CqlLikeStore(CqlSession session, int bucketSize) {
    }

    @Override
    public boolean like(long postId, long userId, Instant at) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }

    @Override
    public boolean unlike(long postId, long userId) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }

    @Override
    public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }

    @Override
    public List<Like> likers(long postId, Optional<LikeCursor> after, int limit) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }

    @Override
    public List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }

    @Override
    public long countAndRepair(long postId) {
        throw new UnsupportedOperationException("likes are not implemented yet");
    }
}
