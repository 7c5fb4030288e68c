package dev.widefeed.notification;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A group as its recipient sees it: how many did it, the newest of them by name, when the newest did. The shares of
 * every event log shard are added up here.
 */
public record Notification(GroupKey key, long count, List<NotifiedActor> newest, Instant latestAt) {
    public Notification {
        newest = List.copyOf(newest);
    }

    public static Notification of(StoredGroup stored) {
        Map<Integer, GroupPart> parts = stored.parts();
        long count = parts.values().stream().mapToLong(GroupPart::count).sum();
        // One actor may be newest in several shares (two of their comments, worked in two shards): named once.
        Map<Long, NotifiedActor> latestOfEach = new HashMap<>();
        parts.values().stream()
                .flatMap(p -> p.newest().stream())
                .forEach(a -> latestOfEach.merge(a.userId(), a, (x, y) -> x.at().isAfter(y.at()) ? x : y));
        List<NotifiedActor> newest = latestOfEach.values().stream()
                .sorted(Comparator.comparing(NotifiedActor::at).reversed().thenComparing(NotifiedActor::userId))
                .limit(GroupPart.NEWEST)
                .toList();
        Instant latest = parts.values().stream()
                .map(GroupPart::latestAt)
                .max(Comparator.naturalOrder())
                .orElse(Instant.EPOCH);
        return new Notification(stored.key(), count, newest, latest);
    }

    public Notification withNewest(List<NotifiedActor> shown) {
        return new Notification(key, count, shown, latestAt);
    }
}
