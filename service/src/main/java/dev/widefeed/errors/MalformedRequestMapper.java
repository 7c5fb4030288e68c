package dev.widefeed.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** 400 for what the resources could not parse. */
public final class MalformedRequestMapper implements ExceptionMapper<MalformedRequestException> {
    @Override
    public Response toResponse(MalformedRequestException e) {
        return Errors.of(400, e.getMessage());
    }
}
