package dev.widefeed.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** Every error answer: the status again, a message for people, and field errors when there are any. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ErrorView(int code, String message, List<String> errors) {
    public ErrorView(int code, String message) {
        this(code, message, List.of());
    }
}
