package dev.widefeed.localstore;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Where the supervision of a store this JVM started stands, for health checks, metrics and drills.
 *
 * @param pid      the child process running now (also while it starts again, before it serves); empty when none
 * @param restarts how many times the store was started again after dying and served again
 * @param lastExit how the child last died ("exit code 137 (signal 9) after 4 min"); empty while it never did
 * @param message  one line for an operator: what runs, or what went wrong and where to look
 */
public record StoreStatus(State state, OptionalLong pid, int restarts, Optional<String> lastExit, String message) {

    /** In order of how much an operator must care, least first ({@link #combine} takes the last one present). */
    public enum State {
        /** The child serves. */
        RUNNING,
        /** Stopped by us. */
        STOPPED,
        /** The child died and is being started again (or waits for its next attempt). */
        RESTARTING,
        /** The child died and would not start again: nothing more is tried until the service restarts. */
        GAVE_UP
    }

    public boolean running() {
        return state == State.RUNNING;
    }

    /**
     * The status of a store made of several supervised processes (the nodes of a local cluster), by member name:
     * a single member's status as it is; for several, the least healthy state (a store with one node restarting
     * is restarting), the restarts of all, no one pid, and each member's last exit and message under its name.
     */
    public static StoreStatus combine(Map<String, StoreStatus> members) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a store has at least one member");
        }
        if (members.size() == 1) {
            return members.values().iterator().next();
        }
        State worst = members.values().stream()
                .map(StoreStatus::state)
                .max(State::compareTo)
                .orElseThrow();
        int restarts = members.values().stream().mapToInt(StoreStatus::restarts).sum();
        String exits = members.entrySet().stream()
                .filter(m -> m.getValue().lastExit().isPresent())
                .map(m -> m.getKey() + ": " + m.getValue().lastExit().get())
                .collect(Collectors.joining("; "));
        String message = members.entrySet().stream()
                .map(m -> m.getKey() + ": " + m.getValue().message())
                .collect(Collectors.joining("; "));
        return new StoreStatus(
                worst,
                OptionalLong.empty(),
                restarts,
                exits.isEmpty() ? Optional.empty() : Optional.of(exits),
                message);
    }
}
