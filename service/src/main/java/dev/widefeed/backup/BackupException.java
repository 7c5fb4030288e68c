package dev.widefeed.backup;

/** A backup or restore that cannot go on, with what to do about it. */
public final class BackupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackupException(String message) {
        super(message);
    }

    public BackupException(String message, Throwable cause) {
        super(message, cause);
    }
}
