package dev.widefeed.errors;

import dev.widefeed.account.SignInThrottledException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** Too many failed sign-ins lately: 429 with {@code Retry-After} (whole seconds, at least one). */
public final class SignInThrottledMapper implements ExceptionMapper<SignInThrottledException> {
    @Override
    public Response toResponse(SignInThrottledException e) {
        long seconds = Math.max(1, (e.retryAfter().toMillis() + 999) / 1000);
        Response response = Errors.of(429, e.getMessage() + " (in " + seconds + " s)");
        response.getHeaders().putSingle(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        return response;
    }
}
