package dev.widefeed.errors;

import io.dropwizard.jersey.validation.ConstraintMessage;
import io.dropwizard.jersey.validation.JerseyViolationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.List;

/** Bean-validation failures in the contract's error shape: 422 with the field errors (400 for no body). */
public final class ValidationErrorMapper implements ExceptionMapper<JerseyViolationException> {
    @Override
    public Response toResponse(JerseyViolationException e) {
        List<String> errors = e.getConstraintViolations().stream()
                .map(v -> ConstraintMessage.getMessage(v, e.getInvocable()))
                .sorted()
                .toList();
        if (errors.stream().anyMatch(m -> m.contains("request body"))) {
            return Errors.of(400, "a JSON body is required", errors);
        }
        return Errors.of(422, "invalid request", errors);
    }
}
