package dev.widefeed.resources;

import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.core.DomainException;

/** Parsing and checking of path and query parameters, shared by every resource. */
final class Params {
    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;

    private Params() {
    }

    /** An id: a positive 64-bit decimal number (400 otherwise). */
    static long id(String raw, String what) {
        if (raw == null || raw.isEmpty() || raw.length() > 19 || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw DomainException.malformed(what + " must be a decimal id");
        }
        try {
            long id = Long.parseLong(raw);
            if (id <= 0) {
                throw DomainException.malformed(what + " must be a positive id");
            }
            return id;
        } catch (NumberFormatException e) {
            throw DomainException.malformed(what + " is out of range");
        }
    }

    /** A page size: 1..100, 20 when absent; not a number is 400, out of range 422. */
    static int limit(String raw) {
        if (raw == null) {
            return DEFAULT_LIMIT;
        }
        int limit;
        try {
            limit = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw DomainException.malformed("limit must be a number");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw DomainException.invalid("limit must be 1.." + MAX_LIMIT);
        }
        return limit;
    }

    /** The path names the acting user: writes on someone else's resources are 403. */
    static long me(UserPrincipal principal, String rawId) {
        long id = id(rawId, "user id");
        if (id != principal.id()) {
            throw DomainException.forbidden("you can only act as yourself");
        }
        return id;
    }
}
