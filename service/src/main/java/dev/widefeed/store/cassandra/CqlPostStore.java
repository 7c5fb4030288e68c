package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.core.Post;
import dev.widefeed.core.PostCounts;
import dev.widefeed.store.PostStore;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class CqlPostStore implements PostStore {
    CqlPostStore(CqlSession session, int bucketSize) {
    }

    @Override
    public void create(Post post) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<Post> find(long postId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<Long, Post> findAll(Collection<Long> postIds) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void delete(Post post) {
        throw new UnsupportedOperationException();
    }

    @Override
    public PostCounts counts(long postId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<Long, PostCounts> countsOf(Collection<Long> postIds) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void addCounts(long postId, PostCounts delta) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<Long> postIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<Long> repostIds(long sourceId, Optional<Long> beforeId, int limit) {
        throw new UnsupportedOperationException();
    }
}
