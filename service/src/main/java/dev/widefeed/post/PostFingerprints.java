package dev.widefeed.post;

import dev.widefeed.audience.Audience;
import dev.widefeed.idempotency.Fingerprint;

/**
 * What makes two requests to write a post the same request, whichever face they came through (the native API, the
 * Mastodon face): what the post will be, its text and its audience, never how a face spelled them. A client that
 * retries with its idempotency key through the other face gets its post again, not a conflict.
 */
public final class PostFingerprints {
    private PostFingerprints() {}

    /** @param audience null for none given, which is public, as a post without one is */
    public static String post(String content, Audience audience) {
        return Fingerprint.of("create post", String.valueOf(content), shown(audience));
    }

    public static String repost(long sourceId, String content, Audience audience) {
        return Fingerprint.of("repost " + sourceId, String.valueOf(content), shown(audience));
    }

    private static String shown(Audience audience) {
        return (audience == null ? Audience.PUBLIC : audience).toString();
    }
}
