package dev.widefeed.errors;

import dev.widefeed.kernel.StoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An unavailable store is 503 with Retry-After; anything else from the store is our bug: 500. */
public final class StoreExceptionMapper implements ExceptionMapper<StoreException> {
    private static final Logger LOG = LoggerFactory.getLogger(StoreExceptionMapper.class);

    @Override
    public Response toResponse(StoreException e) {
        if (e instanceof UnknownOutcomeException) {
            return unavailable("the store did not answer in time; the change may or may not have been applied", e);
        }
        if (e instanceof TemporaryStoreException) {
            return unavailable("the store is unavailable; try again shortly", e);
        }
        LOG.error("store failure", e);
        return Errors.of(500, "internal store error");
    }

    private static Response unavailable(String message, StoreException e) {
        LOG.warn("{}: {}", message, e.getMessage());
        Response response = Errors.of(503, message);
        response.getHeaders().putSingle(HttpHeaders.RETRY_AFTER, "1");
        return response;
    }
}
