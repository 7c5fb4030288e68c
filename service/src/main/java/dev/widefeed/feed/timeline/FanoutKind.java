package dev.widefeed.feed.timeline;

import java.util.Arrays;
import java.util.Locale;

/** What a fan-out task does to its followers' home timelines. */
public enum FanoutKind {
    /** Push a new post into the home timelines of its author's active followers. */
    DELIVER("fanout-deliver"),
    /** Take a deleted post back out of the home timelines it may have been pushed into. */
    RETRACT("fanout-retract");

    private final String entryKind;

    FanoutKind(String entryKind) {
        this.entryKind = entryKind;
    }

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FanoutKind ofJson(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The kind of the event log entries that carry this task (as stored: never rename one). */
    public String entryKind() {
        return entryKind;
    }

    public static FanoutKind ofEntryKind(String kind) {
        return Arrays.stream(values())
                .filter(k -> k.entryKind.equals(kind))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a fan-out entry kind: " + kind));
    }
}
