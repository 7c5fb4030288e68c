package dev.widefeed.feed.timeline;

import java.time.Duration;

/**
 * How home timelines are kept.
 *
 * @param hotWindow      entries an inbox keeps (trim); older history is pulled
 * @param entryTtl       how long a pushed entry lives: an inbox nobody reads empties itself
 * @param activeWindow   a reader whose last read is older than this is inactive: no pushes, and a
 *                       rebuild by pull when they come back (the widest fan-out tier's window)
 * @param rebuildSize    entries a returning reader's inbox is rebuilt with
 * @param followBackfill the followee's newest posts a follow brings in (and an unfollow takes out)
 * @param touchEvery     a reader's last read is written at most this often
 * @param trimEvery      a reader's inbox is trimmed at most this often
 * @param shareEvery     an active reader's last read is copied onto their follow edges (where fan-out
 *                       reads it) at least this often; much shorter than the active window
 */
public record HomeRules(
        int hotWindow,
        Duration entryTtl,
        Duration activeWindow,
        int rebuildSize,
        int followBackfill,
        Duration touchEvery,
        Duration trimEvery,
        Duration shareEvery) {
    public HomeRules {
        if (hotWindow < 1
                || rebuildSize < 1
                || rebuildSize > hotWindow
                || followBackfill < 0
                || entryTtl.compareTo(Duration.ofMinutes(1)) < 0
                || activeWindow.isNegative()
                || touchEvery.isNegative()
                || trimEvery.isNegative()
                || shareEvery.isNegative()
                || shareEvery.multipliedBy(2).compareTo(activeWindow) > 0) {
            throw new IllegalArgumentException("bad home timeline settings");
        }
    }
}
