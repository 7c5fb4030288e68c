package dev.widefeed.auth;

import dev.widefeed.api.ErrorView;
import io.dropwizard.auth.UnauthorizedHandler;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** A missing or invalid token: 401 in the contract's error shape, with the challenge header. */
public final class JsonUnauthorizedHandler implements UnauthorizedHandler {
    @Override
    public Response buildResponse(String prefix, String realm) {
        return Response.status(Response.Status.UNAUTHORIZED)
                .header(HttpHeaders.WWW_AUTHENTICATE, prefix + " realm=\"" + realm + "\"")
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorView(401, "a valid bearer token is required"))
                .build();
    }
}
