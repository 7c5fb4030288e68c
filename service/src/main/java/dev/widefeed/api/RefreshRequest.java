package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;

/** The refresh token to trade for the session's next pair of tokens. */
public record RefreshRequest(@NotNull String refreshToken) {
    @Override
    public String toString() {
        return "RefreshRequest[]";
    }
}
