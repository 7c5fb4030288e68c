package dev.widefeed.mastodon;

/** A request the Mastodon face refuses in its own terms, with Mastodon's status for it. */
public final class MastodonException extends RuntimeException {
    private final int status;

    public MastodonException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
