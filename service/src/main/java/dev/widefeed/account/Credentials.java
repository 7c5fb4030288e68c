package dev.widefeed.account;

import java.time.Instant;
import java.util.Optional;

/**
 * What a user signs in with and when they last signed out everywhere. {@code passwordHash} is empty for an account
 * made before passwords (it signs in with the token it was given until that expires, and may set one with it);
 * every session made and every token issued before {@code signedOutAt} is void.
 */
public record Credentials(long userId, Optional<String> passwordHash, Optional<Instant> signedOutAt) {
    public static Credentials none(long userId) {
        return new Credentials(userId, Optional.empty(), Optional.empty());
    }

    /** Whether something made at {@code at} was voided by signing out everywhere. */
    public boolean signedOutSince(Instant at) {
        return signedOutAt.isPresent() && at.isBefore(signedOutAt.get());
    }

    @Override
    public String toString() {
        return "Credentials[userId=" + userId + ", password " + (passwordHash.isPresent() ? "set" : "unset")
                + ", signedOutAt=" + signedOutAt + "]";
    }
}
