package dev.widefeed.comment;

/**
 * The comment subject of an object (docs/design.md, Comments): who owns it (may delete any of its
 * comments) and whether its comments are shown. Its counts live apart ({@link SubjectCounts}).
 */
public record CommentSubject(CommentedObject object, long ownerId, State state) {
    /** Stored as its code: 0 normal, 1 hidden (docs/design.md, Comments). */
    public enum State {
        NORMAL, HIDDEN;

        public byte code() {
            return (byte) ordinal();
        }

        public static State ofCode(int code) {
            return values()[code];
        }
    }
}
