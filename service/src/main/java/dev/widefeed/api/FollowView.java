package dev.widefeed.api;

import dev.widefeed.graph.Follow;
import java.time.Instant;

public record FollowView(String id, Instant since) {
    public static FollowView of(Follow follow) {
        return new FollowView(Long.toString(follow.userId()), follow.since());
    }
}
