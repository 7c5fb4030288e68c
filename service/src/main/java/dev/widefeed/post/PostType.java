package dev.widefeed.post;

import java.util.Locale;

/** What a post is; JSON names are the lower-case names. */
public enum PostType {
    ORIGINAL,
    REPOST;

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
