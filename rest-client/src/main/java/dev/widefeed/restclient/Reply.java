package dev.widefeed.restclient;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The service's answer to one request, or the lack of one.
 *
 * @param status     the HTTP status; {@link #NO_ANSWER} when none came (refused, reset, or not within the timeout)
 * @param body       the body as JSON; null when it is empty or not JSON (an admin task's printed output, a proxy's
 *                   error page: the status still says what happened)
 * @param text       the body as it came; empty when none
 * @param micros     from the request's sending to its whole answer (or to giving up on one)
 * @param retryAfter whether the answer asks to be retried later ({@code Retry-After}, with a 503)
 * @param replayed   whether it is the first answer to an {@code Idempotency-Key} again ({@code Idempotent-Replayed})
 */
public record Reply(int status, JsonNode body, String text, long micros, boolean retryAfter, boolean replayed) {
    public static final int NO_ANSWER = -1;

    public static Reply noAnswer(long micros) {
        return new Reply(NO_ANSWER, null, "", micros, false, false);
    }

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** A top-level field of the body as text; null when the body or the field is missing. */
    public String text(String field) {
        return body == null || body.get(field) == null ? null : body.get(field).asText();
    }

    /** The same answer, taken to have lasted {@code took} microseconds (from when it was due, say). */
    public Reply withMicros(long took) {
        return new Reply(status, body, text, took, retryAfter, replayed);
    }
}
