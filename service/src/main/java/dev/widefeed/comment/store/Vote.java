package dev.widefeed.comment.store;

/**
 * One user's vote on one comment. A user likes or hates a comment, never both: liking a hated
 * comment moves the vote (hates - 1, likes + 1), and the reverse. Stored as its code.
 */
public enum Vote {
    NONE,
    LIKE,
    HATE;

    public byte code() {
        return switch (this) { // written out, not the ordinal: the codes are stored, and reordering must not move them
            case NONE -> 0;
            case LIKE -> 1;
            case HATE -> 2;
        };
    }

    public static Vote ofCode(int code) {
        return switch (code) {
            case 0 -> NONE;
            case 1 -> LIKE;
            case 2 -> HATE;
            default -> throw new IllegalArgumentException("unknown vote code " + code);
        };
    }

    long likes() {
        return this == LIKE ? 1 : 0;
    }

    long hates() {
        return this == HATE ? 1 : 0;
    }
}
