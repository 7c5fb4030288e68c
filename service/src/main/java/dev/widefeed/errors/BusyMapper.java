package dev.widefeed.errors;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.concurrent.RejectedExecutionException;

/**
 * 429 with {@code Retry-After} when a bounded queue of background work refuses more (batch follows):
 * the client may send the same request again shortly, and nothing of it was lost.
 */
public final class BusyMapper implements ExceptionMapper<RejectedExecutionException> {
    @Override
    public Response toResponse(RejectedExecutionException e) {
        String message = e.getMessage() != null ? e.getMessage() : "too much work is waiting; try again shortly";
        Response response = Errors.of(429, message);
        response.getHeaders().putSingle(HttpHeaders.RETRY_AFTER, "1");
        return response;
    }
}
