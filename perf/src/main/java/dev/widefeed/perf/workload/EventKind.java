package dev.widefeed.perf.workload;

import java.util.Locale;

/**
 * The kinds of events in a workload, as written in {@code events.tsv.gz}. Each has an actor; the target
 * column says whom it is about ({@code -1}: nobody, i.e. the actor's own home timeline or a new post).
 */
public enum EventKind {
    /** The actor publishes a post. Target -1. */
    POST(false),
    /** The actor reposts a recent post of the target (an author). */
    REPOST(false),
    /** The actor comments on a recent post of the target. */
    COMMENT(false),
    /** The actor likes a recent post of the target. */
    LIKE(false),
    /** The actor reads the home timeline. Target -1. */
    HOME_READ(true),
    /** The actor reads the target's user timeline. */
    USER_READ(true),
    /** The actor follows the target. */
    FOLLOW(false),
    /** The actor unfollows the target. */
    UNFOLLOW(false);

    private final boolean read;

    EventKind(boolean read) {
        this.read = read;
    }

    public boolean isRead() {
        return read;
    }

    /** The kind named {@code label} in an events file. */
    public static EventKind fromLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /** The name in the events file: {@code post}, {@code home_read}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
