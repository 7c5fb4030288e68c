package dev.widefeed.comment.store;

/**
 * A top-level comment's entry in its object's hot ranking (docs/design.md, Comments): ordered by {@code score} (likes
 * minus hates, above zero) highest first, then by floor, oldest first.
 */
public record RankedComment(CommentedObject object, long score, long floor, long commentId) {
    public RankedComment {
        if (score < 1 || floor < 1) {
            throw new IllegalArgumentException("only a placed comment with a score above zero is ranked");
        }
    }

    public HotCursor position() {
        return new HotCursor(score, floor);
    }
}
