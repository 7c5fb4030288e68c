package dev.widefeed.feed.timeline;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * The posts whose author's own inbox this instance wrote as the post was made, so that the post's fan-out, which writes
 * the author's inbox too (in case that write failed, or was made by another instance), need not write it a second time
 * (docs/design.md, "Home timeline and fan-out"). Memory only and bounded: a post forgotten, or its fan-out worked
 * elsewhere, gets the write again, which is harmless. A retraction always takes the post out again: a delivery's page
 * read before the delete may have put it back.
 */
public final class AuthorInboxWrites {
    private final Cache<Long, Boolean> written;

    /**
     * @param max  how many are kept at most (the posts of the last {@code keep}, at this instance's post rate)
     * @param keep how long one is kept: well past the time a post's fan-out takes to begin
     */
    public AuthorInboxWrites(int max, Duration keep) {
        this.written =
                Caffeine.newBuilder().maximumSize(max).expireAfterWrite(keep).build();
    }

    /** The author's inbox has the post. */
    public void wrote(long postId) {
        written.put(postId, Boolean.TRUE);
    }

    /** Whether this instance wrote the post into its author's inbox; asked once, by the post's fan-out, then forgotten. */
    public boolean take(long postId) {
        return written.asMap().remove(postId) != null;
    }
}
