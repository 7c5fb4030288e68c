package dev.widefeed.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Anything else is a bug: logged with an id the client can quote, answered 500 without internals. */
public final class UnexpectedErrorMapper implements ExceptionMapper<RuntimeException> {
    private static final Logger LOG = LoggerFactory.getLogger(UnexpectedErrorMapper.class);

    @Override
    public Response toResponse(RuntimeException e) {
        String incident = Long.toHexString(ThreadLocalRandom.current().nextLong());
        LOG.error("unexpected error, incident {}", incident, e);
        return Errors.of(500, "internal error (incident " + incident + ")");
    }
}
