package dev.widefeed.mastodon;

import dev.widefeed.http.RateLimitFilter;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MultivaluedMap;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The rate limit's fields as Mastodon sends them, on the face's paths: {@code X-RateLimit-Limit},
 * {@code X-RateLimit-Remaining} and {@code X-RateLimit-Reset}, a time (when the budget is full again), which clients
 * such as Mastodon.py wait for once nothing remains. Read from the native fields {@link RateLimitFilter} wrote: response
 * filters run in descending priority, so this one, below the rate limit's, runs after it.
 */
@Priority(Priorities.AUTHENTICATION)
public final class MastodonRateLimitHeaders implements ContainerResponseFilter {
    private final Clock clock;

    public MastodonRateLimitHeaders(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Object reset = headers.getFirst(RateLimitFilter.RESET);
        if (reset == null || !MastodonErrors.onFace(request.getUriInfo().getPath())) {
            return;
        }
        headers.putSingle("X-RateLimit-Limit", headers.getFirst(RateLimitFilter.LIMIT));
        headers.putSingle("X-RateLimit-Remaining", headers.getFirst(RateLimitFilter.REMAINING));
        Instant full = clock.instant().truncatedTo(ChronoUnit.MILLIS).plusSeconds(Long.parseLong(reset.toString()));
        headers.putSingle("X-RateLimit-Reset", full.toString());
    }
}
