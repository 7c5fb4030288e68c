package dev.widefeed.feed;

/** What a fan-out task does to its followers' home timelines. */
public enum FanoutKind {
    /** Push a new post into the home timelines of its author's active followers. */
    DELIVER,
    /** Take a deleted post back out of the home timelines it may have been pushed into. */
    RETRACT;

    public String json() {
        return name().toLowerCase();
    }

    public static FanoutKind ofJson(String value) {
        return valueOf(value.toUpperCase());
    }
}
