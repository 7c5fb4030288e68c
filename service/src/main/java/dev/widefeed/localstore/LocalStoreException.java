package dev.widefeed.localstore;

/**
 * Unchecked because a local store that cannot start is a setup problem no caller can recover from: the message
 * carries the reason (and, when a child process ran, the tail of its log) so the developer can fix it.
 */
public class LocalStoreException extends RuntimeException {

    public LocalStoreException(String message) {
        super(message);
    }

    public LocalStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
