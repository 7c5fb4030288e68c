package dev.widefeed.kernel;

/** A request the domain refuses; {@link Kind} says why, and the web layer maps it to a status. */
public final class DomainException extends RuntimeException {
    public enum Kind {
        /** Unknown, or not visible to the acting user. */
        NOT_FOUND,
        /** A well-formed value the rules refuse (self-follow, over a limit, empty content). */
        INVALID,
        /** Acting on someone else's resource. */
        FORBIDDEN,
        /** The resource changed under the request too often to apply it; safe to retry. */
        CONFLICT,
        /** Credentials that are wrong, unknown, expired or revoked; the message never says which. */
        UNAUTHENTICATED
    }

    private final Kind kind;

    public DomainException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public static DomainException notFound(String message) {
        return new DomainException(Kind.NOT_FOUND, message);
    }

    public static DomainException invalid(String message) {
        return new DomainException(Kind.INVALID, message);
    }

    public static DomainException forbidden(String message) {
        return new DomainException(Kind.FORBIDDEN, message);
    }

    public static DomainException conflict(String message) {
        return new DomainException(Kind.CONFLICT, message);
    }

    public static DomainException unauthenticated(String message) {
        return new DomainException(Kind.UNAUTHENTICATED, message);
    }
}
