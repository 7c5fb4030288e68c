package dev.widefeed.http;

import dev.widefeed.api.ErrorView;
import dev.widefeed.auth.ActingUser;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.Principal;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Per-client request budgets: reads and writes of each acting user (whichever face's token names them), and, for
 * requests without a token, of each client address (creating a user is the one write that needs no token). Over
 * budget is 429 with Retry-After. Every answer to a request a budget was charged for says where that budget stands:
 * {@code RateLimit-Limit} (its burst), {@code RateLimit-Remaining} and {@code RateLimit-Reset} (seconds until it is
 * full again), the IETF draft's fields. Runs after Dropwizard's authentication filter (priority AUTHENTICATION) so
 * that the acting user is known, and before anything reads the body.
 */
@Priority(Priorities.AUTHORIZATION)
public final class RateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {
    public static final String LIMIT = "RateLimit-Limit";
    public static final String REMAINING = "RateLimit-Remaining";
    public static final String RESET = "RateLimit-Reset";
    private static final String TAKEN = RateLimitFilter.class.getName() + ".taken";

    private static final Set<String> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private final RateLimit reads;
    private final RateLimit writes;
    private final RateLimit signUps;

    @Context
    private HttpServletRequest http;

    RateLimitFilter(RateLimit reads, RateLimit writes, RateLimit signUps) {
        this.reads = reads;
        this.writes = writes;
        this.signUps = signUps;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        boolean read = READS.contains(request.getMethod());
        Principal principal = request.getSecurityContext().getUserPrincipal();
        RateLimit.Taken taken = principal instanceof ActingUser user
                ? (read ? reads : writes).take(user.id())
                : (read ? reads : signUps).take(clientAddress());
        request.setProperty(TAKEN, taken);
        if (!taken.granted()) {
            request.abortWith(tooManyRequests(taken.nanosToNext()));
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(TAKEN) instanceof RateLimit.Taken taken) {
            response.getHeaders().putSingle(LIMIT, taken.limit());
            response.getHeaders().putSingle(REMAINING, taken.remaining());
            response.getHeaders().putSingle(RESET, wholeSeconds(taken.nanosToFull()));
        }
    }

    private static long wholeSeconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }

    /** The peer's address; Jetty puts the client's there when the connector trusts forwarded headers. */
    private String clientAddress() {
        return http == null ? "unknown" : http.getRemoteAddr();
    }

    private static Response tooManyRequests(long waitNanos) {
        long seconds = Math.max(1, wholeSeconds(waitNanos));
        return Response.status(429)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorView(429, "too many requests; retry in " + seconds + " s"))
                .build();
    }
}
