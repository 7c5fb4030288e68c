package dev.widefeed.drills.servicekill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.time.Instant;

/**
 * A post's fan-out as its author sees it ({@code GET /v1/posts/{id}/fanout}): done or pending, followers pushed so
 * far (the author's own home timeline among them), the followers the per-edge rule pulls, and the widest tier's
 * window (a follower who last read before it is in no tier, and gets the post by pull).
 */
record FanoutStatus(
        boolean done, long pushed, long pulled, String mode, Duration widest, Instant createdAt, Instant finishedAt) {

    /** The status, or null when the service did not answer it (down, or a store hiccup). */
    static FanoutStatus read(Api api, String token, String post) {
        Reply reply = api.fanout(token, post);
        if (reply.status() != 200) {
            return null;
        }
        JsonNode body = reply.body();
        long widest = 0;
        for (JsonNode tier : body.path("tiers")) {
            widest = Math.max(widest, tier.path("activeWithinSeconds").asLong());
        }
        return new FanoutStatus(
                "done".equals(body.path("state").asText()),
                body.path("pushed").asLong(),
                body.path("pulledBy").asLong(),
                body.path("mode").asText(),
                Duration.ofSeconds(widest),
                Instant.parse(body.path("createdAt").asText()),
                body.hasNonNull("finishedAt")
                        ? Instant.parse(body.get("finishedAt").asText())
                        : null);
    }

    /** Followers pushed the post, the author's own entry left out. */
    long followersPushed() {
        return Math.max(0, pushed - 1);
    }
}
