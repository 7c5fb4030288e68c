package dev.widefeed.kernel;

/**
 * A failure of the backing store, translated from the backend's own exceptions so the rest of the
 * service never sees a driver type. Permitted subtypes say whether trying again later can help.
 */
public abstract sealed class StoreException extends RuntimeException
        permits TemporaryStoreException, PermanentStoreException {
    protected StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
