package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import java.util.Optional;

/**
 * Where work that needs only a comment's row reads it: the cache tier's rows in the service ({@link CommentCache#find}),
 * a comment changing only by its delete, which reaches every instance within the cache's bound (docs/design.md, "The
 * cache tier"). Whatever decides something by a comment's state (a delete, a vote, a purge) reads the store instead.
 */
@FunctionalInterface
public interface CommentRows {
    Optional<Comment> find(long commentId);
}
