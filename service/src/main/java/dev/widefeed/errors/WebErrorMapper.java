package dev.widefeed.errors;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Locale;

/** JAX-RS's own errors (unknown path, wrong method or media type, 401 ...) in the contract's shape. */
public final class WebErrorMapper implements ExceptionMapper<WebApplicationException> {
    @Override
    public Response toResponse(WebApplicationException e) {
        Response original = e.getResponse();
        int status = original.getStatus();
        String message = status == 401
                ? "a valid bearer token is required"
                : original.getStatusInfo().getReasonPhrase().toLowerCase(Locale.ROOT);
        Response response = Errors.of(status, message);
        original.getHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                response.getHeaders().put(name, values);
            }
        });
        return response;
    }
}
