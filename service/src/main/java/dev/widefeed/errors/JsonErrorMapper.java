package dev.widefeed.errors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * A body that is not JSON, or JSON past the parser's limits (nesting, number and string lengths), is
 * 400; JSON with an unknown field or a value of the wrong type is 422, as the contract says.
 */
public final class JsonErrorMapper implements ExceptionMapper<JsonProcessingException> {
    @Override
    public Response toResponse(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return Errors.of(422, "unknown field '" + unknown.getPropertyName() + "'");
        }
        if (e instanceof MismatchedInputException mismatch && !isEmptyBody(mismatch)) {
            return Errors.of(422, "a field has a value of the wrong type or shape: " + mismatch.getOriginalMessage());
        }
        if (e instanceof StreamConstraintsException limit) {
            return Errors.of(
                    400, "the request body is beyond this service's JSON limits: " + limit.getOriginalMessage());
        }
        return Errors.of(400, "the request body is not valid JSON");
    }

    private static boolean isEmptyBody(MismatchedInputException e) {
        return e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("No content to map");
    }
}
