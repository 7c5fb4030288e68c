package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Sign-up: a display name, a password (10..128 characters) and, optionally, a handle (one is made from the name when
 * absent).
 */
public record CreateUserRequest(
        @NotNull
        @Size(min = 1, max = 30)
        @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not contain control characters")
        String name,

        String handle,
        String password) {

    @Override
    public String toString() {
        return "CreateUserRequest[name=" + name + ", handle=" + handle + "]";
    }
}
