package dev.widefeed.errors;

import dev.widefeed.api.ErrorView;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** Builds the contract's error answer: {"code", "message", "errors"?}. */
final class Errors {
    private Errors() {}

    static Response of(int status, String message) {
        return of(status, message, List.of());
    }

    static Response of(int status, String message, List<String> errors) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorView(status, message, errors))
                .build();
    }
}
