package dev.widefeed.drills.harness;

import java.time.Duration;

/**
 * A drill's population whose sessions outlive the access tokens' 15 minutes: whoever needs tokens asks for them no
 * older than it can use, and they are renewed (every refresh token traded once) when they are older than that.
 */
public final class Sessions {
    private final Api api;
    private Population current;
    private long renewedNanos = System.nanoTime();

    public Sessions(Api api, Population population) {
        this.api = api;
        this.current = population;
    }

    /** The population with tokens renewed no longer than {@code maxAge} ago. */
    public synchronized Population fresh(Duration maxAge) {
        if (System.nanoTime() - renewedNanos > maxAge.toNanos()) {
            current = current.refreshed(api);
            renewedNanos = System.nanoTime();
        }
        return current;
    }
}
