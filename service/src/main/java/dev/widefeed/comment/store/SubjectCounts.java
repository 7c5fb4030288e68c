package dev.widefeed.comment.store;

/**
 * A subject's counters: live top-level comments ({@code roots}), live comments including replies
 * ({@code live}) and comments ever placed ({@code ever}, never lowered). Also used as a delta.
 */
public record SubjectCounts(long roots, long live, long ever) {
    public static final SubjectCounts ZERO = new SubjectCounts(0, 0, 0);

    public static SubjectCounts added(boolean topLevel) {
        return new SubjectCounts(topLevel ? 1 : 0, 1, 1);
    }

    public static SubjectCounts removed(boolean topLevel) {
        return new SubjectCounts(topLevel ? -1 : 0, -1, 0);
    }

    public SubjectCounts minus(SubjectCounts other) {
        return new SubjectCounts(roots - other.roots, live - other.live, ever - other.ever);
    }

    public boolean isZero() {
        return equals(ZERO);
    }
}
