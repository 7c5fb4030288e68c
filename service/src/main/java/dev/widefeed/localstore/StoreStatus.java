package dev.widefeed.localstore;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the supervision of a store this JVM started stands, for health checks, metrics and drills.
 *
 * @param pid      the child process running now (also while it starts again, before it serves); empty when none
 * @param restarts how many times the store was started again after dying and served again
 * @param lastExit how the child last died ("exit code 137 (signal 9) after 4 min"); empty while it never did
 * @param message  one line for an operator: what runs, or what went wrong and where to look
 */
public record StoreStatus(State state, OptionalLong pid, int restarts, Optional<String> lastExit, String message) {

    public enum State {
        /** The child serves. */
        RUNNING,
        /** The child died and is being started again (or waits for its next attempt). */
        RESTARTING,
        /** The child died and would not start again: nothing more is tried until the service restarts. */
        GAVE_UP,
        /** Stopped by us. */
        STOPPED
    }

    public boolean running() {
        return state == State.RUNNING;
    }
}
