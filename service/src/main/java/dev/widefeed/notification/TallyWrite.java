package dev.widefeed.notification;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * What one pass writes into one group's row, in one request: tallies (absolute counts, blind), actors named (each
 * written at its source's own time) and actors no longer named (deleted at their source's time, so a later source of
 * the same actor stays). A repeat writes the same row.
 */
public record TallyWrite(
        GroupKey group, Map<TallyKey, Long> tallies, Set<NotifiedActor> named, Map<Long, Instant> unnamedAt) {
    public TallyWrite {
        tallies = Map.copyOf(tallies);
        named = Set.copyOf(named);
        unnamedAt = Map.copyOf(unnamedAt);
    }

    public boolean isEmpty() {
        return tallies.isEmpty() && named.isEmpty() && unnamedAt.isEmpty();
    }
}
