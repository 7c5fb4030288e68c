package dev.widefeed.kernel;

/**
 * A write timed out after it was sent: it may or may not have been applied. Never retried
 * automatically for counters and compare-and-set writes; journals and reconciliation settle it.
 */
public final class UnknownOutcomeException extends TemporaryStoreException {
    public UnknownOutcomeException(String message, Throwable cause) {
        super(message, cause);
    }
}
