package dev.widefeed.post;

import java.util.Optional;

/**
 * Where work that needs only a post's row reads it: the cache tier's rows in the service ({@link PostCache#find}), a
 * post changing only by its delete, which reaches every instance within the cache's bound (docs/design.md, "The cache
 * tier"). Whatever decides something by a post's existence (a delete, a purge) reads the store instead.
 */
@FunctionalInterface
public interface PostRows {
    Optional<Post> find(long postId);
}
