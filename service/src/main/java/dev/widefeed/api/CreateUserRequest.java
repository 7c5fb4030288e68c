package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

public record CreateUserRequest(
        @NotNull @Size(min = 1, max = 30)
        @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not contain control characters")
        String name) {
}
