package dev.widefeed.feed.timeline;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one read of a reader's inbox returns: their home state (empty if they never read), the authors
 * they pull at read time with the highest post id pulled of each ({@link #ALL_POSTS}: every post; a
 * lower id: the author went back to push, and their posts above it are in the inbox), and the newest
 * entries below the cursor. One request: the state and the pulled authors live in the inbox's own
 * partition (docs/design.md, "Home timeline and fan-out").
 */
public record HomeRead(Optional<HomeState> state, Map<Long, Long> pulledUpTo, List<TimelineEntry> entries) {
    /** The pulled-up-to of an author whose every post is pulled. */
    public static final long ALL_POSTS = Long.MAX_VALUE;

    public HomeRead {
        pulledUpTo = Map.copyOf(pulledUpTo);
        entries = List.copyOf(entries);
    }
}
