package dev.widefeed.comment.store;

/**
 * The comment subject of an object (docs/design.md, Comments): who owns it (may delete any of its comments, close
 * them and pin one), whether its comments are shown, whether new ones are taken ({@code closed}) and the top-level
 * comment pinned above its first page ({@code pinnedId}, 0 for none). Its counts live apart ({@link SubjectCounts}).
 */
public record CommentSubject(CommentedObject object, long ownerId, State state, boolean closed, long pinnedId) {
    /** An open subject with nothing pinned. */
    public CommentSubject(CommentedObject object, long ownerId, State state) {
        this(object, ownerId, state, false, 0);
    }

    /** Stored as its code: 0 normal, 1 hidden (docs/design.md, Comments). */
    public enum State {
        NORMAL,
        HIDDEN;

        public byte code() {
            return switch (this) { // written out, not the ordinal: the codes are stored
                case NORMAL -> 0;
                case HIDDEN -> 1;
            };
        }

        public static State ofCode(int code) {
            return switch (code) {
                case 0 -> NORMAL;
                case 1 -> HIDDEN;
                default -> throw new IllegalArgumentException("unknown subject state code " + code);
            };
        }
    }

    /** What the owner sets: whether new comments are refused, and which comment is pinned (0 for none). */
    public record Settings(boolean closed, long pinnedId) {
        public static final Settings DEFAULT = new Settings(false, 0);
    }

    public Settings settings() {
        return new Settings(closed, pinnedId);
    }
}
