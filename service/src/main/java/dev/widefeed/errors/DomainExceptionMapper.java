package dev.widefeed.errors;

import dev.widefeed.kernel.DomainException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

public final class DomainExceptionMapper implements ExceptionMapper<DomainException> {
    @Override
    public Response toResponse(DomainException e) {
        int status = switch (e.kind()) {
            case NOT_FOUND -> 404;
            case INVALID -> 422;
            case FORBIDDEN -> 403;
            case CONFLICT -> 409;
            case UNAUTHENTICATED -> 401;
        };
        return Errors.of(status, e.getMessage());
    }
}
