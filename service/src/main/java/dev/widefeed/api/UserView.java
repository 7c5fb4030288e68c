package dev.widefeed.api;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * A user as clients see it; ids are strings because 64-bit ids do not fit a JavaScript number. {@code handle} is
 * null only for a user created before handles who has not been given one yet.
 */
public record UserView(
        String id,
        @Schema(nullable = true) String handle,
        String name,
        @Schema(nullable = true) String bio,
        Instant createdAt,
        Counts counts) {
    @Schema(name = "UserCounts")
    public record Counts(long posts, long followers, long following) {}

    public static UserView of(User user, UserCounts counts) {
        return new UserView(
                Long.toString(user.id()),
                user.handle().map(Handle::value).orElse(null),
                user.name(),
                user.bio(),
                user.createdAt(),
                new Counts(counts.posts(), counts.followers(), counts.following()));
    }
}
