package dev.widefeed.eventlog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One random tag per change, shared by its guard entry (appended before the change) and its hint (after it), so the
 * job that works the hint knows which guard it stands for ({@link EventLog#GUARD}). The change is known by its event
 * object, the same one recorded before the change and published after it; an event never published (its change failed)
 * is let go with its object.
 */
public final class ChangeTags {
    /** Far past a request's lifetime: a tag asked for again after this is a new one, and its guard simply works. */
    private static final Duration KEPT = Duration.ofMinutes(5);
    /** Up to eight base-36 digits: a tag of one subject and actor repeats about once in 10^12 changes. */
    private static final long TAGS = 2_821_109_907_456L;

    private final Cache<Object, String> tags =
            Caffeine.newBuilder().weakKeys().expireAfterWrite(KEPT).build();

    /** The change's tag: the same for one event object from its record to its publish. */
    public String of(Object event) {
        return tags.get(event, e -> Long.toString(ThreadLocalRandom.current().nextLong(TAGS), 36));
    }
}
