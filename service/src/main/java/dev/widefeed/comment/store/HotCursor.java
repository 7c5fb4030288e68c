package dev.widefeed.comment.store;

/** A position in an object's hot ranking: the score and floor of the last entry a page examined. */
public record HotCursor(long score, long floor) {
    public HotCursor {
        if (score < 1 || floor < 1) {
            throw new IllegalArgumentException("a ranked position has a score and a floor of 1 or more");
        }
    }

    /** Whether an entry at ({@code score}, {@code floor}) comes after this position in the ranking. */
    public boolean before(long score, long floor) {
        return score < this.score || (score == this.score && floor > this.floor);
    }
}
