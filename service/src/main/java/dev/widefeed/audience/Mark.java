package dev.widefeed.audience;

/**
 * What one user keeps about another (docs/design.md, Audiences): blocked ("don't let them see mine"), hidden
 * ("don't see theirs") or one of their private tags. The owner's lists are theirs alone: nobody
 * else reads them, and they bound how much an owner's partition can hold.
 */
public record Mark(Kind kind, String tag) {
    public enum Kind {
        BLOCKED,
        HIDDEN,
        TAG
    }

    public static final Mark BLOCKED = new Mark(Kind.BLOCKED, "");
    public static final Mark HIDDEN = new Mark(Kind.HIDDEN, "");

    public Mark {
        if (kind == null || tag == null || (kind == Kind.TAG) == tag.isEmpty()) {
            throw new IllegalArgumentException("a tag mark has a name, the others none: " + kind + " '" + tag + "'");
        }
    }

    public static Mark tag(String name) {
        return new Mark(Kind.TAG, name);
    }
}
