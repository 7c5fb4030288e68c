package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;

/** The body of an account's erasure: its password, which is never logged. */
public record ErasureRequest(@NotNull String password) {
    @Override
    public String toString() {
        return "ErasureRequest[]";
    }
}
