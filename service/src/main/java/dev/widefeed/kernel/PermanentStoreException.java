package dev.widefeed.kernel;

/** A failure trying again will not fix: a schema mismatch, a rejected statement, a bug. */
public final class PermanentStoreException extends StoreException {
    public PermanentStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
