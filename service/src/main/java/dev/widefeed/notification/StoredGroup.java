package dev.widefeed.notification;

import java.util.List;
import java.util.Map;

/**
 * A group as stored: its key, each event log shard's share of it (groups counted with marks), and its tallies by
 * minute and the actors it names (groups counted by minute, {@link TallyWrite}).
 */
public record StoredGroup(
        GroupKey key, Map<Integer, GroupPart> parts, Map<TallyKey, Long> tallies, List<NotifiedActor> named) {
    public StoredGroup {
        parts = Map.copyOf(parts);
        tallies = Map.copyOf(tallies);
        named = List.copyOf(named);
    }

    public StoredGroup(GroupKey key, Map<Integer, GroupPart> parts) {
        this(key, parts, Map.of(), List.of());
    }
}
