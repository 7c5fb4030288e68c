package dev.widefeed.account;

import dev.widefeed.kernel.DomainException;

/**
 * A password as typed, held only as long as it takes to hash or check it. Its text never reaches a log: the
 * record's {@code toString} says nothing of it. The policy (docs/design.md, "Accounts and sessions") applies to a
 * password being chosen; a password offered at sign-in is only checked against its hash.
 */
public record Password(String text) {
    public static final int MIN_LENGTH = 10;
    /** Argon2 takes any length; this bounds the work one request can ask for. */
    public static final int MAX_LENGTH = 128;

    public Password {
        if (text == null) {
            throw new IllegalArgumentException("no password");
        }
    }

    /** A password someone is choosing: 422 when it is too short or too long. Lengths count code points. */
    public static Password choose(String text) {
        if (text == null) {
            throw DomainException.invalid("password: is required");
        }
        int length = text.codePointCount(0, text.length());
        if (length < MIN_LENGTH) {
            throw DomainException.invalid("password: must have at least " + MIN_LENGTH + " characters");
        }
        if (length > MAX_LENGTH) {
            throw DomainException.invalid("password: must have at most " + MAX_LENGTH + " characters");
        }
        return new Password(text);
    }

    /** A password offered to sign in, checked as it is; an over-long one cannot match any hash we made. */
    public static Password offered(String text) {
        return new Password(text == null ? "" : text);
    }

    boolean tooLongToMatch() {
        return text.codePointCount(0, text.length()) > MAX_LENGTH;
    }

    @Override
    public String toString() {
        return "Password[hidden]";
    }
}
