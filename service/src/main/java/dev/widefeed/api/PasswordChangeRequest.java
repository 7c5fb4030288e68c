package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;

/** A new password, with the current one when the account has one. */
public record PasswordChangeRequest(@NotNull String password, String currentPassword) {
    @Override
    public String toString() {
        return "PasswordChangeRequest[]";
    }
}
