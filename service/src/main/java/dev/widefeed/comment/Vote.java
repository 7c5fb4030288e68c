package dev.widefeed.comment;

/**
 * One user's vote on one comment. A user likes or hates a comment, never both: liking a hated
 * comment moves the vote (hates - 1, likes + 1), and the reverse. Stored as its code.
 */
public enum Vote {
    NONE, LIKE, HATE;

    public byte code() {
        return (byte) ordinal();
    }

    public static Vote ofCode(int code) {
        return values()[code];
    }

    long likes() {
        return this == LIKE ? 1 : 0;
    }

    long hates() {
        return this == HATE ? 1 : 0;
    }
}
