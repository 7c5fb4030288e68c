package dev.widefeed.resources;

import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.graph.Handle;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.post.Since;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Parsing and checking of path and query parameters, shared by every resource. */
final class Params {
    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;
    private static final Pattern INTEGER = Pattern.compile("[-+]?[0-9]+");

    private Params() {}

    /** An id: a positive 64-bit decimal number (400 otherwise). */
    static long id(String raw, String what) {
        if (raw == null || raw.isEmpty() || raw.length() > 19 || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new MalformedRequestException(what + " must be a decimal id");
        }
        try {
            long id = Long.parseLong(raw);
            if (id <= 0) {
                throw new MalformedRequestException(what + " must be a positive id");
            }
            return id;
        } catch (NumberFormatException e) {
            throw new MalformedRequestException(what + " is out of range");
        }
    }

    /** The pull-to-refresh bound {@code since}: an id (400 otherwise), none when absent. */
    static Since since(String raw) {
        return raw == null ? Since.NONE : new Since(id(raw, "since"));
    }

    /** A handle in a path, folded (400 when it cannot be one). */
    static Handle handle(String raw) {
        return Handle.tryParse(raw)
                .orElseThrow(() -> new MalformedRequestException("not a handle: a handle is " + Handle.MIN_LENGTH + ".."
                        + Handle.MAX_LENGTH + " of a-z, 0-9 and _"));
    }

    /** A page size: 1..100, 20 when absent; not a number is 400, out of range 422. */
    static int limit(String raw) {
        return raw == null ? DEFAULT_LIMIT : number(raw, "limit", 1, MAX_LIMIT);
    }

    /** A page number: 1 or more, 1 when absent; not a number is 400, out of range 422. */
    static int page(String raw) {
        return raw == null ? 1 : number(raw, "page", 1, Integer.MAX_VALUE);
    }

    /**
     * A decimal number in {@code min..max}. ASCII digits only (Integer.parseInt would take other
     * scripts' digits too); a well-formed number too large for an int is out of range like any other.
     */
    private static int number(String raw, String what, int min, int max) {
        if (!INTEGER.matcher(raw).matches()) {
            throw new MalformedRequestException(what + " must be a number");
        }
        BigInteger value = new BigInteger(raw);
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw DomainException.invalid(
                    what + " must be " + min + (max == Integer.MAX_VALUE ? " or more" : ".." + max));
        }
        return value.intValueExact();
    }

    /** A required query parameter of comma-separated ids (spaces around each ignored): 400 when missing or not ids. */
    static List<Long> idList(String raw, String what) {
        if (raw == null || raw.isBlank()) {
            throw new MalformedRequestException(what + " is required: a comma-separated list of ids");
        }
        return Arrays.stream(raw.split(",", -1)).map(id -> id(id.strip(), what)).toList();
    }

    private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** The {@code Idempotency-Key} header, if sent: 1..64 of A-Z, a-z, 0-9, _ and - (a UUID fits); else 400. */
    static Optional<String> idempotencyKey(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        if (!IDEMPOTENCY_KEY.matcher(raw).matches()) {
            throw new MalformedRequestException(
                    "Idempotency-Key must be 1..64 of A-Z, a-z, 0-9, _ and - " + "(a UUID, say)");
        }
        return Optional.of(raw);
    }

    /** The path names the acting user: writes on someone else's resources are 403. */
    static long me(UserPrincipal principal, String rawId) {
        long id = id(rawId, "user id");
        Ownership.require(principal.id(), id, "you can only act as yourself");
        return id;
    }
}
