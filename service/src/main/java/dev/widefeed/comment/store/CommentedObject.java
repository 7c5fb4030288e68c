package dev.widefeed.comment.store;

/**
 * What a comment is about (docs/design.md, Comments): the key of a comment subject. Only posts
 * take comments today; the kind is part of every key so that other objects can join later without
 * their ids colliding with posts'.
 */
public record CommentedObject(long id, Kind kind) {
    /** The stored names and codes never change: they are part of every comment key. */
    public enum Kind {
        POST("post", (byte) 1);

        private final String stored;
        private final byte code;

        Kind(String stored, byte code) {
            this.stored = stored;
            this.code = code;
        }

        /** The name in Cassandra keys. */
        public String stored() {
            return stored;
        }

        /** The byte in HBase keys. */
        public byte code() {
            return code;
        }

        public static Kind ofStored(String stored) {
            for (Kind kind : values()) {
                if (kind.stored.equals(stored)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown commented object kind " + stored);
        }

        public static Kind ofCode(byte code) {
            for (Kind kind : values()) {
                if (kind.code == code) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown commented object kind " + code);
        }
    }

    public static CommentedObject post(long postId) {
        return new CommentedObject(postId, Kind.POST);
    }
}
