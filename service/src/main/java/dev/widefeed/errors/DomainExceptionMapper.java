package dev.widefeed.errors;

import dev.widefeed.kernel.DomainException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

public final class DomainExceptionMapper implements ExceptionMapper<DomainException> {
    @Override
    public Response toResponse(DomainException e) {
        int status = switch (e.kind()) {
            case NOT_FOUND -> 404;
            case INVALID -> 422;
            case MALFORMED -> 400;
            case FORBIDDEN -> 403;
            case CONFLICT -> 409;
            case BUSY -> 429;
        };
        Response response = Errors.of(status, e.getMessage());
        if (status == 429) {
            response.getHeaders().putSingle(HttpHeaders.RETRY_AFTER, "1");
        }
        return response;
    }
}
