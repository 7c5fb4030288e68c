package dev.widefeed.errors;

/**
 * A request the web layer cannot even read: a parameter that does not parse (a bad id, a cursor this
 * service never handed out, a non-numeric limit). 400, with what was wrong; the domain never sees it.
 */
public final class MalformedRequestException extends RuntimeException {
    public MalformedRequestException(String message) {
        super(message, null, false, false);
    }
}
