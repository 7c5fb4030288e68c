package dev.widefeed.comment.store;

/** A comment's counters: live replies (top-level comments only), likes, hates. Also used as a delta. */
public record CommentCounts(long replies, long likes, long hates) {
    public static final CommentCounts ZERO = new CommentCounts(0, 0, 0);

    public static CommentCounts replies(long delta) {
        return new CommentCounts(delta, 0, 0);
    }

    /** The change of likes and hates when a user's vote goes from {@code from} to {@code to}. */
    public static CommentCounts voteChange(Vote from, Vote to) {
        return new CommentCounts(0, to.likes() - from.likes(), to.hates() - from.hates());
    }

    public CommentCounts plus(CommentCounts other) {
        return new CommentCounts(replies + other.replies, likes + other.likes, hates + other.hates);
    }

    public CommentCounts minus(CommentCounts other) {
        return new CommentCounts(replies - other.replies, likes - other.likes, hates - other.hates);
    }

    public boolean isZero() {
        return equals(ZERO);
    }
}
