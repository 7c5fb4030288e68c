package dev.widefeed.notification;

import java.util.Map;

/** A group as stored: its key and each event log shard's share of it. */
public record StoredGroup(GroupKey key, Map<Integer, GroupPart> parts) {
    public StoredGroup {
        parts = Map.copyOf(parts);
    }
}
