package dev.widefeed.kernel;

/** The store is unreachable, overloaded or timed out: the request may succeed later (HTTP 503). */
public sealed class TemporaryStoreException extends StoreException permits UnknownOutcomeException {
    public TemporaryStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
