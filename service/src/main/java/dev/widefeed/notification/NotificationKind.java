package dev.widefeed.notification;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a notification tells its recipient, and what it points at (docs/design.md, "Notifications"). The code
 * orders a window's groups in both stores (highest first) and never changes once written; the wire name is the
 * API's.
 */
public enum NotificationKind {
    LIKE(1, "like", Target.POST),
    COMMENT(2, "comment", Target.POST),
    REPLY(3, "reply", Target.COMMENT),
    REPOST(4, "repost", Target.POST),
    FOLLOW(5, "follow", Target.USER),
    MENTION(6, "mention", Target.USER),
    COMMENT_LIKE(7, "comment-like", Target.COMMENT);

    /** What the group's target id names: a post of the recipient's, a comment of theirs, or the recipient. */
    public enum Target {
        POST,
        COMMENT,
        USER
    }

    private final int code;
    private final String wireName;
    private final Target target;

    NotificationKind(int code, String wireName, Target target) {
        this.code = code;
        this.wireName = wireName;
        this.target = target;
    }

    public int code() {
        return code;
    }

    public String wireName() {
        return wireName;
    }

    public Target target() {
        return target;
    }

    public static Optional<NotificationKind> ofCode(int code) {
        return Arrays.stream(values()).filter(k -> k.code == code).findFirst();
    }
}
