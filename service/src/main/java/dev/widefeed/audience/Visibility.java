package dev.widefeed.audience;

import java.util.Set;

/**
 * The audience rule (docs/design.md, Audiences), in its order, for a post by author A with an audience, and viewer
 * V: V = A always; otherwise not if A blocked V; then by the audience: public yes, private no, partly-visible if V
 * is listed, carries one of A's listed tags or is in one of the listed groups, partly-invisible if none of those
 * hold. The facts are given, so the rule knows nothing of where they are kept.
 */
public final class Visibility {
    private Visibility() {}

    /** Whether the viewer sees the post, and the rule that decided it (for authors: "why"). */
    public record Decision(boolean visible, String reason) {}

    /**
     * @param marks  every mark the post's author has put on the viewer
     * @param groups the groups, among those the post lists, that the viewer belongs to
     */
    public static Decision decide(long authorId, Audience audience, long viewer, Set<Mark> marks, Set<Long> groups) {
        if (viewer == authorId) {
            return new Decision(true, "the author sees their own posts");
        }
        if (marks.contains(Mark.BLOCKED)) {
            return new Decision(false, "the author blocked this user");
        }
        return switch (audience.type()) {
            case PUBLIC -> new Decision(true, "public");
            case PRIVATE -> new Decision(false, "private: only the author");
            case PARTLY_VISIBLE -> {
                String match = match(audience, viewer, marks, groups);
                yield match == null
                        ? new Decision(false, "partly visible, and this user is in none of its lists")
                        : new Decision(true, "partly visible to " + match);
            }
            case PARTLY_INVISIBLE -> {
                String match = match(audience, viewer, marks, groups);
                yield match == null
                        ? new Decision(true, "partly invisible, and this user is in none of its lists")
                        : new Decision(false, "partly invisible to " + match);
            }
        };
    }

    /** The first of the audience's lists the viewer is on, described; null if none. */
    private static String match(Audience audience, long viewer, Set<Mark> marks, Set<Long> groups) {
        if (audience.users().contains(viewer)) {
            return "this user, listed by id";
        }
        for (String tag : audience.tags()) {
            if (marks.contains(Mark.tag(tag))) {
                return "the author's tag '" + tag + "', which this user carries";
            }
        }
        for (long group : audience.groups()) {
            if (groups.contains(group)) {
                return "group " + group + ", which this user is in";
            }
        }
        return null;
    }

    /** Whether deciding needs the viewer's group memberships at all. */
    public static boolean needsGroups(long authorId, Audience audience, long viewer) {
        return viewer != authorId && isPartly(audience) && !audience.groups().isEmpty();
    }

    public static boolean isPartly(Audience audience) {
        return audience.type() == Audience.Type.PARTLY_VISIBLE || audience.type() == Audience.Type.PARTLY_INVISIBLE;
    }
}
