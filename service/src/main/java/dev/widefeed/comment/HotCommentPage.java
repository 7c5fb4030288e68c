package dev.widefeed.comment;

import dev.widefeed.comment.store.HotCursor;
import java.util.List;
import java.util.Optional;

/**
 * A page of an object's top-level comments by likes minus hates, highest first (ties oldest first), from its hot
 * ranking: only comments with a score above zero are ranked; {@code next} pages on. {@code closed} and
 * {@code pinned} as on {@link CommentPage} (pinned on the first page only).
 */
public record HotCommentPage(
        List<CommentDetails> items, Optional<HotCursor> next, boolean closed, Optional<CommentDetails> pinned) {}
