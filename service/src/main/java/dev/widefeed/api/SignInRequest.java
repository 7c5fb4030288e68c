package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;

/** Sign-in by handle (any case) and password. */
public record SignInRequest(@NotNull String handle, @NotNull String password) {
    @Override
    public String toString() {
        return "SignInRequest[handle=" + handle + "]";
    }
}
